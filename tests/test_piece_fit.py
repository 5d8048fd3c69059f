"""Pieces fit where they go (lint.fit) and frames keep 3 mm inside the trim (lint.safe_frame): the
numbers of every bundled game, and a piece made bad on purpose caught by each rule."""

from __future__ import annotations

import functools

import pytest

from kitpress.lint import fit, safe_frame
from kitpress.lint.core import faces
from kitpress.packs import art_for
from kitpress.pieces import Art, PrintJob, mm
from kitpress.render import svgkit as k
from kitpress.spec.load import load_spec


@functools.cache
def _jobs(game: str) -> tuple[PrintJob, ...]:
    loaded = load_spec(game)
    return tuple(art_for(loaded.spec.engine).jobs(loaded))


def _clearances(game: str) -> dict[tuple[str, tuple[float, float]], float]:
    """(what the piece is, box size in mm) → the smallest clearance, mm, over the pieces of that kind."""
    out: dict[tuple[str, tuple[float, float]], float] = {}
    for f in fit.fits(_jobs(game)):
        key = (f.holds, (round(f.box_mm[0], 2), round(f.box_mm[1], 2)))
        out[key] = round(min(out.get(key, f.clearance_mm), f.clearance_mm), 2)
    return out


EXPECTED = {
    "momentum-game": {
        ("block", (40.0, 32.5)): 1.25,  # 30 mm block under the number band of a 40 mm track space
        ("streak-marker", (29.58, 13.58)): 1.29,  # 26 × 11 mm marker in a 30 × 14 mm box
        ("streak-count", (13.58, 13.58)): 1.29,  # 11 mm counter in a 14 mm box
    },
    "newtonian-rummy": {
        ("block", (20.25, 20.25)): 1.5,  # the block in its dashed spot on the track
        ("momentum-chip", (21.87, 21.87)): 1.44,  # 19 mm chip in the marker's 64 pt boxes
    },
    "momentum": {
        ("marble", (22.0, 22.0)): 1.48,  # 19.05 mm (3/4 in punch) marbles on 22 mm cells
        ("round-tracker", (10.6, 11.65)): 1.05,  # 8.5 mm tracker in its half of a track square, the rounds in the other
        ("round-tracker", (11.65, 10.6)): 1.05,
    },
    "integer-matrix": {
        ("disc", (25.0, 25.0)): 1.4,  # 22.2 mm (7/8 in punch) discs on 25 mm squares
    },
}


@pytest.mark.parametrize("game", sorted(EXPECTED))
def test_every_piece_fits_its_boxes(game: str) -> None:
    assert _clearances(game) == EXPECTED[game]
    assert all(c >= fit.MIN_CLEARANCE_MM for c in EXPECTED[game].values())
    assert fit.check(game, _jobs(game)) == []


def _token(size_mm: float, fits: str) -> Art:
    s = mm(size_mm)
    dwg = k.drawing(s + 18, s + 18)
    dwg.add(dwg.rect((0, 0), (s + 18, s + 18), fill="#ffffff"))
    return Art("bad-token", k.to_string(dwg), s, s, fits=fits)


def _box_job(box_mm: float, holds: str) -> PrintJob:
    b = mm(box_mm)
    dwg = k.drawing(200, 200)
    dwg.add(dwg.rect((20, 20), (b, b), fill="#ffffff", stroke="#000000", stroke_width=1, data_holds=holds))
    return PrintJob("board", "board", "pack", (Art("board", k.to_string(dwg), 182, 182),))


def test_a_token_one_millimetre_too_big_is_caught() -> None:
    room = 14 - 1 / mm(1)  # a 14 mm box less its 1 pt line
    ok = PrintJob("tokens", "tokens", "pack", (_token(room - 2, "counter"),))
    bad = PrintJob("tokens", "tokens", "pack", (_token(room - 1, "counter"),))
    assert fit.check("g", [_box_job(14, "counter"), ok]) == []
    found = fit.check("g", [_box_job(14, "counter"), bad])
    assert [f.check for f in found] == ["fit"] and "0.50 mm of clearance" in found[0].message


