"""A class kit run again with nothing changed is not built again: "classroom kit unchanged".

Nothing changed means: the same inputs (every option of the command, the printer profile's record, each
game's spec file, kitpress's code as `fingerprint` hashes it for `build`, kitpress's version, and what
ReportLab reads from the environment, `SOURCE_DATE_EPOCH` and `RL_*`), and the kit on disk is still the
one kitpress wrote for them. The inputs' hash is written last, after the kit folder and its top-level
files, into `OUT/.classroom-kit-builds/kit-inputs.json` with the SHA-256 of the kit folder's manifest and
of the zip and `OUT/index.html`; the check reads every file of the kit folder again and compares it with
the manifest's size and SHA-256 (a 280-student kit is a few tens of MB: a fraction of a second), finds
nothing else in the folder and no link, and compares the two top-level files. A kill at any point leaves
either the previous stamp, which no longer matches the folder's manifest, or the new one after
everything it names. Nothing is read from kitpress's cache folder.

Light: imported by the command before any renderer or game pack.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from dataclasses import dataclass
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

from kitpress.classkit import KIT_FOLDER

STAMP = "kit-inputs.json"
MANIFEST = "manifest.json"  # outfolder.MANIFEST, named here so that the check imports nothing heavy
TOP_FILES = (f"{KIT_FOLDER}.zip", "index.html")


@dataclass(frozen=True)
class KitInputs:
    """What a kit was asked to be built from: its hash, and the spec files it hashed (the kit records
    the hash only when those are the very files it loaded)."""

    digest: str
    specs: tuple[Path, ...]


def spec_files(games: list[str]) -> list[Path] | None:
    """The spec file of each game as named (every bundled game when none is), found without importing a
    game pack, or None when that cannot be told this way (the kit is then simply built)."""
    from kitpress.fingerprint import GAME_ENTRY_POINTS
    from kitpress.resources import specs_dir

    points = entry_points(group=GAME_ENTRY_POINTS)
    bundled = {p.name: specs_dir() / f"{p.name}.yaml" for p in points}
    files = [bundled.get(game, Path(game)) for game in games or sorted(bundled)]
    return files if files and all(f.is_file() for f in files) else None


def kit_inputs(specs: list[Path], settings: dict[str, Any]) -> KitInputs:
    """The hash of everything a kit's bytes depend on; `settings`: the command's options as given and as
    resolved (flip, back offset, the printer profile's record)."""
    from kitpress import __version__
    from kitpress.fingerprint import quick_code_hash

    digest = hashlib.sha256()
    environment = sorted((k, v) for k, v in os.environ.items() if k == "SOURCE_DATE_EPOCH" or k.startswith("RL_"))
    digest.update(json.dumps({"kitpress": __version__, "settings": settings, "environment": environment}, sort_keys=True, default=str).encode())
    for spec in specs:
        data = spec.read_bytes()
        digest.update(f"{len(data)}:".encode() + data)
    digest.update(quick_code_hash().encode())
    return KitInputs(digest.hexdigest(), tuple(specs))


def _stamp_path(out_dir: Path) -> Path:
    return out_dir / f".{KIT_FOLDER}-builds" / STAMP


def _sha256(path: Path) -> str | None:
    """The SHA-256 of a regular file, never read through a link (None for anything else)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError:
        return None
    with os.fdopen(fd, "rb") as handle:
        if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
            return None
        digest = hashlib.sha256()
        while chunk := handle.read(1 << 20):
            digest.update(chunk)
        return digest.hexdigest()


def record_inputs(out_dir: Path, inputs: KitInputs) -> None:
    """After the kit folder and its top-level files are written (OUT's lock held): what they were built from."""
    from kitpress.atomic import write_bytes

    folder = out_dir / KIT_FOLDER
    body = {
        "inputs": inputs.digest,
        "manifest": _sha256(folder / MANIFEST),
        "top": {name: _sha256(out_dir / name) for name in TOP_FILES},
    }
    write_bytes(_stamp_path(out_dir), (json.dumps(body, indent=2, sort_keys=True) + "\n").encode())


def in_place(out_dir: Path, inputs: KitInputs) -> bool:
    """True when the kit in OUT was built from `inputs` and every file of it is as kitpress wrote it."""
    try:
        stamp_path = _stamp_path(out_dir)
        if stamp_path.parent.is_symlink() or stamp_path.is_symlink():
            return False  # never read through a link; the kit then refuses it at its line
        stamp = json.loads(stamp_path.read_text("utf-8"))
        if not isinstance(stamp, dict) or stamp.get("inputs") != inputs.digest or not isinstance(stamp.get("top"), dict):
            return False
        folder = out_dir / KIT_FOLDER
        if folder.is_symlink() or not folder.is_dir() or _sha256(folder / MANIFEST) != stamp.get("manifest"):
            return False
        listed = json.loads((folder / MANIFEST).read_bytes())["files"]
        expected = {str(e["path"]): (e["bytes"], e["sha256"]) for e in listed}
        found: set[str] = set()
        for top, dirs, names in os.walk(folder, followlinks=False):
            if any((Path(top) / name).is_symlink() for name in (*dirs, *names)):
                return False
            found.update((Path(top) / name).relative_to(folder).as_posix() for name in names)
        if found != {*expected, MANIFEST}:
            return False  # a file gone, or one kitpress did not write
        for rel, (size, sha) in expected.items():
            path = folder / rel
            if path.stat().st_size != size or _sha256(path) != sha:
                return False
        return set(stamp["top"]) == set(TOP_FILES) and all(_sha256(out_dir / name) == sha for name, sha in stamp["top"].items())
    except (OSError, ValueError, KeyError, TypeError):
        return False
