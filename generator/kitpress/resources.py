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
