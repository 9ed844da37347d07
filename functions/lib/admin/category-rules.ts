// The category-matching maps of spec §5 as stored data: absent, the built-in maps of
// domain/budget-categories.ts apply; an admin's save replaces them whole, conditionally on the version
// they edited, after domain validation (refusing, e.g., a keyword that would shadow every description).
import { ConflictError, ValidationError } from '../../../domain/errors.ts';
import {
  DEFAULT_BUDGET_MAPS,
  validateBudgetMaps,
  type BudgetMaps,
} from '../../../domain/budget-categories.ts';
import type { Data } from '../data/index.ts';

export interface StoredBudgetMaps {
  maps: BudgetMaps;
  /** 0 for the built-in maps. */
  version: number;
  source: 'built_in' | 'edited';
  updated_at: string | null;
  updated_by: string | null;
}

export async function loadBudgetMaps(data: Data): Promise<StoredBudgetMaps> {
  const { data: stored } = await data.categoryRules.get({}).go();
  if (!stored)
    return { maps: DEFAULT_BUDGET_MAPS, version: 0, source: 'built_in', updated_at: null, updated_by: null };
  return {
    maps: {
      descriptionMap: stored.description_map as BudgetMaps['descriptionMap'],
      keywords: stored.keywords as BudgetMaps['keywords'],
    },
    version: stored.version,
    source: 'edited',
    updated_at: stored.updated_at,
    updated_by: stored.updated_by,
  };
}

export async function saveBudgetMaps(
  data: Data,
  maps: BudgetMaps,
  expectedVersion: number,
  by: string,
): Promise<StoredBudgetMaps> {
  const issues = validateBudgetMaps(maps);
  if (issues.length > 0) throw new ValidationError(issues.slice(0, 50));
  const record = {
    description_map: maps.descriptionMap,
    keywords: maps.keywords,
    version: expectedVersion + 1,
    updated_by: by,
  };
  try {
    if (expectedVersion === 0) await data.categoryRules.create(record).go();
    else
      await data.categoryRules
        .put(record)
        .where((attr, op) => op.eq(attr.version, expectedVersion))
        .go();
  } catch (error) {
    if (error instanceof Error && /conditional/i.test(error.message))
      throw new ConflictError('The category rules were changed by someone else; reload and edit again.', {
        cause: error,
      });
    throw error;
  }
  return loadBudgetMaps(data);
}
