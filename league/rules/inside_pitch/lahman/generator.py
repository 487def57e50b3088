"""Inside Pitch card files for a real season, built from the Lahman database.

``generate_season(year)`` reads the season (:mod:`.stats`), picks each
club's men from real usage (the eight fielders with the most games at their
positions, the DH -- or in a league without it the pitchers' spot, the
club's pitchers and pinch hitters as one batter, since Inside Pitch always
has the DH -- four reserves, the rotation and seven relievers, the closer
first), moves each club's men together until they average the club's real
batting and pitching (a replay plays the regulars and the staff on the
cards, not the whole roster), rates them with :mod:`.formulas` and writes
one card file per club, its home ballpark card from the park factors.
Files are named by Retrosheet code (``Teams.teamIDretro``), as the
schedules name the clubs.  docs/inside-pitch.md has the rules and the
measured realism.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

from league.adapters.folders import write_files
from league.adapters.lahman.card_season import CardSeason, Line, card_season, count as get
from league.adapters.lahman.positions import (FIELD, OUTFIELD, assign_positions, batting_order, games_at, pick_staff,
                                             rated_positions)
from league.domain.errors import LeagueError
from league.rules.inside_pitch.cards import parse_club
from league.rules.inside_pitch.lahman import formulas as f
from league.rules.inside_pitch.team_file import ClubFile

NUMBER = {"p": 1, "c": 2, "1b": 3, "2b": 4, "3b": 5, "ss": 6, "lf": 7, "cf": 8, "rf": 9}
FIELDING_ROW = {"c": "C", "1b": "1B", "2b": "2B", "3b": "3B", "ss": "SS", "lf": "OF", "cf": "OF", "rf": "OF",
                "p": "P"}
BENCH = 4
RELIEVERS = 7
RELIEF_BF = 5.0  # batters faced in a relief outing, to take a starter's relief work out of his starts
DIVISIONS = {"E": "East", "W": "West", "C": "Central"}
PITCHERS_SPOT = "Pitchers spot"
PITCH_HIT_SHARE = 0.7  # of a no-DH club's pinch-hit appearances: for the pitcher
SPOT_COUNTS = ("AB", "H", "2B", "3B", "HR", "BB", "IBB", "HBP", "SO", "SF", "SH", "SB", "CS", "GIDP")
STARS = "G6 G4 G5 F8 F9 P5"  # every generated pitcher's ** line (Lahman has no ground or fly balls)
OUT_KINDS = (("G", 0.46), ("F", 0.30), ("P", 0.13), ("L", 0.08), ("**", 0.03))
GROUND = {"R": (6, 5, 6, 4, 3, 1), "L": (4, 3, 4, 6, 5, 1), "S": (6, 4, 5, 3, 6, 4)}
FLY = {"R": (7, 8, 7, 9, 8), "L": (9, 8, 9, 7, 8), "S": (7, 8, 9, 8, 7)}
# Singles by where he hits them.  No S+ (4.6: a single he may stretch into a double): a stretched single
# would be a double his line does not have.
SINGLES = {"R": ("S7", "S8", "S7", "S9", "S6", "S8", "S7", "S5"),
           "L": ("S9", "S8", "S9", "S7", "S4", "S8", "S9", "S3"),
           "S": ("S7", "S8", "S9", "S8", "S6", "S7", "S9", "S4")}


@dataclass
class _Batter:
    pid: str
    name: str
    bats: str
    line: Line
    positions: list[str]
    rates: dict[str, float] = field(default_factory=dict)


@dataclass
class _Pitcher:
    pid: str
    name: str
    throws: str
    line: Line
    role: str  # "starter" | "relief"
    weight: float = 0.0  # his expected share of the club's batters faced in a replay
    rates: dict[str, float] = field(default_factory=dict)


@dataclass
class _Club:
    code: str
    lahman: str
    name: str
    league: str
    division: str
    park: str
    bpf: float
    lineup: list[_Batter]  # eight fielders in batting order, then the DH or the pitchers' spot
    bench: list[_Batter]
    pitchers: list[_Pitcher]
    batting: dict[str, float] = field(default_factory=dict)
    pitching: dict[str, float] = field(default_factory=dict)


# --- the season ----------------------------------------------------------------------------

def generate_season(year: int, teams: Sequence[str] | None = None) -> list[ClubFile]:
    """One club file per club of ``year`` (or the clubs named, by Retrosheet or Lahman code)."""
    s = card_season(year)
    wanted = s.season.resolve_codes(teams) if teams else None
    out: list[ClubFile] = []
    for league in s.season.leagues():
        lg = league_context(s, league)
        clubs = [_club(s, t, lg) for t in s.season.teams_in(league)]
        for club in clubs:
            _shift(club, lg)
        out += [_club_file(s, c, lg) for c in clubs if wanted is None or c.code in wanted]
    return sorted(out, key=lambda c: c.code)


def write_season(year: int, out_dir: str | Path, teams: Sequence[str] | None = None) -> list[Path]:
    """Write ``<code>.txt`` for each club of the season; returns the paths."""
    files = generate_season(year, teams)  # before the folder is made: a refused season makes none
    return write_files(out_dir, "the card files", [(f"{club.code}.txt", club.text) for club in files])


# --- the league's averages -----------------------------------------------------------------

def league_context(s: CardSeason, league: str) -> f.LeagueContext:
    """Rates per plate appearance, running and fielding averages of one league-season."""
    teams = [r["teamID"] for r in s.season.teams_in(league)]
    batting = [b for t in teams for b in s.batting(t)]
    counts = {e: sum(f.batting_counts(b)[e] for b in batting) for e in f.EVENTS}
    pa = sum(counts.values()) or 1.0
    r = {e: counts[e] / pa for e in f.EVENTS}
    total = {c: sum(get(b, c) for b in batting) for c in ("H", "2B", "3B", "HR", "AB", "SO", "SB", "CS", "SH",
                                                           "GIDP")}
    non_hr = max(1.0, total["H"] - total["HR"])
    split = {"1B": (non_hr - total["2B"] - total["3B"]) / non_hr, "2B": total["2B"] / non_hr,
             "3B": total["3B"] / non_hr}
    first = sum(f.on_first(b) for b in batting) or 1.0
    pitching = [p for t in teams for p in s.pitching(t)]
    bf = sum(get(p, "BFP") for p in pitching) or pa
    rows = [x for t in teams for x in s.fielding(t)]
    rf, err = {}, {}
    for pos in ("p",) + FIELD:
        mine = [x for x in rows if x["POS"] == FIELDING_ROW[pos]]
        outs = sum(_field_outs(x) for x in mine)
        rf[pos] = 27 * sum(_range_chances(pos, x) for x in mine) / outs if outs else 0.0
        chances = sum(get(x, "PO") + get(x, "A") + get(x, "E") for x in mine)
        err[pos] = sum(get(x, "E") for x in mine) / chances if chances else 0.0
    of = [x for x in rows if x["POS"] == "OF"]
    catchers = [x for x in rows if x["POS"] == "C"]
    sb, cs = sum(get(x, "SB") for x in catchers), sum(get(x, "CS") for x in catchers)
    return f.LeagueContext(
        rates=r, scales=f.scales(r), hit_split=split,
        steal=(total["SB"] + total["CS"]) / first,
        steal_success=total["SB"] / (total["SB"] + total["CS"]) if total["SB"] + total["CS"] else 0.67,
        triple=total["3B"] / max(1.0, total["AB"] - total["HR"] - total["SO"]),
        gidp=total["GIDP"] / max(1.0, counts["OUT"]),
        sacrifice=total["SH"] / (pa + total["SH"]),
        wild_pitch=sum(get(p, "WP") for p in pitching) / bf,
        range_factor=rf, error_rate=err,
        of_assists=sum(get(x, "A") for x in of) / max(1.0, sum(get(x, "G") for x in of)),
        caught=cs / (sb + cs) if sb + cs else 0.33,
        passed_balls=sum(get(x, "PB") for x in catchers) / max(1.0, sum(get(x, "G") for x in catchers)),
    )


def _range_chances(pos: str, x: Line) -> float:
    return get(x, "A") if pos in ("1b", "c") else get(x, "PO") + get(x, "A")


def _field_outs(x: Line) -> float:
    outs = x.get("InnOuts")
    return float(outs) if outs else 27 * get(x, "G")


# --- a club's men --------------------------------------------------------------------------

def _pa(b: Line) -> float:
    return get(b, "AB") + get(b, "BB") + get(b, "HBP") + get(b, "SF") + get(b, "SH")


def _name(s: CardSeason, pid: str, taken: set[str]) -> str:
    p = s.season.people.get(pid) or {}
    first = p.get("nameFirst") if isinstance(p.get("nameFirst"), str) else ""
    last = p.get("nameLast") if isinstance(p.get("nameLast"), str) else pid
    name = " ".join(f"{first} {last}".replace("#", "").replace("|", "").split()) or pid
    if name.casefold() in taken:
        name = f"{name} {s.season.birth_year(pid) or pid}"
    taken.add(name.casefold())
    return name


def _club(s: CardSeason, team: dict[str, Any], lg: f.LeagueContext) -> _Club:
    tid, league = team["teamID"], team["lgID"]
    dh = s.season.uses_dh(league)
    apps = {a["playerID"]: a for a in s.appearances(tid)}
    batting = {b["playerID"]: b for b in s.batting(tid)}
    pitching = {p["playerID"]: p for p in s.pitching(tid)}
    taken: set[str] = set()
    hitters = [pid for pid, a in apps.items() if pid in batting
               and not (get(a, "G_p") > 0 and 2 * get(a, "G_p") >= get(a, "G_all"))]
    if len(hitters) < 9:
        raise LeagueError(f"{s.year} {team['teamIDretro']}: fewer than nine batters")
    positions = list(FIELD) + (["dh"] if dh else [])
    chosen = assign_positions(hitters, positions, lambda pid, pos: games_at(apps[pid], pos),
                              lambda pid: _pa(batting[pid]))
    def batter(pid: str, first: str | None) -> _Batter:
        bats = {"B": "S", "L": "L", "R": "R"}.get(s.hand(pid)[0], "R")
        b = _Batter(pid, _name(s, pid, taken), bats, batting[pid], rated_positions(apps[pid], first))
        b.rates = f.rates(f.batting_counts(b.line), lg.rates, f.SHRINK_PA)
        return b

    fielders = _batting_order([batter(chosen[pos], pos) for pos in FIELD])
    taken_ids = set(chosen.values())
    rest = sorted((pid for pid in hitters if pid not in taken_ids), key=lambda pid: (-_pa(batting[pid]), pid))
    ninth = batter(chosen["dh"], None) if dh else _pitchers_spot(s, apps, batting, rest, lg)
    catcher = next((pid for pid in sorted(rest, key=lambda p: -get(apps[p], "G_c")) if get(apps[pid], "G_c") > 0),
                   None)
    reserves = ([catcher] if catcher else []) + [pid for pid in rest if pid != catcher]
    bench = [batter(pid, None) for pid in reserves[:BENCH]]
    staff = _staff(s, list(pitching.values()), taken, lg)
    division = DIVISIONS.get(team.get("divID") or "", "League")
    bpf = float(team.get("BPF") or 100)
    club_bat = _sum_rates([f.batting_counts(b) for b in batting.values()], lg)
    club_pit = _sum_rates([f.pitching_counts(p, lg.hit_split, lg.sacrifice) for p in pitching.values()], lg)
    park = str(team.get("park") or f"{team['name']} park")
    return _Club(team["teamIDretro"], tid, team["name"], league, division, park, bpf, fielders + [ninth], bench,
                 staff, club_bat, club_pit)


def _sum_rates(lines: list[dict[str, float]], lg: f.LeagueContext) -> dict[str, float]:
    counts = {e: sum(x[e] for x in lines) for e in f.EVENTS}
    pa = sum(counts.values())
    return {e: counts[e] / pa for e in f.EVENTS} if pa > 0 else dict(lg.rates)


def _batting_order(men: list[_Batter]) -> list[_Batter]:
    """The generators' batting order (:func:`league.adapters.lahman.positions.batting_order`)."""
    def obp(b: _Batter) -> float:
        return sum(b.rates[e] for e in ("1B", "2B", "3B", "HR", "BB", "HBP"))

    def slg(b: _Batter) -> float:
        r = b.rates
        ab = 1 - r["BB"] - r["HBP"]
        return (r["1B"] + 2 * r["2B"] + 3 * r["3B"] + 4 * r["HR"]) / ab if ab > 0 else 0.0

    return batting_order(men, obp, slg, lambda b: b.pid)


