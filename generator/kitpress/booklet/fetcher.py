"""The booklet's only way to load a resource, and so its security boundary: files inside the
installed kitpress package (templates and fonts), and SVG images given in the page itself (the rule
books' diagrams), and nothing else — no network, no other file."""

from __future__ import annotations

import base64
import binascii
import mimetypes
from pathlib import Path
from urllib.parse import unquote, urlsplit

from weasyprint.urls import FatalURLFetchingError, URLFetcher, URLFetcherResponse

from kitpress.resources import fonts_dir, templates_dir


class PackageOnlyFetcher(URLFetcher):
    def __init__(self) -> None:
        super().__init__(fail_on_errors=True, allowed_protocols=("file",))
        self.roots = [fonts_dir().resolve(), templates_dir().resolve()]

    def fetch(self, url: str, headers: object = None) -> URLFetcherResponse:
        if url.startswith(SVG_DATA):
            return _svg_image(url)
        parts = urlsplit(url)
        if parts.scheme != "file" or parts.netloc not in ("", "localhost"):
            raise FatalURLFetchingError(f"refused to fetch {url!r}: the booklet loads package files only")
        try:
            path = Path(unquote(parts.path)).resolve()
            inside = any(path.is_relative_to(root) for root in self.roots) and path.is_file()
        except (ValueError, OSError):  # a NUL byte, a loop: not a package file either
            inside = False
        if not inside:
            raise FatalURLFetchingError(f"refused to fetch {url!r}: not a kitpress package file")
        mime = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        if path.suffix == ".ttf":
            mime = "font/ttf"
        return URLFetcherResponse(path.as_uri(), path.read_bytes(), {"Content-Type": mime})


# An SVG image written out in the page: no more than the same SVG inline in the page could do, and what it
# refers to is fetched through this fetcher again. Any other data (a style sheet, a bitmap) is refused.
SVG_DATA = "data:image/svg+xml;base64,"


def _svg_image(url: str) -> URLFetcherResponse:
    try:
        body = base64.b64decode(url[len(SVG_DATA) :], validate=True)
    except (binascii.Error, ValueError):
        body = b""
    if not body.lstrip().startswith((b"<svg", b"<?xml")):  # a bitmap or anything else named SVG: refused
        raise FatalURLFetchingError("refused to fetch an SVG image that is not SVG")
    return URLFetcherResponse(SVG_DATA, body, {"Content-Type": "image/svg+xml"})
