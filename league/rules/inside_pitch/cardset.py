"""The fictional Inside Pitch card set: eight clubs and their parks, generated once with a fixed seed.

No real player's data: names are made of syllables, ratings and grids are
drawn around league-average rates (docs/inside-pitch.md, "The card set").
Every cell of a 2d6 grid is read by one (red, white) pair, so each cell is
1/36 of the rolls that reach the card.  Regenerate with

    python -m league.rules.inside_pitch.cardset

which rewrites ``league/rules/inside_pitch/data/*.txt`` identically.
"""

from __future__ import annotations

import random
from pathlib import Path

DATA = Path(__file__).with_name("data")
SEED = 20210709  # the manual's date
CLUBS = (
    ("HBR", "Harbor City Gulls", "East", "Gull Field"), ("MIL", "Millbrook Foxes", "East", "Foxden Park"),
    ("RDG", "Redgate Pioneers", "East", "Pioneer Grounds"), ("SLV", "Silverton Miners", "East", "Lode Stadium"),
    ("TWN", "Twin Rivers Otters", "West", "Riverside Oval"), ("AUR", "Aurora Comets", "West", "Comet Park"),
    ("PIN", "Pinecrest Owls", "West", "Owl's Nest"), ("CAS", "Castle Rock Knights", "West", "Keep Field"),
)
FIRST = ("Al", "Ben", "Cal", "Dex", "Eli", "Fred", "Gus", "Hal", "Ike", "Jed", "Kip", "Lou", "Mo", "Ned", "Otis",
         "Pat", "Ray", "Sid", "Ty", "Vic", "Walt", "Zeke", "Abe", "Bo", "Cy", "Del", "Ed", "Flip", "Hank", "Jim")
PARTS = ("ab", "bel", "cor", "dan", "er", "fal", "gan", "hol", "ist", "jor", "kel", "lan", "mor", "nov", "ost",
         "pel", "quin", "ros", "sten", "tor", "ul", "var", "wes", "yar", "zel")
POSITIONS = ("c", "1b", "2b", "3b", "ss", "lf", "cf", "rf")
FIELD_NO = {"c": 2, "1b": 3, "2b": 4, "3b": 5, "ss": 6, "lf": 7, "cf": 8, "rf": 9}

# The pitcher's card: 36 cells (counts of each result); the rest are blanks.
PITCHER_CELLS = {"K": 8, "K+": 2, "W": 6, "W+": 1, "K(W)": 1, "**": 3, "WLD": 1, "HBP": 1, "HR?": 1, "(S1)": 1,
                 "(??)": 1, "@": 2, "E?": 1, "ET?": 1, "EG?": 1, "RP": 1, "RP@": 1}


def _name(rng: random.Random) -> str:
    return f"{rng.choice(FIRST)} {(rng.choice(PARTS) + rng.choice(PARTS)).capitalize()}"


def _grid(cells: list[str]) -> list[str]:
    return [f"{r + 1}: " + " ".join(cells[r * 6:(r + 1) * 6]) for r in range(6)]


