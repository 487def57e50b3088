"""A deterministic generator for the fictional 8-team card set.

``python -m league.rules.strat.cardgen OUTDIR`` writes one file per team, the
eight pitchers' hitting cards and the 25.3 emergency pitching card.  The set
shipped in ``league/data/cards/`` was written once with the default seed;
names, teams and numbers are invented (no real card data).  Same seed, same
bytes.
"""

from __future__ import annotations

import random
import sys
from dataclasses import replace
from pathlib import Path

from league.rules.strat.cards import ROWS, Card, Fielding
from league.rules.strat.cardtext import format_card, format_cards
from league.rules.strat.results import Cell, parse_cell
from league.rules.strat.supplementary import parse_lead

SEED = "league-strat-cards-1"
TEAMS = {"ANV": "Anvil City Smiths", "BRK": "Brookport Herons", "CDR": "Cedar Falls Loggers",
         "DUN": "Dunmore Pilots", "ELM": "Elmhurst Owls", "FOX": "Fox River Rapids",
         "GRN": "Granite Bay Quarrymen", "HLV": "Hollow Vale Lanterns"}
FIRST = ("Abe Cal Dex Eli Finn Gus Hal Ike Jed Kit Lou Mack Ned Otis Pete Quin Roy Sid Ted "
         "Vic Walt Zeke Amos Bert Clem Dale Emmett Floyd Grady Hank Irv Jasper Lyle Merle "
         "Nate Orval Percy Rusty Shel Tuck").split()
LAST = ("Abernath Brindle Coldwell Dunfield Eckert Farrow Gaskin Holloway Ingram Jessup "
        "Kettering Lasko Merriman Nordell Oakes Pruett Quarles Rudd Stallings Tidwell Upham "
        "Vance Whitcomb Yarrow Zeller Ashby Buckner Crowder Dorsey Ellery Fenwick Gorman "
        "Hatcher Ivers Jaworski Kimble Lindqvist Mabry Norcross Ormsby").split()
FIELD = ("c", "1b", "2b", "ss", "3b", "lf", "cf", "rf")
INFIELD = ("1b", "2b", "3b", "ss")
OF = ("lf", "cf", "rf")
WEIGHT = {r: 6 - abs(7 - r) for r in ROWS}  # how often the colored dice give each row
# 23.1's supplementary stealing rating by the letter grade, for super advanced play (23.12: a card without
# one starts from 0, so nobody on these cards could steal).  The cards are fictional, with no steals to
# rate from, so each grade gets what the Lahman generator (lahman/formulas.lead) wrote most on the 1988
# cards of that grade: the most common good-lead and automatic-out totals and the median first rating;
# the second is the first less 5 (formulas.LEAD_SECOND_UNDER).  Batters only: pitchers carry none (23.12).
LEAD_BY_GRADE = {"AAA": "*2-9/10-12 (20-15)", "AA": "2-9/10-12 (20-15)", "A": "2-7/11-12 (19-14)",
                 "B": "2-5/12 (17-12)", "C": "2-4/12 (15-10)", "D": "2-3/- (9-4)", "E": "2/- (9-4)"}


def _batter_reading(rng: random.Random, q: float, side: str, of: str) -> str:
    """One batter-column reading; q in 0..1 is how good the hitter is."""
    adv = side != "basic"
    inf = rng.choice(INFIELD)
    roll = rng.random()
    if roll < 0.10 + 0.18 * q:
        return rng.choice([f"SINGLE({of})", "SINGLE*", "SINGLE**", f"SINGLE*({of})" if adv else "SINGLE*"])
    if roll < 0.17 + 0.26 * q:
        return rng.choice([f"DOUBLE({of})", "DOUBLE**", "TRIPLE", "HOMERUN",
                           "HOMERUN 1-10, DOUBLE 11-20", "SINGLE* 1-12, LINEOUT(ss) 13-20"])
    if roll < 0.25 + 0.30 * q:
        return "WALK" if rng.random() < 0.9 else "HBP"
    outs = ["STRIKEOUT", f"GROUNDBALL({inf})A", f"GROUNDBALL({inf})B", f"GROUNDBALL({inf})C",
            f"GROUNDBALL({inf})B++", f"FLYBALL({of})A", f"FLYBALL({of})B", f"FLYBALL({of})C",
            f"POPOUT({inf})", "FOULOUT(c)", f"LINEOUT({inf})", f"LOMAX({inf})"]
    if adv:
        outs += [f"FLYBALL({of})B?", f"GROUNDBALL({inf})C"]
    out = rng.choice(outs)
    return out + (" PLUS INJURY" if rng.random() < 0.015 else "")


