"""How fast kitpress builds, each figure beside a yardstick run in the same process set.

    .venv/bin/python bench/build_speed.py            # every figure, best of 3
    .venv/bin/python bench/build_speed.py --runs 5 --only "one-label"
    .venv/bin/python bench/build_speed.py --only "--only cards" --protograf /tmp/pg/bin/python

Every figure is the wall time of a whole `kitpress` process (start-up included), the best of the runs,
each run paired with a run of the yardstick just before it, so that both see the same machine. The
yardstick is bench/yardstick_cards.py: a plain ReportLab script drawing Newtonian Rummy's 52 cards on
Letter, whole process. protograf's 52-card Letter deck (0.6.0: 0.90 s on this machine, issue 18) is
not a dependency of kitpress: it is quoted, or, with `--protograf PYTHON` (a Python with protograf
installed: `python3 -m venv /tmp/pg && /tmp/pg/bin/pip install protograf`), run by
bench/protograf_deck.py alternately with `--only cards`, and their ratio printed (goal 2).
"cold" starts from an empty cache (KITPRESS_CACHE_DIR in a fresh folder); the others share one warm
cache, filled by a first whole build.

The figures, and their goals (issue 18):
- `kitpress --version` (≤ 0.15 s) and `kitpress check` of every game;
- the full kit, all games, both papers, cold (≤ 4 s);
- `build newtonian-rummy --only cards --paper letter` (faster than protograf's deck: ≤ 0.90 s), with a
  warm cache and nothing changed (`--force`, so the cards are built and written), and after a card's
  label changed (the cards drawn and preflighted again);
- a no-change rebuild of every game (≤ 0.3 s);
- a rebuild of Newtonian Rummy on Letter after one card's label changed (≤ 1.0 s), with how many of the
  kit's files it rewrote (a file whose bytes did not change keeps its inode): as a new process, and as
  the designer's loop runs it, in `kitpress build --watch` (start-up and imports done once).

The machine has 2 cores and may be shared: the load average is printed at the end, and the figures mean
little unless it was idle. docs/performance.md has today's numbers and where the time goes.
"""

from __future__ import annotations

import argparse
import functools
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
KITPRESS = str(Path(sys.executable).with_name("kitpress"))
RUMMY = "newtonian-rummy"
PROTOGRAF_DECK = 0.90  # s, protograf 0.6.0, 52 poker cards on Letter, whole process (issue 18)
LABEL = 'end_label: "CANCELS"'  # a label printed on Newtonian Rummy's four K cards


def timed(command: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, env=env, text=True)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed ({done.returncode}):\n{done.stdout}{done.stderr}")
    return seconds


class Bench:
    def __init__(self, root: Path, runs: int) -> None:
        self.root, self.runs = root, runs
        self.warm = root / "warm-cache"
        self.out = root / "out"
        self.spec = root / "rummy-copy" / f"{RUMMY}.yaml"
        self.labels = 0

    def env(self, cold: bool) -> dict[str, str]:
        cache = Path(tempfile.mkdtemp(dir=self.root)) if cold else self.warm
        return {**os.environ, "KITPRESS_CACHE_DIR": str(cache)}

    def kitpress(self, args: list[str], cold: bool = False) -> float:
        return timed([KITPRESS, *args], self.env(cold))

    def yardstick(self) -> float:
        return timed([sys.executable, str(HERE / "yardstick_cards.py"), str(self.root / "yardstick.pdf")], dict(os.environ))

    def paired(self, once: Callable[[], float], before: Callable[[], None] | None = None, against: Callable[[], float] | None = None) -> tuple[float, float]:
        """Best of the runs of `once`, and best of the yardstick runs (or of `against`) paired with them."""
        ours, theirs = [], []
        for _ in range(self.runs):
            theirs.append((against or self.yardstick)())
            if before:
                before()
            ours.append(once())
        return min(ours), min(theirs)

    def relabel(self) -> None:
        """A new text for the K cards' label, never used before in this bench (so never cached)."""
        self.labels += 1
        text = self.spec.read_text("utf-8")
        start = text.index("end_label: ")
        end = text.index("\n", start)
        self.spec.write_text(text[:start] + f'end_label: "CANCELS {self.labels}"' + text[end:], "utf-8")

    def rummy_kit(self) -> Path:
        return self.root / "rummy-out" / RUMMY


def rewritten(kit: Path, before: dict[str, int]) -> tuple[int, int]:
    after = {p.relative_to(kit).as_posix(): p.stat().st_ino for p in kit.rglob("*") if p.is_file()}
    return sum(1 for path, inode in after.items() if before.get(path) != inode), len(after)


class Watcher:
    """`kitpress build SPEC --watch` running in the background: each rebuild's time is from its
    "changed; rebuilding" line to its "built" line (the polling's wait before it is left out)."""

    def __init__(self, command: list[str], env: dict[str, str]) -> None:
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
        self._until("watching")

    def _until(self, start: str) -> float:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            if line.startswith(start):
                return time.perf_counter()
            if line.startswith(("error", "newtonian-rummy: preflight")):
                raise SystemExit(f"the watched build failed: {line.strip()}")
        raise SystemExit("the watched build ended")

    def rebuild(self) -> float:
        """Wait for the rebuild the last change starts; its seconds."""
        began = self._until("changed; rebuilding")
        return self._until("built") - began

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait()


