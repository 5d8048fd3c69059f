"""Resource bounds: an input asking for a million rounds, cards or values is refused with a clear
`file:line: message` (exit 2) before kitpress spends the disk, the memory or the minutes it asks for.

These are not timed tests: each command simply runs, and a refusal comes at once. The one exception is a
file that is small in bytes but huge in values, which today takes minutes to parse; it runs in a
subprocess with a generous timeout so that the suite stays fast while the bug is open.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from kitpress.cli import main

ROOT = Path(__file__).resolve().parents[1]
BASE = ROOT / "tests" / "malformed" / "base" / "momentum-game.yaml"
KITPRESS = Path(sys.executable).with_name("kitpress")
PROBLEM_LINE = re.compile(r"^(?P<file>[^:]+):(?P<line>\d+)(:\d+)?: ")
HEAD = "game: momentum-game\nexamples:\n  - id: long\n    title: A long game\n    summary: Round after round.\n    steps:\n"
STEP = "      - play: {red: green, blue: green}\n"


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def assert_refused(result: Result, file: Path, *words: str) -> None:
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    lines = result.stderr.splitlines()
    assert lines and all(PROBLEM_LINE.match(ln) for ln in lines), result.stderr
    assert any(ln.startswith(f"{file}:") and all(w in ln for w in words) for ln in lines), result.stderr


def test_an_examples_file_of_a_million_rounds_is_refused_unread(tmp_path: Path) -> None:
    file = tmp_path / "million.yaml"
    file.write_text(HEAD + STEP * 1_000_000, encoding="utf-8")  # 40 MB
    assert_refused(run("check", "momentum-game", "--examples", str(file)), file, "larger than", "bytes")


def test_an_example_longer_than_the_limit_is_refused(tmp_path: Path) -> None:
    file = tmp_path / "long.yaml"
    file.write_text(HEAD + STEP * 201, encoding="utf-8")
    result = run("check", "momentum-game", "--examples", str(file))
    assert_refused(result, file, "examples[0].steps", "at most 200")
    assert result.stderr.startswith(f"{file}:6:")


def test_a_million_aliased_rounds_are_refused(tmp_path: Path) -> None:
    """Aliases make a small file name many values: a list of lists of aliases is still bounded."""
    lines = [
        HEAD.removesuffix("    steps:\n"),
        "    note: &step {play: {red: green, blue: green}}\n",
        "    steps: &ten [" + ", ".join(["*step"] * 10) + "]\n",
    ]
    prev = "ten"
    for n in range(1, 6):  # 10 ** 6 steps, nested
        name = f"p{n}"
        lines.append(
            f"  - id: x{n}\n    title: t\n    summary: s\n    steps: &{name} ["
            + ", ".join([f"*{prev}"] * 10)
            + "]\n"
        )
        prev = name
    file = tmp_path / "aliases.yaml"
    file.write_text("".join(lines), encoding="utf-8")
    assert_refused(run("check", "momentum-game", "--examples", str(file)), file, "more than 200000 values")


@pytest.mark.parametrize(
    ("spec", "old", "new", "words"),
    [
        pytest.param(BASE, "    size: 16\n", "    size: 1000000\n", ("game.deck.size", "less than or equal to 200"), id="momentum-game-deck-size"),
        pytest.param(BASE, "kind: stop, count: 4}", "kind: stop, count: 1000000}", ("game.deck.cards[4].count", "less than or equal to 60"), id="momentum-game-card-count"),
        pytest.param(BASE, "    quantity: 1\n    description: \"{deck_size} cards.\"", "    quantity: 1000000\n    description: \"{deck_size} cards.\"", ("components[1].quantity", "less than or equal to 1000"), id="component-quantity"),
        pytest.param(BASE, "  hand_size: 3\n", "  hand_size: 1000000\n", ("game.hand_size", "less than or equal to 10"), id="momentum-game-hand"),
        pytest.param(ROOT / "specs" / "momentum.yaml", "  marbles: 8\n", "  marbles: 1000000\n", ("game.marbles", "less than or equal to 40"), id="momentum-marbles"),
        pytest.param(ROOT / "specs" / "integer-matrix.yaml", "  board_size: 7\n", "  board_size: 1000000\n", ("game.board_size", "less than or equal to 9"), id="integer-matrix-board"),
        pytest.param(ROOT / "specs" / "newtonian-rummy.yaml", "  hand_size: 5\n", "  hand_size: 1000000\n", ("game.hand_size", "less than or equal to 10"), id="newtonian-rummy-hand"),
    ],
)  # fmt: skip
def test_a_spec_asking_for_a_million_pieces_is_refused(
    tmp_path: Path, spec: Path, old: str, new: str, words: tuple[str, ...]
) -> None:
    text = spec.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    file = tmp_path / spec.name
    file.write_text(text.replace(old, new), encoding="utf-8")
    out = tmp_path / "out"
    for args in (["check", str(file)], ["build", str(file), "--paper", "letter", "--out", str(out)]):
        assert_refused(run(*args), file, *words)
    assert not out.exists()


def test_a_long_text_is_not_a_million_values(tmp_path: Path) -> None:
    """One 1.9 MB string is a single value: read, and refused for what it is, not for its size."""
    file = tmp_path / "long-text.yaml"
    file.write_text(
        BASE.read_text(encoding="utf-8").replace(
            "  hand_size: 3\n", "  hand_size: " + "x" * 1_900_000 + "\n"
        ),
        encoding="utf-8",
    )
    assert_refused(run("check", str(file)), file, "game.hand_size", "whole number")


def test_a_small_file_of_a_million_values_is_refused_quickly(tmp_path: Path) -> None:
    file = tmp_path / "values.yaml"
    file.write_text("id: momentum-game\nnotes: [" + ",".join(["1"] * 990_000) + "]\n", encoding="utf-8")
    assert file.stat().st_size < 2_000_000  # under the byte limit: only the value limit can refuse it
    try:
        result = subprocess.run(
            [str(KITPRESS), "check", str(file)], capture_output=True, text=True, timeout=10
        )
    except subprocess.TimeoutExpired:
        pytest.fail("not refused within 10 s")
    assert result.returncode == 2, result.stderr
    assert "more than 200000 values" in result.stderr
