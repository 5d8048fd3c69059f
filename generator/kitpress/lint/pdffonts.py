"""Fonts not embedded: every font a PDF page uses must carry its program (FontFile, FontFile2 or FontFile3),
or the printer substitutes its own and the metrics the layout was measured with no longer hold.

The check reads only the objects it needs with a small reader of its own (`_Quick`): the xref, the page
tree, the resources, the fonts and their descriptors. pypdf parses every object of an object stream the
first time it opens one, glyph widths and link targets included, which was most of a cold build's file
checks for the rule books. Whatever the small reader does not read the way pypdf does (encryption, an
incremental update, a predictor, an offset that does not land on its object, a name with # escapes, a
reference to a missing object, a stream whose /Length is wrong ...) sends the whole file to pypdf, so the
findings are pypdf's either way.
"""

from __future__ import annotations

import io
import itertools
import re
import zlib
from collections.abc import Iterator
from typing import Any

FONT_FILES = ("/FontFile", "/FontFile2", "/FontFile3")


def unembedded_fonts(data: bytes) -> dict[str, list[int]]:
    """BaseFont name → the (1-based) pages that use it without embedding it."""
    try:
        return _Quick(data).unembedded()
    except Exception:  # _Fallback, or a file odd enough to trip the small reader: pypdf's answer
        return _pypdf_unembedded(data)


# --- the small reader ---------------------------------------------------------------------------------


class _Fallback(Exception):
    """The small reader met something it does not read exactly as pypdf does: pypdf reads the file."""


class _Name(str):
    """A PDF name, "/Helvetica": a str, so it compares as pypdf's NameObject does."""

    __slots__ = ()


class _String(bytes):
    """A PDF string: never equal to a name."""

    __slots__ = ()


class _Ref:
    __slots__ = ("gen", "num")

    def __init__(self, num: int, gen: int) -> None:
        self.num, self.gen = num, gen


class _Stream(dict):  # type: ignore[type-arg]
    """A stream's dictionary; `start` is where its data begins."""

    start = 0


# Between tokens: the four whitespace characters generated PDFs use, and comments (ReportLab writes one
# in the trailer). \0 and \f are read differently by different readers, so they send the file to pypdf
# (no pattern below matches them).
_END = rb"(?=[ \t\r\n/\[\]<>()%]|\Z)"  # where a number, name or keyword ends, as both readers agree
_NAME_CHARS = re.escape(bytes(c for c in range(0x21, 0x7F) if c not in b"/[]<>(){}%#"))
_TOKEN = re.compile(
    rb"(?:[ \t\r\n]|%[^\r\n]*)*(?:"
    rb"(?P<ref>(?P<rnum>\d+)[ \t\r\n]+(?P<rgen>\d+)[ \t\r\n]+R)(?=[ \t\r\n/\[\]<>()%])"
    rb"|(?P<int>[+-]?\d+)" + _END + rb"|(?P<real>[+-]?(?:\d+\.\d*|\.\d+))" + _END + rb""
    rb"|/(?P<name>[" + _NAME_CHARS + rb"]*)" + _END + rb""
    rb"|(?P<open><<|\[)|(?P<close>>>|\])"
    rb"|(?P<kw>true|false|null)" + _END + rb""
    rb"|(?P<str>\()|<(?P<hex>[0-9A-Fa-f \t\r\n]*)>"
    rb")"
)
_NUMBERS = re.compile(rb"\[((?:[ \t\r\n]*[+-]?(?:\d+\.\d*|\.\d+|\d+)(?=[ \t\r\n\]]))*)[ \t\r\n]*\]")
_REFS = re.compile(rb"\[((?:[ \t\r\n]*\d{1,10}[ \t\r\n]\d{1,5}[ \t\r\n]R(?=[ \t\r\n\]]))*)[ \t\r\n]*\]")
_REF_PARTS = re.compile(rb"(\d+)[ \t\r\n](\d+)")
# A key and a value of one token: a reference short enough for pypdf's 20 bytes, a number right before
# the next key or the end (so no reference can start there), a name or a keyword.
_ENTRY = re.compile(
    rb"(?:[ \t\r\n]|%[^\r\n]*)*/(?P<key>[" + _NAME_CHARS + rb"]*)(?=[ \t\r\n/\[<(%])[ \t\r\n]*(?:"
    rb"(?P<vref>(?P<vnum>\d{1,10})[ \t\r\n](?P<vgen>\d{1,5})[ \t\r\n]R)(?=[ \t\r\n/\[\]<>()%])"
    rb"|(?P<vint>[+-]?\d+)(?=[/>\]])"
    rb"|/(?P<vname>[" + _NAME_CHARS + rb"]*)" + _END + rb""
    rb"|(?P<vkw>true|false|null)" + _END + rb""
    rb")"
)
# pypdf takes a number for a reference when this matches the 20 bytes that follow it.
_PYPDF_REF = re.compile(rb"[+-]?\d+\s+\d+\s+R[^a-zA-Z]")
_PAREN = re.compile(rb"[()\\]")
_OBJ = re.compile(rb"[ \t\r\n]*(\d+)[ \t\r\n]+(\d+)[ \t\r\n]+obj" + _END)
_STREAM = re.compile(rb"[ \t\r\n]*stream(?:\r\n|\n)")
_STREAM_WORD = re.compile(rb"[ \t\r\n\x00\x0c]*s")
_ENDSTREAM = re.compile(rb"[ \t\r\n]*endstream")
_XREF_ROW = re.compile(rb"(\d{10}) (\d{5}) ([nf])(?: \r| \n|\r\n)")
_XREF_SECTION = re.compile(rb"[ \t\r\n]*(\d+) (\d+)[ \t]*(?:\r\n|\r|\n)")
_TRAILER = re.compile(rb"[ \t\r\n]*trailer")
_TAIL = re.compile(rb"(?:\r\n|\r|\n)startxref(?:\r\n|\r|\n)(\d+)(?:\r\n|\r|\n)%%EOF(?:\r\n|\r|\n)?\Z")


