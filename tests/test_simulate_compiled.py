"""The compiled ports (numba, the `fast` extra) play the Python fast paths' games exactly.

tests/test_simulate.py already holds whichever path `fast_path` takes to the reference engine, game for
game; here the compiled port and the Python port meet head on, every record and every move, across
player counts, variants, a turn cap, and games that need more draws than their first block holds.
"""

from __future__ import annotations

import importlib
import random
from typing import Any

import pytest

from kitpress.packs import packs
from kitpress.simulate import kernels
from kitpress.simulate.kernels import fast_path, path_name
from kitpress.simulate.play import GameRecord, game_rng
from kitpress.simulate.sweep import loaded_spec
from kitpress.spec.load import load_spec

pytest.importorskip("numba")

PLAYERS = {"momentum-game": (None,), "integer-matrix": (None, 4), "newtonian-rummy": (None, 2, 6)}  # player counts each engine seats

COMPILED = sorted(game for game, pack in packs().items() if pack.compiled_port is not None)


def compiled_module(game: str) -> Any:
    port = packs()[game].compiled_port
    assert port is not None
    return importlib.import_module(port().__module__)


def _games(engine: Any, players: int | None, max_turns: int, indices: range) -> list[list[tuple[GameRecord, list[Any]]]]:
    """Each path's (record, moves) for the same seeds: Python first, compiled second."""
    played = []
    for compiled in (False, True):
        kernel = fast_path(engine, players, max_turns, compiled=compiled)
        assert kernel is not None
        games = []
        for index in indices:
            moves: list[Any] = []
            games.append((kernel(game_rng(7, None, index), index, trace=moves.append), moves))
        played.append(games)
    return played


@pytest.mark.parametrize("game", COMPILED)
def test_the_compiled_port_plays_the_python_ports_games(game: str) -> None:
    spec = load_spec(game)
    assert path_name(spec.engine) == "compiled"
    variants = [None, *(v.id for v in spec.spec.variants)]
    for variant in variants:
        engine = loaded_spec(game, variant).engine
        for players in PLAYERS[game]:
            python, compiled = _games(engine, players, 1000, range(150))
            assert compiled == python, (variant, players)
    assert any(record.completed for record, _ in compiled)


@pytest.mark.parametrize("game", COMPILED)
def test_a_turn_cap_stops_both_ports_at_the_same_point(game: str) -> None:
    engine = load_spec(game).engine
    for cap in (0, 1, 3, 20):
        python, compiled = _games(engine, None, cap, range(40))
        assert compiled == python
        assert all(record.turns <= cap for record, _ in compiled)
        assert cap == 20 or any(not record.completed for record, _ in compiled)  # the cap did stop games


@pytest.mark.parametrize("game", COMPILED)
def test_a_game_that_outgrows_its_block_of_draws_is_played_again_the_same(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    module = compiled_module(game)
    monkeypatch.setattr(module, "BLOCK", 5)  # a game needs ~100 outputs or more: every game asks for more, often
    engine = load_spec(game).engine
    python, compiled = _games(engine, None, 1000, range(30))
    assert compiled == python


@pytest.mark.parametrize("game", COMPILED)
def test_without_numba_the_python_port_plays(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kernels, "compiler_available", lambda: False)
    engine = load_spec(game).engine
    assert path_name(engine) == "fast"
    kernel = fast_path(engine, None, 1000)
    port = packs()[game].fast_port
    assert port is not None and kernel is not None and kernel.__module__ == port().__module__


@pytest.mark.parametrize("game", COMPILED)
def test_another_generator_class_falls_back_to_the_reference_engine(game: str) -> None:
    class Drawn(random.Random):
        def getrandbits(self, k: int) -> int:  # draws otherwise than CPython's outputs
            return super().getrandbits(k) ^ ((1 << k) - 1)

    engine = load_spec(game).engine
    compiled = fast_path(engine, None, 1000)
    python = fast_path(engine, None, 1000, compiled=False)
    assert compiled is not None and python is not None
    for index in range(5):
        assert compiled(Drawn(index), index) == python(Drawn(index), index)
