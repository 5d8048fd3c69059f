"""`kitpress simulate`: exact statistics, reproducible sweeps on any executor (Dask included), fast paths
identical to the reference engines, invariants over thousands of random games, agents, the report."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from pypdf import PdfReader

from kitpress.commands.simulate import command
from kitpress.engine import Engine
from kitpress.errors import UsageError
from kitpress.packs import engines, packs
from kitpress.simulate.agents import GreedyAgent, MonteCarloAgent, RandomAgent, make_agent
from kitpress.simulate.compare import compare
from kitpress.simulate.figures import Tally
from kitpress.simulate.kernels import fast_path
from kitpress.simulate.play import GameRecord, game_rng, lead_figures, play_game
from kitpress.simulate.stats import spread, wilson
from kitpress.simulate.sweep import Plan, loaded_spec, run
from kitpress.spec.load import load_spec

AnyEngine = Engine[Any, Any]
BOUND = 1000  # every random game must end by the rules within this many decision points
INVARIANT_GAMES = 2000


def simulate(*args: str) -> Result:
    return CliRunner().invoke(command, list(args), catch_exceptions=False)


# --- statistics --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("k", "n", "low", "high"),
    # Newcombe (1998), Statistics in Medicine 17:857, table I, method 3; and 5 of 10
    [(81, 263, 0.2553, 0.3662), (15, 148, 0.0624, 0.1605), (0, 20, 0.0, 0.1611), (1, 29, 0.0061, 0.1718), (0, 10, 0.0, 0.2775), (10, 10, 0.7225, 1.0), (5, 10, 0.2366, 0.7634)],
)
def test_wilson_interval_matches_published_values(k: int, n: int, low: float, high: float) -> None:
    p = wilson(k, n)
    assert (round(p.low, 4), round(p.high, 4)) == (low, high)
    assert p.rate == k / n


def test_length_spread_uses_sample_sd_and_nearest_rank_percentile() -> None:
    s = spread([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    assert (s.mean, s.median, s.p90) == (5.5, 5.5, 9)
    assert round(s.sd, 6) == 3.02765


def test_lead_changes_skip_level_spells_and_count_the_winners_final_run() -> None:
    assert lead_figures(["blue", None, "blue", "red", None, "red", "red"], ("red",)) == (1, 2)  # level at 4: ahead for good from 5
    assert lead_figures(["blue", "red", "blue"], ()) == (2, None)
    assert lead_figures(["red", "red", "red"], ("red",)) == (0, 2)


# --- sweeps: the same seed gives the same numbers, on any executor ------------------------------


def test_same_seed_same_numbers_with_one_or_two_workers() -> None:
    one = compare("momentum-game", games=300, seed=11, workers=1)
    two = compare("momentum-game", games=300, seed=11, workers=2)
    assert one.table == two.table
    assert [r.records for r in one.sweep.runs] == [r.records for r in two.sweep.runs]
    other = compare("momentum-game", games=300, seed=12, workers=1)
    assert other.table != one.table
    # the reference engines too, and they agree with the fast path game for game
    slow = [compare("momentum-game", games=60, seed=11, workers=w, fast=False) for w in (1, 2)]
    assert slow[0].table == slow[1].table
    assert [r.records for r in slow[0].sweep.runs] == [r.records[:60] for r in one.sweep.runs]


def test_the_table_compares_base_with_every_variant_side_by_side() -> None:
    result = compare("momentum-game", games=200, workers=1)
    assert result.table.columns == ("base", "once-per-chain", "deck-18")
    labels = [label for label, _ in result.table.rows]
    assert labels == [
        "games", "completed by the rules", "red wins (95% CI)", "blue wins (95% CI)", "draws (95% CI)",
        "length in rounds: mean", "length in rounds: sd", "length in rounds: median", "length in rounds: 90th percentile",
        "side advantage (95% CI)", "first mover wins (95% CI)",
        "lead changes per game", "decisiveness",  # no minutes: the design document states no playing time
        "ΣF = 0 rounds per game", "ΣF = 0 share of rounds", "rules that acted, times per game:",
        "  Green revealed", "  Greens in a row draw the game", "  same colour, no contest", "  equal strength, a tie",
        "  repeat winner's double move", "  double move refused (once per chain)", "  block stops on the edge",
        "  discards reshuffled", "effect against base",
    ]  # fmt: skip
    assert all(len(cells) == 3 for _, cells in result.table.rows)
    assert result.summaries[0].minutes is None and "no playing time is stated" in result.pace.text()


def test_minutes_are_estimated_from_the_stated_playing_time() -> None:
    result = compare("newtonian-rummy", ["base", "track-7"], games=100, workers=1)
    labels = [label for label, _ in result.table.rows]
    assert "minutes (estimated): mean" in labels and "minutes (estimated): 90th percentile" in labels
    # the pace is calibrated on base: its mean length takes the middle of identity.minutes (10–15)
    assert result.summaries[0].minutes.mean == pytest.approx(12.5)
    assert result.summaries[1].minutes.mean > 12.5  # a longer track takes longer
    assert "a game's stated 10–15 minutes (middle 12.5)" in result.pace.text()


def test_variants_move_figures_the_way_their_tuning_notes_say() -> None:
    result = compare("newtonian-rummy", ["base", "wild-melds", "track-7", "stalemate"], games=300, workers=1)
    assert result.sweep.agent.startswith("rules: ")  # the game's rules-aware player is the default
    base, wild, track, stalemate = result.summaries
    melds = [s.figures[0].value for s in result.summaries]
    assert base.figures[0].label == "valid melds per round (all players)"
    assert melds[1] > 5 * melds[0]  # wild melds: younger players find valid melds
    assert track.length.mean > 1.3 * base.length.mean  # a longer track: games end less quickly
    assert stalemate.draws.k > 20 > base.draws.k  # the stalemate rule turns ties into draws
    assert wild.games == 300


def test_base_is_played_for_the_minutes_when_only_variants_are_asked_for() -> None:
    result = compare("momentum-game", ["deck-18"], games=100, workers=1)
    assert result.table.columns == ("deck-18",)
    assert [(r.key, r.shown, len(r.records)) for r in result.sweep.runs] == [("deck-18", True, 100), ("base", False, 100)]


def test_capped_games_are_not_completed_and_are_judged_by_stop() -> None:
    plan = Plan("momentum-game", (None,), 200, seed=3, max_turns=2)
    records = run(plan, workers=1).runs[0].records
    capped = [r for r in records if not r.completed]
    assert capped and all(r.turns == 2 for r in capped)
    engine = load_spec("momentum-game").engine
    for r in capped[:20]:  # replay: the stored winner is what the engine's stop says
        rng = game_rng(3, None, r.index)
        state = engine.new_game(rng)
        for _ in range(2):
            state = engine.apply(state, {s: rng.choice(engine.legal_moves(state, s)) for s in engine.to_move(state)}, rng).state
        assert r.winners == engine.stop(state).winners


def test_a_dask_cluster_gives_the_same_numbers() -> None:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(processes=False, n_workers=1, threads_per_worker=2, dashboard_address=None) as cluster:
        remote = simulate("momentum", "--games", "60", "--seed", "5", "--cluster", cluster.scheduler_address)
    local = simulate("momentum", "--games", "60", "--seed", "5", "--workers", "1")
    assert remote.exit_code == 0 and remote.output == local.output
    assert "“last marble” announcements per game" in local.output


# --- fast paths: identical games, and invariants over random play -------------------------------


def _invariants(engine: AnyEngine, state: Any, events: tuple[Any, ...]) -> None:
    """Conservation, the track, and scores as the sum of their parts, for each game we know."""
    c = engine.config
    if engine.id == "momentum-game":
        cards = [*state.hands[0], *state.hands[1], *state.draw_pile, *state.discard]
        assert Counter(cards) == Counter(engine.full_deck())
        assert c.track.min <= state.position <= c.track.max
        assert (state.streak_count == 0) == (state.last_winner is None) and state.streak_count <= c.streak_cap
    elif engine.id == "newtonian-rummy":
        cards = [card for hand in state.hands for card in hand] + [*state.draw_pile, *state.discard]
        assert sorted(cards) == sorted(engine.deck.ids)
        assert -c.track.edge <= state.position <= c.track.edge
        for e in events:
            if e.kind == "base":
                forces = e.data["forces"]
                for team in ("blue", "red"):
                    assert e.data[f"base_{team}"] == sum(f for s, f in forces.items() if s.startswith(team))
    elif engine.id == "momentum":
        on_board = Counter(v for v in state.cells if v >= 0)
        assert all(on_board[i] + state.supply[i] == c.marbles for i in range(len(state.supply)))
    elif engine.id == "integer-matrix":
        placed = [d for d in state.discs if d >= 0]
        held = [] if state.hand is None else [state.hand]
        assert sorted(placed + list(state.bag) + held) == list(range(len(c.discs)))
        assert state.black & state.white == 0
        assert bin(state.black | state.white).count("1") == len(placed)
        assert list(state.net) == [sum(sheet) for sheet in state.sheets]


def _checked_games(game: str, variant: str | None, counts: tuple[int | None, ...], start: int, stop: int, full: int) -> int:
    """Random games on the reference engine with every state checked; where the game has a fast path,
    each game's moves and result must match it, and the first `full` games' whole records (figures,
    leads) too. Player counts take turns. Module-level so a process pool can run it."""
    engine = loaded_spec(game, variant).engine
    kernels = {players: fast_path(engine, players, BOUND) for players in counts}
    agent = RandomAgent()
    for index in range(start, stop):
        players = counts[index % len(counts)]
        kernel = kernels[players]
        rng = game_rng(1, variant, index)
        state = engine.new_game(rng, players)
        _invariants(engine, state, ())
        moves: list[dict[str, Any]] = []
        while engine.to_move(state) and len(moves) < BOUND:
            moves.append({seat: agent.choose(engine, state, seat, rng) for seat in engine.to_move(state)})
            step = engine.apply(state, moves[-1], rng)
            _invariants(engine, step.state, step.events)
            state = step.state
        result = engine.outcome(state)
        assert result is not None, f"{game} {variant} game {index} did not end within {BOUND} turns"
        if kernel is None:
            continue
        fast: list[dict[str, Any]] = []
        record = kernel(game_rng(1, variant, index), index, trace=fast.append)
        assert fast == moves
        assert (record.completed, record.winners, record.turns) == (True, result.winners, len(moves))
        if index - start < full:
            # the rules engine also counts the rules that acted and who moved first; a fast path leaves them out
            assert record == play_game(engine, agent, game_rng(1, variant, index), index, BOUND, players)._replace(rules=None, first=None)
    return stop - start


def _jobs(game: str) -> list[tuple[str, str | None, tuple[int | None, ...], int, int, int]]:
    """INVARIANT_GAMES games spread over base and every variant, and (where the game allows) player counts."""
    loaded = load_spec(game)
    variants = [None, *(v.id for v in loaded.spec.variants)]
    allowed = loaded.spec.identity.allowed_player_counts()
    counts = (None, *sorted({min(allowed), max(allowed)}))  # the default, the fewest and the most players
    share = -(-INVARIANT_GAMES // len(variants))
    half = -(-share // 2)  # two jobs per variant, one for each worker
    full = max(10, 150 // len(variants))
    return [(game, v, counts, start, min(start + half, share), full if start == 0 else 0) for v in variants for start in (0, half)]


@pytest.fixture(scope="module")
def pool() -> Any:
    with ProcessPoolExecutor(max_workers=2) as executor:
        yield executor


@pytest.mark.parametrize("game", sorted(packs()))
def test_random_play_keeps_the_invariants_and_the_fast_path_plays_the_same_games(game: str, pool: Any) -> None:
    if game not in engines():
        pytest.skip(f"{game} is not registered yet")
    done = sum(pool.map(_checked_games, *zip(*_jobs(game), strict=True)))
    assert done >= INVARIANT_GAMES
    assert (packs()[game].fast_port is not None) == (fast_path(load_spec(game).engine, None, BOUND) is not None)


# --- agents ------------------------------------------------------------------------------------


def _one_marble_left() -> tuple[AnyEngine, Any]:
    """Red has one marble in hand and seven along row 1: a drop on row 2 pushes one off (no win),
    a drop anywhere on rows 3 to 7 wins."""
    engine = load_spec("momentum").engine
    state = engine.example_state({"board": ["......."] * 6 + ["RRRRRRR"], "round": 8}, [], random.Random(0))
    assert state.supply[0] == 1
    return engine, state


@pytest.mark.parametrize("agent", [GreedyAgent(), MonteCarloAgent(playouts=60)])
def test_greedy_and_monte_carlo_take_a_winning_drop(agent: Any) -> None:
    engine, state = _one_marble_left()
    for seed in range(5):
        move = agent.choose(engine, state, "red", random.Random(seed))
        assert engine.outcome(engine.apply(state, {"red": move}, random.Random(0)).state).winners == ("red",)
    random_moves = {RandomAgent().choose(engine, state, "red", random.Random(s)) for s in range(60)}
    assert any(m.endswith("2") for m in random_moves)  # random play walks into the losing drops


def test_greedy_plays_simultaneous_games_and_monte_carlo_refuses_them() -> None:
    record = play_game(load_spec("momentum-game").engine, GreedyAgent(samples=2), random.Random(4), 0, 300)
    assert isinstance(record, GameRecord) and record.turns >= 1
    with pytest.raises(UsageError, match="perfect-information"):
        make_agent("montecarlo").check(load_spec("newtonian-rummy").engine, None)


def test_unknown_figures_are_absent_not_zero() -> None:
    engine = load_spec("momentum").engine
    assert Tally(engine).result() == {}
    from kitpress.engine import Event
    from kitpress.games.integer_matrix.tally import IntegerMatrixTally

    tally = IntegerMatrixTally(engine)
    tally.add([Event("matrix", "Matrix score: 3 + (−2) = +1.", {"matrix": [3, -2], "matrix_score": 1})])
    assert tally.result() == {"additions": 1, "negative_additions": 1}
    tally.add([Event("matrix", "no numbers", {})])
    assert tally.result() == {"additions": None, "negative_additions": None}
    assert IntegerMatrixTally(engine).result() == {"additions": None, "negative_additions": None}


# --- the command and its report -----------------------------------------------------------------


def test_command_prints_the_table_and_writes_a_byte_identical_report(tmp_path: Path) -> None:
    args = ["newtonian-rummy", "--variant", "base", "--variant", "bonus-cap-1", "--games", "150", "--seed", "2", "--workers", "1"]
    first = simulate(*args, "--report", str(tmp_path / "a"))
    assert first.exit_code == 0
    lines = first.stdout.splitlines()
    assert lines[1].startswith("agent: rules: a player who knows the rules")  # the game's own player, by default
    assert lines[lines.index("") + 1].split() == ["base", "bonus-cap-1"]
    assert max(len(line) for line in lines if not line.startswith("wrote ")) <= 100
    assert any(line.startswith("valid melds per round (all players)") for line in lines)
    simulate(*args, "--report", str(tmp_path / "b"))
    names = ["newtonian-rummy-simulation.html", "newtonian-rummy-simulation.pdf", "newtonian-rummy-simulation.json"]
    for name in names:
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()
    data = json.loads((tmp_path / "a" / names[2]).read_text())
    html = (tmp_path / "a" / names[0]).read_text()
    text = " ".join(re.sub(r"<[^>]+>", " ", html).split())
    pdf = " ".join(" ".join(page.extract_text() for page in PdfReader(tmp_path / "a" / names[1]).pages).split())
    assert data["columns"] == ["base", "bonus-cap-1"]
    for label, cells in data["rows"]:
        assert " ".join(" ".join([label, *cells]).split()) in text  # the row as printed
        assert label.split(":")[0].strip() in pdf and cells[0].split(" (")[0] in pdf
    assert "a player who knows the rules" in text and html.count("<svg") == 2  # one plot per variant


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["momentum-game", "--variant", "deck-99"], "no variant 'deck-99'; variants are: base, once-per-chain, deck-18"),
        (["momentum-game", "--agent", "clever"], "unknown agent 'clever'"),
        (["momentum-game", "--agent", "montecarlo"], "plays perfect-information games only"),
        (["momentum-game", "--players", "3"], "--players: Momentum Game! is for exactly 2 players"),
        (["no-such-game"], "unknown game 'no-such-game'"),
    ],
)
def test_bad_input_is_one_line_and_exit_code_2(args: list[str], message: str) -> None:
    result = CliRunner().invoke(command, [*args, "--games", "5", "--workers", "1"])
    assert result.exit_code == 2
    assert message in result.output


def test_every_game_gets_a_table_with_its_classroom_figures() -> None:
    figures = {
        "momentum": "“last marble” announcements per game",
        "newtonian-rummy": "partial plays per round (all players)",
        "integer-matrix": "of which with a negative addend",
    }
    for game, label in figures.items():
        if load_spec(game).spec.engine not in engines():
            continue
        agent = "greedy:1" if game == "momentum" else "random"
        result = simulate(game, "--games", "10", "--workers", "1", "--agent", agent)
        assert result.exit_code == 0, result.output
        row = next(line for line in result.stdout.splitlines() if line.startswith(label))
        assert "—" not in row and f"agent: {agent.split(':')[0]}" in result.stdout
