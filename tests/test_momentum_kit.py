"""The built Momentum (Leduc) kit, measured: the board and its round track, the marble tokens, the cards,
and the booklet's before/after diagrams, which must show what the engine did."""

from __future__ import annotations

import json
import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from pypdf import PdfReader

from kitpress.booklet.typeset import render_html
from kitpress.check import replay_all
from kitpress.games.momentum.art import diagram, jobs
from kitpress.games.momentum.art.step_diagram import CELL, R
from kitpress.sheets.geometry import PAPERS as GEOMETRY_PAPERS
from kitpress.sheets.geometry import pack
from kitpress.spec.load import LoadedSpec, load_spec

PAPERS = {"letter": (612.0, 792.0), "a4": (595.2756, 841.8898)}
MM = 72 / 25.4
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def kit(built_kit: Callable[[str], Path]) -> Path:
    return built_kit("momentum")


@pytest.fixture(scope="module")
def loaded() -> LoadedSpec:
    return load_spec("momentum")


def _pdf(kit: Path, name: str) -> PdfReader:
    return PdfReader(str(kit / name))


def _clips(reader: PdfReader, page: int = 0) -> list[tuple[float, float, float, float]]:
    """The clip rectangle of every piece placed on a page: one per piece, art plus bleed."""
    data = reader.pages[page].get_contents().get_data().decode("latin-1")
    return [tuple(map(float, m)) for m in re.findall(r"n ([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) re W\* n", data)]  # type: ignore[misc]


def _svg(kit: Path, name: str) -> ET.Element:
    return ET.fromstring((kit / "svg" / name).read_text("utf-8"))


def test_manifest_kinds_and_one_sheet_each(kit: Path) -> None:
    files = {f["path"]: f for f in json.loads((kit / "manifest.json").read_text())["files"]}
    for paper in PAPERS:
        for name, kind in (("board", "board"), ("tokens", "tokens"), ("reference-card", "reference"), ("referee-card", "checklist")):
            entry = files[f"momentum-{name}-{paper}.pdf"]
            assert (entry["kind"], entry["pages"], entry["duplex"]) == (kind, 1, "none"), name
        assert files[f"momentum-rules-{paper}.pdf"]["kind"] == "booklet"


@pytest.mark.parametrize("paper", PAPERS)
def test_board_fits_one_portrait_sheet_with_print_margins(kit: Path, paper: str) -> None:
    page = _pdf(kit, f"momentum-board-{paper}.pdf").pages[0]
    width, height = PAPERS[paper]
    assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx((width, height), abs=0.01)
    x0, y0, x1, y1 = (float(v) for v in page.trimbox)
    assert x1 - x0 == pytest.approx((7 * 22 + 2 * (4.5 + 12 + 1)) * MM, abs=0.1)  # the spec's production sizes
    assert min(x0, y0, width - x1, height - y1) >= 28  # trims stay ~10 mm from the sheet edge
    bleed = tuple(float(v) for v in page.bleedbox)
    assert bleed == pytest.approx((x0 - 9, y0 - 9, x1 + 9, y1 + 9), abs=0.01)


def test_board_prints_coordinates_start_and_every_track_number(kit: Path) -> None:
    text = _pdf(kit, "momentum-board-letter.pdf").pages[0].extract_text()
    words = set(text.split())
    assert set("ABCDEFG") <= words and {str(n) for n in range(1, 8)} <= words
    assert {str(n) for n in range(1, 31)} <= words  # squares 1-27, then 28-30 on the second lap
    assert "START" in words and "END" in words
    assert {f"{c}{r}" for c in "ABCDEFG" for r in range(1, 8)} <= words  # each cell's name in its corner
    assert "Red sits on this side (row 1)" in text and "Blue sits on this side (row 7)" in text


