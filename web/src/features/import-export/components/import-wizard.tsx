// Importing a statement into an account: choose the account and the file (OFX, QFX, QIF or CSV), map a
// CSV's columns, read the preview, confirm. After the import, it can be undone whole from the list of
// imports below it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import type { Account } from '../../../lib/accounts-api.ts';
import { toast } from '../../../lib/toast.ts';
import {
  commitImport,
  previewImport,
  uploadFile,
  type CsvMapping,
  type Preview,
} from '../api/import-export-api.ts';
import { MappingForm } from './mapping-form.tsx';
import { PreviewTable } from './preview-table.tsx';
import { Problem } from './problem.tsx';

interface Upload {
  key: string;
  file: File;
}

export function ImportWizard({ profileId, accounts }: { profileId: string; accounts: Account[] }) {
  const queryClient = useQueryClient();
  const [accountId, setAccountId] = useState(accounts[0]?.id ?? '');
  const [upload, setUpload] = useState<Upload | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [inputKey, setInputKey] = useState(0);

  const reset = () => {
    setUpload(null);
    setPreview(null);
    setInputKey((k) => k + 1);
  };

  const read = useMutation({
    mutationFn: async (input: { file: File; key?: string; mapping?: CsvMapping }) => {
      const key = input.key ?? (await uploadFile(profileId, input.file));
      setUpload({ key, file: input.file });
      return previewImport(profileId, { account_id: accountId, upload_key: key, mapping: input.mapping });
    },
    onSuccess: setPreview,
    onError: () => setPreview(null),
  });

  const confirm = useMutation({
    mutationFn: () => {
      if (!upload || !preview) throw new Error('Choose a file first');
      return commitImport(profileId, {
        account_id: accountId,
        upload_key: upload.key,
        file_name: upload.file.name,
        ...(preview.mapping ? { mapping: preview.mapping } : {}),
      });
    },
    onSuccess: async (done) => {
      toast.success(
        done.counts.new === 0
          ? 'Nothing new to import: every transaction is already here'
          : `Imported ${done.counts.new} transaction${done.counts.new === 1 ? '' : 's'}`,
      );
      reset();
      await queryClient.invalidateQueries();
    },
  });

  const accountOptions = accounts.map((a) => ({
    value: a.id,
    label: `${a.account_name}${a.is_manual ? ' (manual)' : a.mask ? ` ••${a.mask}` : ''}`,
  }));

  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">Import a statement</h2>
      <p className="mt-1 text-sm text-slate-600">
        OFX, QFX, QIF or CSV from any bank, into a manual or a linked account. Transactions already in the
        account are recognised and left out.
      </p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Into account"
          value={accountId}
          options={accountOptions}
          onChange={(e) => {
            setAccountId(e.target.value);
            reset();
          }}
        />
        <label className="block text-sm font-medium text-slate-800">
          Statement file
          <input
            key={inputKey}
            type="file"
            accept=".ofx,.qfx,.qif,.csv,.txt"
            className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:h-11 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-4 file:text-sm file:font-medium file:text-slate-800"
            onChange={(e) => {
              const file = e.target.files?.[0];
              setPreview(null);
              if (file) read.mutate({ file });
            }}
          />
        </label>
      </div>

      <div className="mt-4 space-y-4" aria-live="polite">
        {read.isPending ? <p className="text-sm text-slate-600">Reading the file…</p> : null}
        <Problem error={read.error} title="This file cannot be imported" />
        {preview?.already_imported ? (
          <Alert tone="warning">
            This file was already imported on{' '}
            {new Date(preview.already_imported.imported_at).toLocaleDateString()}: importing it again adds
            nothing.
          </Alert>
        ) : null}
        {preview?.mapping && preview.columns && upload ? (
          <MappingForm
            columns={preview.columns}
            mapping={preview.mapping}
            ambiguous={preview.date_format_ambiguous}
            onChange={(mapping) => read.mutate({ file: upload.file, key: upload.key, mapping })}
          />
        ) : null}
        {preview ? <PreviewTable preview={preview} /> : null}
        <Problem error={confirm.error} title="The import did not go through" />
        {preview ? (
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => confirm.mutate()} isPending={confirm.isPending} disabled={read.isPending}>
              {preview.counts.new === 0
                ? 'Confirm (nothing new)'
                : `Import ${preview.counts.new} transaction${preview.counts.new === 1 ? '' : 's'}`}
            </Button>
            <Button variant="secondary" onClick={reset}>
              Cancel
            </Button>
          </div>
        ) : null}
      </div>
    </Card>
  );
}
