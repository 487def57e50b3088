"""Pitching lines (3.2): innings, earned/unearned split, decisions, saves.

The engine hands over what each team's offense did to the other's staff
(a :class:`Half` per team at bat, plus the extra innings); this module turns
that into one line per pitcher.  Where the manual leaves room ("this may
result quite difficult sometime"), the project rules are written out in
``docs/pennant-race-charts.md`` and repeated at the code that applies them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

from league.domain.dice import Triad
from league.rules.pennant_race import charts
from league.rules.pennant_race.outcome import BattingLine, FieldingLine, HomeRun, PitchingLine

if TYPE_CHECKING:
    from league.rules.pennant_race.setup import GameSetup

SIDES = ("visitor", "home")
STARTER_RUN_LIMIT = 8  # "every run after the eight" goes to the bullpen
WIN_MIN_OUTS = 15  # "no starter can be eligible for a win if he doesn't play five innings"
SAVE_MARGIN = 3
BIG_BULLPEN_OUTS = 9  # 3.0 innings: read the right-hand number of the chart cell


def other(side: str) -> str:
    return "home" if side == "visitor" else "visitor"


@dataclass
class Half:
    """One team at bat in regulation, against the other team's pitching."""

    batting: str  # "visitor" | "home"
    triad: Triad
    shutout: bool = False
    complete_game: bool = False  # the opposing starter passed the CG (or SHO) check
    earned: int = 0
    unearned: int = 0
    relievers: list[tuple[str, int]] = field(default_factory=list)  # (name, REL), entry order
    bullpen_outs: int = 0
    offense: dict[str, Any] = field(default_factory=dict)
    credits: dict[str, dict[str, int]] = field(default_factory=dict)  # batter -> points
    power_batter: str | None = None
    fielder: tuple[str, int] | None = None  # (fielder named by the chart, runs saved)

    @property
    def runs(self) -> int:
        return self.earned + self.unearned


@dataclass(frozen=True)
class ExtraInning:
    pitchers: dict[str, str]  # side -> the pitcher who worked this inning
    rels: dict[str, int]  # side -> the REL he pitched with (0 for a starter)
    scorer: str | None  # the side that scored the winning run; None = still tied


@dataclass
class _Line:
    team: str
    pitcher: str
    role: str
    order: int
    rel: int | None
    short_rest: bool = False
    outs: int = 0
    er: int = 0
    ur: int = 0
    decision: str | None = None
    save: bool = False
    cg: bool = False
    sho: bool = False

    @property
    def runs(self) -> int:
        return self.er + self.ur


def pitching_lines(
    setup: GameSetup,
    halves: dict[str, Half],
    extras: list[ExtraInning],
    winner: str,
    runs: dict[str, int],
    steps: list[dict[str, Any]],
    spread_runs: bool,
) -> list[PitchingLine]:
    """Each side's pitching lines; ``spread_runs`` deals the bullpen's runs out (ruleset version 2 on)."""
    staffs = {side: _staff(setup, side, halves[other(side)], extras, winner, steps, spread_runs) for side in SIDES}
    if extras:
        _charge_extra_run(staffs, extras[-1], winner, steps)
    _decide(staffs, extras, winner, runs, steps)
    return [PitchingLine(**vars(line)) for side in SIDES for line in staffs[side]]


def _staff(
    setup: GameSetup,
    side: str,
    opp: Half,
    extras: list[ExtraInning],
    winner: str,
    steps: list[dict[str, Any]],
    spread_runs: bool,
) -> list[_Line]:
    s = setup.visitor if side == "visitor" else setup.home
    code = s.sheet.code
    # The home team does not bat in the ninth when it already leads, so the
    # road team's staff records 24 regulation outs when it loses in regulation.
    reg_outs = 24 if side == "visitor" and winner == "home" and not extras else 27
    bullpen = min(opp.bullpen_outs, reg_outs - 1) if opp.relievers else 0
    starter = _Line(code, s.starter, "SP", 1, None, s.short_rest, outs=reg_outs - bullpen)
    starter.cg = opp.complete_game and not extras
    starter.sho = starter.cg and opp.runs == 0
    lines = [starter]
    # Relievers enter in roster order (3.2); outs are dealt out from the first.
    share, extra = divmod(bullpen, len(opp.relievers) or 1)
    for i, (name, rel) in enumerate(opp.relievers):
        lines.append(_Line(code, name, "RP", i + 2, rel, outs=share + (1 if i < extra else 0)))
    steps.append({
        "step": "innings", "rule": "3.2", "team": code, "regulation_outs": reg_outs,
        "starter": s.starter, "starter_outs": starter.outs, "bullpen_outs": bullpen,
        "relievers": [{"pitcher": ln.pitcher, "outs": ln.outs} for ln in lines[1:]],
    })
    er, ur = _split(code, opp, bullpen, lines, steps, spread_runs)
    starter.er, starter.ur = er, ur
    for n, inning in enumerate(extras, start=1):
        name = inning.pitchers[side]
        line = next((ln for ln in lines if ln.pitcher == name), None)
        if line is None:
            line = _Line(code, name, "RP", len(lines) + 1, inning.rels[side])
            lines.append(line)
        walk_off = n == len(extras) and winner == "home" and side == "visitor"
        line.outs += 2 if walk_off else 3  # a walk-off ends the inning with two out
    return lines


