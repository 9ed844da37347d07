// Writes docs/catalog.md from functions/catalog.ts (`npm run docs:catalog`); a unit test checks that
// the committed page matches, so the page never drifts from the code.
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { renderCatalogDoc } from '../functions/catalog-doc.ts';

const target = join(resolve(import.meta.dirname, '..'), 'docs', 'catalog.md');
writeFileSync(target, renderCatalogDoc());
console.log(`wrote ${target}`);
