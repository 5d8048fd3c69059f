"""`kitpress build --watch` run as a user runs it: a save during a build (the first one included) is
built next, Ctrl-C or SIGTERM ends the watch at any moment with a whole kit in place, and errors are
shown with --quiet too.

A build is held at a known instant by holding OUT's writers' lock from the test: the watch's build has
then read and rendered the spec, and waits (saying so on stderr) until the lock is let go."""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import queue
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

import pytest

HERE = Path(__file__).resolve().parent
BASE = HERE / "malformed" / "base" / "momentum-game.yaml"
GAME = "momentum-game"
KITPRESS = str(Path(sys.executable).parent / "kitpress")
TITLE = "title: Momentum Game!"
WAIT = 300  # seconds a step may take on a busy machine: a bound against hanging, not a speed target


class Watch:
    """A `build --watch` subprocess whose output lines are read as they come."""

    def __init__(self, spec: Path, out: Path, *extra: str) -> None:
        self.proc = subprocess.Popen([KITPRESS, "build", str(spec), "--watch", "--paper", "letter", "--out", str(out), *extra], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.lines: queue.Queue[tuple[str, str]] = queue.Queue()
        self.said: list[tuple[str, str]] = []
        self.readers = [threading.Thread(target=self._read, args=(name, stream), daemon=True) for name, stream in (("out", self.proc.stdout), ("err", self.proc.stderr))]
        for reader in self.readers:
            reader.start()

    def _read(self, name: str, stream: IO[str] | None) -> None:
        assert stream is not None
        for line in stream:
            self.lines.put((name, line.rstrip("\n")))

    def until(self, words: str, stream: str | None = None) -> str:
        """The next line holding `words` (on stdout or stderr, or the one named)."""
        while True:
            try:
                name, line = self.lines.get(timeout=WAIT)
            except queue.Empty:
                raise AssertionError(f"no line with {words!r}; said: {self.said}") from None
            self.said.append((name, line))
            if words in line and (stream is None or name == stream):
                return line

    def stop(self, how: int) -> tuple[int, list[str]]:
        """Send the signal; the exit code and stderr's remaining lines once the process has ended."""
        self.proc.send_signal(how)
        code = self.proc.wait(timeout=60)  # promptly: not another build's worth of waiting
        for reader in self.readers:
            reader.join(timeout=10)
        rest = []
        while not self.lines.empty():
            name, line = self.lines.get()
            self.said.append((name, line))
            if name == "err":
                rest.append(line)
        return code, rest

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        for reader in self.readers:
            reader.join(timeout=10)
        for stream in (self.proc.stdout, self.proc.stderr):
            if stream:
                stream.close()


@contextmanager
def held_lock(out: Path) -> Iterator[None]:
    """OUT's writers' lock held as another kitpress would hold it."""
    out.mkdir(parents=True, exist_ok=True)
    fd = os.open(out / ".kitpress.lock", os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


def whole(kit: Path) -> dict[str, object]:
    body = json.loads((kit / "manifest.json").read_bytes())
    for entry in body["files"]:
        assert hashlib.sha256((kit / entry["path"]).read_bytes()).hexdigest() == entry["sha256"], entry["path"]
    present = {p.relative_to(kit).as_posix() for p in kit.rglob("*") if p.is_file()}
    assert present == {e["path"] for e in body["files"]} | {"manifest.json"}
    assert not [p.name for p in kit.parent.iterdir() if p.name.startswith(f".{GAME}.")], "no staging or backup left"
    return body


@pytest.fixture
def spec(tmp_path: Path) -> Path:
    mine = tmp_path / "mine.yaml"
    mine.write_bytes(BASE.read_bytes())
    return mine


def save(spec: Path, title: str) -> None:
    spec.write_bytes(BASE.read_bytes().replace(TITLE.encode(), f"title: {title}".encode()))


def test_a_save_during_the_first_build_is_built_next(spec: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    watch = None
    try:
        with held_lock(out):
            watch = Watch(spec, out)
            watch.until("waiting for another kitpress", "err")  # the first build has read the spec
            save(spec, "Saved During The First Build")
        watch.until(f"built {GAME}", "out")
        assert whole(out / GAME)["title"] == "Momentum Game!", "the first build, from what it read"
        watch.until("changed; rebuilding", "out")
        watch.until(f"built {GAME}", "out")
        assert whole(out / GAME)["title"] == "Saved During The First Build"
        code, _ = watch.stop(signal.SIGINT)
        assert code == 130
    finally:
        if watch:
            watch.kill()


@pytest.mark.parametrize(("how", "when"), [(signal.SIGINT, "starting"), (signal.SIGTERM, "waiting-to-write")], ids=["ctrl-c-as-the-rebuild-starts", "sigterm-while-waiting-to-write"])
def test_an_interrupt_during_a_rebuild_ends_the_watch_with_the_previous_kit_whole(spec: Path, tmp_path: Path, how: int, when: str) -> None:
    out = tmp_path / "out"
    watch = Watch(spec, out)
    try:
        watch.until("watching", "out")
        before = whole(out / GAME)
        with held_lock(out):
            save(spec, "Saved Later")
            watch.until("changed; rebuilding", "out")
            if when == "waiting-to-write":
                watch.until("waiting for another kitpress", "err")
            code, err = watch.stop(how)
        assert code == 130, watch.said
        assert err and err[-1].startswith("interrupted"), err
        if when == "waiting-to-write":
            assert err[-1] == "interrupted before any kit was written; every previous kit is in place"
        assert "Traceback" not in "\n".join(err)
        assert whole(out / GAME) == before
    finally:
        watch.kill()


def test_errors_are_shown_with_quiet(spec: Path, tmp_path: Path) -> None:
    spec.write_text(BASE.read_text().replace(TITLE, "title: [unclosed"))
    watch = Watch(spec, tmp_path / "out", "--quiet")
    try:
        line = watch.until(str(spec), "err")
        assert ":" in line and "Traceback" not in line
        code, _ = watch.stop(signal.SIGTERM)
        assert code == 130
        assert not [line for name, line in watch.said if name == "out"], "--quiet: nothing but errors"
    finally:
        watch.kill()


def test_an_interrupt_ends_the_worker_processes_at_once() -> None:
    """A build of several games renders in worker processes: an interrupt kills them rather than waiting
    for the rule book each is typesetting (half a minute on two cores: the watch would not stop)."""
    import time

    from kitpress.build import _stop_workers
    from kitpress.workers import worker_pool

    pool = worker_pool(2)
    running = [pool.submit(time.sleep, 600) for _ in range(2)]
    while not all(f.running() for f in running):
        time.sleep(0.05)
    processes = list(pool._processes.values())  # type: ignore[attr-defined]
    _stop_workers(pool)
    for process in processes:
        process.join(timeout=60)
        assert not process.is_alive()
