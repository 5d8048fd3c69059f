"""The draws of CPython's `random.Random` on a block of its 32-bit outputs, compiled with numba.

`draw` is `rng.choice`'s (and `randrange`'s) index below n: CPython takes n.bit_length() bits, the
top ones of the next output, until the number is below n. `shuffle` is `rng.shuffle`: for i from the
end down to 1, x[i] swaps with x[draw(i + 1)]. Both report a block that ran out, so that the game can
be played again on a longer one (words.py).
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True, nogil=True)
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


@njit(cache=True, nogil=True)
def shuffle(words: np.ndarray, p: int, x: np.ndarray, length: int) -> int:
    """rng.shuffle(x[:length]) in place; returns the next output (-1: the block ran out)."""
    for i in range(length - 1, 0, -1):
        j, p = draw(words, p, i + 1)
        if j < 0:
            return -1
        x[i], x[j] = x[j], x[i]
    return p
