"""Newtonian Rummy: each rule of §5, §7 and §8 by a case of its own, the rulings, the end conditions,
generic properties of random play, and the worked examples through `kitpress check`."""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from kitpress.cli import main
from kitpress.engine import ExampleError
from kitpress.games.newtonian_rummy.cards import Config, Play, legal_plays, parse_play, problem, worth
from kitpress.games.newtonian_rummy.rules import NewtonianRummy, State
from kitpress.spec.variants import apply_changes

ROOT = Path(__file__).resolve().parents[3]  # tests/games/newtonian_rummy/ → the repository
SPEC = ROOT / "specs" / "newtonian-rummy.yaml"
BAD_PLAYS = ROOT / "tests" / "examples" / "newtonian-rummy-bad-plays.yaml"
RAW = yaml.safe_load(SPEC.read_text("utf-8"))
VARIANTS = {v["id"]: v["set"] for v in RAW["variants"]}


def engine(variant: str | None = None, **game: Any) -> NewtonianRummy:
    data = apply_changes(RAW, VARIANTS[variant]) if variant else copy.deepcopy(RAW)
    data["game"].update(game)
    return NewtonianRummy(Config.model_validate(data["game"]))


E = engine()


def P(text: str, eng: NewtonianRummy = E) -> Play:
    play = parse_play(text)
    return Play(eng.deck.sort(play.numbers), play.faces)


def table(hands: dict[str, str], eng: NewtonianRummy = E, **kw: Any) -> State:
    """A state with these hands (cards written as in plays), the rest of the deck as the draw pile."""
    seats = eng.seats(len(hands))
    assert set(hands) == set(seats)
    held = {s: eng.deck.sort(parse_play(hands[s]).cards) for s in seats}
    used = {c for h in held.values() for c in h}
    pile = tuple(c for c in eng.deck.ids if c not in used)
    fields: dict[str, Any] = {"position": 0, "direction": None, "streak": 0, "ties": 0, **kw}
    return State(seats, tuple(held[s] for s in seats), pile, (), **fields)


def play(state: State, plays: dict[str, str], eng: NewtonianRummy = E, seed: int = 0) -> tuple[State, dict[str, Any], list[str]]:
    moves = {s: P(plays.get(s, "pass"), eng) for s in state.seats}
    step = eng.apply(state, moves, random.Random(seed))
    return step.state, eng.observe(state, step), [e.text for e in step.events]


def total(state: State) -> int:
    return sum(map(len, state.hands)) + len(state.draw_pile) + len(state.discard)


# --- players and teams -----------------------------------------------------------------------


@pytest.mark.parametrize(("n", "blue", "red"), [(2, 1, 1), (3, 2, 1), (4, 2, 2), (5, 3, 2), (6, 3, 3)])
def test_team_sizes(n: int, blue: int, red: int) -> None:
    seats = E.seats(n)
    assert len(seats) == n and sum(s.startswith("blue") for s in seats) == blue and sum(s.startswith("red") for s in seats) == red
    state = E.new_game(random.Random(n), n)
    assert all(len(h) == 5 for h in state.hands) and total(state) == 52
    assert E.to_move(state) == seats


def test_extra_player_can_go_to_red_and_bounds() -> None:
    assert engine(odd_extra_team="red").seats(3) == ("blue-1", "red-1", "red-2")
    for n in (1, 7):
        with pytest.raises(ValueError, match="2 to 6 players"):
            E.seats(n)


# --- §5 valid plays ----------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "kind", "force"), [
    ("M2 A4 F8", "meld", 8), ("M3 A3 F9", "meld", 9), ("M2 A3 F8", "invalid meld", 0),
    ("F9", "partial", 4), ("F8", "partial", 4), ("F5", "partial", 2), ("F2", "partial", 1),
    ("M5", "lone card", 0), ("V7", "lone card", 0), ("pass", "pass", 0), ("MQ", "pass", 0),
])  # fmt: skip
def test_forces_of_plays(text: str, kind: str, force: int) -> None:
    assert problem(P(text), E.deck) is None
    assert (worth(P(text), E.deck).kind, worth(P(text), E.deck).force) == (kind, force)