def _batter_cells(rng: random.Random, power: int, contact: int) -> list[str]:
    """36 results: hits by contact and power, outs to fielders, a couple of ** and ?n references."""
    cells: list[str] = []
    singles = 5 + contact
    for _ in range(singles):
        cells.append(rng.choice(["S7", "S8", "S9", "S7", "S8", "S9", "S+7", "S+8", "S+9", "S6", "S4", "S3", "S5",
                                 "S1"]))
    cells += [rng.choice(["D7", "D8", "D9"]) for _ in range(1 + power // 3)]
    cells += [rng.choice(["T8", "T9"]) for _ in range(rng.choice([0, 0, 1]))]
    cells += [rng.choice(["H7", "H8", "H9"]) for _ in range(power // 3)]
    cells += [rng.choice(["?7", "?8", "?9"]) for _ in range(2)]
    cells += [f"**{rng.randint(1, 6)}" for _ in range(2)]
    while len(cells) < 36:
        kind = rng.choices(["G", "F", "P", "L"], [9, 6, 3, 2])[0]
        field = {"G": [1, 3, 4, 5, 6, 6, 4], "F": [7, 8, 9], "P": [2, 3, 4, 5, 6], "L": [1, 3, 4, 5, 6]}[kind]
        cells.append(f"{kind}{rng.choice(field)}")
    rng.shuffle(cells)
    return cells[:36]


def _split(rng: random.Random, cells: list[str]) -> list[str]:
    """A few cells differ by the pitcher's hand (3)."""
    out = list(cells)
    for i in rng.sample(range(36), 4):
        other = rng.choice(["G6", "F8", "S8", "G4", "P5"])
        out[i] = f"{out[i]}/{other}" if rng.random() < 0.5 else f"{other}/{out[i]}"
    return out


def _batter(rng: random.Random, cid: str, positions: list[str]) -> list[str]:
    power, contact = rng.randint(0, 8), rng.randint(0, 4)
    hand = rng.choices("LRS", [3, 6, 1])[0]
    k, w = rng.randint(4, 12), rng.randint(3, 9)
    hr = max(1, power + rng.randint(0, 4))
    att = rng.choice(["N", "H", "1", str(rng.randint(1, 3)), str(rng.randint(2, 5)), str(rng.randint(4, 10))])
    fielding = []
    for pos in positions:
        r, e = rng.randint(2, 5), rng.randint(1, 8)
        extra = ""
        if pos in ("lf", "cf", "rf", "c"):
            extra += f" a{rng.randint(-2, 2):+d}"
        if pos in ("2b", "ss"):
            extra += f" pv{rng.randint(-1, 2):+d}"
        if pos == "c":
            extra += f" pb{rng.randint(3, 6)}"
        fielding.append(f"{pos} r{r} e{e}{extra}")
    s, d = sorted(rng.sample(range(1, 13), 2))
    lines = [f"batter {cid} | {_name(rng)} | bats {hand}",
             f"ratings: k={k}/{max(2, k - rng.randint(0, 2))} w={w}/{max(2, w - rng.randint(0, 2))} "
             f"hr={hr}/{max(1, hr - rng.randint(0, 2))} hbp={rng.randint(0, 2)} gdp={rng.randint(0, 3)} "
             f"br={rng.randint(1, 5)} sf={rng.randint(1, 4)} att={att} sb={rng.randint(10, 17)} "
             f"bnt={rng.randint(1, 5)} inj={rng.randint(0, 4)}",
             f"hit?: S 1-{s + 4} D {s + 5}-{d + 6} T {d + 7}-{d + 7}" + (f" HR {d + 8}-{d + 8}" if power > 5 else ""),
             "fielding: " + ", ".join(fielding) if fielding else "fielding: 1b r1 e9"]
    return lines + _grid(_split(rng, _batter_cells(rng, power, contact)))


def _pitcher(rng: random.Random, cid: str, starter: bool) -> list[str]:
    cells = [c for c, n in PITCHER_CELLS.items() for _ in range(n)]
    if rng.random() < 0.5:
        cells.append(rng.choice(["S1", "HR", "K", "W", "@"]))
    cells += ["-"] * (36 - len(cells))
    rng.shuffle(cells)
    for i in rng.sample(range(36), 3):  # a few split cells (2)
        if cells[i] == "-":
            cells[i] = rng.choice(["K/", "/K", "W/", "/W+", "K/W"])
    role = f"start={rng.randint(22, 30)}/{rng.randint(6, 9)} relief=-" if starter else \
        f"start=- relief={rng.randint(5, 12)}/{rng.randint(2, 4)}"
    sk = rng.choice(["-", "-", "-", f"1-{rng.randint(2, 6)}/1-{rng.randint(2, 6)}"])
    stars = " ".join(rng.choice(["G6", "G4", "G5", "G3", "F8", "F7", "F9", "P5", "P4", "L6", "G1"]) for _ in range(6))
    return [f"pitcher {cid} | {_name(rng)} | throws {rng.choice('LRR')}",
            f"ratings: {role} hbp={rng.randint(-1, 1)} gdp={rng.randint(-1, 1)} hld={rng.randint(-2, 4):+d} "
            f"sb={rng.randint(-3, 3)} wp=1-{rng.randint(1, 3)} pb?=4-{rng.randint(5, 7)} blk=1 po=2-{rng.randint(2, 4)} "
            f"poe=5 ??=**:1-{rng.randint(3, 8)}/1-{rng.randint(3, 8)} hr?=1-{rng.randint(2, 5)}/1-{rng.randint(2, 5)} "
            f"specialk={sk} inj={rng.randint(0, 3)}",
            f"stars: {stars}",
            f"fielding: p r{rng.randint(1, 4)} e{rng.randint(1, 6)}"] + _grid(cells)


def _park(rng: random.Random, code: str, name: str) -> list[str]:
    cells = ["-", "-", "[HR8]", "[HRo]", "[HRp]", "?7", "?8", "?9", "**1", "**3", "**5"]
    cells += [rng.choice(["S7", "S8", "S9", "S+8", "D7", "D9", "T8"]) for _ in range(7)]
    while len(cells) < 36:
        cells.append(rng.choice(["G4", "G6", "G5", "G3", "F7", "F8", "F9", "P6", "L4"]))
    rng.shuffle(cells)
    return [f"ballpark {code}P | {name}",
            f"ratings: k={rng.randint(-2, 2)} w={rng.randint(-1, 1)} hr={rng.randint(-1, 1)}",
            f"hit?: S 1-{rng.randint(5, 8)} D 9-{rng.randint(11, 13)} T 14-14 HR 15-{rng.randint(15, 17)}"] + _grid(cells)


def club_text(index: int) -> str:
    return make_club(*CLUBS[index])


def make_club(code: str, name: str, division: str, park: str) -> str:
    """One club's file, drawn from a random stream seeded by the set's seed and the club's code."""
    rng = random.Random(f"{SEED}:{code}")
    lines = [f"# {name} ({code}) -- fictional Inside Pitch cards, generated by league.rules.inside_pitch.cardset",
             f"team: {code}", f"name: {name}", "league: IP", f"division: {division}", ""]
    lines += _park(rng, code, park) + [""]
    bench_pos = [["c"], ["2b", "ss", "3b"], ["lf", "cf", "rf"], ["1b", "lf"]]
    for i, pos in enumerate([[p] for p in POSITIONS] + [["1b"]] + bench_pos):
        lines += _batter(rng, f"{code}{i + 1:02d}", pos) + [""]
    for i in range(12):
        lines += _pitcher(rng, f"{code}P{i + 1:02d}", i < 5) + [""]
    return "\n".join(lines)


def write_set(directory: Path = DATA) -> list[Path]:
    directory.mkdir(parents=True, exist_ok=True)
    paths = []
    for i, (code, *_rest) in enumerate(CLUBS):
        path = directory / f"{code}.txt"
        path.write_text(club_text(i))
        paths.append(path)
    return paths


if __name__ == "__main__":
    for p in write_set():
        print(p.name)
