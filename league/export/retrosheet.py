"""Retrosheet files from plate-appearance games (pure: game facts in, text out).

One event file per home team and season (``2024ANV.EVA``), one roster file per
team (``ANV2024.ROS``) and a team file (``TEAM2024``), in the formats of
https://www.retrosheet.org/eventfile.htm, so the Chadwick tools (cwevent,
cwgame, cwbox) read our games.

How a game becomes records:

* ``id``/``version``/``info`` from the game; ``start`` from the first state of
  the fold (batting slot, 0 for a pitcher under the DH; fielding position 1-10).
* ``play`` for every resolved play of the fold's timeline: the batter's event
  (S8, D7, T9, HR, W, IW, HP, K, 63/G, 8/F, 8/SF, 6/L, 2/FL, 4/P, E6, FC6,
  13/SH), a steal (SB2, CS2(26)), a wild pitch, balk or passed ball (WP, BK,
  PB) or a pickoff (PO1(13)), then every runner's movement written out
  (``.1-3;B-2``, ``1X2(64)`` for an out).  The count is ``??`` and the
  pitches empty: the dice have no pitch sequence.
* ``sub`` records whenever the lineups differ from what was last written
  (pinch hitter 11, pinch runner 12, new pitcher, defensive change, double
  switch, positions switched), so the tools always know who is where.
  A ``sub`` record belongs to the play before it, so a change made before the
  first play (right after ``league game start``) follows Retrosheet's "no play"
  record, ``play,1,0,<batter due>,??,,NP``; the ``start`` records stay the
  lineups the game began with, and a starter replaced then has a line of no
  batters faced, as in the box score.
* A run is marked ``(UR)`` (unearned) exactly when the project's box score
  (:mod:`league.rules.pa.box`) does not charge it as earned: its runner reached on
  an error (a pinch runner inherits), :func:`league.rules.pa.box.reached_on_error`.  ``info,wp/lp/save`` and ``data,er``
  come from the game's box score, so the tools' pitching lines equal
  ``league game show``'s.
* What the batter did is read by :func:`league.rules.pa.box._kind`, the same reading
  the box score uses, so the two cannot disagree on hits, walks, strikeouts
  or outs.  A batter safe on an out or a sacrifice is written as a fielder's
  choice (``FC6.1X2(64)``), so the tools, like the box score, let him take the
  place of the runner put out when they charge runs (rule 9.16(g)).
* The Strat super advanced fielding chart (revision 4) adds three plays: a hit
  with an error on it is the hit with the batter's extra bases on the error
  (``S3.B-2(E3)``), catcher's interference ``C/E2``, and the hidden ball trick a
  pickoff made without the pitcher (``PO3(5)``: no pitch, the baseman's tag),
  so the tools count no PK for the pitcher.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from league.rules.pa.box import _kind, is_hit_with_error, reached_on_error
from league.rules.pa.state import GameState, Team

SIDES = ("visitor", "home")
POSITIONS = {"p": 1, "c": 2, "1b": 3, "2b": 4, "3b": 5, "ss": 6, "lf": 7, "cf": 8, "rf": 9, "dh": 10}
PH, PR = 11, 12
BASE = {1: "1", 2: "2", 3: "3", 4: "H"}
_AT = re.compile(r"\(([a-z0-9]+)\)")
# Plays that are no plate appearance and have a Retrosheet event of their own (others: OA)
_NOT_A_PA = {"wild_pitch": "WP", "balk": "BK", "passed_ball": "PB"}


@dataclass(frozen=True)
class Person:
    """A roster line: id, last and first name, bats, throws, team, position."""

    id: str
    last: str
    first: str
    bats: str
    throws: str
    team: str
    position: str


def quote(text: str) -> str:
    return '"' + text.replace('"', "'") + '"'


def split_name(name: str) -> tuple[str, str]:
    """(last, first) of "First Last" (an asterisk or dagger on a card name is dropped)."""
    words = name.replace("*", "").replace("†", "").split()
    if not words:
        return "", ""
    return words[-1], " ".join(words[:-1])


# --- the event text of one play ---------------------------------------------------


_FIELDING_CHARTS = ("fielding", "advanced fielding", "advanced fielding e-rating", "super fielding")
# The hidden ball trick (revision 4): the fielders who may tag a runner at each base; the X-chance's fielder
# when he is one of them, else the first.
_TAGGERS = {1: (3,), 2: (6, 4), 3: (5,)}


def _fielder(ev: Mapping[str, Any]) -> int | None:
    """The fielder of a play: ``(ss)`` in its label, else the fielding chart's column.

    Each fielding chart (basic, advanced and its e-rating section, super
    advanced) names the position first in its column (``3b 2``, ``3b e8-11``).
    """
    label = (ev.get("play") or {}).get("label", "")
    m = _AT.search(label)
    if m and m.group(1) in POSITIONS:
        return POSITIONS[m.group(1)]
    for step in ev.get("steps", ()):
        if step.get("chart") in _FIELDING_CHARTS:
            pos = str(step.get("column", "")).split(" ")[0]
            if pos in POSITIONS:
                return POSITIONS[pos]
    return None


def _throw(thrower: int | None, base: int) -> str:
    """Fielders credited with putting a runner out at ``base`` (1-4)."""
    receiver = {1: 3, 2: 6 if thrower == 4 else 4, 3: 5, 4: 2}[base]
    if thrower is None or thrower == receiver:
        return str(receiver)
    return f"{thrower}{receiver}"


def _event(ev: Mapping[str, Any]) -> tuple[str, int]:
    """The batter's part of a plate appearance and the base it sends him to by default."""
    label = (ev.get("play") or {}).get("label", "")
    up = label.upper()
    k = _kind(label)
    f = _fielder(ev)
    loc = str(f) if f else ""
    dest = (ev.get("play") or {}).get("batter")
    if k in ("1b", "2b", "3b"):
        return {"1b": "S", "2b": "D", "3b": "T"}[k] + loc, {"1b": 1, "2b": 2, "3b": 3}[k]
    if k == "hr":
        return "HR", 4
    if k == "bb":
        return ("IW" if up.startswith("INTENTIONAL") else "W"), 1
    if k == "hbp":
        return "HP", 1
    if k == "so":
        return "K", 0
    if k == "e":
        return f"E{f or 1}", 1
    if k == "ci":  # the batter awarded first, the error the catcher's
        return "C/E2", 1
    if k == "sh":
        if dest:
            return f"FC{f or 1}/SH", 1
        return f"{_throw(f or 1, 1)}/SH", 0
    # an out on a ball in play
    if dest:  # the batter reached: a fielder's choice
        return f"FC{f or 1}", 1
    if up.startswith("GROUNDBALL"):
        return f"{_throw(f or 1, 1)}/G", 0
    if up.startswith("FLYBALL"):
        sf = ev.get("runs", 0) > 0
        return f"{f or 8}/{'SF' if sf else 'F'}", 0
    if up.startswith("FOULOUT"):
        return f"{f or 2}/FL", 0
    if up.startswith("POPOUT"):
        return f"{f or 4}/P", 0
    if up.startswith(("LINEOUT", "LOMAX")):
        return f"{f or 6}/L", 0
    return f"{f or 8}", 0