def _pitchers_spot(s: CardSeason, apps: dict[str, Line], batting: dict[str, Line], reserves: list[str],
                   lg: f.LeagueContext) -> _Batter:
    """Without the DH: one card for the club's pitchers at bat and, for ``PITCH_HIT_SHARE`` of the
    reserves' pinch-hit appearances, its reserves."""
    pitchers = [batting[pid] for pid, a in apps.items() if pid in batting
                and get(a, "G_p") > 0 and 2 * get(a, "G_p") >= get(a, "G_all")]
    line: dict[str, float] = {k: sum(get(b, k) for b in pitchers) for k in SPOT_COUNTS}
    pinch = PITCH_HIT_SHARE * sum(get(a, "G_ph") for pid, a in apps.items() if pid in reserves)
    bench = [batting[pid] for pid in reserves]
    bench_pa = sum(_pa(b) for b in bench)
    if pinch > 0 and bench_pa > 0:
        for k in SPOT_COUNTS:
            line[k] += pinch * sum(get(b, k) for b in bench) / bench_pa
    b = _Batter("", PITCHERS_SPOT, "R", dict(line), ["1b"])
    b.rates = f.rates(f.batting_counts(b.line), lg.rates, f.SHRINK_PA)
    return b


def _staff(s: CardSeason, pitching: list[Line], taken: set[str], lg: f.LeagueContext) -> list[_Pitcher]:
    """The rotation by real starts, then the relievers by relief games, the closer (most saves) first."""
    rotation, relief, closer = pick_staff(pitching, RELIEVERS, s.year)
    ids = {p["playerID"] for p in rotation}
    if closer is not None:
        relief = [closer] + [p for p in relief if p is not closer]
    bf_all = sum(get(p, "BFP") for p in pitching) or 1.0
    start_bf = sum(max(0.0, get(p, "BFP") - RELIEF_BF * max(0.0, get(p, "G") - get(p, "GS")))
                   for p in pitching if get(p, "GS") > 0)
    start_share = min(0.95, start_bf / bf_all)
    relief_bf = {p["playerID"]: max(1.0, get(p, "BFP") - 25 * get(p, "GS")) for p in relief}
    relief_total = sum(relief_bf.values()) or 1.0
    out = []
    for p in rotation + relief:
        pid = p["playerID"]
        role = "starter" if pid in ids else "relief"
        weight = start_share / len(rotation) if role == "starter" else (1 - start_share) * relief_bf[pid] / relief_total
        throws = s.hand(pid)[1]
        x = _Pitcher(pid, _name(s, pid, taken), throws if throws in ("L", "R") else "R", p, role, weight)
        x.rates = f.rates(f.pitching_counts(p, lg.hit_split, lg.sacrifice), lg.rates, f.SHRINK_BF)
        out.append(x)
    return out


