"""The print and assemble page: first in every kit, one page per paper, naming each file of a set with
its paper, how to print it, its sheets and what to cut, as the manifest has them; the pieces drawn from
their own art; every component and its count."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from pypdf import PdfReader

from kitpress.packs import shipped_specs
from kitpress.spec.load import load_spec
from kitpress.stock import entry_sheets, set_entries

PAPERS = {"letter": (612.0, 792.0), "a4": (595.2756, 841.8898)}


def _text(path: Path) -> str:
    return " ".join(" ".join(page.extract_text().split()) for page in PdfReader(str(path)).pages)


@pytest.mark.parametrize("game", tuple(shipped_specs()))
def test_the_page_is_first_and_says_what_to_print(game: str, built_kit: Callable[[str], Path]) -> None:
    kit = built_kit(game)
    manifest = json.loads((kit / "manifest.json").read_text("utf-8"))
    assert manifest["files"][0]["path"] == "0-print-and-assemble-a4.pdf"  # before every other file
    assert sorted(p.name for p in kit.glob("*.pdf"))[:2] == ["0-print-and-assemble-a4.pdf", "0-print-and-assemble-letter.pdf"]
    loaded = load_spec(game)
    for paper, size in PAPERS.items():
        path = kit / f"0-print-and-assemble-{paper}.pdf"
        reader = PdfReader(str(path))
        assert len(reader.pages) == 1  # one sheet to pin up beside the printer
        assert (float(reader.pages[0].mediabox.width), float(reader.pages[0].mediabox.height)) == pytest.approx(size, abs=0.01)
        text = _text(path).replace("- ", "-")
        squeezed = text.replace(" ", "")
        assert "at 100 %" in text and "fit to page" in text
        chosen = set_entries(manifest["files"], paper)
        assert chosen
        for entry in chosen:  # every file of the set, once, with its paper and sheets
            assert entry["path"] in squeezed, entry["path"]
        totals: dict[str, int] = {}
        for entry in chosen:
            totals[entry["stock"]] = totals.get(entry["stock"], 0) + entry_sheets(entry)
        for stock, sheets in totals.items():
            assert f"{sheets} sheet{'s' if sheets != 1 else ''} of {stock}" in text
        assert manifest["sets"][paper]["card stock"]["sheets"] == totals["card stock"]
        for component in loaded.spec.components:
            if component.quantity:
                assert f"{loaded.text(component.name)} × {component.quantity}" in text
        assert "teachers-book" in squeezed  # printed once for the class


def test_the_pieces_are_drawn_from_their_art(built_kit: Callable[[str], Path]) -> None:
    """The page of Momentum Game! draws the cards, the board, the tokens and the referee card: their own
    words (PUSH RIGHT, BLOCK, STREAK) are on it, with how many of each are printed."""
    text = _text(built_kit("momentum-game") / "0-print-and-assemble-letter.pdf")
    for words in ("PUSH RIGHT", "BLOCK", "STREAK", "× 12", "× 4"):
        assert words in text, words
    assert "first cut out" not in text  # 16 cards fill two sheets: nothing is ganged
    rummy = _text(built_kit("newtonian-rummy") / "0-print-and-assemble-letter.pdf")
    assert "first cut out the referee checklist card on the last sheet" in rummy


def test_the_cache_key_holds_what_the_page_shows_and_not_the_rest() -> None:
    """The page is cached by page_inputs: a face in its row of pictures changes the key, a face it does
    not show (beyond the row's first kinds) or a file's bytes do not."""
    from dataclasses import replace

    from kitpress import build, stock
    from kitpress.sheets.assembly import SHOWN, page_inputs
    from kitpress.sheets.presets import Preset

    loaded = load_spec("newtonian-rummy")
    jobs = build._render_jobs(loaded)
    cards = next(j for j in jobs if j.kind == "cards")
    assert len({a.svg for a in cards.fronts}) > SHOWN

    def inputs(deck: object, digest: str = "0") -> str:
        chosen = [deck if j is cards else j for j in jobs]
        entries = [{"path": stock.job_path(loaded.id, j, Preset("letter")), "kind": j.kind, "paper": "letter", "sha256": digest, "sheet_digests": [digest]} for j in chosen]
        return page_inputs(loaded, "letter", entries, {stock.job_path(loaded.id, j, Preset("letter")): j for j in chosen})  # type: ignore[arg-type]

    def relabelled(index: int) -> object:
        art = cards.fronts[index]
        return replace(cards, fronts=tuple(replace(a, svg=a.svg.replace("</svg>", "<!-- new --></svg>")) if a.svg == art.svg else a for a in cards.fronts))

    base = inputs(cards)
    assert inputs(cards, digest="1") == base  # a file's bytes are not on the page
    assert inputs(relabelled(0)) != base  # the first card is in the row
    assert inputs(relabelled(len(cards.fronts) - 1)) == base  # the last kind of card is not
