"""make dist: what a user without a Swift toolchain installs.

The wheel and the npm tarball are installed offline into a fresh virtualenv and a fresh npm
project in a temporary folder outside the repository, with no Swift toolchain, no `ordo`
and no `.build/` in reach; each plays the seed's advanced scenario with no engine path
given, and their `ordo` commands run. The release tarball's checksum is verified.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from base64 import urlsafe_b64encode
from pathlib import Path

from dist_support import ARCH, ENGINE_LICENSE, REPO, VERSION, Dist, Sandbox, elf_is_static

# A static engine: glibc's manylinux (both spellings) and musl's musllinux.
PLATFORMS = ("manylinux_2_17", "manylinux2014", "musllinux_1_1", "musllinux_1_2")
WHEEL_TAG = "py3-none-" + ".".join(f"{platform}_{ARCH}" for platform in PLATFORMS)
SEED_ORDER = ["B", "A", "C"]


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def test_artifacts_carry_the_version(dist: Dist) -> None:
    assert sorted(p.name for p in dist.folder.iterdir()) == sorted(
        [
            f"ordo_client-{VERSION}-{WHEEL_TAG}.whl",
            f"ordo-client-{VERSION}.tgz",
            f"ordo-{VERSION}-linux-{ARCH}.tar.gz",
            f"ordo-{VERSION}-linux-{ARCH}.tar.gz.sha256",
            f"ordo_client-{VERSION}.tar.gz",
        ]
    )


def test_readme_install_names_these_artifacts(dist: Dist) -> None:
    """The README's Install section, before the build from source, installs what dist/ has."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    start = readme.index("\n## Install\n")
    assert start < readme.index("\n## Two commands\n")
    section = readme[start : readme.index("\n## ", start + 1)]
    pattern = (
        r"(?:ordo_client|ordo-client|ordo)-[0-9][^\s/`']*?\.(?:whl|tgz|tar\.gz\.sha256|tar\.gz)"
    )
    assert set(re.findall(pattern, section)) == {p.name for p in dist.folder.iterdir()}


def test_one_version_everywhere(dist: Dist) -> None:
    """VERSION is written once; the engine, the wheel and the npm package all say it."""
    engine = subprocess.run(
        [REPO / ".build/release/ordo", "--version"], capture_output=True, text=True, check=True
    )
    assert engine.stdout == f"ordo {VERSION}\n"
    package_json = json.loads((REPO / "clients/node/package.json").read_text(encoding="utf-8"))
    assert package_json["version"] == VERSION, "clients/node/package.json disagrees with VERSION"
    init = (REPO / "clients/python/src/ordo/__init__.py").read_text(encoding="utf-8")
    assert f'__version__ = "{VERSION}"' in init, "ordo.__version__ disagrees with VERSION"
    with zipfile.ZipFile(dist.wheel) as wheel:
        metadata = wheel.read(f"ordo_client-{VERSION}.dist-info/METADATA").decode()
    assert f"\nVersion: {VERSION}\n" in metadata
    with tarfile.open(dist.npm) as npm:
        member = npm.extractfile("package/package.json")
        assert member is not None
        assert json.load(member)["version"] == VERSION


def test_wheel_tag_and_contents(dist: Dist) -> None:
    with zipfile.ZipFile(dist.wheel) as wheel:
        info = f"ordo_client-{VERSION}.dist-info"
        fields = wheel.read(f"{info}/WHEEL").decode().splitlines()
        assert "Root-Is-Purelib: false" in fields
        tags = sorted(line.split(": ", 1)[1] for line in fields if line.startswith("Tag: "))
        assert tags == [
            f"py3-none-manylinux2014_{ARCH}",
            f"py3-none-manylinux_2_17_{ARCH}",
            f"py3-none-musllinux_1_1_{ARCH}",
            f"py3-none-musllinux_1_2_{ARCH}",
        ]
        entry_points = wheel.read(f"{info}/entry_points.txt").decode()
        # The command's target is the top-level launcher, not a module of the ordo package.
        assert "[console_scripts]\nordo = _ordo_launcher:main" in entry_points
        metadata = wheel.read(f"{info}/METADATA").decode()
        assert f"License-Expression: {ENGINE_LICENSE}" in metadata.splitlines()
        assert {"License-File: LICENSE", "License-File: THIRD_PARTY_NOTICES"} <= set(
            metadata.splitlines()
        )
        assert wheel.read(f"{info}/licenses/THIRD_PARTY_NOTICES") == dist.notices
        names = set(wheel.namelist())
        assert {
            "_ordo_launcher.py",
            "ordo/__init__.py",
            "ordo/__main__.py",
            "ordo/_cli.py",
            "ordo/py.typed",
            f"{info}/licenses/LICENSE",
        } <= names
        engine = wheel.getinfo("ordo/_bin/ordo")
        assert (engine.external_attr >> 16) & 0o777 == 0o755, "the engine is executable"
        binary = wheel.read(engine)
        assert elf_is_static(binary), "the engine needs no dynamic loader (any Linux)"
        # RECORD vouches for the engine's bytes, as pip checks.
        record = wheel.read(f"{info}/RECORD").decode()
        digest = urlsafe_b64encode(hashlib.sha256(binary).digest()).rstrip(b"=").decode()
        assert f"ordo/_bin/ordo,sha256={digest},{len(binary)}" in record.splitlines()


