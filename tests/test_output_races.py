"""Races between a build and the user: a build records exactly the bytes it built from, the ownership
check of a kit folder holds at the instant of the swap, `kit` never overwrites an `index.html` saved
while it ran, two specs with one id are refused, the lock is never written through a link, only folders
kitpress made and recorded are ever removed, and written files follow the umask.

Each race is made deterministic by saving the user's file from inside kitpress's own step (a wrapped
function), at the worst instant, rather than by timing."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import stat
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result

from kitpress import build, outfolder
from kitpress.fingerprint import build_options, inputs_hash
from kitpress.sheets.presets import Preset

HERE = Path(__file__).resolve().parent
BASE = HERE / "malformed" / "base" / "momentum-game.yaml"
GAME = "momentum-game"
TITLE = "title: Momentum Game!"


def refused(result: Result, *words: str) -> str:
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and "Traceback" not in result.output, result.output
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


def whole(kit: Path) -> dict[str, Any]:
    """The kit's manifest, after checking that it lists exactly the files present, with their checksums."""
    body = json.loads((kit / "manifest.json").read_bytes())
    for entry in body["files"]:
        assert hashlib.sha256((kit / entry["path"]).read_bytes()).hexdigest() == entry["sha256"], entry["path"]
    present = {p.relative_to(kit).as_posix() for p in kit.rglob("*") if p.is_file()}
    assert present == {e["path"] for e in body["files"]} | {"manifest.json"}
    return body


def asides(out: Path) -> list[str]:
    return sorted(p.name for p in out.iterdir() if p.name.startswith(f".{GAME}."))


@pytest.fixture(scope="module")
def first_build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("races") / "out"
    build.build_games([str(BASE)], [Preset("letter")], out)
    return out


