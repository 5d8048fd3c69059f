"""Pieces fit where they go: every token, marker, disc or marble against every box, square or cell the
kit's art draws for it, both measured from the art itself.

A board marks each place a piece goes with an SVG attribute, `data-holds="<what>"`, on the rect or
circle drawn there; a piece says what it is with `Art.fits`. The box's room is its drawn size through
every transform, less its own stroke (the line is not room); the piece's size is its trim. Each piece
needs at least MIN_CLEARANCE_MM on every side, turned whichever way fits best: a cut that wanders
1/16 in (1.6 mm) either way still leaves a piece that sits inside its box without covering the line.

A box no printed piece fits, or a piece no box holds, is an error too: one of the two names is wrong,
or a piece the board has room for is not printed.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from kitpress.lint.findings import ERROR, Finding
from kitpress.lint.svgscan import Matrix, art_matrix, parse_transform
from kitpress.pieces import Art, PrintJob, mm

MIN_CLEARANCE_MM = 1.0
HOLDS = "data-holds"
_TOLERANCE_MM = 1e-6  # float noise in mm ↔ pt


@dataclass(frozen=True)
class Room:
    """One place a piece goes, in points."""

    holds: str
    job: str
    art: str
    w: float
    h: float
    round: bool


@dataclass(frozen=True)
class Fit:
    piece: str
    job: str
    holds: str
    box: str  # where the box is drawn (job: art)
    box_mm: tuple[float, float]
    piece_mm: tuple[float, float]
    clearance_mm: float


def _stroke(element: ET.Element) -> float:
    style = dict(part.split(":", 1) for part in (element.get("style") or "").replace(" ", "").split(";") if ":" in part)
    if (style.get("stroke") or element.get("stroke") or "none") in ("none", "transparent"):
        return 0.0
    try:
        return float((style.get("stroke-width") or element.get("stroke-width") or "1").rstrip("pxt"))
    except ValueError:
        return 1.0


def _num(element: ET.Element, name: str) -> float:
    try:
        return float(element.get(name) or 0.0)
    except ValueError:
        return 0.0


def rooms(job: PrintJob, art: Art) -> Iterator[Room]:
    """Every element of the art marked data-holds, with its room in points."""
    root = ET.fromstring(art.svg)

    def walk(element: ET.Element, matrix: Matrix) -> Iterator[Room]:
        matrix = matrix @ parse_transform(element.get("transform"))
        holds = element.get(HOLDS)
        tag = element.tag.rsplit("}", 1)[-1]
        if holds and tag in ("rect", "circle"):
            line = _stroke(element) * matrix.scale()
            if tag == "rect":
                x, y = _num(element, "x"), _num(element, "y")
                x0, y0, x1, y1 = matrix.box((x, y, x + _num(element, "width"), y + _num(element, "height")))
                yield Room(holds, job.name, art.name, x1 - x0 - line, y1 - y0 - line, False)
            else:
                cx, cy, r = _num(element, "cx"), _num(element, "cy"), _num(element, "r")
                x0, _, x1, _ = matrix.box((cx - r, cy - r, cx + r, cy + r))
                yield Room(holds, job.name, art.name, x1 - x0 - line, x1 - x0 - line, True)
        for child in element:
            yield from walk(child, matrix)

    yield from walk(root, art_matrix(root, art))


def clearance(piece: Art, room: Room) -> float:
    """The smallest gap (pt) between the piece and its box's line, the piece turned the better way."""
    if room.round:
        reach = min(piece.trim_w, piece.trim_h) if piece.shape == "circle" else math.hypot(piece.trim_w, piece.trim_h)
        return (room.w - reach) / 2
    if piece.shape == "circle":
        return (min(room.w, room.h) - min(piece.trim_w, piece.trim_h)) / 2
    pw, ph = piece.trim_w, piece.trim_h
    return max(min(room.w - pw, room.h - ph), min(room.w - ph, room.h - pw)) / 2


def _pieces(jobs: Sequence[PrintJob]) -> dict[str, list[tuple[str, Art]]]:
    found: dict[str, list[tuple[str, Art]]] = {}
    for job in jobs:
        for art in dict.fromkeys([*job.fronts, *job.backs]):
            if art.fits and (job.name, art) not in found.setdefault(art.fits, []):
                found[art.fits].append((job.name, art))
    return found


def _rooms(jobs: Sequence[PrintJob]) -> dict[str, list[Room]]:
    found: dict[str, list[Room]] = {}
    for job in jobs:
        for art in dict.fromkeys([*job.fronts, *job.backs]):
            for room in rooms(job, art):
                same = [r for r in found.get(room.holds, []) if (r.job, r.art, round(r.w, 2), round(r.h, 2), r.round) == (room.job, room.art, round(room.w, 2), round(room.h, 2), room.round)]
                if not same:  # 49 squares of one size are one measurement
                    found.setdefault(room.holds, []).append(room)
    return found


def fits(jobs: Sequence[PrintJob]) -> list[Fit]:
    """Every (piece, box size) pair: each piece against each distinct box drawn for it."""
    pieces, places = _pieces(jobs), _rooms(jobs)
    out = []
    for what, arts in pieces.items():
        for job, art in arts:
            for room in places.get(what, []):
                out.append(Fit(art.name, job, what, f"{room.job}: {room.art}", (room.w / mm(1), room.h / mm(1)), (art.trim_w / mm(1), art.trim_h / mm(1)), clearance(art, room) / mm(1)))
    return out


