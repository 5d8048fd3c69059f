"""The built Newtonian Rummy kit, measured: 52 cards and their backs, the track, the momentum marker, the
referee card, the standard-deck reference sheet, the meld answer key, and the booklet's diagrams."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from kitpress.check import replay_all
from kitpress.games.newtonian_rummy.art import diagram, jobs
from kitpress.games.newtonian_rummy.art.board import board
from kitpress.games.newtonian_rummy.art.paper_pieces import answer_key, referee_card, reference_sheet
from kitpress.games.newtonian_rummy.layout import streak_boxes
from kitpress.games.newtonian_rummy.production import RummyFaces
from kitpress.games.newtonian_rummy.rules import NewtonianRummy
from kitpress.lint.layout import min_text_pt
from kitpress.spec.load import LoadedSpec, load_spec

GAME = "newtonian-rummy"
PAPERS = {"letter": (612.0, 792.0), "a4": (595.2756, 841.8898)}
SVG = "{http://www.w3.org/2000/svg}"
CARD = (180.0, 252.0)


@pytest.fixture(scope="module")
def kit(built_kit: Callable[[str], Path]) -> Path:
    return built_kit(GAME)


@pytest.fixture(scope="module")
def loaded() -> LoadedSpec:
    return load_spec(GAME)


def _pdf(kit: Path, name: str) -> PdfReader:
    return PdfReader(str(kit / name))


def _text(kit: Path, name: str, pages: range | None = None) -> str:
    reader = _pdf(kit, name)
    return "\n".join(reader.pages[i].extract_text() for i in (pages or range(len(reader.pages))))


def _box(value: Any) -> tuple[float, ...]:
    return tuple(round(float(v), 2) for v in value)


def _clips(reader: PdfReader, page: int = 0) -> list[tuple[float, ...]]:
    """The clip rectangle (x, y, w, h) of every piece placed on a page."""
    data = reader.pages[page].get_contents().get_data().decode("latin-1")
    return [tuple(map(float, m)) for m in re.findall(r"n ([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) re W\* n", data)]


def _svg_texts(svg: str) -> list[ET.Element]:
    """The text elements; a diagram's line is one of them, its words and numbers in <tspan> runs."""
    return list(ET.fromstring(svg).iter(f"{SVG}text"))


# --- the files -------------------------------------------------------------------------------------


def test_manifest_lists_every_piece_with_its_kind_and_pages(kit: Path) -> None:
    files = {f["path"]: f for f in json.loads((kit / "manifest.json").read_text())["files"]}
    for paper in PAPERS:
        cards = files[f"{GAME}-cards-{paper}.pdf"]
        assert (cards["kind"], cards["pages"], cards["duplex"]) == ("cards", 14, "long-edge")  # 7 sheets of 8, each with its backs
        assert (files[f"{GAME}-cards-backs-{paper}.pdf"]["kind"], files[f"{GAME}-cards-backs-{paper}.pdf"]["pages"]) == ("card-backs", 7)
        for name, kind in (("board", "board"), ("tokens", "tokens"), ("referee-card", "checklist"), ("standard-deck", "reference"), ("answer-key", "answer-key")):
            entry = files[f"{GAME}-{name}-{paper}.pdf"]
            assert (entry["kind"], entry["pages"]) == (kind, 1), name
        assert files[f"{GAME}-rules-{paper}.pdf"]["kind"] == "booklet"


