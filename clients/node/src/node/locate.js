// Finding the engine binary.

import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const moduleDir = dirname(fileURLToPath(import.meta.url));

/**
 * Where the npm tarball of `make dist` carries the engine: `bin/ordo` at the package's root
 * (also its `bin` entry, so `npx ordo` runs it). Absent in the repository's source tree.
 */
export const PACKAGED_ENGINE = join(moduleDir, '..', '..', 'bin', 'ordo');

function isExecutable(path) {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The engine binary to run, the first of: `bin` if given; `$ORDO_BIN`; the engine this
 * package carries (`bin/ordo`, in the tarball of `make dist`); the repository's
 * `.build/release/ordo` or `.build/debug/ordo` (the newer of the two when both exist),
 * found by walking up from this module's directory; `ordo` on `PATH`. Throws, naming
 * what was tried, when none is there.
 * @param {{bin?: string, env?: Record<string, string | undefined>, from?: string,
 *          packaged?: string}} [options]
 * @returns {string}
 */
export function findEngineBinary({ bin, env = process.env, from = moduleDir, packaged = PACKAGED_ENGINE } = {}) {
  if (bin) return bin;
  if (env.ORDO_BIN) return env.ORDO_BIN;
  if (isExecutable(packaged)) return packaged;
  const tried = ['ORDO_BIN (not set)', `the engine this package carries (${packaged})`];
  for (let dir = from; ; dir = dirname(dir)) {
    const found = [];
    for (const config of ['release', 'debug']) {
      const candidate = join(dir, '.build', config, 'ordo');
      tried.push(candidate);
      if (isExecutable(candidate)) found.push(candidate);
    }
    if (found.length > 0) {
      return found.reduce((a, b) => (statSync(b).mtimeMs > statSync(a).mtimeMs ? b : a));
    }
    if (dirname(dir) === dir) break;
  }
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, 'ordo');
    if (isExecutable(candidate)) return candidate;
  }
  tried.push(`ordo on PATH (${JSON.stringify(env.PATH ?? '')})`);
  throw new Error(
    'cannot find the Ordo engine: pass {bin}, set ORDO_BIN, install the ordo-client tarball ' +
      `that carries it, build it (make release), or put "ordo" on PATH. Tried: ${tried.join(', ')}`,
  );
}
