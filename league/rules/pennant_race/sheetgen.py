"""Random but deterministic Pennant Race roster sheets for fictional teams.

``generate_sheet`` draws ratings on the manual's scale (the 1988 Texas sheet
of section 1): 6 starters (REST 4 or 5), 7 relievers of which 2 are
asterisked, sometimes a swingman with both roles, a lineup of the eight
fielding positions plus a DH (AL) or the pitcher (any other league), and a
bench of four.  The same arguments always give the same sheet.
"""

from __future__ import annotations

import random
import zlib
from pathlib import Path

from league.data import data_path
from league.rules.pennant_race.sheet import FIELDING, read_sheet, write_sheet
from league.rules.pennant_race.ratings import Batter, Pitcher, TeamSheet

FIRST = (
    "AL ART BENNY BILL BOB BRAD BUD CAL CARL CHUCK CLAY CURT DALE DAN DARRYL DAVE DENNY DON DOUG "
    "DUANE EARL EDDIE ERNIE FRANK FRED GARY GENE GLENN GREG HAL HANK HARVEY JACK JAY JEFF JERRY "
    "JIM JOE JOHN KEN KEVIN KIRK LANCE LARRY LEE LEN LOU LUIS MARK MARTY MEL MIKE MITCH NORM OSCAR "
    "PAT PAUL PETE PHIL RALPH RANDY RAY RICH RICK ROB RON ROY RUSS SAM SCOTT STAN STEVE TED TERRY "
    "TIM TODD TOM TONY VIC WADE WALT WES WILLIE"
).split()
LAST = (
    "ABBOTT ACKER ALDRICH ALVAREZ ASHBY BAILEY BARNES BARTLETT BECKER BELCHER BENNETT BISHOP BLAIR "
    "BOONE BRADLEY BRANDT BRENNAN BROCK BURKE BURNS CALDWELL CAMPBELL CARDENAS CARLSON CARR CASEY "
    "CHAMBERS CLAYTON COLE COLLINS CONLEY CORDERO CRAWFORD CROSS DALTON DAVIS DAWSON DEAN DECKER "
    "DELGADO DOBBS DOYLE DUFFY DUNCAN EATON ELLIS EMERY ESPINOSA EVANS FARRELL FERGUSON FIELDS "
    "FISHER FLEMING FLORES FORD FOSTER FOWLER FULLER GAINES GARNER GIBBS GILBERT GORDON GRAVES GRIMES "
    "HACKETT HALE HARDY HARMON HARPER HAYES HENDRIX HICKS HOLLAND HOLT HOOPER HOWELL HUBBARD HUDSON "
    "INGRAM IRVIN JARVIS JENNINGS JORDAN KEEGAN KELLER KERR KNIGHT LAMBERT LANDRY LAWSON LOGAN LOWE "
    "LYNCH MADDEN MALONE MANNING MARSH MASON MCBRIDE MCCOY MEDINA MERCER MILES MOODY MORENO MORROW "
    "MULLEN NASH NEWTON NOLAN NORRIS OCHOA OLSON ORTEGA OWENS PACE PARKS PEARSON PENA PERKINS PIERCE "
    "POOLE PORTER PRATT QUINN RAMIREZ RANDALL REESE REYES RHODES RIGGS ROACH ROWE RUSSO SALAZAR "
    "SAWYER SCHMIDT SHAW SHELTON SIMMS SLOAN SNYDER SOTO STANTON STARK STOKES SULLIVAN SUTTON TATE "
    "THORNTON TOBIN TOWNSEND TUCKER TURNER VANCE VARGAS VAUGHAN WADE WALSH WARD WATKINS WEAVER WEBB "
    "WHEELER WILCOX WOLFE WOODS WYATT YATES YORK ZIMMER"
).split()

TEAMS_1988: dict[str, tuple[str, str, str]] = {
    # code: (name, league, division) -- the real 1988 alignment
    "BAL": ("Baltimore Orioles", "AL", "East"), "BOS": ("Boston Red Sox", "AL", "East"),
    "CLE": ("Cleveland Indians", "AL", "East"), "DET": ("Detroit Tigers", "AL", "East"),
    "MIL": ("Milwaukee Brewers", "AL", "East"), "NYA": ("New York Yankees", "AL", "East"),
    "TOR": ("Toronto Blue Jays", "AL", "East"),
    "CAL": ("California Angels", "AL", "West"), "CHA": ("Chicago White Sox", "AL", "West"),
    "KCA": ("Kansas City Royals", "AL", "West"), "MIN": ("Minnesota Twins", "AL", "West"),
    "OAK": ("Oakland Athletics", "AL", "West"), "SEA": ("Seattle Mariners", "AL", "West"),
    "TEX": ("Texas Rangers", "AL", "West"),
    "CHN": ("Chicago Cubs", "NL", "East"), "MON": ("Montreal Expos", "NL", "East"),
    "NYN": ("New York Mets", "NL", "East"), "PHI": ("Philadelphia Phillies", "NL", "East"),
    "PIT": ("Pittsburgh Pirates", "NL", "East"), "SLN": ("St. Louis Cardinals", "NL", "East"),
    "ATL": ("Atlanta Braves", "NL", "West"), "CIN": ("Cincinnati Reds", "NL", "West"),
    "HOU": ("Houston Astros", "NL", "West"), "LAN": ("Los Angeles Dodgers", "NL", "West"),
    "SDN": ("San Diego Padres", "NL", "West"), "SFN": ("San Francisco Giants", "NL", "West"),
}