@pytest.mark.parametrize("paper", PAPERS)
def test_card_sheets_are_a_centred_grid_of_eight(kit: Path, paper: str) -> None:
    """4 × 2 on a landscape sheet: three rows of poker cards leave no room on Letter or A4 for crop
    marks 5 mm inside the edge (docs/printing.md)."""
    height, width = PAPERS[paper]
    reader = _pdf(kit, f"{GAME}-cards-{paper}.pdf")
    x0, y0 = (width - 4 * CARD[0]) / 2, (height - 2 * CARD[1]) / 2
    for page in reader.pages[:-2]:  # the last sheet holds the last four cards only
        assert _box(page.mediabox)[2:] == pytest.approx((width, height), abs=0.01)
        assert _box(page.trimbox) == pytest.approx((x0, y0, x0 + 720, y0 + 504), abs=0.01)
        bleed = _box(page.bleedbox)
        assert bleed[0] < x0 and bleed[2] > x0 + 720 and bleed[1] < y0 and bleed[3] > y0 + 504
    # The last sheet: four cards in the left half, the 5 × 7 in referee card in the four cells at the right
    # (2 × 2 poker cards exactly), sharing the grid's cut lines; its back stays blank.
    assert [len(_clips(reader, i)) for i in range(0, 14, 2)] == [8, 8, 8, 8, 8, 8, 5]
    clips = sorted(_clips(reader, 12))
    assert [c[0] for c in clips[:4]] == pytest.approx([x0 - 9, x0 - 9, x0 + 180, x0 + 180], abs=0.01)
    referee = clips[4]
    assert (referee[0], referee[2]) == pytest.approx((x0 + 360, 360 + 9), abs=0.01)  # bleed only at the grid's edge
    assert (referee[1], referee[3]) == pytest.approx((y0 - 9, 504 + 18), abs=0.01)
    assert len(_clips(reader, 13)) == 4  # the backs of the four cards only
    assert "REFEREE CHECKLIST" in reader.pages[12].extract_text() and "REFEREE CHECKLIST" not in reader.pages[13].extract_text()


@pytest.mark.parametrize("paper", PAPERS)
def test_no_crop_mark_runs_into_the_ganged_referee_card(kit: Path, paper: str) -> None:
    """The cut line between the rows is marked on the left only, and the line through the middle of the
    referee card not at all: a cutter takes the card out first, then cuts the cards apart. The crop marks
    lie outside the trim; the shared cuts drawn on the fronts (a hairline on its white casing, on the cut
    line itself) lie inside it, and none of them crosses the referee card either."""
    height, width = PAPERS[paper]
    x0, y0 = (width - 4 * CARD[0]) / 2, (height - 2 * CARD[1]) / 2
    page = _pdf(kit, f"{GAME}-cards-{paper}.pdf").pages[12]
    tx0, ty0, tx1, ty1 = _box(page.trimbox)
    data = page.get_contents().get_data().decode("latin-1")
    sheet = data[data.rindex("\nQ\n") :]  # after the pieces' art (each in its own q … Q): the sheet's own lines
    lines = [tuple(map(float, m)) for m in re.findall(r"([\d.]+) ([\d.]+) m ([\d.]+) ([\d.]+) l S", sheet)]

    def inside(a: tuple[float, ...]) -> bool:
        return all(tx0 - 0.01 <= x <= tx1 + 0.01 for x in a[::2]) and all(ty0 - 0.01 <= y <= ty1 + 0.01 for y in a[1::2])

    marks, cuts = [a for a in lines if not inside(a)], [a for a in lines if inside(a)]
    verticals = sorted({round(a[0], 2) for a in marks if abs(a[0] - a[2]) < 0.01})
    assert verticals == pytest.approx([x0, x0 + 180, x0 + 360, x0 + 720], abs=0.01)  # no mark at x0 + 540
    middle = [a for a in marks if abs(a[1] - a[3]) < 0.01 and abs(a[1] - (y0 + 252)) < 0.01]
    assert len(middle) == 1 and max(middle[0][0], middle[0][2]) < x0
    # The cuts: between the four cards and along the referee card's left edge, none into the card.
    assert cuts and all(max(a[0], a[2]) <= x0 + 360 + 0.01 for a in cuts)
    assert {round(a[1], 2) for a in cuts if abs(a[1] - a[3]) < 0.01} == {round(y0 + 252, 2)}
    assert sorted({round(a[0], 2) for a in cuts if abs(a[0] - a[2]) < 0.01}) == pytest.approx([x0 + 180, x0 + 360], abs=0.01)


