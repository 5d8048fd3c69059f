"""The built Momentum (Leduc) kit, measured: the board and its round track, the marble tokens, the cards,
and the booklet's before/after diagrams, which must show what the engine did. And the art read through the
typed production models: every variant, and every spec that loads, draws without a fault."""

from __future__ import annotations

import json
import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import yaml
from pypdf import PdfReader

from kitpress.booklet.typeset import render_html, render_teachers_html
from kitpress.check import replay_all
from kitpress.errors import InputError
from kitpress.games.momentum import GAME
from kitpress.games.momentum.art import diagram, jobs
from kitpress.games.momentum.art.step_diagram import CELL, R
from kitpress.games.momentum.production import MomentumBoard, MomentumFaces, check
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


REFERENCE_SHEETS = {"letter": 2, "a4": 1, "universal": 2}  # 3 cards of 88.9 × 127 mm: 2 rows fit A4's height only


def test_manifest_kinds_and_one_sheet_each(kit: Path) -> None:
    files = {f["path"]: f for f in json.loads((kit / "manifest.json").read_text())["files"]}
    for paper in PAPERS:
        # three player reference cards (one a player, for up to three) stand two above the other on A4 only;
        # in the shared card-stock file they share sheets with the other pieces
        for name, kind, pages in (("board", "board", 1), ("tokens", "tokens", 1), ("reference-card", "reference", REFERENCE_SHEETS[paper]), ("referee-card", "checklist", 1)):
            entry = files[f"momentum-{name}-{paper}.pdf"]
            assert (entry["kind"], entry["pages"], entry["duplex"]) == (kind, pages, "none"), name
        assert files[f"momentum-rules-{paper}.pdf"]["kind"] == "booklet"


@pytest.mark.parametrize("paper", PAPERS)
def test_board_fits_one_portrait_sheet_with_print_margins(kit: Path, paper: str) -> None:
    page = _pdf(kit, f"momentum-board-{paper}.pdf").pages[0]
    width, height = PAPERS[paper]
    assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx((width, height), abs=0.01)
    x0, y0, x1, y1 = (float(v) for v in page.trimbox)
    assert x1 - x0 == pytest.approx((7 * 22 + 2 * (4.5 + 12 + 1)) * MM, abs=0.1)  # the spec's production sizes
    assert min(x0, y0, width - x1, height - y1) >= 28  # trims stay ~10 mm from the sheet edge
    bx0, by0, bx1, by1 = (float(v) for v in page.bleedbox)
    # 1/8 in of bleed where the sheet has room, at least 1 mm where a crop mark must keep out of the 5 mm band
    for bleed in (x0 - bx0, y0 - by0, bx1 - x1, by1 - y1):
        assert MM - 0.01 <= bleed <= 9.01
    assert min(bx0, by0, width - bx1, height - by1) >= 5 * MM - 0.01


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
    # a printed token (a 3/4 in punch, 19.05 mm; or an 18 mm glass stone) leaves room in a cell: about
    # 1.5 mm of the 22 mm cell showing on every side
    token = max(w for _, _, w, _ in _clips(_pdf(kit, "momentum-tokens-letter.pdf"))) - 18
    diameter = loaded.production("faces", MomentumFaces).marble_diameter_mm
    assert token == pytest.approx(diameter * MM, abs=0.01) and (cell - token) / 2 >= 1.4 * MM


@pytest.mark.parametrize("paper", PAPERS)
def test_tokens_eight_per_seat_for_three_seats_plus_the_tracker(kit: Path, loaded: LoadedSpec, paper: str) -> None:
    faces = loaded.production("faces", MomentumFaces)
    clips = _clips(_pdf(kit, f"momentum-tokens-{paper}.pdf"))
    sizes = sorted(round(w - 18, 2) for _, _, w, h in clips)
    assert len(clips) == 3 * 8 + 1
    assert sizes[0] == pytest.approx(faces.tracker.diameter_mm * MM, abs=0.01)
    assert sizes[1:] == [pytest.approx(faces.marble_diameter_mm * MM, abs=0.01)] * 24


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
    """One board a step: after a drop, every marble where it ended and each push drawn as an arrow from
    its dashed ghost; after a refused step, the board as it was."""
    replays = {r.example.id: r for r in replay_all(loaded.engine, list(loaded.spec.examples))}
    for replay in replays.values():
        for step in replay.steps:
            where = (replay.example.id, step.number)
            svg = diagram(loaded, step.before, step.after)
            boards = _boards(svg)
            assert len(boards) == 1, where
            if step.observed["refused"]:
                assert len(boards[0]) == len(step.before["marbles"]), where
                continue
            fell = [p for p in step.after["last"]["pushes"] if p["to"] is None]
            assert len(boards[0]) == len(step.after["marbles"]) + len(fell), where
            arrows = len(re.findall(r'<polygon fill="#1a1a1a"[^>]*stroke="#ffffff"', svg))
            assert arrows == len(step.after["last"]["pushes"]), where
    # Example D: Red's A4 falls off to the west, so a red disc sits outside the board's grid, left of A
    d = replays["D"].steps[0]
    after = sorted(_boards(diagram(loaded, d.before, d.after))[0])
    assert after[0][2] == "#c62828" and after[1][0] - after[0][0] > 2 * CELL  # Blue's B4 is next: A4 stands empty
    assert after[0][1] == after[1][1]  # on row 4, to the west


