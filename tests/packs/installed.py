"""Make a game pack's distribution installed for a subprocess, and run the `kitpress` command there.

A site folder (put on PYTHONPATH) holds the pack's package and a hand-written `<name>-<version>.dist-info`
with METADATA and entry_points.txt, which is all `importlib.metadata` reads: the entry points come from
the pack's own pyproject.toml, so the test installs exactly what the pack declares. The virtualenv is
never touched."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

KITPRESS = Path(sys.executable).with_name("kitpress")  # the command of the environment running the tests


def write_dist_info(site: Path, name: str, version: str, entry_points: dict[str, dict[str, str]]) -> Path:
    """`name`-`version`.dist-info in `site`, declaring `entry_points` (group → name → object)."""
    folder = site / f"{re.sub(r'[-_.]+', '_', name)}-{version}.dist-info"
    folder.mkdir(parents=True)
    (folder / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n", "utf-8")
    lines = [line for group, points in entry_points.items() for line in (f"[{group}]", *(f"{k} = {v}" for k, v in points.items()), "")]
    (folder / "entry_points.txt").write_text("\n".join(lines), "utf-8")
    return folder


def install(project: Path, site: Path) -> str:
    """Copy the packages `project`/pyproject.toml lists into `site` with their dist-info; returns the
    distribution's name."""
    meta = tomllib.loads((project / "pyproject.toml").read_text("utf-8"))
    for package in meta["tool"]["setuptools"]["packages"]:
        shutil.copytree(project / package, site / package, ignore=shutil.ignore_patterns("__pycache__"))
    write_dist_info(site, meta["project"]["name"], meta["project"]["version"], meta["project"]["entry-points"])
    return str(meta["project"]["name"])


def kitpress(site: Path, *args: str, cwd: Path, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    """`kitpress ARGS` in a fresh process that sees the distributions in `site`."""
    env = {**os.environ, "PYTHONPATH": str(site), "NO_COLOR": "1"}
    return subprocess.run([str(KITPRESS), *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