def test_a_box_without_its_piece_and_a_piece_without_its_box_are_caught() -> None:
    token = PrintJob("tokens", "tokens", "pack", (_token(5, "counter"),))
    assert [f.card for f in fit.check("g", [_box_job(14, "marker"), token])] == ["bad-token", "board"]


def test_round_pieces_measure_by_diameter_and_turned_pieces_fit() -> None:
    square = fit.Room("x", "j", "a", mm(25), mm(25), False)
    disc = Art("d", "<svg/>", mm(22), mm(22), shape="circle")
    assert fit.clearance(disc, square) == pytest.approx(mm(1.5))
    long_box = fit.Room("x", "j", "a", mm(14), mm(30), False)
    marker = Art("m", "<svg/>", mm(26), mm(11))
    assert fit.clearance(marker, long_box) == pytest.approx(mm(1.5))  # turned a quarter
    assert fit.clearance(disc, fit.Room("x", "j", "a", mm(25), mm(25), True)) == pytest.approx(mm(1.5))


def test_the_reasoning_tokens_are_printed() -> None:
    tokens = next(j for j in _jobs("momentum-game") if j.name == "tokens")
    reasoning = [a for a in tokens.fronts if a.name == "reasoning-token"]
    assert len(reasoning) == 12
    assert (round(reasoning[0].trim_w / mm(1), 1), round(reasoning[0].trim_h / mm(1), 1)) == (30.0, 20.0)
    assert "REASONING" in reasoning[0].svg


# --- safe distances ---------------------------------------------------------------------------

SMALLEST_FRAME_MM = {"momentum-game": 3.17, "newtonian-rummy": 3.09, "momentum": 4.24, "integer-matrix": 6.65}


@pytest.mark.parametrize("game", sorted(SMALLEST_FRAME_MM))
def test_frames_keep_three_millimetres_in(game: str) -> None:
    arts = [f.art for job in _jobs(game) for f in faces(job)]
    found = [d for a in arts if (d := safe_frame.smallest(a)) is not None]
    assert round(min(found), 2) == SMALLEST_FRAME_MM[game]
    assert all(safe_frame.insets(a) == [] for a in arts)


def test_the_light_cards_frame_is_three_millimetres_in() -> None:
    cards = next(j for j in _jobs("momentum-game") if j.name == "cards")
    light = next(a for a in cards.fronts if a.name == "red-light")
    assert safe_frame.smallest(light) == pytest.approx(9 / mm(1))  # 9 pt = 3.175 mm: was 4 pt (1.41 mm)


def _framed(inset_pt: float, stroke: float = 2.0) -> Art:
    w, h, b = 180.0, 252.0, 9.0
    dwg = k.drawing(w + 2 * b, h + 2 * b)
    dwg.add(dwg.rect((0, 0), (w + 2 * b, h + 2 * b), fill="#ffffff"))  # a background into the bleed: fine
    dwg.add(dwg.rect((b + inset_pt, b + inset_pt), (w - 2 * inset_pt, h - 2 * inset_pt), fill="none", stroke="#000000", stroke_width=stroke))
    return Art("framed", k.to_string(dwg), w, h)


def test_a_frame_one_and_a_half_millimetres_in_is_caught() -> None:
    bad = _framed(mm(1.4) + 1)  # outer ink edge 1.4 mm inside the trim
    problems = safe_frame.check_art(bad)
    assert len(problems) == 4 and all(p[1] == "safe-frame" for p in problems) and "1.40 mm" in problems[0][2]
    assert safe_frame.check_art(_framed(mm(3) + 1)) == []  # exactly 3 mm passes


def _ringed(ring_in: float) -> Art:
    d, b = mm(22), 9.0
    dwg = k.drawing(d + 2 * b, d + 2 * b)
    c = d / 2 + b
    dwg.add(dwg.circle((c, c), d / 2 - ring_in, fill="none", stroke="#000000", stroke_width=1.4))
    return Art("disc", k.to_string(dwg), d, d, shape="circle")


def test_a_ring_too_near_a_round_cut_is_caught() -> None:
    assert [p[1] for p in safe_frame.check_art(_ringed(5))] == ["safe-frame"]  # the old disc ring, 1.52 mm in
    assert safe_frame.check_art(_ringed(10)) == []
