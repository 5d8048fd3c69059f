"""Builds are safe against each other and against kills: a kill at any instant leaves the old kit or the
new one whole, the next build mends whatever was left by itself, two builds into one folder take turns,
and after an interrupt the message says truthfully which kit is in place.

The random-kill loop forks the writer from this process (the kit is rendered once, here) and kills it
with SIGKILL at a random instant of its write: at least 40 kills, each followed by the recovery the next
build does first. Deterministic kill and interrupt points use a driver that wraps kitpress's renames and
deletions in a subprocess and stops at a chosen one.
"""

from __future__ import annotations

import json
import os
import random
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from kitpress import outfolder
from kitpress.build import KitFile, kit_folder, manifest, render_game, write_kit
from kitpress.sheets.presets import Preset
from kitpress.spec.load import LoadedSpec, load_spec

HERE = Path(__file__).resolve().parent
BASE = HERE / "malformed" / "base" / "momentum-game.yaml"
GAME = "momentum-game"
KILLS = 48
KITPRESS = str(Path(sys.executable).parent / "kitpress")

DRIVER = r"""
import os, shutil, sys
import kitpress.atomic as atomic
import kitpress.outfolder as outfolder

mode, at = os.environ.get("KP_STOP", ":0").split(":")
at = int(at)
count = {"write": 0, "rmtree": 0}
real_replace, real_rmtree, real_rename = os.replace, shutil.rmtree, os.rename


def stop(what):
    sys.stdout.write(f"STOPPED {what}\n")
    sys.stdout.flush()
    sys.stdin.read()  # wait here until the test signals us


def replace(src, dst):
    if str(dst).startswith(os.environ.get("KITPRESS_CACHE_DIR") or "\0"):  # the cache's, not the kit's
        return real_replace(src, dst)
    count["write"] += 1
    if mode == "write" and count["write"] == at:
        stop(dst)
    real_replace(src, dst)


def rmtree(path, *args, **kwargs):
    if ".old-" in os.path.basename(str(path)):
        count["rmtree"] += 1
        if mode == "rmtree" and count["rmtree"] == at:
            # delete half of the backup, as a kill part-way through the clean-up would
            files = sorted(os.path.join(t, f) for t, _, fs in os.walk(path) for f in fs)
            for name in files[: len(files) // 2]:
                os.unlink(name)
            stop(path)
    real_rmtree(path, *args, **kwargs)


def rename(src, dst):
    if mode == "swap" and ".staging-" in os.path.basename(str(src)):  # the kit set aside, the new one not in yet
        stop(dst)
    real_rename(src, dst)


atomic.os.replace = replace
outfolder.shutil.rmtree = rmtree
outfolder.os.rename = rename
from kitpress.cli import main

main(sys.argv[1:], prog_name="kitpress")
"""


def driver(args: list[str], stop: str = ":0") -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", DRIVER, *args], env={**os.environ, "KP_STOP": stop},
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip


def build_args(out: Path, spec: Path = BASE, paper: str = "letter") -> list[str]:
    return ["build", str(spec), "--paper", paper, "--out", str(out), "--force"]


def whole_manifest(kit: Path) -> bytes:
    """The kit's manifest, after checking that every file it lists is there with its checksum."""
    import hashlib

    data = (kit / "manifest.json").read_bytes()
    for entry in json.loads(data)["files"]:
        path = kit / entry["path"]
        assert path.is_file(), f"{entry['path']} is listed but missing"
        assert hashlib.sha256(path.read_bytes()).hexdigest() == entry["sha256"], entry["path"]
    listed = {e["path"] for e in json.loads(data)["files"]} | {"manifest.json"}
    assert listed == {p.relative_to(kit).as_posix() for p in kit.rglob("*") if p.is_file()}
    return data


def leftovers(out: Path) -> list[str]:
    return sorted(p.name for p in out.iterdir() if p.name.startswith(f".{GAME}."))


# --- random kills -------------------------------------------------------------------------------------


def other_term(tmp: Path) -> Path:
    text = BASE.read_text(encoding="utf-8").replace("title: Momentum Game!", "title: Momentum Game! (last term)")
    spec = tmp / "last-term.yaml"
    spec.write_text(text, encoding="utf-8")
    return spec


