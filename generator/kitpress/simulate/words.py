"""A block of a generator's 32-bit outputs, for the compiled fast paths.

CPython's `random.Random` (a Mersenne Twister) answers `getrandbits(k)` for k ≤ 32 with the top k
bits of its next 32-bit output, and `getrandbits(32 * m)` with its next m outputs, the first in the
lowest bits. So a compiled game given a block of outputs can make every draw the engine makes
(`shuffle`, `choice`: draws.py) without calling back into Python. `block_exact(rng)` checks that this
generator works so (its class keeps CPython's methods, and a trial on two generators agrees).
"""

from __future__ import annotations

import random

import numpy as np

from kitpress.simulate.draws import exact


def words(rng: random.Random, m: int) -> np.ndarray:
    """The generator's next m 32-bit outputs, in order, as int64 (numba mixes no signed and unsigned)."""
    raw = rng.getrandbits(32 * m).to_bytes(4 * m, "little")
    return np.frombuffer(raw, dtype="<u4").astype(np.int64)


def _trial() -> bool:
    a, b = random.Random(20240607), random.Random(20240607)
    block = words(a, 40)
    singles = [b.getrandbits(32) for _ in range(20)] + [b.getrandbits(k) << (32 - k) for k in range(1, 21)]
    return [int(w) for w in block[:20]] == singles[:20] and all(int(w) >> (32 - k) << (32 - k) == singles[19 + k] for k, w in enumerate(block[20:], 1))


_BLOCKS = _trial()


def block_exact(rng: random.Random) -> bool:
    """Do this generator's draws come from its 32-bit outputs as described above?"""
    return _BLOCKS and exact(rng) and type(rng).getrandbits is random.Random.getrandbits
