"""Newtonian Rummy's typed production sections: the art reads them as models, and a spec that loads always
draws — every variant, tracks of every length the rules allow — while one the art cannot draw is refused
when it loads, at its own line."""

from __future__ import annotations

import copy
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
import yaml

from kitpress.check import replay_all
from kitpress.errors import InputError
from kitpress.games.newtonian_rummy import art
from kitpress.games.newtonian_rummy.art import marks as nm
from kitpress.games.newtonian_rummy.art.board import board, momentum_marker
from kitpress.games.newtonian_rummy.art.paper_pieces import reference_sheet
from kitpress.games.newtonian_rummy.layout import LONGEST
from kitpress.games.newtonian_rummy.production import RummyBoard, RummyFaces
from kitpress.games.newtonian_rummy.rules import NewtonianRummy
from kitpress.pieces import PrintJob
from kitpress.sheets.impose import printed_pages
from kitpress.sheets.presets import Preset
from kitpress.spec.load import LoadedSpec, load_spec

GAME = "newtonian-rummy"
SPEC = Path(__file__).resolve().parents[3] / "specs" / "newtonian-rummy.yaml"
RAW = yaml.safe_load(SPEC.read_text("utf-8"))
SVG = "{http://www.w3.org/2000/svg}"
# the presets the bundled kits are built with that lay pieces out on sheets (1up makes one card a page)
PRESETS = (Preset("letter"), Preset("a4"), Preset("universal", "8up", "short-edge"), Preset("a4", "9up", "gutterfold"))
# one round any track holds: Blue's meld (8) beats Red's partial (10 ÷ 2 = 5)
PULL = {"id": "P", "title": "One pull", "summary": "Blue's meld beats Red's partial.", "steps": [{"play": {"blue": "M2 A4 F8", "red": "F10"}, "expect": {"forces": {"blue-1": 8, "red-1": 5}, "winner": "blue", "delta": 3}}]}


def _texts(svg: str) -> list[str]:
    return [t.text or "" for t in ET.fromstring(svg).iter(f"{SVG}text")]


def _draw_everything(loaded: LoadedSpec) -> list[PrintJob]:
    """Every piece on every sheet layout and every example's diagram — called directly, without the
    build's wrapper that turns an error into "bad input", so a fault in the art fails here."""
    jobs = art.jobs(loaded)
    for preset in PRESETS:
        for job in jobs:
            assert printed_pages(job, preset), (job.name, preset)
    replays = replay_all(loaded.engine, list(loaded.spec.examples))
    assert replays and all(r.ok for r in replays)
    for replay in replays:
        for step in replay.steps:
            assert "<svg" in art.diagram(loaded, step.before, step.after)
    return jobs


def _spec(tmp_path: Path, game: dict[str, Any] | None = None, **top: Any) -> Path:
    """The bundled spec with `game:` values changed and top-level sections replaced, as a file; its own
    examples and variants give way to one round any track holds (theirs are for a ±5 track)."""
    data = copy.deepcopy(RAW)
    data["game"].update(game or {})
    data.update({"examples": [PULL], "variants": [], **top})
    path = tmp_path / "rummy.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), "utf-8")
    return path


def _refusal(path: Path) -> tuple[int, str]:
    """The one problem a spec file is refused with: its line and its message."""
    with pytest.raises(InputError) as refused:
        load_spec(str(path))
    (problem,) = refused.value.problems
    return problem.line, problem.message


def _line_of(path: Path, text: str) -> int:
    return next(n for n, line in enumerate(path.read_text("utf-8").splitlines(), start=1) if text in line)


# --- the typed models ---------------------------------------------------------------------------


def test_the_art_reads_the_spec_as_typed_models() -> None:
    loaded = load_spec(GAME)
    faces, design = loaded.production("faces", RummyFaces), loaded.production("board", RummyBoard)
    assert faces.categories["M"].symbol == "weight" and faces.categories["V"].note == "No effect in the base game"
    assert faces.face_cards.K is not None and (faces.face_cards.K.ends.top, faces.face_cards.K.ends.bottom) == ("J", "Q")
    assert faces.standard_deck.ranks["A"] == "1" and faces.standard_deck.suits["♣"] == "V"
    assert (design.edge_patterns.of("blue"), design.edge_patterns.of("red")) == ("hatched", "dotted")


