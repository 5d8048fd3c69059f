"""The packing list, as text and as a PDF at 10 pt: the print jobs in their order, then each game's sets,
cuts and files, what else to bring, and how long each game takes."""

from __future__ import annotations

import functools
import io
import operator
from dataclasses import dataclass

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, SimpleDocTemplate, Table, TableStyle

from kitpress import fonts
from kitpress.classkit import cutting, ink
from kitpress.classkit.cutting import Cutting
from kitpress.classkit.jobs import Part, PrintRun
from kitpress.classkit.plan import GamePlan, KitPlan, PrintItem
from kitpress.sheets.geometry import PAPERS

GENERAL_BRING = "Scissors, for round pieces without a punch (a corner rounder for the cards if you have one)"
BODY_PT = 10.0  # read at arm's length in a busy room; the list takes as many pages as it needs


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def sheets_summary(plan: KitPlan) -> str:
    totals = plan.sheets_by_stock()
    return f"Print {_plural(sum(totals.values()), 'sheet')} in all: " + ", ".join(f"{n} {stock}" for stock, n in totals.items()) + "."


def ink_summary(plan: KitPlan) -> str:
    """'' before the jobs are made; else the whole kit's ink in ISO pages (see classkit.ink)."""
    if not plan.ink:
        return ""
    used = functools.reduce(operator.add, plan.ink.values())
    lower = " (--ink low uses less)" if plan.preset.ink == "full" else ""
    return f"Ink or toner: {ink.words(used)}, the 5 %-coverage pages cartridges are rated in{lower}."


REPRINT = "Each game: its sets, what to cut, and its own files (the print jobs hold them all; print one of these to replace a lost piece)"


def file_facts(item: PrintItem) -> str:
    """'momentum-game/momentum-game-cards-letter.pdf, 4 pages': to reprint one (the jobs say how)."""
    return f"{item.path}, {_plural(item.pages, 'page')}"


def files_line(items: tuple[PrintItem, ...] | list[PrintItem]) -> str:
    """'Cards (momentum-game/…-cards-letter.pdf, 4 pages); Student rules (…)': one sentence a game (the
    card-stock file by its name alone: the cut line above says what it holds)."""
    return "; ".join(f"{i.title.split(': ', 1)[0] if i.kind == 'pieces' else i.title} ({file_facts(i)})" for i in items) + "."


def item_numbers(item: PrintItem) -> str:
    pages = _plural(item.pages, "page")
    per = _plural(item.sheets_per_copy, "sheet")
    if item.copies == 1:
        return f"{pages} = {per}"
    return f"{pages} = {per} × {item.copies} = {item.sheets} sheets"


def cut_line(game: GamePlan) -> str:
    parts = [f"{item.title}: {item.cut}" for item in game.items if item.cut]
    return "; ".join(parts)


def _count(n: int, word: str) -> str:
    """'1,645 pieces': a number of things, read at a glance."""
    return f"{n:,} {word}{'' if n == 1 else 's'}"


def cutting_words(c: Cutting) -> str:
    """'57 pieces: 131 straight cuts and 1 circle with a 3/4 in punch; about 14 minutes'."""
    ways = [(n, f"with a {size} punch") for size, n in c.punched] + ([(c.scissors, "with scissors")] if c.scissors else [])
    text = f"{_count(c.pieces, 'piece')}: {_count(c.straight, 'straight cut')}"
    if len(ways) == 1:
        text += f" and {_count(c.circles, 'circle')} {ways[0][1]}"
    elif ways:
        text += f" and {_count(c.circles, 'circle')} (" + ", ".join(f"{n:,} {how}" for n, how in ways) + ")"
    return text + f"; about {_count(c.minutes, 'minute')}"


def cutting_line(game: GamePlan) -> str:
    """'52 pieces: 12 straight cuts and 49 circles with a 7/8 in punch; about 5 minutes a set, 32 for the 7 sets.'"""
    one, sets = game.cutting, game.seating.tables
    if not one.pieces:
        return ""
    return f"{cutting_words(one)} a set, {one.times(sets).minutes:,} for the {_plural(sets, 'set')}."


