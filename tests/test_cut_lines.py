"""The edge you see is the edge you cut (lint.cutline): the measured contrast of every bundled game's cut
pieces, and the faults the rule must catch. One print of each distinct design keeps it fast."""

from __future__ import annotations

import functools

import pytest

from kitpress.lint import cutline, raster
from kitpress.lint.core import faces
from kitpress.packs import art_for
from kitpress.pieces import Art, PrintJob, mm
from kitpress.render import svgkit as k
from kitpress.spec.load import load_spec

TOKENS = PrintJob("tokens", "tokens", "pack", ())

# (game, piece) → (cut line contrast, bleed outer edge contrast); the discs by side, all alike.
EXPECTED = {
    ("momentum-game", "block"): (15.82, 1.1),
    ("momentum-game", "streak-marker"): (15.82, 1.1),
    ("momentum-game", "streak-count"): (11.02, 1.1),
    ("momentum-game", "reasoning-token"): (15.82, 1.1),
    ("newtonian-rummy", "block"): (15.82, 1.1),
    ("newtonian-rummy", "momentum-marker"): (15.82, 1.1),
    ("newtonian-rummy", "momentum-chip"): (15.82, 1.1),
    ("momentum", "marble-red"): (15.82, 1.1),  # 19.05 mm, a 3/4 in punch
    ("momentum", "marble-blue"): (15.82, 1.1),  # 19.05 mm, a 3/4 in punch
    ("momentum", "marble-yellow"): (15.82, 1.1),  # 19.05 mm, a 3/4 in punch
    ("momentum", "round-tracker"): (13.05, 1.1),
    ("integer-matrix", "01-black"): (15.66, 1.1),
    ("integer-matrix", "01-white"): (13.58, 1.1),  # 22.2 mm, a 7/8 in punch
}


@functools.cache
def _cut_pieces(game: str) -> dict[str, tuple[PrintJob, Art]]:
    loaded = load_spec(game)
    out: dict[str, tuple[PrintJob, Art]] = {}
    for job in art_for(loaded.spec.engine).jobs(loaded):
        for face in faces(job):
            if cutline.applies(job, face.art):
                out[face.art.name] = (job, face.art)
    return out


def _measure(art: Art) -> cutline.CutLine:
    _, (printed,) = raster.print_all([art])
    return cutline.measure(art, printed)


@pytest.mark.parametrize(("game", "piece"), sorted(EXPECTED))
def test_cut_line_contrast(game: str, piece: str) -> None:
    _, art = _cut_pieces(game)[piece]
    found = _measure(art)
    assert (round(found.contrast, 2), round(found.outer, 2)) == EXPECTED[game, piece]
    assert found.contrast >= cutline.MIN_CUT_CONTRAST and found.outer < found.contrast


def test_every_cut_piece_is_measured() -> None:
    """No cut piece of a bundled game goes unmeasured above: the discs are alike but for their numerals."""
    for game in {g for g, _ in EXPECTED}:
        names = {n for n in _cut_pieces(game) if not n[:2].isdigit()} | ({"01-black", "01-white"} if game == "integer-matrix" else set())
        assert names == {p for g, p in EXPECTED if g == game}


def _disc(fill: str, bleed: str, ring: str | None, ring_width: float = 0.5) -> Art:
    d, b = mm(22), 9.0
    full = d + 2 * b
    dwg = k.drawing(full, full)
    dwg.add(dwg.rect((0, 0), (full, full), fill="#ffffff"))
    dwg.add(dwg.circle((full / 2, full / 2), d / 2 + b, fill=bleed))
    dwg.add(dwg.circle((full / 2, full / 2), d / 2, fill=fill))
    if ring:
        dwg.add(dwg.circle((full / 2, full / 2), d / 2, fill="none", stroke=ring, stroke_width=ring_width))
    return Art("disc", k.to_string(dwg), d, d, shape="circle")


def test_a_grey_ring_on_black_is_caught() -> None:
    """Today's Integer Matrix disc: black into the bleed, a grey hairline on the cut."""
    art = _disc("#1a1a1a", "#1a1a1a", "#777777")
    found = _measure(art)
    assert found.contrast < cutline.MIN_CUT_CONTRAST
    (problem,) = cutline.check(TOKENS, art, raster.print_all([art])[1][0])
    assert problem[1] == "cut-line" and "hard to see" in problem[2]


def test_a_ring_on_a_dark_bleed_is_not_the_most_visible_edge() -> None:
    """A white ring contrasts with a black bleed, but the black bleed's outer edge shows more."""
    art = _disc("#1a1a1a", "#1a1a1a", "#ffffff", 1.0)
    found = _measure(art)
    assert found.contrast >= cutline.MIN_CUT_CONTRAST and found.outer > found.contrast - 0.5
    assert [p[1] for p in cutline.check(TOKENS, art, raster.print_all([art])[1][0])] == ["cut-line"]


def test_colour_stopping_at_the_cut_on_a_light_bleed_passes() -> None:
    art = _disc("#1a1a1a", "#f4f4f4", None)
    assert cutline.check(TOKENS, art, raster.print_all([art])[1][0]) == []


def test_abutting_cards_and_boards_are_not_cut_pieces() -> None:
    art = _disc("#1a1a1a", "#1a1a1a", None)
    square = Art("card", art.svg, art.trim_w, art.trim_h)
    assert not cutline.applies(PrintJob("cards", "cards", "grid9", ()), square)
    assert not cutline.applies(PrintJob("board", "board", "pack", ()), square)
    assert cutline.applies(PrintJob("board", "board", "pack", ()), art)  # round: cut along its edge
