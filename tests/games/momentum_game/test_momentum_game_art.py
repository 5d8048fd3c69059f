"""Momentum Game!'s art reads the typed production models, and every spec that loads is one it draws:
each variant of the bundled spec and tracks of unusual lengths render every piece and diagram and
impose on every preset (no renderer wrapper turning a fault into "bad input"), and a track the art
cannot draw is refused when the spec loads, at its own line."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from dataclasses import replace
from itertools import pairwise, product
from pathlib import Path

import pytest

from kitpress.check import replay_all
from kitpress.errors import InputError
from kitpress.games.momentum_game import art
from kitpress.games.momentum_game.production import MomentumGameBoard, MomentumGameFaces, check
from kitpress.games.momentum_game.rules import MomentumGame
from kitpress.pieces import BLEED, PrintJob
from kitpress.resources import specs_dir
from kitpress.sheets.impose import backs_only_pages, printed_pages
from kitpress.sheets.presets import DUPLEX_CHOICES, LAYOUT_CHOICES, PAPER_CHOICES, Preset
from kitpress.spec.load import LoadedSpec, load_spec

SPEC = specs_dir() / "momentum-game.yaml"
SVG = "{http://www.w3.org/2000/svg}"
MM = 72 / 25.4
PRESETS = [Preset(paper, layout, duplex) for paper, layout, duplex in product(PAPER_CHOICES, LAYOUT_CHOICES, DUPLEX_CHOICES)]
BLOCK = "#ffb300"  # the diagram's block


def _texts(svg: str) -> list[str]:
    return [el.text or "" for el in ET.fromstring(svg).iter(f"{SVG}text")]


def _rects(svg: str) -> list[dict[str, str]]:
    return [el.attrib for el in ET.fromstring(svg).iter(f"{SVG}rect")]


def _edited(tmp_path: Path, name: str, edits: dict[str, str], examples: bool = True) -> Path:
    """The bundled spec with whole lines replaced (each must be there once); without its examples when
    they would not fit the edited track."""
    text = SPEC.read_text(encoding="utf-8")
    for old, new in edits.items():
        assert text.count(old + "\n") == 1, old
        text = text.replace(old + "\n", new + "\n")
    if not examples:
        text, count = re.subn(r"^examples:\n.*?(?=^rulings:)", "", text, flags=re.S | re.M)
        assert count == 1
    path = tmp_path / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def _track(tmp_path: Path, lo: int, hi: int, start: int, space: float = 40, cap: int = 2) -> Path:
    edits = {
        "  track: {min: 0, max: 3, start: 1}": f"  track: {{min: {lo}, max: {hi}, start: {start}}}",
        "    space_width_mm: 40": f"    space_width_mm: {space}",
        "  streak_cap: 2": f"  streak_cap: {cap}",
    }
    return _edited(tmp_path, f"track{lo}_{hi}_{space}_{cap}", edits, examples=False)


def _line_of(path: Path, line: str) -> int:
    return path.read_text(encoding="utf-8").splitlines().index(line) + 1


def _imposes_everywhere(jobs: list[PrintJob]) -> None:
    """What build does with the pieces: every job on every paper, layout and duplex method."""
    for job, preset in product(jobs, PRESETS):
        pages = printed_pages(job, preset)
        assert pages, (job.name, preset)
        placed = sum(len(page.sheet.placements) for page in pages)
        assert placed == len(job.fronts) * (2 if job.backs and preset.duplex != "none" else 1)
        if job.backs:
            assert sum(len(p.sheet.placements) for p in backs_only_pages(job, preset)) == len(job.backs)


def _panel_boxes(board_svg: str) -> list[tuple[float, float]]:
    """The streak panel's boxes (rounded corners), as left and right edges."""
    return sorted((float(r["x"]), float(r["x"]) + float(r["width"])) for r in _rects(board_svg) if r.get("rx") == "4")


def _block_x(diagram_svg: str) -> float:
    (block,) = [r for r in _rects(diagram_svg) if r.get("fill") == BLOCK]
    return float(block["x"]) + float(block["width"]) / 2


def _draws_on_the_track(loaded: LoadedSpec, diagram_svg: str, position: int) -> None:
    """The filled block sits on the numbered cell of its position: under that cell's number."""
    (number,) = [el for el in ET.fromstring(diagram_svg).iter(f"{SVG}text") if el.text == str(position)]
    assert number.get("text-anchor") == "middle"
    assert _block_x(diagram_svg) == pytest.approx(float(number.get("x", "nan")), abs=0.01)  # text x is rounded
    spaces = loaded.engine.config.track.max - loaded.engine.config.track.min + 1
    assert len([t for t in _texts(diagram_svg) if re.fullmatch(r"-?\d+", t)]) == spaces  # every space numbered


# --- the bundled spec, every variant ------------------------------------------------------------------


@pytest.fixture(scope="module")
def base() -> LoadedSpec:
    return load_spec("momentum-game")


