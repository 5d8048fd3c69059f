"""A K written as the rule book writes it, plainly: ruling R5 aims it at the kind the other team played;
only against both a J and a Q must an example say which."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from kitpress.cli import main

EXAMPLES = """\
game: newtonian-rummy
examples:
  - id: P
    title: A plain K against a lone Q
    summary: The K cancels the Q, the only face card it can meet.
    start: {position: 0}
    steps:
      - play: {blue: "K + M2 A3 F6", red: Q + F8}
        expect: {cancelled: [red Q], friction_on: [], total_blue: 6, total_red: 4}
  - id: N
    title: A plain K against no face card
    summary: Nothing to cancel.
    steps:
      - play: {blue: "K + M2 A3 F6", red: F8}
        expect: {cancelled: [], total_red: 4}
"""


def check(tmp_path: Path, text: str) -> tuple[int, str, str]:
    file = tmp_path / "plain-k.yaml"
    file.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["check", "newtonian-rummy", "--examples", str(file)])
    return result.exit_code, result.stdout, result.stderr


def test_a_plain_k_is_aimed_by_ruling_r5(tmp_path: Path) -> None:
    code, out, err = check(tmp_path, EXAMPLES)
    assert code == 0, out + err
    assert out.splitlines()[-1] == "2 examples, 2 steps: all hold"


def test_a_plain_k_facing_both_a_j_and_a_q_must_say_which(tmp_path: Path) -> None:
    both = EXAMPLES.replace(
        '    start: {position: 0}\n    steps:\n      - play: {blue: "K + M2 A3 F6", red: Q + F8}',
        '    start: {players: 4, position: 0}\n    steps:\n      - play: {blue-1: "K + M2 A3 F6", red-1: J + F9, red-2: Q + F8}',
    )
    code, out, err = check(tmp_path, both)
    assert code == 2 and out == ""
    line = both.splitlines().index('      - play: {blue-1: "K + M2 A3 F6", red-1: J + F9, red-2: Q + F8}') + 1
    assert err.startswith(f"{tmp_path / 'plain-k.yaml'}:{line}:"), err
    assert "blue-1's K faces both a J and a Q: say which it is aimed at, K:J or K:Q (ruling R5)" in err


def test_an_aimed_k_still_works(tmp_path: Path) -> None:
    code, out, err = check(tmp_path, EXAMPLES.replace('blue: "K + M2', 'blue: "K:J + M2', 1))
    assert code == 0, out + err
