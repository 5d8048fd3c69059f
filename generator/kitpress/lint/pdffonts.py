"""Fonts not embedded: every font a PDF page uses must carry its program (FontFile, FontFile2 or FontFile3),
or the printer substitutes its own and the metrics the layout was measured with no longer hold."""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any

from pypdf import PdfReader
from pypdf.generic import DictionaryObject

FONT_FILES = ("/FontFile", "/FontFile2", "/FontFile3")


def _resolve(obj: Any) -> Any:
    return obj.get_object() if hasattr(obj, "get_object") else obj


def _fonts(resources: Any, seen: set[int]) -> Iterator[tuple[str, DictionaryObject]]:
    """(resource name, font dictionary) for every font in the resources, inside form XObjects too."""
    resources = _resolve(resources)
    if not isinstance(resources, DictionaryObject) or id(resources) in seen:
        return
    seen.add(id(resources))
    fonts = _resolve(resources.get("/Font"))
    if isinstance(fonts, DictionaryObject):
        for name, ref in fonts.items():
            font = _resolve(ref)
            if isinstance(font, DictionaryObject):
                yield str(name), font
    xobjects = _resolve(resources.get("/XObject"))
    if isinstance(xobjects, DictionaryObject):
        for ref in xobjects.values():
            xobject = _resolve(ref)
            if isinstance(xobject, DictionaryObject) and xobject.get("/Subtype") == "/Form":
                yield from _fonts(xobject.get("/Resources"), seen)
    for key in ("/Pattern",):
        patterns = _resolve(resources.get(key))
        if isinstance(patterns, DictionaryObject):
            for ref in patterns.values():
                pattern = _resolve(ref)
                if isinstance(pattern, DictionaryObject):
                    yield from _fonts(pattern.get("/Resources"), seen)


def _missing(resources: Any, known: dict[int, tuple[Any, list[str]]]) -> list[str]:
    """The names of the fonts the resources use without embedding them, worked out once per resources
    dictionary: WeasyPrint's pages share one, which holds every diagram of the book as a form."""
    resolved = _resolve(resources)
    if id(resolved) not in known:  # the dictionary is kept with its names, so its id is not reused
        names = [str(font.get("/BaseFont", "(unnamed)")).lstrip("/") for _name, font in _fonts(resolved, set()) if not _embedded(font)]
        known[id(resolved)] = (resolved, list(dict.fromkeys(names)))
    return known[id(resolved)][1]


def _embedded(font: DictionaryObject) -> bool:
    subtype = font.get("/Subtype")
    if subtype == "/Type3":
        return True  # glyphs drawn by the PDF itself
    if subtype == "/Type0":
        descendants = _resolve(font.get("/DescendantFonts"))
        if not descendants:
            return False
        font = _resolve(descendants[0])
    descriptor = _resolve(font.get("/FontDescriptor"))
    return isinstance(descriptor, DictionaryObject) and any(key in descriptor for key in FONT_FILES)


def unembedded_fonts(data: bytes) -> dict[str, list[int]]:
    """BaseFont name → the (1-based) pages that use it without embedding it."""
    reader = PdfReader(io.BytesIO(data))
    out: dict[str, list[int]] = {}
    known: dict[int, tuple[Any, list[str]]] = {}
    for number, page in enumerate(reader.pages, start=1):
        for base in _missing(page.get("/Resources"), known):
            pages = out.setdefault(base, [])
            if number not in pages:
                pages.append(number)
    return out
