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
from kitpress.packs import pack_code, packs
from kitpress.resources import templates_dir


@functools.cache
def code_hash() -> str:
    """Every file kitpress renders with: its modules, templates and fonts (a changed template rebuilds), and
    the modules of every game pack from another distribution."""
    digest = hashlib.sha256()
    own = Path(kitpress.__file__).parent
    # A game pack of another distribution renders with its own code: an edit to its rules or art rebuilds.
    # Its files are named from the folder it is installed in; kitpress's own keep the names they always had.
    others = sorted({code for pack in packs().values() if (code := pack_code(pack)) and code != own})
    trees = [(own, own), (templates_dir(), templates_dir()), *((code, code.parent) for code in others)]
    for root, base in trees:
        files = [root] if root.is_file() else sorted(p for p in root.rglob("*") if p.is_file() and p.suffix in (".py", ".html", ".css", ".ttf"))
        for path in files:
            digest.update(path.relative_to(base).as_posix().encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def inputs_hash(spec_file: Path, options: dict[str, Any]) -> str:
    digest = hashlib.sha256()
    digest.update(spec_file.read_bytes())
    digest.update(json.dumps(options, sort_keys=True, default=str).encode())
    digest.update(code_hash().encode())
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
