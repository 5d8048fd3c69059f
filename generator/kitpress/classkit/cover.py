"""A print job's cover page: what to load, which sides and flip, how many copies (one: the file holds
them all), 100 % / actual size, and what the job holds, file by file. One page, type at least 10 pt; a
job printed both sides by hand has its steps, with their page numbers and a drawing of how to turn the
stack, on the cover sheet's back."""

from __future__ import annotations

import io
import math
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape

from reportlab.graphics.shapes import ArcPath, Circle, Drawing, Line, Polygon, Rect, String
from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

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
    if run.duplex == "manual":
        return "both sides, by hand: every front, then the same sheets fed again for the backs (the steps are on the back of this cover)"
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
    if run.calibration and run.duplex == "manual":
        pass  # the steps on the cover's back begin with the proof
    elif run.calibration and run.stock == PLAIN:
        facts.append(("First", "the sheet after the covers is the calibration page: hold it to the light before printing any card; if the backs are off, run kitpress printer setup and build the kit again with --printer"))
    elif run.calibration:
        first = 2 * len(run.covers) + 1  # after its own cover and blank back, when no plain job holds it
        facts.append(("Proof", f"the file's first sheet is the calibration page again: print it alone on one sheet of this stock (pages {first} and {first + 1}), check its arrow and cross as it says, and only then print the rest"))
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
    if run.duplex == "manual":  # the steps on the cover sheet's back: the same sheet, read before printing
        out += [Paragraph("<b>Printing both sides by hand: see the other side of this sheet.</b>", st["body"]), PageBreak(), *by_hand(run, st)]
    return out


def hand_steps(run: PrintRun) -> list[str]:
    """The steps of printing a job's card by hand, with its page numbers: a proof sheet first when the
    job opens with the calibration page, then every front, the stack turned, every back."""
    first = 2 * len(run.covers) + 1  # the file's first page of fronts: after its own cover, when no plain job holds it (two pages)
    back = first + run.fronts  # the first page of backs
    last = back + run.fronts - 1
    steps = []
    if run.calibration:
        steps.append(f"Proof: print page {first} alone; turn the sheet over on its long edge, like a book's page, the same edge in "
                     f"first; print page {back} on its back. Its solid arrow must land on the outlined one, pointing up.")  # fmt: skip
        first, back = first + 1, back + 1
    if back <= last:
        steps.append(f"Print the fronts, pages {first}–{first + last - back}. Keep the stack in the order it comes out.")
        steps.append("Put it back in the tray turned over the same way (long edge, same edge in first): the sheet printed first is fed first.")
        steps.append(f"Print the backs, pages {back}–{last}.")
    return steps


SIDE_WORDS = (
    "Portrait sheets (discs, boards) and landscape sheets (cards, printed turned a quarter on the same "
    "paper) are turned alike: over on the long edge, never end over end, the same edge in first. If the "
    "proof's back printed over its front, your tray prints the other side: put the sheets in the other "
    "way up, the same edge first."
)


def by_hand(run: PrintRun, st: dict[str, ParagraphStyle]) -> list[Flowable]:
    """Printing the card without a duplexer: the steps, in words and in a drawing."""
    out: list[Flowable] = [Paragraph(f"Print job {run.number}: both sides by hand", st["title"]), Paragraph(escape(run.name), st["body"]), Spacer(1, 6)]
    out += [Paragraph(f"{n}. {escape(step)}", st["body"]) for n, step in enumerate(hand_steps(run), 1)]
    out += [Spacer(1, 4), Paragraph(escape(SIDE_WORDS), st["body"]), Spacer(1, 10), turning_drawing()]
    return out


def _sheet(d: Drawing, x: float, y: float, printed: bool, landscape: bool) -> None:
    """A portrait sheet 46 × 60 pt at (x, y): the pieces on it (upright, or a landscape page's cards lying
    turned a quarter) or a blank back, and its leading edge, the top, drawn thick."""
    w, h = 46.0, 60.0
    d.add(Rect(x, y, w, h, fillColor=colors.white if printed else colors.HexColor("#eceff1"), strokeColor=colors.HexColor("#455a64"), strokeWidth=0.8))
    if printed:
        if landscape:  # a landscape page of 4 × 2 cards, turned a quarter counter-clockwise on the paper
            for col in range(2):
                for row in range(4):
                    d.add(Rect(x + 7 + col * 16, y + 4 + row * 13, 15, 12, fillColor=colors.HexColor("#c62828"), strokeColor=colors.white, strokeWidth=0.4))
        else:
            for col in range(3):
                for row in range(4):
                    d.add(Circle(x + 9 + col * 14, y + 9 + row * 14, 5.5, fillColor=colors.HexColor("#1565c0"), strokeColor=None))
        d.add(String(x + w / 2, y - 11, "fronts printed", fontName=fonts.RL_NAMES["regular"], fontSize=10, textAnchor="middle"))
    else:
        d.add(String(x + w / 2, y - 11, "blank side up", fontName=fonts.RL_NAMES["regular"], fontSize=10, textAnchor="middle"))
    d.add(Line(x, y + h, x + w, y + h, strokeColor=colors.HexColor("#2e7d32"), strokeWidth=3))
    d.add(Polygon([x + w / 2 - 5, y + h + 13, x + w / 2 + 5, y + h + 13, x + w / 2, y + h + 5], fillColor=colors.HexColor("#2e7d32"), strokeColor=None))
    d.add(String(x + w / 2, y + h + 16, "in first", fontName=fonts.RL_NAMES["bold"], fontSize=10, textAnchor="middle", fillColor=colors.HexColor("#2e7d32")))


def _turn(d: Drawing, x: float, y: float) -> None:
    """A curved arrow over a dashed long edge: turned over sideways, like a book's page."""
    d.add(Line(x, y - 26, x, y + 30, strokeColor=colors.HexColor("#78909c"), strokeWidth=0.8, strokeDashArray=[3, 2]))
    arc = ArcPath(strokeColor=colors.HexColor("#37474f"), strokeWidth=1.4, fillColor=None)
    arc.addArc(x, y - 4, 22, 20, 160)
    d.add(arc)
    tip_x, tip_y = x + 22 * math.cos(math.radians(20)), y - 4 + 22 * math.sin(math.radians(20))
    d.add(Polygon([tip_x - 5, tip_y + 1, tip_x + 4, tip_y + 2, tip_x + 1, tip_y - 7], fillColor=colors.HexColor("#37474f"), strokeColor=None))
    d.add(String(x, y - 37, "turn over on", fontName=fonts.RL_NAMES["regular"], fontSize=10, textAnchor="middle"))
    d.add(String(x, y - 48, "the long edge", fontName=fonts.RL_NAMES["regular"], fontSize=10, textAnchor="middle"))


def turning_drawing() -> Drawing:
    """Portrait and landscape sheets side by side: printed, turned over on the long edge, the same
    edge in first."""
    d = Drawing(470, 112)
    for n, (landscape, title) in enumerate(((False, "Portrait sheets"), (True, "Landscape sheets (cards)"))):
        x0 = 8 + n * 250
        d.add(String(x0 + 107, 103, title, fontName=fonts.RL_NAMES["bold"], fontSize=10, textAnchor="middle"))
        _sheet(d, x0, 16, True, landscape)
        _turn(d, x0 + 107, 46)
        _sheet(d, x0 + 160, 16, False, landscape)
    return d


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