def test_a_whole_set_prints_within_one_sheet_of_the_area_bound(kit: Path) -> None:
    """Seven card sheets (the referee card in the last one's free cells) and one sheet of the board and
    the tokens: eight sheets of card stock, where the pieces' area alone needs seven."""
    sets = json.loads((kit / "manifest.json").read_text())["sets"]
    for paper in PAPERS:
        assert sets[paper]["card stock"] == {"sheets": 8, "area_bound": 7}


def test_cards_carry_headers_numerals_and_face_texts(kit: Path, loaded: LoadedSpec) -> None:
    fronts = _text(kit, f"{GAME}-cards-letter.pdf", range(0, 14, 2))
    for header, count in (("MASS", 10), ("ACCELERATION", 10), ("FORCE\n", 10), ("VELOCITY", 10)):
        assert fronts.count(header) >= count, header
    assert fronts.count("No effect in the base game") == 10
    assert fronts.count("×1.5 YOUR FORCE") == 4
    assert fronts.count("÷2 OPPONENT'S FORCE") == 4 and fronts.count("RESET MOMENTUM") == 4
    assert fronts.count("CANCEL ONE J OR Q") == 4
    # the K's two ends, from the spec's `ends` (ruling R5)
    assert fronts.count("CANCELS J") == 4 and fronts.count("CANCELS Q") == 4
    assert fronts.count("IMPULSE") == 8 and fronts.count("FRICTION") == 8  # name at both ends
    backs = _text(kit, f"{GAME}-cards-backs-letter.pdf", range(0, 1))
    assert backs.count("Newtonian Rummy") == 8 and backs.count("M × A = F") == 8


def test_every_card_has_its_numeral_and_index(loaded: LoadedSpec) -> None:
    cards = jobs(loaded)[0]
    deck = loaded.engine.deck  # type: ignore[attr-defined]
    assert [a.name for a in cards.fronts] == list(deck.ids) and len(cards.fronts) == 52
    for art in cards.fronts:
        card = deck[art.name]
        texts = [t.text for t in _svg_texts(art.svg)]
        assert texts.count(card.rank) >= 3, card.id  # the big numeral or letter, and two corner indices
        assert texts.count(card.category) >= 2, card.id
        sizes = [float(t.get("font-size", "0")) for t in _svg_texts(art.svg)]
        assert min(sizes) >= 8, card.id  # body text on cards at least 8 pt


def test_no_text_below_eight_points_anywhere(loaded: LoadedSpec) -> None:
    """Every piece is read at the table: 8 pt at least (lint rule W5), the block's label too."""
    for job in jobs(loaded):
        for art in (*job.fronts, *job.backs[:1]):
            sizes = [float(t.get("font-size", "0")) for t in _svg_texts(art.svg)]
            assert sizes and min(sizes) >= min_text_pt(job.kind) == 8, (job.name, art.name)


def test_face_texts_follow_the_rules_numbers(loaded: LoadedSpec) -> None:
    """The J prints the config's number, so a variant of it would print its own."""
    j = next(a for a in jobs(loaded)[0].fronts if a.name == "MJ")
    assert any(t.text == f"×{loaded.engine.config.impulse_factor:g} YOUR FORCE" for t in _svg_texts(j.svg))


# --- the track ----------------------------------------------------------------------------------


@pytest.mark.parametrize("paper", PAPERS)
def test_track_fits_one_landscape_sheet_with_room_for_marks(kit: Path, paper: str) -> None:
    reader = _pdf(kit, f"{GAME}-board-{paper}.pdf")
    page = reader.pages[0]
    width, height = _box(page.mediabox)[2:]
    assert (width, height) == pytest.approx((PAPERS[paper][1], PAPERS[paper][0]), abs=0.01)
    x0, y0, x1, y1 = _box(page.trimbox)
    assert min(x0, y0, width - x1, height - y1) >= 28  # trims stay where home printers print
    assert x1 - x0 > 700  # the track uses the sheet's width


