// Adds lock entries for optional platform packages that this machine's npm registry does not serve.
// `npm install` leaves such packages (e.g. @tailwindcss/oxide-darwin-arm64) out of package-lock.json
// when the registry answers 404 for them, and `npm ci` then refuses the lock as out of sync. An entry
// naming the package's os and cpu lets `npm ci` skip it on other platforms, as it would with the real
// one. Plain Node, no dependencies: it runs before `npm ci` (bin/setup.sh) and in a unit test.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const OS = ['android', 'darwin', 'freebsd', 'linux', 'win32', 'openbsd', 'netbsd', 'sunos', 'aix'];
const CPU = ['arm64', 'x64', 'arm', 'ia32', 'wasm32', 'riscv64', 'ppc64', 's390x', 'loong64'];

/** os and cpu from a platform package's name (`…-darwin-arm64`, `…-linux-arm-gnueabihf`, `…-wasm32-wasi`). */
export function platformOf(name) {
  const tokens = name.split('/').pop().split('-');
  const os = tokens.find((t) => OS.includes(t));
  const cpu = tokens.find((t) => CPU.includes(t));
  if (!cpu) return null;
  return { ...(os ? { os: [os] } : {}), cpu: [cpu] };
}

/** Returns the names it added; `lock` is changed in place. */
export function completeLock(lock) {
  const packages = lock.packages ?? {};
  const added = [];
  for (const [path, entry] of Object.entries(packages)) {
    for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
      const key = `node_modules/${name}`;
      if (packages[key] || packages[`${path}/${key}`]) continue;
      const platform = platformOf(name);
      if (!platform) continue;
      packages[key] = { version, ...(entry.dev ? { dev: true } : {}), optional: true, ...platform };
      added.push(name);
    }
  }
  return added;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = new URL('../package-lock.json', import.meta.url);
  const lock = JSON.parse(readFileSync(file, 'utf8'));
  const added = completeLock(lock);
  if (added.length > 0) {
    writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
    console.log(`package-lock.json: added ${added.length} platform entries (${added.join(', ')})`);
  }
}
