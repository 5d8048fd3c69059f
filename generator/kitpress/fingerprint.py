"""What a kit was built from, as one hash: the spec's bytes, the options, and kitpress's own code,
templates and fonts. A kit whose manifest records the same hash, with every file still in place, is
up to date and is not built again; `kits_in_place` finds that out before any spec is loaded or any
renderer imported, so a build with nothing to do takes a fraction of a second."""

from __future__ import annotations

import functools
import hashlib
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import kitpress
from kitpress.outfolder import is_link
from kitpress.resources import specs_dir, templates_dir

if TYPE_CHECKING:
    from kitpress.sheets.presets import Preset

GAME_ENTRY_POINTS = "kitpress.games"  # packs.ENTRY_POINTS, named here so that a no-change build imports no pack
QUICK_MAX_BYTES = 2_000_000  # spec.yamlpos.MAX_BYTES: a larger file is refused by the loader, never built


@functools.cache
def code_hash() -> str:
    """Every file kitpress renders with: its modules, templates and fonts (a changed template rebuilds), and
    the modules of every game pack from another distribution."""
    from kitpress.packs import pack_code, packs

    own = Path(kitpress.__file__).parent
    # A game pack of another distribution renders with its own code: an edit to its rules or art rebuilds.
    # Its files are named from the folder it is installed in; kitpress's own keep the names they always had.
    return _code_digest(sorted({code for pack in packs().values() if (code := pack_code(pack)) and code != own}))


def _code_digest(others: list[Path]) -> str:
    digest = hashlib.sha256()
    own = Path(kitpress.__file__).parent
    trees = [(own, own), (templates_dir(), templates_dir()), *((code, code.parent) for code in others)]
    for root, base in trees:
        files = [root] if root.is_file() else sorted(p for p in root.rglob("*") if p.is_file() and p.suffix in (".py", ".html", ".css", ".ttf"))
        for path in files:
            digest.update(path.relative_to(base).as_posix().encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def inputs_hash(spec: bytes | Path, options: dict[str, Any], code: str | None = None) -> str:
    """`spec`: the bytes the kit is built from (a build passes those it loaded, never the file again)."""
    digest = hashlib.sha256()
    digest.update(spec if isinstance(spec, bytes) else spec.read_bytes())
    digest.update(json.dumps(options, sort_keys=True, default=str).encode())
    digest.update((code or code_hash()).encode())
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


def build_options(presets: list[Preset], variant: str | None) -> dict[str, Any]:
    """The options a kit's inputs hash covers."""
    from dataclasses import asdict

    return {"presets": [asdict(p) for p in presets], "variant": variant, "environment": drawn_with()}


def drawn_with() -> list[tuple[str, str]]:
    """What ReportLab reads from the environment, which is part of its PDFs too: SOURCE_DATE_EPOCH (the
    date every PDF holds) and RL_* settings. A kit built without them and then with them is built again."""
    import os

    from kitpress.environment import source_date_epoch

    source_date_epoch()  # a malformed value is refused, never hashed
    return sorted((k, v) for k, v in os.environ.items() if k == "SOURCE_DATE_EPOCH" or k.startswith("RL_"))


def kits_in_place(games: list[str], presets: list[Preset], out_dir: Path, variant: str | None) -> list[tuple[str, Path]] | None:
    """Each game's id and kit folder when every one is up to date for these options (every bundled game
    when `games` is empty), else None: the build then loads the specs, and decides and says.

    It imports no game pack. That is safe because a manifest records the hash of the very inputs it was
    built from, and the shortcuts here can only make the hash differ (a full build then), never match
    wrongly: the games are named from kitpress's own entry points (each ships specs/<name>.yaml, as
    tests/test_incremental.py checks), and the code hash leaves out other distributions' packs only
    when none is registered; the folder is named by the spec's `id` read with a plain YAML parser, and
    a folder whose manifest matches these spec bytes holds this spec's kit, whatever the parser said
    (a spec that does not load never had a kit built)."""
    from importlib.metadata import entry_points

    import yaml

    if not out_dir.is_dir():
        return None  # nothing built yet
    points = entry_points(group=GAME_ENTRY_POINTS)
    if not points or any(p.dist is None or p.dist.name.lower() != "kitpress" for p in points):
        return None  # another distribution's pack: its code is in the hash, which needs the packs loaded
    bundled = {p.name: specs_dir() / f"{p.name}.yaml" for p in points}
    if not all(spec.is_file() for spec in bundled.values()):
        return None
    code = _code_digest([])
    options = build_options(presets, variant)
    found = []
    for game in games or sorted(bundled):
        spec = bundled.get(game, Path(game))
        try:
            if not spec.is_file() or spec.stat().st_size > QUICK_MAX_BYTES:  # a FIFO, a folder, a huge file
                return None
            raw = spec.read_bytes()
            data = yaml.load(raw, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
        except Exception:  # anything odd about the file is the checking loader's to report
            return None
        if not isinstance(data, dict) or not isinstance(data.get("id"), str | int):
            return None
        folder = out_dir / (str(data["id"]) if variant is None else f"{data['id']}--{variant}")
        if not up_to_date(folder, inputs_hash(raw, options, code)):
            return None
        found.append((str(data["id"]), folder))
    return found
