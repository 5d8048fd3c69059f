"""The disk cache of typeset books: the same bytes as typesetting afresh, a damaged or unwritable cache
never fails a build nor changes it, and it can be turned off or deleted at any time."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import pytest

from kitpress import cache
from kitpress.booklet import typeset

HTML = "<html><body><h1>Set-up</h1><p>Put the block on space 1. ΣF ≠ 0 → it moves.</p></body></html>"
typeset_now = typeset._typeset.__wrapped__  # without the in-process memo, so each call asks the disk


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("KITPRESS_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("KITPRESS_CACHE", raising=False)
    return tmp_path / "cache" / "typeset"


def test_a_cached_book_is_the_book_typeset_afresh(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = typeset_now(HTML)
    assert len(list(folder.iterdir())) == 1
    again = typeset_now(HTML)  # from the disk
    monkeypatch.setenv("KITPRESS_CACHE", "off")
    fresh = typeset_now(HTML)
    assert first == again == fresh and first[1] == 1
    assert typeset_now(HTML.replace("space 1", "space 2")) != first  # another text, another entry


def test_a_damaged_entry_is_typeset_again_and_replaced(folder: Path) -> None:
    good = typeset_now(HTML)
    (entry,) = folder.iterdir()
    data = bytearray(entry.read_bytes())
    data[len(data) // 2] ^= 0xFF
    entry.write_bytes(bytes(data))
    assert typeset_now(HTML) == good
    entry.write_bytes(b"short")
    assert typeset_now(HTML) == good
    assert cache.get("typeset", entry.name) is not None  # whole again


def test_a_cache_in_a_file_s_place_is_not_used(folder: Path) -> None:
    folder.parent.parent.mkdir(exist_ok=True)
    folder.parent.write_text("not a folder")  # mkdir fails: the book is typeset all the same
    assert typeset_now(HTML)[1] == 1


def test_turned_off_it_writes_nothing(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KITPRESS_CACHE", "off")
    typeset_now(HTML)
    assert not folder.exists()


def test_the_oldest_entries_go_first(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cache, "MAX_ENTRIES", 3)
    monkeypatch.setattr(cache, "PRUNE_EVERY", 1)  # look at the folder after every put
    names = [cache.key(f"entry-{n}") for n in range(5)]
    for n, name in enumerate(names):
        cache.put("typeset", name, b"x" * n)
        os.utime(folder / name, (1000 + n, 1000 + n))
    assert sorted(p.name for p in folder.iterdir()) == sorted(names[2:])
    assert cache.get("typeset", names[4]) == b"xxxx"


def test_the_preflight_is_cached_by_the_pieces_it_measured(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from kitpress import build, preflight
    from kitpress.spec.load import load_spec

    loaded = load_spec("momentum-game")
    jobs = build._render_jobs(loaded)
    monkeypatch.setattr(preflight, "_LINTED", {})
    fresh = preflight.checked(loaded, jobs)
    entries = list((folder.parent / "preflight").iterdir())
    assert len(entries) == len(jobs)  # one entry per job
    monkeypatch.setattr(preflight, "_LINTED", {})
    assert preflight.checked(loaded, jobs) == fresh  # read back from the disk
    monkeypatch.setattr(preflight, "_LINTED", {})
    changed = [replace(jobs[0], fronts=(replace(jobs[0].fronts[0], svg=jobs[0].fronts[0].svg.replace("</svg>", "<!-- x --></svg>")), *jobs[0].fronts[1:])), *jobs[1:]]
    preflight.checked(loaded, changed)
    assert len(list((folder.parent / "preflight").iterdir())) == len(jobs) + 1  # another piece: its job's entry
