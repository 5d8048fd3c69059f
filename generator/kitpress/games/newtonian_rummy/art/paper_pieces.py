"""Newtonian Rummy's paper pieces: the referee checklist card, the standard-deck reference sheet and
the answer key of every valid meld. Lists come from the engine's deck, never typed here."""

from __future__ import annotations

from typing import Any

from kitpress.games.newtonian_rummy.art import marks as nm
from kitpress.games.newtonian_rummy.cards import FACE_RANKS, Play, worth
from kitpress.games.newtonian_rummy.production import RummyFaces
from kitpress.pieces import BLEED, Art
from kitpress.render import svgkit as k
from kitpress.spec.load import LoadedSpec

B = BLEED
WHITE = "#ffffff"
PAGE = (522.0, 720.0)  # a full page that packs on Letter and on A4 (7.25 × 10 in)


def _faces(loaded: LoadedSpec) -> RummyFaces:
    return loaded.production("faces", RummyFaces)


def _page() -> Any:
    dwg = k.drawing(PAGE[0] + 2 * B, PAGE[1] + 2 * B)
    dwg.add(dwg.rect((0, 0), (PAGE[0] + 2 * B, PAGE[1] + 2 * B), fill=WHITE))
    return dwg


def _heading(dwg: Any, y: float, content: str) -> float:
    k.text(dwg, dwg, B + 30, y, content, 13, bold=True, anchor="start")
    dwg.add(dwg.line((B + 30, y + 5), (B + PAGE[0] - 30, y + 5), stroke=k.INK, stroke_width=0.8))
    return y + 26


# --- referee checklist -------------------------------------------------------------------------


def referee_card(loaded: LoadedSpec) -> Art:
    """The checklist on a 5 × 7 in card; the text size steps down until everything fits."""
    width, height = 360.0, 504.0
    for size in (11.5, 11.0, 10.5, 10.0, 9.5, 9.0, 8.5, 8.0):
        dwg, bottom = _referee(loaded, width, height, size)
        if bottom <= B + height - 12:
            break
    return Art("referee-card", k.to_string(dwg), width, height)


def _referee(loaded: LoadedSpec, width: float, height: float, size: float) -> tuple[Any, float]:
    titles = _faces(loaded).referee
    dwg = k.drawing(width + 2 * B, height + 2 * B)
    dwg.add(dwg.rect((0, 0), (width + 2 * B, height + 2 * B), fill=WHITE))
    dwg.add(dwg.rect((0, 0), (width + 2 * B, B + 52), fill=k.INK))
    k.text(dwg, dwg, B + width / 2, B + 24, loaded.text(titles.title), 16, bold=True, fill=WHITE)
    k.text(dwg, dwg, B + width / 2, B + 42, loaded.spec.identity.title, 10.5, fill=WHITE)
    left, y = B + 20, B + 76
    for n, item in enumerate(loaded.spec.referee_checklist, start=1):
        dwg.add(dwg.rect((left, y - 10), (11, 11), fill="none", stroke=k.INK, stroke_width=1.2))
        k.text(dwg, dwg, left + 18, y, f"{n}.", size, bold=True, anchor="start")
        y = k.paragraph(dwg, dwg, left + 34, y, loaded.text(item), width - 40 - 34, size) + size * 0.6
    y += 6
    k.text(dwg, dwg, left, y, loaded.text(titles.rulings), size, bold=True, anchor="start")
    y += size * 1.4
    for rul in loaded.spec.classroom.quick_rulings:
        y = k.paragraph(dwg, dwg, left, y, f"{loaded.text(rul.issue)}: {loaded.text(rul.resolution)}", width - 40, size - 1) + 3
    return dwg, y - size


# --- standard-deck reference -------------------------------------------------------------------


def _suit_of(loaded: LoadedSpec) -> dict[str, str]:
    """Category id → suit glyph: check() gave every category of the deck exactly one suit."""
    return {cat: suit for suit, cat in _faces(loaded).standard_deck.suits.items()}


def _ranks(loaded: LoadedSpec) -> list[tuple[str, str]]:
    """(standard rank, game rank) for every rank this deck has (check() mapped them all), in the spec's order."""
    deck: Any = loaded.engine.deck  # type: ignore[attr-defined]
    have = {card.rank for card in deck.cards.values()}
    return [(std, game) for std, game in _faces(loaded).standard_deck.ranks.items() if game in have]


def _badge(dwg: Any, loaded: LoadedSpec, x: float, y: float, cat_id: str, w: float = 180, h: float = 36) -> None:
    """A category as its card shows it: colour band, letter, header word, symbol."""
    cat = _faces(loaded).categories[cat_id]
    dwg.add(dwg.rect((x, y), (w, h), fill=cat.colour, rx=5))
    k.text(dwg, dwg, x + 18, y + h / 2 + 8, cat_id, 22, bold=True, fill=WHITE)
    header = loaded.text(cat.header)
    k.text(dwg, dwg, x + 36, y + h / 2 + 5, header, k.fit_size(header, w - 76, 13, bold=True), bold=True, anchor="start", fill=WHITE)
    dwg.add(dwg.circle((x + w - 20, y + h / 2), 15, fill=WHITE))
    nm.symbol(dwg, dwg, cat.symbol, x + w - 20, y + h / 2, 20, cat.colour)


