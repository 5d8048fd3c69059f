"""Shared fixtures: the CLI runner and one build of Momentum Game! per test session."""

from __future__ import annotations

import fcntl
import os
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
def built_kit(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], Path]:
    """A bundled game's kit as `kitpress build GAME` makes it (Letter and A4), built once per session
    and shared by every test file that measures it — across pytest-xdist's workers too: the first
    worker to ask builds it under a lock in the session's shared folder, the others wait and read it.
    Tests only read it."""
    kits: dict[str, Path] = {}
    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base  # parent: this run's workers

    def get(game: str) -> Path:
        if game not in kits:
            out = shared / f"shared-kit-{game}"
            with open(shared / f"shared-kit-{game}.lock", "w") as lock:
                fcntl.flock(lock, fcntl.LOCK_EX)
                if not (out / game / "manifest.json").exists():  # the manifest is written last
                    result = CliRunner().invoke(main, ["build", game, "--out", str(out)], catch_exceptions=False)
                    assert result.exit_code == 0, result.output
            kits[game] = out / game
        return kits[game]

    return get


@pytest.fixture(scope="session")
def momentum_game_kit(built_kit: Callable[[str], Path]) -> Path:
    return built_kit("momentum-game")
