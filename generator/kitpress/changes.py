"""What a rebuild changed, said as a designer reprints: which pieces' sheets to print again, and which
files are as they were. The previous kit's manifest is the record; each sheet file's entry carries one
digest per printed sheet (what is drawn on it, front and back), so a change to one card names the
sheets that hold it and not the whole deck."""

from __future__ import annotations

import hashlib
import io
import pickle
import textwrap
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from kitpress.sheets.impose import Page

REPRINT_KIND = "reprint"
LINE = 100  # the terminal's width, at most


def sheet_digests(pages: Sequence[Page], duplex: str) -> list[str]:
    """One short digest per sheet of paper: the page (or the front and back pages) and the art placed on
    it, nothing else of the job (a card on another sheet does not change this one)."""
    per_page = [_page_digest(page) for page in pages]
    if duplex == "manual":  # every front, then every back in the same order
        half = len(per_page) // 2
        return [hashlib.sha256((per_page[i] + per_page[half + i]).encode()).hexdigest()[:16] for i in range(half)]
    step = 2 if duplex in ("long-edge", "short-edge") else 1
    return [hashlib.sha256("".join(per_page[i : i + step]).encode()).hexdigest()[:16] for i in range(0, len(per_page), step)]


def _page_digest(page: Page) -> str:
    placed = [(p, (page.fronts if p.side == "front" else page.backs)[p.index].svg) for p in page.sheet.placements]
    # The sheet's geometry (marks, trims) without its placements' art list: pickled, as the sheet cache does.
    return hashlib.sha256(pickle.dumps((page.sheet, placed), protocol=5)).hexdigest()


@dataclass(frozen=True)
class Change:
    title: str
    path: str
    paper: str
    sheets: int  # sheets of paper the file prints (pages for a book)
    changed: tuple[int, ...]  # 1-based sheets to print again; all of them for a new or rewritten file
    unit: str  # "sheet" or "page"
    pages: tuple[int, ...] = ()  # 0-based pages of the file those sheets are

    @property
    def whole(self) -> bool:
        return len(self.changed) == self.sheets


def compare(previous: Mapping[str, Any] | None, entries: Iterable[Mapping[str, Any]]) -> list[Change] | None:
    """The files a set prints whose content differs from the previous kit's, and by how much; None when
    there was no previous kit to compare with."""
    if not isinstance(previous, Mapping) or not isinstance(previous.get("files"), list):
        return None
    before = {e.get("path"): e for e in previous["files"] if isinstance(e, Mapping)}
    out = []
    for entry in entries:
        if not _printed(entry):
            continue
        old = before.get(entry["path"])
        if old is not None and old.get("sha256") == entry.get("sha256"):
            out.append(_change(entry, ()))
            continue
        digests, old_digests = entry.get("sheet_digests"), (old or {}).get("sheet_digests")
        if isinstance(digests, list) and isinstance(old_digests, list) and len(digests) == len(old_digests):
            changed = tuple(i + 1 for i, (a, b) in enumerate(zip(digests, old_digests, strict=True)) if a != b)
            out.append(_change(entry, changed or tuple(range(1, len(digests) + 1))))  # same sheets, other bytes: all
        else:
            out.append(_change(entry, None))
    return out


def _printed(entry: Mapping[str, Any]) -> bool:
    """A file a set is printed from, once per paper: not a backs-only copy, an image or the assembly page."""
    path, kind = str(entry.get("path", "")), str(entry.get("kind", ""))
    return path.endswith(".pdf") and "/" not in path and bool(entry.get("paper")) and not kind.endswith("-backs") and kind not in ("assembly", REPRINT_KIND)


def _change(entry: Mapping[str, Any], changed: tuple[int, ...] | None) -> Change:
    digests = entry.get("sheet_digests")
    sheets = len(digests) if isinstance(digests, list) else int(entry.get("pages") or 1)
    unit = "sheet" if isinstance(digests, list) else "page"
    chosen = tuple(range(1, sheets + 1)) if changed is None else changed
    step = 2 if entry.get("duplex") in ("long-edge", "short-edge") and unit == "sheet" else 1
    pages = tuple(p for s in chosen for p in range((s - 1) * step, s * step))
    if entry.get("duplex") == "manual" and unit == "sheet":  # a sheet's front, and its back after every front
        pages = tuple(p for s in chosen for p in (s - 1, sheets + s - 1))
    return Change(str(entry.get("title") or entry.get("path")), str(entry["path"]), str(entry["paper"]), sheets, chosen, unit, pages)


def report(game: str, changes: list[Change] | None) -> list[str]:
    """Lines for the terminal: per paper, what to print again and what is unchanged."""
    if changes is None:
        return []
    lines: list[str] = []
    for paper in sorted({c.paper for c in changes}):
        mine = [c for c in changes if c.paper == paper]
        again = [_said(c) for c in mine if c.changed]
        same = [_count(c) for c in mine if not c.changed]
        head = f"  {game} on {paper}: "
        if not again:
            lines.append(head + "nothing to reprint")
            continue
        lines += _wrapped(head + "reprint " + ", ".join(again))
        if same:
            lines += _wrapped("    unchanged: " + ", ".join(same))
    return lines


def _said(change: Change) -> str:
    if change.whole:
        return _count(change)
    listed = ", ".join(map(str, change.changed))
    return f"{_lower(change.title)} ({len(change.changed)} of {change.sheets} {change.unit}s: {listed})"


def _count(change: Change) -> str:
    return f"{_lower(change.title)} ({plural(change.sheets, change.unit)})"


def plural(count: int, unit: str) -> str:
    return f"{count} {unit}{'' if count == 1 else 's'}"


def _lower(title: str) -> str:
    """'Card deck' → 'card deck' inside a sentence; 'MG token' keeps its capitals."""
    return title[:1].lower() + title[1:] if title[1:2].islower() else title


def _wrapped(text: str) -> list[str]:
    return textwrap.wrap(text, LINE, subsequent_indent="      ", break_on_hyphens=False)


def reprint_pdf(changes: Sequence[Change], pdfs: Mapping[str, bytes], paper: str) -> tuple[bytes, int] | None:
    """One file of every sheet to print again on `paper`, in the kit's order (front and back of a duplex
    sheet together), and its page count; None when nothing changed."""
    import pypdf

    chosen = [c for c in changes if c.paper == paper and c.changed]
    if not chosen:
        return None
    writer = pypdf.PdfWriter()
    for change in chosen:
        reader = pypdf.PdfReader(io.BytesIO(pdfs[change.path]))
        for index in change.pages:
            writer.add_page(reader.pages[index])
    writer.add_metadata({"/Title": f"Sheets to print again ({paper})", "/Producer": "kitpress"})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue(), len(writer.pages)