def _shift(club: _Club, lg: f.LeagueContext) -> None:
    """Move the club's batters and its pitchers together until they average the club's real rates, each
    man weighted by his expected share of a replay: the nine in the lineup bat every day (the
    auto-manager's reserves come in only for the hurt), the pitchers by their share of batters faced.

    Weighting the batters by their real playing time instead (the reserves taking the rest) left a club
    the real rates of a roster it does not play: in a replay it batted as its regulars, 11 runs a season
    above its real batting on average in 1988 and as much as 49, and that gap went with half of the
    replays' error in the clubs' runs (correlation 0.51)."""
    bat_w = [(b, 1.0) for b in club.lineup] + [(b, 0.0) for b in club.bench]
    pit_w = [(p, p.weight) for p in club.pitchers]
    events = [e for e in f.EVENTS if e != "OUT"]
    for men, real in ((bat_w, club.batting), (pit_w, club.pitching)):
        total = sum(w for _, w in men) or 1.0
        shift = {e: real[e] - sum(m.rates[e] * w for m, w in men) / total for e in events}
        for m, _ in men:
            m.rates = f.shifted(m.rates, shift)


# --- writing a club's cards ----------------------------------------------------------------

def _club_file(s: CardSeason, club: _Club, lg: f.LeagueContext) -> ClubFile:
    lines = [f"# {club.name} ({club.code}): {s.year} Inside Pitch cards generated from the Lahman database",
             "# by league cards generate (formulas: docs/inside-pitch.md, Real seasons)",
             f"team: {club.code}", f"name: {club.name}", f"league: {club.league}", f"division: {club.division}", ""]
    lines += ballpark_card(club.code, club.park, club.bpf, lg) + [""]
    fielding = _fielding_rows(s, club)
    for i, b in enumerate(club.lineup + club.bench, start=1):
        lines += batter_card(f"{club.code}{i:02d}", b, lg, fielding, s.year) + [""]
    for j, p in enumerate(club.pitchers, start=1):
        lines += pitcher_card(f"{club.code}P{j:02d}", p, lg, fielding, s.year) + [""]
    text = "\n".join(lines)
    source = f"{club.code}.txt"
    parse_club(text, source)  # every card reads back (a formula gone wrong fails here, not at import)
    return ClubFile(club.code, club.name, club.league, club.division, text, source)


