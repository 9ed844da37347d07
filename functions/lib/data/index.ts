// The data layer: every ElectroDB entity bound to the deps' table client, built once per deps.
import type { Deps } from '../deps.ts';
import { profileEntity } from './entities/profile.ts';

export function createData(deps: Pick<Deps, 'ddb' | 'tableName'>) {
  return {
    profiles: profileEntity(deps.ddb, deps.tableName),
  };
}

export type Data = ReturnType<typeof createData>;

const cache = new WeakMap<object, Data>();

export function dataFor(deps: Pick<Deps, 'ddb' | 'tableName'>): Data {
  let data = cache.get(deps);
  if (!data) {
    data = createData(deps);
    cache.set(deps, data);
  }
  return data;
}