def reference_sheet(loaded: LoadedSpec) -> Art:
    faces = _faces(loaded)
    std = faces.standard_deck
    cfg = loaded.engine.config
    deck: Any = loaded.engine.deck  # type: ignore[attr-defined]
    suit_of = _suit_of(loaded)
    pairs = _ranks(loaded)
    numbers = [(s, g) for s, g in pairs if g not in FACE_RANKS]
    dwg = _page()
    k.text(dwg, dwg, B + PAGE[0] / 2, B + 36, loaded.text(std.title), 22, bold=True)
    k.text(dwg, dwg, B + PAGE[0] / 2, B + 53, loaded.spec.identity.title, 11, fill=k.GREY)
    y = k.paragraph(dwg, dwg, B + PAGE[0] / 2, B + 74, loaded.text(std.note), PAGE[0] - 80, 11, anchor="middle") + 14
    y = _heading(dwg, y, loaded.text(std.suit_heading))
    for cat in cfg.categories:
        suit = suit_of[cat.id]
        colour = std.suit_colours[suit]
        k.text(dwg, dwg, B + 58, y + 29, suit, 32, bold=True, fill=colour)
        dwg.add(k.arrow(dwg, B + 108, y + 18, 34, 7, 1, fill=k.GREY))
        _badge(dwg, loaded, B + 134, y, cat.id)
        (lo_s, lo_g), (hi_s, hi_g) = numbers[0], numbers[-1]
        k.text(dwg, dwg, B + 330, y + 16, f"{lo_s}{suit} = {cat.id}{lo_g}   …   {hi_s}{suit} = {cat.id}{hi_g}", 12, bold=True, anchor="start")
        design = faces.categories[cat.id]
        note = design.wild_note if cfg.wild_melds else design.note
        detail = loaded.text(note) if note else f"{cat.name} · {''.join(nm.formula(loaded))}"
        k.text(dwg, dwg, B + 330, y + 31, detail, k.fit_size(detail, PAGE[0] - 360, 10), anchor="start", fill=k.GREY)
        y += 43
    y = _heading(dwg, y + 16, loaded.text(std.rank_heading))
    col = min(36.0, (PAGE[0] - 60) / len(pairs))
    x0 = B + PAGE[0] / 2 - col * len(pairs) / 2
    for i, (s, g) in enumerate(pairs):
        x = x0 + i * col
        dwg.add(dwg.rect((x + 2, y - 6), (col - 4, 30), fill=WHITE, stroke=k.INK, stroke_width=1, rx=3))
        k.text(dwg, dwg, x + col / 2, y + 14, s, 13, bold=True)
        k.text(dwg, dwg, x + col / 2, y + 38, "↓", 11, fill=k.GREY)
        k.text(dwg, dwg, x + col / 2, y + 58, g, 13, bold=True, fill=k.INK)
    y += 82
    if cfg.face_cards:
        y = _heading(dwg, y, loaded.text(std.face_heading))
        for face in cfg.faces:
            drawn = faces.face_cards.of(face.rank)
            if drawn is None:
                raise AssertionError(f"production.check lets no deck with {face.rank} cards through without their design")
            dwg.add(dwg.rect((B + 40, y - 5), (34, 36), fill=drawn.colour, rx=4))
            k.text(dwg, dwg, B + 57, y + 20, face.rank, 20, bold=True, fill=WHITE)
            k.text(dwg, dwg, B + 86, y + 8, face.name.upper(), 12, bold=True, anchor="start", fill=drawn.colour)
            k.text(dwg, dwg, B + 86, y + 25, loaded.text(drawn.text), 11, bold=True, anchor="start")
            y += 40
        y = k.paragraph(dwg, dwg, B + 40, y + 4, loaded.text(std.k_aim), PAGE[0] - 80, 10.5) + 14
    else:
        y = k.paragraph(dwg, dwg, B + 40, y, loaded.text(std.no_faces), PAGE[0] - 80, 11) + 14
    if deck.valid_melds():  # numbers from 5 up make none (5 × 5 > 20): then there is no meld to show
        _example(dwg, loaded, deck, suit_of, dict((g, s) for s, g in pairs), _heading(dwg, y, loaded.text(std.example_heading)))
    return Art("standard-deck", k.to_string(dwg), *PAGE)


