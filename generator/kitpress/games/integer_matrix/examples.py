"""Worked-example positions for Integer Matrix: read a start and stack the bag with the discs drawn.

A start is nothing (an empty board at the beginning of set-up), `setup` (the discs drawn at set-up,
placed by the set-up rule) or `board` (any position after set-up, set-up squares filled), with
`players`, `to_move` and `net` as options. A disc is named [black number, white number]; on a board
it is a token: 'B-3/1' is that disc black side up showing −3 with 1 on its back, 'W1/-3' the same
disc white side up. A play is {disc, face, cell}; during set-up only {disc}, as the square and the
face are fixed. The discs the plays name go to the front of the bag in order, so each player draws
exactly the disc the example plays; after a step expecting `refused: true` the next play names the
same disc, which the player still holds.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from kitpress.engine import ExampleError
from kitpress.games.integer_matrix import squares as geo

if TYPE_CHECKING:
    from kitpress.games.integer_matrix.rules import IntegerMatrix, Place, State

TOKEN = re.compile(r"^([BW])([+-]?\d+)/([+-]?\d+)$")
PLAY_KEYS = ("disc", "face", "cell")
Path = tuple[str | int, ...]


def disc_index(engine: IntegerMatrix, value: Any, path: Path) -> int:
    """A disc named as [black number, white number]."""
    pairs = {tuple(d): i for i, d in enumerate(engine.config.discs)}
    if not (isinstance(value, list | tuple) and len(value) == 2 and all(isinstance(v, int) for v in value)):
        raise ExampleError(path, f"name a disc as [black-side number, white-side number], got {value!r}")
    found = pairs.get((value[0], value[1]))
    if found is None:
        raise ExampleError(path, f"there is no disc with {value[0]} on its black side and {value[1]} on its white side")
    return found


def parse_token(engine: IntegerMatrix, token: str, path: Path) -> tuple[int, str] | None:
    """'B-3/1' is the disc [-3, 1] black side up; 'W1/-3' is the same disc white side up; '.' is empty."""
    text = token.strip().replace("−", "-")
    if text == ".":
        return None
    m = TOKEN.fullmatch(text.upper())  # whole: a pattern ending in $ would let a final newline through
    if not m:
        raise ExampleError(path, f"expected '.' or a disc such as 'B-3/1' (face letter, shown number / number on the back), got {token!r}")
    face = "black" if m.group(1) == "B" else "white"
    shown, back = int(m.group(2)), int(m.group(3))
    pair = [shown, back] if face == "black" else [back, shown]
    return disc_index(engine, pair, path), face


def parse_board(engine: IntegerMatrix, value: Any) -> dict[int, tuple[int, str]]:
    g = engine.geo
    board: dict[int, tuple[int, str]] = {}
    if isinstance(value, Mapping):
        for cell, token in value.items():
            path: Path = ("start", "board", str(cell))
            if cell not in g.index:
                raise ExampleError(path, f"no square {cell!r}; squares are a1 to {g.names[-1]}")
            piece = parse_token(engine, str(token), path)
            if piece is not None:
                board[g.index[cell]] = piece
    elif isinstance(value, list) and len(value) == g.size:
        for r, row in enumerate(value):
            tokens = str(row).split()
            if len(tokens) != g.size:
                raise ExampleError(("start", "board", r), f"row {r + 1} has {len(tokens)} squares; it needs {g.size}")
            for c, token in enumerate(tokens):
                piece = parse_token(engine, token, ("start", "board", r))
                if piece is not None:
                    board[r * g.size + c] = piece
    else:
        raise ExampleError(("start", "board"), f"give the board as square: disc pairs or as {g.size} row strings")
    return board


def read_plays(engine: IntegerMatrix, steps: list[Mapping[str, Any]]) -> list[int]:
    """Check every step's play has a known shape; return the discs drawn, in order.

    After a step that expects `refused: true` the player still holds the same disc, so the next step
    names it again and draws nothing new.
    """
    drawn: list[int] = []
    refused_before = False
    for n, step in enumerate(steps):
        play = step.get("play") or {}
        here: Path = ("steps", n, "play")
        for key in play:
            if key not in PLAY_KEYS:
                raise ExampleError((*here, key), f"unknown key {key!r}; a play has {', '.join(PLAY_KEYS)}")
        if "disc" not in play:
            raise ExampleError(here, "every play names the disc drawn, as disc: [black, white]")
        disc = disc_index(engine, play["disc"], (*here, "disc"))
        if refused_before and disc != drawn[-1]:
            raise ExampleError((*here, "disc"), f"after a refused play the player still holds {list(engine.config.discs[drawn[-1]])}")
        if not refused_before:
            drawn.append(disc)
        refused_before = (step.get("expect") or {}).get("refused") is True
        if "face" in play and play["face"] not in ("black", "white"):
            raise ExampleError((*here, "face"), f"face is black or white, got {play['face']!r}")
        if "cell" in play and play["cell"] not in engine.geo.index:
            raise ExampleError((*here, "cell"), f"no square {play['cell']!r}; squares are a1 to {engine.geo.names[-1]}")
    return drawn


def build_state(engine: IntegerMatrix, start: Mapping[str, Any], steps: list[Mapping[str, Any]]) -> State:
    from kitpress.games.integer_matrix.rules import PLAY_CYCLE, SETUP_CYCLE, SETUP_FACE, State, side_of

    players = start.get("players", 2)
    if players not in (2, 4):
        raise ExampleError(("start", "players"), f"Integer Matrix is for 2 or 4 players, got {players!r}")
    drawn = read_plays(engine, steps)
    g = engine.geo
    board: dict[int, tuple[int, str]] = {}
    if "setup" in start and "board" in start:
        raise ExampleError(("start",), "give either setup or board, not both")
    if "setup" in start:
        discs = start["setup"]
        if not isinstance(discs, list) or len(discs) != len(engine.setup_index):
            raise ExampleError(("start", "setup"), f"set-up draws {len(engine.setup_index)} discs")
        cycle = SETUP_CYCLE[players]
        for k, value in enumerate(discs):
            board[engine.setup_index[k]] = (disc_index(engine, value, ("start", "setup", k)), SETUP_FACE[side_of(cycle[k % len(cycle)])])
    elif "board" in start:
        board = parse_board(engine, start["board"])
        empty = [engine.config.setup_squares[k] for k, i in enumerate(engine.setup_index) if i not in board]
        if empty:
            raise ExampleError(("start", "board"), f"set-up square {empty[0]} is empty; every position after set-up fills them")
    used = [d for d, _ in board.values()] + drawn
    twice = sorted({d for d in used if used.count(d) > 1})
    if twice:
        raise ExampleError(("steps",), f"the disc {list(engine.config.discs[twice[0]])} is used twice (on the board or drawn)")
    bag = drawn + [d for d in range(len(engine.config.discs)) if d not in used]
    if not board:
        if "to_move" in start:
            raise ExampleError(("start", "to_move"), "set-up always begins with the positive side")
        return _with_net(engine.blank(players, bag), start)
    if not bag:
        raise ExampleError(("start", "board"), "the board is full: the game would already be over")
    cycle = PLAY_CYCLE[players]
    to_move = start.get("to_move", cycle[0])
    if to_move not in cycle:
        raise ExampleError(("start", "to_move"), f"expected one of {', '.join(cycle)}, got {to_move!r}")
    discs_on = [-1] * g.squares
    for i, (disc, _) in board.items():
        discs_on[i] = disc
    black = g.mask([i for i, (_, face) in board.items() if face == "black"])
    white = g.mask([i for i, (_, face) in board.items() if face == "white"])
    if not geo.any_legal(g, black, white, engine.config.one_colour_rule):
        raise ExampleError(("start", "board"), "no placement is possible here: the game would already be over")
    state = State(
        players=players, discs=tuple(discs_on), black=black, white=white, bag=tuple(bag[1:]), hand=bag[0],
        setup_done=len(engine.setup_index), turn=cycle.index(to_move), sheets=((), ()), net=(0, 0),
    )  # fmt: skip
    return _with_net(state, start)


def _with_net(state: State, start: Mapping[str, Any]) -> State:
    net = start.get("net", {})
    if not isinstance(net, Mapping) or set(net) - {"positive", "negative"} or not all(isinstance(v, int) for v in net.values()):
        raise ExampleError(("start", "net"), "net is {positive: whole number, negative: whole number}")
    return replace(state, net=(net.get("positive", 0), net.get("negative", 0)))


def moves_for(engine: IntegerMatrix, state: State, play: Mapping[str, Any]) -> dict[str, Place]:
    from kitpress.games.integer_matrix.rules import Place

    seat = engine.mover(state)
    disc = disc_index(engine, play.get("disc"), ("disc",))
    if state.hand != disc:
        held = "nothing" if state.hand is None else list(engine.config.discs[state.hand])
        raise ExampleError(("disc",), f"{seat} has drawn {held}, not {list(engine.config.discs[disc])}")
    if engine.in_setup(state):
        forced = engine.legal_moves(state, seat)[0]
        return {seat: Place(play.get("face", forced.face), play.get("cell", forced.cell))}
    if "face" not in play or "cell" not in play:
        raise ExampleError(("cell",), "a play after set-up names the face and the cell")
    return {seat: Place(str(play["face"]), str(play["cell"]))}
