import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { accessPatterns } from './access-patterns.ts';
import { entityIndexes, renderDataModelDoc } from './data-model-doc.ts';

describe('access patterns', () => {
  const entities = entityIndexes();

  it('name only indexes that exist', () => {
    for (const p of accessPatterns)
      expect(entities[p.entity]?.indexes[p.index], `${p.entity}.${p.index}`).toBeDefined();
  });

  it('cover every entity', () => {
    const covered = new Set(accessPatterns.map((p) => p.entity));
    expect(Object.keys(entities).filter((name) => !covered.has(name as never))).toEqual([]);
  });

  it('docs/data-model.md is up to date (run `npm run docs:data-model`)', () => {
    expect(readFileSync('docs/data-model.md', 'utf8')).toBe(renderDataModelDoc());
  });
});
