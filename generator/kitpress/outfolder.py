"""The output folder is the user's: kitpress writes, replaces and deletes only what it wrote there.

- A folder kitpress replaces (a game's kit, the class kit) is kitpress's when its `manifest.json` lists
  everything in it; a folder holding anything else is refused, naming the first such file, and is left
  as it was. Top-level files (`index.html`, the zip) are kitpress's when `.kitpress-files.json` records
  them with the checksum they still have.
- No link below OUT is followed, written through or deleted: a link where kitpress would write is refused.
- One build at a time writes into OUT: `.kitpress.lock` holds the writer's pid under an flock (a
  byte-range lock on Windows), which the system releases when the writer dies, so a killed build never
  leaves a lock behind. The lock file is written only when it is a regular file with no other name:
  never through a symbolic or a hard link.
- A folder is replaced by two renames, through a staging and a backup folder whose names carry a random
  token and are recorded in `.kitpress-journal.json` before they are made; whatever a kill leaves
  (staging, backup, half-deleted backup) the next writer mends first, and only recorded names are ever
  removed, so a folder of the user's that merely looks like one is never touched.
- The ownership check holds at the swap: the kit folder is checked again just before it is set aside,
  and once more after (whatever appeared in between puts it back and refuses).
  A file whose bytes did not change enters the staging folder as a hard link to the previous kit's
  (checked to be a regular file with those very bytes), so it keeps its inode and mtime.
- An operating-system error while writing is bad input about a path: one line, exit 2.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import secrets
import shutil
import stat
import time
from collections.abc import Callable, Collection, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from kitpress.atomic import write_bytes
from kitpress.errors import KitpressError

MANIFEST = "manifest.json"
LOCK = ".kitpress.lock"
RECORD = ".kitpress-files.json"  # the top-level files kitpress wrote into OUT, with their checksums
JOURNAL = ".kitpress-journal.json"  # the staging and backup folders kitpress made beside its folders
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)  # (absent on Windows, where `is_link` checks stand alone)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)

# What the user sees for an operating-system error, by errno.
_REASONS = {
    errno.ENOSPC: "the disk is full",
    errno.EDQUOT: "the disk quota is used up",
    errno.EROFS: "the file system is read-only",
    errno.EACCES: "no permission to write here",
    errno.EPERM: "this file system does not allow it",
    errno.ENOTDIR: "a part of this path is a file, not a folder",
    errno.EEXIST: "a file stands where a folder is needed",
    errno.ENOENT: "cannot create it here (a special file system, or a folder that vanished)",
    errno.ELOOP: "is a link; kitpress does not write through links",
    errno.EISDIR: "is a folder where a file is needed",
    errno.ENAMETOOLONG: "the path is too long",
    errno.EIO: "the disk reported an input/output error",
}


class OutputError(KitpressError):
    """The output folder cannot take the kit: one line naming the path and what is wrong (exit 2)."""


def os_problem(exc: OSError, fallback: Path, after: str = "") -> OutputError:
    reason = _REASONS.get(exc.errno or 0, exc.strerror or str(exc))
    where = exc.filename if exc.filename else fallback
    return OutputError(f"{where}: {reason}" + (f"; {after}" if after else ""))


@contextmanager
def os_errors(where: Path, after: str = "") -> Iterator[None]:
    """Turn an operating-system error inside the block into one line about the path."""
    try:
        yield
    except OSError as exc:
        raise os_problem(exc, where, after) from None


def is_link(path: Path) -> bool:
    try:
        return stat.S_ISLNK(path.lstat().st_mode)
    except OSError:  # missing, or below a file: not a link (writing there fails, at its own line)
        return False


def ensure_folder(root: Path, *parts: str) -> Path:
    """`root` (created if missing; the user's choice, so it may itself be a link) and the folders
    `parts` below it, none of which may be a link or a file."""
    with os_errors(root):
        if root.exists() and not root.is_dir():
            raise OutputError(f"{root}: is a file; --out needs a folder")
        root.mkdir(parents=True, exist_ok=True)
        folder = root
        for part in parts:
            folder = folder / part
            if is_link(folder):
                raise OutputError(f"{folder}: is a link; kitpress does not write through links")
            if folder.exists() and not folder.is_dir():
                raise OutputError(f"{folder}: is a file where kitpress keeps a folder; move it away")
            folder.mkdir(exist_ok=True)
    return folder


@contextmanager
def writer_lock(out: Path, say: Callable[[str], None] | None = None) -> Iterator[None]:
    """Hold OUT's lock for the block; a second writer waits, saying for whom."""
    ensure_folder(out)
    path = out / LOCK
    with os_errors(path):
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT | _NOFOLLOW | _CLOEXEC | _NONBLOCK, 0o666)
        except OSError as exc:
            if exc.errno == errno.ELOOP:
                raise OutputError(f"{path}: is a link; kitpress does not write through links") from None
            raise
    try:
        _check_lock_file(path, fd)
        if not _lock(fd, wait=False):
            holder = _read_head(fd).decode("ascii", "replace").strip() or "?"
            if say:
                say(f"waiting for another kitpress (pid {holder}) to finish writing into {out}")
            _lock(fd, wait=True)
        with os_errors(path):
            _check_lock_file(path, fd)  # still no other name, now that it is ours to write
            os.ftruncate(fd, 0)
            os.lseek(fd, 0, os.SEEK_SET)
            os.write(fd, f"{os.getpid()}\n".encode())
        yield
    finally:
        os.close(fd)  # closing releases the lock


