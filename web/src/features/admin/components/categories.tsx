// /admin/categories, Category Management (spec §5 category matching): the taxonomy, and
// the description and keyword maps as editable text, checked as you type with the same rules the server
// applies on save; the "test a description" box shows which rule of the edited maps matches.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import {
  SIMPLE_BUDGET_CATEGORIES,
  matchBudgetCategory,
  validateBudgetMaps,
  type BudgetMaps as DomainMaps,
  type SimpleBudgetCategory,
} from '@domain/budget-categories.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { adminKeys, categoriesQuery, saveCategories, type CategoriesView } from '../api/admin-api.ts';
import { AdminPage, DataTable, QueryFrame, dateTime } from './admin-ui.tsx';

const ruleLabels: Record<string, string> = {
  simple_category: 'exact simple category',
  description_map: 'exact description map',
  keyword_exact: 'keyword map (exact)',
  keyword_substring: 'keyword map (inside the text)',
  default: "no rule: 'other'",
};

/** One "description = category" per line. */
const descriptionText = (map: Record<string, string>) =>
  Object.entries(map)
    .map(([k, v]) => `${k} = ${v}`)
    .join('\n');

function parseDescriptions(text: string): { map: Record<string, string>; errors: string[] } {
  const map: Record<string, string> = {};
  const errors: string[] = [];
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '') return;
    const at = line.lastIndexOf(' = ');
    if (at < 0) errors.push(`Line ${index + 1}: write "description = category"`);
    else map[line.slice(0, at)] = line.slice(at + 3).trim();
  });
  return { map, errors };
}

const keywordList = (text: string) =>
  text
    .split(/[\n,]/)
    .map((k) => k.trim())
    .filter(Boolean);

