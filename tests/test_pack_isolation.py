"""One broken game pack never stops the others: a pack that fails to import, calls sys.exit on import,
is not a GamePack or fails validation is skipped with one line on stderr naming its distribution and
what failed; `list` shows it as broken; every other game's `list`, `check` and `build` go on. An engine
id two packs claim is refused naming both distributions, a bundled game keeps its id, and
KITPRESS_PACKS=DIST names the pack to use instead. Each case is a hand-made distribution on the path."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from packs.installed import KITPRESS, install, write_dist_info

PACK = Path(__file__).resolve().parent / "packs" / "coin_race"
SPECS = Path(__file__).resolve().parent.parent / "specs"

HALF_ENGINE = """\
from kitpress.engine import Engine
from kitpress.packs import GamePack
from kitpress_coin_race.rules import CoinRace


class Half(Engine):  # every class value, and all but two of the methods
    id, title, config_model = "half", "Half", CoinRace.config_model
    sections, figures, start_keys = (), {}, {}
    seats, new_game, to_move, legal_moves = CoinRace.seats, CoinRace.new_game, CoinRace.to_move, CoinRace.legal_moves
    outcome, example_state, observe = CoinRace.outcome, CoinRace.example_state, CoinRace.observe


GAME = GamePack(engine=Half)
"""
# A pack of another distribution with the id of one already there, and a spec of its own, retitled, so
# which of the two is in use shows in `kitpress list`.
TAKEOVER = """\
import dataclasses
from pathlib import Path

from {module} import GAME as THEIRS

GAME = dataclasses.replace(THEIRS, spec=Path(__file__).parent / "{spec}")
"""
MODULES = {
    "broken_import": 'raise RuntimeError("half written\\nand a second line")\n',
    "broken_exit": "import sys\n\nsys.exit(0)\n",
    "broken_exit_text": 'import sys\n\nsys.exit("goodbye")\n',
    "broken_abstract": HALF_ENGINE,
    "broken_engine": "from kitpress.packs import GamePack\n\nGAME = GamePack(engine=dict)\n",
}
BROKEN = {  # the entry point's name and object, and what the one line says after "of broken-pack: "
    "a missing module": ("broken", "no_such_pack_module:GAME", "cannot be loaded (no_such_pack_module:GAME): ModuleNotFoundError: No module named 'no_such_pack_module'"),
    "a module that raises": ("broken", "broken_import:GAME", "cannot be loaded (broken_import:GAME): RuntimeError: half written"),
    "sys.exit(0) on import": ("broken", "broken_exit:GAME", "cannot be loaded (broken_exit:GAME): SystemExit: 0"),
    "sys.exit with a text": ("broken", "broken_exit_text:GAME", "cannot be loaded (broken_exit_text:GAME): SystemExit: goodbye"),
    "a missing name": ("broken", "kitpress_coin_race:GAMES", "cannot be loaded (kitpress_coin_race:GAMES): AttributeError: module 'kitpress_coin_race' has no attribute 'GAMES'"),
    "no GamePack": ("broken", "kitpress.engine:Engine", "(kitpress.engine:Engine) is not a GamePack: it is <class 'kitpress.engine.Engine'>"),
    "an engine that is not one": ("broken", "broken_engine:GAME", "(broken_engine:GAME): its engine must be a subclass of kitpress.engine.Engine, not <class 'dict'>"),
    "an abstract engine": ("half", "broken_abstract:GAME", "(broken_abstract:GAME): its engine Half does not implement apply, example_moves"),
    "an entry point named for another id": ("broken", "kitpress_coin_race:GAME", "(kitpress_coin_race:GAME): its entry point is named 'broken' but its engine's id is 'coin-race'"),
}


def run(site: Path, *args: str, cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {**os.environ, "PYTHONPATH": str(site), "NO_COLOR": "1", **env}
    environ.pop("KITPRESS_PACKS", None) if "KITPRESS_PACKS" not in env else None
    return subprocess.run([str(KITPRESS), *args], cwd=cwd, env=environ, capture_output=True, text=True, timeout=600)


@pytest.fixture
def site(tmp_path: Path) -> Path:
    folder = tmp_path / "site"
    install(PACK, folder)
    for name, text in MODULES.items():
        (folder / f"{name}.py").write_text(text, "utf-8")
    return folder


def retitled(site: Path, module: str, source: Path, title: str) -> str:
    """A module of `site` whose GAME is `module`'s with a copy of `source` retitled `title`."""
    name = f"takeover_{module.replace('.', '_')}"
    text = source.read_text("utf-8")
    first = text.index("  title: ") + len("  title: ")
    (site / name).mkdir()  # the spec keeps its file name: it names the game
    (site / name / source.name).write_text(text[:first] + title + text[text.index("\n", first):], "utf-8")
    (site / f"{name}.py").write_text(TAKEOVER.format(module=module, spec=f"{name}/{source.name}"), "utf-8")
    return name


