// The CSV mapping step: which column is the date, the amount (or debit and credit), the payee; the date
// format, the decimal separator and the sign — prefilled from the file (or the account's last import)
// and confirmed by the person. Each change asks for a new preview.
import { Alert } from '../../../components/ui/alert.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { DATE_FORMATS, type CsvMapping } from '../api/import-export-api.ts';

const NONE = '';

export function MappingForm({
  columns,
  mapping,
  ambiguous,
  onChange,
}: {
  columns: string[];
  mapping: CsvMapping;
  ambiguous: boolean;
  onChange: (mapping: CsvMapping) => void;
}) {
  const columnOptions = columns.map((name, i) => ({ value: String(i), label: name }));
  const optional = [{ value: NONE, label: '— none —' }, ...columnOptions];
  const split = mapping.amount_column === undefined;
  const set = (patch: Partial<CsvMapping>) => onChange({ ...mapping, ...patch });
  const column = (value: string) => (value === NONE ? undefined : Number(value));

  return (
    <fieldset className="space-y-4">
      <legend className="text-base font-semibold text-slate-900">Map the columns</legend>
      {ambiguous ? (
        <Alert tone="warning">
          Every date in this file reads both day-first and month-first: check the date format.
        </Alert>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <SelectField
          label="Date column"
          value={String(mapping.date_column)}
          options={columnOptions}
          onChange={(e) => set({ date_column: Number(e.target.value) })}
        />
        <SelectField
          label="Date format"
          value={mapping.date_format}
          options={DATE_FORMATS.map((f) => ({ value: f, label: f }))}
          onChange={(e) => set({ date_format: e.target.value })}
        />
        <SelectField
          label="Payee column"
          value={String(mapping.payee_column)}
          options={columnOptions}
          onChange={(e) => set({ payee_column: Number(e.target.value) })}
        />
        <SelectField
          label="Amounts are in"
          value={split ? 'split' : 'one'}
          options={[
            { value: 'one', label: 'One amount column' },
            { value: 'split', label: 'Debit and credit columns' },
          ]}
          onChange={(e) =>
            e.target.value === 'split'
              ? set({ amount_column: undefined, debit_column: mapping.amount_column ?? 0 })
              : set({
                  amount_column: mapping.debit_column ?? 0,
                  debit_column: undefined,
                  credit_column: undefined,
                })
          }
        />
        {split ? (
          <>
            <SelectField
              label="Debit (money out) column"
              value={mapping.debit_column === undefined ? NONE : String(mapping.debit_column)}
              options={optional}
              onChange={(e) => set({ debit_column: column(e.target.value) })}
            />
            <SelectField
              label="Credit (money in) column"
              value={mapping.credit_column === undefined ? NONE : String(mapping.credit_column)}
              options={optional}
              onChange={(e) => set({ credit_column: column(e.target.value) })}
            />
          </>
        ) : (
          <>
            <SelectField
              label="Amount column"
              value={String(mapping.amount_column)}
              options={columnOptions}
              onChange={(e) => set({ amount_column: Number(e.target.value) })}
            />
            <SelectField
              label="Money out is written"
              value={mapping.amount_sign}
              options={[
                { value: 'negative_is_money_out', label: 'Negative (−54.23)' },
                { value: 'positive_is_money_out', label: 'Positive (54.23)' },
              ]}
              onChange={(e) => set({ amount_sign: e.target.value as CsvMapping['amount_sign'] })}
            />
          </>
        )}
        <SelectField
          label="Decimal separator"
          value={mapping.decimal_separator}
          options={[
            { value: '.', label: 'Point (1,234.56)' },
            { value: ',', label: 'Comma (1.234,56)' },
          ]}
          onChange={(e) => set({ decimal_separator: e.target.value as CsvMapping['decimal_separator'] })}
        />
        <SelectField
          label="Memo column"
          value={mapping.memo_column === undefined ? NONE : String(mapping.memo_column)}
          options={optional}
          onChange={(e) => set({ memo_column: column(e.target.value) })}
        />
      </div>
    </fieldset>
  );
}
