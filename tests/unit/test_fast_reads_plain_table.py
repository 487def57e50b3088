"""The plain tables' copy of rich's ratio_reduce (kept to spare a read command rich's fractions import) is rich's."""

from __future__ import annotations

import random

from rich._ratio import ratio_reduce as richs

from commands.plain_table import ratio_reduce


def test_ratio_reduce_is_richs() -> None:
    rng = random.Random(16)
    for _ in range(2000):
        n = rng.randint(1, 12)
        values = [rng.randint(1, 200) for _ in range(n)]
        ratios = [rng.choice((0, 1, 1, 2)) for _ in range(n)]
        maximums = [rng.randint(0, 60) for _ in range(n)]
        total = rng.randint(0, sum(values))
        assert ratio_reduce(total, ratios, maximums, values) == richs(total, ratios, maximums, values)
