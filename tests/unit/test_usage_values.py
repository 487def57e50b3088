"""Appearance and UsageLimits behave as the frozen dataclasses they replaced, and snapshots store them the same.

They became plain classes so that `league pitchers` need not build dataclasses
at import (issue #16); a Staff snapshot written before must read back, and
one written now must be byte for byte what the dataclass gave.
"""

from __future__ import annotations

import copy
import datetime
import pickle
from dataclasses import dataclass

import pytest
from eventsourcing.persistence import JSONTranscoder

from league.domain.transcodings import FastJSONTranscoder, snapshot_transcodings
from league.domain.usage import Appearance, UsageLimits


@dataclass(frozen=True)
class OldAppearance:  # the definition before: league/domain/usage.py until issue #16's last session
    date: datetime.date
    game: str
    role: str


@dataclass(frozen=True)
class OldUsageLimits:
    per_7_days: int = 4
    per_30_days: int = 14
    per_season: int = 90


DAY = datetime.date(2024, 5, 17)


def test_an_appearance_compares_hashes_and_prints_as_the_dataclass_did() -> None:
    a = Appearance(DAY, "NYA202405170", "start")
    old = OldAppearance(DAY, "NYA202405170", "start")
    assert a == Appearance(date=DAY, game="NYA202405170", role="start")
    assert a != Appearance(DAY, "NYA202405170", "relief")
    assert a != (DAY, "NYA202405170", "start")  # no tuple: equal only to another appearance
    assert hash(a) == hash(old)
    assert repr(a) == repr(old).replace("OldAppearance", "Appearance")
    assert len({a, Appearance(DAY, "NYA202405170", "start")}) == 1
    match a:
        case Appearance(day, game, "start"):
            assert (day, game) == (DAY, "NYA202405170")
        case _:
            pytest.fail("positional match")


def test_an_appearance_cannot_be_changed_and_survives_pickling_and_copies() -> None:
    a = Appearance(DAY, "G1", "relief")
    with pytest.raises(AttributeError):
        a.role = "start"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del a.game
    for twin in (pickle.loads(pickle.dumps(a)), copy.copy(a), copy.deepcopy(a)):
        assert twin == a and twin.date == DAY and twin.role == "relief"


@pytest.mark.parametrize("transcoder", [FastJSONTranscoder, JSONTranscoder])
def test_a_snapshot_holding_appearances_is_written_as_before_and_reads_back(transcoder: type) -> None:
    t = transcoder()
    for coding in snapshot_transcodings():
        t.register(coding)
    state = {"usage": {"p1": [Appearance(DAY, "G1", "start"), Appearance(DAY, "G2", "relief")]}}
    data = t.encode(state)
    assert data == (b'{"usage":{"p1":[{"_type_":"league_appearance","_data_":["2024-05-17","G1","start"]},'
                    b'{"_type_":"league_appearance","_data_":["2024-05-17","G2","relief"]}]}}')
    back = t.decode(data)
    assert back == state and type(back["usage"]["p1"][0]) is Appearance


def test_usage_limits_keep_their_defaults_equality_and_words() -> None:
    limits = UsageLimits()
    assert (limits.per_7_days, limits.per_30_days, limits.per_season) == (4, 14, 90)
    assert limits == UsageLimits(4, 14, 90) != UsageLimits(per_season=76)
    assert hash(limits) == hash(OldUsageLimits())
    assert repr(limits) == repr(OldUsageLimits()).replace("OldUsageLimits", "UsageLimits")
    assert pickle.loads(pickle.dumps(limits)) == limits
    with pytest.raises(AttributeError):
        limits.per_season = 100  # type: ignore[misc]
    assert limits.breach_counts(3, 14, 20) == "14 appearances in 30 days (limit 14)"
    assert limits.breach_counts(3, 13, 89) is None


def test_window_counts_and_days_in_a_row_read_a_date_ordered_history_as_any_other() -> None:
    """The Staff's date-ordered histories are searched (issue #16); the answers are a plain list's."""
    import datetime as dt
    import random

    from league.domain.usage import Appearance, DateOrdered, days_in_a_row, window_counts

    rng = random.Random(3)
    start = dt.date(2024, 3, 1)
    for _ in range(300):
        days = sorted(start + dt.timedelta(days=rng.randint(0, 60)) for _ in range(rng.randint(0, 40)))
        plain = [Appearance(date=d, game=f"g{i}", role=rng.choice(["start", "relief"])) for i, d in enumerate(days)]
        ordered = DateOrdered(plain)
        for _ in range(10):
            today = start + dt.timedelta(days=rng.randint(-2, 65))
            assert window_counts(ordered, today) == window_counts(plain, today)
            assert window_counts(plain, today) == tuple(
                sum(first <= a.date < today for a in plain)
                for first in (today - dt.timedelta(days=6), today - dt.timedelta(days=29), dt.date(today.year, 1, 1)))
            set_days = {a.date for a in plain if a.date <= today}
            streak = 0
            while today - dt.timedelta(days=streak + 1) in set_days:
                streak += 1
            assert days_in_a_row(ordered, today) == days_in_a_row(plain, today) == (today in set_days, streak)