def test_track_numbers_centre_and_team_words(kit: Path) -> None:
    text = _text(kit, f"{GAME}-board-letter.pdf")
    for n in ("−5", "−4", "−3", "−2", "−1", "0", "+1", "+2", "+3", "+4", "+5"):
        assert f"{n}\n" in text, n
    assert "START" in text and text.count("WINS") == 2
    assert "RED pulls this way" in text and "BLUE pulls this way" in text
    assert "Red's side of 0" in text and "Blue's side of 0" in text


def test_track_ends_carry_patterns_not_only_colour(loaded: LoadedSpec) -> None:
    root = ET.fromstring(board(loaded).svg)
    red = loaded.engine.config.teams[1].colour
    dots = [c for c in root.iter(f"{SVG}circle")]
    hatch = [ln for ln in root.iter(f"{SVG}line") if ln.get("stroke") not in (None, "#1a1a1a", red)]
    assert len(dots) > 40 and len(hatch) > 20


def test_longer_track_variant_draws_its_own_spaces() -> None:
    text = " ".join(t.text or "" for t in _svg_texts(board(load_spec(GAME, "track-7")).svg))
    assert "−7" in text and "+7" in text and "+6" in text


# --- momentum marker, block, referee card ----------------------------------------------------


def _boxes(variant: str | None) -> list[str]:
    engine = load_spec(GAME, variant).engine
    assert isinstance(engine, NewtonianRummy)
    return [label for _, label in streak_boxes(engine)]


def test_momentum_marker_boxes_follow_the_bonus_cap(kit: Path, loaded: LoadedSpec) -> None:
    assert _boxes(None) == ["1", "2", "3+"]
    assert _boxes("bonus-cap-1") == ["1", "2+"]
    assert _boxes("uncapped-bonus") == ["1", "2", "3", "4+"]
    text = _text(kit, f"{GAME}-tokens-letter.pdf")
    assert text.count("3+") == 2 and text.count("bonus +2") == 2 and "NONE" in text
    faces = loaded.production("faces", RummyFaces)
    assert loaded.text(faces.block.label) in text and loaded.text(faces.momentum.title) in text
    assert loaded.text(faces.momentum.streak) in text and "StreakCount" not in text  # plain words (rule W2)
    assert len(_clips(_pdf(kit, f"{GAME}-tokens-letter.pdf"))) == 3  # block, marker, chip


def test_referee_card_lists_the_checklist_with_numbers_filled(kit: Path, loaded: LoadedSpec) -> None:
    text = " ".join(_text(kit, f"{GAME}-referee-card-letter.pdf").split())
    assert "REFEREE CHECKLIST" in text
    for item in loaded.spec.referee_checklist:
        assert " ".join(loaded.text(item).split())[:40] in text
    engine = loaded.engine
    assert isinstance(engine, NewtonianRummy)
    assert "{" not in text and engine.bonus_formula() in text and "min(" not in text
    assert "streak count − 1, at most 2" in text and "StreakCount" not in text  # plain words (rule W2)


# --- reference sheet and answer key -------------------------------------------------------------


@pytest.mark.parametrize("name", ["standard-deck", "answer-key"])
def test_full_page_sheets_fit_both_papers_portrait(kit: Path, name: str) -> None:
    for paper, (width, height) in PAPERS.items():
        page = _pdf(kit, f"{GAME}-{name}-{paper}.pdf").pages[0]
        assert _box(page.mediabox)[2:] == pytest.approx((width, height), abs=0.01)
        x0, y0, x1, y1 = _box(page.trimbox)
        assert (x1 - x0, y1 - y0) == pytest.approx((522, 720), abs=0.01)


