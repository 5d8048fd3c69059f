"""Colour and legibility: a kit must read on a black-and-white printer and for the common colour-vision
deficiencies.

Two checks:

1. Colour is never the only carrier. Each distinct face of a job is flattened to black and white
   (`mono_svg`) and rasterised; two different faces whose monochrome prints are the same differ only
   by colour, so whatever that colour means is lost in black and white and to a colour-blind player.
2. Colours that must be told apart keep their luminance contrast in grayscale and in simulated
   deuteranopia and protanopia. Simulation: Machado, Oliveira & Fernandes (2009), "A Physiologically-
   based Model for Simulation of Color Vision Deficiency", IEEE TVCG 15(6):1291-1298,
   doi:10.1109/TVCG.2009.113, the published matrices for severity 1.0 (table at
   https://www.inf.ufrgs.br/~oliveira/pubs_files/CVD_Simulation/CVD_Simulation.html), applied to
   linear-light sRGB as the authors specify; luminance and contrast ratio as WCAG 2 defines them.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Callable
from copy import deepcopy
from typing import Any

import numpy as np
from reportlab.graphics.shapes import Drawing

from kitpress.pieces import Art

RGB = tuple[float, float, float]  # sRGB, 0..1

# Machado et al. (2009), severity 1.0, rows give the simulated linear R, G, B.
PROTANOPIA = np.array([
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
])  # fmt: skip
DEUTERANOPIA = np.array([
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.011820, 0.042940, 0.968881],
])  # fmt: skip
LUMA = np.array([0.2126, 0.7152, 0.0722])  # WCAG 2 relative luminance, from linear sRGB

# Two areas of different colour must differ in luminance by at least this WCAG contrast ratio in every
# view. WCAG's 3:1 is for a graphic against its background; two team or category colours are
# not text on a ground but patches told apart side by side or across a table, and 1.5:1 is a step of
# about 10 CIE L* units at any lightness (e.g. L* 50 against L* 61): two clearly different greys on a
# school laser printer, where colours of the same luminance print as one grey.
MIN_CONTRAST = 1.5
VIEWS: dict[str, Callable[[np.ndarray], np.ndarray]] = {
    "grayscale": lambda lin: lin,
    "deuteranopia": lambda lin: np.clip(DEUTERANOPIA @ lin, 0.0, 1.0),
    "protanopia": lambda lin: np.clip(PROTANOPIA @ lin, 0.0, 1.0),
}

# Flattening to black and white: a colour darker than this relative luminance prints as ink, a lighter
# one as paper. "Every non-white colour becomes black" would turn a pale tint field black and hide the
# dark text printed on it; the midpoint keeps what a black-and-white printer or copier shows.
MONO_THRESHOLD = 0.5
SAME_FACE_PT2 = 2.0  # monochrome prints differing by less than this area (pt²) are the same face


@functools.cache
def _named() -> dict[str, RGB]:
    from reportlab.lib import colors

    return {name.lower(): (c.red, c.green, c.blue) for name, c in colors.getAllNamedColors().items()}


def parse(colour: str) -> RGB | None:
    """A CSS colour as sRGB 0..1; None for none, transparent, url(...) and the like."""
    c = colour.strip().lower()
    if c.startswith("#"):
        h = c[1:]
        if len(h) in (3, 4):
            h = "".join(ch * 2 for ch in h[:3])
        if len(h) in (6, 8) and all(ch in "0123456789abcdef" for ch in h[:6]):
            return int(h[0:2], 16) / 255, int(h[2:4], 16) / 255, int(h[4:6], 16) / 255
        return None
    found = re.fullmatch(r"rgba?\(([^)]*)\)", c)
    if found:
        parts = [p.strip() for p in re.split(r"[,\s/]+", found.group(1)) if p.strip()][:3]
        if len(parts) == 3:
            vals = [float(p[:-1]) / 100 if p.endswith("%") else float(p) / 255 for p in parts]
            return vals[0], vals[1], vals[2]
        return None
    if c in ("none", "transparent", "currentcolor", "inherit") or c.startswith("url("):
        return None
    return _named().get(c)


def hexcode(rgb: RGB) -> str:
    return "#" + "".join(f"{round(v * 255):02x}" for v in rgb)


def linear(rgb: RGB) -> np.ndarray:
    v = np.asarray(rgb, dtype=float)
    return np.where(v <= 0.04045, v / 12.92, ((v + 0.055) / 1.055) ** 2.4)


def luminance(rgb: RGB, view: str = "grayscale") -> float:
    return float(LUMA @ VIEWS[view](linear(rgb)))


def contrast(a: RGB, b: RGB, view: str = "grayscale") -> float:
    la, lb = luminance(a, view), luminance(b, view)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def contrasts(a: RGB, b: RGB) -> dict[str, float]:
    return {view: contrast(a, b, view) for view in VIEWS}


def _mix(colour: RGB, target: float, t: float) -> RGB:
    r, g, b = (v + (target - v) * t for v in colour)
    return r, g, b


def suggestion(a: RGB, b: RGB) -> str | None:
    """The smallest lightening or darkening of either colour that gives MIN_CONTRAST in every view."""
    options: list[tuple[float, str]] = []
    for which, keep, move in (("first", b, a), ("second", a, b)):
        for towards, target in (("lighter", 1.0), ("darker", 0.0)):
            for step in range(1, 21):
                moved = _mix(move, target, step / 20)
                if min(contrasts(keep, moved).values()) >= MIN_CONTRAST:
                    options.append((step / 20, f"make the {which} {towards}, e.g. {hexcode(move)} → {hexcode(moved)}"))
                    break
    return min(options)[1] if options else None


def _flat(colour: Any) -> Any:
    from reportlab.lib import colors

    if not isinstance(colour, colors.Color):
        return colour
    if getattr(colour, "alpha", 1) == 0:
        return colour
    r, g, b = colour.rgb()
    return colors.black if luminance((r, g, b)) < MONO_THRESHOLD else colors.white


def mono(drawing: Drawing) -> Drawing:
    """A copy of the drawing with every colour printed as black ink or left as white paper."""
    copy = deepcopy(drawing)
    stack: list[Any] = [copy]
    while stack:
        node = stack.pop()
        for attr in ("fillColor", "strokeColor"):
            if getattr(node, attr, None) is not None:
                setattr(node, attr, _flat(getattr(node, attr)))
        stack.extend(getattr(node, "contents", []))
    return copy


def ink_mask(pixels: np.ndarray) -> np.ndarray:
    """True where the mean of a pixel's channels is below mid-grey (their sum below 3 × 128)."""
    # channel by channel: numpy reduces a last axis of three slowly
    return (pixels[..., 0].astype(np.uint16) + pixels[..., 1] + pixels[..., 2]) < 384


