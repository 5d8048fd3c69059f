"""Shared fixtures: the CLI runner and one build of Momentum Game! per test session."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from kitpress.cli import main

ROOT = Path(__file__).resolve().parents[1]
SPECS = ROOT / "specs"


@pytest.fixture
def run_cli() -> Callable[..., Result]:
    def run(*args: str) -> Result:
        return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)

    return run


@pytest.fixture(scope="session")
def momentum_game_kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """output/momentum-game/ built once, on Letter and A4."""
    out = tmp_path_factory.mktemp("kit")
    result = CliRunner().invoke(main, ["build", "momentum-game", "--out", str(out)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return out / "momentum-game"
