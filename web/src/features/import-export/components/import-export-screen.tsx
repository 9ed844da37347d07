// /import-export: your data in and out (docs/import-export.md). Owners add manual accounts and restore
// archives; owners and editors import statements and undo imports; everyone with a role exports.
import { useQuery } from '@tanstack/react-query';
import { QueryError } from '../../../components/errors/query-error.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { PageSpinner } from '../../../components/ui/spinner.tsx';
import { accountsQueryOptions } from '../../../lib/accounts-api.ts';
import { useActiveProfile } from '../../../lib/active-profile-provider.tsx';
import { ExportPanel } from './export-panel.tsx';
import { ImportHistory } from './import-history.tsx';
import { ImportWizard } from './import-wizard.tsx';
import { ManualAccountForm } from './manual-account-form.tsx';
import { ManualBalances } from './manual-balances.tsx';
import { RestoreArchive } from './restore-archive.tsx';

export function ImportExportScreen() {
  const { profile, status, error, refetch } = useActiveProfile();
  const profileId = profile?.id ?? null;
  const accounts = useQuery({ ...accountsQueryOptions(profileId ?? ''), enabled: profileId !== null });
  const role = profile?.member_role;
  const canImport = role === 'owner' || role === 'editor';

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Import & export</h1>
        <p className="mt-1 text-sm text-slate-600">
          Bring statements in from any bank, keep accounts Plaid cannot reach, and take everything with you.
        </p>
      </div>
      {status === 'error' ? (
        <QueryError error={error} title="We couldn't load your profiles" onRetry={() => void refetch()} />
      ) : status === 'loading' || !profileId || accounts.isPending ? (
        <PageSpinner label="Loading your accounts..." />
      ) : accounts.isError ? (
        <QueryError
          error={accounts.error}
          title="We couldn't load your accounts"
          onRetry={() => void accounts.refetch()}
          isRetrying={accounts.isFetching}
        />
      ) : (
        <>
          {role === 'owner' ? <ManualAccountForm profileId={profileId} /> : null}
          {role === 'owner' ? <ManualBalances profileId={profileId} accounts={accounts.data} /> : null}
          {!canImport ? (
            <Alert tone="info">As a viewer you can export this profile; its owner and editors import.</Alert>
          ) : accounts.data.length === 0 ? (
            <Alert tone="info">
              Add a manual account or link a bank first, then import its statements into it.
            </Alert>
          ) : (
            <ImportWizard profileId={profileId} accounts={accounts.data} />
          )}
          <ImportHistory profileId={profileId} accounts={accounts.data} canUndo={canImport} />
          <ExportPanel profileId={profileId} accounts={accounts.data} />
          {role === 'owner' ? <RestoreArchive profileId={profileId} /> : null}
        </>
      )}
    </div>
  );
}
