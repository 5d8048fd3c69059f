"""Rebuilds do only what changed: a kit whose inputs did not change is left alone before any spec is
loaded or renderer imported; a changed spec rewrites only the files whose bytes changed (the others keep
their inode and mtime); the content-keyed cache (preflight per job, sheets, file checks) gives the bytes a
fresh build gives, and deleting it changes nothing."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import Result

from kitpress import build, preflight
from kitpress.lint import lint_jobs
from kitpress.spec.load import load_spec

ROOT = Path(__file__).resolve().parents[1]
GAME = "momentum-game"
CliImports = Callable[[list[str]], tuple[subprocess.CompletedProcess[str], set[str]]]  # conftest.cli_imports
RENDERERS = ("kitpress.build", "kitpress.spec.load", "reportlab", "svglib", "weasyprint", "pypdfium2", "numpy")

def digests(kit: Path) -> dict[str, str]:
    return {p.relative_to(kit).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(kit.rglob("*")) if p.is_file()}


def stats(kit: Path) -> dict[str, tuple[int, int]]:
    return {p.relative_to(kit).as_posix(): (p.stat().st_ino, p.stat().st_mtime_ns) for p in sorted(kit.rglob("*")) if p.is_file()}


@pytest.fixture
def spec(tmp_path: Path) -> Path:
    copy = tmp_path / "momentum-game.yaml"
    shutil.copy(ROOT / "specs" / "momentum-game.yaml", copy)
    return copy


def test_a_no_change_rebuild_loads_no_spec_and_imports_no_renderer(run_cli: Callable[..., Result], spec: Path, tmp_path: Path, cli_imports: CliImports) -> None:
    out = tmp_path / "out"
    assert run_cli("build", spec, "--paper", "letter", "--out", out).exit_code == 0
    before = stats(out / GAME)
    done, modules = cli_imports(["build", str(spec), "--paper", "letter", "--out", str(out)])
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"up to date {GAME}: {out / GAME}\n"
    assert not [m for m in modules if m.split(".")[0] in RENDERERS or m in RENDERERS]
    assert stats(out / GAME) == before


def test_the_quick_answer_never_hides_a_change(run_cli: Callable[..., Result], spec: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert run_cli("build", spec, "--paper", "letter", "--out", out).exit_code == 0
    for change in ("missing file", "options", "spec"):
        if change == "options":
            result = run_cli("build", spec, "--paper", "letter", "--ink", "low", "--out", out)
        elif change == "missing file":
            (out / GAME / "momentum-game-board-letter.pdf").unlink()
            result = run_cli("build", spec, "--paper", "letter", "--out", out)
        else:
            spec.write_text(spec.read_text("utf-8").replace("back_title: Momentum Game!", "back_title: Momentum Game!!"), "utf-8")
            result = run_cli("build", spec, "--paper", "letter", "--out", out)
        assert result.exit_code == 0 and f"built {GAME}:" in result.output, (change, result.output)


def test_a_changed_label_rewrites_only_the_files_whose_bytes_changed(run_cli: Callable[..., Result], spec: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert run_cli("build", spec, "--paper", "letter", "--out", out).exit_code == 0
    old, before = digests(out / GAME), stats(out / GAME)
    spec.write_text(spec.read_text("utf-8").replace("label: Push Left", "label: Push Leftward"), "utf-8")
    assert run_cli("build", spec, "--paper", "letter", "--out", out).exit_code == 0
    new, after = digests(out / GAME), stats(out / GAME)
    assert set(new) == set(old)
    changed = {p for p in new if new[p] != old[p]}
    assert "momentum-game-cards-letter.pdf" in changed and "manifest.json" in changed
    assert "momentum-game-board-letter.pdf" not in changed and "calibration-letter-long-edge.pdf" not in changed
    assert {p for p in new if after[p] != before[p]} == changed  # a file keeps its inode and mtime unless its bytes changed
    fresh = tmp_path / "fresh"
    assert run_cli("build", spec, "--paper", "letter", "--out", fresh).exit_code == 0
    assert digests(fresh / GAME) == new  # the same kit as a build from nothing


def test_the_cache_gives_the_bytes_of_a_fresh_build_and_is_safe_to_delete(run_cli: Callable[..., Result], spec: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KITPRESS_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(preflight, "_LINTED", {})
    kits = []
    for name in ("cold", "warm", "deleted", "off"):
        if name == "deleted":
            shutil.rmtree(tmp_path / "cache")
            monkeypatch.setattr(preflight, "_LINTED", {})
        if name == "off":
            monkeypatch.setenv("KITPRESS_CACHE", "off")
            monkeypatch.setattr(preflight, "_LINTED", {})
        assert run_cli("build", spec, "--paper", "letter", "--out", tmp_path / name).exit_code == 0
        kits.append(digests(tmp_path / name / GAME))
        if name == "cold":
            assert {"preflight", "sheets", "file-checks"} <= {p.name for p in (tmp_path / "cache").iterdir()}
    assert kits[0] == kits[1] == kits[2] == kits[3]


def test_a_damaged_sheet_entry_is_drawn_again(run_cli: Callable[..., Result], spec: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KITPRESS_CACHE_DIR", str(tmp_path / "cache"))
    assert run_cli("build", spec, "--paper", "letter", "--out", tmp_path / "a").exit_code == 0
    for entry in (tmp_path / "cache" / "sheets").iterdir():
        data = bytearray(entry.read_bytes())
        data[len(data) // 2] ^= 0xFF
        entry.write_bytes(bytes(data))
    assert run_cli("build", spec, "--paper", "letter", "--out", tmp_path / "b").exit_code == 0
    assert digests(tmp_path / "a" / GAME) == digests(tmp_path / "b" / GAME)


@pytest.mark.parametrize("game", ["momentum-game", "integer-matrix"])  # colour pairs declared; guessed from the art
def test_the_preflight_job_by_job_is_the_preflight_of_all_jobs(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KITPRESS_CACHE", "off")
    monkeypatch.setattr(preflight, "_LINTED", {})
    loaded = load_spec(game)
    jobs = build._render_jobs(loaded)
    for ink in ("full", "low"):
        inked = preflight.inked(jobs, ink)
        assert preflight.checked(loaded, inked) == lint_jobs(loaded, inked), ink


def test_a_changed_job_is_measured_again_and_the_others_read_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KITPRESS_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(preflight, "_LINTED", {})
    loaded = load_spec(GAME)
    jobs = build._render_jobs(loaded)
    measured: list[str] = []
    from kitpress.lint import core

    original = core._check_job

    def counting(game: str, job: object, **kwargs: bool) -> list[object]:
        measured.append(job.name)  # type: ignore[attr-defined]
        return original(game, job, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(core, "_check_job", counting)
    first = preflight.checked(loaded, jobs)
    assert sorted(measured) == sorted(j.name for j in jobs)
    monkeypatch.setattr(preflight, "_LINTED", {})  # a new process: only the disk cache is left
    measured.clear()
    svg = jobs[0].fronts[0].svg  # every copy of that face, so the copies still print alike
    changed = [replace(jobs[0], fronts=tuple(replace(a, svg=a.svg.replace("</svg>", "<!-- x --></svg>")) if a.svg == svg else a for a in jobs[0].fronts)), *jobs[1:]]
    assert preflight.checked(loaded, changed) == first
    assert measured == [jobs[0].name]


def test_the_quick_answer_names_the_games_as_the_packs_do() -> None:
    """kits_in_place names kitpress's own games from their entry points, without importing a pack: each
    must ship specs/<entry point name>.yaml, and the entry-point group must be the packs'."""
    from importlib.metadata import entry_points

    from kitpress import fingerprint, packs
    from kitpress.resources import specs_dir

    assert fingerprint.GAME_ENTRY_POINTS == packs.ENTRY_POINTS
    own = {p.name for p in entry_points(group=packs.ENTRY_POINTS) if p.dist is not None and p.dist.name.lower() == "kitpress"}
    assert own and {name: specs_dir() / f"{name}.yaml" for name in own} == {k: v for k, v in packs.shipped_specs().items() if k in own}
    assert fingerprint._code_digest([]) == fingerprint.code_hash()  # no other distribution's pack here


