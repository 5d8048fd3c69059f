"""Nothing half-written: every output goes through a temporary file in its own folder and a rename, the
manifest is renamed last, and a build killed part-way leaves the previous kit whole and readable.

Builds run in a subprocess through a small driver that wraps `os.replace` inside kitpress.atomic: it
can log every rename, or stop before the k-th rename and wait. The test then looks at the folder while
the build is stopped and kills it with SIGKILL, so the kill lands at the same point on every run.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).resolve().parent
BASE = HERE / "malformed" / "base" / "momentum-game.yaml"
GAME = "momentum-game"
DRIVER = r"""
import json, os, sys, types
import kitpress.atomic as atomic

real = os
record = os.environ.get("KP_RECORD", "")
pause_at = int(os.environ.get("KP_PAUSE_AT", "0"))
calls = 0


class Spy(types.ModuleType):
    def __getattr__(self, name):
        return getattr(real, name)

    def replace(self, src, dst):
        global calls
        if real.path.basename(dst) == ".kitpress-journal.json":  # OUT's journal, not a file of the kit
            return real.replace(src, dst)
        calls += 1
        if record:
            with open(record, "a", encoding="utf-8") as log:
                log.write(json.dumps([str(src), str(dst), real.path.getsize(src)]) + "\n")
        if calls == pause_at:
            sys.stdout.write(f"PAUSED {dst}\n")
            sys.stdout.flush()
            sys.stdin.read()  # wait here until the test kills us
        real.replace(src, dst)


atomic.os = Spy("os")
from kitpress.cli import main

main(sys.argv[1:], prog_name="kitpress")
"""


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def driver(args: list[str], cwd: Path, **env: str) -> subprocess.Popen[str]:
    """`kitpress ARGS` in a subprocess, with the rename spy in place."""
    return subprocess.Popen(
        [sys.executable, "-c", DRIVER, *args],
        cwd=cwd,
        env={**os.environ, **env},
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def build_args(spec: Path, out: Path) -> list[str]:
    return ["build", str(spec), "--paper", "letter", "--out", str(out), "--force"]


def assert_kit_whole(kit: Path) -> dict[str, Any]:
    """The manifest parses and every file it lists is there with its size and SHA-256."""
    manifest = json.loads((kit / "manifest.json").read_text(encoding="utf-8"))
    for entry in manifest["files"]:
        path = kit / entry["path"]
        assert path.is_file(), f"{entry['path']} is listed but missing"
        assert path.stat().st_size == entry["bytes"], f"{entry['path']}: size differs from the manifest"
        assert sha256(path) == entry["sha256"], f"{entry['path']}: not the file the manifest lists"
    return dict(manifest)


def leftovers(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.name.endswith(".tmp"))


@dataclass(frozen=True)
class PreviousKit:
    out: Path  # the --out folder; the kit is out / GAME
    renames: list[tuple[str, str, int]]  # (temporary file, destination, bytes) in order
    manifest: bytes


@pytest.fixture(scope="module")
def previous_kit(tmp_path_factory: pytest.TempPathFactory) -> PreviousKit:
    """Last term's kit: a spec with other texts, so that its files differ from a build of BASE."""
    work = tmp_path_factory.mktemp("previous")
    text = BASE.read_text(encoding="utf-8")
    for old, new in [("title: Momentum Game!", "title: Momentum Game! (last term)"), ("label: Push Right", "label: Shove Right"),
                     ("label: Push Left", "label: Shove Left"), ("back_title: Momentum Game!", "back_title: Momentum!")]:  # fmt: skip
        assert old in text
        text = text.replace(old, new)
    spec = work / "last-term.yaml"
    spec.write_text(text, encoding="utf-8")
    log = work / "renames.jsonl"
    proc = driver(build_args(spec, work / "out"), work, KP_RECORD=str(log))
    stdout, stderr = proc.communicate(timeout=600)
    assert proc.returncode == 0, stdout + stderr
    renames = [tuple(json.loads(line)) for line in log.read_text(encoding="utf-8").splitlines()]
    return PreviousKit(work / "out", renames, (work / "out" / GAME / "manifest.json").read_bytes())  # type: ignore[arg-type]


