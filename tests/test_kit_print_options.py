"""The class kit takes every print option of `build`, a variant per game and a saved printer profile
(issue 19, points 1 and 2). One small kit of Momentum Game! is built with a profile, a variant and low
ink; the other options are checked where they are decided, without a build each."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result
from pypdf import PdfReader

from kitpress import printer
from kitpress.classkit import KIT_FOLDER

GAME = "momentum-game"


@pytest.fixture
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "config").mkdir(mode=0o700)
    shutil.copy2(printer.config_dir() / "cache-key", tmp_path / "config")  # the run's cache stays this test's
    monkeypatch.setenv(printer.CONFIG_ENV, str(tmp_path / "config"))
    return tmp_path / "config"


def test_setup_writes_the_calibration_page_and_saves_the_readings(run_cli: Callable[..., Result], config: Path, tmp_path: Path) -> None:
    page = tmp_path / "calibration.pdf"
    result = run_cli("printer", "setup", "office", "--page", page, "--x", "1.5", "--y", "-0.5", "--line", "100.2")
    assert result.exit_code == 0, result.output
    text = " ".join(" ".join(p.extract_text() for p in PdfReader(str(page)).pages).split())
    assert "this line must measure 100 mm" in text and "--back-offset 0,0" in text
    assert "saved printer office: back offset -1.5,0.5 mm" in result.output
    saved = printer.load("office")
    assert (saved.duplex, saved.back_offset_mm, saved.line_mm, saved.scaled) == ("long-edge", (-1.5, 0.5), 100.2, False)
    assert (config / "printers" / "office.toml").is_file()
    # Checked again: the page is made with the saved offset, and the new reading corrects it.
    result = run_cli("printer", "setup", "office", "--page", page, "--x", "0.5", "--y", "0", "--line", "100")
    assert "--back-offset -1.5,0.5" in " ".join(PdfReader(str(page)).pages[0].extract_text().split())
    assert printer.load("office").back_offset_mm == (-2.0, 0.5)
    assert "office: back offset -2,0.5 mm, long-edge flip" in run_cli("printer", "list").output


def test_setup_asks_for_the_readings_and_warns_of_a_scaled_print(config: Path, tmp_path: Path) -> None:
    from click.testing import CliRunner

    from kitpress.cli import main

    result = CliRunner().invoke(main, ["printer", "setup", "lab", "--page", str(tmp_path / "c.pdf")], input="2\n1\n97\n")
    assert result.exit_code == 0, result.output
    assert "X: where the back's upright line crosses" in result.output
    assert printer.load("lab").back_offset_mm == (-2.0, -1.0)
    assert "the 100 mm line measured 97 mm" in result.output  # a warning on stderr, and saved


@pytest.mark.parametrize(
    ("toml", "message"),
    [
        ('duplex = "long-edge"\nback_offset_mm = [1, 2\n', "office.toml:2: not a readable TOML file"),
        ('duplex = "sideways"\nback_offset_mm = [1, 2]\n', "office.toml:1: duplex: expected one of long-edge, short-edge, manual, not 'sideways'"),
        ('duplex = "long-edge"\n\nback_offset_mm = [1, 40]\n', "office.toml:3: back_offset_mm: a back offset beyond 20 mm"),
        ('duplex = "long-edge"\nback_offset_mm = ["a", 2]\n', "office.toml:2: back_offset_mm: expected two numbers"),
        ('duplex = "long-edge"\nback_offset_mm = [1, 2]\ncolour = 3\n', "office.toml:3: colour: not a key of a printer profile"),
    ],
)  # fmt: skip
def test_a_bad_profile_file_is_one_located_line(run_cli: Callable[..., Result], config: Path, tmp_path: Path, toml: str, message: str) -> None:
    (config / "printers").mkdir(parents=True)
    (config / "printers" / "office.toml").write_text(toml, "utf-8")
    result = run_cli("kit", "--games", GAME, "--class-size", "4", "--printer", "office", "--out", tmp_path / "out")
    assert result.exit_code == 2
    assert message in result.output and "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--printer", "nobody"], "no printer profile 'nobody'"),
        (["--printer", "office", "--back-offset", "1,1"], "give one of --printer and --back-offset"),
        (["--printer", "office", "--duplex", "short-edge"], "was calibrated for --duplex long-edge, not short-edge"),
        (["--back-offset", "1"], "expected X,Y in millimetres"),
        (["--variant", "momentum"], "expected GAME=VARIANT"),
        (["--variant", "momentum=thirty-rounds"], "momentum is not one of the kit's games"),
        (["--variant", f"{GAME}=no-such"], "no-such"),
        (["--layout", "1up"], "'1up' is not one of '9up', '8up'"),
    ],
)  # fmt: skip
def test_bad_print_options_exit_2_before_building(run_cli: Callable[..., Result], config: Path, tmp_path: Path, args: list[str], message: str) -> None:
    printer.save(printer.Profile("office", "letter", "long-edge", (1.0, 0.0), 100.0))
    result = run_cli("kit", "--games", GAME, "--class-size", "4", *args, "--out", tmp_path / "out")
    assert result.exit_code == 2, result.output
    assert message in result.output and "Traceback" not in result.output
    assert not (tmp_path / "out" / KIT_FOLDER).exists()


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    """Momentum Game! for 6 students with a saved profile, a variant and low ink."""
    from click.testing import CliRunner

    from kitpress.cli import main

    printer.save(printer.Profile("art-room", "letter", "long-edge", (1.5, -0.5), 100.0))  # the session's config folder
    out = tmp_path_factory.mktemp("kit-options")
    args = ["kit", "--games", GAME, "--class-size", "6", "--printer", "art-room", "--variant", f"{GAME}=once-per-chain", "--ink", "low", "--out", str(out)]
    result = CliRunner().invoke(main, args, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return out, json.loads((out / KIT_FOLDER / "kit.json").read_text("utf-8"))


def test_the_kit_builds_with_a_profile_a_variant_and_low_ink(kit: tuple[Path, dict[str, Any]]) -> None:
    out, data = kit
    record = {"name": "art-room", "duplex": "long-edge", "back_offset_mm": [1.5, -0.5], "line_mm": 100.0}
    assert data["printer"] == record
    (game,) = data["games"]
    assert (game["variant"], game["title"]) == ("once-per-chain", "Momentum Game! (One double move per streak chain)")
    cards = next(i for i in game["print"] if i["kind"] == "cards")
    assert cards["path"] == f"{GAME}/{GAME}-cards-letter-low-ink.pdf"
    built = out / f".{KIT_FOLDER}-builds" / "letter" / f"{GAME}--once-per-chain"
    manifest = json.loads((built / "manifest.json").read_text("utf-8"))
    assert (manifest["printer"], manifest["variant"]) == (record, "once-per-chain")
    assert (out / KIT_FOLDER / cards["path"]).read_bytes() == (built / Path(cards["path"]).name).read_bytes()
    # The calibration page shows the offset in use, so a second print checks the profile.
    text = " ".join(PdfReader(str(built / "calibration-letter-long-edge.pdf")).pages[0].extract_text().split())
    assert "This page was made with --back-offset 1.5,-0.5" in text


def test_build_takes_the_printer_too(run_cli: Callable[..., Result], config: Path, tmp_path: Path) -> None:
    printer.save(printer.Profile("office", "letter", "short-edge", (0.5, 0.0), 100.0))
    result = run_cli("build", GAME, "--paper", "letter", "--printer", "office", "--only", "calibration", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    assert (tmp_path / GAME / "calibration-letter-short-edge.pdf").is_file()
    assert json.loads((tmp_path / GAME / "manifest.json").read_text("utf-8"))["printer"]["name"] == "office"


def test_without_duplex_the_kit_prints_the_backs_file(tmp_path: Path) -> None:
    from kitpress.stock import set_entries

    entries = [
        {"path": "g-cards-letter-none.pdf", "kind": "cards", "paper": "letter", "pages": 2, "duplex": "none"},
        {"path": "g-cards-backs-letter-none.pdf", "kind": "card-backs", "paper": "letter", "pages": 2},
    ]
    assert [e["path"] for e in set_entries(entries, "letter")] == ["g-cards-letter-none.pdf"]
    assert [e["path"] for e in set_entries(entries, "letter", with_backs=True)] == ["g-cards-letter-none.pdf", "g-cards-backs-letter-none.pdf"]


def test_the_kit_says_each_stage_unless_quiet(kit: tuple[Path, dict[str, Any]]) -> None:
    from click.testing import CliRunner

    from kitpress.cli import main

    out, _ = kit
    # --force: the module's kit was made with these very options, and would be left unchanged
    args = ["kit", "--games", GAME, "--class-size", "6", "--printer", "art-room", "--variant", f"{GAME}=once-per-chain", "--ink", "low", "--out", str(out), "--force"]
    said = CliRunner().invoke(main, args, catch_exceptions=False)
    assert said.exit_code == 0
    stages = [line for line in said.stderr.splitlines() if line.startswith("[")]
    assert any("merging the print jobs" in line for line in stages) and any("drawing the preview" in line for line in stages)
    assert "kit for a class of 6" in said.stdout
    quiet = CliRunner().invoke(main, [*args, "--quiet"], catch_exceptions=False)
    assert quiet.exit_code == 0 and quiet.output == ""


def test_setup_without_answers_saves_nothing(run_cli: Callable[..., Result], config: Path, tmp_path: Path) -> None:
    result = run_cli("printer", "setup", "office", "--page", tmp_path / "c.pdf", "--x", "1")  # stdin is empty
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "no readings given, so printer office was not saved" in result.output
    assert not (config / "printers" / "office.toml").exists()


def test_setup_can_send_the_page_to_the_printer(run_cli: Callable[..., Result], config: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bin_dir, calls = tmp_path / "bin", tmp_path / "lp-calls"
    bin_dir.mkdir()
    (bin_dir / "lp").write_text(f'#!/bin/sh\necho "$@" >> {calls}\n', "utf-8")
    (bin_dir / "lp").chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}:{os.environ['PATH']}")
    result = run_cli("printer", "setup", "office", "--page", tmp_path / "c.pdf", "--send", "--x", "0", "--y", "0", "--line", "100")
    assert result.exit_code == 0, result.output
    assert calls.read_text("utf-8").split() == ["-o", "sides=two-sided-long-edge", "-o", "fit-to-page=false", "-o", "print-scaling=none", str(tmp_path / "c.pdf")]


@pytest.mark.parametrize(("option", "value"), [("--x", "nan"), ("--y", "inf"), ("--x", "-25"), ("--line", "nan"), ("--line", "1e9")])
def test_setup_refuses_a_reading_no_profile_could_hold(run_cli: Callable[..., Result], config: Path, tmp_path: Path, option: str, value: str) -> None:
    """A NaN or far-off reading was saved into a profile that nothing, `setup` included, could read back."""
    readings = {"--x": "1", "--y": "0", "--line": "100", option: value}
    result = run_cli("printer", "setup", "office", "--page", tmp_path / "calibration.pdf", *(a for kv in readings.items() for a in kv))
    assert result.exit_code == 2
    assert f"Invalid value for '{option}': '{value}' is not a reading between" in result.output
    assert not (config / "printers" / "office.toml").exists()
    again = run_cli("printer", "setup", "office", "--page", tmp_path / "calibration.pdf", "--x", "1", "--y", "0", "--line", "100")
    assert again.exit_code == 0, again.output


@pytest.mark.parametrize("shape", ["nested", "folder", "fifo", "huge"])
def test_a_profile_of_the_wrong_shape_is_one_located_line(run_cli: Callable[..., Result], config: Path, tmp_path: Path, shape: str) -> None:
    """A profile nested thousands deep, a folder, a FIFO (never waited on) or a huge file: one line, exit 2."""
    folder = config / "printers"
    folder.mkdir(parents=True)
    path = folder / "office.toml"
    if shape == "nested":
        path.write_text('duplex = "long-edge"\nback_offset_mm = [1, 2]\nx = ' + "[" * 5000 + "]" * 5000 + "\n", "utf-8")
    elif shape == "folder":
        path.mkdir()
    elif shape == "fifo":
        os.mkfifo(path)
    else:
        path.write_text('duplex = "long-edge"\nback_offset_mm = [1, 2]\n' + "#" * 100_000 + "\n", "utf-8")
    for args in (("printer", "list"), ("build", GAME, "--printer", "office", "--out", tmp_path / "out")):
        result = run_cli(*args)
        assert result.exit_code == 2, result.output
        assert result.output.startswith(f"{path}:1: ") and len(result.output.strip().splitlines()) == 1, result.output
    assert not (tmp_path / "out").exists()
