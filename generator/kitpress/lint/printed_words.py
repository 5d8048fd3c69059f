"""The printed-words preflight: nothing on a page a student or a teacher reads is kitpress's own
vocabulary — no Python value, no spec key path, no internal seat or card code, no file name, no word
about how the kit is made (seed, spec, engine, test). kitpress's own name may stand in a colophon.

It reads the text layer of every PDF the build writes, page by page, as a reader would see it.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from html.parser import HTMLParser

from kitpress.lint.findings import ERROR, Finding

# A Python list or dict as printed by repr: a bracket or brace against a quote.
_REPR = re.compile(r"[\[{]\s*['\"]|['\"]\s*[\]}]")
# True/False/None as Python prints a value: after =, after a quoted key's colon, or as a list item.
# ("None of the discs flips" is English.)
_VALUE = re.compile(r"(?:=\s*|['\"]\s*:\s*)(True|False|None)\b|[\[(,]\s*(True|False|None)\s*[,\])]")
# A dotted or snake_case identifier (game.lone_card_play, round_limit). Parts of one letter (e.g., i.e.)
# and web addresses are English, not key paths.
_DOTTED = re.compile(r"\b[a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)+\b")
_SNAKE = re.compile(r"\b[A-Za-z][A-Za-z0-9]*_[A-Za-z0-9_]+\b")
_WEB = re.compile(r"\.(?:com|org|net|edu|gov|io|uk|de|fr|ca|au)$")
# A file name, by its extension.
_FILE = re.compile(r"\b[\w-]+\.(?:ya?ml|md|py|json|txt|html?|csv|svg|pdf|docx?|zip|png)\b", re.IGNORECASE)
# A card code in the examples' notation: K:J, MK:J.
_CARD_CODE = re.compile(r"\b[A-Z]{1,3}:[A-Z0-9]{1,3}\b")
# A section reference a text did not resolve ({§key}), or a placeholder left unfilled ({name}).
_UNFILLED = re.compile(r"\{§?[a-z_][a-z0-9_]*\}")
# Words about how the kit is made, which a rule book never needs. (The lookahead, implied by the words,
# lets the scan skip ahead to a letter that can start one: under half the time.)
_WORDS = re.compile(r"(?=[septyjnr])\b(seeds?|specs?|engines?|tests?|pytest|yaml|json|python|numba|repr)\b", re.IGNORECASE)
# A dot before a letter, which a file name and a key path both need (IGNORECASE as _FILE is).
_DOT = re.compile(r"\.[a-z]", re.IGNORECASE)
# A line broken by a hyphen: the hyphen first, so the scan skips to one; the letter before it looked back at.
_BROKEN = re.compile(r"[-\u00ad\ufffe](?<=[a-z].)\r?\n(?=[a-z])")


@dataclass(frozen=True)
class Vocabulary:
    """The game's own internal codes, which must not be printed: seat ids that are not plain words."""

    seats: tuple[str, ...] = ()

    def seat_pattern(self) -> re.Pattern[str] | None:
        return _seat_pattern(self.seats)


@functools.lru_cache(maxsize=64)
def _seat_pattern(seats: tuple[str, ...]) -> re.Pattern[str] | None:
    """Made once per game, not once per page."""
    if not seats:
        return None
    return re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, sorted(seats, key=len, reverse=True))) + r")(?![\w-])")


def vocabulary(engine: object, player_counts: Iterable[int]) -> Vocabulary:
    """Seat ids of every player count the game allows, those a reader would not write (blue-1)."""
    seats: set[str] = set()
    for count in [None, *player_counts]:
        try:
            seats.update(engine.seats(count))  # type: ignore[attr-defined]
        except Exception:  # a count the engine does not seat: nothing to learn from it
            continue
    return Vocabulary(tuple(sorted(s for s in seats if not re.fullmatch(r"[A-Za-z]+", s))))