def _pitcher_reading(rng: random.Random, q: float, side: str) -> str:
    adv = side != "basic"
    inf, of = rng.choice(INFIELD + ("p",)), rng.choice(OF)
    dot = " •" if adv and rng.random() < 0.35 else ""
    roll = rng.random()
    if roll < 0.10 + 0.15 * (1 - q):
        return rng.choice([f"SINGLE({of})", "SINGLE*", "SINGLE**", "DOUBLE**", f"DOUBLE({of})"])
    if roll < 0.14 + 0.05 * (1 - q):
        return ("N-" if adv else "") + rng.choice(["HOMERUN", f"HOMERUN 1-6, FLYBALL({of})B 7-20"])
    if roll < 0.20 + 0.10 * (1 - q):
        return "WALK"
    if roll < 0.32:
        return rng.choice([f"GROUNDBALL({inf})X", f"FLYBALL({of})X", "CATCH-X"])
    return rng.choice(["STRIKEOUT", "STRIKEOUT", f"GROUNDBALL({inf})A", f"GROUNDBALL({inf})B",
                       f"GROUNDBALL({inf})C", f"FLYBALL({of})B", f"FLYBALL({of})C",
                       f"POPOUT({inf})", f"LINEOUT({inf})"]) + dot


def _cells(rng: random.Random, kind: str, q: tuple[float, float, float]) -> dict[tuple[str, int, int], Cell]:
    cells: dict[tuple[str, int, int], Cell] = {}
    columns = (1, 2, 3) if kind == "batter" else (4, 5, 6)
    for side, quality in zip(("basic", "L", "R"), q):
        for c in columns:
            of = rng.choice(OF)
            for r in ROWS:
                text = (_batter_reading(rng, quality, side, of) if kind == "batter"
                        else _pitcher_reading(rng, quality, side))
                cells[(side, c, r)] = parse_cell(text)
    return cells


def _name(rng: random.Random, used: set[str]) -> str:
    while True:
        name = f"{rng.choice(FIRST)} {rng.choice(LAST)}"
        if name not in used:
            used.add(name)
            return name


def _fielding(rng: random.Random, position: str) -> Fielding:
    arm = None
    if position in OF:
        arm = rng.randint(-4, 4)
    elif position == "c":
        arm = rng.randint(-3, 4)
    return Fielding(position, rng.choice((1, 2, 2, 3, 3, 3, 4, 5)), arm, rng.randint(2, 30))


def batter(rng: random.Random, cid: str, team: str, name: str, positions: tuple[str, ...],
           q: float) -> Card:
    lefty = rng.random()
    running = rng.randint(8, 17)
    return Card(
        id=cid, kind="batter", name=name, team=team,
        hand="L" if lefty < 0.35 else "S" if lefty < 0.45 else "R",
        fielding=tuple(_fielding(rng, p) for p in positions),
        running=running, stealing=rng.choice(("AA", "A", "B", "C", "C", "D", "E")) if running > 11 else rng.choice("CDE"),
        bunting=rng.choice("ABCD"), hit_and_run=rng.choice("BCD"),
        power=(rng.choice("NNW"), rng.choice("NNW")) if q < 0.6 else ("N", "N"),
        catcher_t=(1, rng.randint(2, 8)) if "c" in positions else None,
        passed_ball=rng.randint(0, 6) if "c" in positions else None,
        cells=_cells(rng, "batter", (q, q + rng.uniform(-0.15, 0.15), q + rng.uniform(-0.15, 0.15))),
    )


