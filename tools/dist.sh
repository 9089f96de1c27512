#!/usr/bin/env bash
# make dist: what a user without a Swift toolchain installs, built into dist/ from the static
# engine of `make release`:
#
#   ordo_client-V-py3-none-manylinux_2_17_ARCH.manylinux2014_ARCH.musllinux_1_1_ARCH.musllinux_1_2_ARCH.whl
#       the Python client with the engine at ordo/_bin/ordo and an `ordo` console script
#       (glibc and musl Linux: the engine is static; setup.py reads the tags from its ELF)
#   ordo_client-V.tar.gz   the Python client's sdist: the client alone (MIT, no engine), for
#       packagers and other platforms; it builds a pure wheel
#   ordo-client-V.tgz      the Node client (npm pack) with the engine at bin/ordo, its `bin`;
#       its package.json (license MIT, as the source tree's) gains os linux and cpu the
#       engine's (x64 or arm64, from the ELF header), and drops the source tree's "private":
#       true (kept there so that an engine-less package is never published by mistake)
#   ordo-V-linux-ARCH.tar.gz (+ .sha256)   the engine, LICENSE, THIRD_PARTY_NOTICES and a
#       README.md of its own (what the archive holds, checking the .sha256, running it),
#       written below
#
# Each of the three carries THIRD_PARTY_NOTICES: the licences of what the static engine holds
# besides Ordo (the C library, jansson, SQLite, the Swift runtime, GCC's runtime), read from
# the build machine's packages, with their versions; the packages' license expressions say
# the same (Ordo's own source stays MIT, and so do the engine-free source installs).
#
# The folder is dist/, or ORDO_DIST_DIR: only this script's own artefacts in it are replaced
# (a folder named by mistake loses nothing else). Files are staged under umask 022, so the
# builder's umask does not change the packages' bytes.
#
# V is the repository's VERSION file. Each package is built from a staging copy under
# .build/dist-stage, so the source tree never holds a binary and a source install of either
# client stays engine-free. The engine is stripped (symbols and debug info: 18 → 11 MB) and
# settled (tools/settle_engine.py): built from one commit with one toolchain, at any path, the
# packages hold the same bytes.
# Timestamps come from the last commit (SOURCE_DATE_EPOCH), so rebuilding the same commit
# gives the same tarball.
set -euo pipefail
cd "$(dirname "$0")/.."

ENGINE=${ENGINE:-.build/release/ordo}
PY=${PY:-.venv/bin/python}
# Used from staging folders too: a path is made absolute, a bare name found on PATH.
if [[ $PY == */* ]]; then PY=$(cd "$(dirname "$PY")" && pwd)/$(basename "$PY"); else PY=$(command -v "$PY"); fi
OUT=${ORDO_DIST_DIR:-dist}
STAGE=.build/dist-stage
umask 022
# The SPDX expression of a package that carries the engine: Ordo (MIT) and what the engine
# links statically, as THIRD_PARTY_NOTICES lists them.
LICENSE_EXPRESSION="MIT AND LGPL-2.1-or-later AND blessing AND Apache-2.0 WITH Swift-exception AND GPL-3.0-or-later WITH GCC-exception-3.1"

fail() { echo "make dist: $*" >&2; exit 1; }

VERSION=$(tr -d '[:space:]' < VERSION)
[[ $VERSION =~ ^[0-9]+\.[0-9]+\.[0-9]+([.+-][0-9A-Za-z.+-]*)?$ ]] || fail "VERSION: not a version: '$VERSION'"
[[ -x $ENGINE ]] || fail "no engine at $ENGINE (make release)"
[[ $("$ENGINE" --version) == "ordo $VERSION" ]] \
  || fail "$ENGINE --version says '$("$ENGINE" --version)', VERSION says $VERSION: rebuild (make release)"
NODE_VERSION=$(node -p "require('./clients/node/package.json').version")
[[ $NODE_VERSION == "$VERSION" ]] \
  || fail "clients/node/package.json has version $NODE_VERSION, VERSION says $VERSION"
grep -qx "__version__ = \"$VERSION\"" clients/python/src/ordo/__init__.py \
  || fail "clients/python/src/ordo/__init__.py's __version__ is not $VERSION (VERSION)"
# The schema's own version and every example naming Ordo's engine or client (rpc.discover
# and initialize answer with them).
stale=$(node -e '
  const [path, version] = process.argv.slice(1);
  const stale = [];
  (function walk(value, at) {
    if (value === null || typeof value !== "object") return;
    const owner = value.name ?? value.title;
    if (typeof owner === "string" && /^ordo/i.test(owner) && "version" in value
        && value.version !== version) stale.push(`${at}/version: ${value.version}`);
    for (const key of Object.keys(value)) walk(value[key], `${at}/${key}`);
  })(JSON.parse(require("node:fs").readFileSync(path, "utf8")), "");
  console.log(stale.join("; "));
' schema/openrpc.json "$VERSION")
[[ -z $stale ]] || fail "schema/openrpc.json says another version than VERSION ($VERSION): $stale"
if LC_ALL=C readelf -l "$ENGINE" | grep -q 'INTERP'; then
  fail "$ENGINE is dynamically linked: build it with make release (fully static)"
fi
# ARCH: the kernel's (uname -m) and the wheels' spelling; NPM_CPU: Node's (process.arch).
case $(LC_ALL=C readelf -h "$ENGINE" | sed -n 's/^ *Machine: *//p') in
  *X86-64*) ARCH=x86_64 NPM_CPU=x64 ;;
  *AArch64*) ARCH=aarch64 NPM_CPU=arm64 ;;
  *) fail "$ENGINE: an architecture this script has no name for" ;;
