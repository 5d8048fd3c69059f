"""Properties every registered rules engine must have, whatever the game."""

from __future__ import annotations

import random
from typing import Any

import pytest

from kitpress.check import replay_all
from kitpress.engine import Engine
from kitpress.packs import engines, shipped_specs
from kitpress.spec.load import load_spec

GAMES = sorted(shipped_specs())
CAP = 400


def _playout(engine: Engine[Any, Any], seed: int) -> tuple[list[Any], Any]:
    rng = random.Random(seed)
    state = engine.new_game(rng)
    moves_made: list[Any] = []
    for _ in range(CAP):
        seats = engine.to_move(state)
        if engine.outcome(state) is not None:
            assert seats == ()
            break
        assert seats, "a game that is not over must have someone to move"
        moves = {}
        for seat in seats:
            legal = engine.legal_moves(state, seat)
            assert legal, f"{seat} has no legal move"
            moves[seat] = rng.choice(legal)
        moves_made.append(moves)
        state = engine.apply(state, moves, rng).state
    return moves_made, state


@pytest.mark.parametrize("game", GAMES)
def test_every_bundled_game_has_an_engine(game: str) -> None:
    assert load_spec(game).spec.engine in engines()


@pytest.mark.parametrize("game", GAMES)
def test_random_games_end_or_can_be_stopped(game: str) -> None:
    engine = load_spec(game).engine
    ended = 0
    for seed in range(60):
        _, state = _playout(engine, seed)
        result = engine.outcome(state) or engine.stop(state)
        assert all(w in engine.seats() or w for w in result.winners)
        ended += engine.outcome(state) is not None
    assert ended > 0


@pytest.mark.parametrize("game", GAMES)
def test_same_seed_same_game(game: str) -> None:
    engine = load_spec(game).engine
    assert _playout(engine, 7)[0] == _playout(engine, 7)[0]
    assert any(_playout(engine, s)[0] != _playout(engine, 7)[0] for s in range(8, 12))


@pytest.mark.parametrize("game", GAMES)
def test_states_are_immutable_values(game: str) -> None:
    engine = load_spec(game).engine
    rng = random.Random(3)
    state = engine.new_game(rng)
    snapshot = repr(state)
    moves = {s: engine.legal_moves(state, s)[0] for s in engine.to_move(state)}
    engine.apply(state, moves, rng)
    assert repr(state) == snapshot


@pytest.mark.parametrize("game", GAMES)
def test_worked_examples_hold_for_base_and_every_variant(game: str) -> None:
    loaded = load_spec(game)
    assert loaded.spec.examples, "every game documents worked examples"
    assert all(r.ok for r in replay_all(loaded.engine, list(loaded.spec.examples)))
    for variant in loaded.spec.variants:
        varied = load_spec(game, variant.id)
        assert varied.engine.config != loaded.engine.config, f"variant {variant.id} changes nothing"


@pytest.mark.parametrize("game", GAMES)
def test_events_speak_in_words(game: str) -> None:
    engine = load_spec(game).engine
    rng = random.Random(1)
    state = engine.new_game(rng)
    moves = {s: engine.legal_moves(state, s)[0] for s in engine.to_move(state)}
    events = engine.apply(state, moves, rng).events
    assert events and all(e.text and e.text[0].isupper() for e in events)