@pytest.mark.parametrize(("text", "message"), [
    ("M2 A4 F8 + AJ + FQ", "at most 1 face card"), ("F8 + AK", "say which card the K is aimed at"),
    ("M2 M3 F6", "a meld is one M, one A and one F"), ("M2 A4 V8", "a meld is one M"),
    ("M2 A4", "one, or a meld of three"), ("M2 A4 F8 F9", "one, or a meld of three"), ("M11", "no card 'M11'"),
])  # fmt: skip
def test_malformed_plays(text: str, message: str) -> None:
    assert message in (problem(P(text), E.deck) or "")


def test_lone_card_rule_can_be_switched_off() -> None:
    assert "must be an F" in (problem(P("M5"), engine(lone_card_play=False).deck) or "")


def test_face_card_with_a_meld_of_its_own_letter() -> None:  # ruling R7
    state = table({"blue-1": "M2 A4 F8 MQ V1", "red-1": "M3 A3 F9 V2 V3"}, direction="red", streak=1)
    _, fig, _ = play(state, {"blue-1": "M2 A4 F8 + MQ", "red-1": "M3 A3 F9"})
    assert fig["base_blue"] == 8 and fig["friction_on"] == ["red"] and fig["total_red"] == 4


@pytest.mark.parametrize(("text", "kind", "force"), [
    ("M2 A4 V7", "meld", 8), ("M2 V9 F8", "meld", 8), ("V1 A4 F8", "meld", 8),
    ("M4 A3 V1", "invalid meld", 0), ("M3 V2 F8", "invalid meld", 0), ("M2 A4 F8", "meld", 8),
])  # fmt: skip
def test_wild_melds_variant(text: str, kind: str, force: int) -> None:  # ruling R12
    wild = engine("wild-melds")
    assert problem(P(text, wild), wild.deck) is None
    got = worth(P(text, wild), wild.deck)
    assert (got.kind, got.force) == (kind, force)
    assert "a meld is one M" in (problem(P("M2 V4 V8", wild), wild.deck) or "")


def test_legal_moves_are_exactly_the_allowed_plays() -> None:
    hand = tuple(E.deck.sort(["M2", "A4", "F8", "MK", "FJ"]))
    plays = legal_plays(hand, E.deck)
    # numbers: pass, 3 singles, 1 meld; faces: none, J, K aimed at J, K aimed at Q
    assert len(plays) == 5 * 4 and len(set(plays)) == 20
    assert Play() in plays and P("M2 A4 F8 + MK:Q") in plays and P("M2 A4 F8 + MK") not in plays
    assert all(problem(p, E.deck) is None and set(p.cards) <= set(hand) for p in plays)
    no_faces = engine("no-faces")
    assert len(no_faces.deck.ids) == 40 and all(no_faces.deck[c].value for c in no_faces.deck.ids)


# --- §7 resolution order -----------------------------------------------------------------------


def test_step1_k_cancels_the_card_it_is_aimed_at() -> None:  # ruling R5
    hands = {"blue-1": "M2 A4 F8 FJ V1", "red-1": "MK F9 V2 V3 V4", "blue-2": "F6 FQ V5 V6 V7", "red-2": "F10 V8 V9 V10 M1"}
    state = table(hands)
    _, fig, _ = play(state, {"blue-1": "M2 A4 F8 + FJ", "blue-2": "F6 + FQ", "red-1": "F9 + MK:Q", "red-2": "F10"})
    assert fig["cancelled"] == ["blue Q"] and fig["friction_on"] == [] and fig["impulse_on"] == ["blue"]
    _, fig, _ = play(state, {"blue-1": "M2 A4 F8 + FJ", "blue-2": "F6 + FQ", "red-1": "F9 + MK:J", "red-2": "F10"})
    assert fig["cancelled"] == ["blue J"] and fig["friction_on"] == ["red"] and fig["impulse_on"] == []


