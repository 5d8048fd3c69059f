"""Momentum Game! art: push and stop cards, the card back, the track board, tokens, the referee card.

Every meaning a colour carries is carried twice: the side by arrow direction and words, Dark/Light by a
filled or white card, the word DARK/LIGHT and one or two strength pips.
"""

from __future__ import annotations

from typing import Any

import svgwrite

from kitpress.games.momentum_game.art import step_diagram
from kitpress.games.momentum_game.production import (
    BOX_GAP_MM,
    BOX_HEIGHT_MM,
    COUNT_BOX_MM,
    GAME_BOARD_HEIGHT_MM,
    GAME_BOARD_MARGIN_MM,
    MARKER_BOX_MM,
    MomentumGameBoard,
    MomentumGameFaces,
)
from kitpress.games.momentum_game.rules import CardType
from kitpress.pieces import BLEED, CARD_TRIM, SAFE_ZONE, Art, PrintJob, mm
from kitpress.render import cut
from kitpress.render import svgkit as k
from kitpress.spec.load import LoadedSpec

W, H = CARD_TRIM
B = BLEED
SAFE = SAFE_ZONE
FRAME_IN = 11.0  # pt, trim to the Light card frame's centre line: its outer edge 9 pt (3.2 mm) in (lint.safe_frame)


def _tint(colour: str, amount: float) -> str:
    """Mix a #rrggbb colour with white; amount 0 = colour, 1 = white."""
    rgb = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(c + (255 - c) * amount):02x}" for c in rgb)


def _faces(loaded: LoadedSpec) -> MomentumGameFaces:
    return loaded.production("faces", MomentumGameFaces)


def _card_canvas() -> svgwrite.Drawing:
    return k.drawing(W + 2 * B, H + 2 * B)


def _pips(dwg: svgwrite.Drawing, cx: float, cy: float, count: int, total: int, colour: str, filled: bool) -> None:
    gap = 22.0
    x0 = cx - gap * (total - 1) / 2
    for i in range(total):
        on = i < count
        dwg.add(dwg.circle((x0 + i * gap, cy), 7.5, fill=(colour if on else "none") if filled else ("#ffffff" if on else "none"), stroke=colour if filled else "#ffffff", stroke_width=2))


def push_card(loaded: LoadedSpec, card: CardType) -> Art:
    engine = loaded.engine
    side = engine.side(card.side)
    faces = _faces(loaded)
    face = faces.push(side.id)
    shade = next(s for s in engine.config.shades if s.id == card.shade)
    strength, top = shade.strength, max(s.strength for s in engine.config.shades)
    dark = shade.strength == top
    ink, field = ("#ffffff", side.colour) if dark else (side.colour, _tint(side.colour, 0.88))
    direction = 1 if side.edge == "max" else -1
    dwg = _card_canvas()
    dwg.add(dwg.rect((0, 0), (W + 2 * B, H + 2 * B), fill=field))
    if not dark:  # a light card keeps a thick frame of its colour, so it reads as the same side
        dwg.add(dwg.rect((B + FRAME_IN, B + FRAME_IN), (W - 2 * FRAME_IN, H - 2 * FRAME_IN), fill="none", stroke=side.colour, stroke_width=4, rx=8))
    label = loaded.text(face.label).upper()
    k.text(dwg, dwg, B + W / 2, B + 66, label, k.fit_size(label, W - 2 * SAFE - 24, 20, bold=True), bold=True, fill=ink)
    dwg.add(k.arrow(dwg, B + W / 2, B + 120, 128, 26, direction, fill=ink))
    word = loaded.text(faces.shade_labels[shade.id])  # check() gave every shade a label
    k.text(dwg, dwg, B + W / 2, B + 178, f"{word} · STRENGTH {strength}", 12, bold=True, fill=ink)
    _pips(dwg, B + W / 2, B + 200, strength, top, ink, filled=not dark)
    for x, y, rot in ((B + SAFE + 14, B + SAFE + 20, 0), (B + W - SAFE - 14, B + H - SAFE - 20, 180)):
        corner = dwg.g(transform=f"rotate({rot} {x} {y})")
        k.text(corner, dwg, x, y, side.arrow, 16, bold=True, fill=ink)
        k.text(corner, dwg, x, y + 17, str(strength), 15, bold=True, fill=ink)
        dwg.add(corner)
    k.text(dwg, dwg, B + W / 2, B + H - 22, f"{side.name} {side.arrow}", 10, fill=ink)
    return Art(card.id, k.to_string(dwg), W, H)


