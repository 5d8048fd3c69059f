"""How fast kitpress builds, each figure beside a yardstick run in the same process set.

    .venv/bin/python bench/build_speed.py            # every figure, best of 3
    .venv/bin/python bench/build_speed.py --runs 1

Every figure is the wall time of a whole `kitpress` process (start-up included), the best of the runs,
each with a fresh output folder; "cold" also starts from an empty cache (KITPRESS_CACHE_DIR in a fresh
folder). The yardstick is bench/yardstick_cards.py: a plain ReportLab script drawing Newtonian Rummy's
52 cards on Letter, whole process. Run it on an otherwise idle machine and say so beside the figures
(docs/performance.md).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
KITPRESS = str(Path(sys.executable).with_name("kitpress"))

# (figure, its goal in seconds or None, the command after `kitpress`, whether it starts cold)
CASES: list[tuple[str, float | None, list[str], bool]] = [
    ("kitpress --version", 0.15, ["--version"], False),
    ("check, every game", None, ["check"], False),
    ("full kit, all games, both papers, cold", 4.0, ["build", "--force"], True),
    ("full kit, all games, both papers, warm cache", None, ["build", "--force"], False),
    ("no-change rebuild", 0.3, ["build"], False),
    ("newtonian-rummy on Letter, cold", None, ["build", "newtonian-rummy", "--paper", "letter", "--force"], True),
]


def timed(command: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True, env=env)
    return time.perf_counter() - start


def best(runs: int, once: Callable[[], float]) -> float:
    return min(once() for _ in range(runs))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        warm_cache = root / "warm-cache"
        out = root / "out"

        def kitpress(command: list[str], cold: bool) -> float:
            cache = Path(tempfile.mkdtemp(dir=root)) if cold else warm_cache
            env = {**os.environ, "KITPRESS_CACHE_DIR": str(cache)}
            place = ["--out", str(out)] if command[0] == "build" else []
            return timed([KITPRESS, *command, *place], env)

        yardstick = best(args.runs, lambda: timed([sys.executable, str(HERE / "yardstick_cards.py"), str(root / "yardstick.pdf")], dict(os.environ)))
        print(f"{'yardstick: 52 cards, plain ReportLab, Letter':<48} {yardstick:7.2f} s")
        kitpress(["build", "--force"], False)  # fills the warm cache and the output folder
        for name, goal, command, cold in CASES:
            seconds = best(args.runs, lambda command=command, cold=cold: kitpress(command, cold))  # type: ignore[misc]
            target = f"  goal ≤ {goal:g} s: {'met' if seconds <= goal else 'not met'}" if goal is not None else ""
            print(f"{name:<48} {seconds:7.2f} s  ({seconds / yardstick:5.1f} × yardstick){target}")
    print(f"machine: {os.cpu_count()} cores; load average {os.getloadavg()[0]:.2f} at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