def test_step1_k_falls_back_then_does_nothing() -> None:
    state = table({"blue-1": "M2 A4 F8 FJ V1", "red-1": "MK F9 V2 V3 V4"})
    _, fig, _ = play(state, {"blue-1": "M2 A4 F8 + FJ", "red-1": "F9 + MK:Q"})
    assert fig["cancelled"] == ["blue J"] and fig["after_impulse_blue"] == 8
    _, fig, events = play(state, {"blue-1": "M2 A4 F8", "red-1": "F9 + MK:Q"})
    assert fig["cancelled"] == [] and any("finds no J or Q" in e for e in events)


def test_k_against_k_and_a_k_never_cancels_its_own_team() -> None:  # ruling R6
    hands = {"blue-1": "M2 A4 F8 AK V1", "red-1": "M3 A3 F9 MK V2", "blue-2": "F4 FQ V5 V6 V7", "red-2": "F6 FJ V8 V9 V10"}
    _, fig, _ = play(table(hands), {"blue-1": "M2 A4 F8 + AK:J", "blue-2": "F4 + FQ", "red-1": "M3 A3 F9 + MK:Q", "red-2": "F6 + FJ"})
    assert fig["cancelled"] == ["blue Q", "red J"] and fig["total_blue"] == 10 and fig["total_red"] == 12
    _, fig, _ = play(table({"blue-1": "M2 A4 F8 AK FJ", "red-1": "F9 MK V2 V3 V4"}), {"blue-1": "M2 A4 F8 + AK:J", "red-1": "F9 + MK:J"})
    assert fig["cancelled"] == [] and fig["total_blue"] == 8 and fig["total_red"] == 4


def test_step4_impulse_rounds_up_and_step5_friction_comes_after() -> None:
    state = table({"blue-1": "M3 A3 F9 FJ V1", "red-1": "F4 MQ V2 V3 V4", "blue-2": "V5 V6 V7 V8 V9", "red-2": "V10 M1 M4 M5 M6"})
    _, fig, _ = play(state, {"blue-1": "M3 A3 F9 + FJ", "red-1": "F4 + MQ"})
    # J first: ⌈9 × 1.5⌉ = 14, then ⌊14 ÷ 2⌋ = 7 (the other order would give ⌈4 × 1.5⌉ = 6)
    assert (fig["base_blue"], fig["after_impulse_blue"], fig["total_blue"]) == (9, 14, 7)


def test_stacking_only_one_j_and_one_q_act() -> None:  # ruling R4
    hands = {"blue-1": "M2 A5 F10 MJ V1", "red-1": "F8 MQ V2 V3 V4", "blue-2": "AJ V5 V6 V7 V8", "red-2": "AQ V9 V10 M1 M3"}
    _, fig, _ = play(table(hands), {"blue-1": "M2 A5 F10 + MJ", "blue-2": "AJ", "red-1": "F8 + MQ", "red-2": "AQ"})
    assert (fig["after_impulse_blue"], fig["total_blue"]) == (15, 7)


def test_friction_resets_only_the_target_momentum() -> None:  # ruling R3
    hands = {"blue-1": "M2 A5 F10 MQ V1", "red-1": "F8 V2 V3 V4 V5"}
    after, fig, events = play(table(hands, direction="blue", streak=2), {"blue-1": "M2 A5 F10 + MQ", "red-1": "F8"})
    assert fig["friction_on"] == ["red"] and fig["reset_by_friction"] is None
    assert (after.direction, after.streak, fig["bonus"], fig["total_move"], after.position) == ("blue", 3, 2, 10 - 2 + 2, 5)
    assert any("holds no momentum" in e for e in events)


def test_winner_hit_by_friction_gets_no_bonus_and_no_momentum() -> None:  # ruling R2
    state = table({"blue-1": "M2 A5 F10 V1 V2", "red-1": "F4 MQ V3 V4 V5"}, direction="blue", streak=2)
    after, fig, _ = play(state, {"blue-1": "M2 A5 F10", "red-1": "F4 + MQ"})
    assert (fig["total_blue"], fig["winner"], fig["bonus"], fig["total_move"]) == (5, "blue", 0, 3)
    assert (after.direction, after.streak, after.position) == (None, 0, 3)


