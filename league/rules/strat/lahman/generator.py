"""Strat-O-Matic card files for a real season, built from the Lahman database.

``generate_season(year)`` reads the season (:mod:`.stats`), picks each
club's men from real usage (the eight fielders with the most games at their
positions, the DH or the pitchers' spot, four reserves, the rotation, the
bullpen with its closer), rates them with :mod:`.formulas`, and lays each
card's chances out on its readings (:mod:`.layout`).  One file per club,
named by Retrosheet code (``Teams.teamIDretro``) as the roster sheets are,
so it matches the Retrosheet schedule files.  docs/real-seasons.md has the
rules and the measured realism.

Card order is what the season player reads (``league.rules.pa.season``):
the eight fielders in batting order, each listing the position he plays
first; the ninth card (the DH, or in a league without the DH the pitchers'
spot: the club's pitchers and pinch hitters as one batter); the reserves;
the starters (the rotation), then the relievers with the closer first.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Sequence

from league.adapters.folders import write_files
from league.adapters.lahman.card_season import CardNames, CardSeason, Line, card_season, hands
from league.adapters.lahman.positions import (FIELD, OUTFIELD, assign_positions, batting_order, games_at, pick_staff,
                                             rated_positions)
from league.domain.errors import LeagueError
from league.rules.strat.cards import Card, Fielding, parse_cards
from league.rules.strat.cardtext import format_card
from league.rules.strat.lahman import formulas as f
from league.rules.strat.lahman import superadv as sup
from league.rules.strat.lahman.layout import lay_out, weight
from league.rules.strat.lahman.yields import error_by_e, max_e, x_yield
from league.rules.strat.park_field import Park, park_text
from league.rules.strat.real_usage import actual_text
from league.rules.strat.results import parse_cell
from league.rules.strat.supplementary import parse_lead
from league.rules.strat.team_file import CardTeam

FIELDING_ROW = {"c": "C", "1b": "1B", "2b": "2B", "3b": "3B", "ss": "SS", "lf": "OF", "cf": "OF", "rf": "OF",
                "p": "P"}
BENCH = 4
RELIEVERS = 7
DIVISIONS = {"E": "East", "W": "West", "C": "Central"}
PITCHERS_SPOT = "Pitchers' spot"
PITCH_HIT_SHARE = 0.7  # of a no-DH club's pinch-hit appearances: for the pitcher
SUPER = "strat-o-matic-super"  # the variant whose cards carry 16.3's e ratings and 30.0's symbols
SPOT_COUNTS = ("AB", "H", "2B", "3B", "HR", "BB", "IBB", "HBP", "SO", "SF", "SH", "SB", "CS", "R", "GIDP")


@dataclass(frozen=True)
class SeasonCardTeam(CardTeam):
    """A generated card file: a :class:`CardTeam` that also knows its league and division."""

    league: str = ""
    division: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {**super().to_dict(), "league": self.league, "division": self.division}


@dataclass
class _Batter:
    pid: str
    name: str
    bats: str
    line: Line
    positions: list[str]  # where he is rated, the one he plays first
    rates: dict[str, float] = field(default_factory=dict)
    fielding: tuple[Fielding, ...] = ()
    catcher: tuple[int, int] | None = None  # (T top, pb)
    playing: float = 1.0  # in the lineup: the share of his club's games he played (injury readings)


@dataclass
class _Pitcher:
    pid: str
    name: str
    throws: str
    line: Line
    bat_line: Line | None
    role: str  # "starter" | "relief"
    weight: float = 0.0  # his expected share of his club's batters faced in a replay
    rates: dict[str, float] = field(default_factory=dict)
    fielding: Fielding | None = None


@dataclass
class _Club:
    code: str
    name: str
    league: str
    division: str
    lineup: list[_Batter]  # nine: eight fielders in batting order, then the DH or the pitchers' spot
    bench: list[_Batter]
    pitchers: list[_Pitcher]  # the rotation, then the relievers (closer first)
    batting: dict[str, float] = field(default_factory=dict)  # the club's real rates, all its batters
    pitching: dict[str, float] = field(default_factory=dict)  # ... and all its pitchers


# --- the season ---------------------------------------------------------------------

def generate_season(year: int, teams: Sequence[str] | None = None,
                    variant: str = "strat-o-matic") -> list[SeasonCardTeam]:
    """One card file per club of ``year`` (or the clubs named, by Retrosheet or Lahman code).

    ``variant``: the Strat-O-Matic ruleset the cards are for.  Advanced and basic leagues read the same
    cards; ``strat-o-matic-super`` adds 16.3's e ratings and 30.0's symbols (:mod:`.superadv`), the
    rest of each card as the advanced one.
    """
    cs = card_season(year)
    season = cs.season
    wanted = season.resolve_codes(teams) if teams else None
    out: list[SeasonCardTeam] = []
    pitchers_batting = _pitchers_batting(cs)
    for league in season.leagues():
        rows = season.teams_in(league)
        lg = league_context(cs, league)
        clubs = [_club(cs, t, lg) for t in rows]
        extra = _super_context(cs, league, lg) if variant == SUPER else None
        out += [_team(cs, club, lg, shift, pitchers_batting, extra) for club, shift in _build(clubs, lg)
                if wanted is None or club.code in wanted]
    return sorted(out, key=lambda t: t.code)


def write_season(year: int, out_dir: str | Path, teams: Sequence[str] | None = None,
                 variant: str = "strat-o-matic") -> list[Path]:
    """Write ``<code>.txt`` for each club of the season; returns the paths."""
    files = generate_season(year, teams, variant)  # before the folder is made: a refused season makes none
    return write_files(out_dir, "the card files", [(f"{team.code}.txt", team.text) for team in files])


# --- the league's averages -------------------------------------------------------------

def league_context(cs: CardSeason, league: str) -> f.LeagueContext:
    """Rates per plate appearance and fielding averages of one league-season."""
    season = cs.season
    teams = [r["teamID"] for r in season.teams_in(league)]
    batting = [b for t in teams for b in cs.batting(t)]
    counts = {e: sum(f.batting_counts(b)[e] for b in batting) for e in f.EVENTS}
    pa = sum(counts.values()) or 1.0
    rates = {e: counts[e] / pa for e in f.EVENTS}
    total = {c: sum(f.get(b, c) for b in batting) for c in ("H", "2B", "3B", "HR", "AB", "SO", "SB", "CS", "SH",
                                                                 "BB", "HBP", "SF", "R", "GIDP")}
    non_hr = max(1.0, total["H"] - total["HR"])
    split = {"1B": (non_hr - total["2B"] - total["3B"]) / non_hr, "2B": total["2B"] / non_hr,
             "3B": total["3B"] / non_hr}
    first = sum(f.times_on_first(b) for b in batting) or 1.0
    lg = f.LeagueContext(
        rates=rates,
        gidp=total["GIDP"] / max(1.0, counts["OUT"]),
        pitcher_gidp=None,
        sacrifice=total["SH"] / (pa + total["SH"]),
        steal=(total["SB"] + total["CS"]) / first,
        triple=total["3B"] / max(1.0, total["AB"] - total["HR"] - total["SO"]),
        score=(total["R"] - total["HR"]) / max(1.0, total["H"] + total["BB"] + total["HBP"] - total["HR"]),
        hit_split=split,
    )
    pitching = [p for t in teams for p in cs.pitching(t)]
    if pitching and all(p.get("GIDP") is not None for p in pitching):
        outs = sum(f.pitching_counts(p, lg)["OUT"] for p in pitching)
        lg = _with(lg, pitcher_gidp=sum(f.get(p, "GIDP") for p in pitching) / max(1.0, outs))
    return _with(lg, **_fielding_context(cs, teams, lg, pa))


@dataclass(frozen=True)
class _Super:
    """What a league-season's super advanced cards need besides the advanced ones' averages."""

    e_rating: dict[str, float]  # position -> league-average e on the super chart (16.3, 16.42 B)
    rbi_scale: float  # the league's RBI over what superadv.RBI_WEIGHTS give (30.7)


def _super_context(cs: CardSeason, league: str, lg: f.LeagueContext) -> _Super:
    """The league-average e at each position fitted as the advanced one is (:func:`_fielding_context`) but
    on the super chart's error chances, and the league's RBI scale."""
    teams = [r["teamID"] for r in cs.season.teams_in(league)]
    batting = [b for t in teams for b in cs.batting(t)]
    counts = [f.batting_counts(b) for b in batting]
    pa = sum(sum(c.values()) for c in counts) or 1.0
    rows = [r for t in teams for r in cs.fielding(t)]
    p_mean = f.pitcher_mean(lg)
    bip = 1 - sum(p_mean[e] for e in ("HR", "BB", "HBP", "SO"))
    e_avg = {}
    for pos in ("p",) + FIELD:
        errors = sum(f.get(r, "E") for r in rows if r["POS"] == FIELDING_ROW[pos])
        share = f.X_POSITIONS[pos] / sum(f.X_POSITIONS[o] for o in OUTFIELD) if pos in OUTFIELD else 1.0
        x_per_pa = 0.5 * f.X_SHARE * bip * f.X_POSITIONS[pos]
        e_avg[pos] = f.league_e(errors * share / pa, x_per_pa, sup.super_error_by_e(pos))
    rbi = sum(f.get(b, "RBI") for b in batting) - sum(f.get(b, "SF") for b in batting)
    return _Super(e_avg, sup.rbi_scale(counts, rbi))


def _with(lg: f.LeagueContext, **changes: Any) -> f.LeagueContext:
    return replace(lg, **changes)


def _fielding_context(cs: CardSeason, teams: list[str], lg: f.LeagueContext, pa: float) -> dict[str, Any]:
    rows = [r for t in teams for r in cs.fielding(t)]
    rf: dict[str, float] = {}
    err: dict[str, float] = {}
    e_avg: dict[str, float] = {}
    p_mean = f.pitcher_mean(lg)
    bip = 1 - sum(p_mean[e] for e in ("HR", "BB", "HBP", "SO"))  # the pitcher cards' balls in play
    for pos in ("p",) + FIELD:
        mine = [r for r in rows if r["POS"] == FIELDING_ROW[pos]]
        chances = sum(_range_chances(pos, r) for r in mine)
        outs = sum(_field_outs(r) for r in mine)
        errors = sum(f.get(r, "E") for r in mine)
        total = sum(f.get(r, "PO") + f.get(r, "A") + f.get(r, "E") for r in mine)
        rf[pos] = 27 * chances / outs if outs else 0.0
        err[pos] = errors / total if total else 0.0
        # Lahman has one outfield line: its errors are dealt out as the X-chances are
        share = f.X_POSITIONS[pos] / sum(f.X_POSITIONS[o] for o in OUTFIELD) if pos in OUTFIELD else 1.0
        x_per_pa = 0.5 * f.X_SHARE * bip * f.X_POSITIONS[pos]
        e_avg[pos] = f.league_e(errors * share / pa, x_per_pa, error_by_e(pos))
    of = [r for r in rows if r["POS"] == "OF"]
    catchers = [r for r in rows if r["POS"] == "C"]
    sb, caught = sum(f.get(r, "SB") for r in catchers), sum(f.get(r, "CS") for r in catchers)
    return {
        "range_factor": rf, "error_rate": err, "e_rating": e_avg,
        "of_assists": sum(f.get(r, "A") for r in of) / max(1.0, sum(f.get(r, "G") for r in of)),
        "caught": caught / (sb + caught) if sb + caught else 0.0,
        "passed_balls": sum(f.get(r, "PB") for r in catchers) / max(1.0, sum(f.get(r, "G") for r in catchers)),
    }


def _range_chances(pos: str, r: Line) -> float:
    """Plays a fielder's range shows in: assists at first and behind the plate (their putouts are others')."""
    return f.get(r, "A") if pos in ("1b", "c") else f.get(r, "PO") + f.get(r, "A")


def _field_outs(r: Line) -> float:
    outs = r.get("InnOuts")
    return float(outs) if outs else 27 * f.get(r, "G")


# --- a club's men ----------------------------------------------------------------------

def _club(cs: CardSeason, team: dict[str, Any], lg: f.LeagueContext) -> _Club:
    season = cs.season
    tid = team["teamID"]
    league = team["lgID"]
    dh = season.uses_dh(league)
    apps = {a["playerID"]: a for a in cs.appearances(tid)}
    batting = {b["playerID"]: b for b in cs.batting(tid)}
    pitching = {p["playerID"]: p for p in cs.pitching(tid)}
    names = CardNames(cs, PITCHERS_SPOT, strip="*")
    hitters = [pid for pid, a in apps.items() if pid in batting
               and not (f.get(a, "G_p") > 0 and 2 * f.get(a, "G_p") >= f.get(a, "G_all"))]
    if len(hitters) < 9:
        raise LeagueError(f"{cs.year} {team['teamIDretro']}: fewer than nine batters")
    chosen = _assign_positions(hitters, apps, batting, dh)

    def batter(pid: str, first: str | None) -> _Batter:
        positions = rated_positions(apps[pid], first)
        bats = {"B": "S", "L": "L", "R": "R"}.get(cs.hand(pid)[0], "R")
        return _Batter(pid, names.of(pid), bats, batting[pid], positions)

    fielders = [batter(chosen[pos], pos) for pos in FIELD]
    for b in fielders:
        b.rates = f.rates(f.batting_counts(b.line), lg, f.SHRINK_PA)
        b.playing = min(1.0, f.get(b.line, "G") / max(1.0, float(team["G"])))
    lineup = _batting_order(fielders)
    taken = set(chosen.values())
    rest = sorted((pid for pid in hitters if pid not in taken), key=lambda pid: (-_pa(batting[pid]), pid))
    if dh:
        ninth = batter(chosen["dh"], None)
        ninth.playing = min(1.0, f.get(ninth.line, "G") / max(1.0, float(team["G"])))
    else:
        ninth = _pitchers_spot(cs, tid, apps, batting, rest)
    catcher = next((pid for pid in sorted(rest, key=lambda p: -f.get(apps[p], "G_c"))
                    if f.get(apps[pid], "G_c") > 0), None)
    reserves = ([catcher] if catcher else []) + [pid for pid in rest if pid != catcher]
    bench = [batter(pid, None) for pid in reserves[:BENCH]]
    for b in [ninth] + bench:
        if not b.rates:
            b.rates = f.rates(f.batting_counts(b.line), lg, f.SHRINK_PA)
    pitchers = _staff(cs, list(pitching.values()), batting, names)
    division = DIVISIONS.get(team.get("divID") or "", "League")
    return _Club(team["teamIDretro"], team["name"], league, division, lineup + [ninth], bench, pitchers,
                 _club_rates([f.batting_counts(b) for b in batting.values()], lg),
                 _club_rates([f.pitching_counts(p, lg) for p in pitching.values()], lg))


def _club_rates(lines: list[dict[str, float]], lg: f.LeagueContext) -> dict[str, float]:
    """A club's rates per plate appearance from all its men's counts (the league's if it has none)."""
    counts = {e: sum(line[e] for line in lines) for e in f.EVENTS}
    pa = sum(counts.values())
    return {e: counts[e] / pa for e in f.EVENTS} if pa > 0 else dict(lg.rates)


def _pa(b: Line) -> float:
    return f.get(b, "AB") + f.get(b, "BB") + f.get(b, "HBP") + f.get(b, "SF") + f.get(b, "SH")


def _assign_positions(hitters: list[str], apps: dict[str, Line], batting: dict[str, Line],
                      dh: bool) -> dict[str, str]:
    """The man with the most games at each position (and at DH), as the Pennant Race sheet of his club has him."""
    positions = list(FIELD) + (["dh"] if dh else [])

    def games(pid: str, pos: str) -> float:
        return games_at(apps[pid], pos)

    return assign_positions(hitters, positions, games, lambda pid: _pa(batting[pid]))


def _batting_order(men: list[_Batter]) -> list[_Batter]:
    """The generators' batting order (:func:`league.adapters.lahman.positions.batting_order`)."""
    def obp(b: _Batter) -> float:
        return sum(b.rates[e] for e in f.ON_BASE)

    def slg(b: _Batter) -> float:
        r = b.rates
        ab = 1 - r["BB"] - r["HBP"]
        return (r["1B"] + 2 * r["2B"] + 3 * r["3B"] + 4 * r["HR"]) / ab if ab > 0 else 0.0

    return batting_order(men, obp, slg, lambda b: b.pid)


def _pitchers_spot(cs: CardSeason, tid: str, apps: dict[str, Line], batting: dict[str, Line],
                   reserves: list[str]) -> _Batter:
    """Without the DH the ninth card bats for the club's pitchers and their pinch hitters.

    The generated cards are for leagues with the DH (``strat-o-matic``); a
    league-season without it gets this card as its DH: the pitchers' own
    batting lines, and, for ``PITCH_HIT_SHARE`` of the club's pinch-hit
    appearances, its reserves' batting, as one line.
    """
    pitchers = [batting[pid] for pid, a in apps.items() if pid in batting
                and f.get(a, "G_p") > 0 and 2 * f.get(a, "G_p") >= f.get(a, "G_all")]
    line: dict[str, float] = {}
    for b in pitchers:
        for k in SPOT_COUNTS:
            line[k] = line.get(k, 0.0) + f.get(b, k)
    pinch = PITCH_HIT_SHARE * sum(f.get(a, "G_ph") for pid, a in apps.items() if pid in reserves)
    bench = [batting[pid] for pid in reserves]
    bench_pa = sum(_pa(b) for b in bench)
    if pinch > 0 and bench_pa > 0:
        for k in SPOT_COUNTS:
            line[k] = line.get(k, 0.0) + pinch * sum(f.get(b, k) for b in bench) / bench_pa
    line["G"] = 0.0
    return _Batter("", PITCHERS_SPOT, "R", line, ["p"])


def _staff(cs: CardSeason, pitching: list[Line], batting: dict[str, Line], names: CardNames) -> list[_Pitcher]:
    """The rotation by real starts, then the relievers by relief games, the closer (most saves) first."""
    rotation, relief, closer = pick_staff(pitching, RELIEVERS, cs.year)
    ids = {p["playerID"] for p in rotation}
    if closer is not None:
        relief = [closer] + [p for p in relief if p is not closer]
    # usage in a replay: the rotation takes turns; relievers share the rest by their real relief outs
    outs = sum(f.get(p, "IPouts") for p in pitching) or 1.0
    start_share = min(0.95, sum(f.get(p, "GS") * f.outs_per_start(p) for p in pitching) / outs)
    relief_outs = {p["playerID"]: max(1.0, f.relief_outs(p) * (f.get(p, "G") - f.get(p, "GS"))) for p in relief}
    relief_total = sum(relief_outs.values()) or 1.0
    out = []
    for p in rotation + relief:
        pid = p["playerID"]
        role = "starter" if pid in ids else "relief"
        weight = start_share / len(rotation) if role == "starter" else \
            (1 - start_share) * relief_outs[pid] / relief_total
        throws = cs.hand(pid)[1]
        out.append(_Pitcher(pid, names.of(pid), throws if throws in ("L", "R") else "R", p, batting.get(pid),
                            role, weight))
    return out


# --- the league's cards together -------------------------------------------------------------

@dataclass
class _Shift:
    batters: dict[str, float]
    pitchers: dict[str, float]
    n_share: float


SHIFT_ROUNDS = 4


def _build(clubs: list[_Club], lg: f.LeagueContext) -> list[tuple[_Club, _Shift]]:
    """Each club with its usage shift: its cards, as a replay uses them, hit and pitch like the club did.

    A replay plays the regulars (as often as they played) and the staff on the
    cards, not the whole roster: the regulars and the rotation are better than
    the rest, and a club's depth differs.  So each club's batters (weighted by
    their spot in the order and their playing time, the reserves taking the
    rest) are moved together until they average the club's real batting, and
    its pitchers (weighted by their expected share of the club's batters
    faced) until they average its real pitching.  The shift is found in a few
    rounds on what the cards give (a chance cannot go below 0, which would
    otherwise add rare events such as hit batsmen).
    """
    slots = f.slot_weights(9)
    weights: dict[str, tuple[list[tuple[_Batter, float]], list[tuple[_Pitcher, float]]]] = {}
    for c in clubs:  # a regular plays his share of the games; the reserves the rest
        bat_w = [(b, w * b.playing) for b, w in zip(c.lineup, slots)]
        missing = sum(w * (1 - b.playing) for b, w in zip(c.lineup, slots))
        bat_w += [(b, missing / len(c.bench)) for b in c.bench] if c.bench else []
        for p in c.pitchers:
            p.rates = f.rates(f.pitching_counts(p.line, lg), lg, f.SHRINK_BF)
        weights[c.code] = (bat_w, [(p, p.weight) for p in c.pitchers])
    events = [e for e in f.EVENTS if e != "OUT"]
    shifts = {c.code: ({e: 0.0 for e in events}, {e: 0.0 for e in events}) for c in clubs}
    n_share = 1.0
    for _ in range(SHIFT_ROUNDS):
        n, total = 0.0, 0.0
        for c in clubs:
            for b, w in weights[c.code][0]:
                total += w
                n += 0.0 if f.weak_power(f.shifted(b.rates, shifts[c.code][0]), lg) else w
        n_share = max(0.05, n / total) if total else 1.0
        for c in clubs:
            bat_w, pit_w = weights[c.code]
            shift_b, shift_p = shifts[c.code]
            bat = [(f.batter_effective(f.shifted(b.rates, shift_b), lg, True), w) for b, w in bat_w]
            pit = [(f.pitcher_effective(f.shifted(p.rates, shift_p), lg, True, n_share), w) for p, w in pit_w]
            bat_total = sum(w for _, w in bat) or 1.0
            pit_total = sum(w for _, w in pit) or 1.0
            for e in events:
                shift_b[e] += c.batting[e] - sum(x[e] * w for x, w in bat) / bat_total
                shift_p[e] += c.pitching[e] - sum(x[e] * w for x, w in pit) / pit_total
    return [(c, _Shift(*shifts[c.code], n_share)) for c in clubs]


# --- writing a club's cards -------------------------------------------------------------------

def _team(cs: CardSeason, club: _Club, lg: f.LeagueContext, shift: _Shift,
          pitchers_batting: dict[str, float], extra: _Super | None = None) -> SeasonCardTeam:
    for b in club.lineup + club.bench:
        _rate_fielding(cs, club, b, lg)
    defense = {pos: next(b for b in club.lineup[:8] if b.positions[0] == pos).fielding[0] for pos in FIELD}
    for p in club.pitchers:
        p.fielding = _pitcher_fielding(cs, club, p, lg)
    printed: dict[str, Fielding] = {}
    if extra is not None:
        # super cards print e on 16.3's scale; the pitcher cards' hits behind the club's fielders stay
        # worked out from the advanced ratings above, so they are the advanced cards'
        for b in club.lineup + club.bench:
            _rate_fielding(cs, club, b, lg, extra)
        printed = {p.pid: _pitcher_fielding(cs, club, p, lg, extra) for p in club.pitchers}
    cards: list[Card] = []
    hurt = _games_per_injury()
    for i, b in enumerate(club.lineup + club.bench, start=1):
        injury = f.injury_chances(b.playing, 1.0, hurt) if i <= 9 and b.pid else 0.0
        cards.append(_batter_card(f"{club.code}{i:02d}", club.code, b, lg, shift, injury, extra))
    # The season player's closer is the reliever with the highest relief endurance (the first of
    # them): the real closer, listed first, gets the bullpen's highest.
    relief = {p.pid: f.relief_pow(p.line) for p in club.pitchers if p.role == "relief"}
    closer = next((p.pid for p in club.pitchers if p.role == "relief"), None)
    if closer is not None:
        relief[closer] = max(relief.values())
    for j, p in enumerate(club.pitchers, start=len(cards) + 1):
        cards.append(_pitcher_card(f"{club.code}{j:02d}", club.code, p, lg, shift, defense, pitchers_batting,
                                   relief.get(p.pid), printed.get(p.pid)))
    kind = "Strat-O-Matic super advanced cards" if extra is not None else "Strat-O-Matic cards"
    title = (f"# {club.name} ({club.code}): {cs.year} {kind} generated from the Lahman database "
             "by league cards generate (formulas: docs/real-seasons.md)\n"
             f"# league: {club.league}, division: {club.division}\n\n")
    park = _park(cs, club) if extra is not None else None
    text = title + "\n".join(_card_text(c, park) for c in cards)
    source = f"{club.code}.txt"
    parse_cards(text, source)  # every card reads back (a formula gone wrong fails here, not at import)
    return SeasonCardTeam(club.code, club.name, text, source, club.league, club.division)


def _card_text(card: Card, park: Park | None = None) -> str:
    """The card as written, with its real season's figure (10.1-10.2) after its opening line, and on super
    advanced cards its club-season's park (30.3-30.4) after that."""
    text = format_card(card)
    actual = actual_text(card.actual_ab, card.actual_outs, card.actual_bb)
    lines = ([f"actual: {actual}"] if actual is not None else []) + ([f"park: {park_text(park)}"] if park else [])
    if not lines:
        return text
    opening, _, rest = text.partition("\n")
    return "\n".join([opening, *lines, rest])


def _park(cs: CardSeason, club: _Club) -> Park:
    """The club-season's home park from Lahman's Teams row (name, BPF, PPF): :func:`superadv.park`."""
    row = next(r for r in cs.season.teams if r["teamIDretro"] == club.code)
    name = str(row.get("park") or f"{club.name} park").replace(";", ",")
    return sup.park(name, f.get(row, "BPF", 100.0), f.get(row, "PPF", 100.0))


def _rate_fielding(cs: CardSeason, club: _Club, b: _Batter, lg: f.LeagueContext,
                   extra: _Super | None = None) -> None:
    """``extra``: super advanced cards, e on 16.3's scale (a position he never played keeps the advanced
    maximum: a DH's or the pitchers' spot's rating is a formality, not a fielder's record)."""
    tid = cs.season.lahman_code(club.code)
    rows = {r["POS"]: r for r in cs.fielding(tid) if r["playerID"] == b.pid} if b.pid else {}
    apps = next((a for a in cs.appearances(tid) if a["playerID"] == b.pid), {}) if b.pid else {}
    out = []
    catcher = None
    for pos in b.positions:
        r = rows.get(FIELDING_ROW[pos])
        top = max_e(pos)
        if r is None:  # never there (a DH, the pitchers' spot): the worst range and e
            out.append(Fielding(pos, 5, 0 if pos in OUTFIELD + ("c",) else None, top))
            if pos == "c":
                catcher = (f.T_AT_LEAGUE, 0)
            continue
        rating = f.range_rating(_range_chances(pos, r), _field_outs(r), lg.range_factor[pos])
        league_e = lg.e_rating[pos] if extra is None else extra.e_rating[pos]
        top = top if extra is None else sup.super_max_e(pos)
        if pos == "cf" and games_at(apps, "cf") * 2 < sum(games_at(apps, o) for o in OUTFIELD):
            rating = min(5, rating + f.CENTER_PENALTY)
        chances = f.get(r, "PO") + f.get(r, "A") + f.get(r, "E")
        e = f.error_rating(f.get(r, "E"), chances, lg.error_rate[pos], league_e, top)
        arm = None
        if pos in OUTFIELD:
            arm = f.of_arm(f.get(r, "A"), f.get(r, "G"), lg.of_assists)
        elif pos == "c":
            arm = f.catcher_arm(f.get(r, "SB"), f.get(r, "CS"), lg.caught)
            catcher = (f.catcher_t(f.get(r, "E"), chances, lg.error_rate["c"]),
                       f.passed_ball(f.get(r, "PB"), f.get(r, "G")))
        out.append(Fielding(pos, rating, arm, e))
    b.fielding = tuple(out)
    b.catcher = catcher


def _pitcher_fielding(cs: CardSeason, club: _Club, p: _Pitcher, lg: f.LeagueContext,
                      extra: _Super | None = None) -> Fielding:
    tid = cs.season.lahman_code(club.code)
    r = next((x for x in cs.fielding(tid) if x["playerID"] == p.pid and x["POS"] == "P"), None)
    league_e, top = (lg.e_rating["p"], max_e("p")) if extra is None else (extra.e_rating["p"], sup.super_max_e("p"))
    if r is None:
        return Fielding("p", 3, None, round(league_e))
    chances = f.get(r, "PO") + f.get(r, "A") + f.get(r, "E")
    return Fielding("p", f.range_rating(_range_chances("p", r), _field_outs(r), lg.range_factor["p"]), None,
                    f.error_rating(f.get(r, "E"), chances, lg.error_rate["p"], league_e, top))


_PULL = {"R": ("lf", "ss", "3b"), "L": ("rf", "2b", "1b"), "S": ("cf", "ss", "2b")}


def _games_per_injury() -> float:
    """Games an injury costs: the injury chart's mean (6.4) and the rest of the game."""
    from league.rules.strat.charts import load_charts

    ranges = load_charts().injury["ranges"]
    return sum((hi - lo + 1) * games for lo, hi, games in ranges) / 20 + f.INJURY_REST_OF_GAME


def _batter_card(cid: str, team: str, b: _Batter, lg: f.LeagueContext, shift: _Shift,
                 injury: float = 0.0, extra: _Super | None = None) -> Card:
    r = f.shifted(b.rates, shift.batters)
    pull_of, gb1, gb2 = _PULL[b.bats]
    ratio = f.dp_ratio(f.get(b.line, "GIDP"), f.batting_counts(b.line)["OUT"], lg.gidp)
    w = f.weak_power(r, lg)
    clutch = sup.clutch_chances(f.batting_counts(b.line), f.get(b.line, "RBI"), f.get(b.line, "SF"),
                                extra.rbi_scale) if extra is not None and b.pid else 0
    cells = {}
    for side, advanced in (("basic", False), ("L", True), ("R", True)):
        chances = f.batter_card(r, lg, advanced)
        readings: list[tuple[str, float, bool]] = [("HOMERUN", chances["HR"], True), ("TRIPLE", chances["3B"], True)]
        readings += _hits(chances, pull_of)
        readings += [("WALK", chances["BB"], True), ("HBP", chances["HBP"], True),
                     ("STRIKEOUT", chances["SO"], True)]
        outs = f.out_readings(chances["OUT"], ratio)
        readings += _injured(_outs(outs, advanced, gb=(gb1, gb2, "2b" if gb1 != "2b" else "ss"),
                                   fly=(pull_of, "cf", "rf" if pull_of != "rf" else "lf"), dots=False), injury)
        if extra is not None and advanced:  # the super advanced sides' symbols (30.3, 30.4, 30.7)
            readings = sup.mark_clutch(sup.mark_park(readings, w), clutch)
        cells.update(_cells(side, readings, (1, 2, 3)))
    card = Card(
        id=cid, kind="batter", name=b.name, team=team, hand=b.bats, fielding=b.fielding,
        running=f.running(b.line, lg) if b.pid else f.PITCHER_RUNNING,
        stealing=f.stealing(b.line, lg), bunting=f.bunting(b.line), hit_and_run=f.hit_and_run(r, lg),
        lead=parse_lead(f.lead(b.line, lg)) if b.pid else None,
        power=("W", "W") if w else ("N", "N"),
        catcher_t=(1, b.catcher[0]) if b.catcher else None, passed_ball=b.catcher[1] if b.catcher else None,
        actual_ab=round(f.get(b.line, "AB")) if b.pid else None,
        actual_bb=round(f.get(b.line, "BB")) if b.pid else None, cells=cells)
    return card


def _pitcher_card(cid: str, team: str, p: _Pitcher, lg: f.LeagueContext, shift: _Shift,
                  defense: dict[str, Fielding], pitchers_batting: dict[str, float], relief: int | None,
                  printed: Fielding | None = None) -> Card:
    r = f.shifted(p.rates, shift.pitchers)
    assert p.fielding is not None
    fielders = {**defense, "p": p.fielding}
    ratio = f.dp_ratio(f.get(p.line, "GIDP"), f.pitching_counts(p.line, lg)["OUT"], lg.pitcher_gidp) \
        if p.line.get("GIDP") is not None else 1.0
    cells = {}
    for side, advanced in (("basic", False), ("L", True), ("R", True)):
        outcomes = f.pitcher_outcomes(r, lg, advanced, shift.n_share)
        yields = _team_yields(advanced, fielders)
        x, chances = f.x_chances(outcomes, yields)
        readings: list[tuple[str, float, bool]] = [
            ("N-HOMERUN" if advanced else "HOMERUN", chances["HR"], True), ("TRIPLE", chances["3B"], True)]
        readings += _hits(chances, "cf")
        readings += [("WALK", chances["BB"], True), ("HBP", chances["HBP"], True),
                     ("STRIKEOUT", chances["SO"], True)]
        for pos, share in f.X_POSITIONS.items():
            text = "CATCH-X" if pos == "c" else f"FLYBALL({pos})X" if pos in OUTFIELD else f"GROUNDBALL({pos})X"
            readings.append((text, x * share, True))
        readings += _outs(f.out_readings(chances["OUT"], ratio), advanced, gb=("ss", "2b", "3b"),
                          fly=("lf", "cf", "rf"), dots=advanced)
        cells.update(_cells(side, readings, (4, 5, 6)))
    starter = f.starter_pow(p.line) if p.role == "starter" else None
    return Card(
        id=cid, kind="pitcher", name=p.name, team=team, hand=p.throws, fielding=(printed or p.fielding,),
        running=f.PITCHER_RUNNING, stealing="E", bunting=f.bunting(p.bat_line) if p.bat_line else "C",
        batting=_hitting_card(p, lg, pitchers_batting), starter=starter, relief=relief, hold=f.hold(p.throws),
        balk=min(20, round(f.get(p.line, "BK"))), wild_pitch=min(20, round(f.get(p.line, "WP"))),
        actual_outs=round(f.get(p.line, "IPouts")), cells=cells)


def _hits(chances: dict[str, float], of: str) -> list[tuple[str, float, bool]]:
    out = []
    for key, share in f.DOUBLE_FLAVORS.items():
        out.append((key.replace("(of)", f"({of})"), chances["2B"] * share, True))
    for key, share in f.SINGLE_FLAVORS.items():
        out.append((key.replace("(of)", f"({of})"), chances["1B"] * share, True))
    return out


def _outs(outs: dict[str, float], advanced: bool, gb: tuple[str, str, str], fly: tuple[str, str, str],
          dots: bool) -> list[tuple[str, float, bool]]:
    out: list[tuple[str, float, bool]] = []
    for key, chances in outs.items():
        dot = " •" if dots and key in f.DOT_READINGS else ""
        if key.startswith("GROUNDBALL"):
            grade = key[-1]
            out.append((f"GROUNDBALL({gb['ABC'.index(grade)]}){grade}", chances, False))
        elif key.startswith("FLYBALL"):
            grade = key[-1]
            pos = fly["ABC".index(grade)]
            if advanced and grade == "B":
                out.append((f"FLYBALL({pos})B?{dot}", chances * f.FLY_MAYBE, False))
                chances *= 1 - f.FLY_MAYBE
            out.append((f"FLYBALL({pos}){grade}{dot}", chances, False))
        elif key == "FOULOUT":
            out.append(("FOULOUT(c)", chances, False))
        else:
            out.append((f"{key}({gb[0] if key != 'LINEOUT' else gb[1]}){dot}", chances, False))
    return out


def _injured(outs: list[tuple[str, float, bool]], injury: float) -> list[tuple[str, float, bool]]:
    """``injury`` chances of the outs (the two largest, half each) read ``... PLUS INJURY`` (6.4)."""
    if injury <= 0:
        return outs
    out = list(outs)
    big = sorted(range(len(out)), key=lambda i: -out[i][1])[:2]
    for i in big:
        text, chances, _ = out[i]
        take = min(chances, injury / len(big))
        out[i] = (text, chances - take, False)
        out.append((f"{text} PLUS INJURY", take, True))
    return out


def _cells(side: str, readings: list[tuple[str, float, bool]], columns: tuple[int, int, int]) -> dict[Any, Any]:
    laid = lay_out(readings, columns)
    return {(side, c, r): parse_cell(text) for (c, r), text in laid.items()}


def _team_yields(advanced: bool, fielders: dict[str, Fielding]) -> dict[str, float]:
    """What an X-chance gives behind these fielders, weighted by where X-chances go (``X_POSITIONS``)."""
    out: dict[str, float] = {}
    for pos, share in f.X_POSITIONS.items():
        rating = fielders[pos]
        for k, v in x_yield(advanced, pos, rating.range, rating.error).items():
            out[k] = out.get(k, 0.0) + share * v
    return out


# --- pitchers' hitting cards ------------------------------------------------------------------

@functools.cache
def _ph_values() -> dict[int, float]:
    """Each shared pitchers' hitting card's own on-base plus slugging (its basic side)."""
    from league.rules.strat.roster import load_set

    cards = load_set()
    out = {}
    for n in range(1, f.PH_CARDS + 1):
        card = cards[f"PH{n}"]
        r = {e: 0.0 for e in f.EVENTS}
        for c in card.columns:
            for row in range(2, 13):
                for lo, hi, res in card.cell("basic", c, row):
                    kind = {"SINGLE": "1B", "DOUBLE": "2B", "TRIPLE": "3B", "HOMERUN": "HR", "WALK": "BB",
                            "HBP": "HBP", "STRIKEOUT": "SO"}.get(res.kind, "OUT")
                    r[kind] += weight(row) * (hi - lo + 1) / 20 / f.CARD
        out[n] = f.card_value(r)
    return out


def _pitchers_batting(cs: CardSeason) -> dict[str, float]:
    """The season's pitchers' batting, all clubs together, as rates (the zero point of their hitting)."""
    totals = {e: 0.0 for e in f.EVENTS}
    for r in cs.season.teams:
        apps = {a["playerID"]: a for a in cs.appearances(r["teamID"])}
        for b in cs.batting(r["teamID"]):
            a = apps.get(b["playerID"])
            if a is not None and f.get(a, "G_p") > 0 and 2 * f.get(a, "G_p") >= f.get(a, "G_all"):
                for e, v in f.batting_counts(b).items():
                    totals[e] += v
    pa = sum(totals.values())
    if pa <= 0:
        return {e: 1.0 if e == "OUT" else 0.0 for e in f.EVENTS}
    return {e: v / pa for e, v in totals.items()}


def _hitting_card(p: _Pitcher, lg: f.LeagueContext, pitchers: dict[str, float]) -> str:
    """11.1: ``batting: 3WR`` -- the shared card nearest his hitting, W power unless his homers say N."""
    counts = f.batting_counts(p.bat_line) if p.bat_line else {e: 0.0 for e in f.EVENTS}
    pa = sum(counts.values())
    r = {e: (counts[e] + f.SHRINK_PA * pitchers[e]) / (pa + f.SHRINK_PA) for e in f.EVENTS}
    card = {e: max(0.0, 2 * r[e] - f.pitcher_mean(lg).get(e, 0.0)) for e in f.EVENTS if e != "OUT"}
    card["OUT"] = max(0.0, 1 - sum(card.values()))
    n = f.pitcher_hitting_card(f.card_value(card), _ph_values())
    power = "W" if f.weak_power(r, lg) else "N"
    bats = {"B": "S", "L": "L", "R": "R"}.get(_bats(p), "R")
    return f"{n}{power}{bats}"


def _bats(p: _Pitcher) -> str:
    return hands().get(p.pid, ("R", "R"))[0] or "R"


__all__ = ["SeasonCardTeam", "generate_season", "league_context", "write_season"]