def check(game: str, jobs: Sequence[PrintJob]) -> list[Finding]:
    pieces, places = _pieces(jobs), _rooms(jobs)
    out: list[Finding] = []
    for f in fits(jobs):
        if f.clearance_mm < MIN_CLEARANCE_MM - _TOLERANCE_MM:
            need = f"at most {f.box_mm[0] - 2 * MIN_CLEARANCE_MM:.1f} × {f.box_mm[1] - 2 * MIN_CLEARANCE_MM:.1f} mm"
            out.append(Finding(game, f.job, f.piece, ERROR, f"{f.piece_mm[0]:.1f} × {f.piece_mm[1]:.1f} mm does not fit the {f.box_mm[0]:.1f} × {f.box_mm[1]:.1f} mm box it goes in ({f.box}, holds {f.holds!r}): {f.clearance_mm:.2f} mm of clearance, need ≥ {MIN_CLEARANCE_MM:g} mm on each side, so {need}", "fit"))
    for what, arts in pieces.items():
        if what not in places:
            for job, art in arts:
                out.append(Finding(game, job, art.name, ERROR, f"fits {what!r}, but no art draws a box for it (data-holds={what!r})", "fit"))
    for what, boxes in places.items():
        if what not in pieces:
            for room in boxes:
                out.append(Finding(game, room.job, room.art, ERROR, f"has a box for {what!r} (data-holds), but no printed piece is one (Art.fits={what!r})", "fit"))
    return out


# --- W8: a chip never hides the value of the box it marks -----------------------------------------

UNDER = "data-under"  # on a text a piece covers on purpose: read before the piece is put there (a set-up order)
HIDE_SLACK = 0.5  # pt: ink that only touches the piece's edge is still read
HIDES = ERROR


def hidden_values(game: str, jobs: Sequence[PrintJob]) -> list[Finding]:
    """Rule W8: the largest piece that goes in a box, set in its middle, covers no text the box shows
    (a streak count, a round number); a box's own words belong beside the piece, not under it. A text
    marked data-under="…" is read before the piece is put there and may be covered."""
    from kitpress.lint import labels, words
    from kitpress.lint.svgscan import scan

    pieces = _pieces(jobs)
    out: list[Finding] = []
    for job in jobs:
        for art in dict.fromkeys([*job.fronts, *job.backs]):
            if HOLDS not in art.svg:
                continue
            boxes = list(_boxes(art))
            if not boxes:
                continue
            texts = [(item, box) for item, box, _ in labels.all_labels(scan(art)) if item.style.get(UNDER) is None]
            reported: set[tuple[str, str]] = set()
            for holds, (x0, y0, x1, y1) in boxes:
                arts = [a for _, a in pieces.get(holds, [])]
                if not arts:
                    continue
                piece = max(arts, key=lambda a: a.trim_w * a.trim_h)
                cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
                for item, tb in texts:
                    if not (x0 <= (tb[0] + tb[2]) / 2 <= x1 and y0 <= (tb[1] + tb[3]) / 2 <= y1):
                        continue  # not this box's text
                    if _covers(piece, (x1 - x0) >= (y1 - y0), cx, cy, tb) and (holds, item.text) not in reported:
                        reported.add((holds, item.text))
                        out.append(Finding(game, job.name, art.name, HIDES, f"the {holds!r} piece ({piece.trim_w / mm(1):.1f} × {piece.trim_h / mm(1):.1f} mm) put on its box covers the box's text {item.text!r}: print the value beside the piece's place, or make the box larger", words.rule("W8")))
    return out


def _boxes(art: Art) -> Iterator[tuple[str, tuple[float, float, float, float]]]:
    """(what it holds, its box in art points) for each element marked data-holds."""
    root = ET.fromstring(art.svg)

    def walk(element: ET.Element, matrix: Matrix) -> Iterator[tuple[str, tuple[float, float, float, float]]]:
        matrix = matrix @ parse_transform(element.get("transform"))
        holds = element.get(HOLDS)
        tag = element.tag.rsplit("}", 1)[-1]
        if holds and tag == "rect":
            x, y = _num(element, "x"), _num(element, "y")
            yield holds, matrix.box((x, y, x + _num(element, "width"), y + _num(element, "height")))
        elif holds and tag == "circle":
            cx, cy, r = _num(element, "cx"), _num(element, "cy"), _num(element, "r")
            yield holds, matrix.box((cx - r, cy - r, cx + r, cy + r))
        for child in element:
            yield from walk(child, matrix)

    yield from walk(root, art_matrix(root, art))


def _covers(piece: Art, wide: bool, cx: float, cy: float, box: tuple[float, float, float, float]) -> bool:
    """Whether the piece, centred on (cx, cy) (a rectangle turned along the box's longer side), covers
    more than HIDE_SLACK of the text's ink box."""
    x0, y0, x1, y1 = box[0] + HIDE_SLACK, box[1] + HIDE_SLACK, box[2] - HIDE_SLACK, box[3] - HIDE_SLACK
    if piece.shape == "circle":
        r = min(piece.trim_w, piece.trim_h) / 2
        nx, ny = min(max(cx, x0), x1), min(max(cy, y0), y1)
        return math.hypot(nx - cx, ny - cy) < r
    long, short = max(piece.trim_w, piece.trim_h), min(piece.trim_w, piece.trim_h)
    w, h = (long, short) if wide else (short, long)
    return x0 < cx + w / 2 and x1 > cx - w / 2 and y0 < cy + h / 2 and y1 > cy - h / 2