def class_cutting(plan: KitPlan) -> list[str]:
    """The whole class's cutting, and the rates the minutes are counted at."""
    c = plan.cutting
    if not c.pieces:
        return []
    hours = f" ({c.minutes / 60:.1f} hours for one adult)" if c.minutes >= 90 else ""
    return [f"Cutting for the class: {cutting_words(c)}{hours}, at {cutting.RATES}."]


def tool_lines(plan: KitPlan) -> list[str]:
    """The cutting tools that fit this kit's pieces: a trimmer for the straight cuts, each named punch."""
    c = plan.cutting
    lines = []
    if c.straight:
        longest = max(PAPERS[plan.paper]) / 72 * 25.4
        lines.append(f"A paper trimmer (guillotine or rotary) cutting a sheet's full {longest:.0f} mm, for {_count(c.straight, 'straight cut')}")
    for size, _ in c.punched:
        used = [(game, n * game.seating.tables) for game in plan.games for s, n in game.cutting.punched if s == size]
        what = " and ".join(f"{game.title} ({n:,})" for game, n in used)
        lines.append(f"A {cutting.punch_words(size)}, the size of the round pieces of {what}")
    return lines


def bring_lines(plan: KitPlan) -> list[str]:
    lines = [f"{b.count} × {b.name} ({game.title}): {b.detail}" for game in plan.games for b in game.bring]
    lines.append(f"{plan.sets} envelopes or zip bags, one per set, labelled with the game" + (" and the set's letter" if plan.set_marks else ""))
    lines += tool_lines(plan)
    lines.append(GENERAL_BRING)
    return lines


def game_heading(game: GamePlan) -> str:
    return f"{game.title}: {game.players}" + (f", {game.minutes} per game" if game.minutes else "")


def seating_line(game: GamePlan) -> str:
    """'This class: 7 tables of 4, so 7 sets. Tables of 4, the number of players the game plays best with.'"""
    line = f"This class: {game.seating.describe()}, so {_plural(game.seating.tables, 'set')}."
    return f"{line} {game.seating.reason}" if game.seating.reason else line


def before_you_print(plan: KitPlan) -> list[str]:
    """What every print job needs, said once at the top."""
    lines = [
        "Print the jobs below in their order, one copy of each file: each already holds every copy the class needs. Job 1 opens with every job's cover page, on plain paper, saying how to print it: keep each cover with its job.",
        "Print at 100 % / actual size, never 'fit to page'. Card stock: 200–250 g/m² (74–92 lb cover), through the printer's rear or manual feed.",
    ]
    if plan.preset.duplex in ("long-edge", "short-edge"):  # the card goes through a duplexer
        lines[1] += " A printer that cannot turn card: build the kit with --duplex manual; its cover shows how to feed the stack by hand."
    if plan.set_marks:
        lines.append("Every card back and piece back carries its set's letter on a colour band (Set A, Set B, …, one run of letters a game): a stray card goes back to the envelope of its letter.")
    listed = next((i for i in plan.class_items if i.kind == "packing-list"), None)
    if listed is not None:
        lines.append(f"This list is {listed.path} ({_plural(listed.sheets, 'sheet')}), printed on its own.")
    if plan.printer:
        x, y = plan.printer["back_offset_mm"]
        lines.append(f"The backs are placed for printer profile {plan.printer['name']} (back offset {x:g},{y:g} mm); print the calibration page to check it.")
    return lines


def run_line(run: PrintRun) -> str:
    return f"{run.name}: {run.title.lower()}; {_plural(run.sheets, 'sheet')}"


def _short(title: str) -> str:
    """'Card-stock pieces: game board; referee card' → 'card-stock pieces' inside a list."""
    head = title.split(": ", 1)[0] if title.startswith("Card-stock pieces") else title
    return head[:1].lower() + head[1:] if head[1:2].islower() else head


