"""A disk cache of finished work, keyed by content: the same input gives the same bytes, so work done
once (a typeset booklet) is not done again in the next build, even in another process.

It lives in the user's cache folder (KITPRESS_CACHE_DIR, else the platform's cache folder), never in
an output folder. It is safe to delete at any time, and it can never make a build fail or differ:

- an entry is data (bytes, text, JSON or a small typed encoding its user decodes), never a format that
  runs code when it is read (no pickle);
- an entry is used only when its HMAC-SHA256, under a secret of this user's (`cache-key` in the config
  folder, 0600, made on first use), matches its kind, its name and its bytes: a file someone else put
  there, or an entry copied under another name, is a miss; a cache shared on purpose needs the key too;
- a folder or entry owned by another user or writable by others is refused (one warning, then the
  process goes on without the cache), as is a key file that is not a private regular file of ours;
- only regular files of at most MAX_ENTRY_BYTES are read, opened without following a link and without
  waiting on a FIFO;
- pruning deletes only entries it authenticates as its own;
- folders are made below an existing home only: with no home, there is no cache.

A cache that cannot be read or written is simply not used. KITPRESS_CACHE=off turns it off.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import os
import re
import secrets
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import platformdirs

log = logging.getLogger(__name__)
T = TypeVar("T")

MAX_ENTRIES = 400  # per kind; the oldest go first (a booklet is a few hundred kB)
MAX_BY_KIND = {"faces": 4000, "low-ink": 4000}  # one per piece's face: a class kit has about 700, a few kB each
MAX_ENTRY_BYTES = 64 * 2**20  # the largest entry read or written: a typeset book is a few hundred kB
PRUNE_EVERY = 50  # puts of a kind between two looks at its folder (listing thousands of entries is not free)
KEY_FILE = "cache-key"  # in the config folder, beside the printer profiles
_MAC = 32
_ENTRY_NAME = re.compile(r"[0-9a-f]{64}")  # what key() makes: the only names get, put and prune touch
_KIND_NAME = re.compile(r"[a-z][a-z-]{0,39}")
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)  # not on Windows, where links are rare and need privileges
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)  # a FIFO opens at once instead of waiting for a writer
_READ_FLAGS = os.O_RDONLY | _NOFOLLOW | _NONBLOCK | getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0)
_puts: dict[str, int] = {}
# What this process learnt of the cache it uses (KITPRESS_CACHE_DIR and the config folder may change
# in one process: tests do). Inherited by forked workers, so a refusal is said once a build.
_state_for: tuple[str | None, str | None] | None = None
_secret: bytes | None = None
_secret_known = False
_off = False  # refused (a warning said why): no more cache for these folders in this process
_folders_checked: set[Path] = set()


class _Refused(Exception):
    """The cache is not trusted; the message is the one line the user sees."""


def folder() -> Path | None:
    """Where the cache lives, or None when it is turned off."""
    if os.environ.get("KITPRESS_CACHE", "").lower() in ("off", "0", "no"):
        return None
    chosen = os.environ.get("KITPRESS_CACHE_DIR")
    return Path(chosen) if chosen else Path(platformdirs.user_cache_dir("kitpress", appauthor=False))


def key(*parts: str | bytes) -> str:
    """One hex key for every part that decides the result, each part framed by its length."""
    digest = hashlib.sha256()
    for part in parts:
        data = part.encode("utf-8") if isinstance(part, str) else part
        digest.update(len(data).to_bytes(8, "big"))
        digest.update(data)
    return digest.hexdigest()


def get(kind: str, entry: str) -> bytes | None:
    """The bytes stored for this entry, if any, whole and written under this user's key."""
    where = _kind_folder(kind, entry, make=False)
    if where is None:
        return None
    try:
        stored = _read_entry(where / entry)
    except _Refused as refused:
        _refuse(str(refused))
        return None
    if stored is None:
        return None
    return _authentic(kind, entry, stored)


def decoded(kind: str, entry: str, decode: Callable[[bytes], T]) -> T | None:
    """The entry as `decode` reads it (JSON, text, a typed encoding: data only), or None when it is
    missing or does not decode: entries written by another version of kitpress are a miss, not a fault."""
    stored = get(kind, entry)
    if stored is None:
        return None
    try:
        return decode(stored)
    except Exception:  # any fault of a decoder on bad data (ValueError, KeyError, TypeError, zlib.error)
        return None


