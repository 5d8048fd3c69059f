"""`kitpress build --watch`: poll the specs and templates and rebuild when one changes. Polling keeps
it dependency-free and works the same on every file system.

What a build read is compared by content, taken just before the build starts: a save while a build
runs (the first one included) differs from it, so it is built next; a build never misses one because
a file system's clock is coarse. Ctrl-C or SIGTERM (which `cli` turns into an interrupt) ends the watch
at any moment: during a build, the build's own message says which kit is in place."""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable
from pathlib import Path

from kitpress.errors import Interrupted, KitpressError
from kitpress.resources import templates_dir
from kitpress.spec.load import resolve

Say = Callable[[str], None]


def _stamps(paths: list[Path]) -> dict[Path, str]:
    """Each file's content digest ("" when it is missing, unreadable or not a regular file)."""
    stamps = {}
    for path in paths:
        try:
            stamps[path] = hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else ""
        except OSError:
            stamps[path] = ""
    return stamps


def watched_files(games: list[str]) -> list[Path]:
    specs = [resolve(g) for g in games]
    templates = sorted(p for p in templates_dir().rglob("*") if p.suffix in (".html", ".css"))
    return specs + templates


def watch_and_rebuild(games: list[str], first: Callable[[], None], again: Callable[[], None], say: Say | None, interval: float = 0.5, rounds: int | None = None, tell: Say | None = None) -> None:
    """Build once, then rebuild after each change; a bad spec is reported and the watch goes on.
    `say` hears what the watch does (None: quiet), `tell` every error (--quiet or not; `say` when not
    given). `rounds` limits the polling (for tests)."""
    paths = watched_files(games)
    tell = tell or say

    def attempt(build: Callable[[], None]) -> None:
        try:
            build()
        except Interrupted:
            raise  # Ctrl-C or SIGTERM ends the watch, whatever it was doing
        except KitpressError as exc:
            for line in exc.lines():
                if tell:
                    tell(line)

    seen = _stamps(paths)  # before the build reads them: a save during it is a change
    attempt(first)
    if say:
        say(f"watching {len(paths)} files; Ctrl-C stops")
    count = 0
    while rounds is None or count < rounds:
        time.sleep(interval)
        count += 1
        now = _stamps(paths)
        if now != seen:
            changed = sorted(str(p) for p in now if now[p] != seen.get(p))
            seen = now
            if say:
                say("changed; rebuilding" + (f": {', '.join(changed)}" if changed else ""))
            attempt(again)
