"""Reproducible kits: the same spec gives byte-identical PDFs, SVGs, PNGs and manifest whatever the folder
it sits in, the working directory, the time zone or Python's hash seed.

Dates: kitpress prints no build date (the only date a reader sees is the spec's own `identity.date`).
The ReportLab PDFs carry /CreationDate and /ModDate: fixed at 2000-01-01 by invariant mode, or the time
SOURCE_DATE_EPOCH names when it is set (ReportLab honours it); the WeasyPrint booklet carries none.
So no file holds the day it was built, and SOURCE_DATE_EPOCH, where set, is the date every PDF holds.

The first Letter+A4 kit is the session's shared build (conftest.momentum_game_kit, from specs/); the
others are built by the `kitpress` command from copies of the spec in other folders. The manifest's
`inputs` hash covers kitpress's own source, which may change between two builds while the code is being
edited, so the kits are compared without it and the hash is checked on its own.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import os
import re
import shutil
import subprocess
import sys
import zlib
from collections.abc import Callable
from pathlib import Path

import pypdf
import pytest

import kitpress
from kitpress.fingerprint import inputs_hash
from kitpress.packs import shipped_specs

ROOT = Path(__file__).resolve().parents[1]
GAME = "momentum-game"  # for the option-heavy cases below
GAMES = tuple(shipped_specs())
KITPRESS = Path(sys.executable).with_name("kitpress")


SOURCE_DATE_EPOCH = "1234567890"  # 2009-02-13 23:31:30 UTC
EPOCH_STAMP = "D:20090213233130"


def without_inputs(manifest: bytes) -> bytes:
    return re.sub(rb'\n  "inputs": "[0-9a-f]*",', b"", manifest)


def files(kit: Path) -> dict[str, str]:
    out = {}
    for p in sorted(kit.rglob("*")):
        if p.is_file():
            data = without_inputs(p.read_bytes()) if p.name == "manifest.json" else p.read_bytes()
            out[str(p.relative_to(kit))] = hashlib.sha256(data).hexdigest()
    return out


def build_elsewhere(root: Path, *options: str, game: str = GAME, **env: str) -> Path:
    """Copy the spec into root/checkout/, build from root/cwd/ with the given environment; return the kit."""
    checkout, cwd = root / "checkout" / "specs", root / "cwd"
    checkout.mkdir(parents=True)
    cwd.mkdir()
    spec = checkout / f"{game}.yaml"
    shutil.copyfile(ROOT / "specs" / f"{game}.yaml", spec)
    out = root / "out"
    result = subprocess.run(
        [str(KITPRESS), "build", str(spec), "--out", str(out), *options],
        cwd=cwd,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return out / game


def assert_same(a: Path, b: Path) -> None:
    first, second = files(a), files(b)
    assert sorted(first) == sorted(second), "the two builds made different files"
    differ = [name for name in first if first[name] != second[name]]
    assert differ == [], f"not byte-identical: {differ}"




@pytest.fixture(scope="module")
def print_service_kits(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """Two 1-up builds (one PNG per card face and service) from two folders, with different hash seeds
    and time zones, both with SOURCE_DATE_EPOCH set."""
    one = build_elsewhere(
        tmp_path_factory.mktemp("one-up-a"),
        "--layout",
        "1up",
        "--paper",
        "letter",
        PYTHONHASHSEED="1",
        SOURCE_DATE_EPOCH=SOURCE_DATE_EPOCH,
    )
    two = build_elsewhere(
        tmp_path_factory.mktemp("one-up-b"),
        "--layout",
        "1up",
        "--paper",
        "letter",
        PYTHONHASHSEED="2",
        TZ="Asia/Kolkata",
        SOURCE_DATE_EPOCH=SOURCE_DATE_EPOCH,
    )
    return one, two


@pytest.mark.parametrize("game", GAMES)
def test_two_checkouts_give_byte_identical_kits(game: str, built_kit: Callable[[str], Path], tmp_path: Path) -> None:
    """Every game built twice — from another folder, working directory, time zone and hash seed —
    gives the same bytes in every file."""
    first = built_kit(game)
    kinds = {Path(name).suffix for name in files(first)}
    assert {".pdf", ".svg", ".json"} <= kinds
    # The second build makes the Letter files only (half the time); they must match the first's.
    second = build_elsewhere(tmp_path, "--paper", "letter", game=game, TZ="Pacific/Chatham", PYTHONHASHSEED="4242")
    letter = {name: digest for name, digest in files(first).items() if "-a4" not in name and name != "manifest.json"}
    again = {name: digest for name, digest in files(second).items() if name != "manifest.json"}
    assert letter == again


def test_the_inputs_hash_does_not_depend_on_the_folder(tmp_path: Path) -> None:
    options = {"presets": [{"paper": "letter"}], "variant": None}
    copies = []
    for folder in ("a", "b/c"):
        (tmp_path / folder).mkdir(parents=True)
        copies.append(Path(shutil.copy(ROOT / "specs" / f"{GAME}.yaml", tmp_path / folder / "spec.yaml")))
    assert inputs_hash(copies[0], options) == inputs_hash(copies[1], options)


def test_print_service_pngs_are_byte_identical(print_service_kits: tuple[Path, Path]) -> None:
    one, two = print_service_kits
    assert any(name.endswith(".png") for name in files(one)), "the 1-up build made no PNGs"
    assert_same(one, two)


# --- no dates, no paths ----------------------------------------------------------------------------


def plain_bytes(path: Path) -> bytes:
    """The file's bytes, and for a PDF also every Flate stream inflated (text and metadata hide there)."""
    data = path.read_bytes()
    if path.suffix != ".pdf":
        return data
    parts = [data]
    for match in re.finditer(rb"stream\r?\n", data):
        end = data.find(b"endstream", match.end())
        try:
            parts.append(zlib.decompressobj().decompress(data[match.end() : end]))
        except zlib.error:
            continue
    return b"\n".join(parts)


