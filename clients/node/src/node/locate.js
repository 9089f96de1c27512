// Finding the engine binary.

import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const moduleDir = dirname(fileURLToPath(import.meta.url));

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
 * The engine binary to run: `bin` if given, else `$ORDO_BIN`, else the repository's
 * `.build/release/ordo` or `.build/debug/ordo` (the newer of the two when both exist),
 * found by walking up from this module's directory, else `ordo` on `PATH`.
 * @param {{bin?: string, env?: Record<string, string | undefined>, from?: string}} [options]
 * @returns {string}
 */
export function findEngineBinary({ bin, env = process.env, from = moduleDir } = {}) {
  if (bin) return bin;
  if (env.ORDO_BIN) return env.ORDO_BIN;
  const tried = [];
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
  throw new Error(
    'cannot find the Ordo engine: pass {bin}, set ORDO_BIN, build it (swift build), ' +
      `or put "ordo" on PATH. Looked at: ${tried.join(', ')} and PATH`,
  );
}