def stop_card(loaded: LoadedSpec, card: CardType) -> Art:
    face = _faces(loaded).green
    colour, ink = face.colour, face.ink
    dwg = _card_canvas()
    dwg.add(dwg.rect((0, 0), (W + 2 * B, H + 2 * B), fill=colour))
    cx, cy, r = B + W / 2, B + 112, 54.0
    octagon = [(cx + r * c, cy + r * s) for c, s in ((0.414, -1), (1, -0.414), (1, 0.414), (0.414, 1), (-0.414, 1), (-1, 0.414), (-1, -0.414), (-0.414, -1))]
    dwg.add(k.polygon(dwg, octagon, fill="#ffffff", stroke=ink, stroke_width=3))
    k.text(dwg, dwg, cx, cy + 11, loaded.text(face.title), 30, bold=True, fill=ink)
    subtitle = loaded.text(face.subtitle).upper()
    k.text(dwg, dwg, cx, B + 44, subtitle, k.fit_size(subtitle, W - 2 * SAFE - 48, 18, bold=True), bold=True, fill=ink)
    dwg.add(k.arrow(dwg, cx - 38, B + 194, 56, 10, 1, fill=ink))
    dwg.add(k.arrow(dwg, cx + 38, B + 194, 56, 10, -1, fill=ink))
    k.text(dwg, dwg, cx, B + 232, loaded.text(face.caption), 16, bold=True, fill=ink)
    for x, y, rot in ((B + SAFE + 12, B + SAFE + 18, 0), (B + W - SAFE - 12, B + H - SAFE - 18, 180)):
        corner = dwg.g(transform=f"rotate({rot} {x} {y})")
        k.text(corner, dwg, x, y, "0", 16, bold=True, fill=ink)
        dwg.add(corner)
    return Art(card.id, k.to_string(dwg), W, H)


def card_back(loaded: LoadedSpec) -> Art:
    sides = loaded.engine.config.sides
    dwg = _card_canvas()
    navy = "#263238"
    dwg.add(dwg.rect((0, 0), (W + 2 * B, H + 2 * B), fill=navy))
    dwg.add(dwg.rect((B + 10, B + 10), (W - 20, H - 20), fill="none", stroke="#ffffff", stroke_width=2, rx=10))
    title = loaded.text(_faces(loaded).back_title)
    k.text(dwg, dwg, B + W / 2, B + H / 2 + 8, title, k.fit_size(title, W - 40, 22, bold=True), bold=True, fill="#ffffff")
    right = next(s for s in sides if s.edge == "max")
    left = next(s for s in sides if s.edge == "min")
    dwg.add(k.arrow(dwg, B + W / 2, B + 70, 110, 16, 1, fill=_tint(right.colour, 0.35)))
    dwg.add(k.arrow(dwg, B + W / 2, B + H - 70, 110, 16, -1, fill=_tint(left.colour, 0.35)))
    k.text(dwg, dwg, B + W / 2, B + H / 2 + 30, "ΣF = ?", 13, fill="#ffffff")
    return Art("back", k.to_string(dwg), W, H)