def test_both_teams_hit_by_friction() -> None:
    state = table({"blue-1": "M2 A5 F10 AQ V1", "red-1": "F8 MQ V3 V4 V5"}, direction="red", streak=1)
    after, fig, _ = play(state, {"blue-1": "M2 A5 F10 + AQ", "red-1": "F8 + MQ"})
    assert (fig["total_blue"], fig["total_red"], fig["winner"], fig["reset_by_friction"]) == (5, 2, "blue", "red")
    assert (after.direction, after.streak, fig["total_move"]) == (None, 0, 3)


# --- §8 movement and momentum ------------------------------------------------------------------


@pytest.mark.parametrize(("direction", "streak", "count", "bonus"), [
    (None, 0, 1, 0), ("red", 4, 1, 0), ("blue", 1, 2, 1), ("blue", 2, 3, 2), ("blue", 5, 6, 2),
])  # fmt: skip
def test_momentum_update_first_then_bonus(direction: str | None, streak: int, count: int, bonus: int) -> None:
    state = table({"blue-1": "F4 V1 V2 V3 V4", "red-1": "V5 V6 V7 V8 V9"}, direction=direction, streak=streak, position=-4)
    after, fig, _ = play(state, {"blue-1": "F4"})
    assert (after.direction, after.streak, fig["bonus"], fig["total_move"], after.position) == ("blue", count, bonus, 2 + bonus, -4 + 2 + bonus)


@pytest.mark.parametrize(("variant", "bonus"), [("bonus-cap-1", 1), ("uncapped-bonus", 3)])
def test_bonus_cap_variants(variant: str, bonus: int) -> None:
    eng = engine(variant)
    state = table({"blue-1": "F2 V1 V2 V3 V4", "red-1": "V5 V6 V7 V8 V9"}, eng, direction="blue", streak=3, position=-5 + 1)
    _, fig, _ = play(state, {"blue-1": "F2"}, eng)
    assert (fig["streak_count"], fig["bonus"], fig["total_move"]) == (4, bonus, 1 + bonus)


def test_tie_keeps_the_block_and_resets_momentum() -> None:
    after, fig, _ = play(table({"blue-1": "F8 V1 V2 V3 V4", "red-1": "F9 V5 V6 V7 V8"}, direction="red", streak=3, position=-2), {"blue-1": "F8", "red-1": "F9"})
    assert (fig["winner"], fig["delta"], fig["total_move"], after.position, after.direction, after.streak, after.ties) == (None, 0, 0, -2, None, 0, 1)
    assert after.result is None


def test_clamp_at_the_edge_is_an_immediate_win() -> None:
    state = table({"blue-1": "F6 V1 V2 V3 V4", "red-1": "M2 A5 F10 V5 V6"}, direction="red", streak=1, position=-1)
    after, fig, events = play(state, {"blue-1": "F6", "red-1": "M2 A5 F10"})
    assert (fig["total_move"], fig["travelled"], after.position, fig["game_winner"], fig["end"]) == (8, 4, -5, "red", "edge")
    assert any("would end on −9" in e for e in events)
    assert after.result is not None and after.result.winners == ("red",) and E.legal_moves(after, "blue-1") == [] and E.to_move(after) == ()
    exact = table({"blue-1": "M1 A4 F4 V1 V2", "red-1": "V3 V4 V5 V6 V7"}, position=1)
    after, fig, _ = play(exact, {"blue-1": "M1 A4 F4"})
    assert (after.position, fig["game_winner"]) == (5, "blue")
    with pytest.raises(ValueError, match="over"):
        play(after, {})


def test_longer_track_variant() -> None:
    eng = engine("track-7")
    after, _, _ = play(table({"blue-1": "F6 V1 V2 V3 V4", "red-1": "M1 A7 F7 V5 V6"}, eng, position=-2), {"blue-1": "F6", "red-1": "M1 A7 F7"}, eng)
    assert after.position == -6 and after.result is None and eng.describe_state(after)["track_min"] == -7


# --- ends: stalemate, deck out, stop ---------------------------------------------------------


