"""Each distinct SVG read by svglib once, however many files draw it.

svglib's reading of an SVG is most of what drawing a sheet costs (a card: 12 ms to read, 3 ms to draw),
and the same art is drawn on both papers, by the preflight, on the sheets and as the assembly page's
thumbnails. A reading is kept in this process, and in the disk cache for the next build (unpickling
it takes a fiftieth of the time), keyed by the SVG and everything that decides how it is read.
Callers must not change a drawing they are given: copy it first (`copy.copy`, then set a transform).
"""

from __future__ import annotations

import functools
import io
import pickle

from reportlab.graphics.shapes import Drawing

from kitpress import fonts

_READ: dict[str, Drawing] = {}
_KEPT = 2000  # distinct SVGs kept in a process: a whole class kit is about 700


@functools.cache
def _reader() -> str:
    """What decides a reading besides the SVG: kitpress's code (the fonts it registers) and the readers."""
    from importlib.metadata import version

    from kitpress.fingerprint import code_hash

    return f"{code_hash()} svglib={version('svglib')} reportlab={version('reportlab')} lxml={version('lxml')}"


def read(svg: str, name: str) -> Drawing:
    """The drawing svglib makes of `svg` (the art called `name`, for the error)."""
    found = _READ.get(svg)
    if found is not None:
        return found
    from kitpress import cache

    entry = cache.key(_reader(), svg)
    drawing = _unpickled(cache.get("drawings", entry))
    if drawing is None:
        drawing = _parse(svg, name)
        cache.put("drawings", entry, pickle.dumps(drawing, protocol=pickle.HIGHEST_PROTOCOL))
    if len(_READ) >= _KEPT:
        _READ.clear()
    _READ[svg] = drawing
    return drawing


def _unpickled(stored: bytes | None) -> Drawing | None:
    if stored is None:
        return None
    try:
        drawing = pickle.loads(stored)  # kitpress's own cache, each entry checked by its SHA-256
    except Exception:  # written by other versions of the libraries: read the SVG again
        return None
    return drawing if isinstance(drawing, Drawing) else None


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