def card_jobs(loaded: LoadedSpec) -> PrintJob:
    fronts: list[Art] = []
    for card in loaded.engine.config.deck.cards:
        art = push_card(loaded, card) if card.kind == "push" else stop_card(loaded, card)
        fronts += [art] * card.count
    back = card_back(loaded)
    return PrintJob("cards", "cards", "grid9", tuple(fronts), tuple([back] * len(fronts)), _name(loaded, "cards", "Cards"))


NUMBER_BAND = mm(7.5)  # along the top of a track space: its number, above the block's place


def board(loaded: LoadedSpec) -> Art:
    cfg = loaded.engine.config
    design = loaded.production("board", MomentumGameBoard)
    spaces = list(range(cfg.track.min, cfg.track.max + 1))
    space_w = mm(design.space_width_mm)
    margin = mm(GAME_BOARD_MARGIN_MM)
    width = space_w * len(spaces) + 2 * margin  # check() refused a track no paper holds
    height = mm(GAME_BOARD_HEIGHT_MM)
    dwg = k.drawing(width + 2 * B, height + 2 * B)
    dwg.add(dwg.rect((0, 0), (width + 2 * B, height + 2 * B), fill="#ffffff"))
    x0, y0 = B + margin, B + mm(28)
    track_h = mm(40)
    title = loaded.spec.identity.title
    k.text(dwg, dwg, B + width / 2, B + mm(13), title, 22, bold=True)
    by_edge = {loaded.engine.edge(s.id): s for s in cfg.sides}
    for i, n in enumerate(spaces):
        x = x0 + i * space_w
        owner = by_edge.get(n)
        fill = _tint(owner.colour, 0.8) if owner else "#ffffff"
        # The space's number in a band along its top, the block's place under it: the block on its space
        # leaves the number in sight (lint rule W8).
        dwg.add(dwg.rect((x, y0), (space_w, track_h), fill=fill, stroke=k.INK, stroke_width=2))
        dwg.add(dwg.rect((x, y0 + NUMBER_BAND), (space_w, track_h - NUMBER_BAND), fill="none", data_holds="block"))
        dwg.add(dwg.line((x + 4, y0 + NUMBER_BAND), (x + space_w - 4, y0 + NUMBER_BAND), stroke=k.GREY, stroke_width=0.6, stroke_dasharray="3,3"))
        k.text(dwg, dwg, x + space_w / 2, y0 + NUMBER_BAND - 4, str(n), 18, bold=True)
        if n == cfg.track.start:
            k.text(dwg, dwg, x + space_w / 2, y0 + track_h + 13, "START", 9, bold=True, fill=k.GREY)
        if owner:
            cy = y0 + track_h + mm(9)
            if design.edge_dots:  # the design document's large dots under the winning spaces
                dwg.add(dwg.circle((x + space_w / 2, cy), mm(6), fill=k.INK))
            k.text(dwg, dwg, x + space_w / 2, cy + mm(11), f"{owner.name.upper()} WINS", 11, bold=True, fill=owner.colour)
    for side in cfg.sides:
        toward_right = side.edge == "max"
        x = x0 + (len(spaces) * space_w if toward_right else 0)
        label = f"{side.name} pushes {side.direction.lower()} {side.arrow}" if toward_right else f"{side.arrow} {side.name} pushes {side.direction.lower()}"
        k.text(dwg, dwg, x, y0 - 10, label, 11, bold=True, anchor="end" if toward_right else "start", fill=side.colour)
    _streak_panel(dwg, loaded, B + margin, B + mm(96), width - 2 * margin)
    caption = loaded.text(design.caption)
    if caption:
        k.text(dwg, dwg, B + width / 2, B + height - mm(5), caption, 10, fill=k.GREY)
    return Art("board", k.to_string(dwg), width, height)