# Triads in the order the rules compare them (111 < 112 < ... < 666).
TRIADS = tuple(100 * a + 10 * b + c for a in range(1, 7) for b in range(1, 7) for c in range(1, 7))
TWO_DICE = tuple(10 * a + b for a in range(1, 7) for b in range(1, 7))
LINEUP_EI = ((11, 12), (13, 14), (15, 16), (21, 22), (23, 24), (25, 26), (31, 32), (33, 34), (35, 36))
BENCH_EI_NUMBERS = tuple(n for n in TWO_DICE if n >= 41)  # 18 numbers, 41..66
PITCHER_NAME = "PITCHER"  # the pitcher's spot in a lineup without a DH


def generate_sheet(code: str, name: str, league: str, division: str, seed: int) -> TeamSheet:
    """A plausible, valid roster sheet drawn from ``seed``."""
    rng = random.Random(f"{code}:{seed}")
    names = _names(rng, 6 + 7 + 9 + 4)
    pitchers = _staff(rng, names[:13])
    lineup = _lineup(rng, names[13:22], use_dh=league.upper() == "AL")
    bench = _bench(rng, names[22:])
    lineup, bench = _assign_xhr(rng, lineup, bench)
    unearned = tuple(rng.choices((0, 1, 2, 3), weights=(30, 42, 24, 4))[0] for _ in range(8))
    xhr_grid = (
        rng.choice((111, 112, 113, 114)),
        rng.choice(tuple(t for t in TRIADS if 121 <= t <= 156)),
        rng.choice(tuple(t for t in TRIADS if 211 <= t <= 266)),
        666,
    )
    return TeamSheet(
        code=code, name=name, league=league, division=division,
        bat_value=sum(b.bat for b in lineup), unearned=unearned, xhr_grid=xhr_grid,
        pitchers=pitchers, lineup=lineup, bench=bench,
    )


