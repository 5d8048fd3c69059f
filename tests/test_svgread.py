"""kitpress's fast SVG reader makes the very drawings svglib makes: for the bundled games' art (their
variants too, in full and low ink) it reads every SVG without svglib, and the PDF drawn from its drawing is
byte-identical to the PDF drawn from svglib's, as is the pickled drawing (every attribute of every shape).
Hand-written SVGs cover what the art uses rarely or not yet, and what the reader leaves to svglib."""

from __future__ import annotations

import functools
import io
import pickle

import pytest
from lxml import etree
from reportlab.graphics.shapes import Drawing
from svglib.svglib import svg2rlg

from kitpress import build, fonts
from kitpress.lint.raster import pdf_of
from kitpress.packs import shipped_specs
from kitpress.pieces import BLEED, Art
from kitpress.preflight import inked
from kitpress.sheets import svgread
from kitpress.spec.load import load_spec

GAMES = sorted(shipped_specs())
EVERY = 10  # besides SVGs that between them use every element, attribute and style the game's art uses


@functools.cache
def _arts(game: str) -> dict[str, Art]:
    """Each distinct SVG of the game and its variants, full and low ink, with the first face drawn by it."""
    path = str(shipped_specs()[game])
    loaded = load_spec(path)
    arts: dict[str, Art] = {}
    for variant in [None, *(v.id for v in loaded.spec.variants)]:
        jobs = build._render_jobs(loaded if variant is None else load_spec(path, variant))
        for ink in ("full", "low"):
            for job in inked(jobs, ink):
                for art in (*job.fronts, *job.backs):
                    arts.setdefault(art.svg, art)
    return arts


def _features(svg: str) -> set[tuple[str, ...]]:
    found: set[tuple[str, ...]] = set()
    for element in etree.fromstring(svg.encode()).iter():
        name = etree.QName(element).localname
        found.add((name,))
        for key, value in element.attrib.items():
            found.add((name, key))
            if key in ("text-anchor", "font-weight", "font-style", "stroke-dasharray") or value == "none":
                found.add((name, key, value))
    return found


def _compared(arts: dict[str, Art]) -> list[Art]:
    """The faces compared with svglib: ones that between them use everything the game's art uses, and
    every EVERY-th of the rest."""
    features = {svg: _features(svg) for svg in arts}
    seen: set[tuple[str, ...]] = set()
    chosen: list[str] = []
    for svg in sorted(arts, key=lambda s: -len(features[s])):
        if features[svg] - seen:
            chosen.append(svg)
            seen |= features[svg]
    chosen += [svg for i, svg in enumerate(arts) if i % EVERY == 0 and svg not in chosen]
    return [arts[svg] for svg in chosen]


def _svglib(svg: str) -> Drawing:
    fonts.register()
    drawing = svg2rlg(io.BytesIO(svg.encode("utf-8")))
    assert drawing is not None
    return drawing


def _ours(svg: str) -> Drawing:
    fonts.register()
    drawing = svgread.read(svg)
    assert drawing is not None, svg
    return drawing


def _assert_same(arts: list[Art]) -> None:
    ours = [_ours(art.svg) for art in arts]
    theirs = [_svglib(art.svg) for art in arts]
    for art, mine, reference in zip(arts, ours, theirs, strict=True):
        assert pickle.dumps(mine) == pickle.dumps(reference), art.name
    assert pdf_of(list(zip(arts, ours, strict=True))) == pdf_of(list(zip(arts, theirs, strict=True)))


@pytest.mark.parametrize("game", GAMES)
def test_bundled_art_reads_without_svglib(game: str) -> None:
    fonts.register()
    fallbacks = [art.name for svg, art in _arts(game).items() if svgread.read(svg) is None]
    assert fallbacks == []


@pytest.mark.parametrize("game", GAMES)
def test_bundled_art_reads_as_svglib_reads_it(game: str) -> None:
    _assert_same(_compared(_arts(game)))