def fork_write(loaded: LoadedSpec, files: list[KitFile], out: Path) -> int:
    pid = os.fork()
    if pid == 0:  # the child writes as a build does, and never returns into pytest
        try:
            with outfolder.writer_lock(out):
                write_kit(loaded, files, out)
        finally:
            os._exit(0)
    return pid


def test_random_kills_always_leave_a_whole_kit_and_the_next_build_recovers(tmp_path: Path) -> None:
    out = tmp_path / "out"
    kits = []
    for spec in (BASE, other_term(tmp_path)):
        loaded = load_spec(str(spec))
        files = render_game(loaded, [Preset("letter")])
        kits.append((loaded, files, manifest(loaded, files)))
    folder = kit_folder(kits[0][0], out)
    spans = []
    for kit in (kits[0], kits[1], kits[0]):  # into an empty folder, then a swap each way
        started = time.perf_counter()
        os.waitpid(fork_write(kit[0], kit[1], out), 0)
        spans.append(time.perf_counter() - started)
    # How long a swap from one kit to the other takes here, as the kills below interrupt them: the
    # quicker of two, so that a slow first write (a cold disk, a busy machine) does not put every kill
    # after the swap.
    span = min(spans[1:])
    assert whole_manifest(folder) == kits[0][2]
    rng = random.Random(20261201)
    known = {kits[0][2], kits[1][2]}
    outcomes = {"old": 0, "new": 0}
    for turn in range(KILLS):
        old, new = kits[turn % 2], kits[(turn + 1) % 2]
        before = whole_manifest(folder)
        pid = fork_write(new[0], new[1], out)
        time.sleep(rng.uniform(0, span * 1.3))
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        with outfolder.writer_lock(out):  # what the next build does first
            outfolder.recover(folder)
        now = whole_manifest(folder)
        assert now in known and now in (before, new[2]), f"kill {turn}: neither the old kit nor the new one"
        outcomes["new" if now == new[2] and before != new[2] else "old"] += 1
        assert not leftovers(out), f"kill {turn}: {leftovers(out)} left after recovery"
        if now != new[2]:  # keep alternating: put the new kit in place unkilled
            os.waitpid(fork_write(new[0], new[1], out), 0)
        del old
    assert min(outcomes.values()) >= 3, f"the kills should land on both sides of the swap: {outcomes}"


