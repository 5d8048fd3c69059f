"""Half the paper (issue 19, point 5): the kit of the four bundled games for a class of 28 prints at most
313 sheets (527 before the print jobs; 263 before issue 28 seated each game at its best table size,
printed Integer Matrix's score sheets one a sheet, opened the card-stock job with its proof sheet and
printed the reasons of the rulings behind the quick rulings), and its packing list gives the sheets by stock and an
ink estimate. One kit is built for the module."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from kitpress.classkit import KIT_FOLDER
from kitpress.stock import CARD_STOCK, LABEL, PLAIN

GAMES = ["integer-matrix", "momentum", "momentum-game", "newtonian-rummy"]
# 263, half of the 527 the kit printed before, then issue 28: Momentum at 14 tables of 2 (was 10) and
# Newtonian Rummy at 7 of 4 (was 5) print 6 more sets (+40 sheets: their rules, cards and pieces),
# Integer Matrix's score sheets one a sheet, single-sided, as its rules say (+7), the card-stock
# job's proof sheet (+1), and two teacher's books a page longer, printing the reason of each quick
# ruling that is a ruling (+2). Newtonian Rummy's taller momentum marker (lint rule W8) still shares
# its sheet.
MOST_SHEETS = 313


@pytest.fixture(scope="module")
def kit(class_kit_28: Path) -> tuple[Path, dict[str, Any]]:
    """The session's kit of every bundled game for 28 students (conftest)."""
    data: dict[str, Any] = json.loads((class_kit_28 / KIT_FOLDER / "kit.json").read_text("utf-8"))
    assert [g["game"] for g in data["games"]] == GAMES
    return class_kit_28 / KIT_FOLDER, data


def test_a_class_of_28_prints_at_most_313_sheets(kit: tuple[Path, dict[str, Any]]) -> None:
    folder, data = kit
    total = sum(data["sheets"].values())
    assert total <= MOST_SHEETS, data["sheets"]
    # The total is what the print jobs hold, sheet for sheet, and the packing list printed on its own.
    listed = {i["path"]: i for i in data["class"]}["packing-list.pdf"]
    counted = 0
    for job in data["jobs"]:
        pages = len(PdfReader(str(folder / job["file"])).pages)
        counted += -(-pages // 2) if job["duplex"] != "none" else pages
    assert counted + -(-len(PdfReader(str(folder / "packing-list.pdf")).pages) // 2) == total
    assert listed["sheets"] == 1
    assert [j["file"] for j in data["jobs"]] == ["1-plain-duplex.pdf", "2-card-stock-duplex.pdf", "3-label-single-sided.pdf"]


def test_the_packing_list_gives_sheets_by_stock_and_ink(kit: tuple[Path, dict[str, Any]]) -> None:
    folder, data = kit
    sheets = data["sheets"]
    text = (folder / "packing-list.txt").read_text("utf-8")
    pdf = " ".join(" ".join(p.extract_text() for p in PdfReader(str(folder / "packing-list.pdf")).pages).split())
    summary = f"Print {sum(sheets.values())} sheets in all: {sheets[CARD_STOCK]} card stock, {sheets[PLAIN]} plain paper, {sheets[LABEL]} label paper."
    assert summary in text and summary in pdf
    for job in data["jobs"]:
        ink = job["ink_iso_pages"]
        assert ink["black"] > 0
        assert f"{job['file']}: " in text
    card = next(j for j in data["jobs"] if j["stock"] == CARD_STOCK)["ink_iso_pages"]
    label = next(j for j in data["jobs"] if j["stock"] == LABEL)["ink_iso_pages"]
    assert card["colour"] > 10 * max(1, label["colour"]), "the coloured cards take the colour ink"
    assert "Ink or toner: about" in pdf and "ISO pages of black" in pdf


def test_the_class_pieces_are_packed_across_sets(kit: tuple[Path, dict[str, Any]]) -> None:
    _, data = kit
    per_set = {i["path"]: i for g in data["games"] for i in g["print"]}
    packed = [p for j in data["jobs"] for p in j["parts"] if p["packed"]]
    assert {p["paths"][0] for p in packed} >= {"momentum-game/momentum-game-card-stock-letter.pdf", "integer-matrix/integer-matrix-bag-label-letter.pdf"}
    for part in packed:
        item = per_set[part["paths"][0]]
        assert part["sets"] == item["copies"] and part["sheets"] <= item["sheets"]
    assert sum(per_set[p["paths"][0]]["sheets"] - p["sheets"] for p in packed) >= 15
