"""How fast this host runs plain Python today: a reference loop the benchmarks print beside their figures.

The development machines are shared virtual machines whose speed changes
from day to day and within a day (the same code's Strat-O-Matic audit took
5.3 s one afternoon and 16 s on the next session's host).  A
benchmark's seconds mean little without the host's speed that hour, so
``ops/bench_strat.py`` (and the other card-season benchmarks) and
``ops/bench_cli.py`` print the time of one fixed piece of pure Python --
the sum of the squares below ten million, best of three -- before and after
they run.  Compare figures from two runs only together with their
reference times: twice the reference time means a host at about half the
speed (docs/strat-o-matic.md, "Benchmark", gives dated pairs).
"""

from __future__ import annotations

import time


def reference_seconds(rounds: int = 3) -> float:
    """The best of ``rounds`` timings of the reference loop, in seconds."""
    best = float("inf")
    for _ in range(rounds):
        t = time.perf_counter()
        sum(i * i for i in range(10_000_000))
        best = min(best, time.perf_counter() - t)
    return best


def describe(label: str) -> str:
    return f"host speed {label}: reference loop {reference_seconds():.2f} s (lower is faster; see ops/host_speed.py)"


if __name__ == "__main__":
    print(describe("now"))