def protograf_version(python: str) -> str:
    done = subprocess.run([python, "-c", "from importlib.metadata import version; print(version('protograf'))"], capture_output=True, text=True)
    return done.stdout.strip() or "(version unknown)"


def inodes(kit: Path) -> dict[str, int]:
    return {p.relative_to(kit).as_posix(): p.stat().st_ino for p in kit.rglob("*") if p.is_file()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--only", action="append", default=[], help="run only the figures whose name contains this")
    parser.add_argument("--protograf", metavar="PYTHON", help="a Python with protograf installed: its 52-card deck (bench/protograf_deck.py) is run too, and `--only cards` is held to it")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        bench = Bench(Path(tmp), args.runs)
        from kitpress.packs import shipped_specs

        bench.spec.parent.mkdir()
        shutil.copy(shipped_specs()[RUMMY], bench.spec)
        assert LABEL in bench.spec.read_text("utf-8"), "the bench changes this label: update LABEL"
        out, rummy_out = str(bench.out), str(bench.rummy_kit().parent)
        bench.kitpress(["build", "--out", out])  # fills the warm cache and the output folder
        bench.kitpress(["build", str(bench.spec), "--paper", "letter", "--out", rummy_out])
        only_cards = ["build", str(bench.spec), "--only", "cards", "--paper", "letter", "--out", rummy_out]
        labelled: list[tuple[int, int]] = []

        def one_label() -> float:
            before = inodes(bench.rummy_kit())
            seconds = bench.kitpress(["build", str(bench.spec), "--paper", "letter", "--out", rummy_out])
            labelled.append(rewritten(bench.rummy_kit(), before))
            return seconds

        watchers: list[Watcher] = []

        def watch_then_relabel() -> None:
            """The watch running (its first build done), then the label changed for it to see."""
            if not watchers:
                env = {**bench.env(False), "PYTHONUNBUFFERED": "1"}  # its lines as they are said, through the pipe
                watchers.append(Watcher([KITPRESS, "build", str(bench.spec), "--paper", "letter", "--out", rummy_out, "--watch"], env))
            bench.relabel()

        deck = PROTOGRAF_DECK
        print(f"{'figure':<48} {'seconds':>8}  {'yardstick':>9}  ratio   goal")
        if args.protograf and (not args.only or any(part in "--only cards" for part in args.only)):
            # The issue's own comparison, run here: kitpress's card file and protograf's deck, one after
            # the other in each run (goal 2: a ratio of at most 1.0).
            python, pdf = args.protograf, str(bench.root / "protograf-deck.pdf")
            protograf = functools.partial(timed, [python, str(HERE / "protograf_deck.py")], {**os.environ, "PROTOGRAF_PDF": pdf})
            ours, deck = bench.paired(lambda: bench.kitpress([*only_cards, "--force"]), against=protograf)
            name = f"--only cards, nothing changed / protograf {protograf_version(python)}"
            print(f"{name:<48} {ours:8.2f}  {deck:9.2f}  {ours / deck:5.2f}   ratio ≤ 1.0: {'met' if ours <= deck else 'not met'}")
        figures: list[tuple[str, float | None, Callable[[], float], Callable[[], None] | None]] = [
            ("kitpress --version", 0.15, lambda: bench.kitpress(["--version"]), None),
            ("check, every game", None, lambda: bench.kitpress(["check"]), None),
            ("full kit, all games, both papers, cold", 4.0, lambda: bench.kitpress(["build", "--force", "--out", out], cold=True), None),
            ("--only cards, Rummy, Letter, nothing changed", deck, lambda: bench.kitpress([*only_cards, "--force"]), None),
            ("--only cards, Rummy, Letter, a label changed", deck, lambda: bench.kitpress(only_cards), bench.relabel),
            ("no-change rebuild, every game", 0.3, lambda: bench.kitpress(["build", "--out", out]), None),
            ("one-label rebuild, Rummy, Letter", 1.0, one_label, bench.relabel),
            ("one-label rebuild under --watch, Rummy, Letter", 1.0, lambda: watchers[0].rebuild(), watch_then_relabel),
        ]
        for name, goal, once, before in figures:
            if args.only and not any(part in name for part in args.only):
                continue
            seconds, yardstick = bench.paired(once, before)
            target = f"≤ {goal:.2f} s: {'met' if seconds <= goal else 'not met'}" if goal is not None else ""
            print(f"{name:<48} {seconds:8.2f}  {yardstick:9.2f}  {seconds / yardstick:5.1f}×  {target}")
        for watcher in watchers:
            watcher.stop()
        if labelled:
            done, total = min(labelled)
            print(f"  the one-label rebuild rewrote {done} of the kit's {total} files (the rest kept their inode)")
        held = "run beside ours above (its column: protograf's seconds)" if args.protograf else f"{PROTOGRAF_DECK:.2f} s, quoted from the issue (give --protograf PYTHON to run it)"
        print(f"yardstick: 52 cards, plain ReportLab, Letter; protograf's deck: {held}")
    print(f"machine: {os.cpu_count()} cores; load average {os.getloadavg()[0]:.2f} at the end (figures are for an idle machine only if this is near 0)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
