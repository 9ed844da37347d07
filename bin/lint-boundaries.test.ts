// The import boundaries of ARCHITECTURE.md are lint rules; this checks the rules still bite.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function restrictedImports(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('import boundaries', () => {
  it('domain/ imports nothing of ours', async () => {
    const messages = await restrictedImports(
      "import { catalog } from '../functions/catalog.ts';\nexport const x = catalog;\n",
      'domain/boundary-probe.ts',
    );
    expect(messages).toHaveLength(1);
  });

  it('a web feature does not import another feature, by relative path or by folder name', async () => {
    const relative = await restrictedImports(
      "import { x } from '../../financial-profiles/api/x.ts';\nexport const y = x;\n",
      'web/src/features/auth/api/boundary-probe.ts',
    );
    const named = await restrictedImports(
      "import { x } from '@/features/financial-profiles/api/x.ts';\nexport const y = x;\n",
      'web/src/features/auth/api/boundary-probe.ts',
    );
    expect([relative.length, named.length]).toEqual([1, 1]);
  });

  it('a feature may import shared code and itself', async () => {
    const messages = await restrictedImports(
      "import { a } from '../../../lib/api-client.ts';\nimport { b } from '../api/b.ts';\nexport const y = [a, b];\n",
      'web/src/features/auth/components/boundary-probe.ts',
    );
    expect(messages).toEqual([]);
  });

  it('the web app toasts through lib/toast.ts; only it and the toast region import sonner', async () => {
    const code = "import { toast } from 'sonner';\nexport const y = toast;\n";
    const counts = await Promise.all(
      [
        'web/src/features/auth/components/boundary-probe.ts',
        'web/src/lib/boundary-probe.ts',
        'web/src/lib/toast.ts',
        'web/src/app/toaster.tsx',
      ].map(async (file) => (await restrictedImports(code, file)).length),
    );
    expect(counts).toEqual([1, 1, 0, 0]);
  });

  it('functions/ does not import the web app or the local cloud', async () => {
    const messages = await restrictedImports(
      "import { x } from '../../local/cloud.ts';\nexport const y = x;\n",
      'functions/lib/boundary-probe.ts',
    );
    expect(messages).toHaveLength(1);
  });

  it('the web app names domain/ and events/ by alias, never by a relative climb', async () => {
    const climbs = await Promise.all(
      ['web/src/features/auth/api/boundary-probe.ts', 'web/src/lib/boundary-probe.ts'].map((file) =>
        restrictedImports(
          "import { a } from '../../../../../domain/money/cents.ts';\nimport { b } from '../../../events/realtime.ts';\nexport const y = [a, b];\n",
          file,
        ),
      ),
    );
    const aliased = await restrictedImports(
      "import { a } from '@domain/money/cents.ts';\nimport { b } from '@events/realtime.ts';\nexport const y = [a, b];\n",
      'web/src/features/auth/api/boundary-probe.ts',
    );
    expect(climbs.map((m) => m.length)).toEqual([2, 2]);
    expect(aliased).toEqual([]);
  });
});