def _grid(cells: list[str]) -> list[str]:
    return [f"{r + 1}: " + " ".join(cells[r * 6:(r + 1) * 6]) for r in range(6)]


def _layout(cells: list[str], seed: str) -> list[str]:
    """36 results in a fixed pseudo-random order (a card's look; every cell is 1/36 of the rolls)."""
    out = list(cells)
    random.Random(seed).shuffle(out)
    return out


def ballpark_card(code: str, park: str, bpf: float, lg: f.LeagueContext) -> list[str]:
    """A park: the league's balls in play, its hits times the batting park factor; ``[HRo]``,
    ``[HRp]`` and the HR adjustment from the factor; two blanks (the rare play charts)."""
    hb = f.batter_card_hits(lg) * bpf / 100
    split = lg.hit_split
    cells = ["-", "-", "[HRo]", "[HRp]", "?7", "?8", "?9", "**1", "**3"]
    rest = 36 - len(cells)
    hits = max(0, min(rest, round(rest * hb)))
    doubles = round(hits * split["2B"])
    triples = 1 if hits * split["3B"] >= 0.5 else 0
    singles = hits - doubles - triples
    cells += [("S7", "S8", "S9", "S+8")[i % 4] for i in range(singles)]
    cells += [("D7", "D9", "D8")[i % 3] for i in range(doubles)] + ["T8"] * triples
    outs = ("G6", "F8", "G4", "F7", "G5", "F9", "G3", "P6", "L4", "G6", "F8", "P5")
    cells += [outs[i % len(outs)] for i in range(36 - len(cells))]
    s_hi = max(1, round(20 * hb * split["1B"]))
    d_hi = s_hi + max(1, round(20 * hb * split["2B"]))
    hr = f.park_hr(bpf, lg)
    name = " ".join(park.replace("#", "").replace("|", "").split())
    return [f"ballpark {code}P | {name}", f"ratings: k=0 w=0 hr={hr}",
            f"hit?: S 1-{s_hi} D {s_hi + 1}-{d_hi} T {d_hi + 1}-{d_hi + 1} HR {d_hi + 2}-{d_hi + 2}"] + \
        _grid(_layout(cells, f"{code}:park"))


