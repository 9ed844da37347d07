// One lint setup for the whole repository. The import boundaries of ARCHITECTURE.md are enforced here:
// arrows only point down the folder table, and web features never import each other.
import { readdirSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

const layer = (name) => [`**/${name}/**`, `${name}/**`];
/** The web app names the shared folders by alias (web/tsconfig.json), never by climbing out of web/src. */
const webAliases = ['domain', 'events'].map((name) => ({
  group: [`../**/${name}/**`, `./**/${name}/**`],
  message: `Import ${name}/ as @${name}/… (web/tsconfig.json paths), not by a relative climb.`,
}));
/** sonner loads with the toast region, after the first screen (app/provider.tsx); the app toasts through
 * web/src/lib/toast.ts, which hands the calls over when it has loaded (docs/web.md, "Landing bundle"). */
const sonnerOnlyThroughToast = {
  group: ['sonner'],
  message:
    "Toast through web/src/lib/toast.ts: sonner loads with the toast region, off the first screen's path.",
};
const webPatterns = [...webAliases, sonnerOnlyThroughToast];
const forbid = (layers, extra = []) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        ...layers.map((l) => ({
          group: [...layer(l), `**/${l}`],
          message: `This folder may not import from ${l}/ (see ARCHITECTURE.md, Folders).`,
        })),
        ...extra,
      ],
    },
  ],
});

const featuresDir = 'web/src/features';
const features = existsSync(featuresDir)
  ? readdirSync(featuresDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

const functionCallMessage =
  "Call a function with invokeFunction('<name>', body, options) from web/src/lib/invoke-function.ts (docs/web.md).";
const functionPathSelectors = [
  'Literal[value=/^\\/functions\\//]',
  'TemplateLiteral[quasis.0.value.raw=/^\\/functions\\//]',
].map((selector) => ({ selector, message: functionCallMessage }));

export default tseslint.config(
  {
    ignores: ['node_modules', 'cdk.out', 'web/dist', '.data', 'test-results', 'playwright-report'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  { files: ['domain/**'], rules: forbid(['functions', 'events', 'infra', 'bin', 'web', 'local', 'tests']) },
  { files: ['events/**'], rules: forbid(['functions', 'infra', 'bin', 'web', 'local', 'tests']) },
  { files: ['functions/**'], rules: forbid(['infra', 'bin', 'web', 'local', 'tests']) },
  { files: ['infra/**'], rules: forbid(['web', 'local', 'tests', 'bin']) },
  { files: ['web/**'], rules: forbid(['functions', 'infra', 'bin', 'local', 'tests'], webPatterns) },
  // The build's own config runs in Node, where the @domain alias does not exist: it imports domain/
  // (the page's config block, domain/web-page-config.ts) by its path.
  {
    files: ['web/vite.config.ts'],
    rules: forbid(['functions', 'infra', 'bin', 'local', 'tests'], [sonnerOnlyThroughToast]),
  },
  {
    files: ['web/src/lib/toast.ts', 'web/src/lib/toast.test.ts', 'web/src/app/toaster.tsx'],
    rules: forbid(['functions', 'infra', 'bin', 'local', 'tests'], webAliases),
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // spec §7: every function call shares, times out and retries through one layer.
      'no-restricted-syntax': ['error', ...functionPathSelectors],
    },
  },
  // The browser loads zod/mini only (web/src/lib/zod-mini-jitless.ts; docs/web.md "zod in the browser"):
  // a path that loaded classic zod carried ≈ 25 KB gzip of it, mini is ≈ 11 KB. Tests may import classic.
  // A rule of its own (typescript-eslint's, with the base rule's options), since the blocks above and
  // below each set no-restricted-imports whole, per folder and per feature.
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['zod', 'zod/v4'].map((name) => ({
            name,
            message: "In the browser use 'zod/mini' (web/src/lib/zod-mini-jitless.ts; docs/web.md)",
          })),
        },
      ],
    },
  },
  // early-data.ts sends, from the entry, the very requests invokeFunction will make, and its
  // test names them.
  {
    files: ['web/src/lib/invoke-function.ts', 'web/src/lib/early-data.ts', 'web/src/lib/early-data.test.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  ...features.map((feature) => ({
    files: [`${featuresDir}/${feature}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...['functions', 'infra', 'bin', 'local', 'tests'].map((l) => ({
              group: [...layer(l), `**/${l}`],
              message: `The web app may not import from ${l}/.`,
            })),
            {
              group: features
                .filter((f) => f !== feature)
                .flatMap((f) => [
                  `**/features/${f}/**`,
                  `**/features/${f}`,
                  // Relative climbs out of this feature into a sibling one.
                  ...['../', '../../', '../../../', '../../../../'].map((up) => `${up}${f}/**`),
                ]),
              message:
                'Features do not import each other: move shared code to web/src/components or web/src/lib.',
            },
            ...webPatterns,
          ].filter((p) => p.group.length > 0),
        },
      ],
    },
  })),
  prettier,
);