def part_words(part: Part) -> str:
    title = " and ".join(_short(i.title) for i in part.items)
    if part.sets:
        return f"{title} ({part.sets} sets packed together)"
    return f"{title} × {len(part.copies)}" if len(part.copies) > 1 else title


def run_contents(plan: KitPlan, run: PrintRun) -> str:
    """What a job holds, game by game: 'Integer Matrix: number disc set × 7, card-stock pieces (7 sets packed together)'."""
    owner = {item.path: game.title for game in plan.games for item in game.items}
    grouped: dict[str, list[str]] = {}
    for part in run.parts:
        grouped.setdefault(owner.get(part.items[0].path, "For the teacher"), []).append(part_words(part))
    return "; ".join(f"{who}: {', '.join(words)}" for who, words in grouped.items())


# --- text --------------------------------------------------------------------------------------


def packing_text(plan: KitPlan) -> str:
    out = [f"PACKING LIST: a class of {plan.class_size}, printed on {plan.paper_name}", sheets_summary(plan), *filter(None, [ink_summary(plan)]), ""]
    out += [*before_you_print(plan), ""]
    if plan.runs:
        out.append("Print jobs, in this order")
        for run in plan.runs:
            out.append(f"  [ ] {run.number}. {run_line(run)}" + (f"; ink: {ink.words(plan.ink[run.name])}" if run.name in plan.ink else ""))
            out.append(f"        {run_contents(plan, run)}")
        out.append("")

    out += [REPRINT, ""]
    for game in plan.games:
        out += [game_heading(game), f"  {seating_line(game)}"]
        cut = cut_line(game)
        if cut:
            out.append(f"  Cut, per set: {cut}. {cutting_line(game)}")
        if game.items:
            out.append(f"  Files: {files_line(game.items)}")
        out.append("")
    if plan.class_items:
        out += ["Once for the class", f"  {files_line(plan.class_items)}", ""]
    out += [*(f"{line}" for line in class_cutting(plan)), ""] if class_cutting(plan) else []
    out.append("Also bring")
    out += [f"  [ ] {line}" for line in bring_lines(plan)]
    return "\n".join(out) + "\n"


# --- PDF ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class _Styles:
    size: float

    def para(self, name: str) -> ParagraphStyle:
        regular, bold = fonts.RL_NAMES["regular"], fonts.RL_NAMES["bold"]
        s = self.size
        styles = {
            "title": ParagraphStyle("title", fontName=bold, fontSize=s * 2, leading=s * 2.4, spaceAfter=s * 0.3, textColor="#263238"),
            "lead": ParagraphStyle("lead", fontName=bold, fontSize=s * 1.15, leading=s * 1.5, spaceAfter=s * 0.6),
            "h": ParagraphStyle("h", fontName=bold, fontSize=s * 1.25, leading=s * 1.6, spaceBefore=s * 0.6, spaceAfter=s * 0.2, textColor="#263238", keepWithNext=1),
            "body": ParagraphStyle("body", fontName=regular, fontSize=s, leading=s * 1.22, spaceAfter=s * 0.15),
            "cell": ParagraphStyle("cell", fontName=regular, fontSize=s, leading=s * 1.22),
            "num": ParagraphStyle("num", fontName=regular, fontSize=s, leading=s * 1.22, alignment=2),
        }
        return styles[name]


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _grid(rows: list[list[Flowable]], widths: list[float]) -> Table:
    t = Table(rows, colWidths=widths, repeatRows=1)
    t.setStyle(TableStyle([
        ("GRID", (0, 0), (-1, -1), 0.4, colors.HexColor("#9e9e9e")),
        ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#eceff1")),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("TOPPADDING", (0, 0), (-1, -1), 2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
    ]))  # fmt: skip
    return t


