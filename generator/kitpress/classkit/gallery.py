"""The preview: PNG thumbnails of every page of every file in the kit, and an index.html that shows them
with links to the PDFs. Offline by construction: the CSS is inlined, every link and image is relative."""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import Any

from kitpress.classkit.guide import environment
from kitpress.classkit.jobs import PrintRun
from kitpress.classkit.plan import KitPlan, PrintItem

TEMPLATE = "gallery.html"
PREVIEW_DIR = "preview"
SCALE = 0.3  # pixels per PDF point: a Letter page is 184 × 238 px


@dataclass(frozen=True)
class Thumb:
    src: str  # relative to the kit folder
    width: int
    height: int
    label: str


@dataclass(frozen=True)
class Entry:
    title: str
    href: str  # relative to the kit folder
    facts: str
    thumbs: tuple[Thumb, ...]


def render_pages(pdf: bytes, scale: float = SCALE, first: int | None = None) -> list[bytes]:
    """Each page (or the `first` few) as PNG bytes. Same PDF, same pixels: pdfium renders without
    randomness and PIL's PNG writer adds no time stamp."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(pdf)
    try:
        out = []
        for index in range(min(len(document), first or len(document))):
            page = document[index]
            image = page.render(scale=scale, may_draw_forms=False).to_pil().convert("RGB")
            buffer = io.BytesIO()
            image.save(buffer, "PNG", optimize=False)
            out.append(buffer.getvalue())
            page.close()
        return out
    finally:
        document.close()


def page_labels(item: PrintItem) -> list[str]:
    """'sheet 1 front', 'sheet 1 back' for duplex pieces; 'page N' otherwise."""
    if item.duplex != "none" and item.kind not in ("booklet", "teachers-book", "guide"):
        return [f"sheet {i // 2 + 1} {'back' if i % 2 else 'front'}" for i in range(item.pages)]
    return [f"page {i + 1}" for i in range(item.pages)]


def thumbnails(path: str, pdf: bytes, labels: list[str], first: int | None = None) -> tuple[list[Thumb], dict[str, bytes]]:
    """The thumbnails of one file and the PNG files to write (path relative to the kit folder)."""
    from PIL import Image

    stem = PurePosixPath(path).with_suffix("")
    pngs = render_pages(pdf, first=first)
    thumbs, files = [], {}
    for index, png in enumerate(pngs):
        path = f"{PREVIEW_DIR}/{stem}-{index + 1}.png"
        with Image.open(io.BytesIO(png)) as image:
            width, height = image.size
        label = labels[index] if index < len(labels) else f"page {index + 1}"
        thumbs.append(Thumb(path, width, height, label))
        files[path] = png
    return thumbs, files


def entry(item: PrintItem, thumbs: list[Thumb]) -> Entry:
    facts = f"{item.stock}, {item.sides}; {item.pages} page{'s' if item.pages != 1 else ''}"
    if item.copies > 1:
        facts += f"; {item.copies} copies"
    return Entry(item.title, item.path, facts, tuple(thumbs))


def render_index(plan: KitPlan, groups: list[dict[str, Any]], root: str) -> str:
    """index.html; `root` is the kit folder as seen from where the page is written ('' or 'classroom-kit/')."""
    return environment().get_template(TEMPLATE).render(plan=plan, groups=groups, root=root)


def run_entry(run: PrintRun, pdf: bytes) -> tuple[Entry, dict[str, bytes]]:
    """A print job: its cover's thumbnail, what to load and how many sheets."""
    thumbs, pngs = thumbnails(run.name, pdf, ["cover" if run.covers else "first sheet"], first=1)
    covers = ", covers included" if len(run.covers) > 1 else ", cover included" if run.covers else " (its cover is in the plain-paper job)"
    facts = f"load {run.stock}; {run.sides}; {run.sheets} sheets{covers}; 1 copy at 100 % / actual size"
    return Entry(f"{run.number}. {run.title}", run.name, facts, tuple(thumbs)), pngs


def preview(plan: KitPlan, read: Callable[[str], bytes]) -> tuple[list[dict[str, Any]], dict[str, bytes]]:
    """Gallery groups (the print jobs in order, the class's files, then each game's) and every
    thumbnail PNG to write; `read(path)`: a kit file's bytes."""
    files: dict[str, bytes] = {}

    def entries(items: tuple[PrintItem, ...]) -> list[Entry]:
        out = []
        for item in items:
            thumbs, pngs = thumbnails(item.path, read(item.path), page_labels(item))
            files.update(pngs)
            out.append(entry(item, thumbs))
        return out

    groups: list[dict[str, Any]] = []
    if plan.runs:
        job_entries = []
        for run in plan.runs:
            made, pngs = run_entry(run, read(run.name))
            files.update(pngs)
            job_entries.append(made)
        facts = "print these, in this order; each file holds every copy, and its cover (all printed with the first plain-paper job) says how to print it"
        groups.append({"id": "print-jobs", "title": "Print jobs, in order", "facts": facts, "entries": job_entries})
    if plan.class_items:
        groups.append({"id": "class", "title": "For the teacher", "facts": f"a class of {plan.class_size}", "entries": entries(plan.class_items)})
    for game in plan.games:
        facts = ", ".join(filter(None, [game.players, game.minutes])) + f"; this class: {game.seating.describe()}"
        groups.append({"id": game.id, "title": game.title, "facts": facts, "entries": entries(game.items)})
    return groups, files
