"""The "print and assemble" page, first in every kit: which file on which paper, printed how, how
many sheets, what to cut and in which order, the pieces as they print (drawn from their own art), and
what each is for. It reads the kit's files as the manifest lists them, so it can only say what the
build really made."""

from __future__ import annotations

import copy
import io
import json
from collections.abc import Collection, Mapping, Sequence
from typing import Any
from xml.sax.saxutils import escape

from reportlab.graphics.shapes import Drawing
from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from kitpress import fonts
from kitpress.pieces import Art, PrintJob
from kitpress.sheets import drawings
from kitpress.sheets.geometry import PAPERS
from kitpress.spec.load import LoadedSpec
from kitpress.stock import (
    CARD_STOCK,
    ONCE_A_CLASS,
    PLAIN,
    entry_sheets,
    set_entries,
    sheets_by_stock,
    stock_rank,
    title_and_cut,
)

ASSEMBLY_KIND = "assembly"
# The page's type and a piece's thumbnail at most (height, width), largest first: the first that keeps
# the page to one sheet is used. Even the smallest tells the pieces apart.
SIZES = ((1.0, 17.0, 42.0), (0.92, 14.0, 36.0), (0.85, 12.0, 30.0), (0.78, 10.0, 26.0))
SHOWN = 7  # distinct faces of a file in a row across the page
MIN_FILE_PT = 5.0  # a long file name's smallest type, still legible
MARGIN_MM = 15.0  # well inside a home printer's 5 mm edge
SIDES = {
    "none": "one side",
    "long-edge": "both sides, flip on the long edge",
    "short-edge": "both sides, flip on the short edge",
    "manual": "both sides by hand: every front, then the stack turned over on its long edge, same edge first, for the backs",
    "gutterfold": "one side; fold on the dashed line, backs behind fronts, and glue",
}


def file_name(paper: str) -> str:
    """Sorted first in the kit's folder, before every game file and the calibration page."""
    return f"0-print-and-assemble-{paper}.pdf"


def is_assembly(name: str) -> bool:
    """The page whose work is to name the kit's files (the printed-words check lets it)."""
    return name.startswith("0-print-and-assemble-") and name.endswith(".pdf")


def _styles(k: float) -> dict[str, ParagraphStyle]:
    regular, bold = fonts.RL_NAMES["regular"], fonts.RL_NAMES["bold"]
    return {
        "title": ParagraphStyle("title", fontName=bold, fontSize=16 * k, leading=20 * k, spaceAfter=4 * k),
        "head": ParagraphStyle("head", fontName=bold, fontSize=11.5 * k, leading=15 * k, spaceBefore=7 * k, spaceAfter=3 * k),
        "body": ParagraphStyle("body", fontName=regular, fontSize=10 * k, leading=13 * k),
        "cell": ParagraphStyle("cell", fontName=regular, fontSize=9 * k, leading=11.5 * k),
        "cellb": ParagraphStyle("cellb", fontName=bold, fontSize=9 * k, leading=11.5 * k),
        "small": ParagraphStyle("small", fontName=regular, fontSize=8.5 * k, leading=10.5 * k, alignment=1),
        "file": ParagraphStyle("file", fontName=regular, fontSize=7.5 * k, leading=10 * k),
    }


def _thumb(art: Art, box: tuple[float, float]) -> Drawing:
    """The piece's own art with its bleed trimmed off, at its size or smaller to fit the box (mm)."""
    drawing = copy.copy(drawings.read(art.svg, art.name))  # shared: translated here, so a copy
    scale = min(box[0] * mm / art.trim_h, box[1] * mm / art.trim_w, 1.0)
    frame = Drawing(art.trim_w * scale, art.trim_h * scale)
    drawing.translate(-art.bleed, -art.bleed)
    holder = Drawing(art.trim_w, art.trim_h)
    holder.add(drawing)
    holder.scale(scale, scale)
    frame.add(holder)
    frame.initialFontName = fonts.RL_NAMES["regular"]  # else the drawing opens in Helvetica, not embedded
    return frame


def _pieces_row(job: PrintJob, style: ParagraphStyle, box: tuple[float, float]) -> Table:
    """Each distinct front of a job once, with how many print under it."""
    counts: dict[str, int] = {}
    first: dict[str, Art] = {}
    for art in job.fronts:
        counts[art.svg] = counts.get(art.svg, 0) + 1
        first.setdefault(art.svg, art)
    shown = list(first.values())[:SHOWN]
    cells = [[_thumb(a, box) for a in shown], [Paragraph(f"× {counts[a.svg]}", style) for a in shown]]
    if len(first) > SHOWN:  # a deck of many faces: a sample of it
        cells[0].append(Paragraph(f"and {len(first) - SHOWN} more kinds: {len(job.fronts)} in all", style))
        cells[1].append(Paragraph("", style))
    row = Table(cells, hAlign="LEFT")
    row.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), fonts.RL_NAMES["regular"]), ("VALIGN", (0, 0), (-1, -1), "BOTTOM"), ("ALIGN", (0, 0), (-1, -1), "CENTER"), ("LEFTPADDING", (0, 0), (-1, -1), 2), ("RIGHTPADDING", (0, 0), (-1, -1), 6), ("TOPPADDING", (0, 0), (-1, -1), 1), ("BOTTOMPADDING", (0, 0), (-1, -1), 1)]))
    return row


