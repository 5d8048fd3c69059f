"""The output folder is the user's: kitpress writes, replaces and deletes only what it wrote there.

- A folder kitpress replaces (a game's kit, the class kit) is kitpress's when its `manifest.json` lists
  everything in it; a folder holding anything else is refused, naming the first such file, and is left
  as it was. Top-level files (`index.html`, the zip) are kitpress's when `.kitpress-files.json` records
  them with the checksum they still have.
- No link below OUT is followed, written through or deleted: a link where kitpress would write is refused.
- One build at a time writes into OUT: `.kitpress.lock` holds the writer's pid under an flock, which the
  kernel releases when the writer dies, so a killed build never leaves a lock behind.
- A folder is replaced by two renames, through a staging and a backup folder whose names are unique to
  the build; whatever a kill leaves (staging, backup, half-deleted backup) the next writer mends first.
  A file whose bytes did not change enters the staging folder as a hard link to the previous kit's
  (checked to be a regular file with those very bytes), so it keeps its inode and mtime.
- An operating-system error while writing is bad input about a path: one line, exit 2.
"""

from __future__ import annotations

import errno
import fcntl
import hashlib
import json
import os
import shutil
import stat
import tempfile
from collections.abc import Callable, Collection, Iterator
from contextlib import contextmanager
from pathlib import Path

from kitpress.atomic import write_bytes
from kitpress.errors import KitpressError

MANIFEST = "manifest.json"
LOCK = ".kitpress.lock"
RECORD = ".kitpress-files.json"  # the top-level files kitpress wrote into OUT, with their checksums

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
            fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o644)
        except OSError as exc:
            if exc.errno == errno.ELOOP:
                raise OutputError(f"{path}: is a link; kitpress does not write through links") from None
            raise
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(fd, 32, 0).decode("ascii", "replace").strip() or "?"
            if say:
                say(f"waiting for another kitpress (pid {holder}) to finish writing into {out}")
            fcntl.flock(fd, fcntl.LOCK_EX)
        with os_errors(path):
            os.ftruncate(fd, 0)
            os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        yield
    finally:
        os.close(fd)  # closing releases the flock


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


def check_ours(folder: Path) -> None:
    """Refuse to replace `folder` unless everything in it is listed by its manifest."""
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
    """Write top-level files of OUT (checked with `check_top_files` first) and record them as kitpress's.
    While a file is being replaced the record holds both checksums, so a kill in between blocks nothing."""
    record = _record(out)
    with os_errors(out):
        for name, data in files.items():
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


def _aside(final: Path, role: str) -> str:
    return f".{final.name}.{role}-"


def _asides(final: Path, role: str) -> list[Path]:
    """Real folders (never links) that a build of `final` set aside as `role`, oldest first."""
    prefix = _aside(final, role)
    try:
        found = [p for p in final.parent.iterdir() if p.name.startswith(prefix) and not is_link(p) and p.is_dir()]
    except OSError:
        return []
    return sorted(found, key=lambda p: (p.stat().st_mtime_ns, p.name))


def _whole(folder: Path) -> bool:
    listed = listed_files(folder)
    return listed is not None and all((folder / p).is_file() for p in listed)


def recover(final: Path) -> None:
    """Mend what a killed writer of `final` left; call with OUT's lock held (so no writer is alive).

    A backup exists without its kit only when a kill fell between the two renames of `replace_folder`:
    it is whole, and goes back. Every other staging or backup folder is a leftover, removed."""
    with os_errors(final):
        backups = _asides(final, "old")
        if not final.exists() and not is_link(final):
            whole = [b for b in backups if _whole(b)]
            if whole:
                os.rename(whole[-1], final)
                backups.remove(whole[-1])
        for leftover in (*_asides(final, "staging"), *backups):
            shutil.rmtree(leftover, ignore_errors=True)


def new_staging(final: Path) -> Path:
    """A fresh, empty folder beside `final`, created exclusively under a name no other build has, with
    the permissions an ordinary `mkdir` would give it (mkdtemp's are private)."""
    with os_errors(final.parent):
        staging = Path(tempfile.mkdtemp(prefix=_aside(final, "staging"), dir=final.parent))
        os.chmod(staging, 0o777 & ~_umask())
        return staging


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def replace_folder(staging: Path, final: Path) -> None:
    """Swap `staging` in for `final` (checked with `check_ours`); a kill leaves one of the two whole,
    an interrupt (KeyboardInterrupt) puts the previous folder back if the swap had not happened."""
    backup: Path | None = None
    try:
        if final.exists():
            backup = Path(tempfile.mkdtemp(prefix=_aside(final, "old"), dir=final.parent))
            os.rename(final, backup)  # onto an empty folder: one step
        os.rename(staging, final)
    except BaseException:
        if backup is not None and not final.exists() and _whole(backup):
            os.rename(backup, final)
        raise
    finally:
        if backup is not None and final.exists():
            shutil.rmtree(backup, ignore_errors=True)


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


def holds(final: Path, manifest: bytes) -> bool:
    """True when `final` is the folder whose manifest is `manifest` (to say which kit is in place)."""
    try:
        return not is_link(final) and (final / MANIFEST).read_bytes() == manifest
    except OSError:
        return False