esac
# The archives' timestamps: the last commit's time, so two builds of one commit match byte
# for byte. Outside a git checkout (an exported tree, even one inside another checkout,
# where `-- .` finds no commit of these files) there is none: now, said aloud.
if [ -z "${SOURCE_DATE_EPOCH:-}" ]; then
  if ! SOURCE_DATE_EPOCH=$(git log -1 --format=%ct -- . 2>/dev/null) \
    || [ -z "$SOURCE_DATE_EPOCH" ]; then
    SOURCE_DATE_EPOCH=$(date +%s)
    echo "dist: no git history here: the archives are dated now and will not be reproducible" \
      "(set SOURCE_DATE_EPOCH to fix their dates)" >&2
  fi
fi
export SOURCE_DATE_EPOCH

rm -rf "$STAGE"
mkdir -p "$STAGE" "$OUT"
OUT=$(cd "$OUT" && pwd)
rm -f "$OUT"/ordo_client-*.whl "$OUT"/ordo_client-*.tar.gz "$OUT"/ordo-client-*.tgz "$OUT"/ordo-*-linux-*.tar.gz \
  "$OUT"/ordo-*-linux-*.tar.gz.sha256
strip -o "$STAGE/ordo" "$ENGINE"
# The build folder's path reaches the binary through the compiler's module hashes and the
# linker's build-id over them: settled, so a checkout anywhere gives the same bytes.
"$PY" tools/settle_engine.py "$STAGE/ordo"
chmod 0755 "$STAGE/ordo"
touch -d "@$SOURCE_DATE_EPOCH" "$STAGE/ordo"

