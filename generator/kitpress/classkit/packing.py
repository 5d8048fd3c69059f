"""The packing list, as text and as a one-page PDF: what to print on which paper and how, how many
sheets, what to cut, what else to bring, and how long each game takes."""

from __future__ import annotations

import io
from dataclasses import dataclass

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from kitpress import fonts
from kitpress.classkit.plan import GamePlan, KitPlan, PrintItem
from kitpress.sheets.geometry import PAPERS

GENERAL_BRING = "Scissors or a paper trimmer (a corner rounder for the cards if you have one)"
FONT_SIZES = (9.0, 8.5, 8.0, 7.5, 7.0, 6.5, 6.0, 5.5, 5.0, 4.5)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def sheets_summary(plan: KitPlan) -> str:
    totals = plan.sheets_by_stock()
    return f"Print {_plural(sum(totals.values()), 'sheet')} in all: " + ", ".join(f"{n} {stock}" for stock, n in totals.items()) + "."


def item_numbers(item: PrintItem) -> str:
    pages = _plural(item.pages, "page")
    per = _plural(item.sheets_per_copy, "sheet")
    if item.copies == 1:
        return f"{pages} = {per}"
    return f"{pages} = {per} × {item.copies} = {item.sheets} sheets"


def cut_line(game: GamePlan) -> str:
    parts = [f"{item.title}: {item.cut}" for item in game.items if item.cut]
    return "; ".join(parts)


def bring_lines(plan: KitPlan) -> list[str]:
    lines = [f"{b.count} × {b.name} ({game.title}): {b.detail}" for game in plan.games for b in game.bring]
    lines.append(f"{plan.sets} envelopes or zip bags, one per set, labelled with the game")
    lines.append(GENERAL_BRING)
    return lines


def game_heading(game: GamePlan) -> str:
    return f"{game.title}: {game.players}" + (f", {game.minutes} per game" if game.minutes else "")


def seating_line(game: GamePlan) -> str:
    return f"This class: {game.seating.describe()}, so {_plural(game.seating.tables, 'set')}."


# --- text --------------------------------------------------------------------------------------


