"""Shared fixtures: the CLI runner and one build of Momentum Game! per test session."""

from __future__ import annotations

import fcntl
import hashlib
import os
import subprocess
import sys
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


def _this_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder shared by this run's pytest-xdist workers (the parent of each worker's own)."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


@pytest.fixture(scope="session", autouse=True)
def _cache_of_this_run(tmp_path_factory: pytest.TempPathFactory) -> None:
    """kitpress's disk cache in this run's folder, for every build of the run (the `kitpress`
    subprocesses too): a test never reads an entry that another run, or the user, left behind."""
    os.environ["KITPRESS_CACHE_DIR"] = str(_this_run(tmp_path_factory) / "kitpress-cache")
    # Printer profiles too: a test never reads or writes the user's own configuration folder.
    config = tmp_path_factory.getbasetemp() / "kitpress-config"
    os.environ["KITPRESS_CONFIG_DIR"] = str(config)
    # The cache's key lives there, one a worker; the run's workers share one key, as they share the cache.
    config.mkdir(mode=0o700, exist_ok=True)
    key = config / "cache-key"
    if not key.exists():
        key.write_text(hashlib.sha256(str(_this_run(tmp_path_factory)).encode()).hexdigest() + "\n")
        key.chmod(0o600)


# Runs the CLI in a fresh interpreter and writes the modules it imported to KP_MODULES, one a line.
_COUNTING_RUNNER = """
import os, sys
from kitpress.cli import main
try:
    main(sys.argv[1:], prog_name="kitpress", standalone_mode=False)
finally:
    with open(os.environ["KP_MODULES"], "w") as out:
        out.write("\\n".join(sorted(sys.modules)))
"""


@pytest.fixture
def cli_imports(tmp_path: Path) -> Callable[[list[str]], tuple[subprocess.CompletedProcess[str], set[str]]]:
    """`kitpress ARGS` in a new process: how it ended, and every module it imported."""

    def run(args: list[str]) -> tuple[subprocess.CompletedProcess[str], set[str]]:
        record = tmp_path / "modules.txt"
        done = subprocess.run([sys.executable, "-c", _COUNTING_RUNNER, *args], capture_output=True, text=True, env={**os.environ, "KP_MODULES": str(record)}, timeout=600)
        return done, set(record.read_text().split())

    return run


@pytest.fixture(scope="session")
def built_kit(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], Path]:
    """A bundled game's kit as `kitpress build GAME` makes it (Letter and A4), built once per session
    and shared by every test file that measures it — across pytest-xdist's workers too: the first
    worker to ask builds it under a lock in the session's shared folder, the others wait and read it.
    Tests only read it."""
    kits: dict[str, Path] = {}
    shared = _this_run(tmp_path_factory)

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


@pytest.fixture(scope="session")
def class_kit_28(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """OUT of `make_kit(every bundled game, 28, "letter", OUT)`, built once per session and shared by the
    tests that read it, across pytest-xdist's workers too (as `built_kit`). Tests only read it."""
    from kitpress.classkit.kit import make_kit
    from kitpress.packs import packs

    shared = _this_run(tmp_path_factory)
    out = shared / "class-kit-28"
    with open(shared / "class-kit-28.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (out / "index.html").exists():  # the kit's last file
            make_kit(sorted(packs()), 28, "letter", out)
    return out