def _svg(body: str, root: str = 'width="100" height="80"') -> str:
    return f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" {root} viewBox="0 0 100 80"><defs />{body}</svg>'


def _art(name: str, svg: str) -> Art:
    return Art(name, svg, 100 - 2 * BLEED, 80 - 2 * BLEED)


# Within what the reader handles, but used rarely or not at all by the bundled art.
HANDLED = {
    "inherited style and group transforms": _svg(
        '<g fill="#336699" stroke="#000" stroke-width="2" transform="translate(5 6) scale(2) rotate(30)">'
        '<rect x="1" y="2" width="10" height="5" rx="3" /><circle cx="5" cy="5" r="2" fill="inherit" />'
        '<g transform="scale(1.5, 0.5) translate(3)"><ellipse cx="4" cy="3" rx="2" ry="1" stroke=" #c00 " /></g></g>'
    ),
    "shape transforms": _svg(
        '<rect x="1" y="2" width="10" height="5" fill="#123456" transform="matrix(1 0.2 0 1 3 4)" />'
        '<text x="10" y="10" font-family="DejaVu Sans" font-size="9" transform="rotate(90 10 10)">Up</text>'
        '<polyline points="1,1 5,9 9,1" fill="#abc" stroke="#000" transform="translate(30,2)" />'
        '<line x1="0" y1="0" x2="9" y2="9" stroke="#000" transform="rotate(45) " />'
    ),
    "strokes and fills": _svg(
        '<polyline points="1,1 5,9 9,1" fill="#a0b" stroke="#000" stroke-linejoin="round" stroke-linecap="square" />'
        '<polygon points="10,10 20,10 15,20" fill="#fff" fill-opacity="0.5" stroke="#333" stroke-opacity=".25" fill-rule="evenodd" />'
        '<rect x="1" y="1" width="9" height="9" fill="none" stroke="#000" stroke-dasharray="2 1,3" stroke-linejoin="bevel" />'
        '<rect x="1" y="1" width="9" height="9" fill="#eee" stroke="#000" stroke-width="0" />'
        '<circle cx="5" cy="5" r="3" fill="#eee" fill-opacity="1.5" stroke-dasharray="none" />'
        '<line x1="3" y1="3" x2="3" y2="3" stroke="#000" /><polygon points="4,4 4,4 4,4" fill="#000" />'
        '<rect x="1" y="1" width="9" height="9" ry="2" /><rect x="1" y="1" width="9" height="4" rx="8" />'
    ),
    "units": _svg(
        '<rect x="2px" y="1pt" width="10" height="5" fill="#000" stroke="#000" stroke-width="1pt" />'
        '<text x="5px" y="20" font-size="10pt" font-family="DejaVu Sans">pt</text>',
        root='width="75pt" height="60pt" fill="#0a0"',
    ),
    "no width or height": _svg('<rect x="1" y="1" width="9" height="9" fill="#000" />', root=""),
    "texts": _svg(
        '<text x="50" y="20" fill="#111" font-family="DejaVu Sans" font-size="12" text-anchor="middle">  a \n\t b   c  </text>'
        '<text x="1" y="2" font-family="DejaVu Sans" font-size="8"></text><text font-family="DejaVu Sans">   </text>'
        '<text x="-0" y="-0.0" font-family="DejaVu Sans" font-size="8" text-anchor="end" font-style="italic">Σ → ≠</text>'
        '<text y="30" font-weight="bold">Helvetica by default</text><text y="35" font-weight="bold">twice</text>'
        '<text x="3" y="40" font-family="DejaVu Sans" text-anchor="left" data-note="x">left is no anchor</text>'
        '<g font-family="DejaVu Sans" font-weight="bold" text-anchor="start" fill="#c00"><text x="3" y="50" font-size="7.5">inherited</text></g>'
        '<text x="3" y="60" font-family="DejaVu Sans Condensed" font-weight="bold">condensed</text>'
    ),
}


@pytest.mark.parametrize("name", sorted(HANDLED))
def test_handwritten_svg_reads_as_svglib_reads_it(name: str) -> None:
    _assert_same([_art(name, HANDLED[name])])


