"""A deterministic zip of a folder's files: sorted entries, fixed timestamps and permissions, so the same kit
gives the same bytes."""

from __future__ import annotations

import io
import zipfile

FIXED_TIME = (1980, 1, 1, 0, 0, 0)  # the earliest time a zip can hold


def zip_files(files: list[tuple[str, bytes]], prefix: str) -> bytes:
    """Every (relative path, bytes) pair, stored as `prefix/relative/path`, in sorted order."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for rel, data in sorted(files):
            info = zipfile.ZipInfo(f"{prefix}/{rel}", date_time=FIXED_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 3  # unix, whatever machine made it
            info.external_attr = 0o100644 << 16
            archive.writestr(info, data, compresslevel=9)
    return buffer.getvalue()
