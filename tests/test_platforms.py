"""Every teacher's computer: kitpress run as on a Python without the POSIX-only modules (Windows), and as
on a system without the typesetting libraries (Pango, HarfBuzz, fontconfig). `list` and `check` need
neither; a command that typesets says which library is missing and how to install it, in one line."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from kitpress import doctor, syslibs

ROOT = Path(__file__).resolve().parents[1]
POSIX_ONLY = ("fcntl", "termios", "tty", "pty", "resource", "pwd", "grp", "syslog")

# Imported by every process of the run (workers included) through PYTHONPATH: hides the POSIX-only
# modules, as on Windows, or makes the named system libraries fail to load as cffi fails when they
# are not installed (WeasyPrint opens them with cffi when it is imported).
SITECUSTOMIZE = """
import os, sys
for name in os.environ.get("KP_HIDE_MODULES", "").split():
    sys.modules[name] = None
missing = os.environ.get("KP_MISSING_LIBRARIES", "").split()
if missing:
    import cffi
    real = cffi.FFI.dlopen
    def dlopen(self, name, *args, **kwargs):
        if any(part in str(name) for part in missing):
            raise OSError(f"cannot load library '{name}': {name}: cannot open shared object file: No such file or directory")
        return real(self, name, *args, **kwargs)
    cffi.FFI.dlopen = dlopen
"""

# The CLI in a fresh interpreter; writes the modules it imported (not the hidden ones) to KP_MODULES.
RUNNER = """
import os, sys
from kitpress.cli import main
try:
    main(sys.argv[1:], prog_name="kitpress")
finally:
    with open(os.environ["KP_MODULES"], "w") as out:
        out.write("\\n".join(sorted(name for name, module in sys.modules.items() if module is not None)))
