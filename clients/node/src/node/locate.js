// Finding the engine binary.

import { accessSync, constants, lstatSync, readFileSync, statSync } from 'node:fs';
import { delimiter, dirname, isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const moduleDir = dirname(fileURLToPath(import.meta.url));

/**
 * Where the npm tarball of `make dist` carries the engine: `bin/ordo` at the package's root
 * (also its `bin` entry, so `npx ordo` runs it). Absent in the repository's source tree.
 */
export const PACKAGED_ENGINE = join(moduleDir, '..', '..', 'bin', 'ordo');

/**
 * Whether this process may read `path`'s metadata: Node's permission model
 * (`--experimental-permission`, `--permission`) may forbid it (`--allow-fs-read` names what
 * it may read) while still letting it spawn the file (`--allow-child-process`), so a path it
 * cannot look at is not a path that is missing.
 */
export function readable(path) {
  return process.permission?.has('fs.read', path) ?? true;
}

/** What the errors say of a path Node's permission model keeps this process from reading. */
const UNREADABLE = "not readable under Node's permission model (--allow-fs-read names what is; or pass the engine's path)";

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
 * Why `path` cannot be started, for the errors that name it: not there, not a file, or a
 * file `access(X_OK)` refuses. Execute bits set and still refused is a file system mounted
 * noexec (a hardened /tmp or home), where a chmod changes nothing.
 */
function whyUnusable(path) {
  let info;
  try {
    info = statSync(path);
  } catch {
    try {
      lstatSync(path);
      return 'is a symbolic link to nothing';
    } catch {
      return 'does not exist';
    }
  }
  if (!info.isFile()) return 'is not a file';
  if (info.mode & executeBitFor(info)) {
    return 'is on a file system mounted noexec, where no file can be run';
  }
  return 'is not executable (chmod +x it)';
}

/** The execute bit `access` reads for this process: any one for root, else the owner's,
 * the group's (this process's groups) or the others'. */
function executeBitFor(info) {
  const uid = process.getuid?.();
  if (uid === undefined || uid === 0) return 0o111;
  if (info.uid === uid) return 0o100;
  return (process.getgroups?.() ?? []).includes(info.gid) ? 0o010 : 0o001;
}

/** npm's reading of an `os` or `cpu` list: `"any"`, `"!x"` excludes x, else a list of the allowed. */
function allows(list, value) {
  if (list === undefined) return true;
  const entries = Array.isArray(list) ? list : [list];
  if (entries.length === 1 && entries[0] === 'any') return true;
  let negated = 0;
  let match = false;
  for (const entry of entries) {
    if (typeof entry !== 'string') continue;
    if (entry.startsWith('!')) {
      if (entry.slice(1) === value) return false;
      negated += 1;
    } else if (entry === value) {
      match = true;
    }
  }
  return match || negated === entries.length;
}

/**
 * Whether the engine a package carries can run here: the `os` and `cpu` of the package.json
 * next to its `bin/` (set by `make dist` from the binary's ELF header) against
 * `process.platform` and `process.arch`. A package.json without them (the source tree) or
 * none at all puts no condition. Returns null when it fits, else what it was built for.
 */
function builtForElsewhere(packaged) {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(join(packaged, '..', '..', 'package.json'), 'utf8'));
  } catch {
    return null;
  }
  if (allows(manifest?.os, process.platform) && allows(manifest?.cpu, process.arch)) return null;
  const spell = (list) => (list === undefined ? 'any' : [list].flat().join('|'));
  return `${spell(manifest.os)}-${spell(manifest.cpu)}`;
}

/**
 * A relative path (`./ordo`, `build/ordo`) made absolute against this process's working
 * directory, where its caller meant it: the engine may be spawned with another `cwd`, in
 * which the path would name another file, or none. A bare name (`ordo`) stays a name,
 * looked up on PATH by spawn.
 */