def _outs_that_count(ev: Mapping[str, Any]) -> dict[str, Any]:
    """The play with only the outs that counted: after the third out nobody else is out.

    The engine marks everyone a double play would retire even when the first of
    them ends the inning; a ground ball's lead runner is out first, on a fly or
    a line drive the batter is.
    """
    play = dict(ev.get("play") or {})
    runners = list(play.get("runners") or [None, None, None])
    marked = [b for b in (3, 2, 1) if runners[b - 1] == 0]
    batter_out = play.get("batter") == 0 and ev.get("type") != "steal"
    label = str(play.get("label", "")).upper()
    order = ([*marked, 0] if label.startswith("GROUNDBALL") else [0, *marked]) if batter_out else marked
    keep = max(int(ev.get("outs_made", 0)), 0)
    if len(order) <= keep:
        return play
    for who in order[keep:]:
        if who == 0:
            play["batter"] = 1
        else:
            runners[who - 1] = who  # the inning was over: he stays where he was
    play["runners"] = runners
    return play


def _stops_after_walk_off(play: dict[str, Any], ev: Mapping[str, Any], before: GameState) -> dict[str, Any]:
    """The play with the runners sent home behind the winning run stopping short of it.

    A walk-off counts only the winning run, but the engine still marks the
    runners behind it (and the batter) as crossing the plate.  Written where
    they stood, they would be passed by the men behind them, and the tools
    refuse a game where a runner is overtaken.  So each stops one base behind
    the runner ahead (third at most), and so does the batter; his hit keeps
    its type, as in the box score.
    """
    scored = set(ev.get("scored", ()))
    dests = list(play.get("runners") or [None, None, None])
    batter = play.get("batter")
    over = before.outs + int(ev.get("outs_made", 0)) >= 3
    short = [b for b in (1, 2, 3) if dests[b - 1] == 4 and before.bases[b - 1] not in scored]
    if over or not (short or (batter == 4 and ev.get("batter") not in scored)):
        return play
    ahead = 4  # the base of the nearest runner ahead who is still on
    for base in (3, 2, 1):
        dest = dests[base - 1]
        if dest is None or dest == 0 or (dest == 4 and base not in short):
            continue
        dests[base - 1] = ahead = min(dest, ahead - 1)
    if batter in (1, 2, 3, 4):
        batter = min(batter, ahead - 1)
    return {**play, "runners": dests, "batter": batter}


