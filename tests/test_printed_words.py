"""The printed-words preflight: what a teacher would strike out of a rule book is an error, in the PDFs
`build` writes and in the HTML and SVG `lint` reads; the rule books' own English passes."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from kitpress.cli import main
from kitpress.lint import lint_printed
from kitpress.lint.printed_words import Vocabulary, internal_words, markup_text, page_texts, vocabulary
from kitpress.packs import shipped_specs
from kitpress.sheets.assembly import is_assembly
from kitpress.spec.load import load_spec

ROOT = Path(__file__).resolve().parents[1]
SEATS = Vocabulary(("blue-1", "blue-2", "red-1", "red-2"))

# What the old booklets printed (issue "Rule books a teacher hands out"), each with what it is.
LEAKS = [
    ("Checked: board = ['. . B2 W-4 B-1 . .', '. . .'] ✓", "a Python list or dict"),
    ("forces = {'blue-1': 8, 'red-1': 9} ✓", "a Python list or dict"),
    ("refused = True ✓", "a Python value"),
    ("the marker is [None, 0]", "a Python value"),
    ("with round_limit: on", "an internal name"),
    ("Lone cards may be played (game.lone_card_play).", "a key path"),
    ("blue-1: plays 3 × 2", "an internal seat id"),
    ("a K aimed at the Q (MK:J)", "a card code of the examples file"),
    ("from 000_f97e5ee013b660e7.txt", "a file name"),
    ("the seed's numbers", "a word about how the kit is made"),
    ("Both seeds agree.", "a word about how the kit is made"),
    ("The tests confirm over thousands of games", "a word about how the kit is made"),
    ("as the spec says", "a word about how the kit is made"),
    ("the engine's heuristic", "a word about how the kit is made"),
    ("follow the resolution order (section {§resolution_order})", "a reference or number left unfilled"),
    ("move {single_move} space", "a reference or number left unfilled"),
]

# The rule books' own English, which must pass.
ENGLISH = [
    "Set the streak marker to None and the count to 0.",  # the marker's blank side, in the seed's words
    "Reset its momentum to (none, 0).",
    "Ties go to the referee, e.g. a card dropped face up; i.e. replay the round.",
    "Momentum is a published board game; see www.example.com for the rules.",
    "Blue's first player plays 3 × 2 = 6. ΣF ≠ 0 → the block moves ⌊7 ÷ 2⌋ = 3.",
    "Printed with kitpress.",
    "None of the discs flips.",
    "Red wins: True momentum builds over rounds.",
]


@pytest.mark.parametrize(("text", "what"), LEAKS)
def test_each_internal_word_is_found_and_named(text: str, what: str) -> None:
    assert what in [kind for _, kind in internal_words(text, SEATS)], text


@pytest.mark.parametrize("text", ENGLISH)
def test_the_rule_books_english_passes(text: str) -> None:
    assert list(internal_words(text, SEATS)) == []


def test_seat_ids_that_are_words_stay_english() -> None:
    """Red and blue are both seat ids and words; only the ids no reader would write are codes."""
    rummy = load_spec("newtonian-rummy")
    words = vocabulary(rummy.engine, rummy.spec.identity.allowed_player_counts())
    assert "blue-1" in words.seats and "red" not in words.seats
    assert vocabulary(load_spec("momentum-game").engine, [2]).seats == ()


def test_markup_text_is_what_prints() -> None:
    html = "<html><head><title>game.id</title><style>p{x:1}</style></head><body><p>Put the block on space&nbsp;1.</p><svg><title>blue-1</title><text>Blue 2</text></svg></body></html>"
    assert markup_text(html).split("\n") == ["Put the block on space 1.", "Blue 2"]


@pytest.mark.parametrize("game", tuple(shipped_specs()))
def test_every_bundled_kit_prints_no_internal_word(game: str, built_kit) -> None:  # type: ignore[no-untyped-def]
    """Every PDF of every bundled kit, both papers, as `build` checked it; every variant is read by
    `lint --variant` in test_variants_hold."""
    kit = built_kit(game)
    pdfs = [(p.name, p.read_bytes()) for p in sorted(kit.glob("*.pdf"))]
    assert len(pdfs) >= 6 and any("teachers-book" in name for name, _ in pdfs)
    assert lint_printed(load_spec(game), pdfs, lists_files={n for n, _ in pdfs if is_assembly(n)}) == []
    assert lint_printed(load_spec(game), [p for p in pdfs if is_assembly(p[0])])  # it names files: only it may
    text = " ".join(" ".join(t for _, data in pdfs for t in page_texts(data)).split())  # lines joined
    assert "Printed with kitpress." in text  # the colophon, which names no source file


def test_a_leaked_word_fails_the_build_and_lint(tmp_path: Path) -> None:
    spec = tmp_path / "momentum-game.yaml"
    text = (ROOT / "specs" / "momentum-game.yaml").read_text(encoding="utf-8")
    assert text.count("Put the block on space") >= 1
    spec.write_text(text.replace("Put the block on space", "Per round_limit, put the block on space", 1), encoding="utf-8")
    result = CliRunner().invoke(main, ["build", str(spec), "--paper", "letter", "--out", str(tmp_path / "out")])
    assert result.exit_code == 1, result.output
    assert "[printed-words]: prints “round_limit”, an internal name" in result.output
    assert "momentum-game-rules-letter.pdf: page " in result.output
    assert not (tmp_path / "out" / "momentum-game").exists()  # nothing was written
    linted = CliRunner().invoke(main, ["lint", str(spec)])
    assert linted.exit_code == 1 and "student rules: text: error [printed-words]: prints “round_limit”" in linted.output


def test_the_rummy_referee_card_and_its_rules_name_no_seat(built_kit) -> None:  # type: ignore[no-untyped-def]
    kit = built_kit("newtonian-rummy")
    text = " ".join(" ".join(page_texts((kit / name).read_bytes())) for name in ("newtonian-rummy-rules-letter.pdf", "newtonian-rummy-teachers-book-letter.pdf"))
    assert "Blue's first player" in text or "Blue's second player" in text or "Blue plays" in text
    assert "blue-1" not in text and "(None, 0)" not in text and "(none, 0)" in text