function fromHere(path) {
  if (!path.includes('/') || isAbsolute(path)) return path;
  // Only `.` and empty segments dropped: the kernel resolves `link/../ordo` through the
  // link when it runs it, where `resolve` would drop `link/..` and name another file.
  const segments = path.split('/').filter((segment) => segment !== '' && segment !== '.');
  return [process.cwd(), ...segments].join('/');
}

/**
 * `given` (made absolute by `fromHere`) when it names an executable file; a bare name
 * (looked up on PATH by spawn) as is. Else an Error naming `what` was given and why it is
 * not used: spawn's own ENOENT named neither ORDO_BIN nor the option (as the Python
 * client's does).
 */
function checked(given, what) {
  const path = fromHere(given);
  // One the permission model keeps this process from looking at goes to spawn unchecked
  // (its refusal, if any, names it): "does not exist" was said of a file that ran.
  if (!path.includes('/') || !readable(path) || isExecutable(path)) return path;
  let why = whyUnusable(path);
  // A shell expands `~`; a path in a program reaches us as typed.
  if (given.startsWith('~') && why === 'does not exist') why += ' (a leading ~ is not expanded: use os.homedir())';
  throw new Error(`cannot find the Ordo engine: ${what} ${why}`);
}

/**
 * The engine binary to run, the first of: `bin` if given; `$ORDO_BIN` (either made
 * absolute when a relative path); the engine this package carries (`bin/ordo`, in the
 * tarball of `make dist`) if it is built for this
 * platform and architecture (the package's `os` and `cpu`); the repository's
 * `.build/release/ordo` or `.build/debug/ordo` (the newer of the two when both exist),
 * found by walking up from this module's directory; `ordo` on `PATH`. Throws, naming
 * what was tried (and a carried engine built for another machine), when none is there.
 * @param {{bin?: string, env?: Record<string, string | undefined>, from?: string,
 *          packaged?: string}} [options]
 * @returns {string}
 */
export function findEngineBinary({ bin, env = process.env, from = moduleDir, packaged = PACKAGED_ENGINE } = {}) {
  if (bin) return checked(bin, `bin ${JSON.stringify(bin)}`);
  if (env.ORDO_BIN) return checked(env.ORDO_BIN, `ORDO_BIN=${JSON.stringify(env.ORDO_BIN)}`);
  const tried = ['ORDO_BIN (not set)'];
  /** Paths the permission model kept from being looked at. */
  const unread = [];
  if (isExecutable(packaged)) {
    const elsewhere = builtForElsewhere(packaged);
    if (elsewhere === null) return packaged;
    tried.push(
      `the engine this package carries (${packaged}), skipped: built for ${elsewhere}, ` +
        `this is ${process.platform}-${process.arch}`,
    );
  } else if (!readable(packaged)) {
    tried.push(`the engine this package carries (${packaged}: ${UNREADABLE})`);
  } else {
    const why = whyUnusable(packaged);
    const said = why === 'does not exist' ? 'absent: a source tree carries none' : why;
    tried.push(`the engine this package carries (${packaged}: ${said})`);
  }
  for (let dir = from; ; dir = dirname(dir)) {
    const found = [];
    for (const config of ['release', 'debug']) {
      const candidate = join(dir, '.build', config, 'ordo');
      tried.push(candidate);
      if (!readable(candidate)) unread.push(candidate);
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
    if (!readable(candidate)) unread.push(candidate);
    if (isExecutable(candidate)) return candidate;
  }
  tried.push(`ordo on PATH (${JSON.stringify(env.PATH ?? '')})`);
  const hidden = unread.length > 0 ? `. Of these, ${UNREADABLE}: ${unread.join(', ')}` : '';
  throw new Error(
    'cannot find the Ordo engine: pass {bin}, set ORDO_BIN, install the ordo-client tarball ' +
      `built for this machine, build it (make release), or put "ordo" on PATH. ` +
      `Tried: ${tried.join(', ')}${hidden}`,
  );
}
