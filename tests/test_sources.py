"""Only sourced facts, or marked additions (issue 28, point 8): a spec says where its teacher's parts come
from (`sources:`), a bad source is one located line (exit 2), the teacher's book introduces the kit's own
parts as "Added for the classroom", prints a quick ruling that is a ruling with its reason (never its
id), labels reconstructed figures with what they were rebuilt from, and the preflight's `source` check
asks every pack for the source of a part it fills."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pypdfium2 as pdfium
import pytest
import yaml
from click.testing import Result

from kitpress.lint import preflight
from kitpress.lint.sources import undeclared_sources
from kitpress.spec.load import load_spec

SPECS = Path(__file__).resolve().parents[1] / "specs"
ADDED = "Added for the classroom"
PARTS = {"table_talk": "Table talk", "discussion_questions": "Discussion questions", "student_referee": "The student referee", "quick_rulings": "Quick rulings"}
PROBLEM = re.compile(r"^(?P<file>.+?):(?P<line>\d+):(?P<col>\d+): (?P<rest>.*)$")


def text_of(pdf: Path, contents: bool = True) -> str:
    """The book's text as a reader reads it: every page, whitespace (line breaks, hyphen-free) as one
    space; without its contents list (the chapters from their first heading on) unless `contents`."""
    document = pdfium.PdfDocument(pdf.read_bytes())
    pages = [document[i].get_textpage().get_text_range() for i in range(len(document))]
    text = re.sub(r"\s+", " ", " ".join(pages).replace("\ufffe", "").replace("\x02", ""))
    if not contents:
        text = text[text.index("Teaching the game", text.index("Teaching the game") + 1) :]
    return text


def between(text: str, start: str, end: str) -> str:
    """The text from the first `start` to the next `end` after it."""
    at = text.index(start)
    return text[at : text.index(end, at + len(start))]


def spec_data(game: str) -> dict:
    return yaml.safe_load((SPECS / f"{game}.yaml").read_text("utf-8"))


# --- the spec --------------------------------------------------------------------------------------


def refused(result: Result, spec: Path) -> tuple[int, str]:
    """Exit 2, one `file:line:col: …` line and nothing else: its line number and message."""
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    found = PROBLEM.match(lines[0])
    assert found and found["file"] == str(spec), lines[0]
    return int(found["line"]), found["rest"]


def line_holding(text: str, needle: str) -> int:
    """The line holding `needle`, which must be on one line only; "@last …": the last line holding it."""
    last = needle.startswith("@last ")
    needle = needle.removeprefix("@last ")
    hits = [n for n, line in enumerate(text.splitlines(), start=1) if needle in line]
    assert hits and (last or len(hits) == 1), (needle, hits)
    return hits[-1]


@pytest.mark.parametrize(
    ("old", "new", "at", "words"),
    [
        ("  quick_rulings: kit\n", "  quick_rulings: designer\n", "quick_rulings: designer", ("sources.quick_rulings", "'document'", "'kit'", "'designer'")),
        ("  learning_goals: kit\n", "  learning_goals: ruling\n", "learning_goals: ruling", ("sources.learning_goals", "'document'", "'kit'", "'ruling'")),
        ("      ruling: R17\n", "      ruling: R99\n", "ruling: R99", ("classroom.quick_rulings[2].ruling", "no ruling 'R99'", "R17")),
        ("      source: ruling\n      ruling: R17\n", "      source: ruling\n", "@last source: ruling", ("classroom.quick_rulings[2].source", "add ruling:", "R17")),
        ("      source: ruling\n      ruling: R17\n", "      ruling: R17\n", "ruling: R17", ("classroom.quick_rulings[2].ruling", "add source: ruling")),
    ],
    ids=["part-source-unknown", "part-source-ruling", "quick-ruling-unknown-ruling", "quick-ruling-unnamed", "quick-ruling-unmarked"],
)
def test_a_bad_source_is_one_located_line(tmp_path: Path, run_cli: Callable[..., Result], old: str, new: str, at: str, words: tuple[str, ...]) -> None:
    good = (SPECS / "integer-matrix.yaml").read_text("utf-8")
    assert good.count(old) == 1
    text = good.replace(old, new)
    spec = tmp_path / "bad.yaml"
    spec.write_text(text, "utf-8")
    line, message = refused(run_cli("check", str(spec)), spec)
    assert line == line_holding(text, at), message
    for word in words:
        assert word in message, message


def test_every_bundled_spec_declares_the_source_of_every_part_it_fills() -> None:
    for path in sorted(SPECS.glob("*.yaml")):
        assert undeclared_sources(load_spec(str(path))) == [], path.name


# --- the preflight rule ----------------------------------------------------------------------------


def test_the_source_check_fires_at_each_undeclared_part(tmp_path: Path) -> None:
    """A synthetic spec: Newtonian Rummy's, its `sources:` block taken out and one part kept."""
    text = (SPECS / "newtonian-rummy.yaml").read_text("utf-8")
    block = re.search(r"^sources:\n(?:  .*\n)+", text, re.MULTILINE)
    assert block
    text = text.replace(block[0], "sources:\n  discussion_questions: document\n")
    spec = tmp_path / "unsourced.yaml"
    spec.write_text(text, "utf-8")
    loaded = load_spec(str(spec))
    findings = undeclared_sources(loaded)
    assert [f.check for f in findings] == ["source"] * 4
    assert all(f.severity == "error" for f in findings)
    where = {f.card: f.at for f in findings}
    assert where == {
        "learning goals": f"{loaded.file}:{line_holding(text, 'learning_goals:')}:1: learning_goals",
        "table talk": f"{loaded.file}:{line_holding(text, 'table_talk:')}:3: classroom.table_talk",
        "the student referee": f"{loaded.file}:{line_holding(text, 'student_referee:')}:3: classroom.student_referee",
        "quick rulings": f"{loaded.file}:{line_holding(text, 'quick_rulings:')}:3: classroom.quick_rulings",
    }
    # what `build` runs before it writes: a kit whose book would claim these for the document is refused
    assert [f for f in preflight(loaded, []) if f.check == "source"] == findings


