"""Each distinct SVG read by svglib once, however many files draw it.

svglib's reading of an SVG is most of what drawing a sheet costs (a card: 12 ms to read, 3 ms to draw),
and the same art is drawn on both papers, by the preflight, on the sheets and as the assembly page's
thumbnails. A reading is kept in this process, keyed by the SVG. It is not kept in the disk cache: a
drawing is a tree of ReportLab objects, which only pickle could store whole, and an entry that runs code
when it is read is what the cache must never hold (kitpress's own reader, sheets/svgread.py, reads a
card in about 4 ms; the sheets, preflight findings and low-ink art that drawings make are cached).
Callers must not change a drawing they are given: copy it first (`copy.copy`, then set a transform).
"""

from __future__ import annotations

import io

from reportlab.graphics.shapes import Drawing

from kitpress import fonts

_READ: dict[str, Drawing] = {}
_KEPT = 2000  # distinct SVGs kept in a process: a whole class kit is about 700


def read(svg: str, name: str) -> Drawing:
    """The drawing svglib makes of `svg` (the art called `name`, for the error)."""
    found = _READ.get(svg)
    if found is not None:
        return found
    drawing = _parse(svg, name)
    if len(_READ) >= _KEPT:
        _READ.clear()
    _READ[svg] = drawing
    return drawing


def _parse(svg: str, name: str) -> Drawing:
    from kitpress.sheets import svgread

    fonts.register()  # both readers map the SVG's font families to the registered fonts as they read
    # kitpress's own art, read a dozen times faster into the same drawing; svglib reads anything else
    drawing = svgread.read(svg)
    if drawing is not None:
        return drawing
    from svglib.svglib import svg2rlg

    drawing = svg2rlg(io.BytesIO(svg.encode("utf-8")))
    if drawing is None:
        raise ValueError(f"art {name!r} is not valid SVG")
    return drawing
