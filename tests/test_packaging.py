"""A pip-installed kitpress carries its specs, templates and fonts: it builds without the source tree."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_wheel_ships_specs_templates_and_fonts_and_runs_from_elsewhere(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(tmp_path / "dist"), str(ROOT)],
        check=True, capture_output=True,
    )  # fmt: skip
    wheel = next((tmp_path / "dist").glob("kitpress-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    for spec in (ROOT / "specs").glob("*.yaml"):
        assert f"kitpress/specs/{spec.name}" in names
    assert {"kitpress/templates/booklet.html", "kitpress/templates/booklet.css", "kitpress/fonts/DejaVuSans.ttf"} <= names
    assert any(n.endswith("entry_points.txt") for n in names)
    package = ROOT / "generator" / "kitpress"
    missing = [str(p.relative_to(package)) for p in package.rglob("*.py") if f"kitpress/{p.relative_to(package).as_posix()}" not in names]
    assert not missing, f"modules left out of the wheel (add their package to pyproject.toml): {missing}"
    # Unpacked alone (no source tree on the path), it still finds and checks the bundled games.
    target = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(target)
    env = {**os.environ, "PYTHONPATH": str(target)}
    code = "import kitpress.resources as r, kitpress.cli as c; print(r.specs_dir()); c.main(['check', 'momentum-game'])"
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert str(target) in done.stdout.splitlines()[0]
    assert "example C" in done.stdout