def put(kind: str, entry: str, data: bytes) -> None:
    """Store the bytes under the entry, atomically; a cache that cannot be written is skipped."""
    if len(data) > MAX_ENTRY_BYTES:
        return
    where = _kind_folder(kind, entry, make=True)
    secret = _key()
    if where is None or secret is None:
        return
    try:
        handle, temporary = tempfile.mkstemp(dir=where, prefix=".part-")  # 0600, a fresh name
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(data + _mac(secret, kind, entry, data))
            os.replace(temporary, where / entry)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
        count = _puts[kind] = _puts.get(kind, 0) + 1
        if (count - 1) % PRUNE_EVERY == 0:  # the first put of a process, then every PRUNE_EVERY-th
            _prune(where, kind, MAX_BY_KIND.get(kind, MAX_ENTRIES))
    except OSError:
        return  # a full disk, a read-only home, no permission: the build goes on without the cache


def _mac(secret: bytes, kind: str, entry: str, data: bytes) -> bytes:
    """The entry's tag: its kind and name are in it, so an entry moved under another name is a miss."""
    return hmac.new(secret, f"kitpress-cache-1\0{kind}\0{entry}\0".encode() + data, hashlib.sha256).digest()


def _authentic(kind: str, entry: str, stored: bytes) -> bytes | None:
    secret = _key()
    if secret is None or len(stored) < _MAC:
        return None
    data, tag = stored[:-_MAC], stored[-_MAC:]
    if not hmac.compare_digest(_mac(secret, kind, entry, data), tag):
        return None  # torn, damaged, written by another key or by someone else: do the work again
    return data


def _kind_folder(kind: str, entry: str, make: bool) -> Path | None:
    """The kind's folder when the cache is on and trusted (made if `make`), else None."""
    _follow_environment()
    if _off or not _KIND_NAME.fullmatch(kind) or not _ENTRY_NAME.fullmatch(entry):
        return None
    root = folder()
    if root is None or _key() is None:
        return None
    try:
        for path in (root, root / kind):
            if path not in _folders_checked:
                if not _trusted_folder(path, make):
                    return None
                _folders_checked.add(path)
    except _Refused as refused:
        _refuse(str(refused))
        return None
    return root / kind


def _trusted_folder(path: Path, make: bool) -> bool:
    """True when `path` is a folder of ours that others cannot write; False when it is missing (and not
    made). A folder of someone else's raises _Refused."""
    try:
        info = path.stat()  # the folder the user named may be a link: what it leads to is checked
    except FileNotFoundError:
        if not make or not _make_folder(path):
            return False
        info = path.stat()
    except OSError:
        return False
    if not stat.S_ISDIR(info.st_mode):
        return False
    _check_owner(path, info, "cache folder")
    return True


def _make_folder(path: Path) -> bool:
    """Make the folder (0700) and its missing parents, but never a missing home folder."""
    home = _home()
    if home is not None and not home.is_dir() and (path == home or home in path.parents):
        return False
    try:
        path.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError:
        return False
    return True


def _home() -> Path | None:
    """The home folder, as the platform folders are found from it (HOME, else the user's record)."""
    expanded = os.path.expanduser("~")
    return None if expanded == "~" else Path(expanded)


def _check_owner(path: Path, info: os.stat_result, what: str) -> None:
    """Refuse a file or folder of another user's, or one that others may write (where there are users)."""
    if not hasattr(os, "getuid"):
        return  # Windows: the profile folders are private by their ACLs
    if info.st_uid != os.getuid():
        raise _Refused(f"kitpress: not using the cache: {what} {path} belongs to another user")
    if info.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        raise _Refused(f"kitpress: not using the cache: {what} {path} is writable by others (chmod go-w it)")


