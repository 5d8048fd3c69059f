"""Replay worked examples through the engine and compare every figure the document states.

Every game also has the figure `refused`: a step expecting `refused: true` shows an illegal play, which
the engine must reject (any ValueError from `example_moves` or `apply`); the state then stays unchanged.
After the game has ended every play is refused, and a step may say so. A step may call time instead of
playing (`call_time: true`): the game ends by its timed rule (Engine.call_time), and the step's figures
are the timed result's. A start key in the engine's `rule_keys` switches an optional rule for one example.

The same replay feeds the booklet, so a printed example is always one the engine has just verified.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from kitpress.engine import Engine, Event
from kitpress.spec_model import Example, ExampleStep

GAME_OVER = "the game is over"


@dataclass(frozen=True)
class Figure:
    name: str
    expected: Any
    actual: Any

    @property
    def ok(self) -> bool:
        return _norm(self.expected) == _norm(self.actual)


@dataclass(frozen=True)
class StepReplay:
    number: int
    play: dict[str, Any]
    note: str
    observed: dict[str, Any]
    figures: tuple[Figure, ...]
    events: tuple[Event, ...]
    before: dict[str, Any]
    after: dict[str, Any]

    @property
    def after_the_end(self) -> bool:
        """A play the example makes after the game has ended: replayed to show the rules refuse it, but no
        player makes it, so no book prints it (lint rule W6)."""
        return self.observed.get("refused") is True and self.observed.get("reason") == GAME_OVER


@dataclass(frozen=True)
class Replay:
    example: Example
    steps: tuple[StepReplay, ...] = ()
    start: dict[str, Any] = field(default_factory=dict)
    error: str = ""

    @property
    def ok(self) -> bool:
        return not self.error and all(f.ok for s in self.steps for f in s.figures)

    @property
    def figure_count(self) -> int:
        return sum(len(s.figures) for s in self.steps)


def _norm(value: Any) -> Any:
    if value is None:
        return "none"
    if isinstance(value, str):
        return value.strip().lower()
    if isinstance(value, list | tuple):
        return tuple(_norm(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((str(k), _norm(v)) for k, v in value.items()))
    return value


def agrees(expected: Any, actual: Any) -> bool:
    """Whether two values count as the same figure, as Figure.ok compares them (the check report
    marks the cells and keys of a board or mapping that do not)."""
    return _norm(expected) == _norm(actual)


def example_rng(example: Example) -> random.Random:
    """The chance an example's replay draws on: a stacked deck needs none, a reshuffle the example leaves
    to chance is the shuffle of the seed it names (the start key `shuffle_seed`, which the game checks)."""
    seed = example.start.get("shuffle_seed", 0)
    return random.Random(seed if isinstance(seed, int) and not isinstance(seed, bool) else 0)


def played_steps(example: Example) -> list[dict[str, Any]]:
    """The steps a start is stacked for: those before the first that calls time, after which nothing is
    played (a prefix, so a step's index is the same in both)."""
    steps: list[dict[str, Any]] = []
    for step in example.steps:
        if step.call_time:
            break
        steps.append(step.model_dump())
    return steps


def example_start(engine: Engine[Any, Any], example: Example, rng: random.Random) -> tuple[Engine[Any, Any], Any]:
    """The engine under the optional rules the example's start switches, and the position it starts from.
    Raises ExampleError (path relative to the example) for a start or a play the game cannot make."""
    rules = engine.with_rules(example.start)
    return rules, rules.example_state(example.start, played_steps(example), rng)


def replay(engine: Engine[Any, Any], example: Example) -> Replay:
    """Play an example's steps from its start; stop at the first step the engine refuses."""
    rng = example_rng(example)
    engine, state = example_start(engine, example, rng)
    start = engine.describe_state(state)
    steps: list[StepReplay] = []
    for n, step in enumerate(example.steps, start=1):
        before = engine.describe_state(state)
        if engine.outcome(state) is not None:
            if step.expect.get("refused") is not True:
                return Replay(example, tuple(steps), start, f"step {n}: the game had already ended")
            # A play after the end is refused by the rules themselves: nothing is played any more.
            figures = tuple(Figure(k, v, True if k == "refused" else None) for k, v in step.expect.items())
            steps.append(StepReplay(n, _written(step), step.note, {"refused": True, "reason": GAME_OVER}, figures, (Event("refused", "Not allowed: the game is over."),), before, before))
            continue
        try:
            if step.call_time:
                result = engine.call_time(state)
            else:
                moves = engine.example_moves(state, step.play)
                result = engine.apply(state, moves, rng)
        except ValueError as exc:
            if "refused" not in step.expect:
                return Replay(example, tuple(steps), start, f"step {n}: the engine refused the play: {exc}")
            # An example may show an illegal play: the state stays as it was.
            figures = tuple(Figure(k, v, True if k == "refused" else None) for k, v in step.expect.items())
            steps.append(StepReplay(n, _written(step), step.note, {"refused": True, "reason": str(exc)}, figures, (Event("refused", f"Not allowed: {exc}"),), before, before))
            continue
        observed = {"refused": False, **engine.observe(state, result)}
        figures = tuple(Figure(k, v, observed.get(k)) for k, v in step.expect.items())
        steps.append(StepReplay(n, _written(step), step.note, observed, figures, result.events, before, engine.describe_state(result.state)))
        state = result.state
    return Replay(example, tuple(steps), start)


def _written(step: ExampleStep) -> dict[str, Any]:
    """A step's play as the examples file writes it; a step that calls time, as `call_time: true`."""
    return {"call_time": True} if step.call_time else dict(step.play)


def replay_all(engine: Engine[Any, Any], examples: list[Example]) -> list[Replay]:
    return [replay(engine, ex) for ex in examples]


def report_lines(game: str, replays: list[Replay]) -> list[str]:
    """The text report of these replays (kept for packs' own tests; `check_output` has the rest)."""
    from kitpress.check_output import CheckedSpec, text_lines

    return text_lines(CheckedSpec(game, None, game, replays))
