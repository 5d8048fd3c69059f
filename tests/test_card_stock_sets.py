"""A complete set of each game on the fewest sheets of card stock: the manifest gives the sheets per
stock and the area lower bound, and the count is within one sheet of it (issue: fewer sheets of card
stock). The bound is the pieces' trimmed area over one sheet's printable area, rounded up."""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from pathlib import Path

import pytest

from kitpress.packs import shipped_specs
from kitpress.stock import CARD_STOCK, set_entries

PRINTABLE_MM2 = {"letter": (215.9 - 10) * (279.4 - 10), "a4": (210 - 10) * (297 - 10)}  # inside the 5 mm band
# Measured: each game's card stock for one set, and its bound (before sharing: 5, 4, 3 and 10 sheets).
SHEETS = {"momentum-game": (4, 3), "momentum": (3, 2), "integer-matrix": (3, 2), "newtonian-rummy": (8, 7)}


@pytest.mark.parametrize("game", tuple(shipped_specs()))
def test_a_set_prints_within_one_sheet_of_the_area_bound(game: str, built_kit: Callable[[str], Path]) -> None:
    manifest = json.loads((built_kit(game) / "manifest.json").read_text("utf-8"))
    for paper, printable in PRINTABLE_MM2.items():
        chosen = [e for e in set_entries(manifest["files"], paper) if e.get("stock") == CARD_STOCK]
        sheets = sum(e["pages"] if e["duplex"] == "none" else math.ceil(e["pages"] / 2) for e in chosen)
        area = sum(e["piece_area_mm2"] for e in chosen)
        bound = math.ceil(area / printable)
        assert manifest["sets"][paper][CARD_STOCK] == {"sheets": sheets, "area_bound": bound}
        assert (sheets, bound) == SHEETS[game], paper
        assert sheets <= bound + 1
        # every piece on card stock is in the set once: the files the shared ones hold are left out
        held = {h for e in chosen for h in e.get("holds", ())}
        assert not held & {e["path"] for e in chosen}


def test_the_single_files_stay_for_a_reprint(built_kit: Callable[[str], Path]) -> None:
    kit = built_kit("momentum-game")
    names = {p.name for p in kit.glob("*.pdf")}
    assert {"momentum-game-board-letter.pdf", "momentum-game-tokens-letter.pdf", "momentum-game-card-stock-letter.pdf"} <= names


def test_sheets_count_both_sides_once_and_a_gutterfold_page_as_a_sheet() -> None:
    from kitpress.stock import entry_sheets

    assert entry_sheets({"pages": 14, "duplex": "long-edge"}) == 7
    assert entry_sheets({"pages": 3, "duplex": "short-edge"}) == 2
    assert entry_sheets({"pages": 4, "duplex": "gutterfold"}) == 4  # printed on one side, then folded
    assert entry_sheets({"pages": 2, "duplex": "none"}) == 2
    assert entry_sheets({"pages": 3, "kind": "booklet"}) == 2  # rule books go on both sides