def page_inputs(loaded: LoadedSpec, paper: str, entries: Sequence[Mapping[str, Any]], jobs: Mapping[str, PrintJob]) -> str:
    """Everything the page reads, as one text (the build's cache key): the spec's title and components,
    the files' entries but their sizes and digests, and of each job its names, how its pieces are cut
    and the faces its row shows. Kept beside the code that reads them, so the two change together."""

    def job(j: PrintJob) -> list[Any]:
        counts: dict[str, int] = {}
        first: dict[str, Art] = {}
        for art in j.fronts:
            counts[art.svg] = counts.get(art.svg, 0) + 1
            first.setdefault(art.svg, art)
        shown = [[a.svg, a.trim_w, a.trim_h, a.bleed, counts[a.svg]] for a in list(first.values())[:SHOWN]]
        return [j.kind, j.name, j.title, j.layout, [a.shape for a in j.fronts], len(first), shown]

    spec = loaded.spec
    parts = [loaded.text(c.name) + "|" + loaded.text(c.description) + f"|{c.quantity}" for c in spec.components]
    files = [{k: v for k, v in e.items() if k not in ("bytes", "sha256", "sheet_digests")} for e in entries]
    return json.dumps([paper, spec.identity.title, parts, files, {path: job(j) for path, j in jobs.items()}], sort_keys=True, default=str)


def assembly_pdf(loaded: LoadedSpec, paper: str, entries: Sequence[Mapping[str, Any]], jobs: Mapping[str, PrintJob], present: Collection[str] | None = None) -> tuple[bytes, int]:
    """One page for one paper (smaller type and pictures until it fits), and its page count.
    `entries`: the kit's manifest entries; `jobs`: the print job behind each file of a job, by its file name;
    `present`: the files beside the page where it is not in the game's own folder (the class kit holds a
    set's files, not the single pieces or the backs alone, and keeps the calibration page at its top):
    the page names only those, and says where the calibration page is."""
    fonts.register()
    for k, high, wide in SIZES:
        pdf, pages = _page(loaded, paper, entries, jobs, k, (high, wide), present)
        if pages == 1:
            break
    return pdf, pages


