"""A deterministic zip of a folder: sorted entries, fixed timestamps and permissions, so the same kit
gives the same bytes."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

FIXED_TIME = (1980, 1, 1, 0, 0, 0)  # the earliest time a zip can hold


def zip_folder(folder: Path, prefix: str) -> bytes:
    """Every file under `folder`, stored as `prefix/relative/path`, in sorted order."""
    buffer = io.BytesIO()
    files = sorted((p for p in folder.rglob("*") if p.is_file()), key=lambda p: p.relative_to(folder).as_posix())
    with zipfile.ZipFile(buffer, "w") as archive:
        for path in files:
            info = zipfile.ZipInfo(f"{prefix}/{path.relative_to(folder).as_posix()}", date_time=FIXED_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 3  # unix, whatever machine made it
            info.external_attr = 0o100644 << 16
            archive.writestr(info, path.read_bytes(), compresslevel=9)
    return buffer.getvalue()
