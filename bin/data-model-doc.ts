// Writes docs/data-model.md (`npm run docs:data-model`).
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { renderDataModelDoc } from '../functions/lib/data/data-model-doc.ts';

// This machine runs Node 20; the SDK's notice about Node 22 concerns deployed code, not this script.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const target = join(resolve(import.meta.dirname, '..'), 'docs', 'data-model.md');
writeFileSync(target, renderDataModelDoc());
console.log(`wrote ${target}`);