def _tool(name: str, *args: str | Path) -> subprocess.CompletedProcess[str]:
    """A checker of integration/dist/requirements.txt, from the venv running the tests."""
    return subprocess.run(
        [str(Path(sys.executable).parent / name), *map(str, args)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_registries_and_packagers_accept_the_python_artifacts(dist: Dist) -> None:
    """What PyPI and a packager run: twine's strict check (metadata, the README renders),
    check-wheel-contents (no stray or duplicate files), auditwheel (the engine links no
    shared library, so the manylinux tags hold)."""
    twine = _tool("twine", "check", "--strict", dist.wheel, dist.sdist)
    assert twine.returncode == 0, twine.stdout + twine.stderr
    assert twine.stdout.count("PASSED") == 2, twine.stdout
    contents = _tool("check-wheel-contents", dist.wheel)
    assert contents.returncode == 0 and contents.stdout.rstrip().endswith(": OK"), contents
    audit = _tool("auditwheel", "show", dist.wheel)
    assert audit.returncode == 0, audit.stdout + audit.stderr
    assert "The wheel requires no external shared libraries" in audit.stdout, audit.stdout
    assert "references no external versioned symbols" in audit.stdout, audit.stdout


def test_third_party_notices_name_and_quote_what_the_engine_holds(dist: Dist) -> None:
    """The static engine holds glibc (LGPL), jansson (MIT, whose notice must go with
    binaries), SQLite, the Swift runtime and GCC's runtime: each artefact carries their
    licences, and the same file."""
    text = dist.notices.decode()
    for heading in (
        "The GNU C Library: Debian package libc6-dev ",
        "jansson: Debian package libjansson-dev ",
        "SQLite: Debian package libsqlite3-dev ",
        "The Swift standard library and runtime: Swift version ",
        "GCC's runtime libraries (libstdc++, libgcc): Debian package libstdc++6 ",
    ):
        assert f"\n{heading}" in text, heading
    for quoted in (
        "GNU LESSER GENERAL PUBLIC LICENSE\n                       Version 2.1",
        "GNU GENERAL PUBLIC LICENSE\n                       Version 3",
        "Petri Lehtinen",  # jansson's copyright holder
        "License: public-domain",  # SQLite
        "Runtime Library Exception to the Apache 2.0 License",  # Swift's
        "GCC RUNTIME LIBRARY EXCEPTION",
    ):
        assert quoted in text, quoted
    assert f"Ordo {VERSION}: notices" in text.splitlines()[0]
    with tarfile.open(dist.npm) as npm:
        member = npm.extractfile("package/THIRD_PARTY_NOTICES")
        assert member is not None and member.read() == dist.notices


def test_dist_replaces_only_its_own_artifacts_and_ignores_the_umask(
    dist: Dist, tmp_path: Path
) -> None:
    """ORDO_DIST_DIR names the folder: a folder named by mistake loses nothing but an
    earlier dist's artefacts (the script once ran rm -rf on it), and a builder's umask 002
    changes no byte (group-writable files in the wheel and the tarball once did)."""
    folder = tmp_path / "out"
    folder.mkdir()
    (folder / "notes.txt").write_text("mine\n", encoding="utf-8")
    (folder / dist.npm.name).write_bytes(b"an older build")
    done = subprocess.run(
        ["bash", "-c", 'umask 002 && exec "$0"', REPO / "tools" / "dist.sh"],
        env={**os.environ, "ORDO_DIST_DIR": str(folder), "PY": sys.executable},
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert (folder / "notes.txt").read_text(encoding="utf-8") == "mine\n"
    built = sorted(p.name for p in dist.folder.iterdir())
    assert sorted(p.name for p in folder.iterdir()) == sorted([*built, "notes.txt"])
    for name in built:
        assert (folder / name).read_bytes() == (dist.folder / name).read_bytes(), name


def test_the_three_artifacts_carry_the_same_engine(dist: Dist) -> None:
    with zipfile.ZipFile(dist.wheel) as wheel:
        in_wheel = _sha256(wheel.read("ordo/_bin/ordo"))
    with tarfile.open(dist.npm) as npm:
        member = npm.getmember("package/bin/ordo")
        assert member.mode & 0o777 == 0o755
        extracted = npm.extractfile(member)
        assert extracted is not None
        in_npm = _sha256(extracted.read())
    with tarfile.open(dist.tarball) as tarball:
        extracted = tarball.extractfile(f"ordo-{VERSION}-linux-{ARCH}/ordo")
        assert extracted is not None
        in_tarball = _sha256(extracted.read())
    assert in_wheel == in_npm == in_tarball


def _section(image: bytes, wanted: str) -> bytes:
    """The bytes of the ELF64 section named `wanted` (empty when there is none)."""
    shoff = int.from_bytes(image[0x28:0x30], "little")
    shentsize, shnum, shstrndx = (
        int.from_bytes(image[at : at + 2], "little") for at in (0x3A, 0x3C, 0x3E)
    )

    def header(index: int) -> tuple[int, int, int]:
        base = shoff + index * shentsize
        name = int.from_bytes(image[base : base + 4], "little")
        offset = int.from_bytes(image[base + 24 : base + 32], "little")
        size = int.from_bytes(image[base + 32 : base + 40], "little")
        return name, offset, size

    names = header(shstrndx)[1]
    for index in range(shnum):
        name, offset, size = header(index)
        if image[names + name : image.index(b"\0", names + name)].decode() == wanted:
            return image[offset : offset + size]
    return b""


def test_the_packaged_engine_is_settled(dist: Dist, tmp_path: Path) -> None:
    """The compiler's module hashes (which hold the build folder's path) are zeroed and the
    build-id is the SHA-1 of the file with its own 20 bytes zeroed, so it still names the
    bytes shipped (tools/settle_engine.py)."""
    with zipfile.ZipFile(dist.wheel) as wheel:
        image = wheel.read("ordo/_bin/ordo")
    modhash = _section(image, ".swift_modhash")
    assert modhash and modhash == bytes(len(modhash))
    note = _section(image, ".note.gnu.build-id")
    build_id = note[16:36]
    assert len(note) == 36 and note[12:16] == b"GNU\0"
    at = image.index(note) + 16
    zeroed = image[:at] + bytes(20) + image[at + 20 :]
    assert build_id == hashlib.sha1(zeroed).digest()
    engine = tmp_path / "ordo"
    engine.write_bytes(image)
    engine.chmod(0o755)
    ping = b'{"jsonrpc":"2.0","id":1,"method":"engine.ping"}\n'
    answer = subprocess.run([engine], input=ping, capture_output=True, check=True).stdout
    assert json.loads(answer)["result"]["pong"] is True


def _settle(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, REPO / "tools" / "settle_engine.py", path],
        capture_output=True,
        text=True,
        check=False,
    )


def test_settling_finds_the_build_id_in_any_note_section_and_refuses_what_is_no_elf(
    tmp_path: Path,
) -> None:
    """Another linker may name the note's section otherwise, or write no build-id: the
    note is found by its type, and a file without one only has its hashes zeroed. A file
    that is not a whole ELF is refused in one line (it was a Python traceback)."""
    engine = REPO / ".build" / "release" / "ordo"
    renamed, bare = tmp_path / "renamed", tmp_path / "bare"
    objcopy = ["objcopy", "--rename-section", ".note.gnu.build-id=.note.other"]
    subprocess.run([*objcopy, engine, renamed], check=True)
    subprocess.run(["objcopy", "--remove-section", ".note.gnu.build-id", engine, bare], check=True)
    for path in (renamed, bare):
        done = _settle(path)
        assert done.returncode == 0 and done.stderr == "", done.stderr
        image = path.read_bytes()
        modhash = _section(image, ".swift_modhash")
        assert modhash and modhash == bytes(len(modhash))
    note = _section(renamed.read_bytes(), ".note.other")
    image = renamed.read_bytes()
    at = image.index(note) + 16
    assert note[16:36] == hashlib.sha1(image[:at] + bytes(20) + image[at + 20 :]).digest()
    assert _section(bare.read_bytes(), ".note.gnu.build-id") == b""
    cut = tmp_path / "cut"
    cut.write_bytes(engine.read_bytes()[:100])
    for path in (cut, tmp_path / "missing"):
        done = _settle(path)
        assert done.returncode == 1
        assert done.stderr.startswith(f"settle_engine.py: {path}: ")
        assert done.stderr.count("\n") == 1, done.stderr


def test_a_checkout_elsewhere_builds_the_same_packages(dist: Dist, tmp_path: Path) -> None:
    """Bit for bit: the repository's files copied to another path of another length, built
    there (make release's build) and packaged there give dist/'s exact bytes. Two such
    builds differed in the compiler's module hashes and the build-id over them."""
    elsewhere = tmp_path / "another-checkout-of-ordo"
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=REPO,
        capture_output=True,
        check=True,
    ).stdout
    for name in filter(None, listed.decode().split("\0")):
        source = REPO / name
        if source.is_file():
            (elsewhere / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, elsewhere / name)
    build = subprocess.run(
        # make release itself, so that the build is the Makefile's, flags and all
        ["make", "--no-print-directory", "release"],
        cwd=elsewhere,
        capture_output=True,
        text=True,
        check=False,
    )
    assert build.returncode == 0, build.stdout[-4000:] + build.stderr[-4000:]
    epoch = subprocess.run(
        ["git", "log", "-1", "--format=%ct"], cwd=REPO, capture_output=True, text=True, check=True
    ).stdout.strip()
    packaged = subprocess.run(
        [elsewhere / "tools" / "dist.sh"],
        env={
            **os.environ,
            "ORDO_DIST_DIR": str(tmp_path / "out"),
            "PY": sys.executable,
            "SOURCE_DATE_EPOCH": os.environ.get("SOURCE_DATE_EPOCH", epoch),
        },
        cwd=elsewhere,
        capture_output=True,
        text=True,
        check=False,
    )
    assert packaged.returncode == 0, packaged.stderr
    built = sorted(p.name for p in dist.folder.iterdir())
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == built
    for name in built:
        assert (tmp_path / "out" / name).read_bytes() == (dist.folder / name).read_bytes(), name


def test_release_tarball_and_checksum(dist: Dist, sandbox: Sandbox) -> None:
    check = sandbox.run(["sha256sum", "-c", dist.checksum.name], cwd=dist.folder, env=sandbox.env())
    assert check.stdout == f"{dist.tarball.name}: OK\n"
    # The check can fail: a copy with one byte changed does not pass.
    copy = sandbox.root / "tampered"
    copy.mkdir()
    shutil.copy(dist.checksum, copy)
    data = bytearray(dist.tarball.read_bytes())
    data[len(data) // 2] ^= 0xFF
    (copy / dist.tarball.name).write_bytes(bytes(data))
    bad = sandbox.run(
        ["sha256sum", "-c", dist.checksum.name], cwd=copy, env=sandbox.env(), check=False
    )
    assert bad.returncode != 0 and "FAILED" in bad.stdout

    top = f"ordo-{VERSION}-linux-{ARCH}"
    with tarfile.open(dist.tarball) as tarball:
        files = {m.name: m for m in tarball.getmembers() if m.isfile()}
        assert sorted(files) == [
            f"{top}/LICENSE",
            f"{top}/README.md",
            f"{top}/THIRD_PARTY_NOTICES",
            f"{top}/ordo",
        ]
        assert files[f"{top}/ordo"].mode & 0o777 == 0o755
        member = tarball.extractfile(files[f"{top}/LICENSE"])
        assert member is not None and member.read() == (REPO / "LICENSE").read_bytes()
        tarball.extractall(sandbox.root / "unpacked")
    version = sandbox.run(
        [sandbox.root / "unpacked" / top / "ordo", "--version"], cwd=sandbox.root, env=sandbox.env()
    )
    assert version.stdout == f"ordo {VERSION}\n"


def test_the_sandbox_is_out_of_reach_of_the_repository(sandbox: Sandbox) -> None:
    assert not sandbox.root.is_relative_to(REPO)
    for folder in (sandbox.root, *sandbox.root.parents):
        assert not (folder / ".build").exists(), f"{folder}/.build would be found"
    for name in ("swift", "swiftc", "ordo"):
        assert shutil.which(name, path=sandbox.path) is None, f"{name} on the sandbox's PATH"


def test_wheel_plays_the_seed_scenario_with_no_engine_path(venv: Path, sandbox: Sandbox) -> None:
    script = sandbox.root / "scenario.py"
    shutil.copy(Path(__file__).with_name("scenario.py"), script)
    run = sandbox.run(
        [venv / "bin" / "python", script], cwd=sandbox.root, env=sandbox.env(prepend=[venv / "bin"])
    )
    result = json.loads(run.stdout)
    assert result["shown"] == SEED_ORDER
    assert result["waiting_while_B_shows"] == ["A", "C"]
    site_packages = next((venv / "lib").glob("python3*/site-packages"))
    assert result["binary"] == str(site_packages / "ordo" / "_bin" / "ordo"), (
        "the engine it carries"
    )
    assert result["server_version"] == result["client_version"] == VERSION


def test_wheel_puts_ordo_on_path(venv: Path, sandbox: Sandbox) -> None:
    env = sandbox.env(prepend=[venv / "bin"])
    assert shutil.which("ordo", path=env["PATH"]) == str(venv / "bin" / "ordo")
    version = sandbox.run(["ordo", "--version"], cwd=sandbox.root, env=env)
    assert version.stdout == f"ordo {VERSION}\n"
    # Arguments and exit status pass through: a bad flag fails as the engine itself fails.
    engine = next((venv / "lib").glob("python3*/site-packages/ordo/_bin/ordo"))
    direct = sandbox.run([engine, "--no-such-flag"], cwd=sandbox.root, env=env, check=False)
    shim = sandbox.run(["ordo", "--no-such-flag"], cwd=sandbox.root, env=env, check=False)
    assert direct.returncode != 0
    assert (shim.returncode, shim.stdout, shim.stderr) == (
        direct.returncode,
        direct.stdout,
        direct.stderr,
    )
    call = sandbox.run(
        ["ordo", "--clock", "manual", "call", "engine.ping"], cwd=sandbox.root, env=env
    )
    assert json.loads(call.stdout) == {"pong": True, "at": 0}


def test_npm_tarball_plays_the_seed_scenario_with_no_bin(
    npm_project: Path, sandbox: Sandbox
) -> None:
    script = npm_project / "scenario.mjs"
    shutil.copy(Path(__file__).with_name("scenario.mjs"), script)
    run = sandbox.run(["node", script], cwd=npm_project, env=sandbox.env())
    result = json.loads(run.stdout)
    assert result["shown"] == SEED_ORDER
    assert result["waitingWhileBShows"] == ["A", "C"]
    assert result["bin"] == str(npm_project / "node_modules" / "ordo-client" / "bin" / "ordo")
    assert result["serverVersion"] == result["packageVersion"] == VERSION


def test_npm_tarball_has_a_bin_and_no_dependencies(npm_project: Path, sandbox: Sandbox) -> None:
    package = npm_project / "node_modules" / "ordo-client"
    manifest = json.loads((package / "package.json").read_text(encoding="utf-8"))
    assert manifest["bin"] == {"ordo": "bin/ordo"}
    # Yarn Plug-n-Play would otherwise keep the engine inside a zip, where it cannot run.
    assert manifest["preferUnplugged"] is True
    for field in ("dependencies", "optionalDependencies", "peerDependencies"):
        assert field not in manifest
    installed = sorted(p.name for p in (npm_project / "node_modules").iterdir())
    assert [name for name in installed if not name.startswith(".")] == ["ordo-client"]
    assert (npm_project / "node_modules/.bin/ordo").resolve() == package / "bin/ordo"
    env = sandbox.env(npm_config_cache=str(sandbox.root / "npm-cache"))
    version = sandbox.run(["npx", "ordo", "--version"], cwd=npm_project, env=env)
    assert version.stdout == f"ordo {VERSION}\n"


def test_source_install_carries_no_engine_and_falls_through_to_path(
    dist: Dist, sandbox: Sandbox
) -> None:
    """`pip install ./clients/python` without make dist: a pure wheel, no `ordo` command;
    Engine() finds `ordo` on PATH, and names what it tried when there is none.
    """
    checkout = sandbox.root / "checkout"
    shutil.copytree(
        REPO / "clients/python",
        checkout / "clients/python",
        ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__", ".*"),
    )
    shutil.copy(REPO / "VERSION", checkout / "VERSION")
    wheel = _built_wheel(sandbox, checkout / "clients/python", "source-wheel")
    assert wheel.name == f"ordo_client-{VERSION}-py3-none-any.whl"
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
    assert not [n for n in names if "_bin" in n or n.endswith("entry_points.txt")]
    # MIT asks for its notice in every copy: a source install carries LICENSE too.
    assert f"ordo_client-{VERSION}.dist-info/licenses/LICENSE" in names

    root = sandbox.root / "source-venv"
    base_python = getattr(sys, "_base_executable", sys.executable)
    # No pip of its own (faster): the repository's pip installs into it (pip --python).
    sandbox.run(
        [base_python, "-m", "venv", "--without-pip", root], cwd=sandbox.root, env=sandbox.env()
    )
    sandbox.run(
        [
            *(sys.executable, "-m", "pip", "--python", root / "bin/python", "install", "-q"),
            *("--no-index", "--no-cache-dir", wheel),
        ],
        cwd=sandbox.root,
        env=sandbox.env(PIP_DISABLE_PIP_VERSION_CHECK="1"),
    )
    assert not (root / "bin" / "ordo").exists()
    probe = "import ordo\ntry:\n    print(ordo.find_engine())\nexcept ordo.EngineNotFound as e:\n"
    probe += "    print('not found:', e)\n"
    nowhere = sandbox.run([root / "bin/python", "-c", probe], cwd=sandbox.root, env=sandbox.env())
    assert nowhere.stdout.startswith("not found: cannot find the ordo engine. Tried: ORDO_BIN")
    assert "_bin/ordo: absent" in nowhere.stdout and "on PATH" in nowhere.stdout

    on_path = sandbox.root / "usr-local-bin"
    with tarfile.open(dist.tarball) as tarball:
        member = tarball.getmember(f"ordo-{VERSION}-linux-{ARCH}/ordo")
        member.name = "ordo"
        tarball.extract(member, on_path)
    env = sandbox.env(prepend=[on_path])
    found = sandbox.run([root / "bin/python", "-c", probe], cwd=sandbox.root, env=env)
    assert found.stdout == f"{on_path / 'ordo'}\n"


def _built_wheel(sandbox: Sandbox, source: Path, folder: str) -> Path:
    """The one wheel pip builds from `source` (a folder or an sdist) into `folder` of the
    sandbox, as it builds a source install: with the repository's pinned setuptools,
    offline."""
    wheels = sandbox.root / folder
    sandbox.run(
        [
            *(sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation"),
            *("--no-index", "-w", wheels, source),
        ],
        cwd=sandbox.root,
        env=sandbox.env(PIP_DISABLE_PIP_VERSION_CHECK="1"),
    )
    (wheel,) = wheels.iterdir()
    return wheel


def test_the_sdist_is_the_client_alone_and_builds_a_pure_wheel(
    dist: Dist, sandbox: Sandbox
) -> None:
    """For packagers and other platforms: the client's source, MIT, with VERSION and no
    engine, builds (with no Swift toolchain) a py3-none-any wheel of the same version; an
    unpacked sdist without its VERSION file reads PKG-INFO's (a source install of
    clients/python alone once failed for want of the repository's VERSION)."""
    top = f"ordo_client-{VERSION}"
    with tarfile.open(dist.sdist) as sdist:
        names = sdist.getnames()
        assert {f"{top}/VERSION", f"{top}/LICENSE", f"{top}/PKG-INFO", f"{top}/setup.py"} <= set(
            names
        )
        assert not [n for n in names if "_bin" in n or "THIRD_PARTY" in n], names
        sdist.extractall(sandbox.root / "sdist", filter="data")
    unpacked = sandbox.root / "sdist" / top
    from_sdist = _built_wheel(sandbox, dist.sdist, "from-sdist")
    (unpacked / "VERSION").unlink()
    without_version = _built_wheel(sandbox, unpacked, "no-version-file")
    for wheel in (from_sdist, without_version):
        assert wheel.name == f"ordo_client-{VERSION}-py3-none-any.whl", wheel
        with zipfile.ZipFile(wheel) as archive:
            metadata = archive.read(f"{top}.dist-info/METADATA").decode().splitlines()
            assert not [n for n in archive.namelist() if "_bin" in n], wheel
        assert {f"Version: {VERSION}", "License-Expression: MIT"} <= set(metadata), wheel


def _fenced(text: str, language: str) -> list[str]:
    """The bodies of the ```language blocks of a Markdown text."""
    return re.findall(rf"^```{language}\n(.*?)^```$", text, flags=re.S | re.M)


def test_the_readme_engine_alone_block_runs_as_printed(dist: Dist, sandbox: Sandbox) -> None:
    """The root README's "engine alone" steps, run from a folder that holds dist/ (as the
    blocks above it are) by a user whose ~/.local/bin does not exist yet: once they named
    the files without dist/ and installed into a missing folder."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    after = readme[readme.index("**The engine alone**") :]
    steps = _fenced(after, "sh")[0]
    assert f"sha256sum -c {dist.checksum.name}" in steps
    folder = sandbox.root / "readme-alone"
    (folder / "dist").mkdir(parents=True)
    for artifact in (dist.tarball, dist.checksum):
        shutil.copy(artifact, folder / "dist")
    home = sandbox.root / "readme-alone-home"
    home.mkdir()
    env = sandbox.env(HOME=str(home))
    run = sandbox.run(["bash", "-euo", "pipefail", "-c", steps], cwd=folder, env=env)
    assert run.stdout.splitlines()[0] == f"{dist.tarball.name}: OK"
    installed = home / ".local/bin/ordo"
    version = sandbox.run([installed, "--version"], cwd=folder, env=env)
    assert version.stdout == f"ordo {VERSION}\n"


def test_release_tarball_has_a_readme_of_its_own(dist: Dist, sandbox: Sandbox) -> None:
    """Not the repository's developer README: what the archive holds, how to check the
    .sha256 and run the engine; its sh block and its session work as written, in a folder
    holding only the archive and its checksum, with ~/.local/bin on PATH.
    """
    top = f"ordo-{VERSION}-linux-{ARCH}"
    with tarfile.open(dist.tarball) as tarball:
        member = tarball.extractfile(f"{top}/README.md")
        assert member is not None
        readme = member.read().decode()
    assert readme != (REPO / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) < 60, "short"
    assert readme.startswith(f"# Ordo {VERSION} for Linux {ARCH}\n")
    for said in (
        "`ordo`",
        "`README.md`",
        "`LICENSE`",
        "`THIRD_PARTY_NOTICES`",
        "static",
        "musl",
        "`/proc`",
    ):
        assert said in readme
    assert "make " not in readme and "swift build" not in readme, "no build instructions"

    (steps,) = _fenced(readme, "sh")
    assert f"sha256sum -c {dist.checksum.name}" in steps
    folder = sandbox.root / "tarball-readme"
    folder.mkdir()
    for artifact in (dist.tarball, dist.checksum):
        shutil.copy(artifact, folder)
    home = sandbox.root / "tarball-home"
    env = sandbox.env(prepend=[home / ".local/bin"], HOME=str(home))
    run = sandbox.run(["bash", "-euo", "pipefail", "-c", steps], cwd=folder, env=env)
    lines = run.stdout.splitlines()
    assert lines[:2] == [f"{dist.tarball.name}: OK", f"ordo {VERSION}"]
    assert json.loads(lines[2])["pong"] is True
    assert (home / ".local/bin/ordo").is_file()

    (session,) = _fenced(readme, "console")
    command, *output = session.splitlines()
    assert command.startswith("$ ")
    shown = sandbox.run(["bash", "-c", command[2:]], cwd=folder, env=env)
    assert shown.stdout.splitlines() == output
