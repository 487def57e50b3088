"""Pennant Race roster sheets as tab-separated text (see docs/formats.md).

The file mirrors the printed sheet of section 1 of the manual: a team header,
the PITCHERS table, the LINEUP and the BENCH.  ``parse_sheet`` checks every
rating and raises :class:`~league.domain.errors.InputError` naming the source, the
line and the field; ``write_sheet`` writes the exact text ``parse_sheet`` reads.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from league.domain.errors import InputError
from league.adapters.textfile import read_text
from league.rules.pennant_race.ratings import Batter, Pitcher, TeamSheet

PITCHER_COLUMNS = ("PITCHERS", "ST", "END", "REST", "CG", "SHO", "REL", "FAT")
BATTER_COLUMNS = ("POS", "BAT", "POW", "SPD", "X-HR", "FLD", "E.I.", "DICE")
FIELDING = ("C", "1B", "2B", "3B", "SS", "LF", "CF", "RF")
POSITIONS = FIELDING + ("DH", "P")
NONE = "-"

_CODE = re.compile(r"[A-Z0-9]{2,4}")
_INT = re.compile(r"[+-]?\d+")
_TRIAD = re.compile(r"[1-6]{3}")
_TWO_DICE = re.compile(r"[1-6]{2}")


@dataclass
class _Row:
    line: int
    cells: list[str]


class _Reader:
    """Turns cells into values, raising InputError at one line and field."""

    def __init__(self, source: str):
        self.source = source

    def error(self, line: int | None, field: str | None, message: str) -> InputError:
        return InputError(self.source, line, field, message)

    def int_in(self, row: _Row, i: int, field: str, lo: int, hi: int, signed: bool = False) -> int:
        text = row.cells[i]
        if not _INT.fullmatch(text) or (not signed and text[0] in "+-"):
            raise self.error(row.line, field, f"{text!r} is not a whole number")
        value = int(text)
        if not lo <= value <= hi:
            shown = f"{lo:+d}..{hi:+d}" if signed else f"{lo}..{hi}"
            raise self.error(row.line, field, f"{text} is out of range {shown}")
        return value

    def opt_int_in(self, row: _Row, i: int, field: str, lo: int, hi: int, signed: bool = False) -> int | None:
        return None if row.cells[i] == NONE else self.int_in(row, i, field, lo, hi, signed)

    def triad(self, row: _Row, i: int, field: str) -> int:
        text = row.cells[i]
        if not _TRIAD.fullmatch(text):
            raise self.error(row.line, field, f"{text!r} is not a triad (three digits 1-6, e.g. 522)")
        return int(text)

    def two_dice(self, row: _Row, text: str, field: str) -> int:
        if not _TWO_DICE.fullmatch(text):
            raise self.error(row.line, field, f"{text!r} is not a two-dice number (11..66, digits 1-6)")
        return int(text)

    def st(self, row: _Row, i: int) -> float | None:
        text = row.cells[i]
        if text == NONE:
            return None
        try:
            value = float(text)
        except ValueError:
            raise self.error(row.line, "ST", f"{text!r} is not a number") from None
        if not 0.5 <= value <= 9.0 or (value * 2) != int(value * 2):
            raise self.error(row.line, "ST", f"{text} is out of range 0.5..9.0 (steps of 0.5)")
        return value


def read_sheet(path_or_text: str | Path, source: str | None = None) -> TeamSheet:
    """Read a roster sheet from a file path, or from the sheet text itself."""
    is_text = isinstance(path_or_text, str) and ("\n" in path_or_text or path_or_text.lstrip().upper().startswith("TEAM"))
    if not is_text:
        path = Path(path_or_text)
        text = read_text(path, "roster sheet", source)
        return parse_sheet(text, source or str(path))
    return parse_sheet(str(path_or_text), source or "<sheet>")


def parse_sheet(text: str, source: str) -> TeamSheet:
    """Parse and validate the text of a roster sheet."""
    r = _Reader(source)
    sections = _split_sections(r, text)
    header = sections["TEAM"]
    code, name, league, division = _team_line(r, header["TEAM"])
    if "UNEARNED RUNS" not in header:
        raise r.error(header["TEAM"].line, "UNEARNED RUNS", "missing UNEARNED RUNS line")
    if "X-HR" not in header:
        raise r.error(header["TEAM"].line, "X-HR", "missing X-HR line")
    unearned = _unearned(r, header["UNEARNED RUNS"])
    xhr_grid = _xhr_grid(r, header["X-HR"])

    head, rows = sections["PITCHERS"]
    pitchers = tuple(_pitcher(r, row) for row in rows)
    if not any(p.is_starter for p in pitchers):
        raise r.error(head.line, "PITCHERS", "the staff needs at least one starter (a pitcher with ST)")
    if not any(p.is_reliever for p in pitchers):
        raise r.error(head.line, "PITCHERS", "the staff needs at least one reliever (a pitcher with REL)")

    head, rows = sections["LINEUP"]
    lineup = tuple(_batter(r, row, "LINEUP") for row in rows)
    _check_lineup(r, head, rows, lineup)
    bench_rows: list[_Row] = []
    bench: tuple[Batter, ...] = ()
    if "BENCH" in sections:
        _, bench_rows = sections["BENCH"]
        bench = tuple(_batter(r, row, "BENCH") for row in bench_rows)
        _check_bench(r, bench_rows, bench)
    _check_names(r, rows_and_names=[(row, p.name) for row, p in zip(sections["PITCHERS"][1], pitchers)]
                 + [(row, b.name) for row, b in zip(rows + bench_rows, lineup + bench)])
    _check_batter_dice(r, rows + bench_rows, lineup + bench)

    total = sum(b.bat for b in lineup)
    bat_value = total
    if "BAT VALUE" in header:
        row = header["BAT VALUE"]
        _check_width(r, row, ("BAT VALUE", "value"))
        bat_value = r.int_in(row, 1, "BAT VALUE", 0, 81)
        if bat_value != total:
            raise r.error(row.line, "BAT VALUE", f"{bat_value} is not the sum of the lineup's BAT ({total})")
    return TeamSheet(code, name, league, division, bat_value, unearned, xhr_grid, pitchers, lineup, bench)


def write_sheet(sheet: TeamSheet) -> str:
    """The sheet as text that ``parse_sheet`` reads back to an equal sheet."""

    def opt(v: object) -> str:
        return NONE if v is None else str(v)

    def signed(v: int | None) -> str:
        return NONE if v is None else f"{v:+d}"

    lines = [
        "\t".join(("TEAM", sheet.code, sheet.name, sheet.league, sheet.division)),
        f"BAT VALUE\t{sheet.bat_value}",
        "\t".join(["UNEARNED RUNS", *map(str, sheet.unearned)]),
        "\t".join(["X-HR", *map(str, sheet.xhr_grid)]),
        "",
        "\t".join(PITCHER_COLUMNS),
    ]
    for p in sheet.pitchers:
        st = NONE if p.st is None else f"{p.st:.1f}"
        fat = "*" if p.fat_asterisk else signed(p.fat)
        lines.append("\t".join((p.name, st, opt(p.end), opt(p.rest), opt(p.cg), opt(p.sho), signed(p.rel), fat)))
    for title, batters in (("LINEUP", sheet.lineup), ("BENCH", sheet.bench)):
        lines += ["", "\t".join((title,) + BATTER_COLUMNS)]
        for b in batters:
            ei = NONE if b.ei is None else f"{b.ei[0]}-{b.ei[1]}"
            cells = (b.slot, b.name, b.pos, str(b.bat), str(b.pow), str(b.spd), opt(b.xhr), signed(b.fld), ei, opt(b.dice))
            lines.append("\t".join(cells))
    return "\n".join(lines) + "\n"


# --- sections ---------------------------------------------------------------

_HEADER_KEYS = ("TEAM", "BAT VALUE", "UNEARNED RUNS", "X-HR")
_TABLES = ("PITCHERS", "LINEUP", "BENCH")


def _cells(line: str) -> list[str]:
    if "\t" in line:
        return [c.strip() for c in line.split("\t")]
    # A sheet whose tabs an editor turned into spaces: columns are 2+ spaces apart.
    return [c.strip() for c in re.split(r" {2,}", line.strip())]


def _split_sections(r: _Reader, text: str) -> dict:
    header: dict[str, _Row] = {}
    tables: dict[str, tuple[_Row, list[_Row]]] = {}
    current: str | None = None
    last_line = 0
    for number, raw in enumerate(text.splitlines(), start=1):
        last_line = number
        line = raw.rstrip()
        if not line.strip() or line.lstrip().startswith("#"):
            if not line.strip():
                current = None if current in (None, *_HEADER_KEYS) else current
            continue
        row = _Row(number, _cells(line))
        key = row.cells[0].upper()
        if key in _HEADER_KEYS:
            if tables:
                raise r.error(number, key, f"{key} belongs at the top of the sheet, before PITCHERS")
            if key in header:
                raise r.error(number, key, f"second {key} line (first on line {header[key].line})")
            if key != "TEAM" and "TEAM" not in header:
                raise r.error(number, "TEAM", "the sheet must start with the TEAM line")
            header[key] = row
            current = key
        elif key in _TABLES:
            if "TEAM" not in header:
                raise r.error(number, "TEAM", "the sheet must start with the TEAM line")
            if key in tables:
                raise r.error(number, key, f"second {key} section (first on line {tables[key][0].line})")
            order = _TABLES.index(key)
            for later in _TABLES[order + 1:]:
                if later in tables:
                    raise r.error(number, key, f"{key} must come before {later}")
            for earlier in _TABLES[:order]:
                if earlier not in tables and earlier != "BENCH":
                    raise r.error(number, earlier, f"missing {earlier} section before {key}")
            _check_table_header(r, row, key)
            tables[key] = (row, [])
            current = key
        elif current in _TABLES:
            tables[current][1].append(row)
        else:
            raise r.error(number, None, f"unexpected line {row.cells[0]!r}: expected one of "
                          + ", ".join(_HEADER_KEYS + _TABLES))
    if "TEAM" not in header:
        raise r.error(None, "TEAM", "missing TEAM line (is the file empty?)")
    for key in ("PITCHERS", "LINEUP"):
        if key not in tables:
            raise r.error(last_line or None, key, f"missing {key} section")
    return {"TEAM": header, **tables}


def _check_table_header(r: _Reader, row: _Row, key: str) -> None:
    expected = PITCHER_COLUMNS if key == "PITCHERS" else (key,) + BATTER_COLUMNS
    got = [c.upper() for c in row.cells]
    for i, name in enumerate(expected):
        if i >= len(got):
            raise r.error(row.line, name, f"{key} header is missing column {name}")
        if got[i] != name:
            raise r.error(row.line, name, f"{key} header column {i + 1} is {row.cells[i]!r}, expected {name}")
    if len(got) > len(expected):
        raise r.error(row.line, None, f"{key} header has extra column {row.cells[len(expected)]!r}")


def _check_width(r: _Reader, row: _Row, fields: tuple[str, ...]) -> None:
    if len(row.cells) < len(fields):
        missing = fields[len(row.cells)]
        raise r.error(row.line, missing, f"missing column {missing} (write {NONE} for none)")
    if len(row.cells) > len(fields):
        raise r.error(row.line, None, f"extra column {row.cells[len(fields)]!r} after {fields[-1]}")


# --- header lines -----------------------------------------------------------

def _team_line(r: _Reader, row: _Row) -> tuple[str, str, str, str]:
    _check_width(r, row, ("TEAM", "code", "name", "league", "division"))
    _, code, name, league, division = row.cells
    if not _CODE.fullmatch(code):
        raise r.error(row.line, "code", f"team code {code!r} must be 2-4 capital letters or digits")
    for field, value in (("name", name), ("league", league), ("division", division)):
        if not value or value == NONE:
            raise r.error(row.line, field, f"the team {field} is empty")
    return code, name, league, division


def _unearned(r: _Reader, row: _Row) -> tuple[int, ...]:
    _check_width(r, row, ("UNEARNED RUNS",) + tuple(f"UNEARNED RUNS {s}" for s in range(3, 11)))
    return tuple(r.int_in(row, i, f"UNEARNED RUNS {i + 2}", 0, 9) for i in range(1, 9))


def _xhr_grid(r: _Reader, row: _Row) -> tuple[int, int, int, int]:
    _check_width(r, row, ("X-HR", "X-HR 3", "X-HR 2", "X-HR 1", "X-HR 0"))
    grid = tuple(r.triad(row, i, f"X-HR {4 - i}") for i in range(1, 5))
    for i in range(1, 4):
        if grid[i] < grid[i - 1]:
            raise r.error(row.line, f"X-HR {3 - i}", f"{grid[i]} is below {grid[i - 1]}: thresholds never decrease")
    return grid  # type: ignore[return-value]


# --- pitchers ---------------------------------------------------------------

def _pitcher(r: _Reader, row: _Row) -> Pitcher:
    _check_width(r, row, ("name",) + PITCHER_COLUMNS[1:])
    name = _name(r, row)
    st = r.st(row, 1)
    end = r.opt_int_in(row, 2, "END", 1, 10)
    rest = r.opt_int_in(row, 3, "REST", 1, 9)
    cg = None if row.cells[4] == NONE else r.triad(row, 4, "CG")
    sho = None if row.cells[5] == NONE else r.triad(row, 5, "SHO")
    rel = r.opt_int_in(row, 6, "REL", -9, 9, signed=True)
    asterisk = row.cells[7] == "*"
    fat = None if asterisk else r.opt_int_in(row, 7, "FAT", 0, 9, signed=True)
    starter = {"END": end, "REST": rest, "CG": cg, "SHO": sho}
    if st is not None:
        for field, value in starter.items():
            if value is None:
                raise r.error(row.line, field, f"{name} has ST, so he needs {field} too")
    else:
        for field, value in starter.items():
            if value is not None:
                raise r.error(row.line, field, f"{name} has {field} but no ST: starter ratings go together")
    if rel is not None and fat is None and not asterisk:
        raise r.error(row.line, "FAT", f"{name} has REL, so he needs FAT (a number or *)")
    if rel is None and (fat is not None or asterisk):
        raise r.error(row.line, "FAT", f"{name} has FAT but no REL")
    if st is None and rel is None:
        raise r.error(row.line, "ST", f"{name} needs ST (a starter) or REL (a reliever) or both")
    return Pitcher(name, st, end, rest, cg, sho, rel, fat, asterisk)


def _name(r: _Reader, row: _Row, i: int = 0) -> str:
    name = " ".join(row.cells[i].split())
    if not name or name == NONE:
        raise r.error(row.line, "name", "the player's name is empty")
    return name


# --- batters ----------------------------------------------------------------

def _batter(r: _Reader, row: _Row, section: str) -> Batter:
    _check_width(r, row, ("slot", "name") + BATTER_COLUMNS)
    slot = row.cells[0].upper()
    name = _name(r, row, 1)
    pos = row.cells[2].upper()
    if pos not in POSITIONS:
        raise r.error(row.line, "POS", f"{row.cells[2]!r} is not a position ({' '.join(POSITIONS)})")
    bat = r.int_in(row, 3, "BAT", 0, 9)
    pow_ = r.int_in(row, 4, "POW", 0, 9)
    spd = r.int_in(row, 5, "SPD", 0, 9)
    xhr = None if row.cells[6] == NONE else r.two_dice(row, row.cells[6], "X-HR")
    fld = r.opt_int_in(row, 7, "FLD", -3, 3, signed=True)
    if fld is None and pos != "DH":
        raise r.error(row.line, "FLD", f"{name} plays {pos}, so he needs a FLD rating (only a DH has {NONE})")
    ei = _ei(r, row)
    dice = r.opt_int_in(row, 9, "DICE", 3, 18)
    return Batter(slot, name, pos, bat, pow_, spd, xhr, fld, ei, dice)


def _ei(r: _Reader, row: _Row) -> tuple[int, int] | None:
    text = row.cells[8]
    if text == NONE:
        return None
    lo_text, sep, hi_text = text.partition("-")
    if not sep:
        raise r.error(row.line, "E.I.", f"{text!r} is not a range like 11-12")
    lo = r.two_dice(row, lo_text.strip(), "E.I.")
    hi = r.two_dice(row, hi_text.strip(), "E.I.")
    if lo > hi:
        raise r.error(row.line, "E.I.", f"range {text} runs backwards")
    return (lo, hi)


def _check_lineup(r: _Reader, head: _Row, rows: list[_Row], lineup: tuple[Batter, ...]) -> None:
    for i, (row, b) in enumerate(zip(rows, lineup), start=1):
        if i > 9:
            raise r.error(row.line, "slot", "the lineup has more than nine men")
        if b.slot != str(i):
            raise r.error(row.line, "slot", f"slot {b.slot!r} out of order: expected {i}")
    if len(lineup) < 9:
        raise r.error(head.line, "LINEUP", f"the lineup has {len(lineup)} men; it needs exactly nine (slots 1-9)")
    seen: dict[str, int] = {}
    for row, b in zip(rows, lineup):
        if b.pos in seen:
            raise r.error(row.line, "POS", f"{b.pos} is already taken in the lineup (line {seen[b.pos]})")
        if b.pos in ("DH", "P") and ({"DH", "P"} - {b.pos}) & seen.keys():
            raise r.error(row.line, "POS", "the lineup has both a DH and a P: it needs one or the other")
        seen[b.pos] = row.line


def _check_bench(r: _Reader, rows: list[_Row], bench: tuple[Batter, ...]) -> None:
    for i, (row, b) in enumerate(zip(rows, bench)):
        expected = chr(ord("A") + i)
        if b.slot != expected:
            raise r.error(row.line, "slot", f"bench slot {b.slot!r} out of order: expected {expected}")


def _check_names(r: _Reader, rows_and_names: list[tuple[_Row, str]]) -> None:
    seen: dict[str, int] = {}
    for row, name in sorted(rows_and_names, key=lambda rn: rn[0].line):
        key = name.casefold()
        if key in seen:
            raise r.error(row.line, "name", f"{name} is already on the sheet (line {seen[key]})")
        seen[key] = row.line


def _check_batter_dice(r: _Reader, rows: list[_Row], batters: tuple[Batter, ...]) -> None:
    ranges: list[tuple[int, int, int]] = []
    dice: dict[int, int] = {}
    last_xhr: tuple[int, int] | None = None
    for row, b in zip(rows, batters):
        if b.ei is not None:
            for lo, hi, line in ranges:
                if b.ei[0] <= hi and lo <= b.ei[1]:
                    raise r.error(row.line, "E.I.", f"range {b.ei[0]}-{b.ei[1]} overlaps {lo}-{hi} (line {line})")
            ranges.append((b.ei[0], b.ei[1], row.line))
        if b.dice is not None:
            if b.dice in dice:
                raise r.error(row.line, "DICE", f"{b.dice} already calls the man on line {dice[b.dice]}")
            dice[b.dice] = row.line
        if b.xhr is not None:
            if last_xhr is not None and b.xhr <= last_xhr[0]:
                raise r.error(row.line, "X-HR", f"{b.xhr} must be above {last_xhr[0]} (line {last_xhr[1]}): "
                              "X-HR ranges run down the sheet")
            last_xhr = (b.xhr, row.line)
