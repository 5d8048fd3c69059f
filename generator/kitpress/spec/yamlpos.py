"""Parse YAML into plain data while remembering the line of every key and item.

PyYAML's composer gives nodes with marks; we build the Python values ourselves so that every path
(("examples", 0, "steps", 1)) keeps a line number for error messages, and so that duplicate keys,
anchors and over-deep nesting are refused instead of silently accepted.
"""

from __future__ import annotations

import copy
import errno
import os
import re
import stat
from dataclasses import dataclass, field
from typing import Any

import yaml

from kitpress.errors import InputError, Problem

Path = tuple[str | int, ...]
MAX_BYTES = 2_000_000
MAX_DEPTH = 40
MAX_NODES = 200_000
# Aliases let a small file name one long text many times. Without aliases a file's texts (keys and
# values) can never hold more characters than the file itself, so this limit only ever stops aliases.
MAX_TEXT = MAX_BYTES

# Characters the reader refuses when typed, but which YAML escapes ("\0", "\x1b", "\ud800", "\uffff")
# still write into a text: controls other than tab and newline, lone surrogates, non-characters.
_NONCHARACTERS = "".join(chr(plane + low) for plane in range(0, 0x110000, 0x10000) for low in (0xFFFE, 0xFFFF))
_UNPRINTABLE = re.compile(f"[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\ufdd0-\ufdef{_NONCHARACTERS}]")


@dataclass
class Located:
    """Parsed data plus the (line, column) of every path in it, both 1-based."""

    file: str
    data: Any
    positions: dict[Path, tuple[int, int]] = field(default_factory=dict)

    def line_of(self, path: Path) -> tuple[int, int]:
        """The position of the longest prefix of `path` that exists in the file."""
        for end in range(len(path), -1, -1):
            if path[:end] in self.positions:
                return self.positions[path[:end]]
        return (1, 0)

    def problem(self, path: Path, message: str) -> Problem:
        line, col = self.line_of(path)
        return Problem(self.file, line, message, format_path(path), column=col)


def format_path(path: Path) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def load_text(text: str, file: str) -> Located:
    """Parse YAML text; raise InputError with file:line for any syntax or structure problem."""
    if len(text) > MAX_BYTES:
        raise InputError([Problem(file, 1, f"file is {len(text)} characters; the limit is {MAX_BYTES}")])
    if "\x00" in text:
        line = text[: text.index("\x00")].count("\n") + 1
        raise InputError([Problem(file, line, "file holds binary data (a NUL byte); expected YAML text")])
    if not text.strip():
        raise InputError([Problem(file, 1, "file is empty; expected a YAML mapping")])
    # A file libyaml reads cleanly and without aliases is composed by libyaml too, ten times faster
    # (every spec load starts here); any other goes through the Python parser, for its clearer messages
    # and for aliases marked where they are used.
    fast = _prescan(text, file)
    try:
        node = yaml.compose(text, Loader=yaml.CSafeLoader if fast and hasattr(yaml, "CSafeLoader") else _Loader)
    except yaml.reader.ReaderError as exc:
        raise InputError([_reader_problem(exc, text, file)]) from None
    except yaml.MarkedYAMLError as exc:
        raise InputError([_syntax_problem(exc, text, file)]) from None
    except yaml.YAMLError as exc:
        raise InputError([Problem(file, 1, f"YAML error: {str(exc).splitlines()[0]}")]) from None
    except RecursionError:
        raise InputError([Problem(file, 1, f"nesting is too deep (limit {MAX_DEPTH} levels)")]) from None
    if node is None:
        raise InputError([Problem(file, 1, "file is empty; expected a YAML mapping")])
    located = Located(file, None)
    builder = _Builder(located)
    located.data = builder.build(node, (), 0)
    if builder.problems:
        raise InputError(builder.problems)
    return located