function Editor({ view }: { view: CategoriesView }) {
  const client = useQueryClient();
  const [descriptions, setDescriptions] = useState(() => descriptionText(view.maps.descriptionMap));
  const [keywords, setKeywords] = useState<Record<string, string>>(() =>
    Object.fromEntries(SIMPLE_BUDGET_CATEGORIES.map((c) => [c, (view.maps.keywords[c] ?? []).join(', ')])),
  );
  const [sample, setSample] = useState('');
  const parsed = useMemo(() => parseDescriptions(descriptions), [descriptions]);
  const draft = useMemo(
    () =>
      ({
        descriptionMap: parsed.map,
        keywords: Object.fromEntries(
          SIMPLE_BUDGET_CATEGORIES.map((c) => [c, keywordList(keywords[c] ?? '')]),
        ),
      }) as unknown as DomainMaps,
    [parsed, keywords],
  );
  const issues = useMemo(() => validateBudgetMaps(draft), [draft]);
  const match = sample.trim() ? matchBudgetCategory(sample, draft) : null;
  const save = useMutation({
    mutationFn: () =>
      saveCategories(
        draft as unknown as { descriptionMap: Record<string, string>; keywords: Record<string, string[]> },
        view.version,
      ),
    onSuccess: () => {
      toast.success('Category rules saved');
      void client.invalidateQueries({ queryKey: adminKeys.categories });
    },
    onError: (error) => toast.error(error instanceof ApiError ? error.message : 'Could not save the rules'),
  });
  const problems = [...parsed.errors, ...issues.map((i) => `${i.field}: ${i.message}`)];
  return (
    <>
      <Card className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold text-slate-900">Test a description</h2>
        <TextField
          label="Description"
          value={sample}
          onChange={(e) => setSample(e.target.value)}
          placeholder="e.g. UBER EATS 1234"
        />
        <p aria-live="polite" data-testid="match-result" className="text-sm text-slate-800">
          {match
            ? `${match.category} — ${ruleLabels[match.rule] ?? match.rule}${match.matched ? ` ("${match.matched}")` : ''}`
            : 'Type a description to see which rule matches (the edited rules, before saving too).'}
        </p>
      </Card>
      <Card className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold text-slate-900">Matching rules (spec §5)</h2>
          <p className="text-sm text-slate-600">
            {view.source === 'built_in'
              ? 'Built-in rules'
              : `Version ${view.version}, saved ${dateTime(view.updated_at)} by ${view.updated_by ?? '?'}`}
          </p>
        </div>
        <p className="text-sm text-slate-600">
          Order: an exact simple category, then the exact description map, then the keyword map
          (case-insensitive, an exact keyword first, then the longest keyword inside the text), else “other”.
        </p>
        <h3 className="font-medium text-slate-900">Keyword map</h3>
        <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
          {SIMPLE_BUDGET_CATEGORIES.map((category: SimpleBudgetCategory) => (
            <label key={category} className="flex flex-col gap-1 text-sm font-medium text-slate-800">
              Keywords for {category}
              <textarea
                className="min-h-20 rounded-md border border-slate-300 bg-white p-2 text-sm font-normal text-slate-900"
                value={keywords[category] ?? ''}
                onChange={(e) => setKeywords((k) => ({ ...k, [category]: e.target.value }))}
              />
            </label>
          ))}
        </div>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
          Description map (one “description = category” per line)
          <textarea
            className="min-h-48 rounded-md border border-slate-300 bg-white p-2 font-mono text-xs font-normal text-slate-900"
            value={descriptions}
            onChange={(e) => setDescriptions(e.target.value)}
          />
        </label>
        {problems.length > 0 ? (
          <Alert title="These rules cannot be saved">
            <ul className="list-disc pl-5">
              {problems.slice(0, 10).map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </Alert>
        ) : null}
        <div>
          <Button disabled={problems.length > 0} isPending={save.isPending} onClick={() => save.mutate()}>
            Save rules
          </Button>
        </div>
      </Card>
    </>
  );
}

function Taxonomy({ view }: { view: CategoriesView }) {
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(0);
  const size = 20;
  const rows = view.taxonomy.filter((t) =>
    `${t.name} ${t.group} ${t.plaid_detailed}`.toLowerCase().includes(filter.trim().toLowerCase()),
  );
  const shown = rows.slice(page * size, page * size + size);
  return (
    <Card className="flex flex-col gap-3">
      <h2 className="text-lg font-semibold text-slate-900">Taxonomy ({view.taxonomy.length} categories)</h2>
      <div className="max-w-sm">
        <TextField
          label="Filter the taxonomy"
          type="search"
          value={filter}
          onChange={(e) => {
            setFilter(e.target.value);
            setPage(0);
          }}
        />
      </div>
      <DataTable caption="Taxonomy" head={['Name', 'Group', 'Plaid code']}>
        {shown.map((t) => (
          <tr key={t.plaid_detailed}>
            <td className="px-3 py-2">{t.name}</td>
            <td className="px-3 py-2">{t.group}</td>
            <td className="px-3 py-2 break-all">{t.plaid_detailed}</td>
          </tr>
        ))}
      </DataTable>
      <nav
        aria-label="Taxonomy pages"
        className="flex items-center justify-between gap-2 text-sm text-slate-600"
      >
        <Button variant="secondary" size="sm" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
          Previous
        </Button>
        <span>
          {rows.length === 0
            ? 'No match'
            : `${page * size + 1}–${Math.min(rows.length, page * size + size)} of ${rows.length}`}
        </span>
        <Button
          variant="secondary"
          size="sm"
          disabled={(page + 1) * size >= rows.length}
          onClick={() => setPage((p) => p + 1)}
        >
          Next
        </Button>
      </nav>
    </Card>
  );
}

export function AdminCategories() {
  const query = useQuery(categoriesQuery());
  return (
    <AdminPage title="Category Management" intro="The taxonomy and the category-matching rules.">
      {/* docs/admin.md "Category rules": no stored row carries a budget category, so say what a save does. */}
      <Alert tone="warning" title="Saving these rules changes nothing people see yet">
        No screen, sync or report puts transactions or planned items into these budget categories: they are
        classified by the taxonomy below. A save changes what the matcher answers here and in the test box,
        and is kept (versioned and audited) for when budgets use it.
      </Alert>
      <QueryFrame query={query}>
        {(view) => (
          <>
            <Editor key={view.version} view={view} />
            <Taxonomy view={view} />
          </>
        )}
      </QueryFrame>
    </AdminPage>
  );
}