def test_every_file_is_renamed_into_place_from_a_temporary_file_beside_it(previous_kit: PreviousKit) -> None:
    """Files are renamed into a staging folder beside the kit, which then replaces the kit whole."""
    kit = previous_kit.out / GAME
    stagings = {Path(dst).relative_to(previous_kit.out).parts[0] for _, dst, _ in previous_kit.renames}
    assert len(stagings) == 1 and next(iter(stagings)).startswith(f".{GAME}.staging-"), stagings
    staging = previous_kit.out / stagings.pop()
    written = set()
    for tmp, dst, size in previous_kit.renames:
        tmp_path, dst_path = Path(tmp), Path(dst)
        assert tmp_path.parent == dst_path.parent, f"{tmp} is not in the folder of {dst}"
        assert tmp_path.name.startswith(f".{dst_path.name}.") and tmp_path.name.endswith(".tmp"), tmp
        rel = dst_path.relative_to(staging)
        assert (kit / rel).stat().st_size == size, f"{rel} is not the file that was renamed into place"
        written.add(str(rel))
    on_disk = {str(p.relative_to(kit)) for p in kit.rglob("*") if p.is_file()}
    assert on_disk == written, "every file of the kit arrives by a rename, and only once"
    assert len(written) == len(previous_kit.renames)


def test_the_manifest_is_written_last(previous_kit: PreviousKit) -> None:
    assert Path(previous_kit.renames[-1][1]).name == "manifest.json"


def test_a_build_leaves_no_temporary_files_and_a_whole_kit(previous_kit: PreviousKit) -> None:
    assert leftovers(previous_kit.out) == []
    manifest = assert_kit_whole(previous_kit.out / GAME)
    kit = previous_kit.out / GAME
    listed = {e["path"] for e in manifest["files"]} | {"manifest.json"}
    assert listed == {str(p.relative_to(kit)) for p in kit.rglob("*") if p.is_file()}


HALF_WRITTEN = (
    "write_kit renames new files over the old ones one by one and the manifest last: killed in between, the "
    "folder mixes new files with the old manifest, whose checksums no longer match. Fix in build.write_kit: "
    "write the whole kit into a sibling staging folder and swap it in with one rename."
)


@pytest.mark.parametrize(
    "point",
    [
        pytest.param("before-the-first-file", id="before-the-first-file"),
        pytest.param("halfway", id="halfway"),
        pytest.param("before-the-manifest", id="before-the-manifest"),
    ],
)  # fmt: skip
def test_a_killed_build_leaves_the_previous_kit_intact(
    previous_kit: PreviousKit, tmp_path: Path, point: str
) -> None:
    out = tmp_path / "out"
    shutil.copytree(previous_kit.out, out)
    kit = out / GAME
    count = len(previous_kit.renames)  # this build writes the same files: the same number of renames
    pause_at = {"before-the-first-file": 1, "halfway": count // 2, "before-the-manifest": count}[point]
    proc = driver(build_args(BASE, out), tmp_path, KP_PAUSE_AT=str(pause_at))
    try:
        assert proc.stdout is not None
        said = proc.stdout.readline()
        assert said.startswith("PAUSED "), f"the build did not stop at rename {pause_at}: {said!r}"
        if point == "before-the-manifest":
            assert said.strip().endswith("manifest.json")
        assert (kit / "manifest.json").read_bytes() == previous_kit.manifest, (
            "the manifest is not rewritten yet"
        )
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.communicate(timeout=60)
    assert proc.returncode == -signal.SIGKILL
    assert (kit / "manifest.json").read_bytes() == previous_kit.manifest
    assert_kit_whole(kit)


def test_the_next_build_clears_what_a_killed_build_left(previous_kit: PreviousKit, tmp_path: Path) -> None:
    out = tmp_path / "out"
    shutil.copytree(previous_kit.out, out)
    kit = out / GAME
    # What SIGKILL leaves between mkstemp and os.replace in atomic.write_bytes.
    (kit / ".manifest.json.k1ll3d.tmp").write_bytes(b'{"game": "momentum-game", "fi')
    (kit / "svg" / ".board-board.svg.k1ll3d.tmp").write_bytes(b"<svg")
    proc = driver(build_args(BASE, out), tmp_path)
    stdout, stderr = proc.communicate(timeout=600)
    assert proc.returncode == 0, stdout + stderr
    assert_kit_whole(kit)
    assert leftovers(out) == []


@pytest.mark.parametrize("manifest", ["[]", "null"], ids=["list", "null"])
def test_a_build_over_a_damaged_manifest_rebuilds(tmp_path: Path, manifest: str) -> None:
    kit = tmp_path / "out" / GAME
    kit.mkdir(parents=True)
    (kit / "manifest.json").write_text(manifest, encoding="utf-8")
    proc = driver(["build", str(BASE), "--paper", "letter", "--out", str(tmp_path / "out")], tmp_path)
    _, stderr = proc.communicate(timeout=600)
    assert "Traceback" not in stderr, stderr
    assert proc.returncode == 0, stderr
    assert_kit_whole(kit)
