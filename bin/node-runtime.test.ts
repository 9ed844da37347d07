// One runtime: the local cloud, the tests and the CLI run on the Node.js major the Lambdas run on.
// bin/setup.sh installs the version .node-version pins when the machine's node is another major, and
// points node_modules/.bin/node at it, so this test itself runs on it under `npm test`.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const pinned = readFileSync(resolve(root, '.node-version'), 'utf8').trim();
const lambdaMajor = /Runtime\.NODEJS_(\d+)_X/.exec(
  readFileSync(resolve(root, 'infra/catalog-function.ts'), 'utf8'),
)?.[1];

describe('the Node.js runtime', () => {
  it('.node-version pins the major the Lambdas run on', () => {
    expect(lambdaMajor).toBeDefined();
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    expect(pinned.split('.')[0]).toBe(lambdaMajor);
  });

  it('the tests run on that major', () => {
    expect(process.versions.node.split('.')[0]).toBe(lambdaMajor);
  });
});
