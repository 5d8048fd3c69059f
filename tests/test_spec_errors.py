"""Malformed Momentum Game! specs: each is refused with exit code 2 and one `file:line:` line that points at
the edited line and says what is wrong and what was expected; no traceback, and nothing is written.

Every case is a small textual edit of specs/momentum-game.yaml (or a tiny file), so the expected line is
computed from the edited text rather than typed in. Cases where kitpress falls short today are marked
`xfail(strict=True)` with the reason: the test states the right behaviour, the mark says it is not there yet.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from kitpress.cli import main

SPEC = Path(__file__).resolve().parents[1] / "specs" / "momentum-game.yaml"
GOOD = SPEC.read_text(encoding="utf-8")
RunCli = Callable[..., Result]


def line_of(text: str, needle: str, nth: int = 0) -> int:
    """The 1-based number of the line holding `needle`; with nth=0 the needle must occur on one line only."""
    hits = [n for n, line in enumerate(text.splitlines(), start=1) if needle in line]
    if nth == 0:
        assert len(hits) == 1, f"{needle!r} is on lines {hits}; the case must name one line"
        return hits[0]
    return hits[nth - 1]


@dataclass(frozen=True)
class Case:
    id: str
    content: bytes
    line: int  # where the problem must be reported
    words: tuple[str, ...]  # all on that one line: what is wrong and what was expected
    absent: tuple[str, ...] = ()  # must appear nowhere in the output
    variant: str | None = None  # for `check --variant`
    unclear: str = ""  # why the message falls short today (the case is then xfail)
    crashes: bool = False  # kitpress raises today instead of reporting

    def param(self) -> object:
        marks = [pytest.mark.xfail(strict=True, reason=self.unclear)] if self.unclear else []
        return pytest.param(self, id=self.id, marks=marks)


def edit(
    id: str, old: str, new: str, at: str, *words: str, nth: int = 0, absent: tuple[str, ...] = (),
    variant: str | None = None, unclear: str = "", crashes: bool = False,
) -> Case:  # fmt: skip
    """Replace `old` (which must occur once in the good spec) by `new`; the problem is on the line of `at`."""
    assert GOOD.count(old) == 1, f"{old!r} occurs {GOOD.count(old)} times in {SPEC.name}"
    text = GOOD.replace(old, new)
    return Case(id, text.encode("utf-8"), line_of(text, at, nth), words, absent, variant, unclear, crashes)


def raw(id: str, content: bytes, line: int, *words: str, unclear: str = "") -> Case:
    return Case(id, content, line, words, unclear=unclear)


VARIANTS_BLOCK = "variants:\n  - id: once-per-chain"
ONCE_SET = "    set:\n      game.repeat_move_once_per_chain: true"

CASES: list[Case] = [
    # --- YAML itself ---------------------------------------------------------------------------
    edit("yaml-syntax-extra-brace", "players: {min: 2, max: 2}", "players: {min: 2, max: 2}}", "max: 2}}", "YAML syntax error", "'}'"),
    edit("yaml-syntax-colon-in-text", "subtitle: A two-player push game about net force", "subtitle: A two-player push game: about net force",
         "push game: about", "YAML syntax error", "quot"),
    edit("yaml-syntax-unclosed-bracket", "designers: [Guillermo Ithier]", "designers: [Guillermo Ithier", "designers:", "YAML syntax error", "]"),
    edit("yaml-syntax-missing-colon", "  hand_size: 3", "  hand_size 3", "hand_size 3", "YAML syntax error", "':'"),
    edit("yaml-syntax-unclosed-quote", 'date: "2025-01-18"', 'date: "2025-01-18', "  date:", "YAML syntax error", "quot"),
    edit("tab-indent", "  title: Momentum Game!\n", "\ttitle: Momentum Game!\n", "\ttitle:", "tab", "spaces"),
    edit("duplicate-key", "  subtitle: A two", "  title: Again\n  subtitle: A two", "title: Again", "duplicate key 'title'", "line 8"),
    raw("empty-file", b"", 1, "empty", "YAML mapping"),
    raw("blank-file", b"\n   \n# only a comment\n", 1, "empty", "YAML mapping"),
    raw("binary-file", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00", 1, "not UTF-8", "binary"),
    raw("binary-after-text", b"id: momentum-game\nengine: momentum-game\n\xff\xfe\xfa\n", 3, "not UTF-8", "binary"),
    raw("nul-after-text", b"id: momentum-game\nengine: momentum-game\nident\x00ity:\n", 3, "binary", "NUL"),
    raw("top-level-list", b"- id: momentum-game\n- engine: momentum-game\n", 1, "mapping", "top level"),
    # --- keys and types --------------------------------------------------------------------------
    edit("unknown-key", "  subtitle:", "  subtitel:", "  subtitel:", "unknown key 'subtitel'", "expected one of:", "subtitle", "version"),
    edit("word-for-number", "  hand_size: 3", "  hand_size: three", "hand_size: three", "game.hand_size", "whole number", "'three'"),
    edit("word-for-number-in-flow", "players: {min: 2, max: 2}", "players: {min: two, max: 2}", "min: two", "identity.players.min", "whole number", "'two'"),
    edit("missing-section", "\nclassroom:\n", "\nclassroom_notes_removed_below:\n", "id: momentum-game", "missing required key 'classroom'"),
    edit("missing-nested-key", '  version: "2.1"\n', "", "identity:", "identity", "missing required key 'version'"),
    edit("unknown-engine", "engine: momentum-game", "engine: momentum-gam", "engine:", "unknown engine 'momentum-gam'", "momentum-game"),
    edit("missing-engine", "engine: momentum-game\n", "", "id: momentum-game", "missing required key 'engine'"),
    edit("engine-as-list", "engine: momentum-game", "engine: [momentum-game]", "engine:", "engine", "momentum-game", crashes=True),
    edit("bad-game-id", "id: momentum-game", "id: Momentum Game", "id: Momentum Game", "'Momentum Game' is not a valid id", "lower-case"),
    # --- game data -------------------------------------------------------------------------------
    edit("deck-counts", "kind: stop, count: 4}", "kind: stop, count: 5}", "  deck:", "game.deck", "add up to 17", "deck size is 16"),
    edit("track-start-off-track", "track: {min: 0, max: 3, start: 1}", "track: {min: 0, max: 3, start: 5}", "  track:", "game.track", "start 5", "between min 0 and max 3"),
    edit("unknown-placeholder", "on space {track_start}.", "on space {track_begin}.", "{track_begin}", "{track_begin}", "known:", "track_start"),
    # --- examples --------------------------------------------------------------------------------
    edit("example-unknown-card", "  - play: {red: red-dark, blue: blue-light}", "  - play: {red: red-dark, blue: blue-medium}", "blue-medium",
         "play.blue", "'blue-medium'", "red-dark, red-light, blue-dark, blue-light, green"),
    edit("example-unknown-figure", "last_winner: red, streak_count: 1}", "last_winner: red, streak_count: 1, speed: 3}", "speed: 3",
         "unknown figure 'speed'", "expected one of:", "streak_count", "game_winner"),
    edit("duplicate-example-id", "  - id: B\n", "  - id: A\n", "  - id: A", "examples[1].id", "'A'", "used twice", nth=2),
    edit("example-card-as-list", "  - play: {red: red-dark, blue: blue-light}", "  - play: {red: [red-dark], blue: blue-light}", "[red-dark]",
         "play.red", "red-dark, red-light", crashes=True),
    edit("example-missing-seat", "  - play: {red: red-dark, blue: blue-light}", "  - play: {red: red-dark}", "play: {red: red-dark}",
         "play", "blue", absent=("no card None",)),
    # --- variants --------------------------------------------------------------------------------
    edit("variant-set-path-missing", "game.repeat_move_once_per_chain: true", "game.repeat_once: true", "game.repeat_once",
         "'repeat_once'", "repeat_move_once_per_chain"),
    edit("variant-set-list-id-missing", "game.deck.cards.red-dark.count: 4", "game.deck.cards.red-darkk.count: 4", "red-darkk",
         "'red-darkk'", "red-dark, red-light"),
    edit("variant-makes-invalid-game", "game.deck.cards.blue-dark.count: 4", "game.deck.cards.blue-dark.count: 3", "game.deck.size: 18",
         "variant 'deck-18'", "add up to 17", "deck size is 18"),
    edit("variant-size-not-a-number", "game.deck.size: 18", "game.deck.size: eighteen", "game.deck.size: eighteen",
         "variant 'deck-18'", "game.deck.size", "whole number", "'eighteen'"),
    edit("variants-not-a-list", VARIANTS_BLOCK, "variants: 5\nold_variants:\n  - id: once-per-chain", "variants: 5", "variants", "a list",
         variant="deck-18", crashes=True),
    edit("variant-set-not-a-mapping", ONCE_SET, "    set: 5", "set: 5", "set", "mapping", variant="once-per-chain", crashes=True),
]  # fmt: skip

PROBLEM_LINE = re.compile(r"^(?P<file>.+?):(?P<line>\d+)(:\d+)?: ")


def write_case(tmp_path: Path, case: Case) -> Path:
    spec = tmp_path / "bad-spec.yaml"
    spec.write_bytes(case.content)
    return spec


def commands(case: Case, spec: Path, out: Path) -> list[list[str]]:
    """`check` (with the case's --variant) and `build`, which has no --variant and must refuse the file anyway."""
    check = ["check", str(spec), *(["--variant", case.variant] if case.variant else [])]
    return [check, ["build", str(spec), "--paper", "letter", "--out", str(out)]]


def assert_refused_cleanly(result: Result, spec: Path) -> list[str]:
    """Exit 2, nothing on stdout, no traceback, and every stderr line a `file:line[:col]: ` problem line."""
    assert result.exit_code == 2, f"exit {result.exit_code}\n{result.output}"
    assert "Traceback" not in result.output
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert lines
    for ln in lines:
        match = PROBLEM_LINE.match(ln)
        assert match and match["file"] == str(spec), f"not a `file:line: message` line: {ln!r}"
    return lines


@pytest.mark.parametrize("case", [c.param() for c in CASES])
def test_bad_spec_is_reported_at_its_line(case: Case, tmp_path: Path, run_cli: RunCli) -> None:
    spec = write_case(tmp_path, case)
    out = tmp_path / "out"
    for args in commands(case, spec, out):
        result = run_cli(*args)
        lines = assert_refused_cleanly(result, spec)
        here = [ln for ln in lines if ln.startswith(f"{spec}:{case.line}:")]
        assert here, f"{args[0]}: no line starts with {spec}:{case.line}:\n{result.output}"
        assert any(all(w in ln for w in case.words) for ln in here), (
            f"{args[0]}: expected {case.words} on one line of:\n{result.output}"
        )
        for word in case.absent:
            assert word not in result.output
    assert not out.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == [spec.name]


@pytest.mark.parametrize("case", [c for c in CASES if c.unclear and not c.crashes], ids=lambda c: c.id)
def test_unclear_cases_are_still_refused_cleanly(case: Case, tmp_path: Path, run_cli: RunCli) -> None:
    """Where a message is not yet as clear as it should be, the rest must hold: exit 2, problem lines only, no files."""
    spec = write_case(tmp_path, case)
    out = tmp_path / "out"
    for args in commands(case, spec, out):
        assert_refused_cleanly(run_cli(*args), spec)
    assert not out.exists()


BASE_PROBLEMS = [
    "example-unknown-card",
    "example-unknown-figure",
    "duplicate-example-id",
    "unknown-placeholder",
]


@pytest.mark.parametrize("case", [c for c in CASES if c.id in BASE_PROBLEMS], ids=lambda c: c.id)
def test_a_problem_outside_the_variants_is_reported_once(case: Case, tmp_path: Path, run_cli: RunCli) -> None:
    spec = write_case(tmp_path, case)
    result = run_cli("check", str(spec))
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        ln for ln in result.stderr.splitlines() if ln.startswith(f"{spec}:{case.line}:")
    ]
    assert "variant" not in result.stderr


