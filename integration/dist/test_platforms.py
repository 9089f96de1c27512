"""Where each package says it runs, and what it tells whoever installs it.

The engine is static, so the wheel is tagged for glibc (manylinux) and musl (musllinux,
Alpine) Linux of its architecture, and pip's own resolver agrees; a dynamically linked
engine would get the plain linux_<arch> tag. The npm package names its license, its os and
cpu (from the engine's ELF header), and can be published; copied to another machine, its
client passes over the engine it carries and says so. The wheel's long description and the
npm package's README open with installing that package, not with the repository.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from email.parser import Parser
from pathlib import Path

import pytest

from dist_support import (
    ARCH,
    ENGINE_LICENSE,
    NPM_CPU,
    REPO,
    VERSION,
    Dist,
    Sandbox,
    elf_arch,
    elf_is_static,
)

OTHER_ARCH = "aarch64" if ARCH == "x86_64" else "x86_64"


def _pip_would_install(dist: Dist, sandbox: Sandbox, platforms: list[str]) -> bool:
    """pip's answer for a machine whose pip accepts these platform tags (its resolver, not
    our reading of the tags)."""
    run = sandbox.run(
        [
            *(sys.executable, "-m", "pip", "install", "--dry-run", "--no-deps", "--no-index"),
            *("--only-binary=:all:", "--python-version", "3.9"),
            *(arg for platform in platforms for arg in ("--platform", platform)),
            *("--target", sandbox.root / "pip-dry-run", dist.wheel),
        ],
        cwd=sandbox.root,
        env=sandbox.env(PIP_DISABLE_PIP_VERSION_CHECK="1"),
        check=False,
    )
    if run.returncode == 0:
        assert f"Would install ordo-client-{VERSION}" in run.stdout, run.stdout
        return True
    assert "is not a supported wheel on this platform" in run.stderr, run.stderr
    return False


def _glibc(minor: int, arch: str = ARCH) -> list[str]:
    """What pip accepts on a glibc 2.<minor> machine (packaging's manylinux_platforms)."""
    tags = [f"manylinux_2_{m}_{arch}" for m in range(minor, 4, -1)]
    aliases = {17: "manylinux2014", 12: "manylinux2010", 5: "manylinux1"}
    return [*tags, *(f"{alias}_{arch}" for m, alias in aliases.items() if m <= minor)]


def _musl(minor: int, arch: str = ARCH) -> list[str]:
    """What pip accepts on a musl 1.<minor> machine (packaging's musllinux platform_tags)."""
    return [f"musllinux_1_{m}_{arch}" for m in range(minor, -1, -1)]


@pytest.mark.parametrize(
    "platforms",
    [
        # As asked for by name, the way `pip download --platform` fetches for another machine.
        [f"manylinux_2_17_{ARCH}"],
        [f"manylinux2014_{ARCH}"],
        [f"musllinux_1_1_{ARCH}"],
        [f"musllinux_1_2_{ARCH}"],  # Alpine 3.13 and later
        # As a machine's own pip accepts them.
        _glibc(17),  # CentOS 7
        _glibc(36),  # Debian 12
        _musl(1),  # Alpine 3.9 to 3.12
        _musl(2),
    ],
    ids=lambda platforms: f"{platforms[0]}({len(platforms)})",
)
def test_pip_installs_the_wheel_on_glibc_and_musl_linux(
    dist: Dist, sandbox: Sandbox, platforms: list[str]
) -> None:
    assert _pip_would_install(dist, sandbox, platforms)


@pytest.mark.parametrize(
    "platforms",
    [
        _musl(2, OTHER_ARCH),
        _glibc(36, OTHER_ARCH),
        ["macosx_11_0_x86_64", "macosx_11_0_arm64"],
        _glibc(12),  # older than manylinux2014 promises, though the static engine would run
        [f"linux_{ARCH}"],  # a libc pip cannot name
    ],
    ids=lambda platforms: f"{platforms[0]}({len(platforms)})",
)
def test_pip_refuses_the_wheel_elsewhere(
    dist: Dist, sandbox: Sandbox, platforms: list[str]
) -> None:
    assert not _pip_would_install(dist, sandbox, platforms)


def test_a_dynamic_engine_gets_the_plain_linux_tag(sandbox: Sandbox) -> None:
    """setup.py reads the binary: with a dynamic loader (PT_INTERP) it claims no policy."""
    dynamic = Path(shutil.which("true") or "/bin/true").resolve()
    assert not elf_is_static(dynamic.read_bytes()), f"{dynamic} should be dynamic"
    stage = sandbox.root / "dynamic-stage"
    shutil.copytree(
        REPO / "clients/python",
        stage,
        ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__", ".*", "tests"),
    )
    shutil.copy(REPO / "VERSION", stage / "VERSION")
    (stage / "src/ordo/_bin").mkdir()
    shutil.copy(dynamic, stage / "src/ordo/_bin/ordo")
    wheels = sandbox.root / "dynamic-wheel"
    sandbox.run(
        [
            *(sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation"),
            *("--no-index", "-w", wheels, stage),
        ],
        cwd=sandbox.root,
        env=sandbox.env(PIP_DISABLE_PIP_VERSION_CHECK="1"),
    )
    (wheel,) = wheels.iterdir()
    arch = elf_arch(dynamic.read_bytes())
    assert wheel.name == f"ordo_client-{VERSION}-py3-none-linux_{arch}.whl"


def _shipped_package_json(dist: Dist) -> dict[str, object]:
    with tarfile.open(dist.npm) as npm:
        member = npm.extractfile("package/package.json")
        assert member is not None
        manifest: dict[str, object] = json.load(member)
    return manifest


def test_npm_package_json_as_shipped(dist: Dist) -> None:
    """License Ordo's MIT and the engine's parts' (as the wheel: THIRD_PARTY_NOTICES),
    publishable (no "private"), and os/cpu of the engine it carries, read here from that
    engine's ELF header."""
    manifest = _shipped_package_json(dist)
    with tarfile.open(dist.npm) as npm:
        engine = npm.extractfile("package/bin/ordo")
        assert engine is not None
        arch = elf_arch(engine.read())
        names = npm.getnames()
    assert manifest["license"] == f"({ENGINE_LICENSE})"
    assert "MIT License" in (REPO / "LICENSE").read_text(encoding="utf-8")
    assert {"package/LICENSE", "package/THIRD_PARTY_NOTICES"} <= set(names)
    assert "private" not in manifest
    assert manifest["os"] == ["linux"]
    assert manifest["cpu"] == [NPM_CPU[arch]]
    assert manifest["bin"] == {"ordo": "bin/ordo"}
    # No script needs a folder the tarball does not ship (test/).
    scripts = manifest.get("scripts", {})
    assert isinstance(scripts, dict)
    for script in scripts.values():
        for folder in re.findall(r"([\w.-]+)/", script):
            assert any(n.startswith(f"package/{folder}/") for n in names), (script, folder)


def test_the_source_tree_package_json_stays_private(dist: Dist) -> None:
    """The choice: clients/node/package.json keeps "private": true, because publishing the
    source tree would publish a client without its engine; only make dist's copy drops it.
    Both say MIT."""
    source = json.loads((REPO / "clients/node/package.json").read_text(encoding="utf-8"))
    assert source["private"] is True
    assert source["license"] == "MIT"
    for field in ("os", "cpu", "bin"):
        assert field not in source, "the source tree carries no engine to describe"


FIND = """
import { findEngineBinary, Engine } from 'ordo-client';
let result;
try {
  const bin = findEngineBinary();
  const engine = await Engine.spawn({ clock: 'manual', timeout: 10000 });
  result = { bin, spawned: engine.bin, ping: await engine.ping() };
  await engine.close();
} catch (error) {
  result = { error: error.message };
}
console.log(JSON.stringify(result));
"""


@pytest.mark.parametrize(("field", "foreign"), [("cpu", NPM_CPU[OTHER_ARCH]), ("os", "darwin")])
def test_node_client_passes_over_an_engine_built_for_another_machine(
    dist: Dist, npm_project: Path, sandbox: Sandbox, field: str, foreign: str
) -> None:
    """The installed package copied as if to another machine (its package.json rewritten to
    another os or cpu): the client does not run the engine it carries, takes ORDO_BIN or
    `ordo` on PATH instead, and without them fails naming what it found."""
    project = sandbox.root / f"foreign-{field}"
    shutil.copytree(npm_project, project, symlinks=True)
    package = project / "node_modules" / "ordo-client"
    manifest = json.loads((package / "package.json").read_text(encoding="utf-8"))
    manifest[field] = [foreign]
    (package / "package.json").write_text(json.dumps(manifest), encoding="utf-8")
    (project / "find.mjs").write_text(FIND, encoding="utf-8")
    carried = package / "bin" / "ordo"

    nowhere = sandbox.run(["node", "find.mjs"], cwd=project, env=sandbox.env())
    message = json.loads(nowhere.stdout)["error"]
    assert message.startswith("cannot find the Ordo engine")
    built_for = {"os": f"{foreign}-{NPM_CPU[ARCH]}", "cpu": f"linux-{foreign}"}[field]
    here = subprocess.run(
        ["node", "-p", "`${process.platform}-${process.arch}`"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert f"the engine this package carries ({carried}), skipped: " in message
    assert f"built for {built_for}, this is {here}" in message

    on_path = sandbox.root / f"foreign-{field}-bin"
    with tarfile.open(dist.tarball) as tarball:
        member = tarball.getmember(f"ordo-{VERSION}-linux-{ARCH}/ordo")
        member.name = "ordo"
        tarball.extract(member, on_path)
    found = sandbox.run(["node", "find.mjs"], cwd=project, env=sandbox.env(prepend=[on_path]))
    result = json.loads(found.stdout)
    assert result["bin"] == result["spawned"] == str(on_path / "ordo")
    assert result["ping"] == {"pong": True, "at": 0}

    env = sandbox.env(ORDO_BIN=str(on_path / "ordo"))
    assert json.loads(sandbox.run(["node", "find.mjs"], cwd=project, env=env).stdout)["bin"] == (
        str(on_path / "ordo")
    )

    # The package as installed, unchanged, runs its own engine.
    (npm_project / "find.mjs").write_text(FIND, encoding="utf-8")
    mine = json.loads(sandbox.run(["node", "find.mjs"], cwd=npm_project, env=sandbox.env()).stdout)
    assert mine["bin"] == str(npm_project / "node_modules/ordo-client/bin/ordo")


def _first_section(markdown: str) -> tuple[str, str]:
    """The first `## ` heading of a Markdown text and the text up to the next one."""
    match = re.search(r"^## ([^\n]+)\n(.*?)(?=^## |\Z)", markdown, flags=re.S | re.M)
    assert match is not None
    return match.group(1), match.group(2)


def test_wheel_description_opens_with_installing_the_wheel(dist: Dist) -> None:
    with zipfile.ZipFile(dist.wheel) as wheel:
        metadata = wheel.read(f"ordo_client-{VERSION}.dist-info/METADATA").decode()
    description = Parser().parsestr(metadata).get_payload()
    assert isinstance(description, str)
    heading, section = _first_section(description)
    assert heading == "Install"
    first_block = re.search(r"```sh\n(.*?)```", section, flags=re.S)
    assert first_block is not None
    first_command = first_block.group(1).splitlines()[0]
    assert re.match(r"pip install \S*ordo_client-\S*\.whl", first_command), first_command
    # The repository's way comes after the wheel's, not before.
    assert section.index(".whl") < section.index("pip install ./clients/python")
    assert "swift build" not in description[: description.index("## Install")]


def test_npm_readme_opens_with_installing_the_tarball(npm_project: Path) -> None:
    readme = (npm_project / "node_modules/ordo-client/README.md").read_text(encoding="utf-8")
    heading, section = _first_section(readme)
    assert heading == "Install"
    assert re.search(r"^npm install \S*ordo-client-\S*\.tgz", section, flags=re.M)
    # It points to no test files, which are not in the tarball, except to say so.
    shipped = npm_project / "node_modules/ordo-client"
    assert not (shipped / "test").exists()
    tests = readme.index("\n## Tests\n")
    assert "test/" not in readme[:tests], "tests are mentioned only in their own section"
    assert "the tarball does not ship `test/`" in readme[tests:]