def _prescan(text: str, file: str) -> bool:
    """Count values and nesting with libyaml's fast event parser before anything is built, so a file
    of a million values or a thousand nested brackets is refused quickly, at the line where it goes
    wrong. Syntax errors are left to the full parser, whose messages are clearer. True when libyaml
    read the whole file without an error or an alias."""
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    depth = count = 0
    aliases = False
    try:
        for event in yaml.parse(text, Loader=loader):
            aliases = aliases or isinstance(event, yaml.AliasEvent)
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                if depth > MAX_DEPTH + 1:  # the top-level mapping is not a level of nesting
                    raise InputError([Problem(file, event.start_mark.line + 1, f"nesting is too deep (limit {MAX_DEPTH} levels)")])
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
            if isinstance(event, yaml.NodeEvent):
                count += 1
                if count > MAX_NODES:
                    raise InputError([Problem(file, event.start_mark.line + 1, f"file has more than {MAX_NODES} values; refusing to read it")])
    except yaml.MarkedYAMLError as exc:
        if "nesting depth" in str(exc.problem) and exc.problem_mark is not None:  # libyaml's own limit
            raise InputError([Problem(file, exc.problem_mark.line + 1, f"nesting is too deep (limit {MAX_DEPTH} levels)")]) from None
        return False
    except (yaml.YAMLError, UnicodeEncodeError):  # a lone surrogate libyaml cannot take: the reader names it
        return False
    return not aliases


class _Loader(yaml.SafeLoader):
    """The safe loader, but an alias gives a copy of its anchor's node marked where the alias is used,
    so a limit crossed while building an alias's value is reported at that alias's line."""

    def compose_node(self, parent: yaml.Node | None, index: object) -> yaml.Node:
        if not self.check_event(yaml.AliasEvent):
            return super().compose_node(parent, index)
        mark = self.peek_event().start_mark
        node = copy.copy(super().compose_node(parent, index))  # shallow: the anchor's items are shared
        node.start_mark = mark
        node.alias = True  # build() reports limits crossed inside it at the outermost alias
        return node


def unprintable(text: str, what: str = "the text") -> str | None:
    """What is wrong with the first character in `text` that cannot be printed, or None."""
    found = _UNPRINTABLE.search(text)
    if found is None:
        return None
    code = ord(found.group())
    kind = "a lone surrogate" if 0xD800 <= code <= 0xDFFF else "a control character" if code <= 0x9F else "a Unicode non-character"
    return f"{what} holds U+{code:04X}, {kind}, which cannot be printed; delete it (tab and newline are fine)"


def _reader_problem(exc: yaml.reader.ReaderError, text: str, file: str) -> Problem:
    """A character YAML does not allow (a control character), named with its line."""
    line = text[: exc.position].count("\n") + 1
    char = exc.character if isinstance(exc.character, str) else chr(exc.character)
    return Problem(file, line, f"character U+{ord(char):04X} is not allowed in YAML text (a control character?); delete it")


def _syntax_problem(exc: yaml.MarkedYAMLError, text: str, file: str) -> Problem:
    """Name the line where the broken construct starts (an unclosed quote or bracket, a key without
    its colon), which PyYAML gives as the context mark, and add a hint for the usual slips."""
    problem, context = exc.problem_mark, exc.context_mark
    # An unclosed bracket or quote, or a key without its colon, is noticed lines later: name where
    # it started. A block that merely ends badly is reported where the bad token is.
    starts = ("while scanning a simple key", "while parsing a flow", "while scanning a quoted", "while scanning a plain")
    opened = bool(exc.context) and str(exc.context).startswith(starts)
    mark = context if opened and context is not None and (problem is None or context.line < problem.line) else problem
    line = mark.line + 1 if mark else 1
    col = mark.column + 1 if mark else 0
    what = (exc.problem or "syntax error").strip()
    if exc.context and mark is context and problem is not None:
        what = f"{exc.context.strip()}: {what} (on line {problem.line + 1})"
    elif exc.context and not str(exc.context).startswith("while "):
        what = f"{exc.context.strip()}, {what}"  # e.g. "expected a single document in the stream, but found another document"
    lines = text.splitlines()
    if problem is not None and mark is problem and context is not None:
        # A quoted scalar left open swallows the lines after it: find the line with an odd quote.
        for n in range(context.line, problem.line):
            if lines[n].count('"') % 2 == 1:
                line, col = n + 1, lines[n].index('"') + 1
                what = f"a quote opened here is never closed ({what} on line {problem.line + 1})"
                break
    slip = _indentation(lines, line, what)
    if slip:
        at, message = slip
        return Problem(file, at, f"YAML indentation: {message}", column=len(lines[at - 1]) - len(lines[at - 1].lstrip()) + 1)
    here = lines[line - 1] if 0 < line <= len(lines) else ""
    if "\t" in here[: len(here) - len(here.lstrip())]:
        what += "; tabs cannot indent YAML: use spaces"
    elif "\t" in here:
        what += "; this line holds a tab character"
    if "mapping values are not allowed" in what:
        what += "; put text that contains ': ' in quotes"
    return Problem(file, line, f"YAML syntax error: {what}", column=col)


