"""Local worker processes (for simulate and build) that end with the process that started them, even
when it is killed outright (kill -9 runs no clean-up, and an idle worker waiting for its next task would
wait for ever)."""

from __future__ import annotations

import contextlib
import ctypes
import multiprocessing
import os
import signal
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor

PR_SET_PDEATHSIG = 1  # linux/prctl.h
WATCH_SECONDS = 0.5  # how often a worker looks for its parent where the kernel cannot tell it


def _ask_kernel_to_kill_me_with_my_parent() -> None:
    """Linux: SIGKILL this process when its parent dies (prctl PR_SET_PDEATHSIG)."""
    if not sys.platform.startswith("linux"):
        return
    with contextlib.suppress(OSError, AttributeError):  # without it, the watcher thread still ends the worker
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, ctypes.c_ulong(signal.SIGKILL))


def _watch(parent: int) -> None:
    while os.getppid() == parent:  # a process whose parent died is handed to another
        time.sleep(WATCH_SECONDS)
    os._exit(1)


def end_with_parent(main: int, method: str) -> None:
    """Worker initializer: end when the parent process ends (the process that made the pool, or with
    the forkserver start method the server, which itself ends with that process)."""
    parent = os.getppid()
    if method != "forkserver" and parent != main:  # the pool's maker died before this worker began
        os._exit(1)
    _ask_kernel_to_kill_me_with_my_parent()
    if os.getppid() != parent:  # it died while the signal was being set up
        os._exit(1)
    threading.Thread(target=_watch, args=(parent,), name="watch-parent", daemon=True).start()


def worker_pool(workers: int | None) -> ProcessPoolExecutor:
    """A process pool whose workers end with this process, however it ends."""
    context = multiprocessing.get_context()
    return ProcessPoolExecutor(
        max_workers=workers, mp_context=context, initializer=end_with_parent,
        initargs=(os.getpid(), context.get_start_method()),
    )  # fmt: skip