def test_stalemate_is_optional() -> None:  # ruling R15
    hands = {"blue-1": "F8 F2 V1 V2 V3", "red-1": "F9 F3 V4 V5 V6"}
    for eng, ends in ((E, False), (engine("stalemate"), True)):
        after, _, _ = play(table(hands, eng), {"blue-1": "F8", "red-1": "F9"}, eng)
        assert after.ties == 1 and after.result is None
        after, fig, _ = play(after, {"blue-1": "F2", "red-1": "F3"}, eng)
        assert after.ties == 2 and (fig["game_winner"], fig["end"]) == (("draw", "stalemate") if ends else ("none", "none"))


def test_a_won_round_clears_the_tie_count() -> None:
    after, _, _ = play(table({"blue-1": "F8 V1 V2 V3 V4", "red-1": "V5 V6 V7 V8 V9"}, ties=1), {"blue-1": "F8"})
    assert after.ties == 0


@pytest.mark.parametrize(("position", "winners"), [(2, ("blue",)), (-1, ("red",)), (0, ())])
def test_deck_out_in_the_one_pass_variant(position: int, winners: tuple[str, ...]) -> None:  # ruling R14
    eng = engine("one-pass-deck")
    state = table({"blue-1": "F2 V1 V2 V3 V4", "red-1": "F3 V5 V6 V7 V8"}, eng, position=position)
    state = State(state.seats, state.hands, state.draw_pile[:1], state.draw_pile[1:], position, None, 0, 0)
    after, fig, events = play(state, {"blue-1": "F2", "red-1": "F3"}, eng)
    assert fig["end"] == "deck-out" and after.result is not None and after.result.winners == winners
    assert sum(map(len, after.hands)) == 9 and total(after) == 52 and any("Deck out" in e for e in events)


def test_reshuffle_when_the_draw_pile_is_empty() -> None:
    state = table({"blue-1": "F2 V1 V2 V3 V4", "red-1": "F3 V5 V6 V7 V8"})
    state = State(state.seats, state.hands, state.draw_pile[:1], state.draw_pile[1:], 0, None, 0, 0)
    after, _, events = play(state, {"blue-1": "F2", "red-1": "F3"})
    assert "The draw pile is empty, so the discard pile is shuffled to make a new one." in events
    assert after.result is None and all(len(h) == 5 for h in after.hands) and total(after) == 52
    assert after.discard == ()


def test_draw_back_in_seat_order_and_a_pass_draws_nothing() -> None:
    state = table({"blue-1": "M1 A2 F2 V1 V2", "red-1": "V3 V4 V5 V6 V7", "blue-2": "F5 V8 V9 V10 M2", "red-2": "F3 M3 M4 M5 M6"})
    after, _, _ = play(state, {"blue-1": "M1 A2 F2", "blue-2": "F5", "red-2": "F3"})
    pile = state.draw_pile
    assert after.hands[0] == E.deck.sort(["V1", "V2", *pile[:3]]) and after.hands[1] == state.hands[1]
    assert after.hands[2] == E.deck.sort(["V8", "V9", "V10", "M2", pile[3]]) and pile[4] in after.hands[3]
    assert after.discard == ("M1", "A2", "F2", "F5", "F3") and after.draw_pile == pile[5:] and after.position == 3


def test_stop_scores_like_a_deck_out() -> None:  # ruling R18
    for position, winners in ((3, ("blue",)), (-2, ("red",)), (0, ())):
        assert E.stop(table({"blue-1": "V1", "red-1": "V2"}, position=position)).winners == winners


def test_apply_refuses_bad_moves() -> None:
    state = table({"blue-1": "M2 A4 F8 V1 V2", "red-1": "V3 V4 V5 V6 V7"})
    with pytest.raises(ValueError, match="not in blue-1's hand"):
        E.apply(state, {"blue-1": P("F9"), "red-1": Play()}, random.Random(0))
    with pytest.raises(ValueError, match="expected a Play"):
        E.apply(state, {"blue-1": Play()}, random.Random(0))
    with pytest.raises(ValueError, match="no seat"):
        E.apply(state, {"blue-1": Play(), "red-1": Play(), "green-1": Play()}, random.Random(0))


# --- generic properties ----------------------------------------------------------------------


