"""The draws of CPython's `random.Random` on a block of its 32-bit outputs, compiled with numba where it
is installed, and `jit`, which lets one source serve as a game's compiled and its Python port.

`draw` is `rng.choice`'s (and `randrange`'s) index below n: CPython takes n.bit_length() bits, the
top ones of the next output, until the number is below n. `shuffle` is `rng.shuffle`: for i from the
end down to 1, x[i] swaps with x[draw(i + 1)]. Both report a block that ran out, so that the game can
be played again on a longer one (words.py). `shuffle_by` is the same shuffle with the shifts taken
from a table (`shifts`), which costs the interpreter far less than counting bits.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import numpy as np

try:
    from numba import config as _numba_config
    from numba import njit

    COMPILED = not _numba_config.DISABLE_JIT  # under NUMBA_DISABLE_JIT=1 numba hands the functions back
except ImportError:  # without the `fast` extra, the same functions run as Python
    njit = None
    COMPILED = False

F = TypeVar("F", bound=Callable[..., Any])


def jit(function: F) -> F:
    """numba's `njit` (cached beside the module, without the GIL) where numba is installed; otherwise the
    function itself, which Python runs. A function written for both keeps to what numba compiles, on
    containers that index fast in either (arrays compiled, lists and memoryviews in Python: `ints`)."""
    if njit is None:
        return function
    compiled: F = njit(cache=True, nogil=True)(function)
    return compiled


def ints(values: Sequence[int]) -> Any:
    """A sequence of whole numbers for `jit` functions: an int64 array when they run compiled, a list
    when Python runs them (numpy's scalars are slow in the interpreter)."""
    return np.array(values, np.int64) if COMPILED else list(values)


def shifts(n: int) -> Any:
    """shifts[k] for k ≤ n: how far to shift a 32-bit output right to draw below k as CPython does
    (32 - k.bit_length(); shifts[0] is never used)."""
    return ints([32 - k.bit_length() for k in range(n + 1)])


@jit
def draw(words: np.ndarray, p: int, n: int) -> tuple[int, int]:
    """(index below n as rng.choice draws it, the next output), or (-1, p) when the block ran out."""
    k = 0
    while n >> k:
        k += 1
    while p < len(words):
        r = words[p] >> (32 - k)
        p += 1
        if r < n:
            return r, p
    return -1, p


@jit
def shuffle(words: np.ndarray, p: int, x: np.ndarray, length: int) -> int:
    """rng.shuffle(x[:length]) in place; returns the next output (-1: the block ran out)."""
    for i in range(length - 1, 0, -1):
        j, p = draw(words, p, i + 1)
        if j < 0:
            return -1
        x[i], x[j] = x[j], x[i]
    return p


@jit
def shuffle_by(words: Any, p: int, x: Any, length: int, shift: Any) -> int:
    """`shuffle` with shift[k] from `shifts`: rng.shuffle(x[:length]) in place, the next output or -1."""
    end = len(words)
    for i in range(length - 1, 0, -1):
        s = shift[i + 1]
        j = i + 1
        while j > i:  # below i + 1
            if p == end:
                return -1
            j = words[p] >> s
            p += 1
        x[i], x[j] = x[j], x[i]
    return p