def _read_entry(path: Path) -> bytes | None:
    """The bytes of a regular file of ours holding at most MAX_ENTRY_BYTES and its tag, else None; never
    follows a link, never waits on a FIFO. An entry of another user's, or writable by others, raises
    _Refused."""
    limit = MAX_ENTRY_BYTES + _MAC
    try:
        handle = os.open(path, _READ_FLAGS)
    except OSError:  # missing, a link (ELOOP), no permission
        return None
    try:
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode) or info.st_size > limit:
            return None
        _check_owner(path, info, "cache entry")
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(handle, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        return None if size > limit else b"".join(chunks)
    except OSError:
        return None
    finally:
        os.close(handle)


def _refuse(message: str) -> None:
    """Say once why the cache is not used, and use it no more in this process."""
    global _off
    if not _off:
        _off = True
        log.warning(message)


def _key() -> bytes | None:
    """This user's secret for the cache, read (or made) once a process; None: no cache."""
    global _secret, _secret_known
    if not _secret_known and not _off:
        _secret_known = True  # asked once: without a home, no key and no cache, at no further cost
        try:
            _secret = _read_or_make_key()
        except _Refused as refused:
            _refuse(str(refused))
    return None if _off else _secret


def _config_dir() -> Path:
    from kitpress.printer import config_dir  # the folder printer profiles live in

    return config_dir()


def _read_or_make_key() -> bytes | None:
    """The secret in `<config>/cache-key` (64 hex digits); made when missing. None: no cache (no home,
    a config folder that cannot be written); _Refused: a key file that is not a private one of ours."""
    path = _config_dir() / KEY_FILE
    found = _read_key(path)
    if found is not None:
        return found
    if not _make_folder(path.parent):
        return None
    try:
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".cache-key-")  # 0600
    except OSError:
        return None
    try:
        with os.fdopen(handle, "w", encoding="ascii") as out:
            out.write(secrets.token_hex(32) + "\n")
        try:
            os.link(temporary, path)  # whole at once, and never over a key another process just made
        except FileExistsError:
            pass
        except OSError:  # a file system without hard links: made in place, exclusively
            with open(temporary, "rb") as source:
                made = source.read()
            try:
                fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW, 0o600)
            except FileExistsError:
                pass
            else:
                with os.fdopen(fd, "wb") as out:
                    out.write(made)
    except OSError:
        return None
    finally:
        Path(temporary).unlink(missing_ok=True)
    return _read_key(path)


def _read_key(path: Path) -> bytes | None:
    try:
        handle = os.open(path, _READ_FLAGS)
    except FileNotFoundError:
        return None
    except OSError as error:  # a link, no permission
        raise _Refused(f"kitpress: not using the cache: cannot read its key {path}: {error.strerror or error}") from None
    try:
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode):
            raise _Refused(f"kitpress: not using the cache: its key {path} is not a regular file")
        if hasattr(os, "getuid"):
            if info.st_uid != os.getuid():
                raise _Refused(f"kitpress: not using the cache: its key {path} belongs to another user")
            if info.st_mode & 0o077:
                raise _Refused(f"kitpress: not using the cache: its key {path} is readable or writable by others (chmod 600 it)")
        text = os.read(handle, 200).strip()
    except OSError as error:
        raise _Refused(f"kitpress: not using the cache: cannot read its key {path}: {error.strerror or error}") from None
    finally:
        os.close(handle)
    if not re.fullmatch(rb"[0-9a-f]{64}", text):
        raise _Refused(f"kitpress: not using the cache: its key {path} is not 64 hex digits (delete it to make a new one)")
    return bytes.fromhex(text.decode("ascii"))


def _prune(where: Path, kind: str, most: int) -> None:
    """Delete the oldest entries above `most`, only those this user's key authenticates."""
    entries: list[tuple[float, Path]] = []
    for path in where.iterdir():
        if not _ENTRY_NAME.fullmatch(path.name):
            continue
        try:
            info = path.lstat()
        except OSError:
            continue
        if stat.S_ISREG(info.st_mode):
            entries.append((info.st_mtime, path))
    if len(entries) <= most:
        return
    entries.sort()
    for _, old in entries[: len(entries) - most]:
        try:
            stored = _read_entry(old)
        except _Refused:
            continue  # not ours: left alone
        if stored is not None and _authentic(kind, old.name, stored) is not None:
            old.unlink(missing_ok=True)


def _follow_environment() -> None:
    """Forget what was learnt of other folders when KITPRESS_CACHE_DIR or KITPRESS_CONFIG_DIR changed."""
    global _state_for, _secret, _secret_known, _off
    now = (os.environ.get("KITPRESS_CACHE_DIR"), os.environ.get("KITPRESS_CONFIG_DIR"))
    if now != _state_for:
        _state_for, _secret, _secret_known, _off = now, None, False, False
        _folders_checked.clear()


def reset() -> None:
    """Forget what this process learnt of the cache (its key, a refusal, the folders checked)."""
    global _state_for
    _state_for = None
    _follow_environment()
    _puts.clear()