def _fielding_rows(s: CardSeason, club: _Club) -> dict[tuple[str, str], Line]:
    return {(x["playerID"], x["POS"]): x for x in s.fielding(club.lahman)}


def _fielding(b: _Batter, rows: dict[tuple[str, str], Line], lg: f.LeagueContext) -> str:
    out = []
    for pos in b.positions:
        x = rows.get((b.pid, FIELDING_ROW[pos]))
        if x is None:
            rng, err, arm, pv, pb = 1, 8, 1, 0, 4
        else:
            rng = f.range_rating(_range_chances(pos, x), _field_outs(x), lg.range_factor.get(pos, 0.0))
            chances = get(x, "PO") + get(x, "A") + get(x, "E")
            err = f.error_rating(get(x, "E"), chances, lg.error_rate.get(pos, 0.0))
            arm = f.of_arm(get(x, "A"), get(x, "G"), lg.of_assists) if pos in OUTFIELD else \
                f.catcher_arm(get(x, "SB"), get(x, "CS"), lg.caught) if pos == "c" else 0
            pv = 0
            pb = f.passed_ball(get(x, "PB"), get(x, "G"), lg.passed_balls) if pos == "c" else 5
        text = f"{pos} r{rng} e{err}"
        if pos in OUTFIELD or pos == "c":
            text += f" a{arm:+d}"
        if pos in ("2b", "ss"):
            text += f" pv{pv:+d}"
        if pos == "c":
            text += f" pb{pb}"
        out.append(text)
    return ", ".join(out)


