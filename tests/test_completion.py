"""Shell completion (issue 20, point 8): spec paths beside the bundled game ids, each game's variant ids
and the agents a game can be simulated with, as the shell receives them."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from kitpress.cli import main


def complete(line: str) -> list[str]:
    """What bash is offered for the last word of `line` (a trailing space: a new, empty word)."""
    words = line.split()
    current = len(words) if line.endswith(" ") else len(words) - 1
    env = {"_KITPRESS_COMPLETE": "bash_complete", "COMP_WORDS": line, "COMP_CWORD": str(current)}
    result = CliRunner().invoke(main, [], env=env, prog_name="kitpress")
    assert result.exit_code == 0, result.output
    return [item.split(",", 1)[1] for item in result.output.splitlines()]


def test_spec_paths_complete_beside_the_game_ids(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "designs").mkdir()
    (tmp_path / "designs" / "friction-race.yaml").write_text("id: x\n")
    (tmp_path / "designs" / "notes.txt").write_text("not a spec\n")
    (tmp_path / "mine.yml").write_text("id: y\n")
    (tmp_path / ".hidden.yaml").write_text("id: z\n")
    monkeypatch.chdir(tmp_path)
    assert complete("kitpress check ") == ["integer-matrix", "momentum", "momentum-game", "newtonian-rummy", "designs/", "mine.yml"]
    assert complete("kitpress build de") == ["designs/"]
    assert complete("kitpress lint designs/") == ["designs/friction-race.yaml"]  # not the .txt
    assert complete("kitpress simulate designs/fr") == ["designs/friction-race.yaml"]
    assert complete("kitpress check momentum-") == ["momentum-game"]


def test_variant_ids_complete_for_the_game_named() -> None:
    assert complete("kitpress check momentum-game --variant ") == ["once-per-chain", "deck-18"]
    assert complete("kitpress lint specs/integer-matrix.yaml --variant ") == ["no-one-colour-rule"]
    assert complete("kitpress simulate newtonian-rummy --variant b") == ["base", "bonus-cap-1"]  # base: the rules as written
    assert complete("kitpress build momentum-game --variant ") == ["once-per-chain", "deck-18"]


def test_agents_complete_for_the_game_named() -> None:
    assert complete("kitpress simulate newtonian-rummy --agent ") == ["random", "greedy", "montecarlo", "rules", "greedy:", "montecarlo:"]
    assert complete("kitpress simulate integer-matrix --agent ") == ["random", "greedy", "montecarlo", "greedy:", "montecarlo:"]  # no rules-aware player
    assert complete("kitpress simulate integer-matrix --agent m") == ["montecarlo", "montecarlo:"]