def _playout(seed: int, players: int, eng: NewtonianRummy = E, cap: int = 300) -> tuple[State, list[str]]:
    rng = random.Random(seed)
    state = eng.new_game(rng, players)
    trace: list[str] = []
    for _ in range(cap):
        if eng.outcome(state):
            break
        moves = {s: rng.choice(eng.legal_moves(state, s)) for s in eng.to_move(state)}
        step = eng.apply(state, moves, rng)
        trace += [e.text for e in step.events]
        state = step.state
        assert total(state) == len(eng.deck.ids) and abs(state.position) <= eng.config.track.edge
        assert state.result or all(len(h) == eng.config.hand_size for h in state.hands)
    return state, trace


@pytest.mark.parametrize("variant", [None, "no-faces", "wild-melds", "stalemate", "one-pass-deck", "track-7"])
def test_random_play_ends(variant: str | None) -> None:
    eng = engine(variant)
    for seed in range(40):
        state, _ = _playout(seed, 2 + seed % 5, eng)
        assert eng.outcome(state) is not None, f"seed {seed} did not end in 300 rounds"
        assert eng.to_move(state) == () and all(eng.legal_moves(state, s) == [] for s in state.seats)


def test_same_seed_same_game() -> None:
    assert _playout(7, 4) == _playout(7, 4)
    assert _playout(7, 4)[1] != _playout(8, 4)[1]


def test_params_and_answer_key() -> None:
    p = E.params()
    melds = [(m, a) for m in range(1, 11) for a in range(1, 11) if m * a <= 10]
    assert (p["deck_size"], p["valid_melds"], p["bonus_formula"], p["blue_edge"]) == (52, len(melds), "streak count − 1, at most 2", "+5")
    assert ("M2", "A4", "F8") in E.deck.valid_melds() and ("M3", "A4", "F12") not in E.deck.valid_melds()


def test_describe_state_draws_the_table() -> None:
    d = E.describe_state(table({"blue-1": "F2", "red-1": "F3"}, position=-2, direction="red", streak=2))
    assert (d["track_min"], d["track_max"], d["position"], d["momentum"]) == (-5, 5, -2, {"direction": "red", "streak_count": 2})
    assert d["hands"] == {"blue-1": ["F2"], "red-1": ["F3"]} and d["teams"] == {"blue": ["blue-1"], "red": ["red-1"]}


# --- worked examples ---------------------------------------------------------------------------


def test_example_start_is_checked() -> None:
    steps = [{"play": {"blue": "F8"}}]
    for start, key in (({"position": 5}, "position"), ({"direction": "red", "streak_count": 0}, "streak_count"), ({"players": 7}, "players")):
        with pytest.raises(ExampleError) as err:
            E.example_state(start, steps, random.Random(0))
        assert err.value.path == ("start", key)


def test_example_stacks_a_deck_for_several_rounds() -> None:
    steps = [{"play": {"blue": "M1 A2 F2 + Q", "red": "F9"}}, {"play": {"blue": "F10", "red": "M3 A1 F3 + K:J"}}, {"play": {"blue": "F6"}}]
    state = E.example_state({}, steps, random.Random(3))
    assert total(state) == 52
    seen = []
    for raw in steps:
        step = E.apply(state, E.example_moves(state, raw["play"]), random.Random(0))
        seen.append((step.state.ties, step.state.position))
        state = step.state
    assert seen == [(1, 0), (0, 2), (0, 5)]


def test_kitpress_check_replays_the_examples() -> None:
    result = CliRunner().invoke(main, ["check", "newtonian-rummy"])
    assert result.exit_code == 0, result.output
    for ex in "ABCDEFGHI":
        assert f"ok   newtonian-rummy example {ex}:" in result.output
    assert "example B: Momentum building (1 steps, 15 figures)" in result.output


def test_a_wrong_figure_fails_the_check(tmp_path: Path) -> None:
    text = SPEC.read_text("utf-8").replace("          travelled: 4\n", "          travelled: 8\n", 1)
    spec = tmp_path / "nr.yaml"
    spec.write_text(text, "utf-8")
    result = CliRunner().invoke(main, ["check", str(spec)])
    assert result.exit_code == 1 and "step 1: travelled: expected 8, got 4" in result.output


