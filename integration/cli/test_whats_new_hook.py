"""examples/whats-new-hook: the post-merge hook announces each version once, through real
`git merge`s in a temporary repository (and run by hand, as a second run would be)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from ordo_testing import REPO, engine_binary

from cli_support import Ran, sh

HOOK = REPO / "examples" / "whats-new-hook" / "post-merge"

GIT_ENV = {
    "GIT_AUTHOR_NAME": "t",
    "GIT_AUTHOR_EMAIL": "t@example.com",
    "GIT_COMMITTER_NAME": "t",
    "GIT_COMMITTER_EMAIL": "t@example.com",
    "GIT_CONFIG_GLOBAL": "/dev/null",
    "GIT_CONFIG_NOSYSTEM": "1",
}


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A clone-like repository: `main` with the hook installed, `release` ahead of it."""
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    work = tmp_path / "repo"
    ran = git(
        tmp_path,
        f"""
        git init -q -b main repo && cd repo
        git commit -q --allow-empty -m 'start'
        git checkout -q -b release
        git commit -q --allow-empty -m 'first feature'
        git tag v1.0
        git checkout -q main
        cp "{HOOK}" .git/hooks/post-merge
        """,
    )
    assert ran.status == 0, ran.stderr
    return work


def git(cwd: Path, script: str, ordo: str | None = None) -> Ran:
    return sh(script, cwd=cwd, env={**GIT_ENV, "ORDO": ordo or engine_binary()})


def release(repo: Path, tag: str, *subjects: str) -> None:
    """New commits and a tag on `release` (what a pull would bring)."""
    commits = "\n".join(f"git commit -q --allow-empty -m '{subject}'" for subject in subjects)
    ran = git(repo, f"git checkout -q release\n{commits}\ngit tag '{tag}'\ngit checkout -q main")
    assert ran.status == 0, ran.stderr


def popups(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("+-- What's new")]


def test_a_merge_shows_the_popup_once_per_version(repo: Path) -> None:
    merged = git(repo, "git merge -q --ff-only release")
    assert merged.status == 0, merged.stderr
    assert popups(merged.stderr) == ["+-- What's new in v1.0"]
    assert "|   " in merged.stderr and "first feature" in merged.stderr
    assert (repo / ".git" / "whats-new.db").is_file()

    again = git(repo, ".git/hooks/post-merge")
    assert (again.status, again.stdout, again.stderr) == (0, "", "")

    release(repo, "v1.1", "second feature", "a fix")
    newer = git(repo, "git merge -q --ff-only release")
    assert newer.status == 0, newer.stderr
    assert popups(newer.stderr) == ["+-- What's new in v1.1"]
    listed = [line[4:].split(" ", 1)[1] for line in newer.stderr.splitlines() if line[:1] == "|"]
    assert listed == ["a fix", "second feature"]  # since v1.0, the version shown before

    twice = git(repo, ".git/hooks/post-merge; .git/hooks/post-merge")
    assert (twice.status, twice.stderr) == (0, "")


def test_running_the_hook_twice_by_hand_shows_the_popup_once(repo: Path) -> None:
    assert git(repo, "git merge -q --ff-only release").status == 0
    state = repo.parent / "elsewhere.db"
    runs = [git(repo, f'WHATS_NEW_STATE="{state}" .git/hooks/post-merge') for _ in range(2)]
    assert [popups(run.stderr) for run in runs] == [["+-- What's new in v1.0"], []]
    assert all(run.status == 0 for run in runs)
    assert state.is_file()


def test_a_tag_with_a_quote_is_a_key_like_any_other(repo: Path) -> None:
    release(repo, 'v2.0"beta', "shiny")
    first = git(repo, "git merge -q --ff-only release")
    assert popups(first.stderr) == ["+-- What's new in v2.0\"beta"]
    assert git(repo, ".git/hooks/post-merge").stderr == ""
    # Read back as the version announced last: an older tag checked out is not announced.
    older = git(repo, "git reset -q --hard v1.0 && .git/hooks/post-merge")
    assert (older.status, older.stderr) == (0, "")


def test_an_older_version_checked_out_again_is_not_announced(repo: Path) -> None:
    release(repo, "v1.1", "second feature")
    assert popups(git(repo, "git merge -q --ff-only release").stderr) == ["+-- What's new in v1.1"]
    # v1.0 was skipped over, but it is older than v1.1: nothing new in it (once it was
    # announced, with an empty list of commits).
    for tag in ["v1.0", "v1.1", "v1.0"]:
        again = git(repo, f"git reset -q --hard {tag} && .git/hooks/post-merge")
        assert (again.status, again.stderr) == (0, "")
    # Nor was it recorded as announced: the next version lists what came after v1.1.
    release(repo, "v1.2", "third feature")
    newer = git(repo, "git reset -q --hard v1.2 && .git/hooks/post-merge")
    assert popups(newer.stderr) == ["+-- What's new in v1.2"]
    listed = [line[4:].split(" ", 1)[1] for line in newer.stderr.splitlines() if line[:1] == "|"]
    assert listed == ["third feature"]


def test_without_ordo_the_hook_does_nothing(repo: Path) -> None:
    ran = git(repo, "git merge -q --ff-only release", ordo="/nonexistent/ordo")
    assert (ran.status, ran.stdout, ran.stderr) == (0, "", "")
    assert not (repo / ".git" / "whats-new.db").exists()
