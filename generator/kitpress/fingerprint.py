"""What a kit was built from, as one hash: the spec's bytes, the options, and kitpress's own code,
templates and fonts. A kit whose manifest records the same hash, with every file still in place, is
up to date and is not built again."""

from __future__ import annotations

import functools
import hashlib
import json
from pathlib import Path
from typing import Any

import kitpress
from kitpress.outfolder import is_link
from kitpress.resources import templates_dir


@functools.cache
def _code_hash() -> str:
    """Every file kitpress renders with: its modules, templates and fonts (a changed template rebuilds)."""
    digest = hashlib.sha256()
    roots = [Path(kitpress.__file__).parent, templates_dir()]
    for root in roots:
        for path in sorted(p for p in root.rglob("*") if p.is_file() and p.suffix in (".py", ".html", ".css", ".ttf")):
            digest.update(path.relative_to(root).as_posix().encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def inputs_hash(spec_file: Path, options: dict[str, Any]) -> str:
    digest = hashlib.sha256()
    digest.update(spec_file.read_bytes())
    digest.update(json.dumps(options, sort_keys=True, default=str).encode())
    digest.update(_code_hash().encode())
    return digest.hexdigest()


def up_to_date(folder: Path, inputs: str) -> bool:
    """True when the folder's manifest was built from these inputs and all its files are present."""
    if is_link(folder):
        return False  # never read a kit through a link; the build then refuses it at its line
    try:
        manifest = json.loads((folder / "manifest.json").read_text("utf-8"))
    except (OSError, ValueError):
        return False
    if not isinstance(manifest, dict) or manifest.get("inputs") != inputs or not isinstance(manifest.get("files"), list):
        return False  # a damaged manifest means: build again
    for entry in manifest["files"]:
        if not isinstance(entry, dict):
            return False
        path = folder / str(entry.get("path", ""))
        if is_link(path) or not path.is_file() or path.stat().st_size != entry.get("bytes"):
            return False
    return True