def _spaces(n: int) -> str:
    return f"{n} space{'s' * (n != 1)}"


def _depth(text: str) -> int:
    return len(text) - len(text.lstrip())


def _indentation(lines: list[str], line: int, what: str) -> tuple[int, str] | None:
    """The usual indentation slips in words a designer reads (YAML takes indentation for structure), as
    (the line to edit, what to do), or None when the error is not one: a block whose first line is
    indented unlike the rest, a line indented to no level above it, a line indented under a key that
    already has its value."""
    if not 0 < line <= len(lines) or "\t" in lines[line - 1][: _depth(lines[line - 1])]:
        return None
    content = [(n, text) for n, text in enumerate(lines, start=1) if text.strip() and not text.lstrip().startswith("#")]
    before = [(n, text) for n, text in content if n < line]
    after = [(n, text) for n, text in content if n > line]
    mine = _depth(lines[line - 1])
    if not before:
        return None
    above, text_above = before[-1]
    theirs = _depth(text_above)
    parent = _depth(before[-2][1]) if len(before) > 1 else -1
    first_of_block = parent < theirs and parent < mine and mine != theirs
    if first_of_block and after and _depth(after[0][1]) == mine:  # the block's first line is the odd one
        return above, (
            f"line {above} is indented by {_spaces(theirs)} and the lines after it by {_spaces(mine)}; YAML "
            f"takes a block's first line for the indentation of all of it: indent line {above} by {_spaces(mine)}"
        )
    levels: list[tuple[int, int]] = []  # (indent, line) of the lines this one could stand beside, inner first
    for n, text in reversed(before):
        depth = len(text) - len(text.lstrip())
        if not levels or depth < levels[-1][0]:
            levels.append((depth, n))
    if "expected <block end>" in what and mine not in [d for d, _ in levels]:
        options = [f"{_spaces(d)} (like line {n})" for d, n in levels]
        beside = options[0] if len(options) == 1 else ", ".join(options[:-1]) + f" or {options[-1]}"
        return line, (
            f"line {line} is indented by {_spaces(mine)}, which lines up with no line above it; YAML reads "
            f"indentation as structure, so indent it by {beside}"
        )
    key_with_value = re.match(r"^\s*(- )?[^\s:#][^:#]*:\s+\S", text_above)
    if "mapping values are not allowed" in what and mine > theirs and key_with_value:
        return line, (
            f"line {line} is indented more than line {above}, whose key already has its value, so YAML cannot "
            f"read it as a key of its own: indent it by {_spaces(theirs)}, like line {above} (or, if it is "
            "text holding ': ', put it in quotes)"
        )
    return None


def read_regular(path: str | os.PathLike[str], limit: int) -> bytes:
    """At most `limit` bytes of a regular file. A FIFO, a device or a socket is refused before a byte
    is read (opened without blocking, so a FIFO with no writer cannot hang the command)."""
    nonblock = getattr(os, "O_NONBLOCK", 0)  # POSIX; Windows has no FIFO to open by name
    fd = os.open(path, os.O_RDONLY | nonblock | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, "not a regular file (a pipe, a device or a folder)", str(path))
        if nonblock:
            os.set_blocking(fd, True)
        with os.fdopen(fd, "rb", closefd=False) as handle:
            return handle.read(limit)
    finally:
        os.close(fd)


def load_file(path: str) -> Located:
    """Read and parse a YAML file, with decoding and size problems reported like syntax errors."""
    return load_bytes(read_file(path), path)


def read_file(path: str) -> bytes:
    """A file's bytes (one more than the limit at most, for `load_bytes` to refuse), read once."""
    try:
        return read_regular(path, MAX_BYTES + 1)
    except OSError as exc:
        raise InputError([Problem(path, 1, f"cannot read file: {exc.strerror}")]) from None


