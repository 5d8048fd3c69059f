"""Where the bundled specs, templates and fonts are, whether run from a source tree or a wheel."""

from __future__ import annotations

from importlib import resources
from pathlib import Path


def _folder(package: str) -> Path:
    return Path(str(resources.files(package)))


def specs_dir() -> Path:
    return _folder("kitpress.specs")


def templates_dir() -> Path:
    return _folder("kitpress.templates")


def fonts_dir() -> Path:
    return _folder("kitpress.fonts")


def bundled_specs() -> dict[str, Path]:
    """Game id (the file's stem) → spec file, sorted by id."""
    return {p.stem: p for p in sorted(specs_dir().glob("*.yaml"))}
