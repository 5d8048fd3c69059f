"""The booklet's picture of one worked-example step, drawn from the engine's describe_state only.

A turn shows the board before (the square about to be played boxed with a dashed line, the drawn
disc's two sides below) and after (the placed disc ringed, each flipped disc in a dashed ring).
A set-up step shows the board after it; a refused step the one unchanged board.
"""

from __future__ import annotations

from typing import Any

from kitpress.games.integer_matrix.art.marks import Face, faces, mini_disc, numeral
from kitpress.render import svgkit as k
from kitpress.spec.load import LoadedSpec

CELL, R, NUM = 18.0, 7.2, 7.5  # square, disc radius, numeral size
LABEL_W, TITLE_H, LETTERS_H, LINE_H, GAP = 10.0, 13.0, 9.0, 11.5, 28.0
GRID = "#b5b5b5"
TITLE_SIZE = 8.5
RING = 1.6  # how far a mark's ring sits outside a disc: inside its square, clear of the next ring


def _cells(state: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {c["cell"]: c for c in state["cells"]}


def change(before: dict[str, Any], after: dict[str, Any]) -> tuple[str | None, list[str]]:
    """The square a disc was placed on (None if the board did not change) and the flipped squares."""
    old, new = _cells(before), _cells(after)
    placed = [name for name in new if name not in old]
    flipped = sorted(name for name in new if name in old and new[name]["face"] != old[name]["face"])
    return (placed[0] if placed else None), flipped


def diagram(loaded: LoadedSpec, before: dict[str, Any], after: dict[str, Any]) -> str:
    labels = {key: loaded.text(value) for key, value in loaded.spec.production.faces["diagram"].items()}
    look = faces(loaded)
    placed, flipped = change(before, after)
    board_w = LABEL_W + after["size"] * CELL + 2
    if before["phase"] == "setup" and placed:
        title = f"{labels['setup']} {after['setup_squares'].index(placed) + 1}: {placed}"
        return _picture([(after, title, {"placed": placed, "todo": True}, [])], board_w, look)
    if placed is None:
        return _picture([(before, labels["refused"], {}, _hand_and_net(before, labels, look))], board_w, look)
    mover = before["to_move"]
    after_lines = [_legend(labels), _net(after, labels)]
    if after["phase"] == "over":
        after_lines.append([("text", f"{labels['over']}: {after['end']}", True)])
    return _picture(
        [
            (before, labels["before"], {"target": placed}, _hand_and_net(before, labels, look)),
            (after, f"{labels['after']}: {mover} {labels['onto']} {placed}", {"placed": placed, "flipped": flipped}, after_lines),
        ],
        board_w,
        look,
    )


# A footer line is a list of parts: ("text", words, bold), ("disc", Face, value), ("ring", dashed, "").
Part = tuple[str, Any, Any]


def _net(state: dict[str, Any], labels: dict[str, str]) -> list[Part]:
    scores = " · ".join(f"{side} {numeral(sheet['net'])}" for side, sheet in state["sheets"].items())
    return [("text", f"{labels['net']}: {scores}", False)]


def _hand_and_net(state: dict[str, Any], labels: dict[str, str], look: dict[str, Face]) -> list[list[Part]]:
    lines = []
    if state["hand"] is not None:
        hand: list[Part] = [("text", f"{labels['drawn']}:", False)]
        hand += [("disc", face, value) for face, value in zip(look.values(), state["hand"], strict=True)]
        lines.append(hand)
    return [*lines, _net(state, labels)]


def _legend(labels: dict[str, str]) -> list[Part]:
    return [("ring", False, ""), ("text", labels["placed"], False), ("ring", True, ""), ("text", labels["flipped"], False)]


def _picture(boards: list[tuple[dict[str, Any], str, dict[str, Any], list[list[Part]]]], board_w: float, look: dict[str, Face]) -> str:
    size = boards[0][0]["size"]
    lines = max(len(b[3]) for b in boards)
    grid_bottom = TITLE_H + LETTERS_H + size * CELL
    height = grid_bottom + 3 + lines * LINE_H + 2
    width = len(boards) * board_w + (len(boards) - 1) * GAP
    width = max(width, *(i * (board_w + GAP) + _title_w(b[1]) + 1 for i, b in enumerate(boards)))
    dwg = k.drawing(width, height)
    for i, (state, title, marks, footer) in enumerate(boards):
        x0 = i * (board_w + GAP)
        _board(dwg, x0, state, title, marks, look)
        for n, parts in enumerate(footer):
            _line(dwg, x0 + board_w / 2, grid_bottom + 3 + (n + 1) * LINE_H - 3, parts, look)
    if len(boards) == 2:
        mid = TITLE_H + LETTERS_H + size * CELL / 2
        dwg.add(k.arrow(dwg, board_w + GAP / 2, mid, GAP - 8, 5, 1, fill="#9e9e9e"))
    return k.to_string(dwg)


def _title_w(title: str) -> float:
    return k.fonts.text_width(title, TITLE_SIZE, "bold")


def _board(dwg: Any, x0: float, state: dict[str, Any], title: str, marks: dict[str, Any], look: dict[str, Face]) -> None:
    g = dwg.g(transform=f"translate({x0:g} 0)")
    n, columns = state["size"], state["columns"]
    left, top = LABEL_W, TITLE_H + LETTERS_H
    full = n * CELL
    if _title_w(title) <= left + full:
        k.text(g, dwg, left + full / 2, TITLE_H - 4, title, TITLE_SIZE, bold=True)
    else:  # a long title runs on to the right; the picture is made wide enough for it
        k.text(g, dwg, 0, TITLE_H - 4, title, TITLE_SIZE, bold=True, anchor="start")
    # A plain grid, not a checker: the booklet inlines every diagram, and 49 squares apiece make it slow.
    g.add(dwg.rect((left, top), (full, full), fill=k.PAPER, stroke=k.INK, stroke_width=1))
    for i in range(1, n):
        g.add(dwg.line((left + i * CELL, top), (left + i * CELL, top + full), stroke=GRID, stroke_width=0.5))
        g.add(dwg.line((left, top + i * CELL), (left + full, top + i * CELL), stroke=GRID, stroke_width=0.5))
    _labels(g, dwg, [(left + (c + 0.5) * CELL, top - 2.5, letter) for c, letter in enumerate(columns)])
    _labels(g, dwg, [(left - 5, top + (r + 0.5) * CELL + 2.5, str(r + 1)) for r in range(n)])

    def centre(name: str) -> tuple[float, float]:
        return left + (columns.index(name[0]) + 0.5) * CELL, top + (int(name[1:]) - 0.5) * CELL

    cells = _cells(state)
    if marks.get("todo"):  # set-up squares still empty keep their number
        for number, name in enumerate(state["setup_squares"], start=1):
            if name not in cells:
                cx, cy = centre(name)
                k.text(g, dwg, cx, cy + 2.5, str(number), 7, fill=k.GREY)
    for name, cell in cells.items():
        mini_disc(dwg, g, *centre(name), R, look[cell["face"]], cell["shown"], NUM)
    if "target" in marks:
        cx, cy = centre(marks["target"])
        s = CELL - 3
        g.add(dwg.rect((cx - s / 2, cy - s / 2), (s, s), fill="none", stroke=k.INK, stroke_width=1.1, stroke_dasharray="2.2,1.6"))
    if "placed" in marks:
        g.add(dwg.circle(centre(marks["placed"]), R + RING, fill="none", stroke=k.INK, stroke_width=1.8))
    for name in marks.get("flipped", []):
        g.add(dwg.circle(centre(name), R + RING, fill="none", stroke=k.INK, stroke_width=1.1, stroke_dasharray="2.2,1.6"))
    dwg.add(g)


def _labels(parent: Any, dwg: Any, glyphs: list[tuple[float, float, str]]) -> None:
    """Coordinate labels centred on their points, one glyph each, as a single text element with a
    position per glyph: the booklet typesets every text element on its own, and a board's fourteen
    labels would otherwise be half of a diagram's cost."""
    if any(len(label) != 1 for _, _, label in glyphs):
        for x, y, label in glyphs:
            k.text(parent, dwg, x, y, label, 7, fill=k.GREY)
        return
    xs = [round(x - k.fonts.text_width(label, 7) / 2, 2) for x, _, label in glyphs]
    ys = [round(y, 2) for _, y, _ in glyphs]
    content = "".join(label for _, _, label in glyphs)
    parent.add(dwg.text(content, x=xs, y=ys, font_family=k.fonts.FAMILY, font_size="7", fill=k.GREY))


def _line(dwg: Any, cx: float, y: float, parts: list[Part], look: dict[str, Face]) -> None:
    """One centred footer line of words, small discs and legend rings."""
    size = NUM

    def part_w(p: Part) -> float:
        return k.fonts.text_width(p[1], size, "bold" if p[2] else "regular") if p[0] == "text" else 2 * R + 1

    widths = [part_w(p) for p in parts]
    x = cx - (sum(widths) + 3.5 * (len(parts) - 1)) / 2
    for p, w in zip(parts, widths, strict=True):
        if p[0] == "text":
            k.text(dwg, dwg, x, y, p[1], size, bold=p[2], anchor="start")
        elif p[0] == "disc":
            mini_disc(dwg, dwg, x + w / 2, y - 2.7, R, p[1], p[2], size)
        else:
            dash = {"stroke_dasharray": "2.2,1.6"} if p[1] else {}
            dwg.add(dwg.circle((round(x + w / 2, 2), y - 2.7), R - 1.5, fill="none", stroke=k.INK, stroke_width=1.8 if not p[1] else 1.1, **dash))
        x += w + 3.5