# -- THIRD_PARTY_NOTICES ----------------------------------------------------------------------
# notice TITLE VERSION FILE...: a component's heading, its version and the text of the first
# FILE that exists; none is an error, not a silent gap.
notices=$STAGE/THIRD_PARTY_NOTICES
notice() {
  local title=$1 version=$2 file
  shift 2
  for file in "$@"; do
    [[ -f $file ]] || continue
    printf '\n==============================================================================\n'
    printf '%s: %s\n' "$title" "$version"
    printf '==============================================================================\n\n'
    cat "$file"
    return
  done
  fail "no licence text for $title (looked at: $*)"
}
# deb PACKAGE: the Debian package and its version, as dpkg knows it.
deb() { echo "Debian package $1 $(dpkg-query -W -f '${Version}' "$1" 2>/dev/null || echo '(version unknown)')"; }
swift_share=$(dirname "$(dirname "$(command -v swift)")")/share/swift
{
  cat <<NOTICE
Ordo $VERSION: notices for what its engine holds besides Ordo

The file \`ordo\` (the engine) is one statically linked executable. Besides Ordo's own code
(MIT, see LICENSE) it holds, linked from the machine that built it:

* the GNU C Library (glibc), LGPL-2.1-or-later;
* jansson, which parses the JSON Ordo reads, MIT;
* SQLite, which holds --state, public domain (its "blessing");
* the Swift standard library and runtime, Apache-2.0 with the Runtime Library Exception;
* GCC's C++ runtime and support library (libstdc++, libgcc), GPL-3.0-or-later with the GCC
  Runtime Library Exception.

Their licence texts follow, each as its Debian package gives it. For the LGPL: Ordo's
complete source, with the script that builds this executable (make release, make dist), is
its repository; building it there against a modified C library makes the executable relinked
with that library.
NOTICE
  notice "The GNU C Library" "$(deb libc6-dev)" /usr/share/doc/libc6/copyright
  notice "jansson" "$(deb libjansson-dev)" /usr/share/doc/libjansson-dev/copyright \
    /usr/share/doc/libjansson4/copyright
  notice "SQLite" "$(deb libsqlite3-dev)" /usr/share/doc/libsqlite3-dev/copyright \
    /usr/share/doc/libsqlite3-0/copyright
  notice "The Swift standard library and runtime" "$(swift --version 2>/dev/null | head -n 1)" \
    "$swift_share/LICENSE.txt"
  notice "GCC's runtime libraries (libstdc++, libgcc)" "$(deb libstdc++6)" \
    /usr/share/doc/libstdc++6/copyright /usr/share/doc/libgcc-s1/copyright
  # Debian's texts above name these by their path on a Debian system: they go along whole.
  notice "The GNU Lesser General Public License, version 2.1 (the C library's)" "full text" \
    /usr/share/common-licenses/LGPL-2.1
  notice "The GNU General Public License, version 3 (GCC's runtime's)" "full text" \
    /usr/share/common-licenses/GPL-3
} > "$notices"
touch -d "@$SOURCE_DATE_EPOCH" "$notices"

# -- the Python wheel -------------------------------------------------------------------------
# stage_python DIR: the client's source as a package is built from it, with VERSION and LICENSE.
stage_python() {
  mkdir -p "$1"
  cp -r clients/python/pyproject.toml clients/python/setup.py clients/python/README.md \
    clients/python/MANIFEST.in clients/python/src VERSION LICENSE "$1/"
  find "$1" \( -name __pycache__ -o -name '*.egg-info' \) -prune -exec rm -rf {} +
}
python_stage=$STAGE/python
stage_python "$python_stage"
cp "$notices" "$python_stage/"
# The wheel carries the engine: its licence is Ordo's and the engine's parts'.
sed -i -e "s/^license = \"MIT\"\$/license = \"$LICENSE_EXPRESSION\"/" \
  -e 's/^license-files = \["LICENSE"\]$/license-files = ["LICENSE", "THIRD_PARTY_NOTICES"]/' \
  "$python_stage/pyproject.toml"
grep -qxF "license = \"$LICENSE_EXPRESSION\"" "$python_stage/pyproject.toml" \
  && grep -qxF 'license-files = ["LICENSE", "THIRD_PARTY_NOTICES"]' "$python_stage/pyproject.toml" \
  || fail "clients/python/pyproject.toml: no 'license = \"MIT\"' and 'license-files = [\"LICENSE\"]' lines to replace"
install -D -m 0755 "$STAGE/ordo" "$python_stage/src/ordo/_bin/ordo"
"$PY" -m pip wheel -q --no-deps --no-build-isolation --no-index -w "$OUT" "$python_stage"

# -- the Python sdist -------------------------------------------------------------------------
# The client alone, MIT, with no engine: what a packager or a user of another platform
# builds (a pure wheel, which finds an engine on PATH or at ORDO_BIN).
sdist_stage=$STAGE/python-sdist
stage_python "$sdist_stage"
(cd "$sdist_stage" \
  && "$PY" -c 'import sys; from setuptools import build_meta; build_meta.build_sdist(sys.argv[1])' \
    "$OUT" >/dev/null)
# setuptools writes the files' own times (and the build's, for what it generates) and a gzip
# header time: repacked in name order with the commit's time, root's owner and no gzip time.
"$PY" - "$OUT/ordo_client-$VERSION.tar.gz" "$SOURCE_DATE_EPOCH" <<'REPACK'
import gzip, io, sys, tarfile
path, epoch = sys.argv[1], int(sys.argv[2])
with tarfile.open(path) as sdist:
    members = [(m, sdist.extractfile(m).read() if m.isfile() else None) for m in sdist]
packed = io.BytesIO()
with tarfile.open(fileobj=packed, mode="w", format=tarfile.PAX_FORMAT) as out:
    for member, data in sorted(members, key=lambda pair: pair[0].name):
        member.mtime, member.uid, member.gid = epoch, 0, 0
        member.uname = member.gname = "root"
        member.mode = 0o755 if member.isdir() else 0o644
        member.pax_headers = {}
        out.addfile(member, None if data is None else io.BytesIO(data))
with open(path, "wb") as file, gzip.GzipFile("", "wb", 9, file, mtime=0) as zipped:
    zipped.write(packed.getvalue())
REPACK

# -- the npm tarball --------------------------------------------------------------------------
node_stage=$STAGE/node
mkdir -p "$node_stage/bin"
cp -r clients/node/package.json clients/node/index.js clients/node/index.d.ts clients/node/src \
  clients/node/examples clients/node/README.md LICENSE "$notices" "$node_stage/"
install -m 0755 "$STAGE/ordo" "$node_stage/bin/ordo"
# The staged package.json gains the `bin` entry and ships bin/ (in the source tree there is
# no binary for them to name), says where that binary runs (npm refuses to install the
# package elsewhere; the client skips a carried engine that does not fit), and can be
# published: the source tree's "private" only guards against publishing it engine-less.
node -e '
  const fs = require("node:fs");
  const [path, cpu, license] = process.argv.slice(1);
  const pkg = JSON.parse(fs.readFileSync(path, "utf8"));
  if (pkg.license !== "MIT") throw new Error(`${path}: license ${pkg.license}, LICENSE says MIT`);
  pkg.license = `(${license})`; // the engine inside: THIRD_PARTY_NOTICES
  delete pkg.private;
  delete pkg.scripts?.test; // test/ is not shipped
  delete pkg.scripts?.typecheck;
  pkg.os = ["linux"];
  pkg.cpu = [cpu];
  pkg.bin = { ordo: "bin/ordo" };
  // Yarn Plug-n-Play keeps packages in zip archives, where no binary can be run: this one
  // asks to be unpacked (npm and pnpm ignore the field).
  pkg.preferUnplugged = true;
  pkg.files = [...pkg.files, "bin/", "THIRD_PARTY_NOTICES"];
  fs.writeFileSync(path, JSON.stringify(pkg, null, 2) + "\n");
' "$node_stage/package.json" "$NPM_CPU" "$LICENSE_EXPRESSION"
(cd "$node_stage" && npm pack --silent --offline --pack-destination "$OUT" >/dev/null)

# -- the engine on its own ---------------------------------------------------------------------
name=ordo-$VERSION-linux-$ARCH
mkdir -p "$STAGE/$name"
cp "$STAGE/ordo" LICENSE "$notices" "$STAGE/$name/"
# Its README is for whoever unpacked it, not the repository's developer README; its sh block
# is run as written by integration/dist.
cat > "$STAGE/$name/README.md" <<README
# Ordo $VERSION for Linux $ARCH

Ordo keeps a user interface's layers and popups in the right order. It is a program that
a UI shell, in any language, starts as a subprocess and drives with JSON-RPC 2.0 over
stdin/stdout (NDJSON lines or LSP frames), the way editors drive language servers.

## In this archive

* \`ordo\`: the engine, one fully static executable for Linux on $ARCH (Swift runtime,
  jansson, SQLite and the C library inside; no shared library needed): it runs on any
  Linux of that architecture, glibc or musl (Alpine) alike.
* \`README.md\`: this file.
* \`LICENSE\`: the MIT license (Ordo's own code).
* \`THIRD_PARTY_NOTICES\`: the licences of the libraries the engine holds (the C library,
  jansson, SQLite, the Swift runtime, GCC's runtime).

It needs \`/proc\` mounted (the Swift runtime reads /proc/self/exe at start): a bare chroot
or a sandbox without it makes \`ordo\` abort before it starts.

## Check, install, run

In the folder that holds the archive and its checksum file (the same name + .sha256):

\`\`\`sh
sha256sum -c $name.tar.gz.sha256   # $name.tar.gz: OK
tar xzf $name.tar.gz
mkdir -p ~/.local/bin                        # or any folder on PATH
install $name/ordo ~/.local/bin/
ordo --version                     # ordo $VERSION
ordo call engine.ping              # one request from a shell: {"pong":true,"at":…}
\`\`\`

If \`sha256sum -c\` says FAILED (and exits 1), the archive is not the one the checksum was
made for: do not use it.

\`ordo\` with no subcommand serves JSON-RPC on stdin/stdout until the end of its input:

\`\`\`console
\$ echo '{"jsonrpc":"2.0","id":1,"method":"engine.ping"}' | ordo --clock manual
{"jsonrpc":"2.0","id":1,"result":{"pong":true,"at":0}}
\`\`\`

\`ordo help\` lists its flags and subcommands (\`call\`, \`replay\`, \`report\`), and \`ordo call
rpc.discover\` prints the whole contract (OpenRPC). The protocol's rules, the Python and
Node clients (a wheel and an npm package that carry this same engine) and the source are
in Ordo's repository: its README.md and docs/protocol.md.
README
touch -d "@$SOURCE_DATE_EPOCH" "$STAGE/$name/README.md"
tar -C "$STAGE" --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$SOURCE_DATE_EPOCH" \
  -cf - "$name" | gzip -9 -n > "$OUT/$name.tar.gz"
(cd "$OUT" && sha256sum "$name.tar.gz" > "$name.tar.gz.sha256")

echo "make dist: $OUT"
ls -l "$OUT"
