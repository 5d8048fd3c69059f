"""Integer Matrix's typed production sections: the art draws what the spec's `production.faces` and
`production.board` say, and whatever spec loads, the art draws it without failing (build.py's
`_reading_production` wrapper is not used here), because a value the art cannot use is refused when
the spec loads, at its own line."""

from __future__ import annotations

import copy
import math
import random
import re
import tempfile
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kitpress import fonts
from kitpress.check import replay_all
from kitpress.errors import InputError
from kitpress.games.integer_matrix.art import diagram, jobs
from kitpress.games.integer_matrix.production import IntegerMatrixBoard, IntegerMatrixFaces
from kitpress.games.integer_matrix.rules import Config, IntegerMatrix
from kitpress.games.integer_matrix.squares import COLUMNS
from kitpress.packs import pack_for
from kitpress.pieces import PrintJob
from kitpress.spec.load import LoadedSpec, load_spec

GAME = "integer-matrix"
SPEC = pack_for(GAME).spec
assert SPEC is not None
BASE: dict[str, Any] = yaml.safe_load(SPEC.read_text(encoding="utf-8"))
MM = 72 / 25.4
SVG = "{http://www.w3.org/2000/svg}"
PIECES = {"board", "discs", "score-sheet", "bag-label", "referee-card"}


def _write(data: dict[str, Any], folder: Path) -> Path:
    path = folder / "integer-matrix-changed.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=1000), encoding="utf-8")
    return path


def _changed(folder: Path, **changes: Any) -> Path:
    """The bundled spec with `production.<dotted path>` values changed (None deletes the key)."""
    data = copy.deepcopy(BASE)
    for dotted, value in changes.items():
        *parents, key = dotted.split("__")
        node = data["production"]
        for part in parents:
            node = node[part]
        if value is None:
            del node[key]
        else:
            node[key] = value
    return _write(data, folder)


def _draw_everything(loaded: LoadedSpec) -> tuple[list[PrintJob], list[str]]:
    """Every printed piece and every worked-example diagram, called straight, as build will once the
    wrapper goes; each must be an SVG document."""
    pieces = jobs(loaded)
    pictures = [diagram(loaded, step.before, step.after) for replay in replay_all(loaded.engine, list(loaded.spec.examples)) for step in replay.steps]
    for svg in [art.svg for job in pieces for art in (*job.fronts, *job.backs)] + pictures:
        assert ET.fromstring(svg).tag == f"{SVG}svg"
    return pieces, pictures


def _texts(svg: str) -> Iterator[tuple[str, float, float, float]]:
    for t in ET.fromstring(svg).iter(f"{SVG}text"):
        yield t.text or "", float(t.get("x", 0)), float(t.get("y", 0)), float(t.get("font-size", 0))


def _words(svg: str) -> list[str]:
    return [t.text or "" for t in ET.fromstring(svg).iter(f"{SVG}text")]


def _job(pieces: list[PrintJob], name: str) -> PrintJob:
    return next(j for j in pieces if j.name == name)


def _refusal(path: Path) -> list[str]:
    with pytest.raises(InputError) as caught:
        load_spec(str(path))
    return caught.value.lines()


# --- the bundled spec ------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", [None, *(v["id"] for v in BASE["variants"])])
def test_every_variant_draws_all_its_pieces_and_diagrams(variant: str | None) -> None:
    loaded = load_spec(GAME, variant)
    pieces, pictures = _draw_everything(loaded)
    assert {j.name for j in pieces} == PIECES
    assert len(_job(pieces, "discs").fronts) == len(loaded.engine.config.discs) == 49
    assert len(pictures) == sum(len(e.steps) for e in loaded.spec.examples) > 30


def test_the_loaded_spec_carries_both_sections_typed() -> None:
    loaded = load_spec(GAME)
    faces = loaded.production("faces", IntegerMatrixFaces)
    board = loaded.production("board", IntegerMatrixBoard)
    assert (faces.disc.diameter_mm, faces.score_sheet.turns, faces.bag_label.size_in) == (22.2, "{turns_per_side}", (4.0, 6.0))
    assert (board.square_mm, board.frame_mm, board.setup_key.face) == (25.0, 7.0, "side up")
    assert faces.score_sheet.turn_count(loaded.params()) == 20