def internal_words(text: str, words: Vocabulary = Vocabulary(), files_allowed: bool = False) -> Iterator[tuple[str, str]]:
    """(what is printed, what it is) for each internal word in `text`. `files_allowed`: a page that
    tells which file to print names the kit's PDFs (and only those)."""
    # Each pattern is run only when the text holds what every match of it must (a bracket, a dot before
    # a letter, an underscore, a colon, a seat id ...): most pages hold none, and `in` is far quicker.
    if "[" in text or "{" in text or "]" in text or "}" in text:
        for m in _REPR.finditer(text):
            yield _around(text, m), "a Python list or dict"
    if "True" in text or "False" in text or "None" in text:
        for m in _VALUE.finditer(text):
            yield m.group(1) or m.group(2), "a Python value"
    if "{" in text:
        for m in _UNFILLED.finditer(text):
            yield m.group(0), "a reference or number left unfilled"
    dotted = _DOT.search(text) is not None
    found = list(_FILE.finditer(text)) if dotted else []
    for m in found:
        if not (files_allowed and m.group(0).lower().endswith(".pdf")):
            yield m.group(0), "a file name"
    files = {m.group(0) for m in found}
    for m in _DOTTED.finditer(text) if dotted else ():
        token = m.group(0)
        parts = token.split(".")
        if any(f.endswith(token) for f in files) or _WEB.search(token) or all(len(p) == 1 for p in parts):
            continue
        yield token, "a key path"
    if "_" in text:
        for m in _SNAKE.finditer(text):
            if not any(m.group(0) in f for f in files):
                yield m.group(0), "an internal name"
    if ":" in text:
        for m in _CARD_CODE.finditer(text):
            yield m.group(0), "a card code of the examples file"
    seat = words.seat_pattern()
    if seat is not None and any(s in text for s in words.seats):
        for m in seat.finditer(text):
            yield m.group(0), "an internal seat id"
    for m in _WORDS.finditer(text):
        yield m.group(0), "a word about how the kit is made"


def _around(text: str, m: re.Match[str]) -> str:
    return " ".join(text[max(0, m.start() - 12) : m.end() + 12].split())


def page_texts(pdf: bytes) -> list[str]:
    """The text layer of each page, a line broken by a hyphen joined again."""
    import pypdfium2 as pdfium  # only to read a PDF: the vocabulary is asked for by every build

    doc = pdfium.PdfDocument(pdf)
    try:
        out = []
        for page in doc:
            textpage = page.get_textpage()
            text = textpage.get_text_range()
            textpage.close()
            page.close()
            out.append(_BROKEN.sub("", text.replace("\r\n", "\n")))
        return out
    finally:
        doc.close()


def check_printed(game: str, name: str, pdf: bytes, words: Vocabulary, files_allowed: bool = False) -> list[Finding]:
    """One finding per distinct internal word of one PDF, at the first page that prints it."""
    seen: set[str] = set()
    findings = []
    for number, text in enumerate(page_texts(pdf), start=1):
        for printed, what in internal_words(text, words, files_allowed):
            if printed in seen:
                continue
            seen.add(printed)
            findings.append(Finding(game, name, f"page {number}", ERROR, f"prints “{printed}”, {what}; write it the way the rule book names it", "printed-words"))
    return findings


class _Text(HTMLParser):
    """The words a markup document prints: its text nodes, outside head, style, script and SVG titles."""

    SILENT = frozenset({"head", "style", "script", "title", "desc", "metadata"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.silent = 0
        self.parts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.silent += tag in self.SILENT

    def handle_endtag(self, tag: str) -> None:
        self.silent -= tag in self.SILENT and self.silent > 0

    def handle_data(self, data: str) -> None:
        if not self.silent:
            self.parts.append(data)


def markup_text(markup: str) -> str:
    """The printed text of an HTML page or an SVG drawing, each text node on a line of its own."""
    parser = _Text()
    parser.feed(markup)
    parser.close()
    return "\n".join(" ".join(p.split()) for p in parser.parts if p.strip())


def check_markup(game: str, name: str, markup: str, words: Vocabulary) -> list[Finding]:
    """The printed-words check on a document before it is typeset (the books' HTML, a piece's SVG)."""
    seen: dict[str, None] = {}
    for printed, what in internal_words(markup_text(markup), words):
        seen.setdefault(f"prints “{printed}”, {what}; write it the way the rule book names it", None)
    return [Finding(game, name, "text", ERROR, message, "printed-words") for message in seen]
