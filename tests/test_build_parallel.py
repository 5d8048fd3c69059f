"""Games rendered side by side in worker processes give the very kits one process gives, and a game
that fails in a worker fails as it would in one process."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from kitpress.build import build_games
from kitpress.errors import KitpressError
from kitpress.sheets.presets import Preset

ROOT = Path(__file__).resolve().parents[1]
GAMES = ["momentum-game", "momentum"]  # the two quickest bundled kits: enough for two workers


def digests(out: Path) -> dict[str, str]:
    return {p.relative_to(out).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(out.rglob("*")) if p.is_file() and not p.name.startswith(".")}


def test_two_workers_write_the_same_bytes_as_one(tmp_path: Path) -> None:
    one = build_games(GAMES, [Preset("letter")], tmp_path / "one", jobs=1)
    two = build_games(GAMES, [Preset("letter")], tmp_path / "two", jobs=2)
    assert [ln.split(" in ")[0] for ln in one] == [ln.split(" in ")[0] for ln in two]  # same games, same order
    assert digests(tmp_path / "one") == digests(tmp_path / "two") != {}


def test_a_failure_in_a_worker_is_the_failure_of_one_process(tmp_path: Path) -> None:
    """A preflight failure in the first game (the other renders beside it): its lines and exit code,
    whichever way it rendered."""
    spec = tmp_path / "momentum.yaml"
    text = (ROOT / "specs" / "momentum.yaml").read_text(encoding="utf-8")
    spec.write_text(text.replace("title: Momentum\n", "title: Momentum round_limit\n", 1), encoding="utf-8")
    caught = []
    for jobs in (1, 2):
        with pytest.raises(KitpressError) as raised:
            build_games([str(spec), "momentum-game"], [Preset("letter")], tmp_path / f"out-{jobs}", jobs=jobs)
        caught.append((raised.value.exit_code, raised.value.lines()))
        assert not (tmp_path / f"out-{jobs}").exists()  # nothing written: every game renders before any is written
    assert caught[0] == caught[1]
    assert caught[0][0] == 1 and any("round_limit" in ln for ln in caught[0][1])