def _check_lock_file(path: Path, fd: int) -> None:
    """The lock file is written (truncated, then given a pid) only when it is a regular file and its one
    name is the lock's: a hard link would write into some other file of the user's."""
    held = os.fstat(fd)
    if not stat.S_ISREG(held.st_mode):
        raise OutputError(f"{path}: is not a regular file; move it away")
    if held.st_nlink != 1:
        raise OutputError(f"{path}: has another name (a hard link); kitpress does not write through links: remove it")


_LOCK_BYTE = 1 << 30  # Windows locks a byte range; one far past the pid, which stays readable


def _lock(fd: int, wait: bool) -> bool:
    """Take the writers' lock on `fd`; False when another process holds it and `wait` is False. fcntl
    and msvcrt are imported here, not at load: every command imports this module, on every system."""
    if os.name == "nt":  # pragma: no cover - exercised on Windows only
        import msvcrt

        while True:
            os.lseek(fd, _LOCK_BYTE, os.SEEK_SET)
            try:
                msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined]
                return True
            except OSError:
                if not wait:
                    return False
                time.sleep(0.2)
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
    except BlockingIOError:
        return False
    return True


def _read_head(fd: int) -> bytes:
    os.lseek(fd, 0, os.SEEK_SET)
    return os.read(fd, 32)


# --- what is kitpress's -------------------------------------------------------------------------