def _words(markup: str) -> str:
    """Text with its tags taken out: a diagram's line is runs of words and numbers in their own sizes."""
    return re.sub(r"<[^>]+>", "", markup)


def test_booklet_carries_a_diagram_for_every_step(kit: Path, loaded: LoadedSpec) -> None:
    """The teacher's book draws every step; the student rules the pack's two examples."""
    replays = replay_all(loaded.engine, list(loaded.spec.examples))
    html = render_teachers_html(loaded, replays, "letter")
    steps = sum(len(r.steps) for r in replays)
    assert len(re.findall(r"<div class=\"diagram\" id=\"[^\"]+\"><svg", html)) == steps >= 12
    text = _words(html)
    assert text.count("After: Red drops on C4") == 2  # examples A and F
    assert "After: Blue swaps on D4" in text and "Not allowed: the board stays as it was" in text
    rules = render_html(loaded, replays, "letter")
    assert len(re.findall(r"<div class=\"diagram\" id=\"[^\"]+\"><svg", rules)) == 2  # examples A and D
    for paper, (width, height) in PAPERS.items():
        reader = _pdf(kit, f"momentum-rules-{paper}.pdf")
        assert (float(reader.pages[0].mediabox.width), float(reader.pages[0].mediabox.height)) == pytest.approx((width, height), abs=0.01)
    reader = _pdf(kit, "momentum-rules-letter.pdf")
    # The sheet's examples (A and D) are named by title: lettering them A and D would read as B and C missing.
    first = loaded.text(loaded.spec.examples[0].title)
    page = " ".join(next(t for t in (p.extract_text() for p in reader.pages) if f"Example: {first}" in " ".join(t.split())).split())
    assert "After: Red drops on" in page and "In hand:" in page


def test_every_piece_fits_one_sheet_of_every_paper(loaded: LoadedSpec) -> None:
    """Letter, A4 and the universal area alike: nothing is scaled or split across sheets."""
    for job in jobs(loaded):
        for paper in GEOMETRY_PAPERS:
            sheets = pack(paper, [(a.trim_w, a.trim_h) for a in job.fronts], max(a.bleed for a in job.fronts))
            assert len(sheets) == (REFERENCE_SHEETS[paper] if job.name == "reference-card" else 1), (job.name, paper)
            assert not sheets[0].landscape, (job.name, paper)


# --- the art reads the typed production models; whatever loads, it draws ----------------------------


def _texts(svg: str) -> list[str]:
    return ["".join(t.itertext()) for t in ET.fromstring(svg).iter(f"{SVG}text")]


def _edited(tmp_path: Path, edit: Callable[[dict[str, Any]], None]) -> LoadedSpec:
    """The bundled spec with one edit, loaded like a user's own file."""
    assert GAME.spec is not None
    data = yaml.safe_load(GAME.spec.read_text("utf-8"))
    edit(data)
    path = tmp_path / "momentum.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), "utf-8")
    return load_spec(str(path))


def _job(loaded: LoadedSpec, name: str) -> list[str]:
    return [art.svg for job in jobs(loaded) if job.name == name for art in job.fronts]


@pytest.mark.parametrize("variant", [None, *(v.id for v in load_spec("momentum").spec.variants)])
def test_every_variant_draws_every_piece_and_diagram(variant: str | None) -> None:
    """The art called directly, not through the build's error wrapper: no variant makes it fail."""
    loaded = load_spec("momentum", variant)
    made = jobs(loaded)
    assert [j.name for j in made] == ["board", "tokens", "reference-card", "referee-card"]
    for job in made:
        assert job.fronts, job.name
        for art in job.fronts:
            assert ET.fromstring(art.svg).tag == f"{SVG}svg", (job.name, art.name)
    steps = [s for r in replay_all(loaded.engine, list(loaded.spec.examples)) for s in r.steps]
    assert len(steps) >= 12
    for step in steps:
        assert len(_boards(diagram(loaded, step.before, step.after))) == 1


