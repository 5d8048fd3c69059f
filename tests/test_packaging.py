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


def _build(kind: str, out: Path) -> tuple[Path, str]:
    """The sdist or the wheel as `python -m build --no-isolation` makes it (setuptools' PEP 517 hooks),
    with everything the build printed."""
    code = f"import sys; from setuptools import build_meta; print(build_meta.build_{kind}(sys.argv[1]))"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}  # else a warning that it is
    done = subprocess.run([sys.executable, "-W", "always", "-c", code, str(out)], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return out / done.stdout.splitlines()[-1], done.stdout + done.stderr


def test_the_sdist_holds_the_docs_the_readme_links_and_the_licences(tmp_path: Path) -> None:
    import re
    import tarfile

    sdist, said = _build("sdist", tmp_path)
    assert "warning" not in said.lower(), said
    root = sdist.name.removesuffix(".tar.gz")
    with tarfile.open(sdist) as archive:
        names = {n.removeprefix(f"{root}/") for n in archive.getnames()}
    linked = set(re.findall(r"\b(docs/[\w.-]+\.md)\b", (ROOT / "README.md").read_text("utf-8")))
    assert len(linked) >= 5 and linked <= names, sorted(linked - names)
    assert {"LICENSE", "Makefile", "README.md", "generator/kitpress/fonts/LICENSE-DejaVu.txt", "generator/kitpress/__main__.py"} <= names


def test_the_wheel_builds_without_warnings_and_states_its_licence(tmp_path: Path) -> None:
    wheel, said = _build("wheel", tmp_path)
    assert "warning" not in said.lower(), said
    archive = zipfile.ZipFile(wheel)
    meta = next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
    headers = [line.partition(": ") for line in archive.read(meta).decode().split("\n\n")[0].splitlines()]
    fields: dict[str, list[str]] = {}
    for key, _, value in headers:
        fields.setdefault(key, []).append(value)
    assert fields["License-Expression"] == ["MIT AND Bitstream-Vera"]
    assert fields["License-File"] == ["LICENSE", "generator/kitpress/fonts/LICENSE-DejaVu.txt"]
    assert "Programming Language :: Python :: 3.11" in fields["Classifier"]
    assert not [c for c in fields["Classifier"] if c.startswith("License ::")]  # the expression says it
    assert fields["Author"] and "License" not in fields
    assert any(n.endswith("licenses/LICENSE") for n in archive.namelist())


def test_python_dash_m_kitpress_is_the_command(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "kitpress", "check", "integer-matrix"], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "all hold" in done.stdout
    usage = subprocess.run([sys.executable, "-m", "kitpress", "--help"], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert usage.stdout.startswith("Usage: kitpress ")
