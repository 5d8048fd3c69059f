"""`kitpress doctor`, `kitpress schema` and `kitpress new`: exit codes, the exact lines a user sees, and
that the schema accepts every bundled spec and a new spec loads cleanly."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import click
import pytest
import yaml
from click.testing import CliRunner, Result

from kitpress import doctor
from kitpress.commands.doctor import command as doctor_command
from kitpress.commands.new import command as new_command
from kitpress.commands.schema import command as schema_command
from kitpress.packs import engines, shipped_specs
from kitpress.resources import fonts_dir
from kitpress.spec.load import load_spec

ROOT = Path(__file__).resolve().parents[1]


def invoke(command: click.Command, *args: object) -> Result:
    return CliRunner().invoke(command, [str(a) for a in args], catch_exceptions=False)


# --- doctor --------------------------------------------------------------------------------------


def test_doctor_passes_here_with_one_line_per_check() -> None:
    result = invoke(doctor_command)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert [line.split()[1] for line in lines] == ["pango", "fonts", "templates", "lock", "pdfium", "chromium"]
    assert lines[0].startswith("ok   pango      WeasyPrint ")


def test_doctor_names_the_fix_for_a_missing_pdftoppm(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("shutil.which", lambda name: None)
    monkeypatch.setattr(doctor, "check_pango", lambda: doctor.Check("pango", True, "checked above"))
    result = invoke(doctor_command)
    assert result.exit_code == 0, "chromium is optional"
    assert "note chromium   no headless browser found; optional, only the gallery's browser test needs it; fix: Debian and Ubuntu: sudo apt-get install chromium; Fedora: sudo dnf install chromium; elsewhere Chrome or Chromium on the PATH" in result.output
    result = invoke(doctor_command, "--previews")
    assert result.exit_code == 1
    assert "FAIL pdftoppm   pdftoppm not found (previews and the tests render pages with it); fix: Debian and Ubuntu: sudo apt-get install poppler-utils; Fedora: sudo dnf install poppler-utils; macOS: brew install poppler; Windows: pacman -S mingw-w64-ucrt-x86_64-poppler in an MSYS2 UCRT64 shell" in result.output.splitlines()


def test_doctor_reports_missing_pango(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_pango() -> None:
        raise doctor.syslibs.SystemLibraryMissing(doctor.syslibs.missing_line(OSError("cannot load library 'libpango-1.0-0': not found")))

    monkeypatch.setattr(doctor.syslibs, "weasyprint", no_pango)
    check = doctor.check_pango()
    assert not check.ok
    assert check.line().startswith("FAIL pango      kitpress needs the system library Pango to typeset its books and reports (libpango-1.0-0 could not be loaded); install it: Debian and Ubuntu: sudo apt-get install libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 fontconfig; Fedora")


def test_doctor_reports_missing_and_damaged_fonts(tmp_path: Path) -> None:
    check = doctor.check_fonts(tmp_path)
    assert not check.ok and "DejaVuSans.ttf" in check.detail and "reinstall kitpress" in check.line()
    for font in fonts_dir().glob("*.ttf"):
        (tmp_path / font.name).write_bytes(font.read_bytes())
    assert doctor.check_fonts(tmp_path).ok
    (tmp_path / "DejaVuSans-Bold.ttf").write_bytes(b"not a font")
    damaged = doctor.check_fonts(tmp_path)
    assert not damaged.ok and "cannot be read" in damaged.detail
    assert not doctor.check_templates(tmp_path).ok


# --- schema --------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def schema() -> dict[str, Any]:
    result = invoke(schema_command)
    assert result.exit_code == 0
    data: dict[str, Any] = json.loads(result.output)
    return data


def test_schema_offers_each_engine_and_its_game_config(schema: dict[str, Any]) -> None:
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["properties"]["engine"]["enum"] == sorted(engines())
    for engine_id, engine in engines().items():
        branch = schema["$defs"][f"spec-{engine_id}"]
        assert branch["properties"]["engine"] == {"const": engine_id, "description": "The rules engine this spec is for."}
        assert branch["additionalProperties"] is False, "a misspelt key is an error in the editor too"
        assert set(engine.sections) <= set(branch["required"])
        game = branch["properties"]["game"]
        assert set(game["properties"]) == set(engine.config_model.model_fields)
    refs = set(re.findall(r'"\$ref": "#/\$defs/([^"]+)"', json.dumps(schema)))
    assert refs <= set(schema["$defs"]), "every reference resolves"


def test_every_bundled_spec_fits_the_schema(schema: dict[str, Any]) -> None:
    for game, path in shipped_specs().items():
        data = yaml.safe_load(path.read_text("utf-8"))
        branch = schema["$defs"][f"spec-{data['engine']}"]
        assert set(data) <= set(branch["properties"]), game
        assert set(branch["required"]) <= set(data), game
    jsonschema = pytest.importorskip("jsonschema", reason="jsonschema is not installed; the structural check above ran")
    validator = jsonschema.Draft202012Validator(schema)
    for game, path in shipped_specs().items():
        errors = [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(yaml.safe_load(path.read_text("utf-8")))]
        assert not errors, (game, errors[:5])
    broken = yaml.safe_load(shipped_specs()["momentum-game"].read_text("utf-8"))
    broken["identity"]["titel"] = "typo"
    broken["game"]["hand_size"] = "three"
    assert len(list(validator.iter_errors(broken))) == 2


def test_schema_out_writes_the_file(tmp_path: Path, schema: dict[str, Any]) -> None:
    target = tmp_path / "kitpress-spec.schema.json"
    result = invoke(schema_command, "--out", target)
    assert result.exit_code == 0
    assert json.loads(target.read_text("utf-8")) == schema


# --- new -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("engine", sorted(engines()))
def test_new_spec_loads_cleanly_with_guidance(tmp_path: Path, engine: str) -> None:
    result = invoke(new_command, "friction-race", "--engine", engine, "--out", tmp_path)
    path = tmp_path / "friction-race.yaml"
    assert result.exit_code == 0, result.output
    assert result.output == f"wrote {path}; next: kitpress check {path}\n"
    loaded = load_spec(str(path))
    assert (loaded.id, loaded.spec.engine, loaded.spec.identity.title) == ("friction-race", engine, "Friction Race")
    lines = path.read_text("utf-8").splitlines()
    keys = [i for i, line in enumerate(lines) if re.match(r"^[a-z_]+:", line)]
    assert all(lines[i - 1].startswith("# ") for i in keys), "a guidance comment above every top-level key"
    assert [p.name for p in tmp_path.iterdir()] == ["friction-race.yaml"], "no trial file left behind"


def test_new_refuses_bad_names_engines_and_overwrites(tmp_path: Path) -> None:
    engine_id = sorted(engines())[0]
    assert invoke(new_command, "my-game", "--engine", engine_id, "--out", tmp_path).exit_code == 0
    again = invoke(new_command, "my-game", "--engine", engine_id, "--out", tmp_path)
    assert again.exit_code == 2 and "already exists" in again.output
    bad = invoke(new_command, "My Game", "--engine", engine_id, "--out", tmp_path)
    assert bad.exit_code == 2 and "'My Game' is not a valid id" in bad.output
    engine = invoke(new_command, "other", "--engine", "chess", "--out", tmp_path)
    assert engine.exit_code == 2 and "unknown engine 'chess'" in engine.output
    unnamed = invoke(new_command, "other", "--out", tmp_path)  # kitpress names no game as a default
    assert unnamed.exit_code == 2 and "--engine" in unnamed.output and engine_id in unnamed.output
    bundled = invoke(new_command, "momentum-game", "--engine", engine_id, "--out", tmp_path)
    assert bundled.exit_code == 2 and "bundled game's id" in bundled.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["my-game.yaml"]


# --- new: a clean identity (issue 20, point 1) -----------------------------------------------------

SOURCE_IDENTITY = ("subtitle", "date", "designers", "document_id", "source", "credit", "rights")


@pytest.mark.parametrize("engine", sorted(engines()))
def test_new_copies_nothing_of_the_sources_identity(tmp_path: Path, engine: str) -> None:
    from kitpress.authoring.starter import template_spec

    source = yaml.safe_load(template_spec(engine).read_text("utf-8"))["identity"]
    assert invoke(new_command, "friction-race", "--engine", engine, "--out", tmp_path).exit_code == 0
    text = (tmp_path / "friction-race.yaml").read_text("utf-8")
    identity = yaml.safe_load(text)["identity"]
    for key in SOURCE_IDENTITY:
        values = source.get(key) if isinstance(source.get(key), list) else [source.get(key)]
        for value in filter(None, values):
            assert str(value) not in yaml.safe_dump(identity, allow_unicode=True), f"{key}: {value!r} was copied"
    assert identity["designers"] == ["TODO: the designers' names"] and identity["date"].startswith("TODO")
    assert identity["document_id"].startswith("TODO") and identity["source"].startswith("TODO")
    assert "subtitle" not in identity and "credit" not in identity and "rights" not in identity
    names = {str(d).split(" (")[0].split(",")[0] for d in source.get("designers", [])}
    assert not [n for n in names if n in text], "a designer of the source named in the prose"
    assert (identity["version"], identity["status"], identity["players"]) == ("0.1", "Draft", source["players"])


def test_new_takes_the_identity_from_its_options_and_retitles_the_card_backs(tmp_path: Path) -> None:
    from kitpress.lint.todo import todo_markers

    args = ["--designer", "Ada Lovelace", "--designer", "Bo Diddley", "--date", "2026-09-01", "--document-id", "FR-1"]
    assert invoke(new_command, "friction-race", "--engine", "momentum-game", "--out", tmp_path, *args).exit_code == 0
    path = tmp_path / "friction-race.yaml"
    loaded = load_spec(str(path))
    identity = loaded.spec.identity
    assert (identity.designers, identity.date, identity.document_id) == (["Ada Lovelace", "Bo Diddley"], "2026-09-01", "FR-1")
    assert yaml.safe_load(path.read_text("utf-8"))["production"]["faces"]["back_title"] == "Friction Race"  # not "Momentum Game!"
    assert "Ithier" not in path.read_text("utf-8")
    found = todo_markers("friction-race", str(path))
    assert [(f.at.rsplit(": ", 1)[-1], f.severity, f.check) for f in found] == [("identity.source", "warning", "todo")]  # the one not given


def test_the_preflight_names_every_todo_marker_at_its_line(tmp_path: Path) -> None:
    from kitpress.commands.lint import lint_game

    assert invoke(new_command, "friction-race", "--engine", "momentum-game", "--out", tmp_path).exit_code == 0
    path = tmp_path / "friction-race.yaml"
    lines = path.read_text("utf-8").splitlines()
    report, code = lint_game(str(path), None, "full")
    todo = [line for line in report if "[todo]" in line]
    assert code == 0 and len(todo) == 4  # warnings: the kit still builds
    for line, key in zip(todo, ("date", "designers[0]", "document_id", "source"), strict=True):
        where = re.match(rf"{re.escape(str(path))}:(\d+):(\d+): identity\.{re.escape(key)}: friction-race: spec: TODO marker: warning \[todo\]: still TODO \(", line)
        assert where, line
        assert lines[int(where.group(1)) - 1].startswith(f"  {key.split('[')[0]}:")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--date", "2026-13-01"], "--date: expected a date as YYYY-MM-DD, got '2026-13-01'"),
        (["--designer", " "], "--designer: one line, without spaces at its ends"),
        (["--document-id", "a\nb"], "--document-id: one line, without spaces at its ends"),
    ],
)
def test_new_refuses_identity_options_that_cannot_stand_in_a_spec(tmp_path: Path, args: list[str], message: str) -> None:
    result = CliRunner().invoke(new_command, ["friction-race", "--engine", "momentum-game", "--out", str(tmp_path), *args])
    assert result.exit_code == 2 and message in result.output and not list(tmp_path.iterdir())
