// Admin access: the Cognito `admin` group in the verified token AND `profiles.is_admin`
// in the table. The HTTP stack checks it before anything else on every admin route, so a caller who is
// not an admin gets 401 or 403 and never a validation error, a 404 or any answer that depends on data.
import { AuthError, ForbiddenError } from '../../../domain/errors.ts';
import { dataFor } from '../data/index.ts';
import { callerFromEvent, type Caller } from '../caller.ts';
import { getDeps, type Deps } from '../deps.ts';
import type { RoutePolicy } from '../http-stack.ts';

export const ADMIN_REQUIRED_MESSAGE = 'Admin access required';

/** Throws AuthError (401) when signed out, ForbiddenError (403) unless both marks of an admin hold. */
export async function assertAdmin(
  deps: Pick<Deps, 'ddb' | 'tableName'>,
  caller: Caller | null,
): Promise<void> {
  if (!caller) throw new AuthError();
  if (!caller.isAdmin) throw new ForbiddenError(ADMIN_REQUIRED_MESSAGE);
  const { data: profile } = await dataFor(deps).profiles.get({ id: caller.userId }).go();
  if (profile?.is_admin !== true) throw new ForbiddenError(ADMIN_REQUIRED_MESSAGE);
}

/** The admin routes' policy: checked before the body limit, JSON parsing, validation or any lookup. */
export const adminOnly: RoutePolicy = {
  beforeParse: async (event, entry) => {
    if (entry.caller === 'admin') await assertAdmin(getDeps(), callerFromEvent(event));
  },
};