"""


def _site(tmp_path: Path) -> Path:
    site = tmp_path / "site"
    site.mkdir(exist_ok=True)
    (site / "sitecustomize.py").write_text(SITECUSTOMIZE)
    return site


def kitpress(tmp_path: Path, *args: str, hide: tuple[str, ...] = (), missing: tuple[str, ...] = ()) -> tuple[subprocess.CompletedProcess[str], set[str]]:
    site = _site(tmp_path)
    record = tmp_path / "modules.txt"
    env = {
        **os.environ, "PYTHONPATH": os.pathsep.join([str(site), os.environ.get("PYTHONPATH", "")]),
        "KP_HIDE_MODULES": " ".join(hide), "KP_MISSING_LIBRARIES": " ".join(missing), "KP_MODULES": str(record),
    }  # fmt: skip
    done = subprocess.run([sys.executable, "-c", RUNNER, *args], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)
    return done, set(record.read_text().split()) if record.exists() else set()


def test_every_module_imports_without_the_posix_only_modules(tmp_path: Path) -> None:
    code = (
        "import importlib, pkgutil, kitpress\n"
        "for m in pkgutil.walk_packages(kitpress.__path__, 'kitpress.'):\n"
        "    try:\n        importlib.import_module(m.name)\n"
        "    except Exception as exc:\n        print(m.name, repr(exc))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(_site(tmp_path)), "KP_HIDE_MODULES": " ".join(POSIX_ONLY)}  # as `kitpress` below
    walked = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)
    assert walked.returncode == 0 and walked.stdout == "", walked.stdout + walked.stderr


@pytest.mark.parametrize(("args", "said"), [(["list"], "momentum-game"), (["check", "momentum-game"], "all hold"), (["check", "integer-matrix"], "all hold")])
def test_list_and_check_need_no_posix_module_and_no_system_library(tmp_path: Path, args: list[str], said: str) -> None:
    done, modules = kitpress(tmp_path, *args, hide=POSIX_ONLY, missing=("pango", "harfbuzz", "fontconfig", "gobject"))
    assert done.returncode == 0, done.stdout + done.stderr
    assert said in done.stdout
    assert "Traceback" not in done.stderr
    assert not {"weasyprint", *POSIX_ONLY} & modules  # nothing that loads a system library


def expected_line(library: str, file: str) -> str:
    return (
        f"kitpress needs the system library {library} to typeset its books and reports ({file} could not be loaded); "
        "install it: Debian and Ubuntu: sudo apt-get install libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 fontconfig; "
        "Fedora: sudo dnf install pango; macOS: brew install pango; "
        "Windows: pacman -S mingw-w64-ucrt-x86_64-pango in an MSYS2 UCRT64 shell"
    )


@pytest.mark.parametrize(("missing", "library", "file"), [("pango", "Pango", "libpango-1.0-0"), ("harfbuzz", "HarfBuzz", "libharfbuzz-0"), ("fontconfig", "fontconfig", "libfontconfig-1")])
def test_build_without_a_typesetting_library_is_one_line_and_writes_nothing(tmp_path: Path, missing: str, library: str, file: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KITPRESS_CACHE", "off")  # books from the cache need no typesetter: this build must set them
    done, _ = kitpress(tmp_path, "build", "momentum-game", "--out", str(tmp_path / "out"), missing=(missing,))
    assert done.returncode == 2
    assert done.stderr.splitlines() == [expected_line(library, file)]
    assert done.stdout == ""  # not WeasyPrint's banner either
    assert not (tmp_path / "out" / "momentum-game").exists()


@pytest.mark.parametrize(("args", "unwritten"), [
    (["kit", "--out", "kit"], "kit/classroom-kit"),
    (["check", "momentum-game", "--report", "report"], "report"),
    (["simulate", "integer-matrix", "--games", "100000", "--workers", "1", "--quiet", "--report", "report"], "report"),  # before the games
])  # fmt: skip
def test_every_command_that_typesets_says_the_same_line(tmp_path: Path, args: list[str], unwritten: str) -> None:
    done, _ = kitpress(tmp_path, *args, missing=("pango",))
    assert done.returncode == 2, done.stderr
    assert done.stderr.splitlines()[-1] == expected_line("Pango", "libpango-1.0-0")
    assert "Traceback" not in done.stderr and "-----" not in done.stdout
    assert not (tmp_path / unwritten).exists()


def test_lint_needs_no_system_library(tmp_path: Path) -> None:
    done, modules = kitpress(tmp_path, "lint", "momentum-game", missing=("pango", "harfbuzz", "fontconfig", "gobject"))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "weasyprint" not in modules


def test_doctor_names_the_missing_library_and_the_missing_lock(tmp_path: Path) -> None:
    done, _ = kitpress(tmp_path, "doctor", missing=("pango",))
    assert done.returncode == 1  # doctor's own code: a required check failed
    lines = done.stdout.splitlines()
    assert lines[0] == "FAIL pango      " + expected_line("Pango", "libpango-1.0-0")
    assert "ok   lock" in done.stdout and done.stderr == ""
    done, _ = kitpress(tmp_path, "doctor", hide=POSIX_ONLY)
    assert done.returncode == 1, "a Python that cannot lock an output folder cannot build: doctor says so"
    assert [line.split()[:2] for line in done.stdout.splitlines() if not line.startswith("ok")] == [["FAIL", "lock"]]
    assert "fcntl" in done.stdout


def test_the_install_line_gives_every_systems_command() -> None:
    line = syslibs.missing_line(OSError("cannot load library 'libgobject-2.0-0.dll': error 0x7e"))
    assert line.startswith("kitpress needs the system library GLib to typeset its books and reports (libgobject-2.0-0.dll could not be loaded); ")
    for command in ("sudo apt-get install", "sudo dnf install", "brew install", "pacman -S"):
        assert command in line
    assert "\n" not in line
    check = doctor.check_pdftoppm(lambda name: None)
    assert check.fix == syslibs.PDFTOPPM.commands() and "brew install poppler" in check.line()


def test_the_readme_shows_the_lines_a_user_sees() -> None:
    readme = (ROOT / "README.md").read_text("utf-8")
    troubleshooting = readme[readme.index("## Troubleshooting") :]
    assert expected_line("Pango", "libpango-1.0-0") in troubleshooting
    shown = [line.split()[1] for line in troubleshooting.split("$ kitpress doctor\n")[1].split("```")[0].splitlines()]
    assert shown == [check.name for check in doctor.run_checks()]
    top = readme[: readme.index("## Two commands")]
    assert "pip install" in top and "make kit" in top and "## A teacher's quick start" in top


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="finds the workers in /proc")
def test_workers_started_as_on_macos_and_windows_end_with_their_parent() -> None:
    """macOS and Windows start workers with `spawn` and have no prctl: the watcher thread alone ends
    them when their parent is killed outright."""
    import textwrap

    from test_input_bounds import _assert_workers_end_with

    script = textwrap.dedent(
        """
        import multiprocessing, time
        from kitpress import workers as pool
        if __name__ == "__main__":
            multiprocessing.set_start_method("spawn")
            pool._ask_kernel_to_kill_me_with_my_parent = lambda: None
            with pool.worker_pool(2) as workers:
                for _ in range(2):
                    workers.submit(time.sleep, 600)
                time.sleep(600)
        """
    )
    parent = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _assert_workers_end_with(parent, 2)


def test_simulate_with_spawned_workers_gives_the_same_numbers(tmp_path: Path) -> None:
    """The numbers do not depend on how the workers were started (fork here, spawn on macOS and Windows)."""
    said = []
    for method in ("fork", "spawn"):
        code = (
            f"import multiprocessing; multiprocessing.set_start_method({method!r})\n"
            "from kitpress.cli import main\n"
            "main(['simulate', 'integer-matrix', '--games', '60', '--workers', '2'], prog_name='kitpress')\n"
        )
        done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, done.stderr
        said.append(done.stdout)
    assert said[0] == said[1] and "60 games per variant" in said[0]


def test_output_to_a_file_in_a_windows_code_page_prints_stand_ins(tmp_path: Path) -> None:
    """On Windows, output sent to a file or a pipe is in the ANSI code page (cp1252), which has no −."""
    env = {**os.environ, "PYTHONIOENCODING": "cp1252"}
    done = subprocess.run([sys.executable, "-m", "kitpress", "check", "integer-matrix"], cwd=tmp_path, env=env, capture_output=True, timeout=300)
    assert done.returncode == 0, done.stderr.decode("cp1252")
    assert b"The black -4 does not count" in done.stdout and b"all hold" in done.stdout


def test_make_installs_the_packages_the_line_names() -> None:
    makefile = (ROOT / "Makefile").read_text("utf-8")
    line = next(line for line in makefile.splitlines() if line.startswith("RUNTIME_PACKAGES :="))
    assert line.split(":=")[1].split() == syslibs.TYPESETTING.debian.split()


def test_the_quick_start_names_files_the_kit_has(class_kit_28: Path) -> None:
    """The teacher's quick start in the README names the files `kitpress kit --paper letter` writes."""
    import re

    readme = (ROOT / "README.md").read_text("utf-8")
    quick = readme[readme.index("## A teacher's quick start") : readme.index("## Two commands")]
    named = re.findall(r"`class-kit/([\w./-]+)`", quick)
    assert named == ["index.html", "classroom-kit/packing-list.pdf"]
    for name in named:
        assert (class_kit_28 / name).is_file(), name
    for name in re.findall(r"`([\w-]+\.pdf)`", quick):
        assert (class_kit_28 / "classroom-kit" / name).is_file(), name
