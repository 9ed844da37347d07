// The import-cycle check of `npm run lint` finds a cycle, even one closed by a type-only import.
import { describe, expect, it } from 'vitest';
import { importCycles } from './lint-cycles.ts';

describe('the import-cycle check', () => {
  it('finds the deliberate cycle in tests/fixtures/import-cycle', async () => {
    const cycles = await importCycles(['tests/fixtures/import-cycle'], 'tsconfig.json', false);
    expect(cycles).toEqual([
      ['tests/fixtures/import-cycle/entry.ts', 'tests/fixtures/import-cycle/ledger.ts'],
    ]);
  });
});