@pytest.mark.parametrize("variant", [None, "once-per-chain", "deck-18"])
def test_every_variant_draws_every_piece_and_diagram(base: LoadedSpec, variant: str | None) -> None:
    assert sorted(v.id for v in base.spec.variants) == ["deck-18", "once-per-chain"]  # all of them
    loaded = base.with_variant(variant)
    jobs = art.jobs(loaded)
    cards = next(job for job in jobs if job.kind == "cards")
    assert len(cards.fronts) == len(cards.backs) == loaded.engine.config.deck.size
    assert [job.kind for job in jobs] == ["cards", "board", "tokens", "checklist"]
    _imposes_everywhere(jobs)
    replays = replay_all(loaded.engine, loaded.spec.examples)
    assert all(r.ok for r in replays) and replays
    for step in (s for r in replays for s in r.steps):
        _draws_on_the_track(loaded, art.diagram(loaded, step.before, step.after), step.after["position"])


def test_the_art_reads_the_typed_models(base: LoadedSpec) -> None:
    faces = base.production("faces", MomentumGameFaces)
    board = base.production("board", MomentumGameBoard)
    assert (faces.green.colour, faces.shade_labels["dark"], board.space_width_mm) == ("#81c784", "DARK", 40.0)
    with pytest.raises(TypeError, match="MomentumGameFaces, not MomentumGameBoard"):
        base.production("faces", MomentumGameBoard)
    # The pieces follow the models, not the spec's raw mappings.
    typed = {"faces": faces.model_copy(update={"back_title": "Typed back"}), "board": board.model_copy(update={"space_width_mm": 33.0})}
    changed = replace(base, typed_production=typed)
    assert "Typed back" in _texts(art.card_back(changed).svg)
    assert art.board(changed).trim_w == pytest.approx((4 * 33 + 2 * 22) * MM)


def test_every_production_value_shows_on_its_piece(tmp_path: Path) -> None:
    """Each value of production.faces and production.board, changed in the spec, changes its piece."""
    path = _edited(tmp_path, "designed", {
        "    red: {arrow: \"→\", label: Push Right}": "    red: {arrow: \"→\", label: Shove East}",
        "    green: {title: STOP, subtitle: Equilibrium, caption: \"ΣF = 0\", colour: \"#81c784\", ink: \"#1b5e20\"}":
            "    green: {title: HALT, subtitle: Balanced, caption: \"No net force\", colour: \"#a5d6a7\", ink: \"#004d40\"}",
        "    shade_labels: {dark: DARK, light: LIGHT}": "    shade_labels: {dark: HEAVY, light: SOFT}",
        "    back_title: Momentum Game!": "    back_title: Push or Stop",
        "    space_width_mm: 40": "    space_width_mm: 45",
        "    caption: \"Only a net force (ΣF ≠ 0) changes the motion. Equal and opposite pushes leave the block where it is.\"":
            "    caption: \"Spaces {track_min} to {track_max}\"",
    })  # fmt: skip
    loaded = load_spec(str(path))
    red = [t for card in ("red-dark", "red-light") for t in _texts(art.push_card(loaded, loaded.engine.card(card)).svg)]
    assert "SHOVE EAST" in red
    assert {"HEAVY · STRENGTH 2", "SOFT · STRENGTH 1"} <= set(red)
    assert "PUSH LEFT" in _texts(art.push_card(loaded, loaded.engine.card("blue-dark")).svg)
    green = art.stop_card(loaded, loaded.engine.card("green"))
    assert {"HALT", "BALANCED", "No net force"} <= set(_texts(green.svg))
    assert _rects(green.svg)[0]["fill"] == "#a5d6a7"
    octagon, *arrows = [(el.get("stroke"), el.get("fill")) for el in ET.fromstring(green.svg).iter(f"{SVG}polygon")]
    assert octagon == ("#004d40", "#ffffff") and arrows == [(None, "#004d40")] * 2  # drawn in the ink
    assert "Push or Stop" in _texts(art.card_back(loaded).svg)
    board = art.board(loaded)
    assert board.trim_w == pytest.approx((4 * 45 + 2 * 22) * MM)
    assert "Spaces 0 to 3" in _texts(board.svg)
    assert ("push or stop", "#d84315", "#a5d6a7") in art.colour_pairs(loaded)


def test_a_variant_s_production_change_shows_in_that_variant_only(tmp_path: Path) -> None:
    path = _edited(tmp_path, "variant-back", {"      game.repeat_move_once_per_chain: true": (
        "      game.repeat_move_once_per_chain: true\n      production.faces.back_title: Once per chain"
    )})  # fmt: skip
    base = load_spec(str(path))
    assert "Momentum Game!" in _texts(art.card_back(base).svg)
    assert "Once per chain" in _texts(art.card_back(base.with_variant("once-per-chain")).svg)


def test_the_check_reads_typed_models_and_raw_data_alike(base: LoadedSpec) -> None:
    engine = base.engine
    assert isinstance(engine, MomentumGame)
    typed = {"faces": base.production("faces", MomentumGameFaces), "board": base.production("board", MomentumGameBoard)}
    narrow = typed["board"].model_copy(update={"space_width_mm": 30.0})
    assert list(check(engine, typed)) == list(check(engine, {k: v.model_dump() for k, v in typed.items()})) == []
    found = list(check(engine, {**typed, "board": narrow}))
    assert found == list(check(engine, {**typed, "board": narrow.model_dump()}))
    assert [path for path, _ in found] == [("production", "board", "space_width_mm")]