def packing_text(plan: KitPlan) -> str:
    out = [f"PACKING LIST: a class of {plan.class_size}, printed on {plan.paper_name}", sheets_summary(plan), ""]

    def item_lines(items: tuple[PrintItem, ...] | list[PrintItem]) -> list[str]:
        width = max(len(i.title) for i in items)
        lines = []
        for i in items:
            lines.append(f"  [ ] {i.title.ljust(width)}  {i.stock}, {i.sides}; {item_numbers(i)}")
            lines.append(f"      {' ' * width}  {i.path}" + (f" ({i.note})" if i.note else ""))
        return lines

    if plan.class_items:
        out += ["Once for the class", *item_lines(plan.class_items), ""]
    for game in plan.games:
        out += [game_heading(game), f"  {seating_line(game)}"]
        if game.items:
            copies = "1 copy" if game.seating.tables == 1 else f"{game.seating.tables} copies"
            out += [f"  Print {copies} of each:", *item_lines(game.items)]
        cut = cut_line(game)
        if cut:
            out.append(f"  Cut, per set: {cut}.")
        out.append("")
    out.append("Also bring")
    out += [f"  [ ] {line}" for line in bring_lines(plan)]
    out += ["", "No duplex printer? Print the odd pages, turn the stack over, and print the even pages on their backs."]
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
            "h": ParagraphStyle("h", fontName=bold, fontSize=s * 1.25, leading=s * 1.6, spaceBefore=s * 0.9, spaceAfter=s * 0.2, textColor="#263238"),
            "body": ParagraphStyle("body", fontName=regular, fontSize=s, leading=s * 1.3),
            "cell": ParagraphStyle("cell", fontName=regular, fontSize=s, leading=s * 1.22),
            "num": ParagraphStyle("num", fontName=regular, fontSize=s, leading=s * 1.22, alignment=2),
            "small": ParagraphStyle("small", fontName=regular, fontSize=s * 0.85, leading=s * 1.1, textColor="#555555"),
        }
        return styles[name]


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _story(plan: KitPlan, st: _Styles, width: float) -> list[Flowable]:
    def p(text: str, style: str = "body") -> Paragraph:
        return Paragraph(text, st.para(style))

    def table(items: tuple[PrintItem, ...] | list[PrintItem]) -> Table:
        head = [p("<b>☐</b>", "cell"), p("<b>Print</b>", "cell"), p("<b>Paper</b>", "cell"), p("<b>Sides</b>", "cell"), p("<b>Pages</b>", "num"), p("<b>Copies</b>", "num"), p("<b>Sheets</b>", "num")]
        rows = [head]
        for i in items:
            what = f"<b>{_escape(i.title)}</b><br/><font size='{st.size * 0.8:.1f}' color='#555555'>{_escape(i.path)}</font>"
            if i.note:
                what += f"<br/><font size='{st.size * 0.8:.1f}'>{_escape(i.note)}</font>"
            rows.append([p("☐", "cell"), p(what, "cell"), p(i.stock, "cell"), p(i.sides, "cell"), p(str(i.pages), "num"), p(str(i.copies), "num"), p(f"<b>{i.sheets}</b>", "num")])
        fractions = (0.04, 0.39, 0.12, 0.2, 0.08, 0.08, 0.09)
        t = Table(rows, colWidths=[width * f for f in fractions], repeatRows=1)
        t.setStyle(TableStyle([
            ("GRID", (0, 0), (-1, -1), 0.4, colors.HexColor("#9e9e9e")),
            ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#eceff1")),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("TOPPADDING", (0, 0), (-1, -1), 1.5),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
        ]))  # fmt: skip
        return t

    story: list[Flowable] = [
        p(f"Packing list: a class of {plan.class_size}", "title"),
        p(f"Printed on {_escape(plan.paper_name)}. {_escape(sheets_summary(plan))}", "lead"),
    ]
    if plan.class_items:
        story += [p("Once for the class", "h"), table(plan.class_items)]
    for game in plan.games:
        story += [p(_escape(game_heading(game)), "h"), p(_escape(seating_line(game)))]
        if game.items:
            story += [Spacer(1, st.size * 0.3), table(game.items)]
        cut = cut_line(game)
        if cut:
            story += [Spacer(1, st.size * 0.3), p(f"<b>Cut, per set:</b> {_escape(cut)}.")]
    story += [p("Also bring", "h"), *(p(f"☐ {_escape(line)}") for line in bring_lines(plan))]
    story.append(p("No duplex printer? Print the odd pages, turn the stack over, and print the even pages on their backs.", "small"))
    return story


def _packing_pdf_at(plan: KitPlan, size: float) -> tuple[bytes, int]:
    fonts.register()
    page = PAPERS[plan.paper]
    margin = 12 * mm
    buffer = io.BytesIO()
    doc = SimpleDocTemplate(
        buffer, pagesize=page, leftMargin=margin, rightMargin=margin, topMargin=margin, bottomMargin=margin,
        title="Packing list", author="kitpress", creator="kitpress", subject="classroom kit", invariant=1, pageCompression=1,
        initialFontName=fonts.RL_NAMES["regular"],
    )  # fmt: skip
    doc.build(_story(plan, _Styles(size), page[0] - 2 * margin))
    return buffer.getvalue(), int(doc.page)


def packing_pdf(plan: KitPlan) -> bytes:
    """One page: the largest type size at which the whole list fits (a binary search over FONT_SIZES)."""
    data, pages = _packing_pdf_at(plan, FONT_SIZES[0])
    if pages == 1:
        return data
    best = None
    lo, hi = 1, len(FONT_SIZES) - 1
    while lo <= hi:
        mid = (lo + hi) // 2
        data, pages = _packing_pdf_at(plan, FONT_SIZES[mid])
        if pages == 1:
            best, hi = data, mid - 1
        else:
            lo = mid + 1
    return best if best is not None else _packing_pdf_at(plan, FONT_SIZES[-1])[0]