def png_chunks(data: bytes) -> list[bytes]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    chunks, at = [], 8
    while at < len(data):
        length = int.from_bytes(data[at : at + 4], "big")
        chunks.append(data[at + 4 : at + 8])
        at += 12 + length
    return chunks


def today_stamps() -> list[bytes]:
    days = {dt.date.today(), dt.datetime.now(dt.UTC).date()}
    out: list[bytes] = []
    for day in days:
        out += [
            f"D:{day:%Y%m%d}".encode(),
            day.isoformat().encode(),
            f"{day:%d %B %Y}".encode(),
            f"{day:%B %d, %Y}".encode(),
        ]
    return out


def test_no_file_holds_the_build_date_or_a_path(
    momentum_game_kit: Path, print_service_kits: tuple[Path, Path]
) -> None:
    package = str(Path(kitpress.__file__).resolve().parent).encode()
    kits = [momentum_game_kit, *print_service_kits]
    for kit in kits:
        local = [
            str(kit).encode(),
            str(kit.resolve()).encode(),
            package,
            str(ROOT).encode(),
            os.getcwd().encode(),
        ]
        for path in sorted(p for p in kit.rglob("*") if p.is_file()):
            blob = plain_bytes(path)
            for stamp in today_stamps():
                assert stamp not in blob, f"{path.name} holds today's date {stamp!r}"
            for where in local:
                assert where not in blob, f"{path.name} holds the path {where!r}"
            assert b"file:" not in blob, f"{path.name} holds a file: URL"
            if path.suffix == ".png":
                chunks = png_chunks(path.read_bytes())
                assert b"tIME" not in chunks, f"{path.name} records when it was written"


def pdf_dates(kit: Path) -> dict[str, list[str]]:
    out = {}
    for pdf in sorted(kit.rglob("*.pdf")):
        info = pypdf.PdfReader(pdf).metadata or {}
        out[str(pdf.relative_to(kit))] = [
            str(info[key]) for key in ("/CreationDate", "/ModDate") if key in info
        ]
    return out


def test_pdf_dates_are_not_the_build_date(momentum_game_kit: Path) -> None:
    today = {f"{d:%Y%m%d}" for d in (dt.date.today(), dt.datetime.now(dt.UTC).date())}
    dates = pdf_dates(momentum_game_kit)
    assert any(dates.values()), "no PDF holds a date: update this test"
    for name, values in dates.items():
        for value in values:
            if "SOURCE_DATE_EPOCH" in os.environ:
                epoch = dt.datetime.fromtimestamp(int(os.environ["SOURCE_DATE_EPOCH"]), dt.UTC)
                assert value.startswith(f"D:{epoch:%Y%m%d%H%M%S}"), f"{name}: {value}"
            else:
                assert not any(day in value for day in today), f"{name} holds the build date: {value}"


def test_source_date_epoch_is_the_date_every_dated_pdf_holds(print_service_kits: tuple[Path, Path]) -> None:
    dates = pdf_dates(print_service_kits[0])
    assert any(dates.values())
    for name, values in dates.items():
        for value in values:
            assert value.startswith(EPOCH_STAMP), (
                f"{name}: {value}, not SOURCE_DATE_EPOCH {SOURCE_DATE_EPOCH}"
            )
