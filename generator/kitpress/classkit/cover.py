"""A print job's cover page: what to load, which sides and flip, how many copies (one: the file holds
them all), 100 % / actual size, and what the job holds, file by file. One page, type at least 10 pt."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from kitpress import fonts
from kitpress.sheets.geometry import PAPERS
from kitpress.stock import PLAIN

if TYPE_CHECKING:
    from kitpress.classkit.jobs import PrintRun
    from kitpress.classkit.plan import KitPlan

SIZE = 11.0  # the body; nothing on the cover is smaller than 10 pt
MARGIN_MM = 16.0


def _styles() -> dict[str, ParagraphStyle]:
    regular, bold = fonts.RL_NAMES["regular"], fonts.RL_NAMES["bold"]
    return {
        "title": ParagraphStyle("title", fontName=bold, fontSize=22, leading=27, spaceAfter=6, textColor="#263238"),
        "big": ParagraphStyle("big", fontName=bold, fontSize=14, leading=19, spaceAfter=4),
        "body": ParagraphStyle("body", fontName=regular, fontSize=SIZE, leading=SIZE * 1.35, spaceAfter=3),
        "cell": ParagraphStyle("cell", fontName=regular, fontSize=10, leading=12.5),
        "num": ParagraphStyle("num", fontName=regular, fontSize=10, leading=12.5, alignment=2),
    }


def _sides(run: PrintRun) -> str:
    blank = "; the pieces printed on one side come with a blank back" if any(p.blank_backs for p in run.parts) else ""
    if run.duplex == "long-edge":
        return "both sides, flip on the long edge" + blank
    if run.duplex == "short-edge":
        return "both sides, flip on the short edge" + blank
    gutterfold = any(i.duplex == "gutterfold" for p in run.parts for i in p.items)
    return "one side" + ("; the gutterfold sheets are folded on the dashed line after printing" if gutterfold else "")


def _sheets(run: PrintRun, runs: tuple[PrintRun, ...]) -> str:
    from kitpress.classkit.jobs import cover_host

    if len(run.covers) > 1:
        return f"{run.sheets}, the covers of all {len(run.covers)} jobs included: keep each cover with its job"
    if run.covers:
        return f"{run.sheets}, this cover included"
    host = cover_host(runs, run)
    where = f"with job {host.number} on plain paper" if host else "on plain paper"
    return f"{run.sheets}; this cover is printed {where}, and the file starts directly with the first sheet to print on this stock"


def story(run: PrintRun, plan: KitPlan) -> list[Flowable]:
    from kitpress.classkit.jobs import LOAD

    st = _styles()
    runs = plan.runs
    after = next((r for r in runs if r.number == run.number + 1), None)
    load = LOAD[run.stock]
    facts = [
        ("Load", load),
        ("Sides", _sides(run)),
        ("Copies", "1: this file already holds every copy the class needs"),
        ("Scale", "100 % / actual size; never 'fit to page' or 'shrink to fit'"),
        ("Sheets", _sheets(run, runs)),
    ]
    if any(i.kind.endswith("-backs") for p in run.parts for i in p.items):
        facts.append(("Backs", "each file of backs follows its fronts: put the printed fronts back in the tray, turned as your printer needs, and print the backs on them"))
    if run.calibration and run.stock == PLAIN:
        facts.append(("First", "the sheet after the covers is the calibration page: hold it to the light before printing any card; if the backs are off, run kitpress printer setup and build the kit again with --printer"))
    elif run.calibration:
        facts.append(("Proof", "the file's first sheet is the calibration page again: print it alone on one sheet of this stock (pages 1 and 2), check its arrow and cross as it says, and only then print the rest"))
    if any(p.sets for p in run.parts):
        facts.append(("Packed", "one game's pieces for every set on shared sheets: cut them all, then deal them out, a set to an envelope"))
    if any(p.lettered for p in run.parts):
        facts.append(("Sets", "each copy's backs carry its set's letter, Set A first: keep a set's sheets together as you cut"))
    if plan.printer:
        x, y = plan.printer["back_offset_mm"]
        facts.append(("Printer", f"made for printer profile {plan.printer['name']} (back offset {x:g},{y:g} mm)"))
    out: list[Flowable] = [
        Paragraph(f"Print job {run.number} of {len(runs)}", st["title"]),
        Paragraph(escape(run.title), st["big"]),
        Paragraph(f"File: {escape(run.name)}", st["body"]),
        Spacer(1, 4),
    ]
    rows = [[Paragraph(f"<b>{k}</b>", st["cell"]), Paragraph(escape(v), st["cell"])] for k, v in facts]
    table = Table(rows, colWidths=[28 * mm, None])
    table.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LINEBELOW", (0, 0), (-1, -1), 0.4, colors.HexColor("#b0bec5"))]))
    out += [table, Spacer(1, 10), Paragraph("<b>What this job holds, in order</b>", st["body"])]
    head = [Paragraph(f"<b>{h}</b>", st["num" if i else "cell"]) for i, h in enumerate(("What", "Copies", "Sheets"))]
    contents = [head]
    for part in run.parts:
        what = "<br/>".join(f"<b>{escape(plan.full_title(i))}</b>: {escape(i.path)}" for i in part.items)
        if len(part.items) > 1:
            what += "<br/>back to back, one sheet a copy"
        copies = f"{part.sets} sets" if part.sets else str(len(part.copies))
        contents.append([Paragraph(what, st["cell"]), Paragraph(copies, st["num"]), Paragraph(str(part.sheets(run.double_sided)), st["num"])])
    listing = Table(contents, colWidths=[None, 22 * mm, 18 * mm], repeatRows=1)
    listing.setStyle(TableStyle([
        ("GRID", (0, 0), (-1, -1), 0.4, colors.HexColor("#9e9e9e")),
        ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#eceff1")),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
    ]))  # fmt: skip
    out.append(listing)
    next_line = f"Next: job {after.number}, {after.name} ({after.title.lower()})." if after else "This is the last print job."
    out += [Spacer(1, 8), Paragraph(escape(next_line), st["body"])]
    return out


def cover_pdf(run: PrintRun, plan: KitPlan) -> bytes:
    fonts.register()
    page = PAPERS[plan.paper]
    margin = MARGIN_MM * mm
    buffer = io.BytesIO()
    doc = SimpleDocTemplate(
        buffer, pagesize=page, leftMargin=margin, rightMargin=margin, topMargin=margin, bottomMargin=margin,
        title=f"Print job {run.number}", author="kitpress", creator="kitpress", invariant=1, pageCompression=1,
        initialFontName=fonts.RL_NAMES["regular"],
    )  # fmt: skip
    doc.build(story(run, plan))
    return buffer.getvalue()
