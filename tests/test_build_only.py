"""`kitpress build GAME --only KIND`: only the files of those kinds are written into the kit folder, the
rest of the kit stays as it was (same bytes, same inode), and the manifest stays a true list of the
folder. A kind the game does not print is one line, exit 2, and nothing is written."""

from __future__ import annotations

import hashlib
import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

from kitpress.build import only_choices

ROOT = Path(__file__).resolve().parents[1]
GAME = "momentum-game"
CARD_KINDS = {"cards", "card-backs"}


def files_of(kit: Path) -> dict[str, tuple[int, int, int]]:
    """Each file's inode, size and mtime: what rewriting it changes (reading it changes only its atime)."""
    return {p.relative_to(kit).as_posix(): (p.stat().st_ino, p.stat().st_size, p.stat().st_mtime_ns) for p in sorted(kit.rglob("*")) if p.is_file()}


def manifest(kit: Path) -> dict[str, dict[str, object]]:
    return {e["path"]: e for e in json.loads((kit / "manifest.json").read_text("utf-8"))["files"]}


def assert_true_list(kit: Path) -> None:
    """Every file the manifest lists is there with its checksum, and it lists every file there."""
    listed = manifest(kit)
    assert set(listed) | {"manifest.json"} == set(files_of(kit))
    for path, entry in listed.items():
        assert hashlib.sha256((kit / path).read_bytes()).hexdigest() == entry["sha256"], path
        assert (kit / path).stat().st_size == entry["bytes"], path


def card_file(path: str, entry: dict[str, object]) -> bool:
    return entry["kind"] in CARD_KINDS or path.startswith("svg/cards-")


@pytest.fixture
def spec(tmp_path: Path) -> Path:
    copy = tmp_path / "momentum-game.yaml"
    shutil.copy(ROOT / "specs" / "momentum-game.yaml", copy)
    return copy


@pytest.fixture
def kit(run_cli: Callable[..., Result], spec: Path, tmp_path: Path) -> Path:
    """A whole Letter kit built from the spec copy."""
    result = run_cli("build", spec, "--paper", "letter", "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    return tmp_path / "out" / GAME


def test_only_cards_rewrites_the_card_files_and_keeps_the_rest(run_cli: Callable[..., Result], spec: Path, kit: Path) -> None:
    before = files_of(kit)
    old = manifest(kit)
    spec.write_text(spec.read_text("utf-8").replace("label: Push Right", "label: Push Rightward"), "utf-8")
    result = run_cli("build", spec, "--paper", "letter", "--out", kit.parent, "--only", "cards")
    assert result.exit_code == 0, result.output
    assert f"built {GAME} (only cards): " in result.output
    after = files_of(kit)
    new = manifest(kit)
    assert set(new) == set(old)  # the same files, the rest kept
    changed = {p for p in new if new[p]["sha256"] != old[p]["sha256"]}
    assert changed and all(card_file(p, new[p]) for p in changed), changed  # only card files differ
    assert "momentum-game-cards-letter.pdf" in changed
    for path in new:
        same_inode = after[path] == before[path]
        assert same_inode == (path not in changed), path  # rewritten exactly when the bytes changed
    assert_true_list(kit)
    assert json.loads((kit / "manifest.json").read_text("utf-8"))["inputs"] == ""  # a whole build renders it all again


def test_a_whole_build_after_a_partial_one_gives_the_whole_kit(run_cli: Callable[..., Result], spec: Path, kit: Path, tmp_path: Path) -> None:
    spec.write_text(spec.read_text("utf-8").replace("label: Push Left", "label: Push Leftward"), "utf-8")
    assert run_cli("build", spec, "--paper", "letter", "--out", kit.parent, "--only", "cards").exit_code == 0
    again = run_cli("build", spec, "--paper", "letter", "--out", kit.parent)
    assert again.exit_code == 0 and f"built {GAME}:" in again.output, again.output  # not "up to date"
    fresh = run_cli("build", spec, "--paper", "letter", "--out", tmp_path / "fresh")
    assert fresh.exit_code == 0
    assert (kit / "manifest.json").read_bytes() == (tmp_path / "fresh" / GAME / "manifest.json").read_bytes()
    assert_true_list(kit)


def test_a_file_the_folder_lacks_is_not_listed(run_cli: Callable[..., Result], spec: Path, kit: Path) -> None:
    (kit / "momentum-game-board-letter.pdf").unlink()
    result = run_cli("build", spec, "--paper", "letter", "--out", kit.parent, "--only", "tokens,cards", "--only", "rules")
    assert result.exit_code == 0, result.output
    listed = manifest(kit)
    assert "momentum-game-board-letter.pdf" not in listed
    assert {"momentum-game-tokens-letter.pdf", "momentum-game-cards-letter.pdf", "momentum-game-rules-letter.pdf"} <= set(listed)
    assert_true_list(kit)


def test_into_an_empty_folder_only_those_files(run_cli: Callable[..., Result], spec: Path, tmp_path: Path) -> None:
    result = run_cli("build", spec, "--paper", "letter", "--out", tmp_path / "out", "--only", "cards")
    assert result.exit_code == 0, result.output
    kit = tmp_path / "out" / GAME
    listed = manifest(kit)
    assert listed and all(card_file(p, e) for p, e in listed.items()), sorted(listed)
    assert_true_list(kit)


def test_a_users_file_in_the_kit_folder_is_still_refused(run_cli: Callable[..., Result], spec: Path, kit: Path) -> None:
    (kit / "notes.txt").write_text("mine", "utf-8")
    spec.write_text(spec.read_text("utf-8").replace("label: Push Right", "label: Push Rightward"), "utf-8")
    before = files_of(kit)
    result = run_cli("build", spec, "--paper", "letter", "--out", kit.parent, "--only", "cards")
    assert result.exit_code == 2 and "notes.txt" in result.output
    assert files_of(kit) == before


@pytest.mark.parametrize(("kind", "said"), [("discs", "--only discs: momentum-game prints no such file; it prints: "), ("Cards!", "--only 'cards!': a kind is a word")])
def test_a_kind_the_game_does_not_print_is_one_line_and_exit_2(run_cli: Callable[..., Result], spec: Path, kit: Path, kind: str, said: str) -> None:
    before = files_of(kit)
    result = run_cli("build", spec, "--paper", "letter", "--out", kit.parent, "--only", kind)
    assert result.exit_code == 2
    assert len(result.output.strip().splitlines()) == 1 and result.output.startswith(said), result.output
    assert "Traceback" not in result.output
    assert files_of(kit) == before


def test_the_choices_come_from_the_packs_jobs_and_the_build() -> None:
    from kitpress.build import _render_jobs
    from kitpress.spec.load import load_spec

    jobs = _render_jobs(load_spec(GAME))
    choices = only_choices(jobs)
    assert {job.kind for job in jobs} | {job.name for job in jobs} <= set(choices)
    assert {"booklet", "rules", "teachers-book", "calibration"} <= set(choices)
    assert choices == sorted(set(choices))
