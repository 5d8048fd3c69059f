"""The output folder is the user's: a build replaces only a folder whose manifest lists everything in it,
`kit` overwrites only top-level files it wrote, and no link below OUT is written through or deleted.
Every refusal is one line naming the path, exit 2, and leaves everything as it was."""

from __future__ import annotations

import hashlib
import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

HERE = Path(__file__).resolve().parent
BASE = HERE / "malformed" / "base" / "momentum-game.yaml"
GAME = "momentum-game"


def snapshot(root: Path) -> dict[str, str]:
    """Every path below `root` (links as their targets, not followed) with its content's hash."""
    out: dict[str, str] = {}
    for top, dirs, files in os.walk(root, followlinks=False):
        for name in (*dirs, *files):
            path = Path(top) / name
            rel = path.relative_to(root).as_posix()
            if path.is_symlink():
                out[rel] = "link:" + os.readlink(path)
            elif path.is_file():
                out[rel] = hashlib.sha256(path.read_bytes()).hexdigest()
            else:
                out[rel] = "dir"
    return out


def refused(result: Result, *words: str) -> str:
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1, result.output
    assert "Traceback" not in result.output
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


@pytest.fixture(scope="module")
def first_build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from click.testing import CliRunner

    from kitpress.cli import main

    out = tmp_path_factory.mktemp("first") / "out"
    result = CliRunner().invoke(main, ["build", str(BASE), "--paper", "letter", "--out", str(out)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture
def out(first_build: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "out"
    shutil.copytree(first_build, copy, symlinks=True)
    return copy


def build(run_cli: Callable[..., Result], out: Path, *more: str) -> Result:
    return run_cli("build", BASE, "--paper", "letter", "--out", out, "--force", *more)


# --- files the user put in a kit folder -----------------------------------------------------------


@pytest.mark.parametrize("own", ["my-copy.yaml", "README", "notes/today.txt", "photos/", "svg/extra.svg", "svg/drafts/"])
def test_a_kit_folder_holding_the_users_files_is_refused_and_left_as_it_was(run_cli: Callable[..., Result], out: Path, own: str) -> None:
    kit = out / GAME
    target = kit / own.rstrip("/")
    if own.endswith("/"):
        target.mkdir(parents=True)
    else:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text("the teacher's own words\n")
    before = snapshot(out)
    line = refused(build(run_cli, out), str(target), "not written by kitpress", "move it out")
    assert line.startswith(f"{target}: ")
    assert snapshot(out) == before


def test_the_first_foreign_file_is_the_one_named(run_cli: Callable[..., Result], out: Path) -> None:
    for name in ("b-notes.txt", "a-notes.txt"):
        (out / GAME / name).write_text("mine\n")
    refused(build(run_cli, out), str(out / GAME / "a-notes.txt"))


def test_a_folder_of_the_games_name_that_kitpress_never_wrote_is_refused(run_cli: Callable[..., Result], tmp_path: Path) -> None:
    mine = tmp_path / "out" / GAME
    mine.mkdir(parents=True)
    (mine / "lesson-plan.docx").write_bytes(b"PK")
    refused(build(run_cli, tmp_path / "out"), str(mine / "lesson-plan.docx"), "cannot tell")
    assert (mine / "lesson-plan.docx").read_bytes() == b"PK"


def test_an_empty_folder_of_the_games_name_takes_the_kit(run_cli: Callable[..., Result], tmp_path: Path) -> None:
    (tmp_path / "out" / GAME).mkdir(parents=True)
    assert build(run_cli, tmp_path / "out").exit_code == 0
    assert (tmp_path / "out" / GAME / "manifest.json").is_file()


def test_a_file_where_the_kit_folder_goes_is_refused(run_cli: Callable[..., Result], tmp_path: Path) -> None:
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / GAME).write_text("not a folder\n")
    refused(build(run_cli, tmp_path / "out"), str(tmp_path / "out" / GAME), "is a file")
    assert (tmp_path / "out" / GAME).read_text() == "not a folder\n"


def test_a_kit_that_is_only_kitpress_files_is_replaced(run_cli: Callable[..., Result], out: Path) -> None:
    (out / GAME / "momentum-game-cards-letter.pdf").write_bytes(b"a changed copy of a listed file")
    (out / GAME / ".manifest.json.k1ll3d.tmp").write_bytes(b"{")  # atomic.write_bytes's own leftover
    assert build(run_cli, out).exit_code == 0
    assert (out / GAME / "momentum-game-cards-letter.pdf").read_bytes().startswith(b"%PDF")
    assert not (out / GAME / ".manifest.json.k1ll3d.tmp").exists()


def test_the_kit_folder_gets_ordinary_permissions(out: Path) -> None:
    mask = os.umask(0o022)
    os.umask(mask)
    assert (out / GAME).stat().st_mode & 0o777 == 0o777 & ~mask


# --- links -----------------------------------------------------------------------------------------


def test_a_kit_folder_that_is_a_link_is_refused_and_its_target_untouched(run_cli: Callable[..., Result], out: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    (out / GAME).rename(elsewhere)
    (out / GAME).symlink_to(elsewhere, target_is_directory=True)
    before, there = snapshot(out), snapshot(elsewhere)
    for _ in range(2):  # and again: nothing dangling is left to crash a later build
        refused(build(run_cli, out), str(out / GAME), "is a link")
    assert snapshot(out) == before and snapshot(elsewhere) == there


def test_a_link_inside_the_kit_folder_is_refused_and_not_followed(run_cli: Callable[..., Result], out: Path, tmp_path: Path) -> None:
    precious = tmp_path / "precious"
    precious.mkdir()
    (precious / "photo.jpg").write_bytes(b"\xff\xd8")
    (out / GAME / "svg" / "photos").symlink_to(precious, target_is_directory=True)
    refused(build(run_cli, out), str(out / GAME / "svg" / "photos"), "is a link")
    assert (precious / "photo.jpg").read_bytes() == b"\xff\xd8"


def test_a_listed_file_replaced_by_a_link_is_refused(run_cli: Callable[..., Result], out: Path, tmp_path: Path) -> None:
    target = tmp_path / "mine.pdf"
    target.write_bytes(b"mine")
    pdf = out / GAME / "momentum-game-board-letter.pdf"
    pdf.unlink()
    pdf.symlink_to(target)
    refused(build(run_cli, out), str(pdf), "is a link")
    assert target.read_bytes() == b"mine"


@pytest.mark.parametrize("name", [f".{GAME}.staging", f".{GAME}.staging-abc123", f".{GAME}.old", f".{GAME}.old-abc123"])
def test_links_standing_where_staging_or_backup_folders_go_are_never_written_through(run_cli: Callable[..., Result], out: Path, tmp_path: Path, name: str) -> None:
    """Staging and backup folders are created exclusively under names unique to each build."""
    trap = tmp_path / "trap"
    trap.mkdir()
    (trap / "keep.txt").write_text("keep\n")
    (out / name).symlink_to(trap, target_is_directory=True)
    assert build(run_cli, out).exit_code == 0
    assert snapshot(trap) == {"keep.txt": hashlib.sha256(b"keep\n").hexdigest()}
    assert (out / name).is_symlink(), "a link kitpress did not make is not its to delete"


def test_a_lock_file_that_is_a_link_is_refused(run_cli: Callable[..., Result], out: Path, tmp_path: Path) -> None:
    target = tmp_path / "target.txt"
    target.write_text("mine\n")
    (out / ".kitpress.lock").unlink()
    (out / ".kitpress.lock").symlink_to(target)
    refused(build(run_cli, out), str(out / ".kitpress.lock"), "is a link")
    assert target.read_text() == "mine\n"


def test_out_itself_may_be_a_link_the_user_chose(run_cli: Callable[..., Result], tmp_path: Path) -> None:
    real = tmp_path / "usb-stick"
    real.mkdir()
    (tmp_path / "out").symlink_to(real, target_is_directory=True)
    assert build(run_cli, tmp_path / "out").exit_code == 0
    assert (real / GAME / "manifest.json").is_file()


# --- the class kit's files at the top of OUT ----------------------------------------------------------


def kit(run_cli: Callable[..., Result], out: Path) -> Result:
    return run_cli("kit", "--games", BASE, "--class-size", "4", "--out", out)


@pytest.fixture(scope="module")
def class_kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from click.testing import CliRunner

    from kitpress.cli import main

    out = tmp_path_factory.mktemp("classkit") / "out"
    result = CliRunner().invoke(main, ["kit", "--games", str(BASE), "--class-size", "4", "--out", str(out)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture
def kit_out(class_kit: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "out"
    shutil.copytree(class_kit, copy, symlinks=True)
    return copy


@pytest.mark.parametrize("name", ["index.html", "classroom-kit.zip"])
def test_kit_refuses_to_overwrite_a_top_level_file_it_did_not_write(run_cli: Callable[..., Result], tmp_path: Path, name: str) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / name).write_text("the school's own page\n")
    refused(kit(run_cli, out), str(out / name), "not written by kitpress")
    assert (out / name).read_text() == "the school's own page\n"
    assert not (out / "classroom-kit").exists(), "nothing is built when the kit cannot be written"


def test_kit_refuses_a_top_level_file_changed_since_it_wrote_it(run_cli: Callable[..., Result], kit_out: Path) -> None:
    with (kit_out / "index.html").open("a") as page:
        page.write("<!-- my note -->\n")
    before = snapshot(kit_out)
    refused(kit(run_cli, kit_out), str(kit_out / "index.html"), "changed since")
    assert snapshot(kit_out) == before


def test_kit_rewrites_its_own_files(run_cli: Callable[..., Result], kit_out: Path) -> None:
    result = run_cli("kit", "--games", BASE, "--class-size", "4", "--out", kit_out, "--force")  # unchanged, else left as it is
    assert result.exit_code == 0, result.output
    assert "kit for a class of 4" in result.output


def test_kit_refuses_the_users_file_in_the_kit_folder(run_cli: Callable[..., Result], kit_out: Path) -> None:
    (kit_out / "classroom-kit" / "seating-plan.txt").write_text("Ana, Ben\n")
    before = snapshot(kit_out)
    refused(kit(run_cli, kit_out), str(kit_out / "classroom-kit" / "seating-plan.txt"), "not written by kitpress")
    assert snapshot(kit_out) == before


@pytest.mark.parametrize("name", ["index.html", ".classroom-kit-builds", "classroom-kit"])
def test_kit_refuses_links_where_it_writes(run_cli: Callable[..., Result], kit_out: Path, tmp_path: Path, name: str) -> None:
    trap = tmp_path / "trap"
    trap.mkdir()
    (trap / "keep.txt").write_text("keep\n")
    shutil.rmtree(kit_out / name) if (kit_out / name).is_dir() else (kit_out / name).unlink()
    (kit_out / name).symlink_to(trap, target_is_directory=True)
    refused(kit(run_cli, kit_out), str(kit_out / name), "is a link")
    assert snapshot(trap) == {"keep.txt": hashlib.sha256(b"keep\n").hexdigest()}