# --- the art follows the typed sections ------------------------------------------------------------


def test_the_pieces_follow_the_spec(tmp_path: Path) -> None:
    loaded = load_spec(str(_changed(
        tmp_path,
        board__square_mm=20, board__frame_mm=10, board__colours=["#123456", "#fedcba"],
        faces__disc__diameter_mm=30, faces__score_sheet__turns=12, faces__score_sheet__games_per_sheet=2,
        faces__bag_label__size_in=[5, 7], faces__referee__title="CHECK THE TABLE", faces__disc__black__cut=None,
    )))  # fmt: skip
    pieces, _ = _draw_everything(loaded)
    (board,) = _job(pieces, "board").fronts
    assert board.trim_w == pytest.approx((7 * 20 + 2 * 10) * MM)
    assert {'fill="#123456"', 'fill="#fedcba"'} <= set(re.findall(r'fill="#[0-9a-f]{6}"', board.svg))
    discs = _job(pieces, "discs")
    assert {round(a.trim_w / MM, 6) for a in (*discs.fronts, *discs.backs)} == {30}
    # the black side's cut guide, left out, is the grey the discs have always had; the white one as given
    assert 'stroke="#777777"' in discs.fronts[0].svg and 'stroke="#1b1b1b"' in discs.backs[0].svg
    sheet = _job(pieces, "score-sheet").fronts[0].svg
    texts = _words(sheet)
    assert [t for t in texts if t.startswith("Game ")] == ["Game 1", "Game 2"]
    assert texts.count("12") == 2 and "13" not in texts  # a column per turn, in each game's strip
    label = _job(pieces, "bag-label").fronts[0]
    assert (label.trim_w, label.trim_h) == (5 * 72, 7 * 72)
    assert "CHECK THE TABLE" in _words(_job(pieces, "referee-card").fronts[0].svg)


def test_turns_named_by_a_game_number_follow_a_variant_of_the_board(tmp_path: Path) -> None:
    """turns: "{board_size}" gives one column per row of the board, whatever the board."""
    data = copy.deepcopy(BASE)
    data["production"]["faces"]["score_sheet"]["turns"] = "{board_size}"
    loaded = load_spec(str(_write(data, tmp_path)))
    assert loaded.production("faces", IntegerMatrixFaces).score_sheet.turn_count(loaded.params()) == 7
    texts = _words(_job(jobs(loaded), "score-sheet").fronts[0].svg)
    assert texts.count("7") == 3 and "8" not in texts  # three games a sheet


def test_the_diagram_labels_come_from_the_spec(tmp_path: Path) -> None:
    loaded = load_spec(str(_changed(tmp_path, faces__diagram__placed="posé", faces__diagram__onto="sur {board_size}×")))
    replay = next(r for r in replay_all(loaded.engine, list(loaded.spec.examples)) if r.example.id == "B")
    svg = diagram(loaded, replay.steps[0].before, replay.steps[0].after)
    titles = ["".join(t.itertext()) for t in ET.fromstring(svg).iter(f"{SVG}text")]  # a line of runs
    assert "posé" in titles and "After: negative sur 7× g4" in titles


# --- what loads is what the art can draw ------------------------------------------------------------


@pytest.mark.parametrize(("turns", "count"), [(12, 12), ("12", 12), ("{turns_per_side}", 20), ("{squares}", 49)])
def test_score_sheet_turns_a_number_or_one_game_number(tmp_path: Path, turns: object, count: int) -> None:
    loaded = load_spec(str(_changed(tmp_path, faces__score_sheet__turns=turns)))
    assert loaded.production("faces", IntegerMatrixFaces).score_sheet.turn_count(loaded.params()) == count