def play_text(ev: Mapping[str, Any], before: GameState, unearned: set[str]) -> str:
    """The event field of a ``play`` record: the batter's event, then every runner's movement."""
    play = _stops_after_walk_off(_outs_that_count(ev), ev, before)
    ev = {**ev, "play": play}
    dests = list(play.get("runners") or [None, None, None])
    moves: list[str] = []
    f = _fielder(ev)
    scored = set(ev.get("scored", ()))

    def move(frm: str, base_from: int, dest: int, runner: str | None) -> str:
        if dest == 0:
            to = min(base_from + 1, 4)
            return f"{frm}X{BASE[to]}({_throw(f, to)})"
        mark = "(UR)" if dest == 4 and runner in unearned and runner in scored else ""
        return f"{frm}-{BASE[dest]}{mark}"

    if ev["type"] == "steal":
        parts = []
        stealing = set(ev.get("runners", ()))
        for base in sorted(stealing, reverse=True):
            dest = dests[base - 1]
            to = min(base + 1, 4)
            if dest == base:
                continue
            if dest == 0:
                parts.append(f"CS{BASE[to]}({_throw(2, to)})")
            else:
                parts.append(f"SB{BASE[to]}")
                if dest != to:
                    moves.append(move(str(base), base, dest, before.bases[base - 1]))
        for base in (3, 2, 1):
            if base not in stealing and dests[base - 1] not in (None, base):
                moves.append(move(str(base), base, dests[base - 1], before.bases[base - 1]))
        return ";".join(parts) + ("." + ";".join(moves) if moves else "")

    if ev["type"] == "pickoff":  # the runner picked off (29.2): the pitcher to the baseman covering
        base = next((b for b in (3, 2, 1) if dests[b - 1] == 0), None)
        if base is not None:
            return f"PO{base}({_throw(1, base)})"
    if ev["type"] == "hidden_ball":  # no pitch, the pitcher not in it: the baseman tags the lead runner
        base = next((b for b in (3, 2, 1) if dests[b - 1] == 0), None)
        if base is not None:
            return f"PO{base}({f if f in _TAGGERS[base] else _TAGGERS[base][0]})"
    if not ev.get("completed", True):
        text = _NOT_A_PA.get(ev["type"], "OA")
    else:
        text, default = _event(ev)
        batter_dest = play.get("batter")
        label = str(play.get("label", ""))
        if batter_dest in (1, 2, 3, 4) and reached_on_error(label):  # his run is unearned on this play too
            unearned = unearned | {str(ev.get("batter"))}
        if batter_dest is not None and batter_dest != default:
            if batter_dest == 0:
                to = min(max(default, 1) + 1, 4)
                moves.append(f"BX{BASE[to]}({_throw(f, to)})")
            elif is_hit_with_error(label):  # the bases past the hit's were the error's
                mark = "(UR)" if batter_dest == 4 and ev.get("batter") in scored else ""
                moves.append(f"B-{BASE[batter_dest]}(E{f or 1}){mark}")
            else:
                moves.append(move("B", 0, batter_dest, ev.get("batter")))
        elif batter_dest == 4 and ev.get("batter") in unearned and ev.get("batter") in scored:
            moves.append("B-H(UR)")
    runner_moves = []
    for base in (3, 2, 1):
        dest = dests[base - 1]
        if dest is None or dest == base or (dest == 4 and before.bases[base - 1] not in scored):
            continue  # stayed, or crossed the plate after the third out: no run
        runner_moves.append(move(str(base), base, dest, before.bases[base - 1]))
    moves = runner_moves + moves
    return text + ("." + ";".join(moves) if moves else "")


# --- lineups ------------------------------------------------------------------------


def lineup(team: Team) -> dict[str, tuple[int, int]]:
    """player -> (batting slot 1-9, or 0 for a pitcher who does not bat; fielding position)."""
    out: dict[str, tuple[int, int]] = {}
    for i, player in enumerate(team.order):
        pos = team.position_of(player)
        out[player] = (i + 1, POSITIONS[pos] if pos else PH)
    for pos, player in team.fielders:
        if player not in out:
            out[player] = (0, POSITIONS[pos])
    return out


def _shown(team: Team, batting: bool, pinch: Mapping[str, int]) -> dict[str, tuple[int, int]]:
    """The lineup as written: while his side bats, a pinch hitter is 11 and a pinch runner 12.

    The engine gives a pinch hitter the position of the man he bats for; the
    Retrosheet position comes when his side takes the field.
    """
    out = lineup(team)
    if batting:
        for player, (slot, _) in out.items():
            if player in pinch:
                out[player] = (slot, pinch[player])
    return out


