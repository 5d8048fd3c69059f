"""Newtonian Rummy's 52 cards and their back, poker size.

A card shows its category three ways besides colour: the header word, the letter in the corner
index and a drawn symbol. Face cards show their effect the same way whatever their letter (ruling
R7); the K prints its two aims, one at each end (ruling R5).
"""

from __future__ import annotations

from typing import Any

from kitpress import fonts
from kitpress.games.newtonian_rummy.art import marks as nm
from kitpress.games.newtonian_rummy.cards import Card, Face
from kitpress.games.newtonian_rummy.production import FaceCard, KCard, RummyFaces
from kitpress.pieces import BLEED, CARD_TRIM, SAFE_ZONE, Art, PrintJob
from kitpress.render import svgkit as k
from kitpress.spec.load import LoadedSpec

W, H = CARD_TRIM
B = BLEED
SAFE = SAFE_ZONE
TOP_BAND = 40.0  # trim-relative depth of the header band
BOTTOM_BAND = 30.0
WHITE = "#ffffff"


def _faces(loaded: LoadedSpec) -> RummyFaces:
    return loaded.production("faces", RummyFaces)


def _canvas() -> Any:
    dwg = k.drawing(W + 2 * B, H + 2 * B)
    dwg.add(dwg.rect((0, 0), (W + 2 * B, H + 2 * B), fill=WHITE))
    return dwg


def _bands(dwg: Any, colour: str, top: str, bottom: str | None) -> None:
    """Header band at the top and a footer band at the bottom, both running into the bleed."""
    dwg.add(dwg.rect((0, 0), (W + 2 * B, B + TOP_BAND), fill=colour))
    dwg.add(dwg.rect((0, B + H - BOTTOM_BAND), (W + 2 * B, BOTTOM_BAND + B), fill=colour))
    size = k.fit_size(top, W - 2 * SAFE - 8, 17, bold=True, minimum=9)
    k.text(dwg, dwg, B + W / 2, B + TOP_BAND / 2 + size * 0.36, top, size, bold=True, fill=WHITE)
    if bottom:  # upside down, so the card reads from either end
        size = k.fit_size(bottom, W - 2 * SAFE - 8, 13, bold=True, minimum=8)
        group = dwg.g(transform=f"rotate(180 {B + W / 2} {B + H - BOTTOM_BAND / 2})")
        k.text(group, dwg, B + W / 2, B + H - BOTTOM_BAND / 2 + size * 0.36, bottom, size, bold=True, fill=WHITE)
        dwg.add(group)


def _indices(loaded: LoadedSpec, dwg: Any, card: Card, colour: str) -> None:
    """Rank, category letter and category symbol at top left, and turned at bottom right."""
    cat = _faces(loaded).categories[card.category]  # check() gave every category a design
    cat_colour = cat.colour
    x = B + SAFE + 14  # the centre of a 24 pt column that starts on the safe line
    for rotation in (0, 180):
        group = dwg.g(transform=f"rotate({rotation} {B + W / 2} {B + H / 2})")
        size = k.fit_size(card.rank, 24, 20, bold=True, minimum=14)
        k.text(group, dwg, x, B + TOP_BAND + 23, card.rank, size, bold=True, fill=colour)
        k.text(group, dwg, x, B + TOP_BAND + 38, card.category, 12, bold=True, fill=cat_colour)
        nm.symbol(group, dwg, cat.symbol, x, B + TOP_BAND + 51, 15, cat_colour)
        dwg.add(group)


def _formula_band(loaded: LoadedSpec, dwg: Any, mine: str, colour: str) -> None:
    """M × A = F across the footer, the card's own letter boxed in white."""
    pieces = nm.formula(loaded)
    size = 13.0
    widths = [fonts.text_width(p, size, "bold") for p in pieces]
    x = B + W / 2 - (sum(widths) + 6) / 2  # 6: the white box's room around the card's own letter
    y = B + H - BOTTOM_BAND / 2 + size * 0.36 - 2.5  # the white box stays out of the safe margin
    for piece, width in zip(pieces, widths, strict=True):
        if piece == mine:
            x += 3
            dwg.add(dwg.rect((round(x - 3, 2), round(y - size, 2)), (round(width + 6, 2), round(size + 3, 2)), fill=WHITE, rx=3))
        k.text(dwg, dwg, x + width / 2, y, piece, size, bold=True, fill=colour if piece == mine else WHITE)
        x += width + (3 if piece == mine else 0)