@pytest.mark.parametrize(
    ("turns", "words"),
    [
        ("twenty", ["whole number", "got 'twenty'"]), ("{turns_per_side} turns", ["got '{turns_per_side} turns'"]),
        (True, ["got true"]), (2.5, ["got 2.5"]), ([20], ["got [20]"]),
        (50, ["from 1 to 49", "got 50"]), ("{setup_order}", ["which is '1 c3, 2 d3,"]),
    ],
)  # fmt: skip
def test_score_sheet_turns_that_draw_no_columns_are_refused_at_their_line(tmp_path: Path, turns: object, words: list[str]) -> None:
    path = _changed(tmp_path, faces__score_sheet__turns=turns)
    line = next(n for n, text in enumerate(path.read_text("utf-8").splitlines(), start=1) if text.strip().startswith("turns:"))
    (problem,) = _refusal(path)
    assert problem.startswith(f"{path}:{line}:") and "production.faces.score_sheet.turns" in problem
    assert all(w in problem for w in words), problem


def _inside_safe_circle(svg: str) -> bool:
    """Every text of a disc face within the circle 9 pt inside the cut (the art's safe margin)."""
    full = float(ET.fromstring(svg).get("viewBox", "").split()[2])
    c, safe = full / 2, (full - 18) / 2 - 9
    for t, x, y, s in _texts(svg):
        half = fonts.text_width(t, s, "bold") / 2
        for cx, cy in ((x - half, y), (x + half, y), (x - half, y - 0.73 * s), (x + half, y - 0.73 * s)):
            if math.hypot(cx - c, cy - c) > safe + 0.01:
                return False
    return True


@pytest.mark.parametrize(("diameter", "word"), [(12, "BLACK"), (16, "BLACK"), (16.5, "BLACK"), (17, "BLACK"), (40, "BLACK"), (22, "BLACK SIDE UP"), (40, "BLACK SIDE UP")])
def test_a_disc_loads_only_if_its_numerals_and_words_fit_inside_its_safe_circle(tmp_path: Path, diameter: float, word: str) -> None:
    """The smallest discs that load still keep every numeral and word 9 pt inside the cut; smaller
    ones are refused at the diameter, naming a size that fits."""
    path = _changed(tmp_path, faces__disc__diameter_mm=diameter, faces__disc__black__word=word)
    try:
        loaded = load_spec(str(path))
    except InputError as exc:
        (problem,) = exc.lines()
        assert problem.startswith(f"{path}:") and "production.faces.disc.diameter_mm" in problem and "mm or more" in problem
        need = int(problem.split("make it ")[1].split(" mm")[0])
        assert need > diameter
        assert not list(_changed_disc_problems(tmp_path, need, word)), "the size the message names must load"
        return
    discs = _job(jobs(loaded), "discs")
    assert all(_inside_safe_circle(a.svg) for a in (*discs.fronts, *discs.backs))


def _changed_disc_problems(folder: Path, diameter: float, word: str) -> list[str]:
    path = _changed(folder, faces__disc__diameter_mm=diameter, faces__disc__black__word=word)
    try:
        load_spec(str(path))
    except InputError as exc:
        return exc.lines()
    return []


def test_the_disc_check_straddles_the_limit(tmp_path: Path) -> None:
    """17 mm discs do not hold the bundled numerals with BLACK and WHITE under them at the 8 pt a word read at
    the table needs (lint W1-W8); 18 mm ones do."""
    assert _changed_disc_problems(tmp_path, 17, "BLACK") and not _changed_disc_problems(tmp_path, 18, "BLACK")


def test_a_component_list_without_a_board_still_draws_the_board(tmp_path: Path) -> None:
    """What a component prints as names the piece's file; without one the piece keeps its own name."""
    data = copy.deepcopy(BASE)
    data["components"] = [c for c in data["components"] if c["print"] != "board"]
    pieces, _ = _draw_everything(load_spec(str(_write(data, tmp_path))))
    assert _job(pieces, "board").title == "" and _job(pieces, "discs").title == "Number disc set"


# --- any spec that loads draws: boards of every size, production values across their ranges ----------


def _game(n: int, extremes: bool) -> dict[str, Any]:
    """A consistent game on an n × n board: a centre block to set up, one disc per square."""
    m = (n - 1) // 2
    setup = [f"{COLUMNS[c]}{r + 1}" for r in (m, m + 1) for c in (m, m + 1)]
    discs = [[99, -99], [-99, 99]] + [[i, 0] for i in range(n * n - 2)] if extremes else [[i, -1] for i in range(n * n)]
    return {"board_size": n, "setup_squares": setup, "one_colour_rule": True, "discs": discs}


