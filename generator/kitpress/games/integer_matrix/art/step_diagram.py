"""The rule books' picture of one worked-example step, drawn from the engine's describe_state only.

One board, at the size it prints in one column of a rule book (kitpress.booklet.diagram), every number on
it 20 pt so a disc reads at arm's length. A turn shows the board after it: the placed disc ringed, each
flipped disc in a dashed ring (its step's text gives the scores). A set-up step shows the board after it, the
squares still to fill with their numbers; a refused step the one unchanged board and the drawn disc.
"""

from __future__ import annotations

from typing import Any

from kitpress.booklet import diagram as book
from kitpress.engine import Event
from kitpress.games.integer_matrix.art.marks import Face, faces, numeral
from kitpress.games.integer_matrix.production import IntegerMatrixFaces
from kitpress.games.integer_matrix.rules import side_of, signed
from kitpress.render import svgkit as k
from kitpress.spec.load import LoadedSpec

NUM = book.NUMBER_SIZE  # a disc's numeral, condensed so that "+3" fits inside its disc
CELL, R = 33.0, 15.0  # square and disc radius: the 7 squares and the row numbers fill one column
LABEL_W, TITLE_H, LETTERS_H = 14.5, 27.0, 14.0
LINE_H, WORDS_H, DISC_H = 26.0, 17.0, 35.0  # footer lines: with numbers, words only, with discs
LEGEND_GAP = 12.0  # between the title and the legend when both fit on one line
GRID = "#b5b5b5"
RING = 1.1  # how far a mark's ring sits outside a disc: inside its square, clear of the next ring


