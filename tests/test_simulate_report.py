"""Balance reports a designer can trust (issue 20, point 5): a rules-aware default player, how often
each rule acted (from the engines' events), variants that cannot be told from base, a side that wins
too often, the first mover, one plot per variant, lines of at most 100 characters."""

from __future__ import annotations

import functools

import pytest
from click.testing import CliRunner

from kitpress.commands.simulate import command
from kitpress.engine import Event
from kitpress.simulate.compare import Comparison, compare
from kitpress.simulate.figures import count_rules
from kitpress.simulate.play import GameRecord
from kitpress.simulate.summary import summaries
from kitpress.simulate.sweep import Plan, Run, Sweep
from kitpress.simulate.table import flag_lines, render_text


@functools.cache
def rummy() -> Comparison:
    return compare("newtonian-rummy", games=150, seed=3, workers=2)


@functools.cache
def momentum_game() -> Comparison:
    return compare("momentum-game", games=400, seed=1, workers=1)


def rule(result: Comparison, column: str, label: str) -> str:
    row = next(cells for name, cells in result.table.rows if name.strip() == label)
    return row[result.table.columns.index(column)]


def test_rule_counts_come_from_the_events_rule_data() -> None:
    from collections import Counter

    counts: Counter[str] = Counter()
    count_rules(counts, [Event("a", "x", {"rule": "meld"}), Event("b", "y", {"rule": ("meld", "wild-meld")}), Event("c", "z", {})])
    assert counts == {"meld": 2, "wild-meld": 1}


def test_the_rules_aware_player_is_the_default_and_reaches_every_rule_its_variants_change() -> None:
    aware, random = rummy(), compare("newtonian-rummy", ["base"], games=150, seed=3, agent="random", workers=1)
    assert aware.sweep.agent.startswith("rules: a player who knows the rules")
    assert random.sweep.agent.startswith("random: ")
    melds = [float(rule(r, "base", "valid meld (M × A = F)")) for r in (aware, random)]
    assert melds[0] > 4 * melds[1]  # random play hardly ever lays a valid meld
    # each variant's own rule acts under it, and never under base
    for column, label in [
        ("wild-melds", "wild meld (a V card stands in)"), ("stalemate", "stalemate draw"),
        ("one-pass-deck", "deck out ends the game"), ("bonus-cap-1", "bonus held at its cap"),
    ]:  # fmt: skip
        assert rule(aware, column, label) != "never", column
        assert rule(aware, "base", label) == "never", label
    assert rule(aware, "no-faces", "J: Impulse multiplies a total") == "never" != rule(aware, "base", "J: Impulse multiplies a total")


def test_variants_that_cannot_be_told_from_base_are_flagged() -> None:
    result = momentum_game()
    effect = dict(zip(result.table.columns, next(c for n, c in result.table.rows if n == "effect against base"), strict=True))
    assert effect == {"base": "—", "once-per-chain": "identical", "deck-18": "measurable"}
    flags = flag_lines(result.summaries)
    # on a track of four spaces a double move always ends the game, so once per chain never refuses one
    assert rule(result, "once-per-chain", "double move refused (once per chain)") == "never"
    assert any(f.startswith("! once-per-chain: every game ended as under base (same result, same length)") for f in flags)
    side = next(f for f in flags if f.startswith("! base: blue wins"))
    assert side.endswith("of the decided games: more than 60%, and the interval excludes 50%")
    assert "! base: blue wins" in "\n".join(result.lines())  # printed under the table
    assert rule(result, "base", "side advantage (95% CI)").startswith("! blue ")


def _records(winners: list[tuple[str, ...]], turns: list[int]) -> tuple[GameRecord, ...]:
    return tuple(GameRecord(i, True, w, t, True, None, None, ()) for i, (w, t) in enumerate(zip(winners, turns, strict=True)))


def test_a_variant_inside_bases_intervals_has_no_measurable_effect() -> None:
    winners = [("blue",), ("red",)] * 100
    turns = [4, 6] * 100
    base = Run(None, "base", "base", _records(winners, turns))
    close = Run("a", "a", "a", _records([*winners[:-2], ("blue",), ("blue",)], turns))  # one game of 200 differs
    far = Run("b", "b", "b", _records([("blue",)] * 200, turns))
    sweep = Sweep(Plan("momentum-game", (None, "a", "b"), 200), "g", "momentum-game", "G", ("blue", "red"), "random", None, (base, close, far))
    _, found = summaries(sweep)
    assert [s.effect for s in found] == ["base", "none", "measurable"]
    assert "! a: no measurable effect with this agent: its results match base within their intervals" in flag_lines(found)
    assert found[2].flagged_side and not found[0].flagged_side


def test_a_measurable_variant_is_not_flagged_and_a_fair_game_has_no_side_flag() -> None:
    result = compare("momentum", ["base"], games=60, seed=2, agent="greedy:1", workers=1)
    side = rule(result, "base", "side advantage (95% CI)")
    first = rule(result, "base", "first mover wins (95% CI)")
    assert not side.startswith("!") and first.startswith("red ")  # Red always opens; its share with an interval
    assert "(" in first and not any(line.startswith("! ") for line in result.lines())
    together = rule(rummy(), "base", "first mover wins (95% CI)")
    assert together == "—"  # every seat reveals at once: no first mover


def test_rules_are_counted_on_the_engine_when_a_fast_path_plays_the_rest() -> None:
    result = compare("momentum-game", ["base"], games=300, seed=1, agent="random", workers=1, engine_games=100)
    records = result.sweep.runs[0].records
    assert all(r.rules is not None for r in records[:100]) and all(r.rules is None for r in records[100:])
    assert result.summaries[0].rules_counted == 100
    assert "rules and first mover: counted on the first 100 games of each column, played on the rules engine" in result.lines()


def test_every_line_of_a_wide_comparison_fits_100_characters() -> None:
    result = rummy()
    lines = result.lines()
    assert len(result.table.columns) == 8 and max(len(line) for line in lines) <= 100
    table = render_text(result.table)
    heads = [line.split() for i, line in enumerate(table) if i == 0 or table[i - 1] == ""]  # a block's first line
    assert [col for head in heads for col in head] == list(result.table.columns)  # every column, once, in order


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["momentum", "--agent", "rules"], "--agent rules: momentum has no rules-aware player"),
        (["newtonian-rummy", "--agent", "rules:3"], "agent 'rules:3': rules takes no number"),
    ],
)
def test_the_rules_agent_refuses_one_line_exit_2(args: list[str], message: str) -> None:
    result = CliRunner().invoke(command, [*args, "--games", "5", "--workers", "1"])
    assert result.exit_code == 2 and message in result.output
