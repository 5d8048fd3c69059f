"""A build of several games spread over worker processes.

A game's time goes mostly into typesetting its rule books and into its preflight, and one game's share
is far from another's: handed out game by game, a core waits while the other finishes the longest kit.
So the build goes in two rounds. First every book of every game is typeset and every game preflighted,
side by side, the longest first (teacher's books, then preflights, then student rules); then each
game's kit is made from what they gave, in a worker of its own. A part that fails gives nothing: the
game's own round then meets the same failure where one process would, so the failure reported, and
every byte written, is the one-process build's.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from kitpress.booklet.paper import BookPart, laid_out
from kitpress.errors import KitpressError

if TYPE_CHECKING:
    from kitpress.build import Only
    from kitpress.lint.findings import Finding
    from kitpress.sheets.presets import Preset
    from kitpress.spec.load import LoadedSpec

PREFLIGHT = ("preflight", "", False)
ORDER = {"teachers-book": 0, "preflight": 1, "booklet": 2}  # the longest kind of part first


@dataclass
class Prepared:
    """What the first round made for one game: its books as typeset (PDF bytes, pages), its preflight's findings."""

    books: dict[BookPart, tuple[bytes, int]] = field(default_factory=dict)
    findings: list[Finding] | None = None


def book_parts(presets: list[Preset]) -> list[BookPart]:
    """The books a kit on these presets lays out, each once: a teacher's book or student rules serves
    every paper and preset (booklet.paper); a folded booklet is laid out on its paper's half sheet."""
    parts: list[BookPart] = []
    for preset in presets:
        if preset.layout != "tts":
            parts += [("teachers-book", preset.paper, False), ("booklet", preset.paper, preset.booklet == "saddle")]
    return list(dict.fromkeys(laid_out(part) for part in parts))


_LOADED: dict[tuple[str, str | None], tuple[bytes, LoadedSpec]] = {}


def _load(source: str, data: bytes, variant: str | None) -> LoadedSpec:
    """The spec from the bytes the build read (never the file again: it may have been saved since),
    loaded once by a worker for all the parts of its game it is given."""
    from kitpress.spec.load import load_spec

    kept = _LOADED.get((source, variant))
    if kept is None or kept[0] != data:
        kept = _LOADED[(source, variant)] = (data, load_spec(source, variant, data))
    return kept[1]


def _part(source: str, data: bytes, variant: str | None, presets: list[Preset], part: BookPart) -> Any:
    """One part of one game, in a worker: a book's (PDF, pages), or the preflight's findings; None when
    it fails (the game's own round reports it)."""
    from kitpress import build, preflight

    try:
        loaded = _load(source, data, variant)
        if part == PREFLIGHT:
            return preflight.preflight_inks(loaded, build._render_jobs(loaded), presets)
        return build.typeset_book(loaded, build.verified_replays(loaded), part)
    except KitpressError:
        return None


def _game(source: str, data: bytes, variant: str | None, presets: list[Preset], force: bool, only: Only | None, prepared: Prepared | None) -> Any:
    """One game's kit in a worker (from its prepared parts, if any), or the lines and exit code of its
    expected failure (sent as plain data: an exception with its own constructor does not always survive
    pickling)."""
    from kitpress import build

    try:
        return build.render_game(_load(source, data, variant), presets, force, only, prepared)
    except KitpressError as exc:
        return exc.lines(), exc.exit_code


def _longest_first(specs: list[LoadedSpec]) -> list[int]:
    """The games' positions, the longest spec first: a game's time goes mostly into its books, and its
    spec's length is a fair measure of theirs, so no core is left with a long game at the end."""
    return sorted(range(len(specs)), key=lambda i: -len(specs[i].data))


def _kits(pool: ProcessPoolExecutor, specs: list[LoadedSpec], presets: list[Preset], force: bool, only: Only | None, prepared: list[Prepared] | None, progress: Callable[[str], None] | None) -> list[Any]:
    """Each game's kit in a worker, the longest first; progress as each finishes; in the order given."""
    futures: dict[int, Future[Any]] = {i: pool.submit(_game, str(specs[i].source), specs[i].data, specs[i].variant, presets, force, only, prepared[i] if prepared else None) for i in _longest_first(specs)}
    for done in as_completed(futures.values()):
        if progress:
            progress(next(specs[i].id for i, f in futures.items() if f is done))
    return [futures[i].result() for i in range(len(specs))]


def render_games(pool: ProcessPoolExecutor, specs: list[LoadedSpec], presets: list[Preset], force: bool, only: Only | None, progress: Callable[[str], None] | None) -> list[Any]:
    """Every game's kit (or its failure), in the order given: a whole kit in two rounds (its books and
    preflight first, side by side); `build --only`, game by game."""
    if only is not None:
        return _kits(pool, specs, presets, force, only, None, progress)
    rank = {i: n for n, i in enumerate(_longest_first(specs))}
    parts = sorted(((i, part) for i in range(len(specs)) for part in (*book_parts(presets), PREFLIGHT)), key=lambda p: (ORDER[p[1][0]], rank[p[0]]))
    first = {pool.submit(_part, str(specs[i].source), specs[i].data, specs[i].variant, presets, part): (i, part) for i, part in parts}
    prepared = [Prepared() for _ in specs]
    for done in as_completed(first):
        i, part = first[done]
        result = done.result()
        if result is None:
            continue
        if part == PREFLIGHT:
            prepared[i].findings = result
        else:
            prepared[i].books[part] = result
    return _kits(pool, specs, presets, force, None, prepared, progress)