@pytest.mark.parametrize("only", [[], ["--only", "board"]], ids=["whole", "only"])
def test_a_fifo_where_a_kit_file_was_does_not_hang_the_rebuild(run_cli: Callable[..., Result], spec: Path, tmp_path: Path, only: list[str]) -> None:
    """The previous kit's files are read to compare (or keep) them: a FIFO in one's place must not block."""
    out = tmp_path / "out"
    assert run_cli("build", spec, "--paper", "letter", "--out", out).exit_code == 0
    tokens = out / GAME / "momentum-game-tokens-letter.pdf"
    tokens.unlink()
    os.mkfifo(tokens)
    spec.write_text(spec.read_text("utf-8").replace("caption: ", "caption: A ", 1), "utf-8")
    done = subprocess.run([str(Path(sys.executable).with_name("kitpress")), "build", str(spec), "--paper", "letter", "--out", str(out), *only], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert not tokens.exists() or tokens.is_file()


def test_low_ink_art_is_the_same_whatever_was_typeset_before(monkeypatch: pytest.MonkeyPatch) -> None:
    """WeasyPrint takes ElementTree's default namespace prefix when it typesets a book; the low-ink art
    must come out the same bytes all the same, and WeasyPrint's own map must be left as it was."""
    import xml.etree.ElementTree as ET

    monkeypatch.setenv("KITPRESS_CACHE", "off")
    jobs = build._render_jobs(load_spec(GAME))
    first = preflight.inked(jobs, "low")
    import weasyprint.pdf.metadata  # noqa: F401  (registers its namespaces, as typesetting a book does)

    before = dict(ET._namespace_map)
    again = preflight.inked(jobs, "low")
    assert dict(ET._namespace_map) == before
    assert [a.svg for j in again for a in j.fronts] == [a.svg for j in first for a in j.fronts]
    assert all(a.svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"') for j in again for a in j.fronts)


def test_a_changed_face_is_measured_again_and_its_deck_read_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """One card's art changed: the preflight measures that card's face alone (lint.measure), reads
    every other face of the deck back from the cache, and finds what a preflight from nothing finds."""
    from kitpress.lint import measure as measuring

    monkeypatch.setenv("KITPRESS_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(preflight, "_LINTED", {})
    monkeypatch.setattr(preflight, "_MEASURED", {})
    loaded = load_spec(GAME)
    jobs = build._render_jobs(loaded)
    preflight.checked(loaded, jobs)
    measured: list[str] = []
    original = measuring.measure

    def counting(job: object, arts: list[object], *args: object) -> object:
        measured.extend(a.name for a in arts)  # type: ignore[attr-defined]
        return original(job, arts, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(measuring, "measure", counting)
    monkeypatch.setattr(preflight, "_LINTED", {})  # a new process: only the disk cache is left
    monkeypatch.setattr(preflight, "_MEASURED", {})
    deck = next(j for j in jobs if j.kind == "cards")
    card = deck.fronts[0]
    changed_deck = replace(deck, fronts=tuple(replace(a, svg=a.svg.replace("</svg>", "<!-- x --></svg>")) if a.svg == card.svg else a for a in deck.fronts))
    changed = [changed_deck if j is deck else j for j in jobs]
    found = preflight.checked(loaded, changed)
    assert measured == [card.name]
    monkeypatch.setenv("KITPRESS_CACHE", "off")
    monkeypatch.setattr(preflight, "_LINTED", {})
    monkeypatch.setattr(preflight, "_MEASURED", {})
    assert found == lint_jobs(loaded, changed)