def batter_card(cid: str, b: _Batter, lg: f.LeagueContext, rows: dict[tuple[str, str], Line],
                year: int) -> list[str]:
    card = f.batter_cells(b.rates, lg)
    rng = random.Random(f"{year}:{cid}:{b.pid}")
    cells: list[str] = []
    singles = SINGLES[b.bats]
    cells += [singles[i % len(singles)] for i in range(card.cells["1B"])]
    cells += [("D7", "D8", "D9")[rng.randrange(3)] for _ in range(card.cells["2B"])]
    cells += [("T8", "T9", "T7")[rng.randrange(3)] for _ in range(card.cells["3B"])]
    cells += [("H7", "H8", "H9")[rng.randrange(3)] for _ in range(card.cells["HR"])]
    cells += ["W"] * card.cells["BB"] + ["K"] * card.cells["SO"]
    cells += [("?8", "?7", "?9")[i % 3] for i in range(card.cells["?"])]
    ground, fly = GROUND[b.bats], FLY[b.bats]
    kinds = [k for k, _ in OUT_KINDS]
    weights = [w for _, w in OUT_KINDS]
    while len(cells) < 36:
        kind = rng.choices(kinds, weights)[0]
        if kind == "G":
            cells.append(f"G{ground[rng.randrange(len(ground))]}")
        elif kind == "F":
            cells.append(f"F{fly[rng.randrange(len(fly))]}")
        elif kind == "P":
            cells.append(f"P{rng.randint(2, 6)}")
        elif kind == "L":
            cells.append(f"L{rng.choice((1, 3, 4, 5, 6))}")
        else:
            cells.append(f"**{rng.randint(1, 6)}")
    line = b.line
    outs = f.batting_counts(line)["OUT"]
    r = card.ratings
    ratings = (f"k={r['k']} w={r['w']} hr={r['hr']} hbp={r['hbp']} "
               f"gdp={f.gdp(line, outs, lg.gidp, 0, 3, 1)} br={f.br(line, lg) if b.pid else 1} sf=2 "
               f"att={f.att(line, lg) if b.pid else 'N'} sb={f.steal_rating(line, lg)} "
               f"bnt={f.bunt(line, lg) if b.pid else 4} inj=1")
    hits = f.hit_ranges(card.hit_ranges)
    out = [f"batter {cid} | {b.name} | bats {b.bats}", f"ratings: {ratings}"]
    if hits:
        out.append(f"hit?: {hits}")
    out.append(f"fielding: {_fielding(b, rows, lg)}")
    return out + _grid(_layout(cells[:36], f"{year}:{cid}"))


def pitcher_card(cid: str, p: _Pitcher, lg: f.LeagueContext, rows: dict[tuple[str, str], Line],
                 year: int) -> list[str]:
    card = f.pitcher_cells(p.rates, lg)
    cells = [c for c, n in card.cells.items() for _ in range(n)]
    if card.hr_range:
        cells.append("HR?")
    qq_result, qq_range = card.qq
    if qq_range:
        cells.append("(??)")
    cells += ["-"] * (36 - len(cells))
    if p.role == "starter":
        role = f"start={f.starter_rating(p.line, RELIEF_BF)}/7 relief=- cg={f.complete_game_rating(p.line)}"
    else:
        role = f"start=- relief={f.relief_rating(p.line)}/3"
    hr_q = f"1-{card.hr_range}" if card.hr_range else "-"
    qq = f"{qq_result}:1-{qq_range}/1-{qq_range}" if qq_range else "**:-/-"
    wp = f.wild_range(p.line, lg)
    pb_lo = wp + 1
    pb = f"{pb_lo}-{min(20, pb_lo + 2)}" if pb_lo <= 20 else "-"
    outs = f.pitching_counts(p.line, lg.hit_split, lg.sacrifice)["OUT"]
    x = rows.get((p.pid, "P"))
    if x is None:
        fld = "p r3 e4"
    else:
        chances = get(x, "PO") + get(x, "A") + get(x, "E")
        fld = (f"p r{f.range_rating(_range_chances('p', x), _field_outs(x), lg.range_factor.get('p', 0.0))} "
               f"e{f.error_rating(get(x, 'E'), chances, lg.error_rate.get('p', 0.0))}")
    ratings = (f"{role} hbp={f.pitcher_hbp(p.rates, lg)} gdp={f.gdp(p.line, outs, lg.gidp, -1, 1, 0)} hld=+0 "
               f"sb=0 wp=1-{wp} pb?={pb} blk=1 po=2-3 poe=5 ??={qq} hr?={hr_q}/{hr_q} specialk=- inj=1")
    return [f"pitcher {cid} | {p.name} | throws {p.throws}", f"ratings: {ratings}", f"stars: {STARS}",
            f"fielding: {fld}"] + _grid(_layout(cells[:36], f"{year}:{cid}"))


__all__ = ["ballpark_card", "generate_season", "league_context", "write_season"]