def pitcher(rng: random.Random, cid: str, team: str, name: str, role: str, q: float) -> Card:
    both = rng.random() < 0.15
    return Card(
        id=cid, kind="pitcher", name=name, team=team, hand="L" if rng.random() < 0.3 else "R",
        batting=f"{rng.randint(1, 8)}{rng.choice('WWN')}{rng.choice('RRL')}",
        starter=rng.randint(5, 8) if role == "starter" else (4 if both else None),
        relief=rng.randint(1, 3) if role == "relief" or both else None,
        hold=rng.randint(-4, 5), balk=rng.randint(0, 5), wild_pitch=rng.randint(0, 8),
        fielding=(Fielding("p", rng.randint(1, 5), None, rng.randint(0, 12)),),
        running=rng.randint(5, 12), stealing="E", bunting=rng.choice("ABCD"),
        cells=_cells(rng, "pitcher", (q, q + rng.uniform(-0.1, 0.1), q + rng.uniform(-0.1, 0.1))),
    )


def team_cards(code: str, seed: str = SEED) -> list[Card]:
    """13 batters (8 starters by position, a DH, 4 reserves, each with a ``lead:`` rating by his stealing
    grade, :data:`LEAD_BY_GRADE`) and 11 pitchers."""
    rng = random.Random(f"{seed}:{code}")
    used: set[str] = set()
    cards: list[Card] = []
    slots = [(p,) + ((rng.choice(OF),) if p in OF and rng.random() < 0.4 else ()) for p in FIELD]
    slots += [("1b", "lf"), ("c",), ("2b", "ss", "3b"), ("lf", "cf", "rf"), ("1b", "3b")]
    for i, positions in enumerate(slots, start=1):
        positions = tuple(dict.fromkeys(positions))
        card = batter(rng, f"{code}{i:02d}", code, _name(rng, used), positions, rng.uniform(0.25, 0.85))
        # set after the dice: the rest of the card, and every card after it, keeps its numbers
        cards.append(replace(card, lead=parse_lead(LEAD_BY_GRADE[card.stealing])))
    for i in range(11):
        cards.append(pitcher(rng, f"{code}{14 + i:02d}", code, _name(rng, used),
                             "starter" if i < 5 else "relief", rng.uniform(0.2, 0.9)))
    return cards


def pitcher_hitting_cards(seed: str = SEED) -> list[Card]:
    """The eight generic pitchers' hitting cards (11.1), ids PH1-PH8."""
    rng = random.Random(f"{seed}:PH")
    return [batter(rng, f"PH{n}", "PIT", f"Pitchers' hitting card {n}", ("p",), 0.05 + 0.03 * n)
            for n in range(1, 9)]


def emergency_card(seed: str = SEED) -> Card:
    """25.3: the card a position player pitches from; defense 5e51, hold +9, relief (1), bk-20, wp-20."""
    rng = random.Random(f"{seed}:EMERGENCY")
    card = pitcher(rng, "EMERGENCY", "ANY", "Position player pitching", "relief", 0.0)
    return Card(**{**card.__dict__, "fielding": (Fielding("p", 5, None, 51),), "hold": 9,
                   "relief": 1, "starter": None, "balk": 20, "wild_pitch": 20, "batting": "1WR"})


def write_set(outdir: Path, seed: str = SEED) -> list[Path]:
    outdir.mkdir(parents=True, exist_ok=True)
    written = []
    for code, name in TEAMS.items():
        path = outdir / f"{code}.txt"
        path.write_text(format_cards(team_cards(code, seed), f"{name} ({code}): fictional Strat-O-Matic cards, "
                                     f"generated by league.rules.strat.cardgen (seed {seed})"), encoding="utf-8")
        written.append(path)
    path = outdir / "pitcher-hitting.txt"
    path.write_text(format_cards(pitcher_hitting_cards(seed), "The eight pitchers' hitting cards (11.1)"),
                    encoding="utf-8")
    return written + [path]


def write_emergency(path: Path, seed: str = SEED) -> None:
    path.write_text("# 25.3: the pitching card used while a position player pitches (project's own)\n\n"
                    + format_card(emergency_card(seed)), encoding="utf-8")


if __name__ == "__main__":  # pragma: no cover
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "league/data/cards")
    for p in write_set(out):
        print(p)
    write_emergency(Path(__file__).with_name("charts") / "emergency-pitcher.txt")
