"""Advance widths of the bundled fonts, read from the TrueType files without ReportLab.

The art measures text to fit it into boxes, and so do the production checks that run when a spec loads;
`kitpress check` must not import a renderer for that. The widths are the ones ReportLab's `stringWidth`
gives for the same file, to the last bit: the same cmap subtable (ReportLab's choice), the same glyph
→ character assignment, the same scaling to 1000 units per em and the same summing
(tests/test_startup_imports.py compares every character of every bundled font).
"""

from __future__ import annotations

import functools
import struct
from pathlib import Path


class Unsupported(Exception):
    """A font this reader does not handle (a cmap format other than 4 or 12): measure with ReportLab."""


@functools.cache
def widths(font: Path) -> tuple[dict[int, float], float]:
    """Character code → advance width in 1/1000 em, and the width of a character the font lacks."""
    data = font.read_bytes()
    tables = _tables(data)
    units = struct.unpack_from(">H", data, tables["head"] + 18)[0]
    mult = 1000 / units

    def scale(x: int) -> float:
        return x if units == 1000 else x * mult

    glyph_count = struct.unpack_from(">H", data, tables["maxp"] + 4)[0]
    metric_count = struct.unpack_from(">H", data, tables["hhea"] + 34)[0]
    to_glyph, to_chars = _cmap(data, tables["cmap"])
    char_widths: dict[int, float] = {}
    default = 0.0
    advance = 0.0
    hmtx = tables["hmtx"]
    for glyph in range(max(glyph_count, metric_count)):  # as ReportLab: glyphs past the metrics reuse the last advance
        if glyph < metric_count:
            advance = scale(struct.unpack_from(">H", data, hmtx + 4 * glyph)[0])
            if glyph == 0:
                default = advance
        for char in to_chars.get(glyph, ()):
            char_widths[char] = advance
    if 0x20 in to_glyph:
        char_widths[0xA0] = char_widths[0x20]
    elif 0xA0 in to_glyph:
        char_widths[0x20] = char_widths[0xA0]
    return char_widths, default


def string_width(font: Path, text: str, size: float) -> float:
    """Width in points of `text` at `size` in the font, as ReportLab's stringWidth computes it."""
    table, default = widths(font)
    get = table.get
    return 0.001 * size * sum(get(ord(u), default) for u in text)


def _tables(data: bytes) -> dict[str, int]:
    count = struct.unpack_from(">H", data, 4)[0]
    out = {}
    for i in range(count):
        tag, _, offset, _ = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        out[tag.decode("latin-1")] = offset
    return out


def _cmap(data: bytes, at: int) -> tuple[dict[int, int], dict[int, list[int]]]:
    """ReportLab's reading of the cmap: the last subtable it accepts, formats 4 and 12 only."""
    version, count = struct.unpack_from(">HH", data, at)
    if count == 0 and version != 0:
        count = version
    chosen, rank = None, 0
    for i in range(count):
        platform, encoding, offset = struct.unpack_from(">HHI", data, at + 4 + 8 * i)
        if platform == 3 or (platform == 1 and encoding == 1) or (platform == 0 and encoding != 5):
            chosen, rank = offset, 1
        elif platform == 1 and encoding == 0 and rank != 1:
            chosen, rank = offset, 2
    if chosen is None:
        raise Unsupported("no cmap subtable")
    start = at + chosen
    fmt = struct.unpack_from(">H", data, start)[0]
    to_glyph: dict[int, int] = {}
    to_chars: dict[int, list[int]] = {}

    def assign(char: int, glyph: int) -> None:
        to_glyph[char] = glyph
        to_chars.setdefault(glyph, []).append(char)

    if fmt == 4:
        length = struct.unpack_from(">H", data, start + 2)[0]
        limit = start + length
        segments = struct.unpack_from(">H", data, start + 6)[0] // 2
        ends = struct.unpack_from(f">{segments}H", data, start + 14)
        starts = struct.unpack_from(f">{segments}H", data, start + 16 + 2 * segments)
        deltas = struct.unpack_from(f">{segments}h", data, start + 16 + 4 * segments)
        ranges_at = start + 16 + 6 * segments
        ranges = struct.unpack_from(f">{segments}H", data, ranges_at)
        for n in range(segments):
            for char in range(starts[n], ends[n] + 1):
                if ranges[n] == 0:
                    glyph = (char + deltas[n]) & 0xFFFF
                else:
                    where = ranges_at + 2 * n + (char - starts[n]) * 2 + ranges[n]
                    glyph = 0 if where >= limit else struct.unpack_from(">H", data, where)[0]
                    if glyph:
                        glyph = (glyph + deltas[n]) & 0xFFFF
                assign(char, glyph)
    elif fmt == 12:
        groups = struct.unpack_from(">I", data, start + 12)[0]
        for n in range(groups):
            first, last, glyph = struct.unpack_from(">III", data, start + 16 + 12 * n)
            for char in range(first, last + 1):
                assign(char, char + glyph - first)
    else:
        raise Unsupported(f"cmap format {fmt}")
    return to_glyph, to_chars
