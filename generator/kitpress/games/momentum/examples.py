"""Momentum's worked-example support: building a start position from a spec example, and the plain-data
picture of a state that the booklet draws its diagrams from."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from kitpress.engine import ExampleError
from kitpress.games.momentum.cells import LETTERS, cell_name, parse_rows, rows

if TYPE_CHECKING:
    from kitpress.games.momentum.rules import Momentum, State

_ON = {True: True, False: False, "on": True, "off": False}


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def build_start(engine: Momentum, start: Mapping[str, Any]) -> State:
    """The position an example names; every marble on the board must fit the turns its owner has had."""
    c = engine.config
    players = start.get("players", c.players.min)
    if not _whole(players) or not c.players.min <= players <= c.players.max:
        raise ExampleError(
            ("start", "players"), f"expected {c.players.min} to {c.players.max}, got {players!r}"
        )
    seats = c.seats[:players]
    ids = [s.id for s in seats]
    to_move = start.get("to_move", ids[0])
    if to_move not in ids:
        raise ExampleError(("start", "to_move"), f"expected one of {', '.join(ids)}, got {to_move!r}")
    me = ids.index(to_move)
    flag = start.get("round_limit", c.round_limit.enabled)
    if not isinstance(flag, bool | str) or flag not in _ON:
        raise ExampleError(("start", "round_limit"), f"expected on or off, got {flag!r}")
    limit = c.round_limit.rounds if _ON[flag] else None
    rnd = start.get("round", 1)
    if not _whole(rnd) or rnd < 1 or (limit is not None and rnd > limit):
        top = f" to {limit} (the round limit)" if limit is not None else " or more"
        raise ExampleError(("start", "round"), f"expected a round number 1{top}, got {rnd!r}")
    try:
        cells = parse_rows(
            start.get("board", ["." * engine.size] * engine.size), engine.size, engine.letters[:players]
        )
    except ValueError as exc:
        raise ExampleError(("start", "board"), str(exc)) from None
    supply = []
    for i, seat in enumerate(seats):
        count = cells.count(i)
        turns = rnd - 1 + (1 if i < me else 0)
        if count > c.marbles:
            raise ExampleError(("start", "board"), f"{seat.name} has {count} marbles on the board, but each player owns only {c.marbles}")
        if count > min(turns, c.marbles - 1):
            why = (
                f"only {turns} turns by now"
                if count <= c.marbles - 1
                else "all its marbles down, so the game would be over"
            )
            raise ExampleError(
                ("start", "board"),
                f"{seat.name} has {count} marbles on the board but {why} (round {rnd}, {to_move} to move)",
            )
        supply.append(c.marbles - count)
    base = engine.new_game(random.Random(0), players)
    return replace(
        base, cells=tuple(cells), supply=tuple(supply), turn=(rnd - 1) * players + me, round_limit=limit
    )


def check_plays(engine: Momentum, state: State, steps: list[Mapping[str, Any]], rng: random.Random) -> None:
    """Play the steps through so an occupied cell or a move out of turn is reported at its step."""
    for n, step in enumerate(steps):
        if engine.outcome(state) is not None:
            raise ExampleError(("steps", n), "the game is already over before this step")
        try:
            moves = engine.example_moves(state, step.get("play", {}))
        except ExampleError as exc:
            raise ExampleError(("steps", n, *exc.path), exc.message) from None
        try:
            state = engine.apply(state, moves, rng).state
        except ValueError as exc:
            if (step.get("expect") or {}).get("refused") is not True:
                raise ExampleError(("steps", n, "play"), str(exc)) from None


def describe(engine: Momentum, state: State) -> dict[str, Any]:
    """Everything a diagram needs: cells by name and grid position, hands, the round tracker, the last turn."""
    n, size = len(state.supply), engine.size
    seats = engine.config.seats[:n]
    ids = [s.id for s in seats]
    done = state.turn // n
    lap = len(engine.track_path)
    last = state.last
    return {
        "size": size,
        "columns": LETTERS[:size],
        "rows": rows(state.cells, size, engine.letters),
        "seats": [s.model_dump() for s in seats],
        "marbles": [
            {"cell": cell_name(i, size), "seat": ids[c], "column": i % size + 1, "row": i // size + 1}
            for i, c in enumerate(state.cells)
            if c >= 0
        ],
        "supply": dict(zip(ids, state.supply, strict=True)),
        "on_board": dict(zip(ids, engine.on_board(state), strict=True)),
        "to_move": None if state.result else ids[state.turn % n],
        "turn": state.turn,
        "round": done + 1,
        "rounds_played": done,
        "round_limit": state.round_limit,
        "track": [list(xy) for xy in engine.track_path],
        "track_space": done % lap,
        "track_laps": done // lap,
        "last": None if last is None else {
            "seat": ids[last.seat], "action": last.action, "cell": cell_name(last.cell, size),
            "announced": last.announced,
            "pushes": [
                {"direction": p.direction, "seat": ids[p.owner], "from": cell_name(p.src, size),
                 "to": None if p.dst is None else cell_name(p.dst, size)}
                for p in last.pushes
            ],
        },
        "result": None if state.result is None else {"winners": list(state.result.winners), "reason": state.result.reason},
    }  # fmt: skip
