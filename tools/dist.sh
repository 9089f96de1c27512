#!/usr/bin/env bash
# make dist: what a user without a Swift toolchain installs, built into dist/ from the static
# engine of `make release`:
#
#   ordo_client-V-py3-none-manylinux_2_17_ARCH.manylinux2014_ARCH.whl
#       the Python client with the engine at ordo/_bin/ordo and an `ordo` console script
#   ordo-client-V.tgz      the Node client (npm pack) with the engine at bin/ordo, its `bin`
#   ordo-V-linux-ARCH.tar.gz (+ .sha256)   the engine, README.md, LICENSE
#
# V is the repository's VERSION file. Each package is built from a staging copy under
# .build/dist-stage, so the source tree never holds a binary and a source install of either
# client stays engine-free. The engine is stripped (symbols and debug info: 18 → 11 MB).
# Timestamps come from the last commit (SOURCE_DATE_EPOCH), so rebuilding the same commit
# gives the same tarball.
set -euo pipefail
cd "$(dirname "$0")/.."

ENGINE=${ENGINE:-.build/release/ordo}
PY=${PY:-.venv/bin/python}
OUT=${OUT:-dist}
STAGE=.build/dist-stage

fail() { echo "make dist: $*" >&2; exit 1; }

VERSION=$(tr -d '[:space:]' < VERSION)
[[ $VERSION =~ ^[0-9]+\.[0-9]+\.[0-9]+([.+-][0-9A-Za-z.+-]*)?$ ]] || fail "VERSION: not a version: '$VERSION'"
[[ -x $ENGINE ]] || fail "no engine at $ENGINE (make release)"
[[ $("$ENGINE" --version) == "ordo $VERSION" ]] \
  || fail "$ENGINE --version says '$("$ENGINE" --version)', VERSION says $VERSION: rebuild (make release)"
NODE_VERSION=$(node -p "require('./clients/node/package.json').version")
[[ $NODE_VERSION == "$VERSION" ]] \
  || fail "clients/node/package.json has version $NODE_VERSION, VERSION says $VERSION"
if LC_ALL=C readelf -l "$ENGINE" | grep -q 'INTERP'; then
  fail "$ENGINE is dynamically linked: build it with make release (fully static)"
fi
case $(LC_ALL=C readelf -h "$ENGINE" | sed -n 's/^ *Machine: *//p') in
  *X86-64*) ARCH=x86_64 ;;
  *AArch64*) ARCH=aarch64 ;;
  *) fail "$ENGINE: an architecture this script has no name for" ;;
esac
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}

rm -rf "$STAGE" "$OUT"
mkdir -p "$STAGE" "$OUT"
OUT=$(cd "$OUT" && pwd)
strip -o "$STAGE/ordo" "$ENGINE"
chmod 0755 "$STAGE/ordo"
touch -d "@$SOURCE_DATE_EPOCH" "$STAGE/ordo"

# -- the Python wheel -------------------------------------------------------------------------
python_stage=$STAGE/python
mkdir -p "$python_stage"
cp -r clients/python/pyproject.toml clients/python/setup.py clients/python/README.md \
  clients/python/src "$python_stage/"
find "$python_stage" \( -name __pycache__ -o -name '*.egg-info' \) -prune -exec rm -rf {} +
cp VERSION LICENSE "$python_stage/"
install -D -m 0755 "$STAGE/ordo" "$python_stage/src/ordo/_bin/ordo"
"$PY" -m pip wheel -q --no-deps --no-build-isolation --no-index -w "$OUT" "$python_stage"

# -- the npm tarball --------------------------------------------------------------------------
node_stage=$STAGE/node
mkdir -p "$node_stage/bin"
cp -r clients/node/package.json clients/node/index.js clients/node/index.d.ts clients/node/src \
  clients/node/examples clients/node/README.md LICENSE "$node_stage/"
install -m 0755 "$STAGE/ordo" "$node_stage/bin/ordo"
# The staged package.json gains the `bin` entry and ships bin/: in the source tree there is
# no binary for them to name.
node -e '
  const fs = require("node:fs");
  const path = process.argv[1];
  const pkg = JSON.parse(fs.readFileSync(path, "utf8"));
  pkg.bin = { ordo: "bin/ordo" };
  pkg.files = [...pkg.files, "bin/"];
  fs.writeFileSync(path, JSON.stringify(pkg, null, 2) + "\n");
' "$node_stage/package.json"
(cd "$node_stage" && npm pack --silent --offline --pack-destination "$OUT" >/dev/null)

# -- the engine on its own ---------------------------------------------------------------------
name=ordo-$VERSION-linux-$ARCH
mkdir -p "$STAGE/$name"
cp "$STAGE/ordo" README.md LICENSE "$STAGE/$name/"
tar -C "$STAGE" --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$SOURCE_DATE_EPOCH" \
  -cf - "$name" | gzip -9 -n > "$OUT/$name.tar.gz"
(cd "$OUT" && sha256sum "$name.tar.gz" > "$name.tar.gz.sha256")

echo "make dist: $OUT"
ls -l "$OUT"