def listed_files(folder: Path) -> set[str] | None:
    """The paths a folder's manifest lists, or None when there is no readable manifest."""
    try:
        body = json.loads((folder / MANIFEST).read_text("utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(body, dict) or not isinstance(body.get("files"), list):
        return None
    return {e["path"] for e in body["files"] if isinstance(e, dict) and isinstance(e.get("path"), str)}


def _leftover_temporary(rel: str, listed: set[str]) -> bool:
    """`atomic.write_bytes`'s own temporary name (`.NAME.XXXX.tmp`) beside a file the kit lists."""
    head, _, name = rel.rpartition("/")
    if not (name.startswith(".") and name.endswith(".tmp")):
        return False
    siblings = {p.rpartition("/")[2] for p in (*listed, MANIFEST) if p.rpartition("/")[0] == head}
    return any(name.startswith(f".{sibling}.") for sibling in siblings)


def check_ours(folder: Path, shown: Path | None = None) -> None:
    """Refuse to replace `folder` unless everything in it is listed by its manifest. `shown`: the name
    to give it in the message (a kit folder set aside under a backup name is still the user's kit)."""
    try:
        _check_ours(folder)
    except OutputError as exc:
        if shown is None:
            raise
        raise OutputError(str(exc).replace(str(folder), str(shown))) from None


def _check_ours(folder: Path) -> None:
    if is_link(folder):
        raise OutputError(f"{folder}: is a link; kitpress does not replace a folder through a link")
    if not folder.exists():
        return
    if not folder.is_dir():
        raise OutputError(f"{folder}: is a file, not a folder kitpress wrote; move it away or choose another --out")
    listed = listed_files(folder)
    folders = {p.rsplit("/", i)[0] for p in listed or () for i in range(1, p.count("/") + 1)}
    with os_errors(folder):
        entries = sorted(_walk(folder))
        # A file is named before a folder: "photos/beach.jpg" says more than "photos".
        foreign = [p for p in entries if is_link(p) or not p.is_dir()] + [p for p in entries if not is_link(p) and p.is_dir()]
        for path in foreign:
            rel = path.relative_to(folder).as_posix()
            if is_link(path):
                raise OutputError(f"{path}: is a link inside a kit folder; kitpress neither follows nor deletes it: move it out")
            if rel == MANIFEST or rel in folders or (listed is not None and (rel in listed or _leftover_temporary(rel, listed))):
                continue
            if listed is None:
                raise OutputError(f"{path}: {folder / MANIFEST} is missing or damaged, so kitpress cannot tell this is its own; move it out or choose another --out")
            raise OutputError(f"{path}: not written by kitpress (the kit's manifest does not list it); move it out of {folder} or choose another --out")


def _walk(folder: Path) -> Iterator[Path]:
    for top, dirs, files in os.walk(folder, followlinks=False):
        for name in (*dirs, *files):
            yield Path(top) / name


def check_top_files(out: Path, names: list[str]) -> None:
    """Refuse to overwrite a top-level file of OUT that kitpress did not write, or that was changed since."""
    record = _record(out)
    for name in names:
        path = out / name
        if is_link(path):
            raise OutputError(f"{path}: is a link; kitpress does not write through links")
        if not path.exists():
            continue
        with os_errors(path):
            ours = path.is_file() and _sha256(path.read_bytes()) in record.get(name, [])
        if not ours:
            raise OutputError(f"{path}: not written by kitpress (or changed since); move it away or choose another --out")


def write_top_files(out: Path, files: dict[str, bytes]) -> None:
    """Write top-level files of OUT and record them as kitpress's. Each is checked (`check_top_files`)
    again right before it is replaced: a file the user saved there while the kit was being made (a
    build takes minutes) is refused, not overwritten. While a file is being replaced the record holds
    both checksums, so a kill in between blocks nothing."""
    check_top_files(out, list(files))
    record = _record(out)
    with os_errors(out):
        for name, data in files.items():
            check_top_files(out, [name])
            record[name] = sorted({*record.get(name, []), _sha256(data)})
            _write_record(out, record)
            write_bytes(out / name, data)
            record[name] = [_sha256(data)]
        _write_record(out, record)


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _record(out: Path) -> dict[str, list[str]]:
    try:
        body = json.loads((out / RECORD).read_text("utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(body, dict):
        return {}
    return {k: [h for h in v if isinstance(h, str)] for k, v in body.items() if isinstance(v, list)}


def _write_record(out: Path, record: dict[str, list[str]]) -> None:
    if is_link(out / RECORD):
        raise OutputError(f"{out / RECORD}: is a link; kitpress does not write through links")
    write_bytes(out / RECORD, (json.dumps(record, indent=2, sort_keys=True) + "\n").encode())


# --- replacing a folder ---------------------------------------------------------------------------
#
# The staging and backup folders beside a folder kitpress replaces have names with a random token, and
# each is recorded in OUT's journal before it is made: only recorded names are ever tidied away, so a
# folder of the user's that merely looks like one (`.game.old-2024`) is never touched.


def _aside(final: Path, role: str) -> str:
    return f".{final.name}.{role}-"


def _journal(parent: Path) -> list[str]:
    """The aside names recorded in `parent`'s journal (an unreadable journal records nothing)."""
    if is_link(parent / JOURNAL):
        return []
    try:
        body = json.loads((parent / JOURNAL).read_text("utf-8"))
    except (OSError, ValueError):
        return []
    names = body.get("asides") if isinstance(body, dict) else None
    return [n for n in names if isinstance(n, str) and n.startswith(".") and "/" not in n and "\\" not in n] if isinstance(names, list) else []


def _set_journal(parent: Path, names: list[str]) -> None:
    path = parent / JOURNAL
    if is_link(path):
        raise OutputError(f"{path}: is a link; kitpress does not write through links")
    if not names and not path.exists():
        return
    write_bytes(path, (json.dumps({"asides": sorted(set(names))}, indent=2) + "\n").encode())


def _forget(parent: Path, *names: str) -> None:
    """Drop names from the journal once their folders are gone (best effort: a stale name is harmless,
    `_asides` skips names that are not there)."""
    kept = [n for n in _journal(parent) if n not in names]
    with suppress(OSError, OutputError):
        _set_journal(parent, kept)


def _new_aside(final: Path, role: str) -> Path:
    """A fresh, empty folder beside `final` under a name no one has (a random token), recorded in the
    journal before it is made; `mkdir` makes it exclusively, with the permissions the umask gives."""
    parent = final.parent
    while True:
        path = parent / f"{_aside(final, role)}{secrets.token_hex(6)}"
        if os.path.lexists(path):
            continue
        _set_journal(parent, [*_journal(parent), path.name])
        try:
            os.mkdir(path, 0o777)
        except FileExistsError:  # made by someone else this very instant: not ours
            _forget(parent, path.name)
            continue
        return path


def _asides(final: Path, role: str) -> list[Path]:
    """Real folders (never links) that a build of `final` set aside as `role` and recorded, oldest first."""
    prefix = _aside(final, role)
    found = []
    for name in _journal(final.parent):
        path = final.parent / name
        if name.startswith(prefix) and not is_link(path) and path.is_dir():
            found.append(path)
    return sorted(found, key=lambda p: (p.stat().st_mtime_ns, p.name))


def _whole(folder: Path) -> bool:
    listed = listed_files(folder)
    return listed is not None and all((folder / p).is_file() for p in listed)


def recover(final: Path) -> None:
    """Mend what a killed writer of `final` left; call with OUT's lock held (so no writer is alive).

    A backup exists without its kit only when a kill fell between the two renames of `replace_folder`:
    it is whole, and goes back. Every other recorded staging or backup folder is a leftover, removed."""
    parent = final.parent
    with os_errors(final):
        backups = _asides(final, "old")
        if not final.exists() and not is_link(final):
            whole = [b for b in backups if _whole(b)]
            if whole:
                os.rename(whole[-1], final)
                backups.remove(whole[-1])
        for leftover in (*_asides(final, "staging"), *backups):
            shutil.rmtree(leftover, ignore_errors=True)
        prefixes = (_aside(final, "staging"), _aside(final, "old"))
        gone = [n for n in _journal(parent) if n.startswith(prefixes) and not os.path.lexists(parent / n)]
        if gone:
            _forget(parent, *gone)


def new_staging(final: Path) -> Path:
    """A fresh, empty staging folder beside `final` (see `_new_aside`)."""
    with os_errors(final.parent):
        return _new_aside(final, "staging")


def replace_folder(staging: Path, final: Path) -> None:
    """Swap `staging` in for `final`; a kill leaves one of the two whole, an interrupt
    (KeyboardInterrupt) puts the previous folder back if the swap had not happened.

    `final` is checked (`check_ours`) just before it is set aside, and the folder set aside is checked
    again: a file the user saved into it meanwhile puts it back and refuses, so nothing of theirs is
    ever removed with the previous kit."""
    backup: Path | None = None
    made = [staging]
    try:
        if final.exists() or is_link(final):
            check_ours(final)
            backup = _new_aside(final, "old")
            made.append(backup)
            os.rename(final, backup)  # onto an empty folder: one step
            try:
                check_ours(backup, shown=final)
            except OutputError:
                os.rename(backup, final)
                backup = None
                raise
        os.rename(staging, final)
    except BaseException:
        if backup is not None and not final.exists() and _whole(backup):
            os.rename(backup, final)
        raise
    finally:
        if backup is not None and final.exists():
            shutil.rmtree(backup, ignore_errors=True)
        gone = [p.name for p in made if not os.path.lexists(p)]
        if gone:
            _forget(final.parent, *gone)


def _link_unchanged(old: Path, new: Path, data: bytes) -> bool:
    """Put the previous kit's file in the staging folder as a hard link when it holds exactly `data`:
    a rebuild rewrites only the files whose content changed, and the rest keep their inode and mtime
    (a printer queue, a sync tool or `make` sees them unchanged). Only a regular file of the folder
    `check_ours` accepted is linked, never a link; anything unexpected means: write it afresh."""
    try:
        fd = os.open(old, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)  # a FIFO must not block
    except OSError:
        return False  # missing, a link, or unreadable
    try:
        held = os.fstat(fd)
        if not stat.S_ISREG(held.st_mode) or held.st_size != len(data):
            return False
        with os.fdopen(os.dup(fd), "rb") as handle:
            if handle.read(len(data) + 1) != data:
                return False
    except OSError:
        return False
    finally:
        os.close(fd)
    try:
        new.parent.mkdir(parents=True, exist_ok=True)
        os.link(old, new, follow_symlinks=False)
        linked = new.lstat()
    except OSError:  # a file system without hard links, or the file went away meanwhile
        new.unlink(missing_ok=True)
        return False
    if (linked.st_ino, linked.st_dev) != (held.st_ino, held.st_dev):  # replaced between the read and the link
        new.unlink(missing_ok=True)
        return False
    return True


def write_folder(final: Path, files: list[tuple[str, bytes]], manifest: bytes, link: Collection[str] | None = None) -> None:
    """Write a whole folder (files, then its manifest) beside `final` and swap it in. A file the previous
    folder holds with the same bytes is linked rather than written (`link`: only these paths). Call with
    OUT's lock held. On any failure the previous folder is in place and no staging is left."""
    recover(final)
    check_ours(final)
    staging = new_staging(final)
    try:
        for rel, data in [*files, (MANIFEST, manifest)]:  # the manifest last
            if (link is not None and rel not in link) or not _link_unchanged(final / rel, staging / rel, data):
                write_bytes(staging / rel, data)
        replace_folder(staging, final)
    except OSError as exc:
        # Name the file as the user will know it: in the kit folder, not in the staging folder.
        name = str(exc.filename or final).replace(str(staging), str(final), 1)
        kept = "the previous kit is left as it was" if final.exists() else "no kit was written"
        raise OutputError(f"{name}: {_REASONS.get(exc.errno or 0, exc.strerror or str(exc))}; {kept}") from None
    finally:
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)
        if not os.path.lexists(staging):
            _forget(final.parent, staging.name)


def holds(final: Path, manifest: bytes) -> bool:
    """True when `final` is the folder whose manifest is `manifest` (to say which kit is in place)."""
    try:
        return not is_link(final) and (final / MANIFEST).read_bytes() == manifest
    except OSError:
        return False