def _fresh(obj: Any) -> Any:
    """A copy of each dictionary and array in `obj`; names, numbers, strings and references shared."""
    if type(obj) is dict:
        return {key: _fresh(value) for key, value in obj.items()}
    if type(obj) is list:
        return [_fresh(value) for value in obj]
    return obj


class _Quick:
    """The objects of one PDF, each parsed when first asked for and kept (so each has one identity, as
    in pypdf, which the walk's `seen` relies on)."""

    def __init__(self, data: bytes) -> None:
        if not data.startswith(b"%PDF-"):
            raise _Fallback
        self.data = data
        self.at: dict[int, tuple[int, int]] = {}  # object number → (generation, offset)
        self.packed: dict[int, tuple[int, int]] = {}  # object number → (object stream, index)
        self.free: set[int] = set()
        self.listed: set[int] = set()  # the numbers of the section being read
        self.names: dict[bytes, _Name] = {}  # each name made once
        self.sources: dict[bytes, Any] = {}  # an object stream's object, by its text
        self.objects: dict[int, Any] = {}
        self.streams: dict[int, tuple[bytes, dict[int, int], list[int]]] = {}  # text, number → index, offsets
        # The end of the file as every writer makes it; pypdf has its own ways with any other.
        tail = _TAIL.search(data, max(0, len(data) - 64))
        if tail is None or not 0 < int(tail.group(1)) < len(data) or data[int(tail.group(1)) - 1] not in b" \t\r\n":
            raise _Fallback
        self.trailer = self._xref(int(tail.group(1)))
        if "/Encrypt" in self.trailer:
            raise _Fallback

    # Cross-reference sections, the newest first. An object that two sections both list is a question of
    # which one wins, which pypdf settles its own way: such a file is pypdf's.
    def _xref(self, offset: int) -> dict[str, Any]:
        trailer: dict[str, Any] = {}
        seen: set[int] = set()
        while True:
            if offset in seen or len(seen) > 64:
                raise _Fallback
            seen.add(offset)
            self.listed = set()
            part = self._xref_table(offset) if self.data.startswith(b"xref", offset) else self._xref_stream(offset)
            for key, value in part.items():
                trailer.setdefault(key, value)  # an older trailer's keys only where the newer has none
            prev = part.get("/Prev")
            if prev is None:
                return trailer
            if type(prev) is not int:
                raise _Fallback
            offset = prev

    def _list(self, num: int, where: tuple[dict[int, tuple[int, int]], int, int] | None) -> None:
        """One xref entry: (self.at, generation, offset), (self.packed, object stream, index), or None for
        a free one."""
        if num in self.listed:
            raise _Fallback  # listed twice in one section
        self.listed.add(num)
        if num == 0:
            return  # the head of the free list, in every section
        if num in self.at or num in self.packed or num in self.free:
            raise _Fallback
        if where is None:
            self.free.add(num)
        else:
            table, one, two = where
            table[num] = (one, two)

    def _xref_table(self, offset: int) -> dict[str, Any]:
        data, pos = self.data, offset + 4
        while (section := _XREF_SECTION.match(data, pos)) is not None:
            first, count = int(section.group(1)), int(section.group(2))
            if pos == offset + 4 and first != 0:
                raise _Fallback  # pypdf checks whether such a table is numbered from 1 by mistake
            pos = section.end()
            for num in range(first, first + count):
                row = _XREF_ROW.match(data, pos)
                if row is None:
                    raise _Fallback
                pos = row.end()
                self._list(num, (self.at, int(row.group(2)), int(row.group(1))) if row.group(3) == b"n" else None)
        end = _TRAILER.match(data, pos)
        if end is None:
            raise _Fallback
        trailer, _ = self._value(data, end.end())
        if not isinstance(trailer, dict) or "/XRefStm" in trailer:
            raise _Fallback  # a hybrid file: pypdf's order of the two tables is its own
        return trailer

    def _xref_stream(self, offset: int) -> dict[str, Any]:
        header = _OBJ.match(self.data, offset)
        if header is None:
            raise _Fallback
        stream, _ = self._value(self.data, header.end(), top=True)
        if not isinstance(stream, _Stream) or stream.get("/Type") != "/XRef":
            raise _Fallback
        rows = self._decoded(stream)
        widths = stream.get("/W")
        size = stream.get("/Size")
        index = stream.get("/Index", [0, size])
        if not (isinstance(widths, list) and len(widths) == 3 and all(type(w) is int and 0 <= w <= 8 for w in widths)):
            raise _Fallback
        if not (isinstance(index, list) and len(index) % 2 == 0 and all(type(i) is int and i >= 0 for i in index)):
            raise _Fallback
        w0, w1, w2 = widths
        step, pos = w0 + w1 + w2, 0
        for first, count in zip(index[::2], index[1::2], strict=True):
            for num in range(first, first + count):
                if pos + step > len(rows):
                    raise _Fallback
                kind = int.from_bytes(rows[pos : pos + w0], "big") if w0 else 1
                one = int.from_bytes(rows[pos + w0 : pos + w0 + w1], "big")
                two = int.from_bytes(rows[pos + w0 + w1 : pos + step], "big")
                pos += step
                if kind not in (0, 1, 2):
                    raise _Fallback
                self._list(num, None if kind == 0 else (self.at, two, one) if kind == 1 else (self.packed, one, two))
        return stream

    def _data(self, stream: _Stream) -> bytes:
        """A stream's data, as long as /Length says and followed by endstream (else pypdf's guess)."""
        length = self.resolve(stream.get("/Length"))
        if type(length) is not int or length < 0:
            raise _Fallback
        raw = self.data[stream.start : stream.start + length]
        if len(raw) != length or _ENDSTREAM.match(self.data, stream.start + length) is None:
            raise _Fallback
        return raw

    def _decoded(self, stream: _Stream) -> bytes:
        """A stream's data, Flate-compressed or not; any other filter or a predictor goes to pypdf."""
        raw = self._data(stream)
        filters = stream.get("/Filter")
        if "/DecodeParms" in stream or "/DP" in stream:
            raise _Fallback
        if filters is None or filters == []:
            return raw
        if filters == "/FlateDecode" or filters == ["/FlateDecode"]:
            try:
                return zlib.decompress(raw)
            except zlib.error:
                raise _Fallback from None
        raise _Fallback

    def resolve(self, value: Any) -> Any:
        if not isinstance(value, _Ref):
            return value
        num = value.num
        if num in self.objects and value.gen == (self.at[num][0] if num in self.at else 0):
            return self.objects[num]
        if num in self.at:
            gen, offset = self.at[num]
            header = _OBJ.match(self.data, offset)
            if gen != value.gen or header is None or int(header.group(1)) != num or int(header.group(2)) != gen:
                raise _Fallback
            obj, _ = self._value(self.data, header.end(), top=True)
        elif num in self.packed and value.gen == 0:
            obj = self._packed(num)
        else:
            raise _Fallback  # pypdf reads a missing object as null, with a warning
        self.objects[num] = obj
        return obj

    def _packed(self, num: int) -> Any:
        """An object of an object stream: the stream's header read once, the object alone parsed."""
        stream_num, index = self.packed[num]
        if stream_num not in self.streams:
            if stream_num in self.packed:
                raise _Fallback  # an object stream inside one: pypdf's error to report
            stream = self.resolve(_Ref(stream_num, 0))
            if not isinstance(stream, _Stream) or stream.get("/Type") != "/ObjStm":
                raise _Fallback
            text = self._decoded(stream)
            count, first = stream.get("/N"), stream.get("/First")
            if type(count) is not int or type(first) is not int or not 0 <= first <= len(text):
                raise _Fallback
            numbers = text[:first].split()[: 2 * count]
            if len(numbers) < 2 * count or not all(n.isdigit() for n in numbers):
                raise _Fallback
            nums, offsets = [int(n) for n in numbers[::2]], [first + int(n) for n in numbers[1::2]]
            if any(b <= a for a, b in itertools.pairwise(offsets)) or len(set(nums)) != count:
                raise _Fallback  # pypdf refuses offsets out of order; a number twice is its own to settle
            self.streams[stream_num] = (text, {n: i for i, n in enumerate(nums)}, offsets)
        text, indices, offsets = self.streams[stream_num]
        if indices.get(num) != index:
            raise _Fallback  # pypdf finds an object by its number in the stream's header, not by the index
        # WeasyPrint writes the same resources dictionary for every drawing: parsed once, then copied, so
        # each object is still one of its own (the walk's `seen` goes by identity).
        stop = offsets[index + 1] if index + 1 < len(offsets) else len(text)
        source = text[offsets[index] : stop]
        if source not in self.sources:
            value, end = self._value(text, offsets[index])
            if end > stop:
                raise _Fallback  # an object running into the next one
            self.sources[source] = value
        return _fresh(self.sources[source])

    def _value(self, data: bytes, pos: int, top: bool = False) -> tuple[Any, int]:
        """The object at `pos` and where it ends; a dictionary followed by `stream` is a `_Stream`."""
        m = _TOKEN.match(data, pos)
        if m is None:
            raise _Fallback
        kind = m.lastgroup
        end = m.end()
        if kind == "ref" or kind == "rnum" or kind == "rgen":
            if m.end() - m.start("ref") >= 20:
                raise _Fallback  # pypdf looks 20 bytes ahead for the R
            return _Ref(int(m.group("rnum")), int(m.group("rgen"))), end
        if kind == "int":
            if _PYPDF_REF.match(data[m.start(kind) : m.start(kind) + 20]):
                raise _Fallback  # a reference pypdf would read and this pattern does not
            return int(m.group(kind)), end
        if kind == "real":
            return float(m.group(kind)), end
        if kind == "name":
            return _Name("/" + m.group(kind).decode("ascii")), end
        if kind == "open":
            if m.group(kind) == b"[":
                return self._array(data, m.start(kind), end)
            entries, end = self._dict(data, end)
            if top and (stream := _STREAM.match(data, end)) is not None:
                out = _Stream(entries)
                out.start = stream.end()
                self._data(out)  # pypdf reads a stream's data with its dictionary: it must be whole
                return out, stream.end()
            if top and _STREAM_WORD.match(data, end) is not None:
                raise _Fallback  # stream after other whitespace or before another line end: pypdf's call
            return entries, end
        if kind == "kw":
            return {b"true": True, b"false": False, b"null": None}[m.group(kind)], end
        if kind == "str":
            depth, at = 1, end
            while depth:
                c = _PAREN.search(data, at)
                if c is None:
                    raise _Fallback
                at = c.end()
                if c.group() == b"\\":
                    at += 1
                else:
                    depth += 1 if c.group() == b"(" else -1
            return _String(data[end : at - 1]), at
        if kind == "hex":
            return _String(m.group(kind)), end
        raise _Fallback  # a closing bracket where a value belongs

    def _array(self, data: bytes, start: int, end: int) -> tuple[list[Any], int]:
        """The array whose [ is at `start` (`end` just after it)."""
        flat = _NUMBERS.match(data, start)
        if flat is not None:  # /Widths, /BBox and the like: one match instead of a token each
            return [float(n) if b"." in n else int(n) for n in flat.group(1).split()], flat.end()
        refs = _REFS.match(data, start)
        if refs is not None:  # /Kids, /Annots
            return [_Ref(int(n), int(g)) for n, g in _REF_PARTS.findall(refs.group(1))], refs.end()
        items: list[Any] = []
        while True:
            close = _TOKEN.match(data, end)
            if close is not None and close.lastgroup == "close":
                if close.group("close") != b"]":
                    raise _Fallback
                return items, close.end()
            item, end = self._value(data, end)
            items.append(item)

    def _dict(self, data: bytes, end: int) -> tuple[dict[str, Any], int]:
        """The dictionary whose << ends at `end`, and where its >> ends."""
        entries: dict[str, Any] = {}
        names = self.names
        while True:
            entry = _ENTRY.match(data, end)
            if entry is not None:  # a key and a one-token value in one match, the common case
                key = names.get(entry.group("key")) or names.setdefault(entry.group("key"), _Name("/" + entry.group("key").decode("ascii")))
                if key in entries:
                    raise _Fallback  # pypdf keeps the first and warns
                kind = entry.lastgroup
                if kind == "vref":
                    entries[key] = _Ref(int(entry.group("vnum")), int(entry.group("vgen")))
                elif kind == "vname":
                    value = entry.group(kind)
                    entries[key] = names.get(value) or names.setdefault(value, _Name("/" + value.decode("ascii")))
                elif kind == "vint":
                    entries[key] = int(entry.group(kind))
                else:
                    entries[key] = {b"true": True, b"false": False, b"null": None}[entry.group(kind)]
                end = entry.end()
                continue
            token = _TOKEN.match(data, end)
            if token is None:
                raise _Fallback
            if token.lastgroup == "close":
                if token.group("close") != b">>":
                    raise _Fallback
                return entries, token.end()
            if token.lastgroup != "name":
                raise _Fallback
            key = _Name("/" + token.group("name").decode("ascii"))
            if key in entries:
                raise _Fallback
            entries[key], end = self._value(data, token.end())

    # The pages, their resources inherited down the page tree as pypdf flattens it.
    def page_resources(self) -> list[Any]:
        root = self.resolve(self.trailer.get("/Root"))
        top = self.resolve(root.get("/Pages")) if isinstance(root, dict) else None
        if not isinstance(top, dict) or top.get("/Type") != "/Pages":
            raise _Fallback
        out: list[Any] = []
        self._kids(top, top.get("/Resources"), [id(top)], out)
        return out

    def _kids(self, node: dict[str, Any], resources: Any, path: list[int], out: list[Any]) -> None:
        kids = self.resolve(node.get("/Kids"))
        if not isinstance(kids, list) or len(path) > 32:
            raise _Fallback
        for ref in kids:
            kid = self.resolve(ref) if isinstance(ref, _Ref) else None
            if not isinstance(kid, dict) or id(kid) in path:
                raise _Fallback
            own = kid.get("/Resources", resources)
            if kid.get("/Type") == "/Page" and "/Kids" not in kid:
                out.append(self.resolve(own))
            elif kid.get("/Type") == "/Pages":
                self._kids(kid, own, [*path, id(kid)], out)
            else:
                raise _Fallback

    def fonts(self, resources: Any, seen: set[int]) -> Iterator[dict[str, Any]]:
        """Every font dictionary in the resources, inside form XObjects and patterns too (as `_fonts`)."""
        resources = self.resolve(resources)
        if not isinstance(resources, dict) or id(resources) in seen:
            return
        seen.add(id(resources))
        fonts = self.resolve(resources.get("/Font"))
        if isinstance(fonts, dict):
            for ref in fonts.values():
                font = self.resolve(ref)
                if isinstance(font, dict):
                    yield font
        xobjects = self.resolve(resources.get("/XObject"))
        if isinstance(xobjects, dict):
            for ref in xobjects.values():
                xobject = self.resolve(ref)
                if isinstance(xobject, dict) and xobject.get("/Subtype") == "/Form":
                    yield from self.fonts(xobject.get("/Resources"), seen)
        patterns = self.resolve(resources.get("/Pattern"))
        if isinstance(patterns, dict):
            for ref in patterns.values():
                pattern = self.resolve(ref)
                if isinstance(pattern, dict):
                    yield from self.fonts(pattern.get("/Resources"), seen)

    def unembedded(self) -> dict[str, list[int]]:
        out: dict[str, list[int]] = {}
        walked: dict[int, tuple[Any, list[str]]] = {}  # a resources dictionary → its fonts not embedded
        verdicts: dict[int, tuple[dict[str, Any], str | None]] = {}  # a font dictionary → its name if not embedded
        for number, resources in enumerate(self.page_resources(), start=1):
            if id(resources) not in walked:
                names: list[str] = []
                for font in self.fonts(resources, set()):
                    if id(font) not in verdicts:
                        verdicts[id(font)] = (font, self._verdict(font))
                    name = verdicts[id(font)][1]
                    if name is not None:
                        names.append(name)
                walked[id(resources)] = (resources, names)  # the dictionary kept, so its id stays its own
            for base in walked[id(resources)][1]:
                pages = out.setdefault(base, [])
                if number not in pages:
                    pages.append(number)
        return out

    def _verdict(self, font: dict[str, Any]) -> str | None:
        """None if the font is embedded, else its BaseFont name as pypdf's `str` would print it."""
        subtype = font.get("/Subtype")
        if subtype == "/Type3":
            return None
        program = font
        if subtype == "/Type0":
            descendants = self.resolve(font.get("/DescendantFonts"))
            if descendants is not None and not isinstance(descendants, list):
                raise _Fallback  # pypdf's answer for a null or a dictionary here is an exception
            program = self.resolve(descendants[0]) if descendants else None
            if descendants and not isinstance(program, dict):
                raise _Fallback
        descriptor = self.resolve(program.get("/FontDescriptor")) if program is not None else None
        if isinstance(descriptor, dict) and any(key in descriptor for key in FONT_FILES):
            return None
        base = font.get("/BaseFont", "(unnamed)")
        if not isinstance(base, str):
            raise _Fallback  # a string, a number or a reference prints as pypdf prints it
        return base.lstrip("/")


# --- pypdf, for every file the small reader does not read ---------------------------------------------


def _resolve(obj: Any) -> Any:
    return obj.get_object() if hasattr(obj, "get_object") else obj


def _fonts(resources: Any, seen: set[int]) -> Iterator[tuple[str, Any]]:
    """(resource name, font dictionary) for every font in the resources, inside form XObjects too."""
    from pypdf.generic import DictionaryObject

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


def _embedded(font: Any) -> bool:
    from pypdf.generic import DictionaryObject

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


def _pypdf_unembedded(data: bytes) -> dict[str, list[int]]:
    from pypdf import PdfReader  # only for a file the small reader sends here

    reader = PdfReader(io.BytesIO(data))
    out: dict[str, list[int]] = {}
    for number, page in enumerate(reader.pages, start=1):
        for _name, font in _fonts(page.get("/Resources"), set()):
            if not _embedded(font):
                base = str(font.get("/BaseFont", "(unnamed)")).lstrip("/")
                pages = out.setdefault(base, [])
                if number not in pages:
                    pages.append(number)
    return out
