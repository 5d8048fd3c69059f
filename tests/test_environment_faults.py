"""Every fault of an environment or an argument is one line naming the variable or path, exit 2, no
traceback: a malformed SOURCE_DATE_EPOCH, a target below a file or with a name too long, a FIFO where a
file is read, a full or closed standard output, a --cluster that is no Dask scheduler. And `new` writes
only its own file, created exclusively."""

from __future__ import annotations

import os
import socket
import subprocess
import threading
from pathlib import Path

import pytest

from packs.installed import KITPRESS


def kitpress(*args: str, cwd: Path, stdout: int | None = subprocess.PIPE, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {**os.environ, "NO_COLOR": "1", **env}
    return subprocess.run([str(KITPRESS), *args], cwd=cwd, env=environ, stdout=stdout, stderr=subprocess.PIPE, text=True, timeout=120)


def one_line(done: subprocess.CompletedProcess[str], *naming: str) -> str:
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr and len(done.stderr.splitlines()) == 1, done.stderr
    for name in naming:
        assert name in done.stderr, done.stderr
    return done.stderr


MALFORMED = ["1.5", "-1", " 12", "99999999999999", "1e9", "12\n"]
COMMANDS = [("check", "momentum-game"), ("build", "momentum-game"), ("simulate", "momentum-game", "--games", "1"), ("schema",), ("kit",), ("lint",)]


@pytest.mark.parametrize(("command", "value"), [(c, "abc") for c in COMMANDS] + [(("list",), v) for v in MALFORMED])
def test_a_malformed_source_date_epoch_is_one_line(command: tuple[str, ...], value: str, tmp_path: Path) -> None:
    one_line(kitpress(*command, cwd=tmp_path, SOURCE_DATE_EPOCH=value), "SOURCE_DATE_EPOCH")


@pytest.mark.parametrize(("name", "value"), [("RL_invariant", "abc"), ("RL_defaultPageSize", "nonsense")])
def test_a_reportlab_setting_it_cannot_read_is_one_line(name: str, value: str, tmp_path: Path) -> None:
    one_line(kitpress("build", "momentum-game", "--out", str(tmp_path / "out"), cwd=tmp_path, **{name: value}), name)
    assert not (tmp_path / "out").exists()


def test_a_well_formed_source_date_epoch_is_taken(tmp_path: Path) -> None:
    assert kitpress("list", cwd=tmp_path, SOURCE_DATE_EPOCH="1234567890").returncode == 0


def below_a_file(tmp_path: Path) -> Path:
    (tmp_path / "a-file").write_text("mine\n", "utf-8")
    return tmp_path / "a-file" / "below"


TARGETS = {  # a command, with {} where its target goes
    "schema --out": ("schema", "--out", "{}"),
    "new --out": ("new", "my-game", "--engine", "momentum-game", "--out", "{}"),
    "new --engine-pack": ("new", "my-game", "--engine-pack", "{}"),
    "simulate --report": ("simulate", "momentum-game", "--games", "1", "--workers", "1", "--report", "{}"),
    "build --out": ("build", "momentum-game", "--out", "{}"),
    "kit --out": ("kit", "--games", "momentum-game", "--out", "{}"),
    "check --junit": ("check", "momentum-game", "--junit", "{}"),
}


@pytest.mark.parametrize("case", list(TARGETS))
@pytest.mark.parametrize("fault", ["below a file", "a name too long"])
def test_a_target_that_cannot_be_written_is_one_line_before_the_work(case: str, fault: str, tmp_path: Path) -> None:
    target = below_a_file(tmp_path) if fault == "below a file" else tmp_path / ("n" * 300)
    done = kitpress(*(str(target) if a == "{}" else a for a in TARGETS[case]), cwd=tmp_path)
    line = one_line(done, str(target))
    assert done.stdout == ""  # simulate played nothing: checked before the run
    assert ("is a file" in line or "not a folder" in line) if fault == "below a file" else "too long" in line
    assert sorted(p.name for p in tmp_path.iterdir()) == (["a-file"] if fault == "below a file" else [])


@pytest.mark.parametrize("special", ["fifo", "/dev/zero"])
def test_examples_or_spec_that_are_not_regular_files_are_one_line_without_hanging(special: str, tmp_path: Path) -> None:
    path = tmp_path / "examples.yaml"
    if special == "fifo":
        os.mkfifo(path)
    else:
        path = Path(special)
    one_line(kitpress("check", "momentum-game", "--examples", str(path), cwd=tmp_path), str(path), "not a regular file")
    if special == "fifo":
        assert kitpress("check", str(path), cwd=tmp_path).returncode == 2


def test_lint_pdf_that_is_a_fifo_is_one_line_without_hanging(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "cards.pdf")
    done = kitpress("lint", "momentum-game", "--pdf", str(tmp_path / "cards.pdf"), cwd=tmp_path)
    one_line(done, "cards.pdf", "not a regular file")
    assert done.stdout == ""  # said before any game is linted


def test_schema_out_onto_a_fifo_is_refused(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "schema.json")
    one_line(kitpress("schema", "--out", str(tmp_path / "schema.json"), cwd=tmp_path), "schema.json", "not a regular file")
    assert (tmp_path / "schema.json").is_fifo()


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("command", [("list",), ("schema",), ("--version",), ("--help",), ("check", "momentum-game")])
def test_a_full_standard_output_is_one_line(command: tuple[str, ...], tmp_path: Path) -> None:
    with open("/dev/full", "w") as full:
        done = kitpress(*command, cwd=tmp_path, stdout=full.fileno())
    assert one_line(done) == "standard output: No space left on device\n"


def test_a_closed_standard_output_is_one_line(tmp_path: Path) -> None:
    read, write = os.pipe()
    os.close(read)  # nobody reads: the first write meets EPIPE
    try:
        done = kitpress("schema", cwd=tmp_path, stdout=write)
    finally:
        os.close(write)
    assert one_line(done) == "standard output: closed before everything was written\n"


@pytest.mark.parametrize("address", ["not an address", "tcp://127.0.0.1", "tcp://127.0.0.1:notaport"])
def test_a_malformed_cluster_address_is_one_line(address: str, tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    done = kitpress("simulate", "momentum-game", "--games", "1", "--cluster", address, cwd=tmp_path)
    one_line(done, "--cluster", repr(address))
    assert done.stdout == ""


@pytest.mark.parametrize("speaks", [b"", b"HTTP/1.0 400 Bad Request\r\n\r\n"])
def test_an_address_where_no_dask_scheduler_listens_is_one_line(speaks: bytes, tmp_path: Path) -> None:
    """A local port that is not Dask: silent (the client used to wait for ever), or speaking another
    protocol."""
    pytest.importorskip("distributed")
    server = socket.create_server(("127.0.0.1", 0))
    accepted: list[socket.socket] = []

    def serve() -> None:
        conn, _ = server.accept()
        accepted.append(conn)
        conn.sendall(speaks)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    address = f"tcp://127.0.0.1:{server.getsockname()[1]}"
    try:
        done = kitpress("simulate", "momentum-game", "--games", "1", "--cluster", address, cwd=tmp_path)
    finally:
        server.close()
        for conn in accepted:
            conn.close()
    one_line(done, address, "no Dask scheduler")


def test_new_keeps_the_users_dotfiles_and_never_overwrites(tmp_path: Path) -> None:
    mine = {".my-game.new.yaml": "a note of mine\n", ".my-game.yaml": "another\n"}
    for name, text in mine.items():
        (tmp_path / name).write_text(text, "utf-8")
    done = kitpress("new", "my-game", "--engine", "momentum-game", "--out", str(tmp_path), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert {p.name for p in tmp_path.iterdir()} == {*mine, "my-game.yaml"}
    assert all((tmp_path / name).read_text("utf-8") == text for name, text in mine.items())
    again = kitpress("new", "my-game", "--engine", "momentum-game", "--out", str(tmp_path), cwd=tmp_path)
    one_line(again, "my-game.yaml", "already exists")


def test_two_new_of_one_name_at_once_tell_one_it_lost(tmp_path: Path) -> None:
    """Started together, each writes its trial copy and then creates the spec exclusively: whatever the
    timing, exactly one says it wrote the file and the other that it exists."""
    args = [str(KITPRESS), "new", "my-game", "--engine", "momentum-game", "--out", str(tmp_path)]
    runs = [subprocess.Popen(args, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(2)]
    results = [(p.returncode, *p.communicate(timeout=120)) for p in runs]
    results = [(p.returncode, out, err) for p, (_, out, err) in zip(runs, results, strict=True)]
    codes = sorted(code for code, _, _ in results)
    assert codes == [0, 2], results
    assert sum("wrote" in out for _, out, _ in results) == 1, results
    assert sorted(p.name for p in tmp_path.iterdir()) == ["my-game.yaml"]


def test_source_date_epoch_decides_whether_a_kit_is_up_to_date(tmp_path: Path) -> None:
    """A kit built without SOURCE_DATE_EPOCH and then with it is built again (its PDFs hold that date)."""
    whole = ("build", "momentum-game", "--paper", "letter", "--out", str(tmp_path / "out"))
    first = kitpress(*whole, cwd=tmp_path)
    assert first.stdout.startswith("built momentum-game"), first.stdout + first.stderr
    assert kitpress(*whole, cwd=tmp_path).stdout.startswith("up to date momentum-game")
    dated = kitpress(*whole, cwd=tmp_path, SOURCE_DATE_EPOCH="1234567890")
    assert dated.stdout.startswith("built momentum-game"), dated.stdout
    assert kitpress(*whole, cwd=tmp_path, SOURCE_DATE_EPOCH="1234567890").stdout.startswith("up to date momentum-game")


def test_a_manifest_path_that_is_not_a_string_is_one_line_on_every_rebuild(tmp_path: Path) -> None:
    import json

    build = ("build", "momentum-game", "--paper", "letter", "--only", "calibration", "--out", str(tmp_path / "out"))
    assert kitpress(*build, cwd=tmp_path).returncode == 0
    manifest = tmp_path / "out" / "momentum-game" / "manifest.json"
    body = json.loads(manifest.read_text("utf-8"))
    for path in (5, None, ["calibration-letter-long-edge.pdf"], 5):  # a refusal changes nothing: the same again
        body["files"][0]["path"] = path
        manifest.write_text(json.dumps(body), "utf-8")
        one_line(kitpress(*build, cwd=tmp_path), "calibration-letter-long-edge.pdf", "not written by kitpress")
