"""Machine instructions per simulated game (valgrind's callgrind), per bundled game's Python fast path.

Rates on a shared machine wander ±30% from run to run; instruction counts do not, so they tell
whether a change to a fast path helped. Not a test: run it by hand (valgrind must be installed).

    .venv/bin/python bench/simulate_instructions.py                    # every game with a fast path
    .venv/bin/python bench/simulate_instructions.py newtonian-rummy --games 2000
    .venv/bin/python bench/simulate_instructions.py --port plain       # compiled ports run as plain Python

`--port fast` (the default) counts the pack's Python fast port, in a process where numba cannot be
imported, as without the `fast` extra (so a one-source port's functions run as Python); `--port plain`
the compiled port's source run by the interpreter (NUMBA_DISABLE_JIT=1: numba's decorators hand back
the functions unchanged), what making a two-port game's compiled source its only one would cost;
`--port compiled` the compiled port itself (numba's cache must be warm: compiling under valgrind
takes many minutes).

Only the games are counted: they are played inside one `functools.reduce` call, and callgrind
collects only while that C function runs (its toggle), so importing, loading the spec and building
the tables are left out. Each game is played as a sweep plays it (its own seeded generator, a full
record), after 2,000 games (not counted) that warm the tables a fast path fills as it meets new hands.
"""

from __future__ import annotations

import argparse
import functools
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from kitpress.packs import packs, shipped_specs
from kitpress.simulate.kernels import fast_path, path_name
from kitpress.simulate.play import game_rng
from kitpress.spec.load import load_spec

WARM = 2000
PORTS = ("fast", "plain", "compiled")


def has_port(game: str, port: str) -> bool:
    pack = packs().get(load_spec(game).engine.id)
    return pack is not None and (pack.fast_port if port == "fast" else pack.compiled_port) is not None


def play(game: str, games: int, port: str) -> None:
    """The measured part: `games` games inside one reduce call."""
    if port == "fast":
        assert "numba" not in sys.modules
        sys.modules["numba"] = None  # as without the `fast` extra
    engine = load_spec(game).engine
    compiled = port != "fast"
    assert path_name(engine, compiled) == ("compiled" if compiled else "fast"), f"{game} has no {port} port"
    kernel = fast_path(engine, None, 1000, compiled=compiled)
    assert kernel is not None, f"{game} has no fast path"
    rng = random.Random()
    for index in range(WARM if port == "fast" else 20):  # only the fast ports have tables to warm
        game_rng(0, None, index, reuse=rng)
        kernel(rng, index)

    def one(_: None, index: int) -> None:
        game_rng(0, None, index, reuse=rng)
        kernel(rng, index)

    functools.reduce(one, range(WARM, WARM + games), None)


def count(game: str, games: int, port: str) -> int:
    """Instructions callgrind counted inside the reduce call."""
    env = dict(os.environ)
    if port == "plain":  # numba's decorators then return the plain Python functions
        env["NUMBA_DISABLE_JIT"] = "1"
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        command = ["valgrind", "--tool=callgrind", "--collect-atstart=no", "--toggle-collect=functools_reduce",
                   f"--callgrind-out-file={out}", sys.executable, __file__, "--inside", game, "--games", str(games), "--port", port]  # fmt: skip
        subprocess.run(command, check=True, capture_output=True, env=env)
        summary = re.search(r"^summary:\s+(\d+)", out.read_text(), re.MULTILINE)
        assert summary, "callgrind wrote no summary"
        return int(summary.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="bundled game ids (default: every one with a fast path)")
    parser.add_argument("--games", dest="count", type=int, default=300, help="games counted per game id")
    parser.add_argument("--port", choices=PORTS, default="fast", help="which port to count (see above)")
    parser.add_argument("--inside", action="store_true", help=argparse.SUPPRESS)  # the run under valgrind
    args = parser.parse_args()
    if args.inside:
        play(args.games[0], args.count, args.port)
        return
    if shutil.which("valgrind") is None:
        sys.exit("bench/simulate_instructions.py: valgrind is not installed (apt-get install valgrind)")
    chosen = args.games or [g for g in shipped_specs() if has_port(g, args.port)]
    print(f"{'game':<17}{'port':>9}{'instructions/game':>19}")
    for game in chosen:
        print(f"{game:<17}{args.port:>9}{count(game, args.count, args.port) / args.count:>19,.0f}", flush=True)


if __name__ == "__main__":
    main()
