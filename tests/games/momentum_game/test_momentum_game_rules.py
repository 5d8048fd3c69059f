"""Momentum Game!: each rule of §7 and each end condition of §4 by a case of its own."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from kitpress.games.momentum_game.rules import MomentumGame, State
from kitpress.spec.load import load_spec


@pytest.fixture(scope="module")
def game() -> MomentumGame:
    engine = load_spec("momentum-game").engine
    assert isinstance(engine, MomentumGame)
    return engine


def make(game: MomentumGame, position: int = 1, last: str | None = None, count: int = 0, red: tuple[str, ...] = ("red-dark", "red-light", "green"), blue: tuple[str, ...] = ("blue-dark", "blue-light", "green"), pile: tuple[str, ...] | None = None, **kw: object) -> State:
    if pile is None:
        pile = ("red-dark", "red-light", "blue-dark", "blue-light", "green", "green", "red-dark", "blue-dark", "red-light", "blue-light")
    fields = dict(position=position, last_winner=last, streak_count=count, chain_doubled=False, hands=(tuple(sorted(red)), tuple(sorted(blue))), draw_pile=pile, discard=(), green_rounds=0, greens_played=(0, 0), first=0)
    fields.update(kw)
    return State(**fields)  # type: ignore[arg-type]


def play(game: MomentumGame, state: State, red: str, blue: str, seed: int = 1) -> tuple[State, list[str]]:
    step = game.apply(state, {"red": red, "blue": blue}, random.Random(seed))
    return step.state, [e.kind for e in step.events]


# §7.1 card strength ------------------------------------------------------------------------------
def test_dark_beats_light(game: MomentumGame) -> None:
    after, kinds = play(game, make(game), "red-dark", "blue-light")
    assert after.position == 2 and after.last_winner == "red" and "contest" in kinds


def test_light_loses_to_dark_the_other_way(game: MomentumGame) -> None:
    after, _ = play(game, make(game, position=2), "red-light", "blue-dark")
    assert after.position == 1 and after.last_winner == "blue"


def test_equal_strength_is_a_tie_with_no_move_and_a_reset(game: MomentumGame) -> None:
    after, kinds = play(game, make(game, position=2, last="red", count=1), "red-dark", "blue-dark")
    assert (after.position, after.last_winner, after.streak_count) == (2, None, 0)
    assert "tie" in kinds and "move" not in kinds


def test_same_colour_pushes_do_not_contest_and_reset(game: MomentumGame) -> None:
    state = make(game, position=2, last="red", count=1, blue=("red-dark", "blue-light", "green"))
    after, kinds = play(game, state, "red-light", "red-dark")
    assert (after.position, after.last_winner, after.streak_count) == (2, None, 0)
    assert "no-contest" in kinds


def test_a_card_pushes_for_its_colour_whoever_plays_it(game: MomentumGame) -> None:
    # Ruling R3: the Red player plays a Blue Dark against the Blue player's Red Light: Blue wins.
    state = make(game, position=2, red=("blue-dark", "red-light", "green"), blue=("red-light", "blue-light", "green"))
    after, _ = play(game, state, "blue-dark", "red-light")
    assert after.position == 1 and after.last_winner == "blue"


# §7.2 Green priority -----------------------------------------------------------------------------
@pytest.mark.parametrize(("red", "blue"), [("green", "blue-dark"), ("red-dark", "green"), ("green", "green")])
def test_any_green_means_no_move_and_a_reset(game: MomentumGame, red: str, blue: str) -> None:
    after, kinds = play(game, make(game, position=2, last="red", count=2), red, blue)
    assert (after.position, after.last_winner, after.streak_count) == (2, None, 0)
    assert kinds.count("green") == 1 and "contest" not in kinds and "move" not in kinds


def test_green_overrides_a_dark_push(game: MomentumGame) -> None:
    after, _ = play(game, make(game, position=1), "red-dark", "green")
    assert after.position == 1


# §7.4 movement -----------------------------------------------------------------------------------
def test_a_new_winner_moves_one(game: MomentumGame) -> None:
    after, _ = play(game, make(game, position=2, last="red", count=1), "red-light", "blue-dark")
    assert after.position == 1 and after.streak_count == 1


def test_the_same_winner_moves_two(game: MomentumGame) -> None:
    state = make(game, position=1, last="red", count=1)
    step = game.apply(state, {"red": "red-dark", "blue": "blue-light"}, random.Random(0))
    move = next(e for e in step.events if e.kind == "move")
    assert move.data["move"] == 2 and step.state.position == 3


def test_no_last_winner_counts_as_different(game: MomentumGame) -> None:
    after, _ = play(game, make(game, position=1), "red-dark", "blue-light")
    assert after.position == 2


def test_overshoot_clamps_on_the_edge_and_wins_at_once(game: MomentumGame) -> None:
    step = game.apply(make(game, position=1, last="blue", count=1), {"red": "red-light", "blue": "blue-dark"}, random.Random(0))
    assert step.state.position == 0
    assert [e.kind for e in step.events][-2:] == ["streak", "win"] and "clamp" in [e.kind for e in step.events]
    assert game.outcome(step.state) is not None and game.outcome(step.state).winners == ("blue",)  # type: ignore[union-attr]
    assert game.to_move(step.state) == ()


def test_reaching_the_edge_exactly_wins(game: MomentumGame) -> None:
    after, kinds = play(game, make(game, position=2), "red-dark", "blue-light")
    assert after.position == 3 and "clamp" not in kinds and after.result is not None and after.result.winners == ("red",)


# §7.5 streak record ------------------------------------------------------------------------------
def test_streak_count_rises_and_caps(game: MomentumGame) -> None:
    engine = load_spec("momentum-game").engine
    longer = type(engine)(engine.config.model_copy(update={"track": engine.config.track.model_copy(update={"min": -6, "max": 6, "start": 0})}))
    state = make(game, position=0)
    counts = []
    for _ in range(3):
        state = longer.apply(state, {"red": "red-dark", "blue": "blue-light"}, random.Random(0)).state
        state = replace(state, hands=(("green", "red-dark", "red-light"), ("blue-dark", "blue-light", "green")))
        counts.append(state.streak_count)
    assert counts == [1, 2, 2]
    assert state.position == 1 + 2 + 2


def test_once_per_chain_variant_limits_the_double_move() -> None:
    engine = load_spec("momentum-game", "once-per-chain").engine
    longer = type(engine)(engine.config.model_copy(update={"track": engine.config.track.model_copy(update={"min": -6, "max": 6, "start": 0})}))
    state = make(longer, position=0)  # type: ignore[arg-type]
    moves = []
    for _ in range(3):
        step = longer.apply(state, {"red": "red-dark", "blue": "blue-light"}, random.Random(0))
        moves.append(next(e.data["move"] for e in step.events if e.kind == "move"))
        state = replace(step.state, hands=(("green", "red-dark", "red-light"), ("blue-dark", "blue-light", "green")))
    assert moves == [1, 2, 1]


# discard, draw and reshuffle ---------------------------------------------------------------------
def test_both_cards_are_discarded_and_hands_refilled(game: MomentumGame) -> None:
    state = make(game, pile=("green", "red-dark", "blue-light"))
    after, _ = play(game, state, "red-light", "blue-light")
    assert sorted(after.discard) == ["blue-light", "red-light"]
    assert all(len(h) == 3 for h in after.hands)
    assert after.hands[0] == tuple(sorted(("red-dark", "green", "green")))  # first player draws the top card
    assert after.draw_pile == ("blue-light",)


def test_an_empty_draw_pile_reshuffles_the_discards(game: MomentumGame) -> None:
    state = make(game, pile=(), discard=("green", "red-dark"))
    before = sorted([c for h in state.hands for c in h] + list(state.discard))
    step = game.apply(state, {"red": "red-light", "blue": "blue-light"}, random.Random(3))
    after = step.state
    assert "reshuffle" in [e.kind for e in step.events]
    # The round's own two discards were in the pile that was shuffled (ruling R8).
    assert after.discard == () and len(after.draw_pile) == 2
    assert sorted([c for h in after.hands for c in h] + list(after.draw_pile)) == before
    assert all(len(h) == 3 for h in after.hands)


def test_cards_are_conserved_over_a_long_game(game: MomentumGame) -> None:
    rng = random.Random(11)
    state = game.new_game(rng)
    for _ in range(200):
        if game.outcome(state):
            break
        moves = {s: rng.choice(game.legal_moves(state, s)) for s in game.to_move(state)}
        state = game.apply(state, moves, rng).state
        cards = [c for h in state.hands for c in h] + list(state.draw_pile) + list(state.discard)
        assert sorted(cards) == sorted(game.full_deck())


def test_setup_deals_three_each_and_starts_on_one(game: MomentumGame) -> None:
    state = game.new_game(random.Random(5))
    assert state.position == 1 and state.last_winner is None and state.streak_count == 0
    assert [len(h) for h in state.hands] == [3, 3] and len(state.draw_pile) == 10


def test_playing_a_card_not_in_hand_is_refused(game: MomentumGame) -> None:
    with pytest.raises(ValueError, match="not in hand"):
        game.apply(make(game, red=("green", "green", "red-light")), {"red": "red-dark", "blue": "blue-dark"}, random.Random(0))


# §4 end conditions -------------------------------------------------------------------------------
def test_two_rounds_of_double_green_is_a_draw(game: MomentumGame) -> None:
    state = make(game, red=("green", "green", "red-dark"), blue=("green", "green", "blue-dark"), pile=("red-light",) * 4)
    state, _ = play(game, state, "green", "green")
    assert state.result is None and state.green_rounds == 1
    state, kinds = play(game, state, "green", "green")
    assert state.result is not None and state.result.is_draw and "draw" in kinds


def test_a_single_green_breaks_the_double_green_run(game: MomentumGame) -> None:
    state = make(game, red=("green", "green", "red-dark"), blue=("green", "blue-light", "blue-dark"), pile=("green", "green", "green", "green"))
    state, _ = play(game, state, "green", "green")
    state, _ = play(game, state, "green", "blue-light")
    assert state.green_rounds == 0 and state.result is None


def test_timed_end_nearer_edge_wins(game: MomentumGame) -> None:
    assert game.stop(make(game, position=2)).winners == ("red",)
    assert game.stop(make(game, position=1)).winners == ("blue",)


def test_timed_end_midway_fewer_greens_then_draw() -> None:
    engine = load_spec("momentum-game").engine
    wide = type(engine)(engine.config.model_copy(update={"track": engine.config.track.model_copy(update={"min": 0, "max": 4, "start": 2})}))
    assert wide.stop(make(wide, position=2, greens_played=(1, 3))).winners == ("red",)  # type: ignore[arg-type]
    assert wide.stop(make(wide, position=2, greens_played=(2, 0))).winners == ("blue",)  # type: ignore[arg-type]
    assert wide.stop(make(wide, position=2, greens_played=(1, 1))).is_draw  # type: ignore[arg-type]


def test_greens_played_are_counted_per_player(game: MomentumGame) -> None:
    after, _ = play(game, make(game), "green", "blue-dark")
    assert after.greens_played == (1, 0)


def test_eighteen_card_variant_adds_two_darks() -> None:
    engine = load_spec("momentum-game", "deck-18").engine
    assert isinstance(engine, MomentumGame)
    deck = engine.full_deck()
    assert len(deck) == 18 and deck.count("red-dark") == 4 and deck.count("blue-dark") == 4