def test_track_is_28_squares_around_the_grid_and_cells_hold_a_token(kit: Path, loaded: LoadedSpec) -> None:
    root = _svg(kit, "board-board.svg")
    squares = [{k: float(r.get(k, 0)) for k in ("x", "y", "width", "height")} for r in root.iter(f"{SVG}rect") if r.get("rx") == "3"]
    assert len(squares) == len(loaded.engine.track_path) == 28
    grid = next(r for r in root.iter(f"{SVG}rect") if r.get("fill") == "#ffffff" and r.get("rx") is None)
    gx, gy, gw = float(grid.get("x", 0)), float(grid.get("y", 0)), float(grid.get("width", 0))
    cell = gw / 7
    assert cell == pytest.approx(22 * MM, abs=0.01)
    for s in squares:  # outside the grid, lined up with one of its columns or rows
        cx, cy = s["x"] + s["width"] / 2, s["y"] + s["height"] / 2
        outside_x, outside_y = not gx < cx < gx + gw, not gy < cy < gy + gw
        assert outside_x != outside_y, s
        along = (cx - gx) if outside_y else (cy - gy)
        assert along / cell % 1 == pytest.approx(0.5, abs=0.01)
    assert sum(1 for s in squares if s["y"] > gy + gw) == 7 and sum(1 for s in squares if s["x"] > gx + gw) == 7
    # the round limit's last square is drawn bold: where the engine's tracker stands after round 30
    start = loaded.engine.new_game(random.Random(0))
    rounds = loaded.engine.config.round_limit.rounds
    space = loaded.engine.describe_state(replace(start, turn=rounds * len(start.supply)))["track_space"]
    x, y = loaded.engine.track_path[space]
    bold = [s for r, s in zip((r for r in root.iter(f"{SVG}rect") if r.get("rx") == "3"), squares, strict=True) if r.get("stroke-width") == "2.2"]
    assert len(bold) == 1
    assert (y, bold[0]["x"] + bold[0]["width"] / 2) == (0, pytest.approx(gx + (x - 0.5) * cell))
    # a printed token (or an 18 mm glass stone) leaves room in a cell
    token = max(w for _, _, w, _ in _clips(_pdf(kit, "momentum-tokens-letter.pdf"))) - 18
    assert token == pytest.approx(18 * MM, abs=0.01) and cell - token >= 3 * MM


@pytest.mark.parametrize("paper", PAPERS)
def test_tokens_eight_per_seat_for_three_seats_plus_the_tracker(kit: Path, paper: str) -> None:
    clips = _clips(_pdf(kit, f"momentum-tokens-{paper}.pdf"))
    sizes = sorted(round(w - 18, 2) for _, _, w, h in clips)
    assert len(clips) == 3 * 8 + 1
    assert sizes[0] == pytest.approx(10.5 * MM, abs=0.01) and sizes[1:] == [pytest.approx(18 * MM, abs=0.01)] * 24


def test_tokens_differ_by_symbol_not_only_by_colour(kit: Path, loaded: LoadedSpec) -> None:
    """Black-and-white print: with every colour blanked out, the three seats' tokens still differ."""
    shapes = set()
    for seat in loaded.engine.config.seats:
        svg = (kit / "svg" / f"tokens-marble-{seat.id}.svg").read_text("utf-8")
        assert seat.colour in svg
        shapes.add(re.sub(r'"#[0-9a-fA-F]{6}"', '"#000000"', svg))
    assert len(shapes) == 3


def test_reference_card_carries_the_spec_table_twice(kit: Path, loaded: LoadedSpec) -> None:
    text = _pdf(kit, "momentum-reference-card-letter.pdf").pages[0].extract_text()
    assert text.count("Momentum: player reference") == 2
    flat = " ".join(text.split())
    for head, body in loaded.spec.player_reference.table.rows:
        assert loaded.text(head).split()[0] in flat
        assert " ".join(loaded.text(body).split()[:3]) in flat, body
    assert "All 8 of your marbles" in flat and "After round 30" in flat
    for name in ("Red", "Blue", "Yellow", "Round tracker"):
        assert name in flat