def _streak_panel(dwg: svgwrite.Drawing, loaded: LoadedSpec, x: float, y: float, width: float) -> None:
    """Marker boxes from the left end, count boxes up to the right end; check() refused a track too
    short to keep them apart (production.streak_panel_mm)."""
    cfg = loaded.engine.config
    left = next(s for s in cfg.sides if s.edge == "min")
    right = next(s for s in cfg.sides if s.edge == "max")
    k.text(dwg, dwg, x, y, "STREAK MARKER", 11, bold=True, anchor="start")
    boxes = [f"{left.arrow} {left.direction}", "No streak", f"{right.direction} {right.arrow}"]
    box_w, box_h, gap = mm(MARKER_BOX_MM), mm(BOX_HEIGHT_MM), mm(BOX_GAP_MM)
    for i, label in enumerate(boxes):
        bx = x + i * (box_w + gap)
        dwg.add(dwg.rect((bx, y + 6), (box_w, box_h), fill="#ffffff", stroke=k.INK, stroke_width=1.2, rx=4, data_holds="streak-marker"))
        k.text(dwg, dwg, bx + box_w / 2, y + 6 + box_h + 12, label, 11)  # under its box, in sight under the marker
    count_w = mm(COUNT_BOX_MM)
    cx = x + width - (cfg.streak_cap + 1) * (count_w + gap)
    k.text(dwg, dwg, cx, y, "STREAK COUNT", 11, bold=True, anchor="start")
    for n in range(cfg.streak_cap + 1):
        bx = cx + n * (count_w + gap)
        dwg.add(dwg.rect((bx, y + 6), (count_w, box_h), fill="#ffffff", stroke=k.INK, stroke_width=1.2, rx=4, data_holds="streak-count"))
        k.text(dwg, dwg, bx + count_w / 2, y + 6 + box_h + 14, str(n), 14, bold=True)


# Token sizes (mm): each fits the board boxes it goes in with at least 1 mm all round (lint.fit): the
# block a 40 mm track space, the marker a 30 × 14 mm marker box, the count a 14 mm count box.
BLOCK_MM, MARKER_MM, COUNT_MM, REASONING_MM = 30.0, (26.0, 11.0), 11.0, (30.0, 20.0)
BLOCK_FILL, COUNT_FILL = "#ffe082", "#90a4ae"


def tokens(loaded: LoadedSpec) -> list[Art]:
    size = mm(BLOCK_MM)
    block = k.drawing(size + 2 * B, size + 2 * B)
    cut.rect_piece(block, size, size, BLOCK_FILL)
    block.add(block.rect((B + 11, B + 11), (size - 22, size - 22), fill="none", stroke=k.INK, stroke_width=2))
    k.text(block, block, B + size / 2, B + size / 2 + 5, "BLOCK", 13, bold=True)
    arrow_w, arrow_h = mm(MARKER_MM[0]), mm(MARKER_MM[1])
    streak = k.drawing(arrow_w + 2 * B, arrow_h + 2 * B)
    cut.rect_piece(streak, arrow_w, arrow_h)
    streak.add(k.arrow(streak, B + arrow_w / 2, B + arrow_h / 2, arrow_w - 12, 12, 1, fill="#ffffff", stroke=k.INK, stroke_width=1.5))
    k.text(streak, streak, B + arrow_w / 2 - 6, B + arrow_h / 2 + 3.2, "STREAK", 9, bold=True)
    count_size = mm(COUNT_MM)
    count = k.drawing(count_size + 2 * B, count_size + 2 * B)
    cut.round_piece(count, count_size, COUNT_FILL)  # the box it sits in says the count: no word needed
    return [
        Art("block", k.to_string(block), size, size, fits="block"),
        Art("streak-marker", k.to_string(streak), arrow_w, arrow_h, fits="streak-marker"),
        Art("streak-count", k.to_string(count), count_size, count_size, shape="circle", fits="streak-count"),
        *[reasoning_token(loaded)] * reasoning_count(loaded),
    ]


def reasoning_count(loaded: LoadedSpec) -> int:
    """How many reasoning tokens the kit lists (its components), so the number is written once."""
    return sum(c.quantity for c in loaded.spec.components if c.id == "reasoning-tokens")


