import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without type declarations (it runs before npm ci)
import { completeLock, platformOf } from './complete-lockfile.mjs';

describe('complete-lockfile', () => {
  it('reads os and cpu from platform package names', () => {
    expect(platformOf('@tailwindcss/oxide-darwin-arm64')).toEqual({ os: ['darwin'], cpu: ['arm64'] });
    expect(platformOf('@tailwindcss/oxide-linux-arm-gnueabihf')).toEqual({ os: ['linux'], cpu: ['arm'] });
    expect(platformOf('@tailwindcss/oxide-wasm32-wasi')).toEqual({ cpu: ['wasm32'] });
    expect(platformOf('left-pad')).toBeNull();
  });

  it('adds a missing optional platform entry, and leaves present ones alone', () => {
    const lock = {
      packages: {
        'node_modules/native': {
          version: '1.0.0',
          dev: true,
          optionalDependencies: { 'native-win32-x64': '1.0.0', 'native-linux-x64': '1.0.0' },
        },
        'node_modules/native-linux-x64': { version: '1.0.0' },
      },
    };
    expect(completeLock(lock)).toEqual(['native-win32-x64']);
    expect(lock.packages).toHaveProperty('node_modules/native-win32-x64', {
      version: '1.0.0',
      dev: true,
      optional: true,
      os: ['win32'],
      cpu: ['x64'],
    });
  });

  it('finds nothing missing in the committed package-lock.json (run `node bin/complete-lockfile.mjs`)', () => {
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
    expect(completeLock(lock)).toEqual([]);
  });
});
