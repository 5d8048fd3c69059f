"""--quiet on the commands that go through several games or many plays (issue 19, point 6): no progress,
and only what needs reading. The bars themselves show on a terminal only, so a piped run is the report."""

from __future__ import annotations

from collections.abc import Callable

from click.testing import Result


def test_check_quiet_keeps_the_summary_alone(run_cli: Callable[..., Result]) -> None:
    loud = run_cli("check", "momentum-game", "integer-matrix")
    quiet = run_cli("check", "momentum-game", "integer-matrix", "--quiet")
    assert loud.exit_code == quiet.exit_code == 0
    summary = loud.output.strip().splitlines()[-1]
    assert len(loud.output.strip().splitlines()) > 2
    assert quiet.output.strip().splitlines() == [summary]


def test_lint_quiet_prints_nothing_for_a_game_that_passes(run_cli: Callable[..., Result]) -> None:
    result = run_cli("lint", "momentum-game", "--ink", "full", "--quiet")
    assert result.exit_code == 0, result.output
    assert result.output == ""


def test_simulate_quiet_still_prints_the_table(run_cli: Callable[..., Result]) -> None:
    result = run_cli("simulate", "momentum-game", "--games", "4", "--workers", "1", "--variant", "base", "--quiet")
    assert result.exit_code == 0, result.output
    assert "simulating" not in result.output and result.output.strip()