def _split(
    code: str, opp: Half, bullpen: int, lines: list[_Line], steps: list[dict[str, Any]], spread_runs: bool
) -> tuple[int, int]:
    """Runs to the starter; the bullpen's share goes onto its lines. Returns the starter's (ER, UR)."""
    if not opp.relievers:
        return opp.earned, opp.unearned
    diff = opp.triad.white - opp.triad.green
    # Worst (highest) REL first, ties to the one who entered first (3.2).
    order = sorted(lines[1:], key=lambda ln: (-(ln.rel or 0), ln.order))
    worst = order[0]
    kept = []
    for kind, total in (("earned", opp.earned), ("unearned", opp.unearned)):
        cell = charts.runs_to_relievers(total, diff)
        pen = cell.value[1] if bullpen >= BIG_BULLPEN_OUTS else cell.value[0]
        over = max(0, total - pen - STARTER_RUN_LIMIT)
        pen += over
        # Version 1 charged every bullpen run to the worst reliever.  The
        # manual spreads runs by "the same procedure" as outs -- dealt out one
        # at a time -- "starting from" the worst REL, so from version 2 on the
        # worst takes the first run, the next worst the second, and round again.
        charged = _deal(pen, order if spread_runs else [worst])
        for line, n in charged:
            if kind == "earned":
                line.er += n
            else:
                line.ur += n
        kept.append(total - pen)
        steps.append({
            "step": f"{kind} runs to relievers", "chart": "runs to relievers", "team": code,
            "row": cell.row, "column": diff, "cell": f"{cell.value[0]}/{cell.value[1]}",
            "bullpen_innings": charts.innings_text(bullpen),
            "side_of_slash": "right" if bullpen >= BIG_BULLPEN_OUTS else "left",
            "after_eighth_run": over, "bullpen": pen, "starter": total - pen,
            "charged_to": worst.pitcher, "charged_rel": worst.rel,
            **({"charged": [{"pitcher": ln.pitcher, "rel": ln.rel, "runs": n} for ln, n in charged if n]}
               if spread_runs else {}),
        })
    return kept[0], kept[1]


def _deal(runs: int, order: list[_Line]) -> list[tuple[_Line, int]]:
    """``runs`` dealt out one at a time over ``order``, from its first, round again as needed."""
    share, extra = divmod(runs, len(order))
    return [(line, share + (1 if i < extra else 0)) for i, line in enumerate(order)]


def _charge_extra_run(
    staffs: dict[str, list[_Line]], last: ExtraInning, winner: str, steps: list[dict[str, Any]]
) -> None:
    loser = other(winner)
    name = last.pitchers[loser]
    line = next(ln for ln in staffs[loser] if ln.pitcher == name)
    line.er += 1
    steps.append({"step": "extra-inning run", "rule": "3.2", "charged_to": name, "team": line.team})


def _decide(
    staffs: dict[str, list[_Line]],
    extras: list[ExtraInning],
    winner: str,
    runs: dict[str, int],
    steps: list[dict[str, Any]],
) -> None:
    loser = other(winner)
    win_staff, lose_staff = staffs[winner], staffs[loser]
    if extras:
        # The manual: in extra innings "is always the reliever who gets the decision".
        last = extras[-1]
        w = next(ln for ln in win_staff if ln.pitcher == last.pitchers[winner])
        lo = next(ln for ln in lose_staff if ln.pitcher == last.pitchers[loser])
        why = "pitchers of the last extra inning"
    else:
        w, lo, why = _regulation_decisions(win_staff, lose_staff)
    w.decision, lo.decision = "W", "L"
    relievers = [ln for ln in win_staff if ln.role == "RP"]
    save = None
    if relievers and abs(runs["visitor"] - runs["home"]) <= SAVE_MARGIN:
        closer = max(relievers, key=lambda ln: ln.order)  # the last to enter
        if closer.decision is None:
            closer.save = True
            save = closer.pitcher
    steps.append({
        "step": "decisions", "rule": "3.2 (project rule)", "win": w.pitcher, "loss": lo.pitcher,
        "save": save, "why": why,
    })


