"""The draws `random.Random.shuffle` and `.choice` make, without their per-call overhead, for the fast paths.

CPython's Random picks below n by drawing n.bit_length() random bits until the number is below n; a
shuffle does that for i + 1 = len, ..., 2. `exact(rng)` checks that this generator really works so
(its class keeps CPython's methods, and a trial on a copy agrees); the fast paths fall back to the
generator's own methods (or to the reference engine) otherwise, so games stay the same in any case.

The fast paths call `rng.getrandbits` themselves where a draw sits in their innermost loop:
`below_with` written out inline is

    k = n.bit_length()          # or a precomputed bit count
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, MutableSequence
from typing import Any


@functools.cache
def shuffle_plan(length: int) -> tuple[tuple[int, int], ...]:
    """(i, bits) for each swap of a shuffle of `length` items: x[i] swaps with x[j], j drawn below i + 1."""
    return tuple((i, (i + 1).bit_length()) for i in range(length - 1, 0, -1))


def shuffle_with(getrandbits: Callable[[int], int], x: MutableSequence[Any]) -> None:
    """`random.Random.shuffle(x)` on the generator whose `getrandbits` this is: the same draws, the same
    order. The bit counts come from a table (`j > i` is `j >= i + 1`), which is a quarter faster."""
    for i, k in shuffle_plan(len(x)):
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


def below_with(getrandbits: Callable[[int], int], n: int) -> int:
    k = n.bit_length()
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r


def _trial() -> bool:
    a, b = random.Random(20240607), random.Random(20240607)
    x, y = list(range(60)), list(range(60))
    a.shuffle(x)
    shuffle_with(b.getrandbits, y)
    picks_a = [a.choice(range(n)) for n in range(1, 40)]
    picks_b = [below_with(b.getrandbits, n) for n in range(1, 40)]
    return x == y and picks_a == picks_b and a.random() == b.random()


_EXACT = _trial()


_CLASSES: dict[type, bool] = {}


def exact(rng: random.Random) -> bool:
    """Do this generator's `shuffle` and `choice` draw as `shuffle_with` and `below_with` do?"""
    cls = type(rng)
    if cls not in _CLASSES:
        same = all(getattr(cls, name) is getattr(random.Random, name) for name in ("shuffle", "choice", "_randbelow"))
        _CLASSES[cls] = _EXACT and same
    return _CLASSES[cls]


def tools(rng: random.Random) -> tuple[Callable[[MutableSequence[Any]], None], Callable[[int], int]]:
    """(shuffle, below): below(n) is the index rng.choice would take from a sequence of length n."""
    if exact(rng):
        return functools.partial(shuffle_with, rng.getrandbits), functools.partial(below_with, rng.getrandbits)
    return rng.shuffle, (lambda n: rng.choice(range(n)))