def test_the_art_prints_the_typed_production_values(tmp_path: Path) -> None:
    def edit(data: dict[str, Any]) -> None:
        faces, board = data["production"]["faces"], data["production"]["board"]
        faces["tracker"].update(colour="#00897b", label="Round counter")
        faces["diagram"]["hand"] = "Left to drop"
        board["track"]["start_label"] = "GO"
        board["edges"][1]["label"] = "Blue's side"

    loaded = _edited(tmp_path, edit)
    assert loaded.production("faces", MomentumFaces).tracker.colour == "#00897b"
    assert loaded.production("board", MomentumBoard).track.start_label == "GO"
    tracker = _job(loaded, "tokens")[-1]
    assert 'fill="#00897b"' in tracker
    assert "Round counter" in _texts(_job(loaded, "reference-card")[0])
    board = _texts(_job(loaded, "board")[0])
    assert "GO" in board and "START" not in board and "Blue's side" in board
    step = replay_all(loaded.engine, list(loaded.spec.examples))[0].steps[0]
    assert "Left to drop:" in _texts(diagram(loaded, step.before, step.after))


def test_any_seat_of_the_game_may_sit_at_an_edge(tmp_path: Path) -> None:
    """Yellow plays only in a three-player game, so the empty two-player board has no yellow marble:
    its edge is drawn from the game's seats."""
    loaded = _edited(tmp_path, lambda d: d["production"]["board"]["edges"][1].update(seat="yellow", label="Yellow sits here"))
    board = _job(loaded, "board")[0]
    assert "Yellow sits here" in _texts(board) and 'fill="#fdd835"' in board


def test_a_round_limit_shorter_than_the_track_leaves_the_squares_past_it_blank(tmp_path: Path) -> None:
    def edit(data: dict[str, Any]) -> None:
        data["game"]["round_limit"] = {"enabled": True, "rounds": 10}
        data["examples"] = []  # they play rounds past 10

    board = _job(_edited(tmp_path, edit), "board")[0]
    squares = [r for r in ET.fromstring(board).iter(f"{SVG}rect") if r.get("rx") == "3"]
    assert len(squares) == 28  # the whole track is printed
    words = _texts(board)
    assert {str(n) for n in range(1, 11)} <= set(words) and words.count("END") == 1
    assert not {str(n) for n in range(11, 28)} & set(words)


def test_the_components_decide_which_board_and_reference_cards_print(tmp_path: Path) -> None:
    def edit(data: dict[str, Any]) -> None:
        for component in data["components"]:
            if component["print"] == "board":
                component["print"] = "none"  # a bought board
            if component["print"] == "reference":
                component["quantity"] = 3

    made = {job.name: job for job in jobs(_edited(tmp_path, edit))}
    assert sorted(made) == ["referee-card", "reference-card", "tokens"]
    assert len(made["reference-card"].fronts) == 3
    none = _edited(tmp_path, lambda d: [c.update(quantity=0) for c in d["components"] if c["print"] == "reference"])
    assert "reference-card" not in [job.name for job in jobs(none)]


def test_a_reference_table_of_any_shape_prints_every_cell(tmp_path: Path) -> None:
    table = {"columns": ["Step", "What", "Rule"], "rows": [["Drop", "On any empty cell", "R5"], ["Push", "The last marble moves", "R8"]]}
    card = _texts(_job(_edited(tmp_path, lambda d: d["player_reference"].update(table=table)), "reference-card")[0])
    assert {"Drop", "Push"} <= set(card)
    assert any("On any empty cell — R5" in line for line in card)
    bare = _texts(_job(_edited(tmp_path, lambda d: d["player_reference"].pop("table")), "reference-card")[0])
    assert "Momentum in 8 directions" in bare and "Drop" not in bare


def test_a_reference_table_too_long_for_the_card_is_refused_at_its_line(tmp_path: Path) -> None:
    loaded = _edited(tmp_path, lambda d: d["player_reference"]["table"]["rows"].extend([["More", "Another rule to remember."]] * 8))
    with pytest.raises(InputError) as refused:
        jobs(loaded)
    assert refused.value.problems[0].line == loaded.lines["player_reference"]
    assert "pt more than the reference card has" in str(refused.value)


def test_the_production_check_takes_raw_or_typed_sections(loaded: LoadedSpec) -> None:
    """The loader passes the spec's raw production section; typed models give the same findings."""
    assert GAME.spec is not None
    raw = yaml.safe_load(GAME.spec.read_text("utf-8"))["production"]
    raw["board"]["edges"][1]["side"] = "bottom"
    typed = {"board": MomentumBoard.model_validate(raw["board"])}
    found = list(check(loaded.engine, raw))
    assert found == list(check(loaded.engine, typed))
    assert [path for path, _ in found] == [("production", "board", "edges", 1, "side")]