def generate_1988_league(out_dir: str | Path) -> list[Path]:
    """Write a sheet for each of the 26 teams of 1988; shipped sheets (TEX...) are copied."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for code, (name, league, division) in sorted(TEAMS_1988.items()):
        shipped = data_path("teams", f"{code}.tsv")
        if shipped.is_file():
            sheet = read_sheet(shipped)
        else:
            sheet = generate_sheet(code, name, league, division, seed=zlib.crc32(code.encode()) + 1988)
        path = out / f"{code}.tsv"
        path.write_text(write_sheet(sheet), encoding="utf-8")
        paths.append(path)
    return paths


def _names(rng: random.Random, n: int) -> list[str]:
    chosen: list[str] = []
    while len(chosen) < n:
        candidate = f"{rng.choice(FIRST)} {rng.choice(LAST)}"
        # unique full names and surnames, so box scores stay readable
        if all(candidate.split()[1] != c.split()[1] for c in chosen):
            chosen.append(candidate)
    return chosen


def _staff(rng: random.Random, names: list[str]) -> tuple[Pitcher, ...]:
    sts = sorted((rng.choices((1.5, 2.0, 2.5, 3.0, 3.5, 4.0, 4.5), weights=(1, 3, 5, 6, 4, 2, 1))[0]
                  for _ in range(6)), reverse=True)
    starters = []
    for i, st in enumerate(sts):
        end = max(3, min(9, int(st) + rng.choice((2, 3, 4, 4, 5))))
        rest = 4 if i < 4 and rng.random() < 0.8 else rng.choice((4, 5))
        above_cg = rng.randint(0, 10) + (end - 3) * rng.randint(2, 7)  # triads that give a CG
        above_sho = rng.randint(0, above_cg // 3)
        cg = TRIADS[215 - above_cg]
        sho = 666 if above_sho == 0 else TRIADS[215 - above_sho]
        starters.append(Pitcher(names[i], st, end, rest, cg, sho))
    if rng.random() < 1 / 3:  # a swingman: the sixth starter also relieves
        p = starters[5]
        starters[5] = Pitcher(p.name, p.st, p.end, p.rest, p.cg, p.sho, rng.randint(2, 6), rng.randint(2, 4))
    rels = sorted(rng.randint(-4, 5) for _ in range(5))
    relievers = [Pitcher(names[6 + i], rel=r, fat=rng.randint(1, 4)) for i, r in enumerate(rels)]
    relievers += [Pitcher(names[11 + i], rel=rng.randint(2, 7), fat_asterisk=True) for i in range(2)]
    return tuple(starters + relievers)


def _hitter(rng: random.Random, slot: str, name: str, pos: str) -> Batter:
    bat = rng.choices((2, 3, 4, 5), weights=(3, 4, 3, 1))[0]
    pow_ = rng.choices((0, 1, 2, 3, 4), weights=(1, 4, 4, 3, 1))[0]
    spd = rng.choices((0, 1, 2, 3, 4, 5), weights=(2, 4, 4, 2, 1, 1))[0]
    fld = None if pos == "DH" else rng.choices((-1, 0, 1, 2), weights=(2, 4, 3, 2))[0]
    return Batter(slot, name, pos, bat, pow_, spd, fld=fld)


def _lineup(rng: random.Random, names: list[str], use_dh: bool) -> tuple[Batter, ...]:
    positions = list(FIELDING) + (["DH"] if use_dh else [])
    rng.shuffle(positions)
    hitters = [_hitter(rng, "", names[i], pos) for i, pos in enumerate(positions)]
    # batting order: speed at the top, power in the middle, the rest after
    hitters.sort(key=lambda b: -b.spd)
    order = hitters[:2]
    rest = sorted(hitters[2:], key=lambda b: -b.pow)
    order += rest[:3] + sorted(rest[3:], key=lambda b: -b.bat)
    if not use_dh:
        order.append(Batter("", PITCHER_NAME, "P", rng.choice((0, 1)), 0, 0, fld=rng.choice((0, 0, 1))))
    return tuple(
        Batter(str(i), b.name, b.pos, b.bat, b.pow, b.spd, None, b.fld, LINEUP_EI[i - 1], 10 + i if i <= 8 else None)
        for i, b in enumerate(order, start=1)
    )


def _bench(rng: random.Random, names: list[str]) -> tuple[Batter, ...]:
    positions = ["C", rng.choice(("2B", "SS", "3B")), rng.choice(("LF", "CF", "RF")), rng.choice(FIELDING)]
    sizes = [3, 3, 3, 3]  # the 18 numbers 41..66, 3 to 6 each
    while sum(sizes) < len(BENCH_EI_NUMBERS):
        i = rng.randrange(4)
        if sizes[i] < 6:
            sizes[i] += 1
    bounds = [0]
    for size in sizes:
        bounds.append(bounds[-1] + size)
    bench = []
    for i, pos in enumerate(positions):
        ei = (BENCH_EI_NUMBERS[bounds[i]], BENCH_EI_NUMBERS[bounds[i + 1] - 1])
        bat = rng.choices((1, 2, 3), weights=(2, 5, 3))[0]
        bench.append(Batter(chr(ord("A") + i), names[i], pos, bat, rng.randint(0, 3), rng.randint(0, 4),
                            None, rng.choice((-1, 0, 0, 1)), ei, None))
    return tuple(bench)


def _assign_xhr(rng: random.Random, lineup: tuple[Batter, ...], bench: tuple[Batter, ...]):
    """Split the 36 two-dice numbers among the sluggers, down the sheet, ending at 66."""
    men = list(lineup + bench)
    sluggers = [i for i, b in enumerate(men) if b.pow >= 2]
    if not sluggers:
        sluggers = [max(range(len(men)), key=lambda i: (men[i].pow, -i))]
    weights = [men[i].pow ** 2 + rng.random() for i in sluggers]
    total = sum(weights)
    upper: list[int] = []
    acc = 0.0
    for k, w in enumerate(weights):
        acc += w
        # at least one number each, and leave room for those still to come
        lo = (upper[-1] + 1) if upper else 0
        hi = 35 - (len(weights) - 1 - k)
        upper.append(max(lo, min(hi, round(acc / total * 36) - 1)))
    upper[-1] = 35
    for i, u in zip(sluggers, upper):
        b = men[i]
        men[i] = Batter(b.slot, b.name, b.pos, b.bat, b.pow, b.spd, TWO_DICE[u], b.fld, b.ei, b.dice)
    return tuple(men[: len(lineup)]), tuple(men[len(lineup):])
