"""What the disk cache trusts (issue 29): nothing read from it runs code or makes a kit differ from what
its inputs build. Each class of attack on a cache folder someone else can write is its own test: a
forged entry, an entry that is a pickle, an entry moved under another name, a FIFO, a link to a device,
an entry too big, a folder or entry of someone else's or writable by others, a key file that is not a
private one of ours, and pruning among files kitpress did not write. And kitpress makes no missing home
folder, and caps simulate's --workers at the cores."""

from __future__ import annotations

import hashlib
import hmac
import os
import pickle
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from click.testing import Result

from kitpress import cache
from kitpress.lint.measure import Measured

KITPRESS = str(Path(sys.executable).with_name("kitpress"))
GAME = "momentum-game"
QUICK_BUILD = ["build", GAME, "--paper", "a4", "--quiet"]  # a whole kit: every kind of entry (the A4 book placed from Letter's)
HOUR = 3600


@pytest.fixture
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Path, Path]]:
    """A fresh cache folder and config folder (the key's), for this test and the processes it starts."""
    root, config = tmp_path / "cache", tmp_path / "config"
    monkeypatch.setenv("KITPRESS_CACHE_DIR", str(root))
    monkeypatch.setenv("KITPRESS_CONFIG_DIR", str(config))
    monkeypatch.delenv("KITPRESS_CACHE", raising=False)
    yield root, config
    cache.reset()