def test_bad_plays_are_rejected_with_file_and_line() -> None:
    result = CliRunner().invoke(main, ["check", "newtonian-rummy", "--examples", str(BAD_PLAYS)])
    assert result.exit_code == 2
    expected = [
        ":9:32: examples[0].steps[0].play.red: red-1 cannot play M11 A1 F11: there is no card 'M11' in the deck",
        ":14:16: examples[1].steps[0].play.blue: blue-1 cannot play M2 A4 F8 + AJ + FQ: at most 1 face card(s) per player per round, got 2",
        ":19:16: examples[2].steps[0].play.blue: blue-1 cannot play M2 M3 F6: a meld is one M, one A and one F card",
        ":25:16: examples[3].steps[0].play.blue-1: blue-1's K faces both a J and a Q: say which it is aimed at, AK:J or AK:Q (ruling R5)",
        ":30:16: examples[4].steps[0].play.blue: '=8' is not a card",
        ":35:26: examples[5].steps[0].play.green: unknown seat 'green'",
        ":41:9: examples[6].steps[1].play: F8 is played twice",
        ":46:16: examples[7].steps[0].play.blue: blue-1 cannot play M2 A4: play no number card, one, or a meld of three",
        ":52:16: examples[8].steps[0].play.blue: unknown seat 'blue'",
        ":57:16: examples[9].steps[0].play.blue: 'J:Q': only a K carries an aim",
    ]
    lines = result.output.splitlines()
    assert len(lines) == len(expected)
    for line, want in zip(lines, expected, strict=True):
        assert line.startswith(str(BAD_PLAYS)) and want in line, line


def test_a_refused_step_is_replayed_as_refused(tmp_path: Path) -> None:
    file = tmp_path / "refused.yaml"
    file.write_text(
        "examples:\n  - id: R\n    title: t\n    summary: s\n    steps:\n"
        "      - play: {blue: M2 A4 F8 + AJ + FQ, red: F9}\n        expect: {refused: true}\n"
        "      - play: {blue: M2 A4 F8, red: F9}\n        expect: {winner: blue, position: 4}\n",
        "utf-8",
    )
    result = CliRunner().invoke(main, ["check", "newtonian-rummy", "--examples", str(file)])
    assert result.exit_code == 0, result.output


def test_every_variant_loads() -> None:
    for variant in VARIANTS:
        result = CliRunner().invoke(main, ["check", "newtonian-rummy", "--variant", variant])
        assert result.exit_code in (0, 1), result.output
    result = CliRunner().invoke(main, ["check", "newtonian-rummy", "--variant", "no-faces"])
    assert result.exit_code == 0 and "example NF" in result.output


def test_spec_cross_references_hold() -> None:
    import re

    ids = {r["id"] for r in RAW["rulings"]}
    cited = set(re.findall(r"rulings? (R\d+)", SPEC.read_text("utf-8"))) | {
        m for group in re.findall(r"rulings ((?:R\d+, )+R\d+)", SPEC.read_text("utf-8")) for m in group.split(", ")
    }
    assert cited and cited <= ids, sorted(cited - ids)
    assert RAW["identity"]["players"] == {k: RAW["game"]["players"][k] for k in ("min", "max")}
    assert {r["topic"] for r in RAW["rulings"]} >= {"K against K", "V number cards", "Wild melds (the undefined tuning row)"}


def test_heuristic_reads_teams_from_seats() -> None:
    ahead = table({"blue-1": "V1", "red-1": "V2"}, position=3, direction="blue", streak=2)
    assert E.heuristic(ahead, "blue-1") > 0.5 > -0.5 > E.heuristic(ahead, "red-1")
    won, _, _ = play(table({"blue-1": "M1 A4 F4 V1 V2", "red-1": "V3 V4 V5 V6 V7"}, position=1), {"blue-1": "M1 A4 F4"})
    assert (E.heuristic(won, "blue-1"), E.heuristic(won, "red-1")) == (1.0, -1.0)
