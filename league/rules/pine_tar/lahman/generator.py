"""Pine Tar card files for a real season, built from the Lahman database.

``generate_season(year)`` reads the season (:mod:`.stats`), picks each
club's men from real usage (the eight fielders with the most games at their
positions, the DH or the pitchers' spot, four reserves, the rotation, the
bullpen with its closer), rates them with :mod:`.formulas` and writes one
card file per club, named by Retrosheet code as the other games' files are.
docs/pine-tar.md ("Real seasons") has the rules and the measured realism.

Calibration, per league-season:

1. **Pitchers' grades.**  Each pitcher is worth some runs per batter faced
   above the league's: his own component line (hits, homers, walks,
   strikeouts, shrunk toward his club's), moved with his club's so the
   staff's mean is the club's real runs allowed per batter faced.  His home
   and away grades (a starter's with the third-time grade) are the grade
   options around that worth, measured on the league's average column.
2. **Batters' columns.**  Each man's real rates, with his club's rates
   shifted so the lineup (weighted by batting-order spot) gives the club's
   real batting rates, are laid out so that against the league's mix of
   grades (1) the column gives them.

Card order is what the season player reads: the eight fielders in batting
order, the ninth (the DH, or in a league without the DH the pitchers' spot:
one batter card for the club's pitchers), the reserves; then the rotation
(role S), the relievers (R) and the closer (C).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping, Sequence

from league.adapters.folders import write_files
from league.adapters.lahman.card_season import CardNames, CardSeason, Line, card_season
from league.adapters.lahman.positions import (FIELD, OUTFIELD, assign_positions, batting_order, games_at, pick_staff,
                                             rated_positions)
from league.domain.errors import LeagueError
from league.rules.pine_tar.charts import load_charts
from league.rules.pine_tar.lahman import formulas as f
from league.rules.pine_tar.team_file import PineTarTeam, read_team_text

FIELDING_ROW = {"c": "C", "1b": "1B", "2b": "2B", "3b": "3B", "ss": "SS", "lf": "OF", "cf": "OF", "rf": "OF",
                "p": "P"}
BENCH = 4
RELIEVERS = 6  # and the closer
DIVISIONS = {"E": "East", "W": "West", "C": "Central"}
PITCHERS_SPOT = "Pitchers' spot"
SLOT_PA = tuple(4.65 - 0.1 * i for i in range(9))  # plate appearances a game by spot in the order
SPOT_COUNTS = ("AB", "H", "2B", "3B", "HR", "BB", "HBP", "SO", "SF", "SH", "SB", "CS", "GIDP")


@dataclass
class _Batter:
    pid: str
    name: str
    bats: str
    throws: str
    line: Line
    positions: list[str]
    target: dict[str, float] = field(default_factory=dict)


@dataclass
class _Pitcher:
    pid: str
    name: str
    throws: str
    bats: str
    line: Line
    bat_line: Line | None
    role: str  # "S" | "R" | "C"
    mip: int
    bf: float
    worth: float = 0.0
    home: f.GradeOption | None = None
    away: f.GradeOption | None = None


@dataclass
class _Club:
    row: dict[str, Any]
    code: str
    name: str
    league: str
    division: str
    lineup: list[_Batter]
    bench: list[_Batter]
    pitchers: list[_Pitcher]


@dataclass
class _League:
    rates: dict[str, float]
    pitchers_batting: dict[str, float]
    runs_per_pa: float
    weights: dict[str, float]
    hr: float
    steal_success: float
    attempts: float
    triple: float
    ec: float
    error_rate: dict[str, float]
    range_factor: dict[str, float]
    of_assists: float
    caught: float
    mix: dict[str, float] = field(default_factory=dict)
    values: dict[str, float] = field(default_factory=dict)


# --- the season ---------------------------------------------------------------------

def generate_season(year: int, teams: Sequence[str] | None = None) -> list[PineTarTeam]:
    """One card file per club of ``year`` (or the clubs named, by Retrosheet or Lahman code)."""
    cs = card_season(year)
    season = cs.season
    wanted = season.resolve_codes(teams) if teams else None
    out: list[PineTarTeam] = []
    for league in season.leagues():
        rows = season.teams_in(league)
        lg = _league(cs, league)
        names = CardNames(cs, PITCHERS_SPOT)
        clubs = [_club(cs, r, lg, names) for r in rows]
        _grade(cs, clubs, lg)
        _shift_batters(cs, clubs, lg)
        out += [_team(cs, c, lg) for c in clubs if wanted is None or c.code in wanted]
    return sorted(out, key=lambda t: t.code)


def write_season(year: int, out_dir: str | Path, teams: Sequence[str] | None = None) -> list[Path]:
    """Write ``<code>.txt`` for each club of the season; returns the paths."""
    files = generate_season(year, teams)  # before the folder is made: a refused season makes none
    return write_files(out_dir, "the card files", [(f"{team.code}.txt", team.text) for team in files])


@functools.cache
def _modifier() -> dict[tuple[str, str], str]:
    return load_charts().modifier


def _pa(b: Line) -> float:
    return f.get(b, "AB") + f.get(b, "BB") + f.get(b, "HBP") + f.get(b, "SF") + f.get(b, "SH")


def _is_pitcher(a: Line) -> bool:
    return f.get(a, "G_p") > 0 and 2 * f.get(a, "G_p") >= f.get(a, "G_all")


def _sum(lines: Sequence[Mapping[str, float]]) -> dict[str, float]:
    return {e: sum(x[e] for x in lines) for e in f.EVENTS}


def _as_rates(counts: Mapping[str, float]) -> dict[str, float]:
    pa = sum(counts.values()) or 1.0
    return {e: counts[e] / pa for e in f.EVENTS}


def _league(cs: CardSeason, league: str) -> _League:
    season = cs.season
    rows = season.teams_in(league)
    tids = [r["teamID"] for r in rows]
    batting = [b for t in tids for b in cs.batting(t)]
    counts = _sum([f.batting_counts(b) for b in batting])
    pa = sum(counts.values()) or 1.0
    lg_rates = _as_rates(counts)
    apps = {(t, a["playerID"]): a for t in tids for a in cs.appearances(t)}
    pitchers = [f.batting_counts(b) for t in tids for b in cs.batting(t)
                if _is_pitcher(apps.get((t, b["playerID"]), {}))]
    if sum(sum(x.values()) for x in pitchers) < 200:  # a DH league: the season's pitchers, both leagues
        pitchers = [f.batting_counts(b) for r in season.teams for b in cs.batting(r["teamID"])
                    if _is_pitcher(next((a for a in cs.appearances(r["teamID"]) if a["playerID"] == b["playerID"]),
                                        {}))]
    enough = sum(sum(x.values()) for x in pitchers) >= f.PITCHERS_BATTING_PA
    p_bat = _as_rates(_sum(pitchers)) if enough else dict(f.PITCHERS_BATTING)
    total = {c: sum(f.get(b, c) for b in batting) for c in ("SB", "CS", "3B", "AB", "HR", "SO")}
    first = sum(f.times_on_first(b) for b in batting) or 1.0
    runs = sum(float(r["R"]) for r in rows)
    games = sum(float(r["G"]) for r in rows) or 1.0
    errors = sum(float(r.get("E") or 0) for r in rows)
    fielding = [r for t in tids for r in cs.fielding(t)]
    err, rf = {}, {}
    for pos in ("p",) + FIELD:
        mine = [r for r in fielding if r["POS"] == FIELDING_ROW[pos]]
        chances = sum(f.get(r, "PO") + f.get(r, "A") + f.get(r, "E") for r in mine)
        err[pos] = sum(f.get(r, "E") for r in mine) / chances if chances else 0.0
        outs = sum(_field_outs(r) for r in mine)
        rf[pos] = 27 * sum(_plays(pos, r) for r in mine) / outs if outs else 0.0
    of = [r for r in fielding if r["POS"] == "OF"]
    catchers = [r for r in fielding if r["POS"] == "C"]
    c_sb, c_cs = sum(f.get(r, "SB") for r in catchers), sum(f.get(r, "CS") for r in catchers)
    attempts = total["SB"] + total["CS"]
    return _League(
        rates=lg_rates, pitchers_batting=p_bat, runs_per_pa=runs / pa,
        weights=f.run_weights(runs / games),
        hr=lg_rates["HR"],
        steal_success=total["SB"] / attempts if attempts else 0.7,
        attempts=attempts / first,
        triple=total["3B"] / max(1.0, total["AB"] - total["HR"] - total["SO"]),
        ec=f.league_ec(errors / pa),
        error_rate=err, range_factor=rf,
        of_assists=sum(f.get(r, "A") for r in of) / max(1.0, sum(f.get(r, "G") for r in of)),
        caught=c_cs / (c_sb + c_cs) if c_sb + c_cs else 0.3,
    )


def _plays(pos: str, r: Line) -> float:
    """Plays a fielder's range shows in: assists at first and behind the plate (their putouts are others')."""
    return f.get(r, "A") if pos in ("1b", "c") else f.get(r, "PO") + f.get(r, "A")


def _field_outs(r: Line) -> float:
    outs = r.get("InnOuts")
    return float(outs) if outs else 27 * f.get(r, "G")


# --- a club's men ----------------------------------------------------------------------

def _hand(h: str) -> str:
    return {"B": "S", "L": "L", "R": "R"}.get(h, "R")


def _club(cs: CardSeason, team: dict[str, Any], lg: _League, names: CardNames) -> _Club:
    season = cs.season
    tid, league = team["teamID"], team["lgID"]
    dh = season.uses_dh(league)
    apps = {a["playerID"]: a for a in cs.appearances(tid)}
    batting = {b["playerID"]: b for b in cs.batting(tid)}
    pitching = {p["playerID"]: p for p in cs.pitching(tid)}
    hitters = [pid for pid, a in apps.items() if pid in batting and not _is_pitcher(a)]
    if len(hitters) < 9:
        raise LeagueError(f"{cs.year} {team['teamIDretro']}: fewer than nine batters")
    positions = list(FIELD) + (["dh"] if dh else [])
    chosen = assign_positions(hitters, positions, lambda pid, pos: games_at(apps[pid], pos),
                              lambda pid: _pa(batting[pid]))

    def batter(pid: str, first: str | None) -> _Batter:
        bats, throws = cs.hand(pid)
        return _Batter(pid, names.of(pid), _hand(bats), "L" if throws == "L" else "R", batting[pid],
                       rated_positions(apps[pid], first))

    fielders = [batter(chosen[pos], pos) for pos in FIELD]
    for b in fielders:
        b.target = f.rates(f.batting_counts(b.line), lg.rates, f.SHRINK_PA)
    lineup = _batting_order(fielders)
    taken = set(chosen.values())
    rest = sorted((pid for pid in hitters if pid not in taken), key=lambda pid: (-_pa(batting[pid]), pid))
    if dh:
        ninth = batter(chosen["dh"], None)
    else:
        spot: dict[str, float] = {}
        for pid, a in apps.items():
            if pid in batting and _is_pitcher(a):
                for k in SPOT_COUNTS:
                    spot[k] = spot.get(k, 0.0) + f.get(batting[pid], k)
        ninth = _Batter("", PITCHERS_SPOT, "R", "R", spot, ["1b"])
    catcher = next((pid for pid in sorted(rest, key=lambda p: -f.get(apps[p], "G_c")) if f.get(apps[pid], "G_c") > 0),
                   None)
    reserves = ([catcher] if catcher else []) + [pid for pid in rest if pid != catcher]
    bench = [batter(pid, None) for pid in reserves[:BENCH]]
    for b in [ninth] + bench:
        prior = lg.pitchers_batting if b.pid == "" else lg.rates
        b.target = f.rates(f.batting_counts(b.line), prior, f.SHRINK_PA)
    division = DIVISIONS.get(team.get("divID") or "", "League")
    return _Club(team, team["teamIDretro"], team["name"], league, division, lineup + [ninth], bench,
                 _staff(cs, list(pitching.values()), batting, names))


def _batting_order(men: list[_Batter]) -> list[_Batter]:
    """The generators' batting order (:func:`league.adapters.lahman.positions.batting_order`)."""
    def obp(b: _Batter) -> float:
        return sum(b.target[e] for e in f.ON_BASE)

    def slg(b: _Batter) -> float:
        r = b.target
        ab = 1 - r["BB"]
        return (r["1B"] + 2 * r["2B"] + 3 * r["3B"] + 4 * r["HR"]) / ab if ab > 0 else 0.0

    return batting_order(men, obp, slg, lambda b: b.pid)