# --- a game -------------------------------------------------------------------------


def game_records(game: Any, timeline: list[tuple[str, dict[str, Any], GameState]], final: GameState,
                 box: Mapping[str, Any], names: Mapping[str, str]) -> list[str]:
    """The records of one game: ``game`` its game record (facts), ``timeline``/``final`` its fold, ``box`` its
    box score."""
    first = timeline[0][2] if timeline else final
    lines = [f"id,{game.game}", "version,2",
             f"info,visteam,{game.visitor}", f"info,hometeam,{game.home}", f"info,site,{game.home}",
             f"info,date,{game.date.replace('-', '/')}", f"info,number,{game.number}",
             f"info,usedh,{'true' if first.home.dh else 'false'}", "info,pitches,none",
             "info,howscored,park", f"info,inputter,league ({game.ruleset})"]
    weather = next((ev for kind, ev, _ in timeline if kind == "play"), None)  # Strat's 30.5 roll comes first
    if weather is not None and weather.get("type") == "weather":
        lines.append(f"info,daynight,{weather['weather']['time']}")
    decision = {"W": "wp", "L": "lp", "SV": "save"}
    found: dict[str, str] = {}
    for side in SIDES:
        for p in box[side]["pitching"]:
            if p.get("decision") in decision:
                found[decision[p["decision"]]] = p["pitcher"]
    for key in ("wp", "lp", "save"):
        lines.append(f"info,{key},{found.get(key, '')}")
    shown: dict[str, dict[str, tuple[int, int]]] = {}
    for i, side in enumerate(SIDES):
        shown[side] = lineup(first.team(side))
        for player, (slot, pos) in shown[side].items():
            lines.append(f"start,{player},{quote(names.get(player, player))},{i},{slot},{pos}")
    unearned: set[str] = set()  # runners on base who reached on an error (their runs are unearned)
    pinch: dict[str, dict[str, int]] = {side: {} for side in SIDES}  # pinch hitters and runners not yet in the field
    played = False  # whether a play record has been written
    for kind, ev, before in timeline:
        if kind == "sub":
            if ev.get("type") in ("pinch_hit", "pinch_run") and ev.get("team") in SIDES:
                pinch[ev["team"]][ev["in"]] = PH if ev["type"] == "pinch_hit" else PR
            if ev.get("type") == "pinch_run" and ev.get("out") in unearned:
                unearned.discard(ev["out"])
                unearned.add(ev["in"])
            continue
        if ev.get("type") == "weather":  # Strat's 30.5 roll before the first pitch: no play, a comment
            lines.append(f'com,"{(ev.get("play") or {}).get("label", "weather")}"')
            continue
        unearned &= {r for r in before.bases if r}
        half = 0 if before.half == "top" else 1
        for i, side in enumerate(SIDES):  # substitutions made before this play
            batting = before.batting_side == side
            if not batting:
                pinch[side].clear()
            now = _shown(before.team(side), batting, pinch[side])
            for player, (slot, pos) in now.items():
                if shown[side].get(player) != (slot, pos):
                    if not played:  # a sub follows a play record: before the first, Retrosheet's "no play"
                        lines.append(f"play,{before.inning},{half},{first.offense.batter},??,,NP")
                        played = True
                    lines.append(f"sub,{player},{quote(names.get(player, player))},{i},{slot},{pos}")
            shown[side] = now
        played = True
        batter = ev.get("batter") or before.offense.batter
        lines.append(f"play,{before.inning},{half},{batter},??,,{play_text(ev, before, unearned)}")
        if ev["type"] != "steal" and ev.get("completed", True):
            label = (ev.get("play") or {}).get("label", "")
            dest = (ev.get("play") or {}).get("batter")
            if dest in (1, 2, 3, 4) and reached_on_error(label):
                unearned.add(ev["batter"])
            else:
                unearned.discard(ev["batter"])
        for runner in ev.get("scored", ()):
            unearned.discard(runner)
    for side in SIDES:
        for p in box[side]["pitching"]:
            lines.append(f"data,er,{p['pitcher']},{p['er']}")
    return lines


def event_file(games: Iterable[list[str]]) -> str:
    return "".join("\n".join(g) + "\n" for g in games)


def roster_file(people: Iterable[Person]) -> str:
    return "".join(f"{p.id},{p.last},{p.first},{p.bats},{p.throws},{p.team},{p.position}\n" for p in people)


def team_file(teams: Iterable[tuple[str, str, str, str]]) -> str:
    """Lines of (code, league letter, city, nickname)."""
    return "".join(f"{code},{lg},{city},{nick}\n" for code, lg, city, nick in teams)


def event_file_name(year: str, home: str, league: str) -> str:
    return f"{year}{home}.{'EVN' if league.upper().startswith('N') else 'EVA'}"
