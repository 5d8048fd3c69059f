"""Where a cold build of every bundled game's kit spends its time, phase by phase, in one process.

    KITPRESS_CACHE_DIR=$(mktemp -d) .venv/bin/python bench/build_phases.py          # Letter and A4
    KITPRESS_CACHE_DIR=$(mktemp -d) .venv/bin/python bench/build_phases.py letter

Each game goes through the build's own steps in the order `kitpress build` takes them on two cores
(kitpress.parallel: its books and its preflight, then its kit from them), here one after the other, each
step timed: loading the spec, replaying the examples, typesetting each rule book (laid out once, on
Letter), drawing the art, the preflight on both inks, then the rest of the kit with the sheets, the
print-and-assemble pages, the checks on the written PDFs and the placing of books on other papers timed
within it. Give it an empty cache (KITPRESS_CACHE_DIR) to see a cold build; nothing is written.
"""

from __future__ import annotations

import collections
import sys
import time
from collections.abc import Callable
from typing import Any

started = time.perf_counter()
from kitpress import build, parallel, preflight  # noqa: E402  (timed: the imports are a phase)
from kitpress.booklet import paper  # noqa: E402
from kitpress.packs import shipped_specs  # noqa: E402
from kitpress.sheets.presets import Preset  # noqa: E402
from kitpress.spec.load import load_spec  # noqa: E402

SPENT: collections.Counter[str] = collections.Counter({"imports": time.perf_counter() - started})


def timed(name: str, work: Callable[..., Any]) -> Callable[..., Any]:
    def run(*args: Any, **named: Any) -> Any:
        start = time.perf_counter()
        try:
            return work(*args, **named)
        finally:
            SPENT[name] += time.perf_counter() - start

    return run


INSIDE = ("checks on the written PDFs", "sheets", "print-and-assemble pages", "books placed on other papers")


def main(papers: list[str]) -> None:
    presets = [Preset(p) for p in papers]
    # the steps render_game takes inside, timed where it looks them up (and not counted twice below)
    build._file_checks = timed(INSIDE[0], build._file_checks)
    build._sheet_pdf = timed(INSIDE[1], build._sheet_pdf)
    build._assembly_pages = timed(INSIDE[2], build._assembly_pages)
    paper.on_paper = timed(INSIDE[3], paper.on_paper)
    for spec in shipped_specs().values():
        loaded = timed("loading the spec", load_spec)(str(spec))
        replays = timed("replaying the examples", build.verified_replays)(loaded)
        prepared = parallel.Prepared()
        for part in parallel.book_parts(presets):
            prepared.books[part] = timed(f"typesetting: {part[0]}", build.typeset_book)(loaded, replays, part)
        jobs = timed("drawing the art", build._render_jobs)(loaded)
        prepared.findings = timed("preflight, both inks", preflight.preflight_inks)(loaded, jobs, presets)
        before = sum(SPENT[name] for name in INSIDE)
        timed("the rest of the kit", build.render_game)(loaded, presets, True, None, prepared)
        SPENT["the rest of the kit"] -= sum(SPENT[name] for name in INSIDE) - before
    for name, seconds in SPENT.most_common():
        print(f"{name:32s} {seconds:6.2f} s")
    print(f"{'total':32s} {time.perf_counter() - started:6.2f} s")


if __name__ == "__main__":
    main(sys.argv[1:] or ["letter", "a4"])
