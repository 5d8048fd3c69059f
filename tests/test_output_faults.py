"""File-system faults are input errors: one line naming the path and what is wrong, exit 2, no traceback,
the old kit intact and no staging folder left behind; a later build works once the fault is gone.

Real faults where this machine allows them (a small tmpfs that fills up, a read-only remount, a folder the
unprivileged user `nobody` may not write, /proc), and the same faults injected into kitpress's writes
(ENOSPC and EROFS from fsync) so that every machine runs them."""

from __future__ import annotations

import errno
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
BASE = HERE / "malformed" / "base" / "momentum-game.yaml"
GAME = "momentum-game"
KITPRESS = str(Path(sys.executable).parent / "kitpress")

INJECT = r"""
import errno, os, sys, types
import kitpress.atomic as atomic

code = getattr(errno, os.environ["KP_ERRNO"])
after = int(os.environ.get("KP_AFTER", "3"))
calls = 0


class Faulty(types.ModuleType):
    def __getattr__(self, name):
        return getattr(os, name)

    def fsync(self, fd):
        global calls
        calls += 1
        if calls > after:
            raise OSError(code, os.strerror(code))
        os.fsync(fd)


atomic.os = Faulty("os")
from kitpress.cli import main

main(sys.argv[1:], prog_name="kitpress")
"""


def snapshot(root: Path) -> dict[str, str]:
    return {p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest() if p.is_file() else "dir" for p in sorted(root.rglob("*"))}


def kitpress(*args: str | Path, unprivileged: bool = False, inject: str | None = None) -> subprocess.CompletedProcess[str]:
    """`kitpress ARGS`; `unprivileged`: as a user whom permissions bind (root without the capability to
    override them), `inject`: with that errno raised by kitpress's fsync after a few files."""
    command = [sys.executable, "-c", INJECT] if inject else [KITPRESS]
    if unprivileged and os.geteuid() == 0:
        if not shutil.which("setpriv"):
            pytest.skip("setpriv (util-linux) is needed to drop root's override of permissions")
        command = ["setpriv", "--bounding-set=-dac_override,-dac_read_search,-fowner", "--", *command]
    env = {**os.environ, "KP_ERRNO": inject or ""}
    return subprocess.run([*command, *map(str, args)], capture_output=True, text=True, env=env, timeout=600, cwd="/")


def build(out: Path, paper: str = "letter", unprivileged: bool = False, inject: str | None = None) -> subprocess.CompletedProcess[str]:
    return kitpress("build", BASE, "--paper", paper, "--out", out, "--force", unprivileged=unprivileged, inject=inject)


def one_line(done: subprocess.CompletedProcess[str], *words: str) -> str:
    assert done.returncode == 2, done.stdout + done.stderr
    assert "Traceback" not in done.stderr, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


def no_staging(out: Path) -> None:
    assert not [p.name for p in out.iterdir() if ".staging-" in p.name or ".old-" in p.name]


@pytest.fixture
def public_tmp() -> Iterator[Path]:
    """A folder of its own, with a mount point inside that is unmounted afterwards."""
    path = Path(tempfile.mkdtemp(prefix="kitpress-faults-"))
    path.chmod(0o755)
    try:
        yield path
    finally:
        subprocess.run(["umount", "-l", str(path / "mnt")], capture_output=True)
        shutil.rmtree(path, ignore_errors=True)


def mount_tmpfs(where: Path, size: str) -> None:
    where.mkdir()
    if os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root")
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size},mode=0755", "tmpfs", str(where)], capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip(f"this machine allows no tmpfs mount: {done.stderr.strip()}")


# --- the path itself ------------------------------------------------------------------------------------


def test_out_below_a_file(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("mine\n")
    one_line(build(tmp_path / "notes.txt" / "out"), str(tmp_path / "notes.txt"), "is a file")
    assert (tmp_path / "notes.txt").read_text() == "mine\n"


@pytest.mark.parametrize("where", ["/proc/kitpress-kit", "/proc/self/kitpress-kit", "/sys/kitpress-kit"])
def test_out_on_a_special_file_system(where: str) -> None:
    one_line(build(Path(where)), where)


# --- a full disk -------------------------------------------------------------------------------------


def test_a_full_disk_keeps_the_old_kit_and_leaves_no_staging(public_tmp: Path) -> None:
    out = public_tmp / "mnt"
    mount_tmpfs(out, "640k")  # room for one kit of the base spec (about 490 kB), not for two
    assert build(out).returncode == 0
    before = snapshot(out / GAME)
    line = one_line(build(out, "a4"), str(out / GAME), "the disk is full", "the previous kit is left as it was")
    assert ".staging-" not in line
    assert snapshot(out / GAME) == before
    no_staging(out)
    assert subprocess.run(["mount", "-o", "remount,size=4m", str(out)]).returncode == 0
    assert build(out, "a4").returncode == 0, "once there is room, the next build works"


def test_an_injected_full_disk(tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert build(out).returncode == 0
    before = snapshot(out / GAME)
    one_line(build(out, "a4", inject="ENOSPC"), str(out / GAME), "the disk is full", "the previous kit is left as it was")
    assert snapshot(out / GAME) == before
    no_staging(out)
    assert build(out, "a4").returncode == 0


def test_a_full_disk_on_the_first_build_says_no_kit_was_written(tmp_path: Path) -> None:
    out = tmp_path / "out"
    one_line(build(out, inject="ENOSPC"), "the disk is full", "no kit was written")
    assert not (out / GAME).exists()
    no_staging(out)


# --- read-only and no permission ------------------------------------------------------------------------


def test_a_read_only_file_system(public_tmp: Path) -> None:
    out = public_tmp / "mnt"
    mount_tmpfs(out, "4m")
    assert build(out).returncode == 0
    before = snapshot(out / GAME)
    assert subprocess.run(["mount", "-o", "remount,ro", str(out)]).returncode == 0
    one_line(build(out, "a4"), str(out), "read-only")
    assert snapshot(out / GAME) == before
    no_staging(out)


def test_an_injected_read_only_file_system(tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert build(out).returncode == 0
    before = snapshot(out / GAME)
    one_line(build(out, "a4", inject="EROFS"), str(out / GAME), "read-only")
    assert snapshot(out / GAME) == before
    no_staging(out)


def test_a_folder_without_permission(public_tmp: Path) -> None:
    out = public_tmp / "out"
    assert build(out).returncode == 0
    before = snapshot(out / GAME)
    out.chmod(0o555)
    (out / ".kitpress.lock").chmod(0o444)
    try:
        one_line(build(out, "a4", unprivileged=True), str(out), "no permission")
    finally:
        out.chmod(0o755)
    assert snapshot(out / GAME) == before
    no_staging(out)


def test_a_new_folder_where_creating_it_is_not_allowed(public_tmp: Path) -> None:
    locked = public_tmp / "locked"
    locked.mkdir(mode=0o555)
    locked.chmod(0o555)
    one_line(kitpress("build", BASE, "--paper", "letter", "--out", locked / "out", unprivileged=True), str(locked / "out"), "no permission")
    assert list(locked.iterdir()) == []


def test_errno_names_are_words() -> None:
    """The reasons are sentences a teacher can act on, not errno names."""
    from kitpress.outfolder import _REASONS

    assert all(" " in reason and not reason.isupper() for reason in _REASONS.values())
    assert errno.ENOSPC in _REASONS and errno.EROFS in _REASONS and errno.EACCES in _REASONS
