"""Low ink keeps every meaning (docs/lint.md, "Low ink"), measured on the pieces as printed: rendered in
memory, rasterised through lint.raster and read in grayscale (relative luminance), as a school's
black-and-white laser prints them."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import replace
from functools import cache

import numpy as np
import pytest

from kitpress import preflight
from kitpress.lint import colour, errors, lint_jobs, raster
from kitpress.packs import art_for, shipped_specs
from kitpress.pieces import BLEED, Art, PrintJob
from kitpress.render import svgkit as k
from kitpress.render.ink import low_ink
from kitpress.sheets.presets import Preset
from kitpress.spec.load import LoadedSpec, load_spec

SCALE = 2.0  # px per pt
SVG = "{http://www.w3.org/2000/svg}"
# Thresholds, in relative luminance (0 black, 1 white) or ink = 1 − mean luminance over the trim:
DARK_OVER_LIGHT = 1.25  # a Dark card carries at least this many times a Light card's ink (measured ~1.4)
BLACK_SIDE_MAX = 0.25  # a black disc side reads as black: mean luminance within the cut (measured ~0.09)
WHITE_SIDE_MIN = 0.75  # and a white one as white (measured ~0.9)
SIDES_CONTRAST = 3.0  # WCAG ratio between the two sides' means, the minimum for a graphic (measured ~6.6)
PIP_VISIBLE = 3.0  # a pip's rim against the card around it


@cache
def _game(game: str) -> tuple[LoadedSpec, tuple[PrintJob, ...]]:
    loaded = load_spec(game)
    return loaded, tuple(art_for(loaded.spec.engine).jobs(loaded))


def _low(art: Art) -> Art:
    return replace(art, svg=low_ink(art.svg))


def _faces(game: str) -> dict[str, Art]:
    return {a.name: a for job in _game(game)[1] for a in (*job.fronts, *job.backs)}


def _luminance(printed: raster.Printed) -> np.ndarray:
    v = printed.pixels.astype(float) / 255
    lin = np.where(v <= 0.04045, v / 12.92, ((v + 0.055) / 1.055) ** 2.4)
    return lin @ colour.LUMA


def _trim(printed: raster.Printed) -> np.ndarray:
    """The pixels inside the cut (the trim rectangle, or the cut circle of a round piece)."""
    b = round(printed.art.bleed * printed.scale)
    lum = _luminance(printed)[b:-b, b:-b]
    if printed.art.shape != "circle":
        return lum.reshape(-1)
    h, w = lum.shape
    ys, xs = np.mgrid[0:h, 0:w]
    return lum[(xs + 0.5 - w / 2) ** 2 + (ys + 0.5 - h / 2) ** 2 <= (min(h, w) / 2) ** 2]


def _printed(arts: list[Art]) -> list[raster.Printed]:
    return raster.print_all(arts, SCALE)[1]


def _ratio(a: float, b: float) -> float:
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)


# --- every bundled game -------------------------------------------------------------------------------


@pytest.mark.parametrize("game", sorted(shipped_specs()))
def test_low_ink_jobs_pass_the_colour_only_and_contrast_checks(game: str) -> None:
    loaded, jobs = _game(game)
    low = preflight.inked(list(jobs), "low")
    assert any(a.svg != b.svg for j, lj in zip(jobs, low, strict=True) for a, b in zip(j.fronts, lj.fronts, strict=True))  # low ink did something
    findings = lint_jobs(loaded, low)
    assert [str(f) for f in errors(findings) if f.check in ("colour-only", "contrast")] == []


def test_build_lints_the_low_ink_form_even_for_a_full_ink_kit(monkeypatch: pytest.MonkeyPatch) -> None:
    """A low-ink pass that blanks every colour makes all cards print alike: a full-ink build must refuse."""
    loaded, jobs = _game("momentum-game")
    cards = [j for j in jobs if j.name == "cards"]
    assert errors(preflight.preflight_inks(loaded, cards, [Preset()])) == []
    monkeypatch.setattr(preflight, "low_ink", lambda svg: re.sub(r'(fill|stroke)="#[0-9a-fA-F]{6}"', r'\1="#ffffff"', svg))
    found = errors(preflight.preflight_inks(loaded, cards, [Preset()]))
    assert found and {(f.component, f.check) for f in found} == {("cards (low ink)", "colour-only")}


# --- Momentum Game!: Dark reads darker than Light, strength pips keep their count and fill -----------------


@pytest.mark.parametrize("team", ["red", "blue"])
def test_low_ink_dark_card_reads_darker_than_light(team: str) -> None:
    faces = _faces("momentum-game")
    dark, light = _printed([_low(faces[f"{team}-dark"]), _low(faces[f"{team}-light"])])
    ink_dark, ink_light = 1 - _trim(dark).mean(), 1 - _trim(light).mean()
    assert ink_dark >= DARK_OVER_LIGHT * ink_light, (ink_dark, ink_light)


def _pips(art: Art) -> list[tuple[float, float, float]]:
    """The strength pips, read from the full-ink art: the small circles of a push card."""
    root = ET.fromstring(art.svg)
    return [(float(c.get("cx", "0")), float(c.get("cy", "0")), float(c.get("r", "0"))) for c in root.iter(f"{SVG}circle") if float(c.get("r", "99")) < 12]


def _read_pips(printed: raster.Printed, pips: list[tuple[float, float, float]]) -> tuple[int, int]:
    """(pips that show, pips that read as filled): a pip shows when its rim stands out from the card
    around it, and is filled when its middle is the rim's tone rather than the card's."""
    lum = _luminance(printed)

    def at(x: float, y: float, rad: float) -> float:
        x0, x1, y0, y1 = (round(v * SCALE) for v in (x - rad, x + rad, y - rad, y + rad))
        return float(lum[y0 : y1 + 1, x0 : x1 + 1].mean())

    shown = filled = 0
    for cx, cy, r in pips:
        middle, rim, card = at(cx, cy, 1.5), at(cx + r, cy, 0.5), at(cx, cy - r - 4, 1.0)
        if _ratio(rim, card) >= PIP_VISIBLE:
            shown += 1
            filled += _ratio(middle, rim) < _ratio(middle, card)
    return shown, filled


@pytest.mark.parametrize("card", ["red-dark", "red-light", "blue-dark", "blue-light"])
def test_low_ink_strength_pips_keep_count_and_fill(card: str) -> None:
    full = _faces("momentum-game")[card]
    pips = _pips(full)
    assert len(pips) == 2  # two places, filled up to the card's strength
    on_full, on_low = (_read_pips(p, pips) for p in _printed([full, _low(full)]))
    strength = 2 if card.endswith("dark") else 1
    assert on_full == (2, strength)  # the measure reads the full-ink card right
    assert on_low == on_full


# --- Integer Matrix: a black disc side reads as black ----------------------------------------------------


def test_low_ink_black_disc_side_is_black_and_white_side_white() -> None:
    _, jobs = _game("integer-matrix")
    discs = next(j for j in jobs if j.kind == "discs")
    picked = range(0, len(discs.fronts), 7)  # a disc from each seventh: the sides differ only by numeral
    arts = [_low(side[i]) for i in picked for side in (discs.fronts, discs.backs)]
    printed = _printed(arts)
    for black, white in zip(printed[0::2], printed[1::2], strict=True):
        dark, light = _trim(black).mean(), _trim(white).mean()
        assert dark <= BLACK_SIDE_MAX and light >= WHITE_SIDE_MIN and _ratio(dark, light) >= SIDES_CONTRAST, (black.art.name, dark, light)


# --- the transform's rules, on drawn pieces -------------------------------------------------------------


def _piece(w: float, h: float, *shapes: str) -> str:
    dwg = k.drawing(w + 2 * BLEED, h + 2 * BLEED)
    svg = k.to_string(dwg)
    return svg.replace("</svg>", "".join(shapes) + "</svg>")


def test_dark_card_field_becomes_a_frame_and_its_white_marks_take_its_colour() -> None:
    svg = low_ink(_piece(180, 252, '<rect x="0" y="0" width="198" height="270" fill="#1a237e"/>', '<polygon points="40,120 150,120 150,140 40,140" fill="#ffffff"/>', '<text x="99" y="60" font-size="12" fill="#ffffff">DARK</text>'))
    root = ET.fromstring(svg)
    rects = list(root.iter(f"{SVG}rect"))
    assert rects[0].get("fill") == "#ffffff"  # no full-bleed fill
    assert rects[1].get("fill") == "none" and rects[1].get("stroke") == "#1a237e"  # the field's frame
    assert float(rects[1].get("x", "0")) - float(rects[1].get("stroke-width", "0")) / 2 >= BLEED + 8.5  # 3 mm inside the trim
    assert next(root.iter(f"{SVG}polygon")).get("fill") == "#1a237e"  # the white arrow, now the card's colour
    assert next(root.iter(f"{SVG}text")).get("fill") == "#1a237e"


def test_small_piece_keeps_its_dark_field_and_marked_elements_are_kept() -> None:
    disc = low_ink(_piece(62, 62, '<circle cx="40" cy="40" r="40" fill="#1b1b1b"/>', '<text x="40" y="45" font-size="20" fill="#ffffff">+1</text>'))
    assert 'fill="#1b1b1b"' in disc and 'fill="#ffffff">+1' in disc
    card = _piece(180, 252, '<rect x="40" y="40" width="100" height="100" fill="#c62828" data-ink="keep"/>', '<rect x="40" y="160" width="100" height="60" fill="#c62828"/>')
    out = [r.get("fill") for r in ET.fromstring(low_ink(card)).iter(f"{SVG}rect")]
    assert out == ["#c62828", "#f8e5e5"]  # the marked panel prints as drawn, the other is tinted


def test_lint_checks_the_low_ink_form_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    """`kitpress lint` refuses what build refuses: a low-ink form that loses a meaning, unasked."""
    from click.testing import CliRunner

    from kitpress.cli import main

    monkeypatch.setattr(preflight, "low_ink", lambda svg: re.sub(r'(fill|stroke)="#[0-9a-fA-F]{6}"', r'\1="#ffffff"', svg))
    result = CliRunner().invoke(main, ["lint", "momentum-game"])
    assert result.exit_code == 1
    assert "momentum-game: cards (low ink): " in result.output and "[colour-only]" in result.output
    assert CliRunner().invoke(main, ["lint", "momentum-game", "--ink", "full"]).exit_code == 0