def _regulation_decisions(win: list[_Line], lose: list[_Line]) -> tuple[_Line, _Line, str]:
    """PROJECT RULE for a game decided in nine innings, comparing the starters' runs."""
    ws, ls = win[0], lose[0]
    win_pen, lose_pen = win[1:], lose[1:]
    if not win_pen or (ws.runs < ls.runs and ws.outs >= WIN_MIN_OUTS):
        w, why_w = ws, "winning starter allowed fewer runs over five innings or more, or went the distance"
    else:
        w = next((ln for ln in win_pen if ln.runs == 0), win_pen[0])
        why_w = "winning starter not eligible: first reliever without runs charged (else the first)"
    if ls.runs > ws.runs or sum(ln.runs for ln in lose_pen) == 0:
        lo, why_l = ls, "losing starter allowed more runs, or his bullpen allowed none"
    else:
        lo = max(lose_pen, key=lambda ln: (ln.runs, -ln.order))
        why_l = "losing starter did not allow more runs: the reliever charged the most runs"
    return w, lo, f"{why_w}; {why_l}"


def home_runs(setup: GameSetup, halves: dict[str, Half], take: Callable[..., Any],
              steps: list[dict[str, Any]]) -> list[HomeRun]:
    """3.1: the power-bonus hitter's homer, then the X-HR grid and its pairs.

    ``take(kind, team, purpose)`` hands out the next recorded roll.
    """
    homers: list[HomeRun] = []
    for side in SIDES:
        h, sheet = halves[side], setup.side(side).sheet
        if h.runs == 0:  # a team that did not score hit no homers (nor after a shutout)
            continue
        if h.power_batter:
            homers.append(HomeRun(sheet.code, h.power_batter, "power"))
        count = charts.xhr_count(sheet, h.triad)
        steps.append({"step": "extra home runs", "grid": list(sheet.xhr_grid), "team": sheet.code,
                      "triad": str(h.triad), "count": count})
        for _ in range(count):
            pair = take("pair", side, "extra home run")
            b = charts.xhr_batter(sheet, pair.value)
            homers.append(HomeRun(sheet.code, b.name if b else None, "x-hr"))
            steps.append({"step": "extra home run", "team": sheet.code, "pair": str(pair),
                          "batter": b.name if b else None})
    return homers


def batting_lines(setup: GameSetup, halves: dict[str, Half], ei_pts: dict[tuple[str, str], int],
             homers: list[HomeRun]) -> list[BattingLine]:
    """3.1: one line per batter credited with anything in this game."""
    lines = []
    for side in SIDES:
        sheet = setup.side(side).sheet
        credits = halves[side].credits
        hrs: dict[str, int] = {}
        for x in homers:
            if x.team == sheet.code and x.batter is not None:
                hrs[x.batter] = hrs.get(x.batter, 0) + 1
        ei = {name: pts for (s, name), pts in ei_pts.items() if s == side}
        credited = credits.keys() | hrs.keys() | ei.keys()
        # Sheet order; only the few men credited in this game are looked at
        # (audit replays every game, and most of a roster does nothing).
        for b in sheet.batters:
            if b.name not in credited:
                continue
            c = credits.get(b.name, {})
            line = BattingLine(sheet.code, b.name, c.get("bat_pts", 0), c.get("pow_pts", 0),
                               c.get("spd_pts", 0), hrs.get(b.name, 0), ei.get(b.name, 0))
            if line.bat_pts or line.pow_pts or line.spd_pts or line.hr or line.ei_bat_pts:
                lines.append(line)
    return lines


def fielding_lines(setup: GameSetup, halves: dict[str, Half]) -> list[FieldingLine]:
    """3.1: runs saved by the fielder the Fielding chart named, for each team in the field."""
    lines = []
    for side in SIDES:
        named = halves[side].fielder
        if named is not None:
            lines.append(FieldingLine(setup.side(other(side)).sheet.code, named[0], named[1]))
    return lines