def test_a_part_the_spec_leaves_empty_needs_no_source() -> None:
    text = (SPECS / "momentum-game.yaml").read_text("utf-8")  # no discussion questions, none declared
    assert "discussion_questions" not in text
    assert undeclared_sources(load_spec(str(SPECS / "momentum-game.yaml"))) == []


# --- the teacher's book ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def teachers_books(built_kit: Callable[[str], Path]) -> dict[str, str]:
    return {game: text_of(built_kit(game) / f"{game}-teachers-book-letter.pdf", contents=False) for game in ("integer-matrix", "momentum", "momentum-game", "newtonian-rummy")}


@pytest.mark.parametrize("game", ["integer-matrix", "momentum", "momentum-game", "newtonian-rummy"])
def test_the_kits_own_parts_are_introduced_as_additions(teachers_books: dict[str, str], game: str) -> None:
    """Read as the spec declares: a goal list or classroom part of the kit's is introduced by the label,
    once for the whole classroom section when every part of it is the kit's; the document's never."""
    text, data = teachers_books[game], spec_data(game)
    sources, room = data["sources"], data["classroom"]
    goals = between(text, "Learning goals", "In the classroom")
    assert (ADDED in goals) == (sources["learning_goals"] == "kit"), goals[:200]
    classroom = between(text, "In the classroom", "The rules")
    filled = [p for p in PARTS if room.get(p)]
    all_kit = all(sources[p] == "kit" for p in filled)
    head = classroom[: classroom.index(PARTS[filled[0]])]
    assert (ADDED in head) == all_kit, head
    for part in filled:  # the label, if any, right under the part's heading
        own = classroom[classroom.index(PARTS[part]) :]
        assert own.startswith(f"{PARTS[part]} {ADDED}") == (sources[part] == "kit" and not all_kit), (part, own[:80])
    assert classroom.count(ADDED) == (1 if all_kit else sum(sources[p] == "kit" for p in filled)) + sum(
        1 for q in room.get("quick_rulings", []) if q.get("source") == "kit" and sources["quick_rulings"] != "kit"
    )


@pytest.mark.parametrize("game", ["integer-matrix", "momentum", "newtonian-rummy"])
def test_a_quick_ruling_that_is_a_ruling_prints_its_reason_and_no_id(teachers_books: dict[str, str], game: str) -> None:
    text, data = teachers_books[game], spec_data(game)
    classroom = between(text, "In the classroom", "The rules")
    rulings = {r["id"]: r for r in data["rulings"]}
    ruled = [q for q in data["classroom"]["quick_rulings"] if q.get("source") == "ruling"]
    assert ruled, "each of these games has a quick ruling that is a ruling"
    assert classroom.count("A ruling. Why:") == len(ruled)
    for q in ruled:
        reason = re.sub(r"\s*\(R\d+\)", "", rulings[q["ruling"]]["reason"])
        after = classroom[classroom.index("A ruling. Why:", classroom.index(q["issue"].split()[0])) :]
        assert after.startswith(f"A ruling. Why: {reason[:60]}"), after[:120]
    assert not re.search(r"\bR\d+\b", classroom), "no ruling id in the classroom parts"