# --- tracks of unusual lengths ------------------------------------------------------------------------

DRAWN = [  # (min, max, start, space width mm, streak_cap)
    (0, 2, 1, 50, 2),  # the shortest track there is, wide enough for the streak panel
    (0, 4, 2, 40, 2),
    (-2, 2, 0, 30, 2),  # negative spaces
    (0, 5, 1, 35, 2),  # six spaces, narrowed to fit a sheet
    (-3, 3, 1, 30, 5),  # seven spaces and the largest streak panel a sheet holds
    (10, 13, 11, 40, 1),  # off zero
]


@pytest.mark.parametrize("track", DRAWN, ids=[f"{t[0]}..{t[1]}@{t[3]}mm-cap{t[4]}" for t in DRAWN])
def test_an_unusual_track_draws_every_piece_and_every_step(tmp_path: Path, track: tuple[int, int, int, float, int]) -> None:
    lo, hi, start, space, cap = track
    loaded = load_spec(str(_track(tmp_path, lo, hi, start, space, cap)))
    jobs = art.jobs(loaded)
    _imposes_everywhere(jobs)
    board = next(job for job in jobs if job.kind == "board").fronts[0]
    assert board.trim_w == pytest.approx(((hi - lo + 1) * space + 2 * 22) * MM)
    numbers = _texts(board.svg)
    assert all(str(n) in numbers for n in range(lo, hi + 1))
    boxes = _panel_boxes(board.svg)
    assert len(boxes) == 3 + cap + 1
    assert all(a[1] < b[0] for a, b in pairwise(boxes)), "streak panel boxes overlap"
    assert boxes[0][0] >= BLEED and boxes[-1][1] <= BLEED + board.trim_w  # on the board
    engine = loaded.engine
    state, rng = engine.new_game(random.Random(7)), random.Random(7)
    for _ in range(60):  # random plays to the end of a game: the block visits the track, edges included
        if engine.outcome(state):
            break
        before = state
        moves = {seat: rng.choice(engine.legal_moves(state, seat)) for seat in engine.to_move(state)}
        state = engine.apply(state, moves, rng).state
        drawn = art.diagram(loaded, engine.describe_state(before), engine.describe_state(state))
        _draws_on_the_track(loaded, drawn, state.position)


REFUSED = [  # (min, max, start, space width mm, streak_cap, the line refused, words)
    (0, 1, 0, 40, 2, "  track: {min: 0, max: 1, start: 0}", "strictly between min 0 and max 1"),
    (0, 5, 1, 40, 2, "    space_width_mm: 40", "at most 5 spaces of this width fit"),
    (-3, 3, 0, 40, 2, "    space_width_mm: 40", "a track of 7 spaces 40 mm wide is 324 × 132 mm"),
    (0, 2, 1, 40, 2, "    space_width_mm: 40", "make the spaces at least 50 mm wide"),
    (0, 3, 1, 30, 2, "    space_width_mm: 30", "make the spaces at least 37.5 mm wide"),
    (0, 2, 1, 50, 3, "    space_width_mm: 50", "no space up to 50 mm wide is enough"),
    (0, 3, 1, 40, 6, "  streak_cap: 6", "streak_cap can be at most 5"),
]


@pytest.mark.parametrize("case", REFUSED, ids=[f"{c[0]}..{c[1]}@{c[3]}mm-cap{c[4]}" for c in REFUSED])
def test_a_track_the_art_cannot_draw_is_refused_at_its_line(tmp_path: Path, case: tuple[int, int, int, float, int, str, str]) -> None:
    lo, hi, start, space, cap, line, words = case
    path = _track(tmp_path, lo, hi, start, space, cap)
    with pytest.raises(InputError) as refused:
        load_spec(str(path))
    (problem,) = refused.value.problems
    assert problem.line == _line_of(path, line)
    assert words in problem.message


def test_every_track_either_draws_apart_on_every_paper_or_is_refused(tmp_path: Path) -> None:
    """Across lengths, space widths and streak caps, the check and the art agree: what loads packs on
    every preset with its streak panel's boxes apart; what is refused is refused at the board's width
    or the streak cap."""
    verdicts = set()
    for spaces, space, cap in product((3, 4, 5, 6, 7), (30, 37.5, 43, 50), (1, 2, 5, 6)):
        path = _track(tmp_path, 0, spaces - 1, 1, space, cap)
        try:
            loaded = load_spec(str(path))
        except InputError as exc:
            verdicts.add(False)
            assert {p.path for p in exc.problems} <= {"production.board.space_width_mm", "game.streak_cap"}, exc.problems
            continue
        verdicts.add(True)
        board = art.board(loaded)
        _imposes_everywhere([PrintJob("board", "board", "pack", (board,))])
        boxes = _panel_boxes(board.svg)
        assert all(a[1] < b[0] for a, b in pairwise(boxes)), (spaces, space, cap)
    assert verdicts == {True, False}
