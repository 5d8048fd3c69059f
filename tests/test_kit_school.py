"""A school in seconds (issue 28, point 9), the parts a test can check without a clock (the times are
bench/kit_speed.py's): a school's sets are packed as a repeated pattern, whose sheets are those of one
block of sets again and again; and `kit` run again with nothing changed writes nothing and says so,
while a changed option, a changed spec or a file gone from the kit folder builds it again."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from kitpress.build import set_jobs
from kitpress.classkit import KIT_FOLDER
from kitpress.classkit.classpack import BLOCK_SETS, EXACT_SETS, class_pages, pack_sets
from kitpress.commands.kit import command as kit_command
from kitpress.pieces import PrintJob
from kitpress.sheets.presets import Preset
from kitpress.spec.load import load_spec

ROOT = Path(__file__).resolve().parents[1]
GAME = "momentum-game"
UNCHANGED = "classroom kit unchanged"


def _shared_job(game: str) -> PrintJob:
    """The game's file of single-sided pieces to cut that the class kit packs across sets."""
    _, layout = set_jobs(load_spec(game), Preset("letter"))
    assert layout.shared is not None
    return layout.shared


def _placed(pages: list) -> int:
    return sum(len(page.sheet.placements) for page in pages)


@pytest.mark.parametrize("game", ["momentum-game", "newtonian-rummy"])
def test_a_school_of_sets_repeats_one_block_of_sets(game: str) -> None:
    job = _shared_job(game)
    preset = Preset("letter")
    at_once = {n: class_pages(job, n, preset) for n in range(1, BLOCK_SETS + 1)}  # n sets packed all at once
    for sets in (EXACT_SETS + 1, 41, 140):
        packing = pack_sets(job, sets, preset)
        assert 1 <= packing.block_sets <= BLOCK_SETS and packing.sets == sets
        # the block is what packing that many sets at once gives, page for page
        assert list(packing.block) == at_once[packing.block_sets]
        assert packing.pages == [*packing.block * packing.repeats, *packing.rest]
        assert _placed(packing.pages) == sets * len(job.fronts), "every piece of every set, once"
        if packing.rest_sets:
            assert list(packing.rest) == at_once[packing.rest_sets]
        # no block of up to BLOCK_SETS sets, repeated, needs fewer sheets
        for n in range(1, BLOCK_SETS + 1):
            repeated = len(at_once[n]) * (sets // n) + (len(at_once[sets % n]) if sets % n else 0)
            assert len(packing.pages) <= repeated


def test_sets_that_fill_their_sheets_repeat_exactly() -> None:
    """A block whose sheets are full: k blocks take k times its sheets, and a class up to EXACT_SETS
    sets is packed all at once, as before (the class kit of 28 keeps its sheets)."""
    job = _shared_job("newtonian-rummy")
    preset = Preset("letter")
    one = len(class_pages(job, 2, preset))
    for k in (10, 25):
        packing = pack_sets(job, 2 * k, preset)
        assert len(packing.pages) == k * one
    small = pack_sets(job, EXACT_SETS, preset)
    assert (small.repeats, small.rest) == (1, ()) and list(small.block) == class_pages(job, EXACT_SETS, preset)


# --- a kit run again ---------------------------------------------------------------------------


def run_kit(*args: object) -> Result:
    return CliRunner().invoke(kit_command, [str(a) for a in args], catch_exceptions=False)


def _times(out: Path) -> dict[str, int]:
    """Every file below OUT and when it was last written."""
    found = {}
    for top, _, names in os.walk(out):
        for name in names:
            path = Path(top) / name
            found[path.relative_to(out).as_posix()] = path.stat().st_mtime_ns
    return found


def test_a_kit_run_again_with_nothing_changed_writes_nothing(tmp_path: Path) -> None:
    out = tmp_path / "out"
    args = ("--games", GAME, "--class-size", 4, "--out", out)
    first = run_kit(*args)
    assert first.exit_code == 0, first.output
    assert UNCHANGED not in first.output
    before = _times(out)
    again = run_kit(*args)
    assert again.exit_code == 0, again.output
    assert again.output.strip() == f"{UNCHANGED}: {out / KIT_FOLDER}"
    assert _times(out) == before, "nothing written"

    # Another class size: built again.
    other = run_kit("--games", GAME, "--class-size", 6, "--out", out)
    assert other.exit_code == 0 and UNCHANGED not in other.output and "kit for a class of 6" in other.output
    assert UNCHANGED in run_kit("--games", GAME, "--class-size", 6, "--out", out).output

    # A file gone from the kit folder, or one changed in place: built again, and whole.
    guide = out / KIT_FOLDER / "teacher-guide.pdf"
    kept = guide.read_bytes()
    guide.unlink()
    rebuilt = run_kit("--games", GAME, "--class-size", 6, "--out", out)
    assert rebuilt.exit_code == 0 and UNCHANGED not in rebuilt.output and guide.read_bytes() == kept
    data = bytearray(kept)
    data[-10] ^= 0xFF
    guide.write_bytes(bytes(data))  # the same size
    assert UNCHANGED not in run_kit("--games", GAME, "--class-size", 6, "--out", out).output
    assert guide.read_bytes() == kept

    # --force assembles again even so.
    assert UNCHANGED not in run_kit("--games", GAME, "--class-size", 6, "--out", out, "--force").output


def test_a_changed_spec_builds_the_kit_again(tmp_path: Path) -> None:
    spec = tmp_path / f"{GAME}.yaml"
    spec.write_bytes((ROOT / "specs" / f"{GAME}.yaml").read_bytes())
    out = tmp_path / "out"
    args = ("--games", spec, "--class-size", 2, "--out", out)
    assert run_kit(*args).exit_code == 0
    assert UNCHANGED in run_kit(*args).output
    spec.write_bytes(spec.read_bytes() + b"\n# a comment changes the file, so the kit is built again\n")
    again = run_kit(*args)
    assert again.exit_code == 0 and UNCHANGED not in again.output
    assert UNCHANGED in run_kit(*args).output