def test_an_unquoted_date_is_read_as_text(tmp_path: Path, run_cli: RunCli) -> None:
    spec = tmp_path / "dated.yaml"
    spec.write_text(GOOD.replace('date: "2025-01-18"', "date: 2025-01-18"), encoding="utf-8")
    assert run_cli("check", str(spec)).exit_code == 0


def test_all_problems_in_a_file_are_reported_together(tmp_path: Path, run_cli: RunCli) -> None:
    text = GOOD.replace("  subtitle:", "  subtitel:").replace("  hand_size: 3", "  hand_size: three")
    spec = tmp_path / "two-problems.yaml"
    spec.write_text(text, encoding="utf-8")
    result = run_cli("check", str(spec))
    assert result.exit_code == 2
    starts = [ln.split(": ", 1)[0] for ln in result.stderr.splitlines()]
    assert f"{spec}:{line_of(text, '  subtitel:')}:3" in starts
    assert f"{spec}:{line_of(text, 'hand_size: three')}:3" in starts


def test_examples_are_checked_even_when_the_rules_have_errors(tmp_path: Path, run_cli: RunCli) -> None:
    """Five mistakes, five lines (issue 20, point 7): the examples' own mistakes need no valid `game:`."""
    text = (
        GOOD.replace("  hand_size: 3", "  hand_size: 0")  # the rules
        .replace("move: 1, position: 2, last_winner: red", "move: 1, posiition: 2, last_winner: red", 1)  # a figure
        .replace("  - id: B\n", "  - id: A\n", 1)  # an example id used twice
        .replace("  streak_cap: 2", "  streak_cap: -1")  # the rules again
    )
    text = text.replace("    start: {", "    start: {colour: red, ", 1)  # a start key the game does not have
    spec = tmp_path / "five.yaml"
    spec.write_text(text, encoding="utf-8")
    result = run_cli("check", str(spec))
    assert result.exit_code == 2 and not result.stdout
    lines = result.stderr.splitlines()
    expected = {
        line_of(text, "hand_size: 0"): "game.hand_size: input should be greater than or equal to 1",
        line_of(text, "posiition: 2"): "expect.posiition: unknown figure 'posiition'; expected one of: outcome,",
        line_of(text, "  - id: A", 2): "].id: id 'A' is used twice (first at item 1)",
        line_of(text, "streak_cap: -1"): "game.streak_cap: input should be greater than or equal to",
        line_of(text, "start: {colour: red"): ".start.colour: unknown start key 'colour'; expected one of:",
    }
    assert len(lines) == len(expected), lines
    for line, said in expected.items():
        assert any(ln.startswith(f"{spec}:{line}:") and said in ln for ln in lines), (line, said, lines)