def test_referee_card_lists_the_checklist_with_numbers_filled(kit: Path, loaded: LoadedSpec) -> None:
    flat = " ".join(_pdf(kit, "momentum-referee-card-a4.pdf").pages[0].extract_text().split())
    assert "REFEREE CHECKLIST" in flat and "QUICK RULINGS" in flat
    for n, item in enumerate(loaded.spec.referee_checklist, start=1):
        assert f"{n}. {' '.join(loaded.text(item).split()[:3])}" in flat
    assert "All 8 of the mover's marbles" in flat and "{" not in flat


def _boards(svg: str) -> list[list[tuple[float, float, str]]]:
    """Each board's marble-sized discs in a seat's colour, as (x, y, colour) within that board."""
    boards = []
    for g in ET.fromstring(svg).iter(f"{SVG}g"):
        if g.get("transform", "").startswith("translate("):
            circles = g.findall(f"{SVG}circle")
            boards.append([(float(c.get("cx", 0)), float(c.get("cy", 0)), c.get("fill", "")) for c in circles if float(c.get("r", 0)) == R and c.get("fill") not in (None, "none", "#ffffff")])
    return boards


def test_diagrams_show_each_step_as_the_engine_played_it(loaded: LoadedSpec) -> None:
    replays = {r.example.id: r for r in replay_all(loaded.engine, list(loaded.spec.examples))}
    for replay in replays.values():
        for step in replay.steps:
            where = (replay.example.id, step.number)
            svg = diagram(loaded, step.before, step.after)
            boards = _boards(svg)
            assert len(boards[0]) == len(step.before["marbles"]), where
            if step.observed["refused"]:
                assert len(boards) == 1, where
                continue
            fell = [p for p in step.after["last"]["pushes"] if p["to"] is None]
            assert len(boards) == 2 and len(boards[1]) == len(step.after["marbles"]) + len(fell), where
            arrows = len(re.findall(r'<polygon fill="#1a1a1a"[^>]*stroke="#ffffff"', svg))
            assert arrows == len(step.after["last"]["pushes"]), where
    # Example D: Red's A4 falls off to the west, so a red disc sits outside the after-board's grid, left of A
    d = replays["D"].steps[0]
    after = sorted(_boards(diagram(loaded, d.before, d.after))[1])
    assert after[0][2] == "#c62828" and after[1][0] - after[0][0] > 2 * CELL  # Blue's B4 is next: A4 stands empty
    assert after[0][1] == after[1][1]  # on row 4, to the west
    assert after[0][1] == after[1][1]  # on row 4


def test_booklet_carries_a_diagram_for_every_step(kit: Path, loaded: LoadedSpec) -> None:
    replays = replay_all(loaded.engine, list(loaded.spec.examples))
    html = render_html(loaded, replays, "letter")
    steps = sum(len(r.steps) for r in replays)
    assert len(re.findall(r"<div class=\"diagram\"><svg", html)) == steps >= 12
    assert html.count("After: Red drops on C4") == 2  # examples A and F
    assert "After: Blue swaps on D4" in html and "Not allowed: the board stays as it was" in html
    # in the PDF: the first example's diagram, as text (pypdf is slow on diagram pages, so stop there)
    for paper, (width, height) in PAPERS.items():
        reader = _pdf(kit, f"momentum-rules-{paper}.pdf")
        assert (float(reader.pages[0].mediabox.width), float(reader.pages[0].mediabox.height)) == pytest.approx((width, height), abs=0.01)
    reader = _pdf(kit, "momentum-rules-letter.pdf")
    page = next(t for t in (p.extract_text() for p in reader.pages) if "Example A" in t)
    assert "Before" in page and "After: Red drops on C4" in page and "In hand:" in page


def test_every_piece_fits_one_sheet_of_every_paper(loaded: LoadedSpec) -> None:
    """Letter, A4 and the universal area alike: nothing is scaled or split across sheets."""
    for job in jobs(loaded):
        for paper in GEOMETRY_PAPERS:
            sheets = pack(paper, [(a.trim_w, a.trim_h) for a in job.fronts], max(a.bleed for a in job.fronts))
            assert len(sheets) == 1, (job.name, paper)
            assert not sheets[0].landscape, (job.name, paper)
