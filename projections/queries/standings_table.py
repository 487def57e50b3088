"""Standings by league and division, from the per-game team box rows.

Tie rule (documented in docs/read-models.md): teams with the same winning
percentage are ordered by their head-to-head winning percentage in games
among the tied teams, then by run differential, then by team code so the
order is always total.
"""

from __future__ import annotations

import datetime
from typing import Any

from league.adapters.store import Store
from projections.queries.common import fmt_gb, fmt_pct, iso
from projections.rows import rows_of


class _Record:
    """One club's games so far.  A plain class (no dataclass, no Fraction): importing those is a
    good part of what ``league standings`` may take beyond start-up."""

    __slots__ = ("team", "name", "league", "division", "w", "l", "home", "road", "rf", "ra", "results", "vs")

    def __init__(self, team: str, name: str, league: str, division: str) -> None:
        self.team, self.name, self.league, self.division = team, name, league, division
        self.w = self.l = self.rf = self.ra = 0
        self.home = [0, 0]
        self.road = [0, 0]
        self.results: list[str] = []  # "W"/"L" in playing order
        self.vs: dict[str, list[int]] = {}  # opponent -> [w, l]

    @property
    def pct(self) -> float:
        return _ratio(self.w, self.l, 0.0)


def _ratio(w: int, l: int, none: float) -> float:
    """w / (w + l), or ``none`` with no games.  A float orders and groups these exactly as the fraction
    would: equal fractions divide to the same float, and two different ones with denominators of a
    season's games differ by far more than a float's rounding."""
    return w / (w + l) if w + l else none


def standings(store: Store, as_of: datetime.date | str | None = None) -> list[dict[str, Any]]:
    """One row per team, grouped by league and division, best first."""
    bound = iso(as_of)
    with rows_of(store) as conn:
        clubs = conn.tuples("SELECT code, name, league, division FROM rm_teams ORDER BY code")
        # A season's every game twice (one row a side): plain tuples, not named rows.
        games = conn.tuples(
            "SELECT team, opponent, is_home, runs, opp_runs, won FROM rm_box_team WHERE date <= ? "
            "ORDER BY date, number, game_key, team", (bound,))
    records = {code: _Record(code, name, league, division) for code, name, league, division in clubs}
    for team, opponent, is_home, runs, opp_runs, won in games:
        r = records.get(team)
        if r is None or runs == opp_runs:  # a team we no longer have; or no decision
            continue
        won = 1 if won else 0
        r.w += won
        r.l += 1 - won
        split = r.home if is_home else r.road
        split[1 - won] += 1
        r.rf += runs
        r.ra += opp_runs
        r.results.append("W" if won else "L")
        h2h = r.vs.get(opponent)
        if h2h is None:
            h2h = r.vs[opponent] = [0, 0]
        h2h[1 - won] += 1
    rows: list[dict[str, Any]] = []
    divisions: dict[tuple[str, str], list[_Record]] = {}
    for r in records.values():
        divisions.setdefault((r.league, r.division), []).append(r)
    for key in sorted(divisions):
        ordered = _order(divisions[key])
        leader = ordered[0]
        for rank, r in enumerate(ordered, 1):
            gb = ((leader.w - r.w) + (r.l - leader.l)) / 2
            rows.append(_row(r, rank, gb))
    return rows


def _order(group: list[_Record]) -> list[_Record]:
    by_pct: dict[float, list[_Record]] = {}
    for r in group:
        by_pct.setdefault(r.pct, []).append(r)
    out: list[_Record] = []
    for pct in sorted(by_pct, reverse=True):
        out.extend(_break_tie(by_pct[pct]))
    return out


def _break_tie(tied: list[_Record]) -> list[_Record]:
    if len(tied) == 1:
        return tied
    codes = {r.team for r in tied}

    def head_to_head(r: _Record) -> float:
        w = sum(r.vs.get(o, [0, 0])[0] for o in codes if o != r.team)
        l = sum(r.vs.get(o, [0, 0])[1] for o in codes if o != r.team)
        return _ratio(w, l, 0.5)

    return sorted(tied, key=lambda r: (-head_to_head(r), -(r.rf - r.ra), r.team))


def _row(r: _Record, rank: int, gb: float) -> dict[str, Any]:
    last = r.results[-10:]
    return {
        "league": r.league,
        "division": r.division,
        "rank": rank,
        "team": r.team,
        "name": r.name,
        "w": r.w,
        "l": r.l,
        "pct": fmt_pct(r.w, r.l),
        "gb": fmt_gb(gb),
        "home": f"{r.home[0]}-{r.home[1]}",
        "road": f"{r.road[0]}-{r.road[1]}",
        "rf": r.rf,
        "ra": r.ra,
        "diff": r.rf - r.ra,
        "streak": _streak(r.results),
        "last10": f"{last.count('W')}-{last.count('L')}",
    }


def _streak(results: list[str]) -> str:
    if not results:
        return "-"
    n = 0
    for res in reversed(results):
        if res != results[-1]:
            break
        n += 1
    return f"{results[-1]}{n}"
