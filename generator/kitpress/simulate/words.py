"""A block of a generator's 32-bit outputs, for the compiled fast paths.

CPython's `random.Random` (a Mersenne Twister) answers `getrandbits(k)` for k ≤ 32 with the top k
bits of its next 32-bit output, and `getrandbits(32 * m)` with its next m outputs, the first in the
lowest bits. So a compiled game given a block of outputs can make every draw the engine makes
(`shuffle`, `choice`: draws.py) without calling back into Python. `block_exact(rng)` checks that this
generator works so (its class keeps CPython's methods, and a trial on two generators agrees).

`words` gives the block as an int64 array, for compiled code; `block` as whatever the `jit` functions
index fastest where they run (compiled_draws.COMPILED): that array, or else a memoryview of the
outputs, whose items are Python ints (numpy's scalars cost the interpreter several times more).
"""

from __future__ import annotations

import random
import struct
import sys
from collections.abc import Sequence
from typing import Any

import numpy as np

from kitpress.simulate.compiled_draws import COMPILED
from kitpress.simulate.draws import exact

# a memoryview reads the little-endian bytes as 32-bit outputs only on a little-endian machine
_VIEW = sys.byteorder == "little" and struct.calcsize("I") == 4


def words(rng: random.Random, m: int) -> np.ndarray:
    """The generator's next m 32-bit outputs, in order, as int64 (numba mixes no signed and unsigned)."""
    raw = rng.getrandbits(32 * m).to_bytes(4 * m, "little")
    return np.frombuffer(raw, dtype="<u4").astype(np.int64)


def _python_block(raw: bytes) -> Sequence[int]:
    return memoryview(raw).cast("I") if _VIEW else struct.unpack(f"<{len(raw) // 4}I", raw)


def block(rng: random.Random, m: int) -> Any:
    """The generator's next m 32-bit outputs, in order, for `jit` functions however they run."""
    if COMPILED:
        return words(rng, m)
    return _python_block(rng.getrandbits(32 * m).to_bytes(4 * m, "little"))


def longer(outputs: Any, rng: random.Random, m: int) -> Any:
    """`outputs` (from `block`) followed by the generator's next m outputs."""
    if isinstance(outputs, np.ndarray):
        return np.concatenate((outputs, words(rng, m)))
    more = _python_block(rng.getrandbits(32 * m).to_bytes(4 * m, "little"))
    return _python_block(outputs.tobytes() + more.tobytes()) if isinstance(outputs, memoryview) else (*outputs, *more)


def _trial() -> bool:
    a, b, c = random.Random(20240607), random.Random(20240607), random.Random(20240607)
    arrays = words(a, 40)
    python = _python_block(c.getrandbits(32 * 40).to_bytes(4 * 40, "little"))
    singles = [b.getrandbits(32) for _ in range(20)] + [b.getrandbits(k) << (32 - k) for k in range(1, 21)]
    return all(
        [int(w) for w in outputs[:20]] == singles[:20] and all(int(w) >> (32 - k) << (32 - k) == singles[19 + k] for k, w in enumerate(outputs[20:], 1))
        for outputs in (arrays, python)
    )


_BLOCKS = _trial()


def block_exact(rng: random.Random) -> bool:
    """Do this generator's draws come from its 32-bit outputs as described above?"""
    return _BLOCKS and exact(rng) and type(rng).getrandbits is random.Random.getrandbits