def _staff(cs: CardSeason, pitching: list[Line], batting: dict[str, Line], names: CardNames) -> list[_Pitcher]:
    """The rotation by real starts; the relievers by relief games; the closer (most saves) last."""
    rotation, relief, closer = pick_staff(pitching, RELIEVERS + 1, cs.year)
    ids = {p["playerID"] for p in rotation}
    # the bullpen in the auto-manager's order: the most relief innings first
    setup = sorted((p for p in relief if p is not closer), key=lambda p: (-f.get(p, "IPouts"), p["playerID"]))
    out = []
    for p in rotation + setup + ([closer] if closer is not None else []):
        pid = p["playerID"]
        role = "S" if pid in ids else "C" if p is closer else "R"
        bats, throws = cs.hand(pid)
        mip = f.starter_mip(p) if role == "S" else f.relief_mip(p)
        out.append(_Pitcher(pid, names.of(pid), "L" if throws == "L" else "R", _hand(bats), p, batting.get(pid),
                            role, mip, f.batters_faced(p)))
    return out


# --- the league's cards together ------------------------------------------------------------

GRADE_ROUNDS = 8


def _grade(cs: CardSeason, clubs: list[_Club], lg: _League) -> None:
    """Each pitcher's worth (runs per batter faced over the league's), then his home and away grades
    around it, with the league's mean grade effect found as a fixed point; sets ``lg.mix``."""
    mod = _modifier()
    lg.values = f.grade_values(f.column(lg.rates, "R", lg.hr), lg.weights, mod)
    lg_value = f.run_value(lg.rates, lg.weights)
    for c in clubs:
        bf = sum(p.bf for p in c.pitchers) or 1.0
        all_bf = sum(f.batters_faced(p) for p in cs.pitching(c.row["teamID"])) or 1.0
        real = float(c.row["RA"]) / all_bf - lg.runs_per_pa
        for p in c.pitchers:
            counts = f.pitcher_counts(p.line, lg.rates)
            own = f.run_value(f.rates(counts, lg.rates, 0.0), lg.weights) - lg_value if p.bf > 0 else 0.0
            p.worth = own * p.bf / (p.bf + f.SHRINK_BF)
        mean = sum(p.worth * p.bf for p in c.pitchers) / bf
        for p in c.pitchers:
            p.worth += real - mean
    choices = {(s, m): f.options(lg.values, s, m) for s in (False, True) for m in range(1, f.MIP_LIMITS[1] + 1)}
    men = [p for c in clubs for p in c.pitchers]
    total = sum(p.bf for p in men) or 1.0
    mean_worth = sum(p.worth * p.bf for p in men) / total
    for p in men:  # the league's runs are the batters' columns': the worths are about the league's mean
        p.worth -= mean_worth
    level = (lg.values["B"] + lg.values["C"]) / 2  # the average pitcher: between B and C
    for _ in range(GRADE_ROUNDS):
        mix: dict[str, float] = {}
        got = 0.0
        for p in men:
            p.home, p.away = f.pick_grades(p.worth + level, choices[(p.role == "S", p.mip)])
            s = f.third_share(p.mip) if p.role == "S" else 0.0
            for o in (p.home, p.away):
                w = 0.5 * p.bf / total
                mix[o.grade] = mix.get(o.grade, 0.0) + w * (1 - s)
                if o.third:
                    mix[o.third] = mix.get(o.third, 0.0) + w * s
                got += w * o.value
        lg.mix = mix
        # the batters are calibrated against this mix: a pitcher's effect is his value less its mean
        if abs(got - level) < 1e-5:
            break
        level = got