def _example(dwg: Any, loaded: LoadedSpec, deck: Any, suit_of: dict[str, str], std_rank: dict[str, str], y: float) -> None:
    """One meld from the answer key in ordinary cards, e.g. 2♠ 3♥ 6♦ = M2 × A3 = F6."""
    melds = deck.valid_melds()
    m, a, f = next((t for t in melds if deck[t[0]].value > 1 and deck[t[1]].value > 1 and deck[t[0]].value != deck[t[1]].value), melds[0])
    x = B + 60
    for card_id in (m, a, f):
        card = deck[card_id]
        suit = suit_of[card.category]
        dwg.add(dwg.rect((x, y - 4), (40, 52), fill=WHITE, stroke=k.INK, stroke_width=1.2, rx=5))
        k.text(dwg, dwg, x + 20, y + 18, std_rank[card.rank], 15, bold=True)
        k.text(dwg, dwg, x + 20, y + 39, suit, 17, fill=_faces(loaded).standard_deck.suit_colours[suit])
        x += 50
    values = [str(deck[c].value) for c in (m, a, f)]
    k.text(dwg, dwg, x + 16, y + 20, f"= {m} + {a} + {f}", 14, bold=True, anchor="start")
    k.text(dwg, dwg, x + 16, y + 40, f"{values[0]} × {values[1]} = {values[2]} ✓", 14, anchor="start")


# --- answer key ---------------------------------------------------------------------------------


def answer_key(loaded: LoadedSpec) -> Art:
    faces = _faces(loaded)
    text = faces.answer_key
    cfg = loaded.engine.config
    deck: Any = loaded.engine.deck  # type: ignore[attr-defined]
    melds = deck.valid_melds()
    cats = faces.categories
    mass, acc, force = (nm.role_letter(loaded, r) for r in ("mass", "acceleration", "force"))
    dwg = _page()
    k.text(dwg, dwg, B + PAGE[0] / 2, B + 42, loaded.text(text.title), 22, bold=True)
    y = k.paragraph(dwg, dwg, B + PAGE[0] / 2, B + 66, loaded.text(text.intro), PAGE[0] - 80, 11, anchor="middle") + 10
    y = _heading(dwg, y, loaded.text(text.by_force))
    alone = loaded.text(text.alone)
    values = range(cfg.numbers.low, cfg.numbers.high + 1)
    row = min(24.0, 300.0 / len(values))
    for f in values:
        fid = deck.role_card("force", f)
        dwg.add(dwg.rect((B + 34, y - row * 0.7), (40, row - 3), fill=cats[force].colour, rx=3))
        k.text(dwg, dwg, B + 54, y, fid, 11, bold=True, fill=WHITE)
        these = [f"{m} × {a}" for m, a, ff in melds if ff == fid]
        line = "   ·   ".join(these)
        k.text(dwg, dwg, B + 86, y, line, k.fit_size(line, PAGE[0] - 200, 11), anchor="start")
        partial = worth(Play((fid,)), deck).force
        k.text(dwg, dwg, B + PAGE[0] - 34, y, f"{fid} {alone}: {partial}", 10, anchor="end", fill=k.GREY)
        dwg.add(dwg.line((B + 30, y + row * 0.3), (B + PAGE[0] - 30, y + row * 0.3), stroke="#cccccc", stroke_width=0.5))
        y += row
    y = _heading(dwg, y + 14, loaded.text(text.grid_heading))
    _grid(dwg, loaded, deck, melds, y, (mass, acc, force))
    if cfg.wild_melds:
        k.paragraph(dwg, dwg, B + 30, B + PAGE[1] - 30, loaded.text(text.wild_note), PAGE[0] - 60, 10)
    return Art("answer-key", k.to_string(dwg), *PAGE)


def _grid(dwg: Any, loaded: LoadedSpec, deck: Any, melds: list[tuple[str, str, str]], top: float, letters: tuple[str, str, str]) -> None:
    """M down, A across; a cell holds F where M × A is a card of the deck."""
    cfg = loaded.engine.config
    cats = _faces(loaded).categories
    values = list(range(cfg.numbers.low, cfg.numbers.high + 1))
    found = {(deck[m].value, deck[a].value): deck[f].value for m, a, f in melds}
    cell = min(34.0, (PAGE[1] - (top - B) - 50) / (len(values) + 1), (PAGE[0] - 80) / (len(values) + 1))
    x0 = B + PAGE[0] / 2 - cell * (len(values) + 1) / 2
    mass, acc, force = letters
    size = min(11.0, cell * 0.4)
    k.text(dwg, dwg, x0 + cell / 2, top + cell * 0.62, f"{mass}\\{acc}", size, bold=True)
    for i, v in enumerate(values, start=1):
        dwg.add(dwg.rect((x0 + i * cell, top), (cell, cell), fill=cats[acc].colour))
        k.text(dwg, dwg, x0 + i * cell + cell / 2, top + cell * 0.65, f"{acc}{v}", size, bold=True, fill=WHITE)
        dwg.add(dwg.rect((x0, top + i * cell), (cell, cell), fill=cats[mass].colour))
        k.text(dwg, dwg, x0 + cell / 2, top + i * cell + cell * 0.65, f"{mass}{v}", size, bold=True, fill=WHITE)
    for r, m in enumerate(values, start=1):
        for c, a in enumerate(values, start=1):
            x, y = x0 + c * cell, top + r * cell
            f = found.get((m, a))
            dwg.add(dwg.rect((x, y), (cell, cell), fill=nm.tint(cats[force].colour, 0.82) if f else "#f4f4f4", stroke="#9e9e9e", stroke_width=0.5))
            if f:
                k.text(dwg, dwg, x + cell / 2, y + cell * 0.65, f"{force}{f}", size, bold=True)
