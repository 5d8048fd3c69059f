"""A disk cache of finished work, keyed by content: the same input gives the same bytes, so work done
once (a typeset booklet) is not done again in the next build, even in another process.

It lives in the user's cache folder (KITPRESS_CACHE_DIR, else the platform's cache folder), never in
an output folder. It is safe to delete at any time, and it can never make a build fail or differ: an
entry carries the SHA-256 of its bytes and is used only when they still match it, and a cache that
cannot be read or written is simply not used. KITPRESS_CACHE=off turns it off.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path

import platformdirs

MAX_ENTRIES = 400  # per kind; the oldest go first (a booklet is a few hundred kB)
MAX_BY_KIND = {"drawings": 4000, "faces": 4000, "low-ink": 4000}  # one per piece's face: a class kit has about 700, a few kB each
PRUNE_EVERY = 50  # puts of a kind between two looks at its folder (listing thousands of entries is not free)
_DIGEST = 32
_puts: dict[str, int] = {}


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
    """The bytes stored for this entry, if any and whole."""
    root = folder()
    if root is None:
        return None
    try:
        stored = (root / kind / entry).read_bytes()
    except OSError:
        return None
    data, check = stored[:-_DIGEST], stored[-_DIGEST:]
    if len(stored) < _DIGEST or hashlib.sha256(data).digest() != check:
        return None  # torn or damaged: do the work again
    return data


def put(kind: str, entry: str, data: bytes) -> None:
    """Store the bytes under the entry, atomically; a cache that cannot be written is skipped."""
    root = folder()
    if root is None:
        return
    where = root / kind
    try:
        where.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=where, prefix=".part-")
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(data + hashlib.sha256(data).digest())
            os.replace(temporary, where / entry)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
        count = _puts[kind] = _puts.get(kind, 0) + 1
        if (count - 1) % PRUNE_EVERY == 0:  # the first put of a process, then every PRUNE_EVERY-th
            _prune(where, MAX_BY_KIND.get(kind, MAX_ENTRIES))
    except OSError:
        return  # a full disk, a read-only home, no permission: the build goes on without the cache


def _prune(where: Path, most: int) -> None:
    entries = [p for p in where.iterdir() if not p.name.startswith(".")]
    if len(entries) <= most:
        return
    by_age = sorted(entries, key=lambda p: p.stat().st_mtime)
    for old in by_age[: len(entries) - most]:
        old.unlink(missing_ok=True)
