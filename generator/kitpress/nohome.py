"""kitpress never creates a missing home folder (HOME naming a folder that does not exist: a CI job, a
service account, a container). kitpress's own cache and config folders are made below an existing home
only (kitpress.cache); the libraries it uses would make theirs with every missing parent, the home
folder included: matplotlib its config and cache folders when imported (simulate), numba its cache of
compiled functions when kitpress's own folder cannot be written (a system-wide install). Without a
home, both are pointed at one private temporary folder, removed when the process ends."""

from __future__ import annotations

import os
from pathlib import Path


def home_missing() -> bool:
    """True when the home folder is named (HOME, or the user's record) but does not exist."""
    home = os.path.expanduser("~")
    return home != "~" and not os.path.isdir(home)


def keep_libraries_out_of_a_missing_home() -> None:
    """Before matplotlib or numba is imported: their folders in a temporary one when there is no home."""
    if not home_missing():
        return
    needs = ["MPLCONFIGDIR"]
    if not os.access(Path(__file__).parent, os.W_OK):  # numba caches beside the module where it can
        needs.append("NUMBA_CACHE_DIR")
    needs = [name for name in needs if not os.environ.get(name)]
    if not needs:
        return
    import atexit
    import shutil
    import tempfile

    folder = tempfile.mkdtemp(prefix="kitpress-")  # 0700, a fresh name
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    for name in needs:
        os.environ[name] = folder  # worker processes inherit it
