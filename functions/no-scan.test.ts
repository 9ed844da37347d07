// Nothing in the server code reads the whole table: no DynamoDB Scan through the SDK (ScanCommand,
// paginateScan) and no ElectroDB `.scan`. Figures about everyone are counters kept as records are
// written (functions/lib/admin/tally.ts); a list of due work is a time-bucketed or sharded index.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = import.meta.dirname;
// An identifier, not a command's name in a string (a capacity meter may list 'ScanCommand').
const SCAN = [/(?<!['"`])\b(ScanCommand|paginateScan|ScanInput)\b(?!['"`])/, /\.scan\b/];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path);
    return /\.(ts|tsx)$/.test(entry.name) && path !== import.meta.filename ? [path] : [];
  });
}

/** The lines of a source text that would scan, as `line: text`. */
function scanningLines(text: string): string[] {
  return text
    .split('\n')
    .map((line, index) => ({ line, number: index + 1 }))
    .filter(({ line }) => SCAN.some((pattern) => pattern.test(line)))
    .map(({ line, number }) => `${number}: ${line.trim()}`);
}

describe('no Scan in functions/', () => {
  it('recognises an SDK Scan and an ElectroDB scan, and not a Query', () => {
    expect(scanningLines("import { ScanCommand } from '@aws-sdk/lib-dynamodb';")).toHaveLength(1);
    expect(scanningLines('await data.profiles.scan.go({ pages: "all" });')).toHaveLength(1);
    expect(scanningLines('for await (const page of paginateScan(config, input)) {}')).toHaveLength(1);
    expect(scanningLines('await data.profiles.query.byEmail({}).go();')).toEqual([]);
    expect(scanningLines('const scanned = inactivityScanDays;')).toEqual([]);
    expect(scanningLines("const METERED = new Set(['QueryCommand', 'ScanCommand']);")).toEqual([]);
  });

  it('no server source scans the table', () => {
    const files = sources(root);
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) =>
      scanningLines(readFileSync(file, 'utf8')).map((line) => `${relative(root, file)}:${line}`),
    );
    expect(found).toEqual([]);
  });
});