def test_integer_matrix_keeps_the_backs_of_the_discs_unseen(teachers_books: dict[str, str], built_kit: Callable[[str], Path]) -> None:
    """The design notes: players half-know the backs. The quick ruling, the rules and the ruling agree."""
    text = teachers_books["integer-matrix"]
    assert "not secret" not in text and "Turn the disc over and look" not in text
    assert "Nobody turns it over to look" in text
    assert "The backs of the discs on the board" in text  # the ruling, in the rulings chapter
    rules = text_of(built_kit("integer-matrix") / "integer-matrix-rules-letter.pdf")
    assert "Never turn a disc on the board over to look at its back" in rules


def test_reconstructed_results_say_so_and_from_what(teachers_books: dict[str, str], built_kit: Callable[[str], Path]) -> None:
    reconstructed = spec_data("integer-matrix")["winning_the_game"]["table"]["reconstructed_from"]
    rules = text_of(built_kit("integer-matrix") / "integer-matrix-rules-letter.pdf")
    for text in (teachers_books["integer-matrix"], rules):
        assert f"Reconstructed from {reconstructed}." in text
        assert "from the game's designers" not in text
    for game in ("momentum", "momentum-game", "newtonian-rummy"):  # no table of theirs is rebuilt
        assert "Reconstructed from" not in teachers_books[game]


@pytest.mark.parametrize("game", ["integer-matrix", "momentum", "momentum-game", "newtonian-rummy"])
def test_worked_examples_say_whose_they_are(teachers_books: dict[str, str], game: str) -> None:
    """The chapter's opening names the kit's own examples as additions (every one, or by letter); a
    rebuilt example says from what, under its summary; the document's own carry no label."""
    text, data = teachers_books[game], spec_data(game)
    chapter = between(text, "Worked examples", "Where the design document is unclear")
    examples = data["examples"]
    kit = [e["id"] for e in examples if e.get("source") == "kit" and not e.get("reconstructed_from")]
    intro = chapter[: chapter.index(f"Example {examples[0]['id']}:")]
    if len(kit) == len(examples):
        assert f"{ADDED}: every example here is the kit's own." in intro, intro
    elif kit:
        said = re.search(rf"{ADDED}: examples? ([A-Z0-9, ]+(?:(?: to |, | and )[A-Z0-9]+)*) (?:are|is) the kit's own\.", intro)
        assert said, intro
        named: list[str] = []
        for part in re.split(r", | and ", said[1]):
            first, _, last = part.partition(" to ")
            ids = [e["id"] for e in examples]
            named += ids[ids.index(first) : ids.index(last or first) + 1]
        assert named == kit
    else:
        assert ADDED not in intro
    assert chapter.count("Reconstructed from") == sum(1 for e in examples if e.get("reconstructed_from"))
    for example in examples:
        if example.get("reconstructed_from"):
            head = chapter[chapter.index(f"Example {example['id']}: ") :][:600]
            assert f"Reconstructed from {example['reconstructed_from']}." in head, head[:300]


@pytest.mark.parametrize("game", ["integer-matrix", "momentum", "momentum-game", "newtonian-rummy"])
def test_the_kits_own_variants_say_so(teachers_books: dict[str, str], game: str) -> None:
    text, data = teachers_books[game], spec_data(game)
    design = text[text.index("Variants and design notes") :]
    for variant in data["variants"]:
        name = variant["name"].replace("{round_limit}", "")
        after = design[design.index(name) + len(name) :][:60]
        assert after.startswith(f" {ADDED}") == (variant.get("source") == "kit"), (variant["id"], after)
    assert design.count(ADDED) == sum(1 for v in data["variants"] if v.get("source") == "kit")


# --- the teacher guide of a class kit ------------------------------------------------------------


@pytest.mark.parametrize("game", ["integer-matrix", "momentum", "momentum-game", "newtonian-rummy"])
def test_the_class_kits_teacher_guide_marks_the_same_parts(game: str) -> None:
    """The guide's chapter prints the goals and classroom parts too: labelled as the teacher's book does."""
    from kitpress.classkit import guide
    from kitpress.classkit.plan import GamePlan, KitPlan, seating_for

    loaded = load_spec(game)
    html = guide.render_html(KitPlan(4, "letter", (GamePlan(loaded, seating_for(loaded, 4), (), ()),)))
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#39;", "'")
    data = spec_data(game)
    sources, room = data["sources"], data["classroom"]
    goals = between(text, "Learning goals", "Standards" if "Standards" in text else "Table talk")
    assert (ADDED in goals) == (sources["learning_goals"] == "kit")
    rest = text[text.index("Table talk") - 200 :]
    kit_parts = [p for p in PARTS if room.get(p) and sources[p] == "kit"]
    assert (ADDED in rest) == bool(kit_parts)
    ruled = [q for q in room["quick_rulings"] if q.get("source") == "ruling"]
    assert rest.count("A ruling. Why:") == len(ruled)
    assert not re.search(r"\bR\d+\b", between(text, "Table talk", "Referee checklist"))