@pytest.mark.parametrize("case", list(BROKEN))
def test_a_broken_pack_is_skipped_with_one_line_and_the_others_work(case: str, site: Path, tmp_path: Path) -> None:
    name, target, reason = BROKEN[case]
    write_dist_info(site, "broken-pack", "1.0", {"kitpress.games": {name: target}})
    line = f"skipped the game pack {name!r} of broken-pack: {reason}"
    listed = run(site, "list", cwd=tmp_path)
    assert listed.stderr == line + "\n", listed.stderr
    assert f"{name}  BROKEN, skipped (broken-pack): {reason}" in listed.stdout.splitlines()
    assert "coin-race  Coin Race (v0.1)" in listed.stdout and "momentum-game  Momentum Game! (v2.1)" in listed.stdout
    assert listed.returncode == 2  # something installed is broken: list says so, as for a spec that does not load
    checked = run(site, "check", "momentum-game", "coin-race", cwd=tmp_path)  # a bundled game and an outside one
    assert (checked.returncode, checked.stderr) == (0, line + "\n"), checked.stdout + checked.stderr
    assert "ok   coin-race example A" in checked.stdout and "ok   momentum-game example" in checked.stdout
    assert checked.stdout.endswith("all hold\n")
    assert "Traceback" not in listed.stderr


def test_build_goes_on_beside_a_pack_that_exits_on_import(site: Path, tmp_path: Path) -> None:
    write_dist_info(site, "broken-pack", "1.0", {"kitpress.games": {"broken": "broken_exit:GAME"}})
    done = run(site, "build", "momentum-game", "--paper", "letter", "--only", "calibration", "--out", str(tmp_path / "out"), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stderr == "skipped the game pack 'broken' of broken-pack: cannot be loaded (broken_exit:GAME): SystemExit: 0\n"
    assert (tmp_path / "out" / "momentum-game" / "calibration-letter-long-edge.pdf").is_file()


def test_a_broken_pack_named_says_why(site: Path, tmp_path: Path) -> None:
    write_dist_info(site, "broken-pack", "1.0", {"kitpress.games": {"half": "broken_abstract:GAME"}})
    done = run(site, "check", "half", cwd=tmp_path)
    line = "skipped the game pack 'half' of broken-pack: (broken_abstract:GAME): its engine Half does not implement apply, example_moves"
    assert (done.returncode, done.stdout, done.stderr) == (2, "", f"{line}\n{line}\n")  # the warning, then the refusal
    spec = tmp_path / "mine.yaml"
    spec.write_text("id: mine\nengine: half\n", "utf-8")
    done = run(site, "check", str(spec), cwd=tmp_path)
    assert done.returncode == 2 and done.stderr.splitlines()[1:] == [f"{spec}:2:1: engine: engine 'half': {line}"], done.stderr


def test_two_outside_packs_with_one_id_are_both_refused_until_one_is_chosen(site: Path, tmp_path: Path) -> None:
    other = retitled(site, "kitpress_coin_race", PACK / "kitpress_coin_race" / "coin-race.yaml", "Other Coin Race")
    write_dist_info(site, "other-race", "2.0", {"kitpress.games": {"coin-race": f"{other}:GAME"}})
    done = run(site, "list", cwd=tmp_path)
    refusal = "the engine id 'coin-race' is claimed by kitpress-coin-race and other-race; neither is used until KITPRESS_PACKS names the one to use"
    assert done.stderr.splitlines() == [
        f"skipped the game pack 'coin-race' of kitpress-coin-race: {refusal}",
        f"skipped the game pack 'coin-race' of other-race: {refusal}",
    ]
    assert "Coin Race (v0.1)" not in done.stdout and "momentum-game  Momentum Game! (v2.1)" in done.stdout
    for chosen, title in (("other-race", "Other Coin Race"), ("kitpress-coin-race", "Coin Race")):
        picked = run(site, "list", cwd=tmp_path, KITPRESS_PACKS=chosen)
        assert f"coin-race  {title} (v0.1)" in picked.stdout.splitlines(), picked.stdout
        loser = "kitpress-coin-race" if chosen == "other-race" else "other-race"
        assert picked.stderr == ""  # the user's own choice: said by `list` only, not by every command
        assert picked.returncode == 0
        assert f"coin-race  set aside ({loser}): the engine id 'coin-race' is claimed by {chosen} too; KITPRESS_PACKS chose {chosen}" in picked.stdout.splitlines()
        assert run(site, "check", "coin-race", cwd=tmp_path, KITPRESS_PACKS=chosen).returncode == 0


def test_a_bundled_game_keeps_its_id_unless_the_other_pack_is_named(site: Path, tmp_path: Path) -> None:
    other = retitled(site, "kitpress.games.momentum_game", SPECS / "momentum-game.yaml", "Momentum Elsewhere")
    write_dist_info(site, "takeover", "1.0", {"kitpress.games": {"momentum-game": f"{other}:GAME"}})
    done = run(site, "list", cwd=tmp_path)
    assert "momentum-game  Momentum Game! (v2.1)" in done.stdout.splitlines()
    assert done.stderr == "skipped the game pack 'momentum-game' of takeover: the engine id 'momentum-game' is the bundled game's (kitpress); KITPRESS_PACKS=takeover uses this pack instead\n"
    chosen = run(site, "list", cwd=tmp_path, KITPRESS_PACKS="takeover")
    assert "momentum-game  Momentum Elsewhere (v2.1)" in chosen.stdout.splitlines(), chosen.stdout + chosen.stderr
    assert chosen.stderr == ""
    assert chosen.returncode == 0
    assert "momentum-game  set aside (kitpress): the engine id 'momentum-game' is claimed by takeover too; KITPRESS_PACKS chose takeover" in chosen.stdout.splitlines()


def test_a_choice_of_no_installed_pack_is_one_line(site: Path, tmp_path: Path) -> None:
    done = run(site, "list", cwd=tmp_path, KITPRESS_PACKS="no-such-dist")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == "KITPRESS_PACKS: no-such-dist is not an installed distribution with a game pack (installed: kitpress, kitpress-coin-race)\n"