def _shift_batters(cs: CardSeason, clubs: list[_Club], lg: _League) -> None:
    """Each club's batters' rates moved by one amount per event, so its lineup (weighted by spot) gives
    the club's real batting rates (all its men, pitchers too)."""
    for c in clubs:
        real = _as_rates(_sum([f.batting_counts(b) for b in cs.batting(c.row["teamID"])]))
        weight = sum(SLOT_PA)
        mean = {e: sum(w * b.target[e] for b, w in zip(c.lineup, SLOT_PA)) / weight for e in f.EVENTS}
        for b in c.lineup + c.bench:
            b.target = f.normal({e: b.target[e] + real[e] - mean[e] for e in f.EVENTS})


# --- writing a club's cards -------------------------------------------------------------------

def _team(cs: CardSeason, club: _Club, lg: _League) -> PineTarTeam:
    tid = club.row["teamID"]
    fielding = {(r["playerID"], r["POS"]): r for r in cs.fielding(tid)}
    apps = {a["playerID"]: a for a in cs.appearances(tid)}
    lines = [f"# {club.name} ({club.code})", f"# league: {club.league}", f"# division: {club.division}",
             f"# {cs.year} Pine Tar cards generated from the Lahman database by league cards generate "
             "(formulas: docs/pine-tar.md, Real seasons)", ""]
    k = 0
    for i, b in enumerate(club.lineup + club.bench):
        k += 1
        lines += _batter_card(f"{club.code}{k:02d}", club, b, lg, fielding, apps, in_lineup=i < 9)
    for p in club.pitchers:
        k += 1
        lines += _pitcher_card(f"{club.code}{k:02d}", club, p, lg, fielding)
    text = "\n".join(lines)
    source = f"{club.code}.txt"
    return read_team_text(text, source)  # every card reads back (a formula gone wrong fails here)


