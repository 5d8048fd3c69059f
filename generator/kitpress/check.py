"""Replay worked examples through the engine and compare every figure the document states.

Every game also has the figure `refused`: a step expecting `refused: true` shows an illegal play, which
the engine must reject (any ValueError from `example_moves` or `apply`); the state then stays unchanged.
After the game has ended every play is refused, and a step may say so.

The same replay feeds the booklet, so a printed example is always one the engine has just verified.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from kitpress.engine import Engine, Event
from kitpress.spec_model import Example


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


def replay(engine: Engine[Any, Any], example: Example) -> Replay:
    """Play an example's steps from its start; stop at the first step the engine refuses."""
    rng = random.Random(0)  # examples stack the deck; the seed only matters for reshuffles
    raw_steps = [s.model_dump() for s in example.steps]
    state = engine.example_state(example.start, raw_steps, rng)
    start = engine.describe_state(state)
    steps: list[StepReplay] = []
    for n, step in enumerate(example.steps, start=1):
        before = engine.describe_state(state)
        if engine.outcome(state) is not None:
            if step.expect.get("refused") is not True:
                return Replay(example, tuple(steps), start, f"step {n}: the game had already ended")
            # A play after the end is refused by the rules themselves: nothing is played any more.
            figures = tuple(Figure(k, v, True if k == "refused" else None) for k, v in step.expect.items())
            steps.append(StepReplay(n, dict(step.play), step.note, {"refused": True, "reason": "the game is over"}, figures, (Event("refused", "Not allowed: the game is over."),), before, before))
            continue
        try:
            moves = engine.example_moves(state, step.play)
            result = engine.apply(state, moves, rng)
        except ValueError as exc:
            if "refused" not in step.expect:
                return Replay(example, tuple(steps), start, f"step {n}: the engine refused the play: {exc}")
            # An example may show an illegal play: the state stays as it was.
            figures = tuple(Figure(k, v, True if k == "refused" else None) for k, v in step.expect.items())
            steps.append(StepReplay(n, dict(step.play), step.note, {"refused": True, "reason": str(exc)}, figures, (Event("refused", f"Not allowed: {exc}"),), before, before))
            continue
        observed = {"refused": False, **engine.observe(state, result)}
        figures = tuple(Figure(k, v, observed.get(k)) for k, v in step.expect.items())
        steps.append(StepReplay(n, dict(step.play), step.note, observed, figures, result.events, before, engine.describe_state(result.state)))
        state = result.state
    return Replay(example, tuple(steps), start)


def replay_all(engine: Engine[Any, Any], examples: list[Example]) -> list[Replay]:
    return [replay(engine, ex) for ex in examples]


def report_lines(game: str, replays: list[Replay]) -> list[str]:
    """The text report of these replays (kept for packs' own tests; `check_output` has the rest)."""
    from kitpress.check_output import CheckedSpec, text_lines

    return text_lines(CheckedSpec(game, None, game, replays))