@pytest.fixture
def out(first_build: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "out"
    shutil.copytree(first_build, copy, symlinks=True)
    return copy


def rebuild(run_cli: Callable[..., Result], out: Path, spec: Path = BASE) -> Result:
    return run_cli("build", spec, "--paper", "letter", "--out", out, "--force")


# --- inputs read once ------------------------------------------------------------------------------------


def test_a_spec_saved_while_it_builds_is_never_recorded_as_built(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    spec = tmp_path / "mine.yaml"
    old = BASE.read_bytes()
    spec.write_bytes(old)
    new = old.replace(TITLE.encode(), f"{TITLE} 2".encode())
    real = build.render_game

    def saved_meanwhile(loaded: Any, *args: Any, **kwargs: Any) -> Any:
        spec.write_bytes(new)  # the user saves while the kit renders from what was read
        return real(loaded, *args, **kwargs)

    monkeypatch.setattr(build, "render_game", saved_meanwhile)
    out, presets = tmp_path / "out", [Preset("letter")]
    build.build_games([str(spec)], presets, out)
    body = whole(out / GAME)
    assert body["title"] == "Momentum Game!", "built from the bytes read"
    assert body["inputs"] == inputs_hash(old, build_options(presets, None)), "and recorded as built from them"
    monkeypatch.setattr(build, "render_game", real)
    said = build.build_games([str(spec)], presets, out)
    assert said[0].startswith(f"built {GAME}"), "the save is not up to date: it is built next"
    assert whole(out / GAME)["title"] == "Momentum Game! 2"


def test_a_worker_process_renders_the_bytes_the_build_read_not_the_file_now(tmp_path: Path) -> None:
    from kitpress import parallel

    spec = tmp_path / "mine.yaml"
    old = BASE.read_bytes()
    spec.write_bytes(old.replace(TITLE.encode(), f"{TITLE} 2".encode()))
    assert parallel._load(str(spec), old, None).spec.identity.title == "Momentum Game!"


def test_two_specs_with_one_id_in_one_out_are_refused(run_cli: Callable[..., Result], tmp_path: Path) -> None:
    copy = tmp_path / "copy.yaml"
    copy.write_bytes(BASE.read_bytes().replace(TITLE.encode(), f"{TITLE} (a copy)".encode()))
    line = refused(run_cli("build", BASE, copy, "--quiet", "--out", tmp_path / "out"), str(copy), str(BASE), f"id {GAME}", "another id")
    assert "--out" in line
    assert not (tmp_path / "out").exists(), "nothing is built"


# --- the ownership check at the swap ---------------------------------------------------------------------


def test_a_file_saved_into_the_kit_folder_while_the_build_writes_is_never_deleted(run_cli: Callable[..., Result], out: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    before = whole(out / GAME)
    real = outfolder.write_bytes

    def write(path: Path, data: bytes) -> None:
        real(path, data)
        if path.name == "manifest.json" and ".staging-" in path.parent.name:  # the last file: the swap is next
            (out / GAME / "notes.txt").write_text("my notes\n")

    monkeypatch.setattr(outfolder, "write_bytes", write)
    refused(rebuild(run_cli, out), str(out / GAME / "notes.txt"), "not written by kitpress")
    assert (out / GAME / "notes.txt").read_text() == "my notes\n"
    (out / GAME / "notes.txt").unlink()
    assert whole(out / GAME) == before, "the previous kit is in place"
    assert asides(out) == [], "no staging folder is left"


def test_a_file_saved_between_the_last_look_and_the_swap_puts_the_kit_back(run_cli: Callable[..., Result], out: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The kit folder is checked once more after it is set aside: what arrived in between stays."""
    before = whole(out / GAME)
    real = outfolder._new_aside

    def aside(final: Path, role: str) -> Path:
        made = real(final, role)
        if role == "old":  # checked a moment ago, about to be set aside
            (final / "svg" / "photo.jpg").write_bytes(b"\xff\xd8")
        return made

    monkeypatch.setattr(outfolder, "_new_aside", aside)
    refused(rebuild(run_cli, out), str(out / GAME / "svg" / "photo.jpg"), "not written by kitpress")
    assert (out / GAME / "svg" / "photo.jpg").read_bytes() == b"\xff\xd8"
    (out / GAME / "svg" / "photo.jpg").unlink()
    assert whole(out / GAME) == before
    assert asides(out) == []
    assert json.loads((out / outfolder.JOURNAL).read_text())["asides"] == [], "the journal records nothing left"


# --- only what kitpress made and recorded is removed --------------------------------------------------------


@pytest.mark.parametrize("kit_in_place", [True, False], ids=["beside-a-kit", "where-no-kit-is"])
def test_folders_that_only_look_like_staging_or_backup_folders_are_never_touched(run_cli: Callable[..., Result], out: Path, kit_in_place: bool) -> None:
    names = [f".{GAME}.old-2024", f".{GAME}.staging-photos", f".{GAME}.old-abc123"]
    for name in names:
        shutil.copytree(out / GAME, out / name)  # even a whole kit of the user's (a copy kept by hand)
        (out / name / "mine.txt").write_text(name)
    if not kit_in_place:
        shutil.rmtree(out / GAME)
    assert rebuild(run_cli, out).exit_code == 0
    for name in names:
        assert (out / name / "mine.txt").read_text() == name, f"{name} was touched"
    assert sorted(asides(out)) == sorted(names)
    whole(out / GAME)


def test_staging_and_backup_names_are_unique_and_recorded_before_they_are_made(tmp_path: Path) -> None:
    final = tmp_path / GAME
    seen = []
    for role in ("staging", "old", "staging"):
        made = outfolder._new_aside(final, role)
        assert made.is_dir() and made.name in json.loads((tmp_path / outfolder.JOURNAL).read_text())["asides"]
        seen.append(made.name)
    assert len(set(seen)) == 3 and all(len(n.rsplit("-", 1)[1]) >= 12 for n in seen), seen
    outfolder.recover(final)  # what the next writer does first: recorded leftovers go, and leave the journal
    assert asides(tmp_path) == [] and json.loads((tmp_path / outfolder.JOURNAL).read_text())["asides"] == []


# --- the lock --------------------------------------------------------------------------------------------


def test_a_lock_file_that_is_a_hard_link_is_refused_and_never_written(run_cli: Callable[..., Result], out: Path, tmp_path: Path) -> None:
    target = tmp_path / "thesis.txt"
    target.write_text("my thesis\n")
    (out / outfolder.LOCK).unlink()
    os.link(target, out / outfolder.LOCK)
    refused(rebuild(run_cli, out), str(out / outfolder.LOCK), "hard link")
    assert target.read_text() == "my thesis\n"


def test_a_lock_file_that_is_not_a_regular_file_is_refused(run_cli: Callable[..., Result], out: Path) -> None:
    (out / outfolder.LOCK).unlink()
    os.mkfifo(out / outfolder.LOCK)
    refused(rebuild(run_cli, out), str(out / outfolder.LOCK), "not a regular file")


def test_outfolder_loads_without_fcntl() -> None:
    """On Windows there is no fcntl: every command imports the output folder's module."""
    code = "import sys; sys.modules['fcntl'] = None; import kitpress.outfolder, kitpress.build; print('ok')"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr


# --- permissions -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("mask", [0o027, 0o002], ids=["umask-027", "umask-002"])
def test_written_files_and_folders_follow_the_umask(tmp_path: Path, mask: int) -> None:
    final = tmp_path / "out" / GAME
    final.parent.mkdir()
    before = os.umask(mask)
    try:
        with outfolder.writer_lock(final.parent):
            outfolder.write_folder(final, [("a.pdf", b"%PDF a"), ("svg/b.svg", b"<svg/>")], b'{"files": [{"path": "a.pdf"}, {"path": "svg/b.svg"}]}\n')
            outfolder.write_top_files(final.parent, {"index.html": b"<html></html>\n"})
    finally:
        os.umask(before)
    files = [final / "a.pdf", final / "svg" / "b.svg", final / "manifest.json", final.parent / "index.html", final.parent / outfolder.RECORD, final.parent / outfolder.JOURNAL, final.parent / outfolder.LOCK]
    for path in files:
        assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~mask, path.name
    for folder in (final, final / "svg"):
        assert stat.S_IMODE(folder.stat().st_mode) == 0o777 & ~mask, folder.name


# --- kit's index.html --------------------------------------------------------------------------------------


def test_kit_never_overwrites_an_index_html_saved_while_it_ran(run_cli: Callable[..., Result], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "out"
    real = outfolder.write_folder

    def write_folder(final: Path, *args: Any, **kwargs: Any) -> None:
        real(final, *args, **kwargs)
        if final.name == "classroom-kit":  # the class kit is in place; index.html and the zip come next
            (out / "index.html").write_text("the school's own page\n")

    monkeypatch.setattr(outfolder, "write_folder", write_folder)
    result = run_cli("kit", "--games", BASE, "--class-size", "4", "--out", out)
    assert result.exit_code == 2 and "Traceback" not in result.output, result.output
    last = result.output.strip().splitlines()[-1]  # after the stages' progress lines
    assert last.startswith(f"{out / 'index.html'}: not written by kitpress"), last
    assert (out / "index.html").read_text() == "the school's own page\n"