@pytest.mark.parametrize(
    ("line", "old", "new", "at", "said"),
    [
        pytest.param(9, "  subtitle:", " subtitle:", 9, "line 9 is indented by 1 space, which lines up with no line above it; YAML reads indentation as structure, so indent it by 2 spaces (like line 8) or 0 spaces (like line 7)", id="a-key-short-of-its-siblings"),
        pytest.param(9, "  subtitle:", "    subtitle:", 9, "line 9 is indented more than line 8, whose key already has its value, so YAML cannot read it as a key of its own: indent it by 2 spaces, like line 8 (or, if it is text holding ': ', put it in quotes)", id="a-key-under-a-value"),
        pytest.param(8, "  title:", "   title:", 8, "line 8 is indented by 3 spaces and the lines after it by 2 spaces; YAML takes a block's first line for the indentation of all of it: indent line 8 by 2 spaces", id="the-first-key-of-a-block"),
    ],
)  # fmt: skip
def test_indentation_errors_are_explained_at_the_line_to_edit(tmp_path: Path, run_cli: RunCli, line: int, old: str, new: str, at: int, said: str) -> None:
    lines = GOOD.splitlines(keepends=True)
    assert lines[line - 1].startswith(old)
    lines[line - 1] = new + lines[line - 1][len(old) :]
    spec = tmp_path / "indent.yaml"
    spec.write_text("".join(lines), encoding="utf-8")
    result = run_cli("check", str(spec))
    assert result.exit_code == 2
    column = len(lines[at - 1]) - len(lines[at - 1].lstrip()) + 1
    assert result.stderr.splitlines() == [f"{spec}:{at}:{column}: YAML indentation: {said}"]
    assert "block end" not in result.stderr and "mapping start" not in result.stderr  # no parser words