def _kitpress(*args: str, env: dict[str, str] | None = None, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    return subprocess.run([KITPRESS, *args], capture_output=True, text=True, env=env or dict(os.environ), timeout=timeout)


def _files(out: Path) -> dict[str, bytes]:
    """The kit's files (the lock beside the kit holds the writer's pid)."""
    kit = out / GAME
    return {str(p.relative_to(kit)): p.read_bytes() for p in sorted(kit.rglob("*")) if p.is_file()}


def _entries(root: Path) -> list[Path]:
    return sorted(p for p in root.glob("*/*") if not p.name.startswith("."))


# --- what is read: only entries this user's key wrote, as data --------------------------------------


@pytest.fixture(scope="module")
def cold(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Path]:
    """One cold build of the quick kit: its cache folder, its config folder (the key) and its output,
    which each test copies and tampers with."""
    where = tmp_path_factory.mktemp("cold")
    env = {**os.environ, "KITPRESS_CACHE_DIR": str(where / "cache"), "KITPRESS_CONFIG_DIR": str(where / "config")}
    env.pop("KITPRESS_CACHE", None)
    done = _kitpress(*QUICK_BUILD, "--out", str(where / "out"), env=env)
    assert done.returncode == 0, done.stderr
    return where / "cache", where / "config", where / "out"


def _warm_copy(cold: tuple[Path, Path, Path], folders: tuple[Path, Path]) -> list[Path]:
    """The cold build's cache and key as this test's own; its entries."""
    shutil.copytree(cold[0], folders[0])
    shutil.copytree(cold[1], folders[1])
    return _entries(folders[0])


def test_a_forged_entry_is_a_miss_and_the_kit_is_the_cold_build_s(cold: tuple[Path, Path, Path], folders: tuple[Path, Path], tmp_path: Path) -> None:
    """Every entry rewritten by someone who can write the folder but has not the key: each with another
    entry's bytes of its kind (another book, other art, other findings) and a script, under a valid
    SHA-256, as the old cache checked them, or under an HMAC of another key. The kit is the cold
    build's, byte for byte."""
    entries = _warm_copy(cold, folders)
    kinds = {p.parent.name for p in entries}
    assert {"typeset", "placed", "sheets", "assembly", "preflight", "faces", "low-ink", "file-checks", "valid-variants"} <= kinds
    other_key = b"k" * 32
    for n, entry in enumerate(entries):
        same_kind = [p for p in entries if p.parent == entry.parent and p != entry]
        data = (same_kind[0].read_bytes()[:-32] if same_kind else b"forged") + b"<script>alert(1)</script>"
        tag = hashlib.sha256(data).digest() if n % 2 else hmac.new(other_key, data, hashlib.sha256).digest()
        entry.write_bytes(data + tag)
    warm = _kitpress(*QUICK_BUILD, "--out", str(tmp_path / "warm"))
    assert warm.returncode == 0, warm.stderr
    assert warm.stderr == ""  # a forged entry is only a miss: nothing to warn of
    assert _files(tmp_path / "warm") == _files(cold[2])


def test_an_entry_moved_under_another_name_is_a_miss(folders: tuple[Path, Path]) -> None:
    """The tag covers the kind and the name: one game's rule book copied over another's is not served."""
    root, _ = folders
    mine, theirs = cache.key("rules of one game"), cache.key("rules of another")
    cache.put("typeset", mine, b"%PDF one game's book")
    cache.put("typeset", theirs, b"%PDF another game's book")
    (root / "typeset" / theirs).write_bytes((root / "typeset" / mine).read_bytes())
    assert cache.get("typeset", theirs) is None
    (root / "preflight").mkdir(mode=0o700)
    (root / "preflight" / mine).write_bytes((root / "typeset" / mine).read_bytes())
    assert cache.get("preflight", mine) is None  # nor under another kind
    assert cache.get("typeset", mine) == b"%PDF one game's book"


class _Planted:
    """Unpickling this creates the folder it names: what a pickled entry could do on load."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (os.mkdir, (str(self.path),))


PLAIN_BYTES = {"typeset", "placed", "sheets", "assembly"}  # PDF bytes a build uses as they are


def test_an_entry_that_is_a_pickle_never_runs(cold: tuple[Path, Path, Path], folders: tuple[Path, Path], tmp_path: Path) -> None:
    """Even under a valid tag of this user's key (the worst case: a kitpress of old wrote it), a pickle
    is data to the cache. Every entry a build decodes holds a pickle that would make a folder when
    loaded, and the PDFs are gone, so that everything that decoding could serve is asked for (the sheets
    drawn again need every drawing, the preflight every finding): nothing runs, every such entry is a
    miss, and the kit is the cold build's."""
    entries = _warm_copy(cold, folders)
    pickle.loads(pickle.dumps(_Planted(tmp_path / "proof")))
    assert (tmp_path / "proof").is_dir()  # the payload is live: unpickling it makes its folder
    marker = tmp_path / "ran"
    payload = pickle.dumps(_Planted(marker))
    for entry in entries:
        if entry.parent.name in PLAIN_BYTES:
            entry.unlink()
        else:
            cache.put(entry.parent.name, entry.name, payload)  # under the real key
    warm = _kitpress(*QUICK_BUILD, "--out", str(tmp_path / "warm"))
    assert not marker.exists()
    assert warm.returncode == 0, warm.stderr
    assert _files(tmp_path / "warm") == _files(cold[2])


def test_a_warm_build_unpickles_nothing(cold: tuple[Path, Path, Path], folders: tuple[Path, Path], tmp_path: Path, run_cli: Callable[..., Result], monkeypatch: pytest.MonkeyPatch) -> None:
    """A build that reads everything back from the cache, in this process, with unpickling made to fail:
    it builds the same kit (nothing it read back needed pickle)."""
    _warm_copy(cold, folders)

    def refuse(*args: object, **kwargs: object) -> object:
        raise AssertionError("the cache unpickled an entry")

    monkeypatch.setattr(pickle, "loads", refuse)
    monkeypatch.setattr(pickle, "load", refuse)
    monkeypatch.setattr(pickle, "Unpickler", refuse)
    result = run_cli(*QUICK_BUILD, "--out", tmp_path / "warm")
    assert result.exit_code == 0, result.output
    assert _files(tmp_path / "warm") == _files(cold[2])


def test_garbage_under_a_valid_tag_is_a_miss_not_a_traceback(folders: tuple[Path, Path]) -> None:
    for decode in (Measured.from_bytes, lambda data: data.decode("utf-8")):
        entry = cache.key("garbage", repr(decode))
        cache.put("faces", entry, b"\xff\xfe\x00garbage")
        assert cache.get("faces", entry) is not None
        assert cache.decoded("faces", entry, decode) is None


# --- only regular files of ours, bounded, never waited on --------------------------------------------


_GET_IN_A_PROCESS = "import sys; from kitpress import cache; print(cache.get(sys.argv[1], sys.argv[2]))"


def _get_in_a_process(kind: str, entry: str) -> subprocess.CompletedProcess[str]:
    """cache.get in its own process, which the harness ends after 60 s: a read that blocks fails the test."""
    return subprocess.run([sys.executable, "-c", _GET_IN_A_PROCESS, kind, entry], capture_output=True, text=True, timeout=60)


def test_a_fifo_entry_does_not_hang(folders: tuple[Path, Path]) -> None:
    root, _ = folders
    entry = cache.key("fifo")
    cache.put("typeset", entry, b"a book")
    (root / "typeset" / entry).unlink()
    os.mkfifo(root / "typeset" / entry, 0o600)
    done = _get_in_a_process("typeset", entry)
    assert (done.returncode, done.stdout) == (0, "None\n"), done.stderr


def test_a_link_to_dev_zero_is_refused(folders: tuple[Path, Path]) -> None:
    root, _ = folders
    entry = cache.key("zero")
    cache.put("typeset", entry, b"a book")
    (root / "typeset" / entry).unlink()
    (root / "typeset" / entry).symlink_to("/dev/zero")
    done = _get_in_a_process("typeset", entry)
    assert (done.returncode, done.stdout) == (0, "None\n"), done.stderr
    link_to_good = cache.key("link to a good entry")
    cache.put("typeset", link_to_good, b"a book")
    (root / "typeset" / entry).unlink()
    (root / "typeset" / entry).symlink_to(root / "typeset" / link_to_good)
    assert cache.get("typeset", entry) is None  # a link is never followed, even to an entry of ours


def test_an_oversized_entry_is_refused(folders: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    """An entry over MAX_ENTRY_BYTES is not read, even with a valid tag; nor is one written."""
    root, _ = folders
    monkeypatch.setattr(cache, "MAX_ENTRY_BYTES", 1000)
    entry = cache.key("big")
    cache.put("typeset", entry, b"x" * 1000)
    assert cache.get("typeset", entry) == b"x" * 1000  # the limit itself is read
    secret = cache._key()
    assert secret is not None
    data = b"x" * 1001
    (root / "typeset" / entry).write_bytes(data + cache._mac(secret, "typeset", entry, data))
    assert cache.get("typeset", entry) is None
    (root / "typeset" / entry).unlink()
    cache.put("typeset", entry, data)
    assert not (root / "typeset" / entry).exists()


def test_the_stated_maximum_is_one_a_book_fits_in() -> None:
    assert 16 * 2**20 <= cache.MAX_ENTRY_BYTES <= 256 * 2**20  # a typeset book is a few hundred kB


# --- folders and entries of others, and the key --------------------------------------------------


def test_a_cache_folder_writable_by_others_is_refused_with_one_line(folders: tuple[Path, Path], tmp_path: Path) -> None:
    root, _ = folders
    root.mkdir()
    root.chmod(0o777)
    done = _kitpress(*QUICK_BUILD, "--out", str(tmp_path / "out"))
    assert done.returncode == 0, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and str(root) in lines[0] and "writable by others" in lines[0], done.stderr
    assert "Traceback" not in done.stderr
    assert list(root.iterdir()) == []  # nothing written into it
    assert (tmp_path / "out" / GAME / "manifest.json").is_file()


def test_a_kind_folder_or_entry_writable_by_others_is_refused(folders: tuple[Path, Path], caplog: pytest.LogCaptureFixture) -> None:
    root, _ = folders
    entry = cache.key("shared")
    cache.put("typeset", entry, b"a book")
    (root / "typeset" / entry).chmod(0o666)
    cache.reset()
    assert cache.get("typeset", entry) is None
    assert [r.getMessage() for r in caplog.records if "writable by others" in r.getMessage()] != []
    cache.reset()
    (root / "typeset" / entry).chmod(0o600)
    (root / "typeset").chmod(0o770)
    assert cache.get("typeset", entry) is None
    cache.reset()
    (root / "typeset").chmod(0o700)
    assert cache.get("typeset", entry) == b"a book"


def test_a_cache_of_another_user_is_refused(folders: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    """Seen from another user (another uid than the files'), the folder is refused once, with one line."""
    entry = cache.key("theirs")
    cache.put("typeset", entry, b"a book")
    cache._key()
    cache._folders_checked.clear()
    monkeypatch.setattr(os, "getuid", lambda: os.stat(folders[0]).st_uid + 1)
    assert cache.get("typeset", entry) is None
    assert cache.get("typeset", entry) is None
    warnings = [r.getMessage() for r in caplog.records if r.name == "kitpress.cache"]
    assert len(warnings) == 1 and "belongs to another user" in warnings[0]


@pytest.mark.parametrize("spoil", ["group-readable", "fifo", "folder", "link", "not-hex", "foreign"])
def test_a_key_that_is_not_a_private_file_of_ours_turns_the_cache_off(spoil: str, folders: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    root, config = folders
    config.mkdir(mode=0o700)
    key_file = config / cache.KEY_FILE
    if spoil == "group-readable":
        key_file.write_text("ab" * 32)
        key_file.chmod(0o640)
    elif spoil == "fifo":
        os.mkfifo(key_file, 0o600)
    elif spoil == "folder":
        key_file.mkdir()
    elif spoil == "link":
        (config / "elsewhere").write_text("ab" * 32)
        (config / "elsewhere").chmod(0o600)
        key_file.symlink_to(config / "elsewhere")
    elif spoil == "not-hex":
        key_file.write_text("not a key")
        key_file.chmod(0o600)
    else:
        key_file.write_text("ab" * 32)
        key_file.chmod(0o600)
        monkeypatch.setattr(os, "getuid", lambda: key_file.stat().st_uid + 1)
    entry = cache.key("with a bad key")
    cache.put("typeset", entry, b"a book")
    assert cache.get("typeset", entry) is None
    assert not (root / "typeset" / entry).exists()
    warnings = [r.getMessage() for r in caplog.records if r.name == "kitpress.cache"]
    assert len(warnings) == 1 and str(key_file) in warnings[0]


def test_the_key_is_made_private_in_a_private_folder(folders: tuple[Path, Path]) -> None:
    _, config = folders
    cache.put("typeset", cache.key("first"), b"a book")
    key_file = config / cache.KEY_FILE
    assert key_file.stat().st_mode & 0o777 == 0o600
    assert config.stat().st_mode & 0o777 == 0o700
    assert len(bytes.fromhex(key_file.read_text().strip())) == 32
    other = key_file.read_text()
    cache.reset()
    cache.put("typeset", cache.key("second"), b"a book")
    assert key_file.read_text() == other  # made once, then kept


def test_a_key_shared_on_purpose_shares_the_cache(folders: tuple[Path, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _, config = folders
    entry = cache.key("shared on purpose")
    cache.put("typeset", entry, b"a book")
    elsewhere = tmp_path / "other-config"
    elsewhere.mkdir(mode=0o700)
    monkeypatch.setenv("KITPRESS_CONFIG_DIR", str(elsewhere))
    assert cache.get("typeset", entry) is None  # another user's key: a miss
    (elsewhere / cache.KEY_FILE).unlink()
    (elsewhere / cache.KEY_FILE).write_bytes((config / cache.KEY_FILE).read_bytes())
    (elsewhere / cache.KEY_FILE).chmod(0o600)
    cache.reset()
    assert cache.get("typeset", entry) == b"a book"


# --- pruning -------------------------------------------------------------------------------------


def test_prune_leaves_a_foreign_file_alone(folders: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    root, _ = folders
    monkeypatch.setattr(cache, "MAX_ENTRIES", 2)
    monkeypatch.setattr(cache, "PRUNE_EVERY", 1)
    where = root / "typeset"
    where.mkdir(parents=True, mode=0o700)
    foreign = {
        "a forged entry": (where / cache.key("forged"), b"data" + hashlib.sha256(b"data").digest()),
        "a file of the user's": (where / "notes.txt", b"mine"),
        "a link": (where / cache.key("link"), None),
    }
    for path, data in foreign.values():
        if data is None:
            path.symlink_to(where / "notes.txt")
        else:
            path.write_bytes(data)
        os.utime(path, (1, 1), follow_symlinks=False)  # the oldest of all
    ours = [cache.key(f"ours-{n}") for n in range(4)]
    for n, name in enumerate(ours):
        cache.put("typeset", name, b"book")
        os.utime(where / name, (HOUR * (n + 1), HOUR * (n + 1)))
    for what, (path, _) in foreign.items():
        assert path.is_symlink() or path.exists(), what
    kept = [name for name in ours if (where / name).exists()]
    assert ours[-1] in kept and ours[0] not in kept  # ours, the oldest first, were pruned


# --- no home, no cache; and --workers --------------------------------------------------------------


@pytest.mark.parametrize("args", [["check", GAME], ["simulate", GAME, "--games", "5", "--workers", "1", "--quiet"]])
def test_a_missing_home_is_not_created(args: list[str], tmp_path: Path) -> None:
    home = tmp_path / "no-such-home"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("KITPRESS_", "XDG_", "MPLCONFIGDIR", "NUMBA_CACHE_DIR"))}
    env["HOME"] = str(home)
    done = _kitpress(*args, env=env)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""  # no cache, and no word of it
    assert not home.exists()


def test_workers_above_the_cores_are_capped_with_a_note(monkeypatch: pytest.MonkeyPatch) -> None:
    from click.testing import CliRunner

    from kitpress.cli import main
    from kitpress.commands import simulate as command
    from kitpress.simulate import sweep

    started: list[int | None] = []

    def pool(workers: int | None) -> sweep.InlineExecutor:
        started.append(workers)
        return sweep.InlineExecutor()

    monkeypatch.setattr(command, "usable_cores", lambda: 2)
    monkeypatch.setattr(sweep, "usable_cores", lambda: 2)
    monkeypatch.setattr(sweep, "worker_pool", pool)
    result = CliRunner().invoke(main, ["simulate", GAME, "--games", "5", "--workers", "64", "--quiet"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert result.stderr.strip() == "note: --workers 64 is more than the 2 cores here: using 2"
    assert started == [2]


def test_the_library_caps_workers_at_the_cores_too(monkeypatch: pytest.MonkeyPatch) -> None:
    from kitpress.simulate import sweep

    started: list[int | None] = []

    def pool(workers: int | None) -> sweep.InlineExecutor:
        started.append(workers)
        return sweep.InlineExecutor()

    monkeypatch.setattr(sweep, "usable_cores", lambda: 3)
    monkeypatch.setattr(sweep, "worker_pool", pool)
    sweep.run(sweep.Plan(GAME, (None,), 5), workers=64)
    assert started == [3]