def _cells(state: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {c["cell"]: c for c in state["cells"]}


def change(before: dict[str, Any], after: dict[str, Any]) -> tuple[str | None, list[str]]:
    """The square a disc was placed on (None if the board did not change) and the flipped squares."""
    old, new = _cells(before), _cells(after)
    placed = [name for name in new if name not in old]
    flipped = sorted(name for name in new if name in old and new[name]["face"] != old[name]["face"])
    return (placed[0] if placed else None), flipped


# A footer line is a list of parts: ("text", words, bold), ("disc", Face, value), ("ring", dashed, "").
Part = tuple[str, Any, Any]


def pictured(before: dict[str, Any], after: dict[str, Any]) -> bool:
    """A set-up draw is told in words; the board is drawn once the centre is full (the set-up's last
    draw; the steps say which square each disc filled). Every turn of play has its picture."""
    return not (before["phase"] == "setup" and after["phase"] == "setup")


def diagram(loaded: LoadedSpec, before: dict[str, Any], after: dict[str, Any]) -> str:
    labels = loaded.production("faces", IntegerMatrixFaces).diagram
    text = loaded.text
    look = faces(loaded)
    placed, flipped = change(before, after)
    net = text(labels.net)
    if before["phase"] == "setup" and placed:
        title = f"{text(labels.setup)} {after['setup_squares'].index(placed) + 1}: {placed}"
        return _picture(after, title, {"placed": placed, "todo": True}, [], look)
    if placed is None:
        footer = [*_hand(before, text(labels.drawn), look), _net(before, net)]
        return _picture(before, text(labels.refused), {}, footer, look)
    legend = _legend(text(labels.placed), text(labels.flipped))
    # A turn's net scores are in its step's own words ("net score: 0 + (−4) = −4"): the picture shows
    # the board, and stays short enough to share half a page with them. The end of the game is news.
    footer = [[("text", f"{text(labels.over)}: {after['end']}", True)]] if after["phase"] == "over" else []
    # The mover's side, as the rule book names it (the step's text says which player): a seat id such
    # as "negative-1" is not a word, and a whole person ("the negative team's first player") would
    # shrink the title's type below the book's.
    title = f"{text(labels.after)}: {side_of(before['to_move'])} {text(labels.onto)} {placed}"
    return _picture(after, title, {"placed": placed, "flipped": flipped}, footer, look, legend)


def _net(state: dict[str, Any], label: str) -> list[Part]:
    scores = " · ".join(f"{side} {numeral(sheet['net'])}" for side, sheet in state["sheets"].items())
    return [("text", f"{label}: {scores}", False)]


def _hand(state: dict[str, Any], drawn: str, look: dict[str, Face]) -> list[list[Part]]:
    if state["hand"] is None:
        return []
    hand: list[Part] = [("text", f"{drawn}:", False)]
    hand += [("disc", face, value) for face, value in zip(look.values(), state["hand"], strict=True)]
    return [hand]


def _legend(placed: str, flipped: str) -> list[Part]:
    return [("ring", False, ""), ("text", placed, False), ("ring", True, ""), ("text", flipped, False)]


def _line_h(parts: list[Part]) -> float:
    if any(p[0] == "disc" for p in parts):
        return DISC_H
    return LINE_H if any(p[0] == "text" and book.runs(p[1]) != [(p[1], False)] for p in parts) else WORDS_H


def _picture(state: dict[str, Any], title: str, marks: dict[str, Any], footer: list[list[Part]], look: dict[str, Face], legend: list[Part] | None = None) -> str:
    """The board under its title; the legend of the rings goes beside the title where both fit, so the
    picture stays short enough to share half a page with its step, else on a line of its own."""
    size = state["size"]
    width = LABEL_W + size * CELL + 1
    title_w, legend_w = book.line_width(title, bold=True), _parts_w(legend or [])
    beside = legend is not None and title_w + LEGEND_GAP + legend_w <= width
    if legend is not None and not beside:
        footer = [legend, *footer]
    grid_bottom = TITLE_H + LETTERS_H + size * CELL
    height = grid_bottom + 4 + sum(_line_h(parts) for parts in footer) + 2
    dwg = k.drawing(width, height)
    g = dwg.g()
    if beside and legend is not None:
        book.line(g, dwg, 0, TITLE_H - 7, title, anchor="start", bold=True)
        _line(g, dwg, width - legend_w / 2, TITLE_H - 7, legend, look)
    else:
        _title(g, dwg, width, title)
    _board(g, dwg, state, marks, look)
    y = grid_bottom + 4
    for parts in footer:
        y += _line_h(parts)
        _line(g, dwg, LABEL_W + size * CELL / 2, y - 7, parts, look)
    dwg.add(g)
    return k.to_string(dwg)


def _title(g: Any, dwg: Any, width: float, title: str) -> None:
    """The title centred over the board, its square names and numbers large; a long title of words only
    (the refusal) is set smaller to fit."""
    words = book.WORD_SIZE
    while words > 8 and book.line_width(title, bold=True, words=words) > width:
        words -= 0.5
    book.line(g, dwg, width / 2, TITLE_H - 7, title, bold=True, words=words)


def _board(g: Any, dwg: Any, state: dict[str, Any], marks: dict[str, Any], look: dict[str, Face]) -> None:
    n, columns = state["size"], state["columns"]
    left, top = LABEL_W, TITLE_H + LETTERS_H
    full = n * CELL
    # A plain grid, not a checker: the books inline every diagram, and 49 squares apiece make them slow.
    g.add(dwg.rect((left, top), (full, full), fill=k.PAPER, stroke=k.INK, stroke_width=1))
    for i in range(1, n):
        g.add(dwg.line((left + i * CELL, top), (left + i * CELL, top + full), stroke=GRID, stroke_width=0.6))
        g.add(dwg.line((left, top + i * CELL), (left + full, top + i * CELL), stroke=GRID, stroke_width=0.6))
    _letters(g, dwg, [(left + (c + 0.5) * CELL, top - 4, letter) for c, letter in enumerate(columns)])
    # The row numbers are numbers: as large as the discs' own. Placed from their measured width, not by
    # text-anchor (which a renderer may apply from elsewhere), so that none runs under a column-a disc.
    for r in range(n):
        book.line(g, dwg, left - 2.0, top + (r + 0.5) * CELL + NUM * 0.36, str(r + 1), anchor="end", fill=k.GREY)

    def centre(name: str) -> tuple[float, float]:
        return left + (columns.index(name[0]) + 0.5) * CELL, top + (int(name[1:]) - 0.5) * CELL

    cells = _cells(state)
    if marks.get("todo"):  # set-up squares still empty keep their number
        for number, name in enumerate(state["setup_squares"], start=1):
            if name not in cells:
                cx, cy = centre(name)
                k.text(g, dwg, cx, cy + NUM * 0.36, str(number), NUM, fill=k.GREY)
    for name, cell in cells.items():
        _disc(dwg, g, *centre(name), look[cell["face"]], cell["shown"])
    if "placed" in marks:
        g.add(dwg.circle(centre(marks["placed"]), R + RING, fill="none", stroke=k.INK, stroke_width=1.8))
    for name in marks.get("flipped", []):
        g.add(dwg.circle(centre(name), R + RING, fill="none", stroke=k.INK, stroke_width=1.2, stroke_dasharray="2.6,1.8"))


def _disc(dwg: Any, parent: Any, cx: float, cy: float, face: Face, value: int) -> None:
    """A disc with its number. Drawn as an ellipse: the low-ink pass turns small white circles into
    dark dots, and a white disc must stay white."""
    centre = (round(cx, 2), round(cy, 2))
    if face.outline:
        parent.add(dwg.ellipse(centre, (R, R), fill=face.fill, stroke=face.outline, stroke_width=0.9))
    else:
        parent.add(dwg.ellipse(centre, (R, R), fill=face.fill))
    k.text(parent, dwg, cx, cy + NUM * 0.36, numeral(value), NUM, fill=face.ink, condensed=True)


def _letters(parent: Any, dwg: Any, glyphs: list[tuple[float, float, str]]) -> None:
    """Column letters centred on their points, one glyph each, as a single text element with a position
    per glyph: the books typeset every text element on its own, and this keeps a board's cost down."""
    size = book.WORD_SIZE
    if any(len(label) != 1 for _, _, label in glyphs):
        for x, y, label in glyphs:
            k.text(parent, dwg, x, y, label, size, fill=k.GREY)
        return
    xs = [round(x - k.fonts.text_width(label, size) / 2, 2) for x, _, label in glyphs]
    ys = [round(y, 2) for _, y, _ in glyphs]
    content = "".join(label for _, _, label in glyphs)
    parent.add(dwg.text(content, x=xs, y=ys, font_family=k.fonts.FAMILY, font_size=f"{size:g}", fill=k.GREY))


GAP = 5.0  # between the parts of a footer line


def _part_w(p: Part) -> float:
    if p[0] == "text":
        return book.line_width(p[1], bold=p[2])
    return 2 * R + 1 if p[0] == "disc" else 16.0


def _parts_w(parts: list[Part]) -> float:
    return sum(_part_w(p) for p in parts) + GAP * max(0, len(parts) - 1)


def _line(parent: Any, dwg: Any, cx: float, y: float, parts: list[Part], look: dict[str, Face]) -> None:
    """One centred footer line of words (their numbers large), discs and legend rings."""
    gap = GAP
    widths = [_part_w(p) for p in parts]
    x = cx - _parts_w(parts) / 2
    for p, w in zip(parts, widths, strict=True):
        if p[0] == "text":
            book.line(parent, dwg, x, y, p[1], anchor="start", bold=p[2])
        elif p[0] == "disc":
            _disc(dwg, parent, x + w / 2, y - NUM * 0.36, p[1], p[2])
        else:
            dash = {"stroke_dasharray": "2.6,1.8"} if p[1] else {}
            parent.add(dwg.circle((round(x + w / 2, 2), y - 4), 7, fill="none", stroke=k.INK, stroke_width=1.8 if not p[1] else 1.2, **dash))
        x += w + gap


def start_words(loaded: LoadedSpec, start: dict[str, Any]) -> str:
    """Where an example starts, in words for the rule books: set-up itself, or a board from the middle
    of a game (set-up alone fills only the centre squares), with the net scores when they are not 0."""
    if start["phase"] == "setup":
        return "An empty board: the game has not begun." if not start["cells"] else ""
    nets = {side: sheet["net"] for side, sheet in start["sheets"].items()}
    scores = "both net scores start at 0" if not any(nets.values()) else ", ".join(f"the {side} net score is {signed(net)}" for side, net in nets.items())
    return f"A board from the middle of a game, made up for this example; {scores}."


def printed_events(events: list[Event]) -> list[Event]:
    """The step's events a reader needs: the next player's draw is left out, as the next step says which
    disc is placed and the step's point is the placement and its score."""
    return [e for e in events if e.kind != "draw"] or events
