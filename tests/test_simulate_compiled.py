"""The compiled ports (numba, the `fast` extra) play the Python fast paths' games exactly.

tests/test_simulate.py already holds whichever path `fast_path` takes to the reference engine, game for
game; here the compiled port and the Python port meet head on, every record and every move, across
player counts, variants, a turn cap, and games that need more draws than their first block holds.

A game whose one port serves both (its functions compiled by numba where it is installed, run as Python
where it is not) is held to itself: the games it plays compiled here against the games the same source
plays in a process where numba cannot be imported, as without the `fast` extra.
"""

from __future__ import annotations

import importlib
import pickle
import random
import subprocess
import sys
from typing import Any

import pytest

from kitpress.packs import packs
from kitpress.simulate import kernels
from kitpress.simulate.agents import RandomAgent
from kitpress.simulate.kernels import fast_path, path_name
from kitpress.simulate.play import GameRecord, game_rng, play_game
from kitpress.simulate.sweep import loaded_spec
from kitpress.spec.load import load_spec

pytest.importorskip("numba")

def player_counts(game: str) -> tuple[int | None, ...]:
    """The game's own default, and the fewest and most players its spec allows."""
    counts = load_spec(game).spec.identity.allowed_player_counts()
    return (None, *sorted({min(counts), max(counts)}))

COMPILED = sorted(game for game, pack in packs().items() if pack.compiled_port is not None)

Case = tuple[str | None, int | None, int, int, int | None]  # variant, players, turn cap, games, BLOCK (None: the module's)
Played = list[tuple[GameRecord, list[Any]]]

# Plays cases in a process where numba cannot be imported: the Python side of a one-source port.
WITHOUT_NUMBA = """
import importlib, pickle, sys
sys.modules["numba"] = None  # as if the `fast` extra were not installed
from kitpress.simulate import compiled_draws
from kitpress.simulate.kernels import fast_path, path_name
from kitpress.simulate.play import game_rng
from kitpress.simulate.sweep import loaded_spec
game, cases = pickle.loads(sys.stdin.buffer.read())
out = []
for variant, players, cap, games, block in cases:
    engine = loaded_spec(game, variant).engine
    kernel = fast_path(engine, players, cap)
    module = importlib.import_module(kernel.__module__)
    module.BLOCK = block or module.BLOCK
    played = []
    for index in range(games):
        moves = []
        played.append((kernel(game_rng(7, None, index), index, trace=moves.append), moves))
    out.append((path_name(engine), compiled_draws.COMPILED, played))
sys.stdout.buffer.write(pickle.dumps(out))
"""


def one_source(game: str) -> bool:
    """Do the pack's Python and compiled ports come from one source?"""
    pack = packs()[game]
    return pack.fast_port is not None and pack.compiled_port is not None and pack.fast_port() is pack.compiled_port()


def compiled_module(game: str) -> Any:
    port = packs()[game].compiled_port
    assert port is not None
    return importlib.import_module(port().__module__)


def _play(kernel: Any, games: int) -> Played:
    played = []
    for index in range(games):
        moves: list[Any] = []
        played.append((kernel(game_rng(7, None, index), index, trace=moves.append), moves))
    return played


def _python_games(game: str, cases: list[Case]) -> list[Played]:
    """The Python port's games for each case: in this process, or for a one-source port in one without numba."""
    if not one_source(game):
        return [_play(fast_path(loaded_spec(game, v).engine, players, cap, compiled=False), games) for v, players, cap, games, _ in cases]
    ran = subprocess.run([sys.executable, "-c", WITHOUT_NUMBA], input=pickle.dumps((game, cases)), capture_output=True, check=True)
    out = pickle.loads(ran.stdout)
    assert all(path == "fast" and not compiled for path, compiled, _ in out)  # Python ran them
    return [played for _, _, played in out]


def _compiled_games(game: str, cases: list[Case], monkeypatch: pytest.MonkeyPatch) -> list[Played]:
    played = []
    for variant, players, cap, games, block in cases:
        if block:
            monkeypatch.setattr(compiled_module(game), "BLOCK", block)
        kernel = fast_path(loaded_spec(game, variant).engine, players, cap)
        assert kernel is not None
        played.append(_play(kernel, games))
        monkeypatch.undo()
    return played


@pytest.mark.parametrize("game", COMPILED)
def test_the_compiled_port_plays_the_python_ports_games(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    spec = load_spec(game)
    assert path_name(spec.engine) == "compiled"
    cases: list[Case] = [(v, players, 1000, 150, None) for v in [None, *(v.id for v in spec.spec.variants)] for players in player_counts(game)]
    compiled = _compiled_games(game, cases, monkeypatch)
    for case, python, ours in zip(cases, _python_games(game, cases), compiled, strict=True):
        assert ours == python, case
    assert any(record.completed for record, _ in compiled[0])


@pytest.mark.parametrize("game", COMPILED)
def test_a_turn_cap_stops_both_ports_at_the_same_point(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    cases: list[Case] = [(None, None, cap, 40, None) for cap in (0, 1, 3, 20)]
    compiled = _compiled_games(game, cases, monkeypatch)
    for (_, _, cap, _, _), python, ours in zip(cases, _python_games(game, cases), compiled, strict=True):
        assert ours == python
        assert all(record.turns <= cap for record, _ in ours)
        assert cap == 20 or any(not record.completed for record, _ in ours)  # the cap did stop games


@pytest.mark.parametrize("game", COMPILED)
def test_a_game_that_outgrows_its_block_of_draws_is_played_again_the_same(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # a game needs ~100 outputs or more: with blocks of 5 every game asks for more, often (both sides,
    # where one source serves both)
    cases: list[Case] = [(None, None, 1000, 30, 5)]
    assert _compiled_games(game, cases, monkeypatch) == _python_games(game, cases)


@pytest.mark.parametrize("game", COMPILED)
def test_without_numba_the_python_port_plays(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    if one_source(game):  # the process without numba plays the same source as Python
        _python_games(game, [(None, None, 1000, 1, None)])
        return
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
        reference = play_game(engine, RandomAgent(), Drawn(index), index, 1000, None)
        bare = [r._replace(rules=None, first=None) for r in (compiled(Drawn(index), index), python(Drawn(index), index), reference)]
        assert bare[0] == bare[1] == bare[2]  # rules and the first mover are the rules engine's alone