def _story(plan: KitPlan, st: _Styles, width: float) -> list[Flowable]:
    def p(text: str, style: str = "body") -> Paragraph:
        return Paragraph(text, st.para(style))

    def table(items: tuple[PrintItem, ...] | list[PrintItem]) -> Table:
        head = [p("<b>Print</b>", "cell"), p("<b>Pages</b>", "num"), p("<b>Copies</b>", "num"), p("<b>Sheets</b>", "num")]
        rows = [head]
        for i in items:
            what = f"<b>{_escape(i.title)}</b>: {i.stock}, {i.sides}<br/>{_escape(i.path)}"
            if i.note:
                what += f"<br/>{_escape(i.note)}"
            rows.append([p(what, "cell"), p(str(i.pages), "num"), p(str(i.copies), "num"), p(str(i.sheets), "num")])
        return _grid(rows, [width * f for f in (0.7, 0.1, 0.1, 0.1)])

    def jobs() -> Table:
        head = [p("<b>☐</b>", "cell"), p("<b>Job</b>", "cell"), p("<b>Load and print</b>", "cell"), p("<b>Sheets</b>", "num")]
        rows = [head]
        for run in plan.runs:
            what = f"<b>{run.number}. {_escape(run.name)}</b><br/>{_escape(run_contents(plan, run))}"
            load = _escape(f"{run.stock}; {run.sides}" + ("; the calibration page first" if run.calibration else ""))
            if run.name in plan.ink:
                load += f"<br/>ink: {_escape(ink.words(plan.ink[run.name]))}"
            rows.append([p("☐", "cell"), p(what, "cell"), p(load, "cell"), p(f"<b>{run.sheets}</b>", "num")])
        return _grid(rows, [width * f for f in (0.05, 0.56, 0.28, 0.11)])

    story: list[Flowable] = [
        p(f"Packing list: a class of {plan.class_size}", "title"),
        p(f"Printed on {_escape(plan.paper_name)}. {_escape(sheets_summary(plan))}", "lead"),
        *([p(_escape(ink_summary(plan)))] if plan.ink else []),
        *(p(_escape(line)) for line in before_you_print(plan)),
    ]
    if plan.runs:
        story += [p("Print jobs, in this order", "h"), jobs()]
    story.append(p(_escape(REPRINT), "h"))
    for game in plan.games:
        story += [p(_escape(game_heading(game)), "h"), p(_escape(seating_line(game)))]
        cut = cut_line(game)
        if cut:
            story.append(p(f"<b>Cut, per set:</b> {_escape(cut)}. {_escape(cutting_line(game))}"))
        if game.items:
            story.append(p(f"<b>Files:</b> {_escape(files_line(game.items))}"))
    if plan.class_items:
        story += [p("Once for the class", "h"), p(_escape(files_line(plan.class_items)))]
    story += [p("Cutting", "h"), *(p(_escape(line)) for line in class_cutting(plan))] if class_cutting(plan) else []
    story += [p("Also bring", "h"), *(p(f"☐ {_escape(line)}") for line in bring_lines(plan))]
    return story


def page_count(pdf: bytes) -> int:
    from pypdf import PdfReader

    return len(PdfReader(io.BytesIO(pdf)).pages)


def packing_pdf(plan: KitPlan) -> bytes:
    """The list at BODY_PT, on as many pages as it takes."""
    fonts.register()
    page = PAPERS[plan.paper]
    margin = 12 * mm  # well inside a home printer's 5 mm edge
    buffer = io.BytesIO()
    doc = SimpleDocTemplate(
        buffer, pagesize=page, leftMargin=margin, rightMargin=margin, topMargin=margin, bottomMargin=margin,
        title="Packing list", author="kitpress", creator="kitpress", subject="classroom kit", invariant=1, pageCompression=1,
        initialFontName=fonts.RL_NAMES["regular"],
    )  # fmt: skip
    doc.build(_story(plan, _Styles(BODY_PT), page[0] - 2 * margin))
    return buffer.getvalue()