def same_prints(masks: dict[str, np.ndarray], scale: float) -> list[tuple[str, str, float]]:
    """Pairs of faces whose monochrome prints differ by less than SAME_FACE_PT2 (and by how much, pt²)."""
    pairs = []
    for (na, a), (nb, b) in itertools.combinations(masks.items(), 2):
        if a.shape != b.shape:
            continue
        area = float(np.count_nonzero(a != b)) / (scale * scale)
        if area < SAME_FACE_PT2:
            pairs.append((na, nb, area))
    return pairs


def dominant(pixels: np.ndarray, art: Art, scale: float) -> RGB:
    """The colour covering most of the trim, paper white left out (white if nothing else is printed)."""
    b = round(art.bleed * scale)
    inside = pixels[b : pixels.shape[0] - b, b : pixels.shape[1] - b].reshape(-1, 3)
    if art.shape == "circle":
        h, w = pixels.shape[0] - 2 * b, pixels.shape[1] - 2 * b
        ys, xs = np.mgrid[0:h, 0:w]
        r = min(h, w) / 2
        inside = inside[(((xs + 0.5 - w / 2) ** 2 + (ys + 0.5 - h / 2) ** 2) <= r * r).reshape(-1)]
    printed = inside[np.minimum(np.minimum(inside[:, 0], inside[:, 1]), inside[:, 2]) < 250]  # not .min(axis=1): slow on 3
    if not len(printed):
        return 1.0, 1.0, 1.0
    packed = (printed[:, 0].astype(np.int32) << 16) | (printed[:, 1].astype(np.int32) << 8) | printed[:, 2]
    values, counts = np.unique(packed, return_counts=True)
    top = int(values[np.argmax(counts)])
    return ((top >> 16) & 255) / 255, ((top >> 8) & 255) / 255, (top & 255) / 255


def pair_report(a: RGB, b: RGB) -> tuple[bool, str]:
    """(passes, the numbers): every view's contrast ratio between the two colours."""
    found = contrasts(a, b)
    ok = min(found.values()) >= MIN_CONTRAST
    numbers = ", ".join(f"{view} {ratio:.2f}" for view, ratio in found.items())
    return ok, f"{hexcode(a)} vs {hexcode(b)}: contrast {numbers} (need ≥ {MIN_CONTRAST:g} in each)"