# What the reader leaves to svglib: each returns None.
UNHANDLED = {
    "path": _svg('<path d="M0 0L1 1" />'),
    "tspan": _svg('<text x="1" y="1">a<tspan fill="#f00">b</tspan></text>'),
    "style attribute": _svg('<rect width="1" height="1" style="fill:#f00" />'),
    "id": _svg('<rect id="r" width="1" height="1" />'),
    "class": _svg('<rect class="c" width="1" height="1" />'),
    "style element": _svg("<style>rect { fill: red }</style>"),
    "named colour": _svg('<rect width="1" height="1" fill="red" />'),
    "gradient fill": _svg('<rect width="1" height="1" fill="url(#g)" />'),
    "currentColor": _svg('<rect width="1" height="1" fill="currentColor" />'),
    "colour with alpha": _svg('<rect width="1" height="1" fill="#ff000080" />'),
    "rgb colour": _svg('<rect width="1" height="1" fill="rgb(1,2,3)" />'),
    "important": _svg('<rect width="1" height="1" fill="#fff !important" />'),
    "em length": _svg('<text x="1" y="1" font-size="2em">a</text>'),
    "percent length": _svg('<rect width="50%" height="1" />'),
    "length list": _svg('<line x1="0" y1="0" x2="1" y2="1" stroke="#000" stroke-width="1 2" />'),
    "skew": _svg('<g transform="skewX(10)" />'),
    "rotate with two numbers": _svg('<g transform="rotate(10 5)" />'),
    "odd transform": _svg('<g transform="translate(1,2) junk" />'),
    "font list": _svg('<text font-family="Comic Sans MS, sans-serif">a</text>'),
    "quoted font": _svg("<text font-family=\"'DejaVu Sans'\">a</text>"),
    "numeric weight": _svg('<text font-family="DejaVu Sans" font-weight="700">a</text>'),
    "display": _svg('<rect width="1" height="1" display="none" />'),
    "visibility": _svg('<g visibility="hidden"><rect width="1" height="1" /></g>'),
    "opacity": _svg('<rect width="1" height="1" opacity="0.5" />'),
    "clip path": _svg('<rect width="1" height="1" clip-path="url(#c)" />'),
    "xml:space": _svg('<text xml:space="preserve"> a </text>'),
    "text dx": _svg('<text x="1" dx="2">a</text>'),
    "odd points": _svg('<polygon points="1,2 3" />'),
    "nested svg": _svg('<svg width="10" height="10" viewBox="0 0 1 1" />'),
    "use": _svg('<use xlink:href="#r" />'),
    "image": _svg('<image width="1" height="1" xlink:href="x.png" />'),
    "gradient definition": _svg('<defs><linearGradient id="g" /></defs>'),
    "comment": _svg("<!-- a note --><rect width='1' height='1' />"),
    "other namespace": _svg('<x:thing xmlns:x="urn:x" />'),
    "preserveAspectRatio": _svg("", root='width="10" height="10" preserveAspectRatio="none"'),
    "no viewBox": '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="1" height="1" /></svg>',
    "not SVG": "<html />",
    "not XML": "<svg",
    "doctype": '<!DOCTYPE svg [<!ENTITY e "x">]><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><text>&e;</text></svg>',
}


@pytest.mark.parametrize("name", sorted(UNHANDLED))
def test_what_it_does_not_reproduce_is_left_to_svglib(name: str) -> None:
    fonts.register()
    assert svgread.read(UNHANDLED[name]) is None


def test_other_releases_of_the_libraries_are_left_to_svglib(monkeypatch: pytest.MonkeyPatch) -> None:
    """A reading is only as exact as the comparison with the svglib and ReportLab it was made with."""
    art = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 10 10"><rect x="1" y="1" width="5" height="5" fill="#123456"/></svg>'
    assert svgread.read(art) is not None
    monkeypatch.setitem(svgread.CHECKED, "svglib", "0.")
    assert svgread.read(art) is None