def load_bytes(raw: bytes, path: str) -> Located:
    """Parse a YAML file's bytes as read: the parse and whatever is recorded about them see the same bytes."""
    if len(raw) > MAX_BYTES:
        raise InputError([Problem(path, 1, f"file is larger than {MAX_BYTES} bytes")])
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise InputError([Problem(path, line, "file is not UTF-8 text (binary data?)")]) from None
    return load_text(text, path)


class _Builder:
    """Turns composed nodes into dicts, lists and scalars, recording positions and problems."""

    def __init__(self, located: Located) -> None:
        self.located = located
        self.problems: list[Problem] = []
        self.constructor = yaml.SafeLoader("")
        self.count = 0
        self.text = 0  # characters of keys and scalar values built so far, aliases counted every time
        self.stopped = False  # a limit was crossed: build nothing more, report it once
        self.expanding: tuple[yaml.Node, Path] | None = None  # the outermost alias being built

    def _here(self, node: yaml.Node, path: Path) -> None:
        self.located.positions.setdefault(path, (node.start_mark.line + 1, node.start_mark.column + 1))

    def _fail(self, node: yaml.Node, path: Path, message: str) -> None:
        mark = node.start_mark
        self.problems.append(Problem(self.located.file, mark.line + 1, message, format_path(path), mark.column + 1))

    def _stop(self, node: yaml.Node, path: Path, message: str) -> None:
        """Report a crossed limit once, at the alias written in the file that led there, if any."""
        if not self.stopped:
            self._fail(*(self.expanding or (node, path)), message)
        self.stopped = True

    def _counted(self, node: yaml.Node, path: Path) -> bool:
        """Count one value (and its text); False once a limit is crossed."""
        self.count += 1
        if isinstance(node, yaml.ScalarNode):
            self.text += len(node.value)
        if self.count > MAX_NODES:
            self._stop(node, path, f"file has more than {MAX_NODES} values; refusing to read it")
        elif self.text > MAX_TEXT:
            self._stop(node, path, f"the texts of this file run to more than {MAX_TEXT} characters once its aliases are expanded; refusing to read it")
        return not self.stopped

    def build(self, node: yaml.Node, path: Path, depth: int) -> Any:
        if self.expanding is None and getattr(node, "alias", False):
            self.expanding = (node, path)
            try:
                return self.build(node, path, depth)
            finally:
                self.expanding = None
        if not self._counted(node, path):
            return None
        if depth > MAX_DEPTH:
            self._fail(node, path, f"nesting is too deep (limit {MAX_DEPTH} levels)")
            return None
        self._here(node, path)
        if isinstance(node, yaml.MappingNode):
            return self._mapping(node, path, depth)
        if isinstance(node, yaml.SequenceNode):
            return [self.build(item, (*path, i), depth + 1) for i, item in enumerate(node.value)]
        if node.tag == "tag:yaml.org,2002:timestamp":
            return str(node.value)  # a date in a spec is text to print, not a datetime
        try:
            value = self.constructor.construct_object(node)
        except yaml.YAMLError as exc:
            self._fail(node, path, f"bad value: {getattr(exc, 'problem', exc)}")
            return None
        if isinstance(value, bytes):  # !!binary: bytes that pydantic would take for text
            self._fail(node, path, "binary data (!!binary) is not text; write the text itself")
            return None
        wrong = unprintable(value) if isinstance(value, str) else None
        if wrong:
            self._fail(node, path, wrong)
            return None
        return value

    def _mapping(self, node: yaml.MappingNode, path: Path, depth: int) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                self._fail(key_node, path, "merge keys (<<) are not supported; write the keys out")
                continue
            if not isinstance(key_node, yaml.ScalarNode):
                self._fail(key_node, path, "a key must be plain text")
                continue
            key = str(key_node.value)
            child = (*path, key)
            if not self._counted(key_node, child):
                return out
            wrong = unprintable(key, "a key")
            if wrong:  # named by its mapping's path: the key itself would print the character
                self._fail(key_node, path, wrong)
                continue
            if key in out:
                first = self.located.positions.get(child, (0, 0))[0]
                self._fail(key_node, child, f"duplicate key {key!r} (first given on line {first}); a key may appear once")
                continue
            self.located.positions[child] = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)
            out[key] = self.build(value_node, child, depth + 1)
        return out