def _ranges(cells: Sequence[str]) -> list[str]:
    out = []
    start = 0
    for n in range(1, len(cells) + 1):
        if n == len(cells) or cells[n] != cells[start]:
            out.append(f"{start:02d}-{n - 1:02d} {cells[start]}" if n - 1 != start else f"{start:02d} {cells[start]}")
            start = n
    return out


def _batter_card(cid: str, club: _Club, b: _Batter, lg: _League, fielding: Mapping[tuple[str, str], Line],
                 apps: Mapping[str, Line], in_lineup: bool) -> list[str]:
    mod = _modifier()
    pos = b.positions[0]
    row = fielding.get((b.pid, FIELDING_ROW[pos])) if b.pid else None
    if row is not None:
        chances = f.get(row, "PO") + f.get(row, "A") + f.get(row, "E")
        ec = f.error_chance(f.get(row, "E"), chances, lg.error_rate[pos], lg.ec)
        rg = f.range_rating(_plays(pos, row), _field_outs(row), lg.range_factor[pos])
    else:
        ec, rg = min(9, round(lg.ec) + 2), "Neg"
    steal = f.sbc(b.line, lg.steal_success) if b.pid else None  # the pitchers' spot never steals
    card = [f"BATTER {cid}", f"name: {b.name}", f"team: {club.code}", f"bats: {b.bats}", f"throws: {b.throws}",
            f"positions: {', '.join(b.positions)}", f"sbc: {'N' if steal is None else steal}",
            f"sbo: {f.sbo(b.line) if b.pid else 'N'}", f"br: {f.base_running(b.line, lg.triple, lg.attempts) if b.pid else 'S'}",
            f"shc: {f.shc(b.line)}", f"rg: {rg}", f"ec: {ec}"]
    if any(p in OUTFIELD for p in b.positions):
        of = fielding.get((b.pid, "OF")) if b.pid else None
        card.append(f"arm: {f.of_arm(f.get(of, 'A'), f.get(of, 'G'), lg.of_assists) if of else 'A'}")
    if "c" in b.positions:
        c = fielding.get((b.pid, "C")) if b.pid else None
        card.append(f"ar: {f.catcher_ar(f.get(c, 'SB'), f.get(c, 'CS'), lg.caught) if c else 0}")
    games = f.get(b.line, "G")
    card.append(f"inj: {f.injury(games, float(club.row['G'])) if in_lineup and b.pid else f.PITCHER_INJURY}")
    by_hand = f.platoon(b.target, b.bats)
    for hand in ("L", "R"):
        card.append(f"[vs {hand}HP]")
        card += _ranges(f.calibrate_column(by_hand[hand], b.bats, lg.hr, lg.mix, mod))
    return card + ["END", ""]