def _examples(game: dict[str, Any]) -> list[dict[str, Any]]:
    """A set-up and one turn on that board, the turn one the engine allows."""
    engine = IntegerMatrix(Config.model_validate(game))
    setup = game["discs"][: len(game["setup_squares"])]
    state = engine.example_state({"setup": setup}, [], random.Random(0))
    move = engine.legal_moves(state, engine.to_move(state)[0])[0]
    spare = game["discs"][len(setup)]
    return [
        {"id": "setup", "title": "Set-up", "summary": "The centre fills.", "steps": [{"play": {"disc": d}} for d in setup]},
        {"id": "turn", "title": "A turn", "summary": "One placement.", "start": {"setup": setup}, "steps": [{"play": {"disc": spare, "face": move.face, "cell": move.cell}}]},
    ]


PRINTABLE = st.characters(codec="utf-8", categories=["L", "N", "P", "S", "Zs"])  # the loader refuses controls
WORD = st.text(PRINTABLE, min_size=1, max_size=20)
LABEL = st.text(PRINTABLE, max_size=60)
CAPTION = st.text(PRINTABLE, max_size=400)
COLOUR = st.integers(0, 0xFFFFFF).map(lambda v: f"#{v:06x}")


def _mostly(loads: st.SearchStrategy[Any], whole: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """Three draws in four from where a value loads, so most examples reach the art; the rest from
    the whole typed range, so the check's refusals are exercised too."""
    return st.one_of(loads, loads, loads, whole)


@st.composite
def specs(draw: st.DrawFn) -> dict[str, Any]:
    data = copy.deepcopy(BASE)
    n = draw(st.sampled_from([9, 3, 7, 5]))
    if n != 7 or draw(st.booleans()):
        data["game"] = _game(n, draw(st.booleans()))
        data["examples"] = _examples(data["game"])
        data["variants"] = []  # the bundled variant's example is a 7 × 7 position
    faces, board = data["production"]["faces"], data["production"]["board"]
    disc = faces["disc"]
    disc["diameter_mm"] = draw(_mostly(st.floats(26, 40), st.floats(12, 40)))
    disc["underline_digits"] = draw(st.text("0123456789", max_size=10))
    for face in ("black", "white"):
        disc[face] = {"fill": draw(COLOUR), "ink": draw(COLOUR), "word": draw(_mostly(st.text(PRINTABLE, min_size=1, max_size=6), WORD))}
        if draw(st.booleans()):
            disc[face]["outline"] = draw(COLOUR)
        if draw(st.booleans()):
            disc[face]["cut"] = draw(COLOUR)
    sheet = faces["score_sheet"]
    sheet["turns"] = draw(_mostly(st.sampled_from(["{turns_per_side}", "{squares}", "{board_size}", "{setup_count}", 1, 9]), st.integers(-1, 82)))
    sheet["games_per_sheet"] = draw(st.integers(1, 4))
    sheet["rows"] = [draw(LABEL) for _ in range(3)]
    sheet["footer"] = draw(CAPTION)
    for card in ("bag_label", "referee"):
        faces[card]["size_in"] = [draw(st.floats(2, 7.25)), draw(st.floats(2, 10))]
    faces["bag_label"]["columns"] = [draw(LABEL), draw(LABEL)]
    faces["diagram"] = {key: draw(LABEL) for key in faces["diagram"]}
    board["square_mm"] = draw(_mostly(st.floats(15, 150 / n if n > 3 else 40), st.floats(15, 40)))
    board["frame_mm"] = draw(st.floats(5, 20))
    board["colours"] = [draw(COLOUR), draw(COLOUR)]
    board["setup_key"] = {"face": draw(LABEL), "seat": draw(LABEL)}
    board["caption"] = draw(CAPTION)
    return data


@settings(max_examples=30, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(specs())
def test_a_spec_that_loads_draws_all_its_pieces_and_diagrams(data: dict[str, Any]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = _write(data, Path(folder))
        try:
            loaded = load_spec(str(path))
        except InputError as exc:  # refused: every problem placed at a line of this file
            assert all(line.startswith(f"{path}:") for line in exc.lines()), exc.lines()
            return
        pieces, _ = _draw_everything(loaded)
        assert {j.name for j in pieces} == PIECES