def test_a_real_build_killed_at_random_instants_recovers_on_the_next_build(tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert subprocess.run([KITPRESS, *build_args(out)], capture_output=True).returncode == 0
    rng = random.Random(7)
    for paper in ("letter", "universal"):
        proc = subprocess.Popen([KITPRESS, *build_args(out, paper=paper)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        time.sleep(rng.uniform(0.3, 1.8))
        proc.kill()
        proc.communicate()
        done = subprocess.run([KITPRESS, *build_args(out, paper="a4")], capture_output=True, text=True)
        assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
        whole_manifest(out / GAME)
        assert not leftovers(out)


# --- deterministic kills and interrupts ------------------------------------------------------------------


@pytest.fixture
def previous(tmp_path: Path) -> tuple[Path, bytes]:
    out = tmp_path / "out"
    proc = driver(build_args(out, other_term(tmp_path)))
    _, err = proc.communicate(timeout=600)
    assert proc.returncode == 0, err
    return out, whole_manifest(out / GAME)


def stopped(proc: subprocess.Popen[str]) -> str:
    assert proc.stdout is not None
    said = proc.stdout.readline()
    assert said.startswith("STOPPED "), said + (proc.stderr.read() if proc.stderr else "")
    return said


def test_a_kill_during_the_clean_up_after_the_swap_never_blocks_a_later_build(previous: tuple[Path, bytes]) -> None:
    out, _ = previous
    proc = driver(build_args(out), "rmtree:1")
    stopped(proc)
    new = whole_manifest(out / GAME)  # the swap is done: the new kit is in place
    proc.kill()
    proc.communicate()
    assert any(".old-" in name for name in leftovers(out)), "a half-deleted backup was left"
    for paper in ("a4", "letter"):  # later builds with other options
        again = driver(build_args(out, paper=paper))
        _, err = again.communicate(timeout=600)
        assert again.returncode == 0, err
        assert not leftovers(out)
    assert json.loads(whole_manifest(out / GAME))["files"] == json.loads(new)["files"], "the same kit as the killed build"


@pytest.mark.parametrize("how", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_an_interrupt_while_writing_says_the_previous_kit_is_in_place_and_it_is(previous: tuple[Path, bytes], how: int) -> None:
    out, before = previous
    proc = driver(build_args(out), "write:5")
    stopped(proc)
    proc.send_signal(how)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130
    assert err.strip().splitlines() == [f"interrupted; in place now: {GAME}: the previous kit (games not listed keep their previous kits)"]
    assert whole_manifest(out / GAME) == before
    assert not leftovers(out), "the interrupted build's staging folder is removed"


def test_an_interrupt_after_the_swap_says_the_new_kit_is_in_place_and_it_is(previous: tuple[Path, bytes]) -> None:
    out, before = previous
    proc = driver(build_args(out), "rmtree:1")
    stopped(proc)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130
    assert f"{GAME}: the new kit" in err and "previous kit of" not in err, err
    assert whole_manifest(out / GAME) != before
    again = driver(build_args(out))
    assert again.communicate(timeout=600) and again.returncode == 0
    assert not leftovers(out)


def test_a_kill_between_the_two_renames_is_mended_by_the_next_build(previous: tuple[Path, bytes], tmp_path: Path) -> None:
    """A folder set aside whole without its kit beside it goes back before anything else happens."""
    out, before = previous
    proc = driver(build_args(out), "swap:0")
    stopped(proc)
    proc.kill()
    proc.communicate()
    assert not (out / GAME).exists() and any(".old-" in name for name in leftovers(out)), "killed between the renames"
    proc = driver(["build", str(other_term(tmp_path)), "--paper", "letter", "--out", str(out)])
    out_text, err = proc.communicate(timeout=600)
    assert proc.returncode == 0, err
    assert "up to date" in out_text, "the kit put back is the one these inputs built"
    assert whole_manifest(out / GAME) == before and not leftovers(out)


# --- two builds at once ------------------------------------------------------------------------------------


def test_a_second_build_waits_for_the_lock_and_says_for_whom(previous: tuple[Path, bytes]) -> None:
    out, _ = previous
    holder = driver(build_args(out, paper="a4"), "write:2")
    stopped(holder)  # the holder is writing, with the lock held
    second = subprocess.Popen([KITPRESS, *build_args(out)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    # It renders first (the rule books take some seconds), then says it waits, and waits.
    assert second.stderr is not None
    ready, _, _ = select.select([second.stderr], [], [], 300)
    said = second.stderr.readline() if ready else ""
    time.sleep(1)
    assert second.poll() is None, "the second build waits while the first writes"
    _, held_err = holder.communicate(input="", timeout=120)  # let the holder go on
    assert holder.returncode == 0, held_err
    _, err = second.communicate(timeout=600)
    assert second.returncode == 0, err
    assert f"waiting for another kitpress (pid {holder.pid}) to finish writing into {out}" in said + err
    whole_manifest(out / GAME)
    assert not leftovers(out)


def test_two_builds_started_together_both_succeed_and_leave_a_whole_kit(tmp_path: Path) -> None:
    out = tmp_path / "out"
    for _ in range(2):
        procs = [subprocess.Popen([KITPRESS, *build_args(out, paper=paper)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for paper in ("letter", "a4")]
        for proc in procs:
            _, err = proc.communicate(timeout=600)
            assert proc.returncode == 0 and "Traceback" not in err, err
        whole_manifest(out / GAME)
        assert not leftovers(out)


def test_a_lock_left_by_a_dead_process_does_not_block(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    (out / ".kitpress.lock").write_text(f"{dead.pid}\n")
    done = subprocess.run([KITPRESS, *build_args(out)], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0 and "waiting" not in done.stderr, done.stderr