def _pitcher_card(cid: str, club: _Club, p: _Pitcher, lg: _League,
                  fielding: Mapping[tuple[str, str], Line]) -> list[str]:
    assert p.home is not None and p.away is not None
    row = fielding.get((p.pid, "P"))
    if row is not None:
        chances = f.get(row, "PO") + f.get(row, "A") + f.get(row, "E")
        ec = f.error_chance(f.get(row, "E"), chances, lg.error_rate["p"], lg.ec)
        rg = f.range_rating(_plays("p", row), _field_outs(row), lg.range_factor["p"])
    else:
        ec, rg = round(lg.ec), "Neu"
    role = f"S {round(f.get(p.line, 'GS'))}" if p.role == "S" else p.role
    bat = f.rates(f.batting_counts(p.bat_line or {}), lg.pitchers_batting, f.SHRINK_PA)
    card = [f"PITCHER {cid}", f"name: {p.name}", f"team: {club.code}", f"throws: {p.throws}", f"bats: {p.bats}",
            f"role: {role}", f"home: {p.home.text()}", f"away: {p.away.text()}", f"mip: {p.mip}",
            f"bkwp: {f.bk_wp(p.line)}", "sbc: N", "sbo: N", "br: S", f"shc: {f.shc(p.bat_line)}", f"rg: {rg}",
            f"ec: {ec}", f"inj: {f.PITCHER_INJURY}", "[batting]"]
    card += _ranges(f.calibrate_column(bat, p.bats, lg.hr, lg.mix, _modifier()))
    return card + ["END", ""]


__all__ = ["generate_season", "write_season"]
