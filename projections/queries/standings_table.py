"""Standings by league and division, from the per-game team box rows.

Tie rule (documented in docs/read-models.md): teams with the same winning
percentage are ordered by their head-to-head winning percentage in games
among the tied teams, then by run differential, then by team code so the
order is always total.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from league.adapters.store import Store
from projections.queries.common import fmt_gb, fmt_pct, iso
from projections.rows import rows_of


@dataclass
class _Record:
    team: str
    name: str
    league: str
    division: str
    w: int = 0
    l: int = 0
    home: list[int] = field(default_factory=lambda: [0, 0])
    road: list[int] = field(default_factory=lambda: [0, 0])
    rf: int = 0
    ra: int = 0
    results: list[str] = field(default_factory=list)  # "W"/"L" in playing order
    vs: dict[str, list[int]] = field(default_factory=dict)  # opponent -> [w, l]

    @property
    def pct(self) -> Fraction:
        return Fraction(self.w, self.w + self.l) if self.w + self.l else Fraction(0)


def standings(store: Store, as_of: datetime.date | str | None = None) -> list[dict[str, Any]]:
    """One row per team, grouped by league and division, best first."""
    bound = iso(as_of)
    with rows_of(store) as conn:
        clubs = conn.all("SELECT code, name, league, division FROM rm_teams ORDER BY code")
        games = conn.all(
            "SELECT team, opponent, is_home, runs, opp_runs, won FROM rm_box_team WHERE date <= ? "
            "ORDER BY date, number, game_key, team", (bound,))
    records = {t.code: _Record(t.code, t.name, t.league, t.division) for t in clubs}
    for g in games:
        r = records.get(g.team)
        if r is None or g.runs == g.opp_runs:  # a team we no longer have; or no decision
            continue
        won = 1 if g.won else 0
        r.w += won
        r.l += 1 - won
        split = r.home if g.is_home else r.road
        split[1 - won] += 1
        r.rf += g.runs
        r.ra += g.opp_runs
        r.results.append("W" if won else "L")
        h2h = r.vs.setdefault(g.opponent, [0, 0])
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
    by_pct: dict[Fraction, list[_Record]] = {}
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

    def head_to_head(r: _Record) -> Fraction:
        w = sum(r.vs.get(o, [0, 0])[0] for o in codes if o != r.team)
        l = sum(r.vs.get(o, [0, 0])[1] for o in codes if o != r.team)
        return Fraction(w, w + l) if w + l else Fraction(1, 2)

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
