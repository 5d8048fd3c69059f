"""`kitpress new NAME --engine-pack DIR` writes a game pack that works as written: pip-installed into a
site folder of its own (never the virtualenv), it is listed, checks, builds, lints and simulates, and its
own tests pass, with zero edits."""

from __future__ import annotations

import fnmatch
import json
import os
import subprocess
import sys
import tomllib
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml
from click.testing import Result

from kitpress.authoring.scaffold import TEMPLATES, Names, pack_files, template_folder
from packs.installed import kitpress

ROOT = Path(__file__).resolve().parents[1]
RUFF = Path(sys.executable).with_name("ruff")
GAME = "race-to-21"
FILES = [
    "pyproject.toml", "README.md", "kitpress_race_to_21/__init__.py", "kitpress_race_to_21/rules.py",
    "kitpress_race_to_21/production.py", "kitpress_race_to_21/art.py", "kitpress_race_to_21/race-to-21.yaml",
    "tests/test_race_to_21.py",
]  # fmt: skip


@pytest.fixture(scope="module")
def scaffold(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The pack as `kitpress new` writes it, and a site folder it is pip-installed into."""
    base = tmp_path_factory.mktemp("scaffold")
    folder, site = base / "my-pack", base / "site"
    done = kitpress(base / "no-site", "new", GAME, "--engine-pack", str(folder), cwd=base)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == f"wrote the game pack {GAME} in {folder} (8 files); next:"
    assert sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()) == sorted(FILES)
    install = [sys.executable, "-m", "pip", "install", "--no-deps", "--no-build-isolation", "--no-index", "--no-cache-dir", "-q", "--target", str(site), str(folder)]
    subprocess.run(install, check=True, capture_output=True, timeout=300)
    assert {p.name for p in site.iterdir()} >= {"kitpress_race_to_21", "kitpress_race_to_21-0.1.0.dist-info"}
    assert (site / "kitpress_race_to_21" / "race-to-21.yaml").is_file(), "the spec ships as package data"
    return folder, site


def test_the_pack_is_listed_and_its_examples_hold(scaffold: tuple[Path, Path], tmp_path: Path) -> None:
    _, site = scaffold
    listed = kitpress(site, "list", cwd=tmp_path)
    assert "race-to-21  Race To 21 (v0.1)" in listed.stdout.splitlines()
    assert "    --variant to-31: Race to 31" in listed.stdout.splitlines()
    for variant in ((), ("--variant", "to-31")):
        done = kitpress(site, "check", GAME, *variant, cwd=tmp_path)
        assert done.returncode == 0, done.stdout + done.stderr
        name = " ".join(("race-to-21", *variant))
        assert [line.split(":")[0] for line in done.stdout.splitlines()] == [f"ok   {name} example A", f"ok   {name} example B", "2 examples, 3 steps"]


def test_the_pack_builds_lints_and_simulates(scaffold: tuple[Path, Path], tmp_path: Path) -> None:
    _, site = scaffold
    built = kitpress(site, "build", GAME, "--paper", "letter", "--out", str(tmp_path), cwd=tmp_path)
    assert built.returncode == 0, built.stderr
    manifest = json.loads((tmp_path / GAME / "manifest.json").read_text("utf-8"))
    pages = {f["path"]: f.get("pages") for f in manifest["files"] if f["path"].endswith(".pdf")}
    books = ("race-to-21-rules-letter.pdf", "race-to-21-teachers-book-letter.pdf")
    assert {p: n for p, n in pages.items() if p not in books} == {
        "race-to-21-cards-letter.pdf": 2, "race-to-21-cards-backs-letter.pdf": 1, "race-to-21-board-letter.pdf": 1,
        "race-to-21-marker-letter.pdf": 1, "calibration-letter-long-edge.pdf": 2,
        "race-to-21-card-stock-letter.pdf": 1, "0-print-and-assemble-letter.pdf": 1,  # board and marker share a sheet
    }  # fmt: skip
    assert 1 <= pages["race-to-21-rules-letter.pdf"] <= 4  # the student rules: one folded sheet
    assert pages["race-to-21-teachers-book-letter.pdf"] >= 3  # contents, rules, examples
    lint = kitpress(site, "lint", GAME, cwd=tmp_path)
    assert (lint.returncode, lint.stdout) == (0, "race-to-21: lint passed (9 pieces)\n"), lint.stdout + lint.stderr
    played = kitpress(site, "simulate", GAME, "--games", "50", cwd=tmp_path)
    assert played.returncode == 0, played.stderr
    completed = next(line for line in played.stdout.splitlines() if line.startswith("completed by the rules"))
    assert completed.split()[-2:] == ["100.0%", "100.0%"]


def test_the_packs_own_tests_pass_as_written(scaffold: tuple[Path, Path], tmp_path: Path) -> None:
    folder, site = scaffold
    # Run from elsewhere, so the tests import the installed pack, not the folder it was written to.
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(folder / "tests")],
        cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(site)},
        capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    assert "6 passed" in done.stdout


@pytest.mark.skipif(not RUFF.exists(), reason="ruff is not installed beside this Python (the `dev` extra)")
@pytest.mark.parametrize("game", ["a", "2048-race", "state", "none", "board", "yes", "x" * 48])
def test_any_name_gives_a_clean_pack(game: str, tmp_path: Path) -> None:
    """Names that could clash: a digit first, Python and YAML words, names the modules use, the longest id."""
    names = Names.of(game)
    assert names.engine_class.isidentifier()
    for rel, text in pack_files(names).items():
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, "utf-8")
    spec = yaml.safe_load((tmp_path / names.package / f"{game}.yaml").read_text("utf-8"))
    assert (spec["id"], spec["engine"], spec["identity"]["title"]) == (game, game, names.title)
    project = tomllib.loads((tmp_path / "pyproject.toml").read_text("utf-8"))["project"]
    assert project["entry-points"]["kitpress.games"] == {game: f"{names.package}:GAME"}
    done = subprocess.run([str(RUFF), "check", "--no-cache", "."], cwd=tmp_path, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout  # by the pack's own ruff settings


def test_new_refuses_what_it_cannot_write(run_cli: Callable[..., Result], tmp_path: Path) -> None:
    taken = run_cli("new", "momentum-game", "--engine-pack", tmp_path / "a")
    assert taken.exit_code == 2 and "'momentum-game' is already a game pack's id" in taken.output
    bad = run_cli("new", "My Pack", "--engine-pack", tmp_path / "a")
    assert bad.exit_code == 2 and "'My Pack' is not a valid id" in bad.output
    full = tmp_path / "full"
    full.mkdir()
    (full / "notes.txt").write_text("mine", "utf-8")
    kept = run_cli("new", "my-pack", "--engine-pack", full)
    assert kept.exit_code == 2 and "already exists and is not an empty folder" in kept.output
    both = run_cli("new", "my-pack", "--engine", "momentum", "--engine-pack", tmp_path / "a")
    assert both.exit_code == 2 and "--engine is for a spec of an existing engine" in both.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["full"] and [p.name for p in full.iterdir()] == ["notes.txt"]
    empty = tmp_path / "empty"
    empty.mkdir()
    assert run_cli("new", "my-pack", "--engine-pack", empty).exit_code == 0
    assert (empty / "kitpress_my_pack" / "rules.py").is_file()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["empty", "full"], "no staging folder left behind"
    # The spec starter keeps working beside it.
    spec = run_cli("new", "my-game", "--engine", "momentum-game", "--out", tmp_path)
    assert spec.exit_code == 0 and (tmp_path / "my-game.yaml").is_file()


def test_every_template_is_used_and_ships_in_the_wheel() -> None:
    folder = Path(str(template_folder()))
    assert sorted(p.name for p in folder.glob("*.tmpl")) == sorted(TEMPLATES)
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["setuptools"]
    assert "kitpress.authoring.pack_template" in setuptools["packages"]
    globs = setuptools["package-data"]["kitpress.authoring.pack_template"]
    assert all(any(fnmatch.fnmatch(name, g) for g in globs) for name in TEMPLATES)
