// What a signed-out start loads of the providers (/login toward 150 KB gzip): the providers'
// contexts and hooks, not their signed-in logic, which loads with dynamic import() (lib/signed-in-code.ts).
// Checked on the source: the static imports reachable from app/provider.tsx and from the /login route.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = resolve(import.meta.dirname, '..');
const repo = resolve(src, '..', '..');

/** The modules `file` imports statically for their values (type-only imports left out). */
function staticImports(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  const found: string[] = [];
  const statement = /^(?:import|export)\s+(type\s+)?(?:[\s\S]*?\s+from\s+)?'([^']+)';/gm;
  for (const match of code.matchAll(statement)) {
    const [whole, typeOnly, specifier] = match;
    if (
      typeOnly ||
      !specifier ||
      /^export\s+(?:const|function|interface|type|default|async|class)/.test(whole)
    )
      continue;
    let target: string;
    if (specifier.startsWith('.')) target = resolve(dirname(file), specifier);
    else if (specifier.startsWith('@domain/'))
      target = join(repo, 'domain', specifier.slice('@domain/'.length));
    else if (specifier.startsWith('@events/'))
      target = join(repo, 'events', specifier.slice('@events/'.length));
    else continue; // a package
    if (existsSync(target)) found.push(target);
  }
  return found;
}

function staticClosure(entry: string): Set<string> {
  const seen = new Set<string>();
  const stack = [resolve(src, entry)];
  while (stack.length > 0) {
    const file = stack.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...staticImports(file));
  }
  return new Set([...seen].map((file) => relative(repo, file)));
}

/** Only a signed-in user runs these: the providers load them on demand. */
const signedInOnly = [
  'web/src/lib/signed-in-logic.ts',
  'web/src/lib/active-profile-engine.tsx',
  'web/src/lib/active-profile.ts',
  'web/src/lib/financial-profiles-query.ts',
  'web/src/lib/realtime-sync.tsx',
  'web/src/lib/realtime-invalidation.ts',
  'web/src/lib/invitation-acceptance.ts',
  'web/src/features/subscriptions/components/subscription-sync.tsx',
  'web/src/features/subscriptions/utils/subscription-status.ts',
  'domain/subscription.ts',
];

describe('the providers around every screen', () => {
  it('reach none of the signed-in logic statically, from the providers or from /login', () => {
    const providers = staticClosure('app/provider.tsx');
    // The walk itself works: it reaches the providers' static parts.
    expect(providers).toContain('web/src/lib/active-profile-provider.tsx');
    expect(providers).toContain('web/src/features/subscriptions/components/subscription-provider.tsx');
    expect(providers).toContain('web/src/lib/invitation-on-sign-in.tsx');
    expect(signedInOnly.filter((file) => providers.has(file))).toEqual([]);
    const login = staticClosure('app/routes/auth/login.tsx');
    expect(login).toContain('web/src/lib/invitation-on-sign-in.tsx');
    expect(signedInOnly.filter((file) => login.has(file))).toEqual([]);
  });

  it('still reach the logic, on demand', () => {
    const dynamic = (file: string) => readFileSync(resolve(src, file), 'utf8');
    expect(dynamic('lib/active-profile-provider.tsx')).toContain("import('./signed-in-logic.ts')");
    expect(dynamic('features/subscriptions/components/subscription-provider.tsx')).toContain(
      "import('../../../lib/signed-in-logic.ts')",
    );
    // One module on demand for all of it: the engine, the profile calls, the sync and its calls.
    const logic = staticClosure('lib/signed-in-logic.ts');
    for (const file of [
      'web/src/lib/active-profile-engine.tsx',
      'web/src/lib/financial-profiles-api.ts',
      'web/src/lib/realtime-connection.ts',
      'web/src/features/subscriptions/components/subscription-sync.tsx',
      'web/src/features/subscriptions/api/subscription.ts',
    ])
      expect(logic).toContain(file);
    expect(dynamic('lib/invitation-on-sign-in.tsx')).toContain("import('./invitation-acceptance.ts')");
    expect(staticClosure('lib/active-profile-engine.tsx')).toContain('web/src/lib/realtime-sync.tsx');
  });
});