def reasoning_token(loaded: LoadedSpec) -> Art:
    """What the student referee hands a player for a clear physics explanation (seed §9)."""
    w, h = mm(REASONING_MM[0]), mm(REASONING_MM[1])
    dwg = k.drawing(w + 2 * B, h + 2 * B)
    cut.rect_piece(dwg, w, h)
    k.text(dwg, dwg, B + w / 2, B + h / 2 + 2, "ΣF", 20, bold=True)
    word = loaded.text(_faces(loaded).reasoning.word).upper()
    k.text(dwg, dwg, B + w / 2, B + h - SAFE - 2, word, k.fit_size(word, w - 2 * SAFE - 4, 8, bold=True), bold=True)
    return Art("reasoning-token", k.to_string(dwg), w, h)


def referee_card(loaded: LoadedSpec) -> Art:
    """The student referee's checklist on a 4 × 6 in card."""
    width, height = 288.0, 432.0
    dwg = k.drawing(width + 2 * B, height + 2 * B)
    dwg.add(dwg.rect((0, 0), (width + 2 * B, height + 2 * B), fill="#ffffff"))
    dwg.add(dwg.rect((0, 0), (width + 2 * B, B + 52), fill="#263238"))
    k.text(dwg, dwg, B + width / 2, B + 24, "REFEREE CHECKLIST", 16, bold=True, fill="#ffffff")
    k.text(dwg, dwg, B + width / 2, B + 42, loaded.spec.identity.title, 11, fill="#ffffff")
    y = B + 78
    left = B + 20
    for n, item in enumerate(loaded.spec.referee_checklist, start=1):
        dwg.add(dwg.rect((left, y - 10), (11, 11), fill="none", stroke=k.INK, stroke_width=1.2))
        k.text(dwg, dwg, left + 18, y, f"{n}.", 10, bold=True, anchor="start")
        y = k.paragraph(dwg, dwg, left + 34, y, loaded.text(item), width - 2 * 20 - 34, 10) + 8
    y += 4
    k.text(dwg, dwg, left, y, "QUICK RULINGS", 10, bold=True, anchor="start")
    y += 14
    for rul in loaded.spec.classroom.quick_rulings:
        y = k.paragraph(dwg, dwg, left, y, f"{loaded.text(rul.issue)}: {loaded.text(rul.resolution)}", width - 40, 8.5) + 4
    return Art("referee-card", k.to_string(dwg), width, height)


def colour_pairs(loaded: LoadedSpec) -> list[tuple[str, str, str]]:
    """Colours that carry a meaning and must stay apart in grey and for colour-blind readers."""
    red, blue = (loaded.engine.side(s) for s in ("red", "blue"))
    green = _faces(loaded).green.colour
    return [("side", red.colour, blue.colour), ("push or stop", red.colour, green), ("push or stop", blue.colour, green)]


def _name(loaded: LoadedSpec, printed: str, otherwise: str) -> str:
    """The spec's name for the one component printed this way (one name per component: lint rule W7)."""
    named = [c for c in loaded.spec.components if c.print == printed]
    return loaded.text(named[0].name) if len(named) == 1 else otherwise


def jobs(loaded: LoadedSpec) -> list[PrintJob]:
    return [
        card_jobs(loaded),
        PrintJob("board", "board", "pack", (board(loaded),), title=_name(loaded, "board", "Track board")),
        PrintJob("tokens", "tokens", "pack", tuple(tokens(loaded)), title="Block, streak and reasoning tokens"),
        PrintJob("checklist", "referee-card", "pack", (referee_card(loaded),), title=_name(loaded, "checklist", "Referee card")),
    ]


def diagram(loaded: LoadedSpec, before: dict[str, Any], after: dict[str, Any]) -> str:
    return step_diagram.diagram(loaded, before, after)