def _page(loaded: LoadedSpec, paper: str, entries: Sequence[Mapping[str, Any]], jobs: Mapping[str, PrintJob], k: float, box: tuple[float, float], present: Collection[str] | None = None) -> tuple[bytes, int]:
    st = _styles(k)
    # card stock first, the cards before the rest of it (the calibration page is printed before them)
    chosen = sorted(set_entries(entries, paper), key=lambda e: (stock_rank(str(e.get("stock") or CARD_STOCK)), e.get("kind") != "cards", str(e["path"])))
    title = loaded.spec.identity.title
    story: list[Any] = [Paragraph(f"Print and assemble one set of {escape(title)}", st["title"])]
    story.append(Paragraph("Print every file at 100 % (actual size: turn off “fit to page”). A set is the files below, each printed once.", st["body"]))
    width = PAPERS[paper][0] - 2 * MARGIN_MM * mm
    rows: list[list[Any]] = [[Paragraph(h, st["cellb"]) for h in ("File", "Paper", "Print", "Sheets", "Then")]]
    for entry in chosen:
        path, kind = str(entry["path"]), str(entry.get("kind", ""))
        held = [jobs[p] for p in entry.get("holds", ()) if p in jobs]
        if kind == "booklet":
            name, then = "Student rules", "fold the sheets in half and staple them" if "saddle" in path else "staple at the top left"
        else:
            name, then = title_and_cut(kind, jobs.get(path), held)
            if entry.get("stock") == PLAIN:
                then = "use as printed"
            elif not then.startswith(("trim", "cut")):
                then = f"cut along the crop marks: {then}"
        duplex = str(entry.get("duplex") or "none")
        if kind == "booklet" and duplex == "none":
            duplex = "long-edge"
        rows.append([[Paragraph(f"<b>{escape(name)}</b>", st["cell"]), _file_line(path, st["file"], 0.35 * width - 12)], Paragraph(escape(str(entry.get("stock") or CARD_STOCK)), st["cell"]), Paragraph(SIDES.get(duplex, duplex), st["cell"]), Paragraph(str(entry_sheets(entry)), st["cell"]), Paragraph(escape(then), st["cell"])])
    table = Table(rows, colWidths=[w * width for w in (0.35, 0.11, 0.17, 0.09, 0.28)], repeatRows=1)
    table.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), fonts.RL_NAMES["regular"]), ("GRID", (0, 0), (-1, -1), 0.4, colors.HexColor("#9e9e9e")), ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#eeeeee")), ("VALIGN", (0, 0), (-1, -1), "TOP")]))
    story += [Spacer(1, 3 * mm), table]
    line = "In all: " + ", ".join(f"{n} sheet{'s' if n != 1 else ''} of {escape(stock)}" for stock, n in sheets_by_stock(chosen).items()) + "."
    calibration = [e for e in entries if e.get("paper") == paper and e.get("kind") == "calibration"]
    if calibration:
        where = "" if present is None or str(calibration[0]["path"]) in present else ", in the folder above this one"
        line += f" Before the double-sided files, print the calibration page ({escape(str(calibration[0]['path']))}{where}) and hold it to the light: the backs land behind the fronts when its marks meet."
    story.append(Paragraph(line, st["body"]))
    if _others(entries, paper, chosen, present):
        story.append(Paragraph("The folder's other files are the same pieces one file each (to reprint a lost piece) and the card backs alone (for a printer that cannot print both sides): a set does not need them.", st["body"]))
    once = [e for e in entries if e.get("paper") == paper and e.get("kind") == "teachers-book"]
    if once:
        story.append(Paragraph(f"Once for the class, on plain paper, both sides: the teacher's book ({escape(str(once[0]['path']))}).", st["body"]))
    story.append(Paragraph("The pieces", st["head"]))
    shown = _shown_jobs(chosen, jobs)
    pictures = Table([[Paragraph(escape(label), st["cellb"]), _pieces_row(job, st["small"], box)] for label, job in shown], colWidths=[0.22 * width, 0.78 * width])
    pictures.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), fonts.RL_NAMES["regular"]), ("VALIGN", (0, 0), (-1, -1), "MIDDLE"), ("LINEBELOW", (0, 0), (-1, -2), 0.3, colors.HexColor("#bdbdbd"))]))
    story.append(pictures)
    story.append(Paragraph("What goes where", st["head"]))
    parts = [[Paragraph(f"<b>{escape(loaded.text(c.name))}</b> × {c.quantity}", st["cell"]), Paragraph(escape(loaded.text(c.description)), st["cell"])] for c in loaded.spec.components if c.quantity]
    where = Table(parts, colWidths=[0.32 * width, 0.68 * width])
    where.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), fonts.RL_NAMES["regular"]), ("LINEBELOW", (0, 0), (-1, -1), 0.3, colors.HexColor("#bdbdbd")), ("VALIGN", (0, 0), (-1, -1), "TOP")]))
    story.append(where)
    buffer = io.BytesIO()
    page_w, page_h = PAPERS[paper]
    doc = SimpleDocTemplate(buffer, pagesize=(page_w, page_h), leftMargin=MARGIN_MM * mm, rightMargin=MARGIN_MM * mm, topMargin=MARGIN_MM * mm, bottomMargin=MARGIN_MM * mm, title=f"{title} — print and assemble", author="kitpress", creator="kitpress", subject=ASSEMBLY_KIND, invariant=1, pageCompression=1, initialFontName=fonts.RL_NAMES["regular"])
    doc.build(story)
    return buffer.getvalue(), doc.page


def _others(entries: Sequence[Mapping[str, Any]], paper: str, chosen: Sequence[Mapping[str, Any]], present: Collection[str] | None) -> list[str]:
    """The folder's files of this paper a set does not print (single pieces, backs alone), that are there."""
    listed = {str(e["path"]) for e in chosen}
    paths = [str(e.get("path", "")) for e in entries if e.get("paper") == paper and e.get("kind") not in ONCE_A_CLASS]
    return [p for p in paths if p.endswith(".pdf") and "/" not in p and p not in listed and (present is None or p in present)]


def _file_line(path: str, style: ParagraphStyle, room: float) -> Paragraph:
    """A file's name on one line (smaller type for a long one): split, it could not be searched for."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    size = style.fontSize
    while size > MIN_FILE_PT and stringWidth(path, style.fontName, size) > room:
        size -= 0.25
    return Paragraph(escape(path), ParagraphStyle(f"file-{size}", parent=style, fontSize=size, leading=size * 1.3))


def _shown_jobs(chosen: Sequence[Mapping[str, Any]], jobs: Mapping[str, PrintJob]) -> list[tuple[str, PrintJob]]:
    """The cut pieces of the set, file by file: a shared file's pieces under the jobs they come from."""
    out: list[tuple[str, PrintJob]] = []
    for entry in chosen:
        if entry.get("stock") == PLAIN:
            continue
        job = jobs.get(str(entry["path"]))
        if job is not None:
            out.append((job.title or job.name, job))
        out += [((jobs[p].title or jobs[p].name), jobs[p]) for p in entry.get("holds", ()) if p in jobs]
    return out