# --- a failed build leaves the previous kit as it was ----------------------------------------------


def snapshot(folder: Path) -> dict[str, str]:
    """Every file under `folder` (hidden ones too) with the SHA-256 of its bytes."""
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


@pytest.fixture(scope="module")
def built_kit(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """The good spec (a copy, same id) built once on Letter; returns the --out folder and its snapshot."""
    work = tmp_path_factory.mktemp("prior-kit")
    spec = work / "my-copy.yaml"
    spec.write_text(GOOD, encoding="utf-8")
    out = work / "out"
    result = CliRunner().invoke(
        main, ["build", str(spec), "--paper", "letter", "--out", str(out)], catch_exceptions=False
    )
    assert result.exit_code == 0, result.output
    assert (out / "momentum-game" / "manifest.json").is_file()
    return out, snapshot(out)


@pytest.mark.parametrize(
    ("old", "new", "code", "said"),
    [
        pytest.param("kind: stop, count: 4}", "kind: stop, count: 5}", 2, "deck size is 16", id="malformed-spec"),
        pytest.param("move: 2, travelled: 1, position: 0", "move: 2, travelled: 2, position: 0", 1, "nothing was built", id="failing-example"),
    ],
)  # fmt: skip
def test_failed_build_leaves_the_previous_kit_unchanged(
    built_kit: tuple[Path, dict[str, str]],
    tmp_path: Path,
    run_cli: RunCli,
    old: str,
    new: str,
    code: int,
    said: str,
) -> None:
    out, before = built_kit
    assert GOOD.count(old) == 1
    bad = tmp_path / "my-copy.yaml"
    bad.write_text(GOOD.replace(old, new), encoding="utf-8")
    result = run_cli("build", str(bad), "--paper", "letter", "--out", str(out))
    assert result.exit_code == code, result.output
    assert said in result.output
    assert "Traceback" not in result.output
    assert "built momentum-game" not in result.output
    assert snapshot(out) == before
    assert sorted(p.name for p in out.iterdir()) == [".kitpress-journal.json", ".kitpress.lock", "momentum-game"], "no staging or backup is left"