@pytest.mark.parametrize("variant", [None, "no-faces", "wild-melds"])
def test_sheets_keep_their_content_inside_the_safe_area(variant: str | None) -> None:
    loaded = load_spec(GAME, variant)
    for art in (referee_card(loaded), reference_sheet(loaded), answer_key(loaded)):
        root = ET.fromstring(art.svg)
        bottom = art.bleed + art.trim_h - 9  # 9 pt inside the trim
        rects = [float(r.get("y", "0")) + float(r.get("height", "0")) for r in root.iter(f"{SVG}rect") if float(r.get("y", "0")) > art.bleed]
        baselines = [float(t.get("y", "0")) for t in root.iter(f"{SVG}text")]
        assert max(rects + baselines) <= bottom, (variant, art.name)


def test_reference_sheet_maps_every_suit_and_rank(kit: Path) -> None:
    text = _text(kit, f"{GAME}-standard-deck-letter.pdf")
    for suit, cat in (("♠", "M"), ("♥", "A"), ("♦", "F"), ("♣", "V")):
        assert f"A{suit} = {cat}1" in text and f"10{suit} = {cat}10" in text
    for header in ("MASS", "ACCELERATION", "FORCE", "VELOCITY", "IMPULSE", "FRICTION", "EQUILIBRIUM"):
        assert header in text
    assert "×1.5 YOUR FORCE" in text and "upright" in text


def test_answer_key_lists_every_valid_meld(kit: Path, loaded: LoadedSpec) -> None:
    text = _text(kit, f"{GAME}-answer-key-letter.pdf")
    melds = loaded.engine.deck.valid_melds()  # type: ignore[attr-defined]
    assert len(melds) == 27 and "All 27 melds" in text
    listed = re.findall(r"M(\d+) × A(\d+)", text)
    assert sorted((f"M{m}", f"A{a}") for m, a in listed) == sorted((m, a) for m, a, _ in melds)
    assert "F8 alone: 4" in text and "F1 alone: 0" in text  # the partial force, from the engine
    assert text.count("F10") >= 5  # in the list and in the grid


# --- booklet diagrams ---------------------------------------------------------------------------


def _steps(loaded: LoadedSpec) -> dict[str, Any]:
    return {r.example.id: r.steps for r in replay_all(loaded.engine, list(loaded.spec.examples))}


def _blocks(svg: str, colour: str) -> list[float]:
    return [float(r.get("x", "0")) + float(r.get("width", "0")) / 2 for r in ET.fromstring(svg).iter(f"{SVG}rect") if r.get("fill") == colour]


def test_diagram_moves_the_block_and_shows_the_marker(loaded: LoadedSpec) -> None:
    step = _steps(loaded)["A"][0]
    svg = diagram(loaded, step.before, step.after)
    block = loaded.production("faces", RummyFaces).block.colour
    dashed = [r for r in ET.fromstring(svg).iter(f"{SVG}rect") if r.get("stroke-dasharray")]
    (after,) = _blocks(svg, block)
    before = float(dashed[0].get("x", "0")) + float(dashed[0].get("width", "0")) / 2
    assert after < before  # one space towards Red, at the left
    texts = " ".join("".join(t.itertext()) for t in _svg_texts(svg))
    assert "(Red, 1)" in texts and "WINS" not in texts


def test_diagram_of_example_b_stops_on_the_edge_and_names_the_winner(loaded: LoadedSpec) -> None:
    step = _steps(loaded)["B"][0]
    texts = " ".join("".join(t.itertext()) for t in _svg_texts(diagram(loaded, step.before, step.after)))
    assert "RED WINS" in texts and "(Red, 2)" in texts


def test_diagram_prints_team_totals_when_the_engine_reports_them(loaded: LoadedSpec) -> None:
    step = _steps(loaded)["C"][0]
    after = {**step.after, "totals": {"blue": 8, "red": 4}}
    texts = " ".join("".join(t.itertext()) for t in _svg_texts(diagram(loaded, step.before, after)))
    assert "Blue 8 · Red 4" in texts and "(Blue, 1)" in texts
