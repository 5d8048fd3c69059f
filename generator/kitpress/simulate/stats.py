"""Small, exact statistics for the simulation table: Wilson intervals and length summaries.

Plain Python on purpose: the same records in the same order give bit-identical numbers, whatever
machine or worker count produced them.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054  # the 97.5th percentile of the standard normal distribution


@dataclass(frozen=True)
class Proportion:
    """k of n, with its 95% Wilson score interval."""

    k: int
    n: int
    low: float
    high: float

    @property
    def rate(self) -> float:
        return self.k / self.n if self.n else math.nan


def wilson(k: int, n: int, z: float = Z95) -> Proportion:
    """The Wilson score interval for k successes in n trials (NaN bounds when n is 0).

    Unlike the normal approximation it stays inside 0..1 and behaves at k = 0 and k = n, which
    matters for rare outcomes such as draws.
    """
    if n <= 0:
        return Proportion(k, n, math.nan, math.nan)
    if not 0 <= k <= n:
        raise ValueError(f"{k} successes in {n} trials")
    p = k / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z / denom * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    return Proportion(k, n, max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class Spread:
    """Mean, sample standard deviation, median and 90th percentile of some whole numbers."""

    n: int
    mean: float
    sd: float
    median: float
    p90: float


def nearest_rank(sorted_values: Sequence[float], q: float) -> float:
    """The q-quantile by the nearest-rank rule: always one of the values themselves."""
    if not sorted_values:
        return math.nan
    rank = max(1, math.ceil(q * len(sorted_values)))
    return sorted_values[rank - 1]


def spread(values: Sequence[float]) -> Spread:
    if not values:
        return Spread(0, math.nan, math.nan, math.nan, math.nan)
    ordered = sorted(values)
    sd = statistics.stdev(ordered) if len(ordered) > 1 else 0.0
    return Spread(len(ordered), statistics.fmean(ordered), sd, statistics.median(ordered), nearest_rank(ordered, 0.9))
