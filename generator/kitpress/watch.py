"""`kitpress build --watch`: poll the specs and templates and rebuild when one changes. Polling keeps
it dependency-free and works the same on every file system."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from kitpress.errors import KitpressError
from kitpress.resources import templates_dir
from kitpress.spec.load import resolve


def _stamps(paths: list[Path]) -> dict[Path, float]:
    stamps = {}
    for path in paths:
        try:
            stamps[path] = path.stat().st_mtime
        except OSError:
            stamps[path] = -1.0
    return stamps


def watched_files(games: list[str]) -> list[Path]:
    specs = [resolve(g) for g in games]
    templates = sorted(p for p in templates_dir().rglob("*") if p.suffix in (".html", ".css"))
    return specs + templates


def watch_and_rebuild(games: list[str], first: Callable[[], None], again: Callable[[], None], say: Callable[[str], None] | None, interval: float = 0.5, rounds: int | None = None) -> None:
    """Build once, then rebuild after each change; a bad spec is reported and the watch goes on.
    `rounds` limits the polling (for tests)."""
    paths = watched_files(games)

    def attempt(build: Callable[[], None]) -> None:
        try:
            build()
        except KitpressError as exc:
            for line in exc.lines():
                if say:
                    say(line)

    attempt(first)
    if say:
        say(f"watching {len(paths)} files; Ctrl-C stops")
    seen = _stamps(paths)
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