def number_card(loaded: LoadedSpec, card: Card) -> Art:
    cat = _faces(loaded).categories[card.category]
    colour = cat.colour
    dwg = _canvas()
    _bands(dwg, colour, loaded.text(cat.header), None)
    if card.role == "none":
        note = loaded.text(cat.wild_note if loaded.engine.config.wild_melds else cat.note)
        size, lines = _fitted_note(note)
        leading = size * 1.15
        # centred between the band's top and the safe margin (the text's own height: ~0.7 size above
        # the first baseline, ~0.25 size below the last)
        room_top, room_bottom = B + H - BOTTOM_BAND + 2, B + H - SAFE
        y = (room_top + room_bottom) / 2 - (len(lines) - 1) * leading / 2 + 0.225 * size
        for line in lines:
            k.text(dwg, dwg, B + W / 2, y, line, size, bold=True, fill=WHITE)
            y += leading
    else:
        _formula_band(loaded, dwg, card.category, colour)
    _indices(loaded, dwg, card, colour)
    widest = str(loaded.engine.config.numbers.high)
    size = k.fit_size(widest, W - 2 * (SAFE + 34), 96, bold=True, minimum=40)  # one size for every numeral
    if _faces(loaded).numerals == "standard":
        size = round(size * 2 / 3, 1)
    k.text(dwg, dwg, B + W / 2, B + 138, card.rank, size, bold=True, fill=colour)
    nm.symbol(dwg, dwg, cat.symbol, B + W / 2, B + 180, 44, colour)
    return Art(card.id, k.to_string(dwg), W, H)


def _fitted_note(note: str) -> tuple[float, list[str]]:
    """The largest size (8.5 pt down to 6 pt) at which a V card's note fits its band above the safe
    margin, and its lines at that size."""
    room = BOTTOM_BAND - SAFE - 2
    for size in (8.5, 8.0, 7.5, 7.0, 6.5, 6.0):
        lines = k.wrap(note, W - 2 * SAFE - 8, size, bold=True)
        if size * 0.95 + (len(lines) - 1) * size * 1.15 <= room:
            break
    return size, lines


def _face(loaded: LoadedSpec, rank: str) -> tuple[Face, FaceCard]:
    """The config's face (name, effect) and the spec's print design for that rank."""
    face = next(f for f in loaded.engine.config.faces if f.rank == rank)  # cards.Config has J, Q and K
    design = _faces(loaded).face_cards.of(rank)
    if design is None:
        raise AssertionError(f"production.check lets no deck with {rank} cards through without their design")
    return face, design


def _effect_text(dwg: Any, text: str, middle: float, colour: str) -> None:
    """The effect in a tinted box centred on `middle`, one block per "•"-separated part."""
    width = W - 2 * SAFE - 16
    blocks = [k.wrap(part.strip(), width, 10.5, bold=True) for part in text.split("•")]
    lines = sum(len(b) for b in blocks)
    height = lines * 12.5 + (len(blocks) - 1) * 8 + 10
    top = middle - height / 2
    dwg.add(dwg.rect((B + SAFE + 2, round(top, 2)), (W - 2 * SAFE - 4, round(height, 2)), fill=nm.tint(colour, 0.88), stroke=colour, stroke_width=1.2, rx=5))
    y = top + 5 + 9.5
    for i, block in enumerate(blocks):
        if i:  # the bullet becomes a rule between the two effects
            dwg.add(dwg.line((B + W / 2 - 20, round(y - 8, 2)), (B + W / 2 + 20, round(y - 8, 2)), stroke=colour, stroke_width=1))
            y += 8
        for line in block:
            k.text(dwg, dwg, B + W / 2, y, line, 10.5, bold=True, fill=k.INK)
            y += 12.5


def face_card(loaded: LoadedSpec, card: Card) -> Art:
    face, design = _face(loaded, card.rank)
    colour = design.colour
    dwg = _canvas()
    name = face.name.upper()
    _bands(dwg, colour, name, name)
    _indices(loaded, dwg, card, colour)
    # letter and symbol between the corner indices, at both ends; the effect once, across the middle
    for rotation in (0, 180):
        group = dwg.g(transform=f"rotate({rotation} {B + W / 2} {B + H / 2})")
        k.text(group, dwg, B + W / 2 - 20, B + TOP_BAND + 49, card.rank, 44, bold=True, fill=colour)
        nm.symbol(group, dwg, design.symbol, B + W / 2 + 26, B + TOP_BAND + 33, 34, colour)
        dwg.add(group)
    _effect_text(dwg, loaded.text(design.text), B + H / 2, colour)
    return Art(card.id, k.to_string(dwg), W, H)


