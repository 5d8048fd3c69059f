"""Fingerprints of everything kitpress makes, to prove a change of code layout changes no output.

    .venv/bin/python bench/kit_fingerprints.py record bench/kit-fingerprints.json
    .venv/bin/python bench/kit_fingerprints.py compare bench/kit-fingerprints.json
    .venv/bin/python bench/kit_fingerprints.py compare bench/kit-fingerprints.json momentum  # one game only

It builds every bundled game with every print preset the tests use (and every variant on Letter), and
plays a fixed-seed simulation of every game on each of its paths; it records the SHA-256 of each file
(the manifest without its `inputs` hash, which covers kitpress's own code and so changes with any edit)
and the simulation's printed lines. `compare` rebuilds and names every difference; exit 1 if any.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
import tempfile
from pathlib import Path

from kitpress.build import build_games
from kitpress.packs import shipped_specs
from kitpress.sheets.presets import Preset
from kitpress.spec.load import load_spec

# Every preset the test suite builds with, by a name for the report.
PRESETS: dict[str, list[Preset]] = {
    "default": [Preset("letter"), Preset("a4")],
    "universal-8up-short-edge": [Preset("universal", "8up", "short-edge")],
    "letter-1up": [Preset("letter", "1up")],
    "a4-gutterfold-low-ink-saddle": [Preset("a4", "9up", "gutterfold", (0.0, 0.0), "low", "saddle")],
    "letter-none-offset": [Preset("letter", "9up", "none", (1.5, -0.5))],
    "letter-long-edge-offset": [Preset("letter", "9up", "long-edge", (1.5, -0.5))],
}


def _digest(path: Path) -> str:
    data = path.read_bytes()
    if path.name == "manifest.json":
        data = re.sub(rb'\n  "inputs": "[0-9a-f]*",', b"", data)
    return hashlib.sha256(data).hexdigest()


def kits(games: list[str]) -> dict[str, str]:
    """'preset/kit-folder/file' → SHA-256, for every game, preset and (on Letter) variant."""
    out: dict[str, str] = {}
    with tempfile.TemporaryDirectory() as tmp:
        runs = [(name, presets, None, games) for name, presets in PRESETS.items()]
        for game in games:
            for variant in load_spec(game).spec.variants:
                runs.append((f"variant-{variant.id}", [Preset("letter")], variant.id, [game]))
        for name, presets, variant, chosen in runs:
            root = Path(tmp) / name
            build_games(chosen, presets, out_dir=root, variant=variant, force=True)
            for path in sorted(p for p in root.rglob("*") if p.is_file() and not p.name.startswith(".")):
                out[f"{name}/{path.relative_to(root).as_posix()}"] = _digest(path)
    return out


def simulations(games: list[str]) -> dict[str, list[str]]:
    """Each game's fixed-seed comparison of its variants, on its fastest path and on the engine."""
    from kitpress.simulate.compare import compare

    out: dict[str, list[str]] = {}
    for game in games:
        out[game] = compare(game, variants=(), games=200, seed=7, agent="random", max_turns=1000, players=None, workers=1).lines()
        out[f"{game} engine"] = compare(game, variants=("base",), games=100, seed=7, agent="random", max_turns=1000, players=None, workers=1, fast=False).lines()
        out[f"{game} greedy"] = compare(game, variants=("base",), games=40, seed=7, agent="greedy", max_turns=1000, players=None, workers=1).lines()
    return out


def fingerprints(games: list[str]) -> dict[str, object]:
    return {"kits": kits(games), "simulations": simulations(games)}


def main(argv: list[str]) -> int:
    if len(argv) < 2 or argv[0] not in ("record", "compare") or (argv[0] == "record" and len(argv) > 2):
        print(__doc__)
        return 2
    verb, file, only = argv[0], Path(argv[1]), argv[2:]
    games = only or list(shipped_specs())
    now = fingerprints(games)
    if verb == "record":
        file.write_text(json.dumps(now, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        print(f"recorded {len(now['kits'])} files and {len(now['simulations'])} simulations in {file}")  # type: ignore[arg-type]
        return 0
    before = json.loads(file.read_text(encoding="utf-8"))
    if only:  # the recorded entries of these games alone
        before["kits"] = {k: v for k, v in before["kits"].items() if k.split("/")[1].split("--")[0] in only}
        before["simulations"] = {k: v for k, v in before["simulations"].items() if k.split(" ")[0] in only}
    differences = []
    for section in ("kits", "simulations"):
        old, new = before[section], now[section]
        differences += [f"{section}: {key}: only before" for key in sorted(set(old) - set(new))]
        differences += [f"{section}: {key}: only now" for key in sorted(set(new) - set(old))]
        differences += [f"{section}: {key}: differs" for key in sorted(set(old) & set(new)) if old[key] != new[key]]
    for line in differences:
        print(line)
    print(f"{len(now['kits'])} files, {len(now['simulations'])} simulations: " + (f"{len(differences)} differ" if differences else "all identical"))  # type: ignore[arg-type]
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
