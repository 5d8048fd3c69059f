"""A game pack from another distribution works with no change to kitpress: Coin Race (tests/packs/coin_race)
is installed into a site folder of its own, and every command finds it through its entry point alone.
A broken pack is skipped with one line (tests/test_pack_isolation.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from packs.installed import install, kitpress

PACK = Path(__file__).resolve().parent / "packs" / "coin_race"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("site")
    assert install(PACK, folder) == "kitpress-coin-race"
    return folder


@pytest.fixture(scope="module")
def built(site: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`kitpress build coin-race`, Letter and A4, once for the tests that read the kit."""
    out = tmp_path_factory.mktemp("out")
    done = kitpress(site, "build", "coin-race", "--out", str(out), cwd=out)
    assert done.returncode == 0, done.stderr
    # with the rule books, the board and pawns on one shared sheet, and the print and assemble page
    assert f"built coin-race: 18 PDFs, 8 SVGs in {out / 'coin-race'}" in done.stdout
    return out / "coin-race"


def test_the_pack_is_listed_beside_the_bundled_games(site: Path, tmp_path: Path) -> None:
    done = kitpress(site, "list", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert "coin-race  Coin Race (v0.1)" in lines
    assert "    --variant long-track: Longer track" in lines
    assert "momentum-game  Momentum Game! (v2.1)" in lines
    # Without the site folder, kitpress knows nothing of it: the entry point is the only link.
    alone = kitpress(tmp_path / "empty", "list", cwd=tmp_path)
    assert alone.returncode == 0 and "coin-race" not in alone.stdout


def test_check_replays_its_examples_and_a_variant_amends_them(site: Path, tmp_path: Path) -> None:
    for variant in ((), ("--variant", "long-track")):
        done = kitpress(site, "check", "coin-race", *variant, cwd=tmp_path)
        assert done.returncode == 0, done.stdout + done.stderr
        name = " ".join(("coin-race", *variant))
        assert done.stdout.splitlines() == [
            f"ok   {name} example A: A flip that pays, and one that does not (3 steps, 9 figures)",
            f"ok   {name} example B: Walking home (1 steps, 4 figures)",
            "2 examples, 4 steps: all hold",
        ]


def test_a_wrong_expectation_fails_the_check(site: Path, tmp_path: Path) -> None:
    examples = tmp_path / "more.yaml"
    examples.write_text(
        "game: coin-race\nexamples:\n  - id: X\n    title: Tails goes nowhere\n    summary: s\n"
        "    steps:\n      - play: {red: flip, coin: tails}\n        expect: {moved: 3}\n",
        "utf-8",
    )
    done = kitpress(site, "check", "coin-race", "--examples", str(examples), cwd=tmp_path)
    assert done.returncode == 1
    assert "FAIL coin-race example X" in done.stdout and "step 1: moved: expected 3, got 0" in done.stdout


def test_an_error_in_the_packs_spec_names_the_file_where_the_pack_keeps_it(tmp_path: Path) -> None:
    site = tmp_path / "site"
    install(PACK, site)
    spec = site / "kitpress_coin_race" / "coin-race.yaml"
    spec.write_text(spec.read_text("utf-8").replace("  flip_move: 3", "  flip_move: 1"), "utf-8")
    done = kitpress(site, "check", "coin-race", cwd=tmp_path)
    assert done.returncode == 2
    line = next(n for n, text in enumerate(spec.read_text("utf-8").splitlines(), 1) if text == "game:")
    assert done.stderr.startswith(f"kitpress_coin_race/coin-race.yaml:{line}:1: game: ")
    assert "flip_move (1) must be larger than walk_move (1)" in done.stderr
    assert "specs/coin-race.yaml" not in done.stderr  # it is not one of kitpress's own specs


def test_build_writes_its_kit_with_the_pages_the_manifest_states(built: Path) -> None:
    manifest = json.loads((built / "manifest.json").read_text("utf-8"))
    assert (manifest["game"], manifest["title"], manifest["rules_version"]) == ("coin-race", "Coin Race", "0.1")
    files = {f["path"]: f for f in manifest["files"]}
    for paper in ("letter", "a4"):
        # 4 cards on one 9-up sheet with their backs, one board, both pawns on one sheet
        assert (files[f"coin-race-cards-{paper}.pdf"]["kind"], files[f"coin-race-cards-{paper}.pdf"]["pages"]) == ("cards", 2)
        assert files[f"coin-race-cards-backs-{paper}.pdf"]["pages"] == 1
        assert (files[f"coin-race-board-{paper}.pdf"]["kind"], files[f"coin-race-board-{paper}.pdf"]["pages"]) == ("board", 1)
        assert (files[f"coin-race-pawns-{paper}.pdf"]["kind"], files[f"coin-race-pawns-{paper}.pdf"]["pages"]) == ("tokens", 1)
        assert files[f"coin-race-rules-{paper}.pdf"]["kind"] == "booklet"
        assert files[f"calibration-{paper}-long-edge.pdf"]["kind"] == "calibration"
    assert {p for p in files if p.startswith("svg/")} == {
        f"svg/{name}.svg" for name in (
            "cards-red-walk", "cards-red-flip", "cards-blue-walk", "cards-blue-flip", "cards-back",
            "board-board", "pawns-pawn-red", "pawns-pawn-blue",
        )
    }  # fmt: skip
    for path, entry in files.items():
        assert (built / path).stat().st_size == entry["bytes"]
        if path.endswith(".pdf"):
            assert len(PdfReader(built / path).pages) == entry["pages"], path
    booklet = " ".join(" ".join(page.extract_text() for page in PdfReader(built / "coin-race-rules-letter.pdf").pages).split())
    for words in ("Walk or flip?", "Example A: A flip that pays", "The coin shows tails: a move of 0."):
        assert words in booklet
    # A pack without a rule book: the student rules print every section and its first example, the
    # teacher's book the rest (the rulings among it).
    assert files["coin-race-teachers-book-letter.pdf"]["kind"] == "teachers-book"
    book = " ".join(" ".join(page.extract_text() for page in PdfReader(built / "coin-race-teachers-book-letter.pdf").pages).split())
    assert "Overshooting the finish" in book and "Example B" in book and "Example B" not in booklet


def test_an_edit_to_the_packs_code_rebuilds_its_kit(site: Path, built: Path) -> None:
    out = built.parent
    again = kitpress(site, "build", "coin-race", "--out", str(out), cwd=out)
    assert again.stdout.strip() == f"up to date coin-race: {built}", again.stderr
    art = site / "kitpress_coin_race" / "art.py"
    art.write_text(art.read_text("utf-8") + "\n# an edit\n", "utf-8")
    edited = kitpress(site, "build", "coin-race", "--out", str(out), cwd=out)
    assert edited.returncode == 0 and edited.stdout.startswith("built coin-race:"), edited.stdout + edited.stderr


def test_lint_passes(site: Path, tmp_path: Path) -> None:
    done = kitpress(site, "lint", "coin-race", cwd=tmp_path)
    assert (done.returncode, done.stdout) == (0, "coin-race: lint passed (8 pieces)\n"), done.stdout + done.stderr


def test_simulate_plays_it_with_its_tally(site: Path, tmp_path: Path) -> None:
    done = kitpress(site, "simulate", "coin-race", "--games", "50", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "Coin Race: 50 games per variant, seed 0, turn cap 1000"
    header = next(line for line in lines if "base" in line)
    assert header.split() == ["base", "long-track"], done.stdout
    completed = next(line for line in lines if line.startswith("completed by the rules"))
    assert completed.split()[-2:] == ["100.0%", "100.0%"]  # a race always ends
    assert any(line.startswith("flips per game") for line in lines)  # the pack's own tally


def test_the_class_kit_includes_it(site: Path, tmp_path: Path) -> None:
    done = kitpress(site, "kit", "--games", "coin-race,momentum-game", "--class-size", "6", "--out", str(tmp_path), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "  Coin Race: 3 tables of 2" in done.stdout.splitlines()
    kit = json.loads((tmp_path / "classroom-kit" / "kit.json").read_text("utf-8"))
    games = {game["game"]: game for game in kit["games"]}
    assert list(games) == ["coin-race", "momentum-game"]
    printed = {item["path"]: item for item in games["coin-race"]["print"]}
    assert set(printed) == {f"coin-race/coin-race-{name}-letter.pdf" for name in ("cards", "card-stock", "rules")}
    assert printed["coin-race/coin-race-cards-letter.pdf"]["cut"] == "4 cards"
    assert all(item["copies"] == 3 for item in printed.values())
    assert games["coin-race"]["bring"] == [{"name": "Coin", "count": 3, "detail": "Any coin with two different sides."}]
    for path in printed:
        assert (tmp_path / "classroom-kit" / path).is_file()


def test_schema_and_new_know_the_pack(site: Path, tmp_path: Path) -> None:
    schema = json.loads(kitpress(site, "schema", cwd=tmp_path).stdout)
    assert "coin-race" in schema["properties"]["engine"]["enum"]
    assert {"overview", "setup", "turn", "winning"} <= set(schema["$defs"]["spec-coin-race"]["required"])
    done = kitpress(site, "new", "my-race", "--engine", "coin-race", "--out", str(tmp_path), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert kitpress(site, "check", str(tmp_path / "my-race.yaml"), cwd=tmp_path).returncode == 0