def k_card(loaded: LoadedSpec, card: Card) -> Art:
    """The K: each end names the kind it cancels when that end points at the other team."""
    face, design = _face(loaded, card.rank)
    if not isinstance(design, KCard):
        raise AssertionError("production.check lets only the K be the equilibrium card, and the K's design is a KCard")
    colour = design.colour
    ends = design.ends
    label = loaded.text(design.end_label)
    dwg = _canvas()
    _bands(dwg, colour, f"▲ {label} {ends.top} ▲", f"▲ {label} {ends.bottom} ▲")
    _indices(loaded, dwg, card, colour)
    for rotation, target in ((0, ends.top), (180, ends.bottom)):
        group = dwg.g(transform=f"rotate({rotation} {B + W / 2} {B + H / 2})")
        cy = B + TOP_BAND + 20
        group.add(dwg.circle((B + W / 2, cy), 15, fill=WHITE, stroke=colour, stroke_width=2.5))
        k.text(group, dwg, B + W / 2, cy + 7, target, 20, bold=True, fill=colour)
        dwg.add(group)
    top = B + TOP_BAND + 44  # below the top end's circle; everything here ends above the bottom one
    k.text(dwg, dwg, B + W / 2 - 24, top + 28, card.rank, 30, bold=True, fill=colour)
    nm.symbol(dwg, dwg, design.symbol, B + W / 2 + 18, top + 14, 30, colour)
    k.text(dwg, dwg, B + W / 2, top + 44, face.name.upper(), 10.5, bold=True, fill=colour)
    text = loaded.text(design.text)
    k.text(dwg, dwg, B + W / 2, top + 57, text, k.fit_size(text, W - 2 * (SAFE + 26), 10.5, bold=True, minimum=8), bold=True)
    k.paragraph(dwg, dwg, B + W / 2, top + 69, loaded.text(design.aim_note), W - 2 * (SAFE + 28), 8, leading=1.15, anchor="middle")
    return Art(card.id, k.to_string(dwg), W, H)


def card_back(loaded: LoadedSpec) -> Art:
    """A light back (low ink) that looks the same from either end."""
    faces = _faces(loaded)
    dwg = k.drawing(W + 2 * B, H + 2 * B)
    dwg.add(dwg.rect((0, 0), (W + 2 * B, H + 2 * B), fill=faces.back_colour))
    dwg.add(dwg.rect((B + 10, B + 10), (W - 20, H - 20), fill=WHITE, stroke=k.INK, stroke_width=1.5, rx=10))
    cx, cy = B + W / 2, B + H / 2
    dwg.add(dwg.circle((cx, cy), 46, fill="none", stroke=k.INK, stroke_width=2))
    k.text(dwg, dwg, cx, cy + 5, "".join(nm.formula(loaded)), 14, bold=True)
    title = loaded.text(faces.back_title)
    k.text(dwg, dwg, cx, cy - 62, title, k.fit_size(title, W - 40, 16, bold=True), bold=True)
    subtitle = loaded.text(faces.back_subtitle)
    k.text(dwg, dwg, cx, cy + 74, subtitle, k.fit_size(subtitle, W - 40, 11), fill=k.GREY)
    cats = faces.categories
    ids = [c.id for c in loaded.engine.config.categories]
    for i, cat_id in enumerate(ids):  # the categories in a row under the emblem
        nm.symbol(dwg, dwg, cats[cat_id].symbol, cx + (i - (len(ids) - 1) / 2) * 32, cy + 100, 22, cats[cat_id].colour)
    left, right = nm.team_at(loaded, "min"), nm.team_at(loaded, "max")
    for d, team in ((-1, left), (1, right)):  # the tug of war above
        dwg.add(k.arrow(dwg, cx + d * 34, cy - 96, 52, 9, d, fill=team.colour))
    return Art("back", k.to_string(dwg), W, H)


def card_art(loaded: LoadedSpec, card: Card) -> Art:
    if card.value is not None:
        return number_card(loaded, card)
    return k_card(loaded, card) if card.effect == "equilibrium" else face_card(loaded, card)


def card_job(loaded: LoadedSpec, title: str) -> PrintJob:
    deck = loaded.engine.deck  # type: ignore[attr-defined]
    fronts = tuple(card_art(loaded, deck[card_id]) for card_id in deck.ids)
    back = card_back(loaded)
    return PrintJob("cards", "cards", "grid9", fronts, (back,) * len(fronts), title)
