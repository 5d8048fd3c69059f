"""The words rules of the preflight (docs/lint.md, "Words a student reads", W1–W8): each fires on a small
bad case and passes the good one, and the bundled games pass them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from kitpress.booklet.typeset import equations_kept, render_html, render_teachers_html
from kitpress.check import replay_all
from kitpress.lint import fit, labels, words
from kitpress.lint.core import lint_books
from kitpress.lint.printed_words import markup_text, page_texts
from kitpress.lint.svgscan import scan
from kitpress.packs import art_for, shipped_specs
from kitpress.pieces import Art, PrintJob, mm
from kitpress.render import svgkit as k
from kitpress.spec.load import load_spec

GAMES = sorted(shipped_specs())
ROOT = Path(__file__).resolve().parents[1]


def checks(findings: list[Any]) -> set[str]:
    return {f.check for f in findings}


# --- W1 and W2 ------------------------------------------------------------------------------------


def test_w1_ruling_numbers_and_document_ids_are_refused_on_a_students_page() -> None:
    said = words.Words(document_id="NR-GDD-v1.2")
    for bad in ("Put the disc back (ruling R4).", "as rulings R1–R4 say", "either colour (R9)", "see NR-GDD-v1.2 §7"):
        assert checks(words.check_text("g", "cards", "x", bad, said)) == {"W1 internal-reference"}, bad
    assert words.check_text("g", "cards", "x", "Put the disc back. QUICK RULINGS: the game is over.", said) == []


def test_w1_pieces_and_student_rules_leave_pointers_out_the_teachers_book_keeps_them() -> None:
    loaded = load_spec("integer-matrix")
    said = "Every matrix score goes on the sheet (ruling R14)."
    assert loaded.text(said) == "Every matrix score goes on the sheet."
    assert loaded.text(said, rulings=True) == said
    replays = replay_all(loaded.engine, list(loaded.spec.examples))
    assert "(ruling R" not in render_html(loaded, replays, "letter")
    assert "(ruling R" in render_teachers_html(loaded, replays, "letter")


def test_w2_a_design_word_needs_a_glossary_entry() -> None:
    bare, defined = words.Words(), words.Words(glossary=("StreakCount",))
    text = "StreakCount goes up by 1."
    assert checks(words.check_text("g", "rules", "x", text, bare)) == {"W2 jargon"}
    assert words.check_text("g", "rules", "x", text, defined) == []
    assert words.check_text("g", "rules", "x", "By Ana Ruiz, PhD. ΣF = 0; M × A = F.", bare) == []  # abbreviations, symbols


def test_w2_a_glossary_entry_is_printed_on_the_rules_cover_and_lets_the_word_pass(tmp_path: Path) -> None:
    text = (ROOT / "specs" / "momentum-game.yaml").read_text(encoding="utf-8")
    assert "\ncomponents:\n" in text and "Put the block on space" in text
    text = text.replace("\ncomponents:\n", "\nglossary:\n  - term: PushCount\n    meaning: how many pushes a player has made.\n\ncomponents:\n", 1)
    spec = tmp_path / "momentum-game.yaml"
    spec.write_text(text.replace("Put the block on space", "Reset the PushCount. Put the block on space", 1), encoding="utf-8")
    loaded = load_spec(str(spec))
    html = render_html(loaded, replay_all(loaded.engine, list(loaded.spec.examples)), "letter")
    cover = html[html.index('<header class="cover">') : html.index("</header>")]
    assert "<dt>PushCount</dt><dd>how many pushes a player has made.</dd>" in cover
    assert "PushCount" in html[html.index("</header>") :]  # used in the rules, and allowed
    assert words.check_text("g", "rules", "x", markup_text(html), words.words_of(loaded)) == []


def test_w2_rummy_says_its_design_words_plainly() -> None:
    loaded = load_spec("newtonian-rummy")
    html = render_html(loaded, replay_all(loaded.engine, list(loaded.spec.examples)), "letter")
    for word in ("StreakCount", "BlueTotal", "RedTotal", "TotalMove"):
        assert word not in html
    assert "streak count" in html and "Blue's total" in markup_text(html)


# --- W3 -------------------------------------------------------------------------------------------


def test_w3_a_line_break_inside_an_equation_is_found() -> None:
    assert list(words.broken_equations(["the difference is Δ", "= |7 − 3| = 4."])) == [("difference is Δ", "= |7 −")]
    assert list(words.broken_equations(["the bonus is StreakCount −", "1, at most 2"]))
    assert list(words.broken_equations(["Blue 3, so Δ = |3 − 10| = 7.", "Red wins the round."])) == []
    assert list(words.broken_equations(["a well-", "known game"])) == []


def test_w3_equations_are_set_unbreakable() -> None:
    kept = str(equations_kept("the net force is Δ = |BlueTotal − RedTotal|. Then <move>."))
    assert '<span class="eq">Δ = |BlueTotal − RedTotal|.</span>' in kept
    assert "&lt;move&gt;" in kept  # still escaped


@pytest.mark.parametrize("game", ["newtonian-rummy", "integer-matrix"])
def test_w3_the_built_books_keep_every_equation_on_one_line(game: str, built_kit: Callable[[str], Path]) -> None:
    kit = built_kit(game)
    for name in (f"{game}-rules-letter.pdf", f"{game}-teachers-book-letter.pdf"):
        data = (kit / name).read_bytes()
        assert [f for f in words.check_pdf(game, name, data, words.words_of(load_spec(game)), student=False) if f.check == "W3 equation-break"] == []
    if game == "newtonian-rummy":  # the "Δ / = |…|": on one line now
        assert any("Δ = |Blue's total − Red's total|" in line for t in page_texts((kit / f"{game}-rules-letter.pdf").read_bytes()) for line in t.split("\n"))


# --- W4 -------------------------------------------------------------------------------------------


def _drawing(*placed: tuple[float, float, str, float]) -> list[Any]:
    dwg = k.drawing(300, 120)
    for x, y, label, size in placed:
        k.text(dwg, dwg, x, y, label, size, bold=True)
    return scan(Art("d", k.to_string(dwg), 282, 102))


def test_w4_staggered_and_overlapping_labels_are_refused_one_row_passes() -> None:
    staggered = _drawing(*((20 + 16 * i, 60 if i % 2 else 40, f"{i - 5:+d}", 20) for i in range(11)))
    assert any("staggered" in m for _, _, m in labels.check_labels(staggered))
    one_row = _drawing(*((20 + 32 * i, 60, f"{2 * i - 4:+d}", 20) for i in range(5)))
    assert labels.check_labels(one_row) == []
    on_top = _drawing((100, 60, "RED", 14), (104, 62, "WINS", 14))
    assert any("on top of each other" in m for _, _, m in labels.check_labels(on_top))
    stacked_lines = _drawing((100, 40, "RED", 11), (100, 56, "WINS", 11))  # a centred two-line label
    assert labels.check_labels(stacked_lines) == []


def test_w4_rummy_track_numbers_stand_in_one_row() -> None:
    loaded = load_spec("newtonian-rummy")
    replays = replay_all(loaded.engine, list(loaded.spec.examples))
    assert labels.check_diagrams("g", "book", render_teachers_html(loaded, replays, "letter")) == []


# --- W6 -------------------------------------------------------------------------------------------


def test_w6_a_play_after_the_end_is_replayed_but_not_printed() -> None:
    loaded = load_spec("momentum-game")
    replays = replay_all(loaded.engine, list(loaded.spec.examples))
    late = list(words.unplayed_steps(replays))
    assert late and all(r.ok for r in replays)  # the check still replays it, and it holds
    html = render_teachers_html(loaded, replays, "letter")
    assert "the game is over." not in html and words.check_examples("g", "book", html, replays) == []
    replay, number = late[0]
    anchor = replay.example.id.lower()
    bad = words.check_examples("g", "book", f'<div class="step" id="step-{anchor}-{number}">', replays)
    assert checks(bad) == {"W6 example-plays"}


# --- W7 -------------------------------------------------------------------------------------------


def test_w7_a_piece_goes_by_its_components_name() -> None:
    from kitpress.spec_model import Component

    parts = [Component(id="deck", name="Push deck", quantity=1, description="16 cards", print="cards"), Component(id="ref", name="Student referee card", quantity=1, description="-", print="checklist")]
    bad = [PrintJob("cards", "cards", "grid9", (), title="Cards"), PrintJob("checklist", "referee-card", "pack", (), title="Referee checklist card")]
    assert {f.component for f in words.check_component_names("g", bad, parts)} == {"cards", "referee-card"}
    good = [PrintJob("cards", "cards", "grid9", (), title="Push deck"), PrintJob("checklist", "referee-card", "pack", (), title="Student referee card")]
    assert words.check_component_names("g", good, parts) == []


# --- W8 -------------------------------------------------------------------------------------------


def _board(value_inside: bool, under: bool = False) -> PrintJob:
    dwg = k.drawing(200, 100)
    dwg.add(dwg.rect((50, 20), (60, 60), fill="none", stroke="#000000", data_holds="chip"))
    parent = dwg.g(data_under="set-up") if under else dwg
    if under:
        dwg.add(parent)
    k.text(parent, dwg, 80, 56 if value_inside else 95, "3", 20, bold=True)
    return PrintJob("board", "board", "pack", (Art("track", k.to_string(dwg), 182, 82),))


def _chip() -> PrintJob:
    dwg = k.drawing(mm(19) + 18, mm(19) + 18)
    return PrintJob("tokens", "tokens", "pack", (Art("chip", k.to_string(dwg), mm(19), mm(19), shape="circle", fits="chip"),))


def test_w8_a_chip_on_its_box_must_not_hide_the_boxs_value() -> None:
    assert checks(fit.hidden_values("g", [_board(True), _chip()])) == {"W8 chip-hides-value"}
    assert fit.hidden_values("g", [_board(False), _chip()]) == []
    assert fit.hidden_values("g", [_board(True, under=True), _chip()]) == []  # read before the chip goes there


def test_w8_rummy_momentum_marker_keeps_its_values_in_sight() -> None:
    loaded = load_spec("newtonian-rummy")
    assert fit.hidden_values("newtonian-rummy", art_for(loaded.spec.engine).jobs(loaded)) == []


# --- every bundled game ---------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_every_bundled_game_passes_the_words_rules(game: str) -> None:
    loaded = load_spec(game)
    jobs = art_for(loaded.spec.engine).jobs(loaded)
    replays = replay_all(loaded.engine, list(loaded.spec.examples))
    found = lint_books(loaded, replays) + words.check_component_names(game, jobs, loaded.spec.components, loaded.text)
    said = words.words_of(loaded)
    from kitpress.lint.core import faces
    from kitpress.lint.printed_words import markup_text

    found += [f for job in jobs for face in faces(job) for f in words.check_text(game, job.name, face.label, markup_text(face.art.svg), said)]
    assert [str(f) for f in found if f.severity == "error"] == []


def test_one_player_count_phrase_everywhere() -> None:
    from kitpress.booklet.typeset import player_count

    identity = load_spec("integer-matrix").spec.identity
    assert player_count(identity) == identity.player_words() == "2 or 4 players"


def test_the_teacher_guide_says_no_play_time_it_was_not_given_and_one_player_phrase() -> None:
    from kitpress.classkit import guide
    from kitpress.classkit.plan import GamePlan, KitPlan, bring_list, seating_for

    def plan(*games: str) -> KitPlan:
        parts = []
        for game in games:
            loaded = load_spec(game)
            seating = seating_for(loaded, 28)
            parts.append(GamePlan(loaded, seating, (), tuple(bring_list(loaded, seating))))
        return KitPlan(28, "letter", tuple(parts))

    untimed = guide.render_html(plan("momentum-game"))  # its design document states no play time
    assert load_spec("momentum-game").spec.identity.minutes is None
    assert "not stated" not in untimed and "<th>Play time</th>" not in untimed
    mixed = guide.render_html(plan("momentum-game", "integer-matrix"))
    assert "not stated" not in mixed and "<th>Play time</th>" in mixed and "5–10 minutes" in mixed
    assert "2 or 4 players" in mixed and "2–4 players" not in mixed


def test_w3_a_drawn_paragraph_never_breaks_at_an_operator() -> None:
    dwg = k.drawing(200, 100)
    for i, line in enumerate(["add the placed disc +", "flipped discs"]):  # two lines of one paragraph
        k.text(dwg, dwg, 10, 20 + i * 12, line, 9, anchor="start")
    found = labels.check_equation_lines(scan(Art("x", k.to_string(dwg), 182, 82)))
    assert [c for _, c, _ in found] == ["W3 equation-break"]
    for width in range(60, 200, 7):  # the art's wrap keeps each operator with the words either side
        lines = k.wrap("Score = placed disc + flipped discs + bracketing discs; other lines 7 × 3 = 21", width, 9)
        assert list(words.broken_equations(lines)) == [], lines