def test_the_pieces_print_what_the_typed_models_hold(tmp_path: Path) -> None:
    data = copy.deepcopy(RAW["production"])
    data["board"].update({"wins": "GAGNE", "start": "DÉPART", "edge_patterns": {"blue": "dotted", "red": "hatched"}})
    data["faces"]["block"]["colour"] = "#00897b"
    data["faces"]["face_cards"]["K"]["ends"] = {"top": "Q", "bottom": "J"}
    loaded = load_spec(str(_spec(tmp_path, production=data)))
    track = board(loaded)
    texts = _texts(track.svg)
    assert texts.count("GAGNE") == 2 and "DÉPART" in texts
    blue, red = (team.colour for team in loaded.engine.config.teams)
    dots = {c.get("fill") for c in ET.fromstring(track.svg).iter(f"{SVG}circle")}
    assert nm.tint(blue, 0.5) in dots and nm.tint(red, 0.5) not in dots  # Blue's end is the dotted one now
    tokens = next(j for j in art.jobs(loaded) if j.name == "tokens")
    assert 'fill="#00897b"' in tokens.fronts[0].svg
    k = next(a for a in art.jobs(loaded)[0].fronts if a.name == "MK")
    assert "▲ CANCELS Q ▲" in _texts(k.svg) and "▲ CANCELS J ▲" in _texts(k.svg)


# --- every spec that loads draws ----------------------------------------------------------------


@pytest.mark.parametrize("variant", [None, *(v["id"] for v in RAW["variants"])])
def test_every_variant_draws_every_piece_and_diagram(variant: str | None) -> None:
    jobs = _draw_everything(load_spec(GAME, variant))
    assert [j.name for j in jobs] == ["cards", "board", "tokens", "referee-card", "standard-deck", "answer-key"]


@pytest.mark.parametrize(("edge", "cap"), [(2, 2), (2, None), (3, 0), (6, 3), (15, 3), (15, 0)])
def test_tracks_of_every_length_draw(tmp_path: Path, edge: int, cap: int | None) -> None:
    """From the shortest track the rules allow (−2 … +2) to the longest (−15 … +15), with the widest
    momentum marker that fits (cap 3) and the narrowest (cap 0) under the longest caption it may carry."""
    production = copy.deepcopy(RAW["production"])
    production["faces"]["momentum"]["how"] = " ".join(["Put the chip on the box."] * 16)[:400]
    loaded = load_spec(str(_spec(tmp_path, {"track": {"edge": edge}, "bonus_cap": cap}, production=production)))
    _draw_everything(loaded)
    texts = _texts(board(loaded).svg)
    assert all(n in texts for n in (f"−{edge}", "0", f"+{edge}")) and f"+{edge + 1}" not in texts
    marker = momentum_marker(loaded)
    assert marker.trim_w <= LONGEST


@pytest.mark.parametrize(("edge", "cap", "fits"), [(5, None, True), (6, None, False), (6, 3, True), (6, 4, False), (15, 10, False)])
def test_a_momentum_marker_no_sheet_holds_is_refused_at_the_bonus_cap(tmp_path: Path, edge: int, cap: int | None, fits: bool) -> None:
    path = _spec(tmp_path, {"track": {"edge": edge}, "bonus_cap": cap})
    if fits:
        assert momentum_marker(load_spec(str(path))).trim_w <= LONGEST
        return
    line, message = _refusal(path)
    assert line == _line_of(path, "bonus_cap:")
    assert "momentum marker needs" in message and "cap the bonus at 3 or less" in message


def test_a_track_shorter_than_the_rules_allow_is_refused_at_its_line(tmp_path: Path) -> None:
    path = _spec(tmp_path, {"track": {"edge": 1}})
    line, message = _refusal(path)
    assert line == _line_of(path, "edge: 1") and "greater than or equal to 2" in message


def test_pieces_without_a_component_still_print_and_no_tokens_print_no_sheet(tmp_path: Path) -> None:
    components = [c for c in RAW["components"] if c["id"] not in ("block", "answer-key")]
    jobs = _draw_everything(load_spec(str(_spec(tmp_path, components=components))))
    titles = {j.name: j.title for j in jobs}
    assert titles["answer-key"] == "" and titles["tokens"] == "Momentum marker"  # the build names them by file
    assert [a.name for a in next(j for j in jobs if j.name == "tokens").fronts] == ["block", "momentum-marker", "momentum-chip"]
    none = [{**c, "quantity": 0} if c["print"] == "token" else c for c in RAW["components"]]
    assert "tokens" not in [j.name for j in _draw_everything(load_spec(str(_spec(tmp_path, components=none))))]


def test_a_deck_without_a_valid_meld_draws_its_reference_sheet_without_an_example(tmp_path: Path) -> None:
    partials = {**PULL, "steps": [{"play": {"blue": "F10", "red": "F6"}, "expect": {"forces": {"blue-1": 5, "red-1": 3}}}]}
    loaded = load_spec(str(_spec(tmp_path, {"numbers": {"low": 5, "high": 10}}, examples=[partials])))
    assert isinstance(loaded.engine, NewtonianRummy) and loaded.engine.deck.valid_melds() == []
    _draw_everything(loaded)
    texts = _texts(reference_sheet(loaded).svg)
    assert "Ranks become values" in texts and "A meld in ordinary cards" not in texts
