"""A box score from the plays of a plate-appearance game (pure: no I/O).

Scoring conventions (the project's, documented in docs/strat-o-matic.md):
a run is charged to the pitcher who let its runner reach (a pinch runner
inherits), except that a batter who reaches on a fielder's choice takes the
place of the runner put out (rule 9.16(g), see :meth:`_Box.fielders_choice`);
it is unearned when the runner who scores reached on an error (on the Strat
super advanced fielding chart of revision 4 also on catcher's interference, or
on a hit an error carried further).  RBI are the runs of a play except on
errors and double plays.  W: the pitcher of record
when the winners took the lead for good (a starter short of 5 innings gives it
to his first reliever); L: the pitcher charged with that go-ahead run.  SV:
the winners' finisher (not the winner) who entered leading by 1-3 or pitched
3 innings.  HLD: a reliever who entered leading by 1-3, got an out, left with
the lead and did not finish.
"""

from __future__ import annotations

import functools
import re
from typing import Any, Mapping

from league.rules.pa.state import GameState

SIDES = ("visitor", "home")
BAT = ("pa", "ab", "r", "h", "2b", "3b", "hr", "rbi", "bb", "so", "sb", "cs", "hbp", "sh", "sf")
PIT = ("outs", "h", "r", "er", "bb", "so", "hr", "bf")
_BAT_ZEROS, _PIT_ZEROS = dict.fromkeys(BAT, 0), dict.fromkeys(PIT, 0)  # a new line's counts (copied, never written)
# Plays that are no plate appearance, counted for the player an engine names as ``charged``: wild
# pitches, balks and pickoffs on the pitcher's line, passed balls on the catcher's.  Only plays that
# name him count, and only a game with one has the columns, so boxes stored before them (and the
# games of engines that name nobody) read and audit as they always did.
MISHAPS = {"wild_pitch": ("pit", "wp"), "balk": ("pit", "bk"), "pickoff": ("pit", "pk"), "passed_ball": ("bat", "pb")}
PIT_MISHAPS = ("wp", "bk", "pk")
BAT_MISHAPS = ("pb",)
# Two plays only the Strat super advanced fielding chart (revision 4, league/rules/strat/super_fielding.py)
# writes, each known by a label no older game has, so the boxes of every other game re-derive as before:
# catcher's interference ("CATCHER'S INTERFERENCE, ERROR(c)": the batter awarded first, E2, no at bat) and
# a hit with an error on it ("SINGLE(1b) SI1 + E1": the hit, and an error for the extra bases).
_INTERFERENCE = "CATCHER'S INTERFERENCE"
_HIT_WITH_ERROR = re.compile(r"(?:SINGLE|DOUBLE|TRIPLE)\([a-z0-9]+\) (?:SI1|SI2|DO2|DO3|TR3) \+ E[123]")


# Players already in the game changing roles (league/rules/pa/subs.py): their box line shows both
# positions ("dh-1b", "1b-p").  No game stored before these decisions existed has one.
_MOVES = ("fielder_to_mound", "dh_to_field", "pitcher_to_field")


@functools.lru_cache(maxsize=1024)  # a season's labels are a few hundred strings
def _kind(label: str) -> str:
    """What the batter did, from the play's label."""
    up = label.upper()
    if up.startswith(_INTERFERENCE):
        return "ci"
    if "ERROR" in up:
        return "e"
    for word, kind in (("HOMERUN", "hr"), ("TRIPLE", "3b"), ("DOUBLE", "2b"), ("SINGLE", "1b")):
        if up.startswith((word, "N-" + word)):
            return kind
    if up in ("HIT", "SQZ-HIT"):
        return "1b"
    # Labels carry markers after the result ("STRIKEOUT •", "STRIKEOUT PLUS
    # INJURY"), so results are recognised by how they begin.
    for word, kind in (("STRIKEOUT", "so"), ("INTENTIONAL WALK", "bb"), ("WALK", "bb"), ("HBP", "hbp")):
        if up.startswith(word):
            return kind
    return {"SAC": "sh", "SQZ": "sh"}.get(up, "out")


@functools.lru_cache(maxsize=1024)
def is_hit_with_error(label: str) -> bool:
    """Whether a play is a hit that an error carried further (revision 4's chart: ``SINGLE(1b) SI1 + E1``)."""
    return _HIT_WITH_ERROR.fullmatch(label) is not None


@functools.lru_cache(maxsize=1024)  # asked once per plate appearance
def reached_on_error(label: str) -> bool:
    """Whether a batter who reached on this play reached on an error, so that his run is unearned: an error,
    catcher's interference, or a hit an error carried further (his extra bases were the error's)."""
    return _kind(label) in ("e", "ci") or is_hit_with_error(label)


@functools.lru_cache(maxsize=1024)
def _counts(label: str) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...] | None, bool, bool, bool]:
    """What a plate appearance with this label counts, in one look: the batter's columns, the pitcher's,
    the batter's instead when it is a sacrifice fly (an out that begins FLYBALL, when a run scores),
    whether the batter reached on an error (reached_on_error), whether the play's runs can be batted in
    (no error), and whether a batter who reached did so on a fielder's choice (an out or a sacrifice)."""
    k = _kind(label)
    bat, pit = ["pa"], ["bf"]
    if k in ("bb", "hbp", "sh", "so"):
        bat.append(k)
        if k in ("bb", "so"):
            pit.append(k)
    if k not in ("bb", "hbp", "sh", "ci"):  # 9.02(a)(1): interference is no at bat
        bat.append("ab")
    if k in ("1b", "2b", "3b", "hr"):
        bat.append("h")
        pit.append("h")
        if k != "1b":
            bat.append(k)
        if k == "hr":
            pit.append("hr")
    sf = ("pa", "sf") if k == "out" and label.upper().startswith("FLYBALL") else None
    return tuple(bat), tuple(pit), sf, reached_on_error(label), k != "e", k in ("out", "sh")


def is_fielders_choice(ev: dict[str, Any]) -> bool:
    """Whether the batter reached on a fielder's choice: an out or a sacrifice on which he was safe."""
    play = ev.get("play") or {}
    return ev.get("type") != "steal" and ev.get("completed", True) and play.get("batter") in (1, 2, 3, 4) \
        and _kind(play.get("label", "")) in ("out", "sh")


class _Box:
    def __init__(self, first: GameState) -> None:
        self.bat: dict[str, dict[str, dict[str, Any]]] = {s: {} for s in SIDES}
        self.pit: dict[str, dict[str, dict[str, Any]]] = {s: {} for s in SIDES}
        self.resp: dict[str, str] = {}  # runner -> pitcher charged if he scores
        self.unearned: set[str] = set()  # runners who reached on an error
        self.line: dict[str, list[int]] = {s: [] for s in SIDES}
        self.errors = {s: 0 for s in SIDES}
        self.entry_lead: dict[str, int] = {}
        self.exit_lead: dict[str, int] = {}
        self.leader: str | None = None
        self.go_ahead: tuple[str, str, str] | None = None  # side, its pitcher, pitcher charged
        self.seq = 0
        self.seen: dict[str, tuple[str, ...]] = {}  # each side's batting order as last seen
        self.mishaps: list[tuple[str, str, str, str]] = []  # (side, "pit"/"bat", player, column)
        self.pitching: dict[str, tuple[tuple[tuple[str, str], ...], str]] = {}  # side -> fielders, pitcher
        self.see(first)
        for side in SIDES:
            self.pitcher(side, first.team(side).pitcher, first, "starter")

    def see(self, st: GameState) -> None:
        seen = self.seen
        if st.visitor.order is seen.get("visitor") and st.home.order is seen.get("home"):
            return  # the same lineups: nobody new (most plays)
        for side in SIDES:
            team = st.team(side)
            if team.order is self.seen.get(side):  # the same lineup: nobody new (most plays)
                continue
            self.seen[side] = team.order
            for slot, player in enumerate(team.order):
                if player not in self.bat[side]:
                    self.seq += 1
                    self.bat[side][player] = {"player": player, "slot": slot + 1, "seq": self.seq,
                                              "pos": team.position_of(player) or "ph", **_BAT_ZEROS}

    def pitcher(self, side: str, player: str, st: GameState, role: str) -> None:
        if player not in self.pit[side]:
            self.pit[side][player] = {"pitcher": player, "role": role, **_PIT_ZEROS}
            self.entry_lead[player] = _lead(st, side)

    def sub(self, ev: dict[str, Any], before: GameState, after: GameState) -> None:
        if ev.get("type") == "pinch_run":
            if ev["out"] in self.resp:
                self.resp[ev["in"]] = self.resp.pop(ev["out"])
            if ev["out"] in self.unearned:
                self.unearned.discard(ev["out"])
                self.unearned.add(ev["in"])
        side = ev.get("team")
        if side in SIDES and after.team(side).pitcher != before.team(side).pitcher:
            self.exit_lead[before.team(side).pitcher] = _lead(before, side)
            # A pinch hitter or runner for the pitcher takes his place in the
            # lineup, not on the mound: his team's next pitcher gets the line
            # (when he is brought in, or lazily at his first play).
            if ev.get("type") not in ("pinch_hit", "pinch_run"):
                self.pitcher(side, after.team(side).pitcher, before, "relief")
        if ev.get("type") in _MOVES and side in SIDES:  # a player in the game took a new position
            old, new = before.team(side), after.team(side)
            for row in self.bat[side].values():  # those with a line already; a newcomer is seen below
                was, now = old.position_of(row["player"]), new.position_of(row["player"])
                if was is not None and now is not None and was != now:
                    row["pos"] = f"{row['pos']}-{now}"
        self.see(after)

    def play(self, ev: dict[str, Any], before: GameState, after: GameState) -> None:
        # Every play of a game passes here (a season's audit, 240,000): the state's properties are read
        # once, and the fielder's choice is known from the reading of the label (_counts) (what
        # is_fielders_choice asks, the play being a completed plate appearance).
        if before.half == "top":
            off, dfn, defense = "visitor", "home", before.home
        else:
            off, dfn, defense = "home", "visitor", before.visitor
        # The pitcher, found in the fielders only when they change (a substitution): the same tuple
        # names the same pitcher, and Team.pitcher searches it before every play.
        fielders = defense.fielders
        known = self.pitching.get(dfn)
        if known is not None and known[0] is fielders:
            pitcher = known[1]
        else:
            pitcher = defense.pitcher
            self.pitching[dfn] = (fielders, pitcher)
        inning = before.inning
        line = self.line[off]
        while len(line) < inning:
            line.append(0)
        runs = ev["runs"]
        line[inning - 1] += runs
        pit = self.pit[dfn]
        if pitcher not in pit:  # he came in unannounced
            self.pitcher(dfn, pitcher, before, "relief")
        p = pit[pitcher]
        p["outs"] += ev["outs_made"]
        play = ev.get("play") or {}
        kind = ev["type"]
        charged = ev.get("charged")
        if charged and kind in MISHAPS:
            self.mishaps.append((dfn, *MISHAPS[kind][:1], charged, MISHAPS[kind][1]))
        if kind == "steal":
            self._steal(ev, before, off)
        elif ev.get("completed", True):
            # A plate appearance, counted here rather than in a call of its own: the columns it adds
            # are read from its label once per label (_counts).
            label = play.get("label", "")
            bat_cols, pit_cols, sf_cols, on_error, drives_in, choice = _counts(label)
            if sf_cols is not None and runs > 0:
                bat_cols = sf_cols
            batter = ev["batter"]
            b = self.bat[off][batter]
            for column in bat_cols:
                b[column] += 1
            for column in pit_cols:
                p[column] += 1
            if on_error:  # the catcher's E2 on interference; the fielder's on a hit with an error
                self.errors[dfn] += 1
            dest = play.get("batter")
            if drives_in and ev["outs_made"] < 2:  # 9.04(a)(2): interference forcing a run home drives it in
                # A hit an error carried home: the batter's own run is the error's, no RBI (Chadwick's
                # reading of ``B-H(E8)`` too).  Runners keep theirs, whichever bases the error gave them.
                own = dest == 4 and batter in ev["scored"] and is_hit_with_error(label)
                b["rbi"] += runs - (1 if own else 0)
            if dest in (1, 2, 3, 4):
                self.resp[batter] = pitcher
                if on_error:
                    self.unearned.add(batter)
                else:
                    self.unearned.discard(batter)
                if choice:  # is_fielders_choice
                    self.fielders_choice(ev, before)
        scored = ev["scored"]
        if scored:
            charges: list[str] = []
            unearned, bat = self.unearned, self.bat[off]
            for runner in scored:
                charged = self.resp.pop(runner, pitcher)
                charges.append(charged)
                line_of = pit[charged]
                line_of["r"] += 1
                line_of["er"] += 0 if runner in unearned else 1
                unearned.discard(runner)
                if runner in bat:
                    bat[runner]["r"] += 1
        v, h = after.score
        leader = "visitor" if v > h else "home" if h > v else None
        if leader is not None and leader != self.leader and scored:
            need = abs(before.score[0] - before.score[1]) + 1 if self.leader is not None else \
                (1 if before.score[0] == before.score[1] else 0)
            charged = charges[min(max(need, 1), len(charges)) - 1]
            self.go_ahead = (leader, after.team(leader).pitcher, charged)
        self.leader = leader
        seen = self.seen
        if after.visitor.order is not seen.get("visitor") or after.home.order is not seen.get("home"):
            self.see(after)  # a new lineup (see() asks the same first)

    def fielders_choice(self, ev: dict[str, Any], before: GameState) -> None:
        """Rule 9.16(g): runners put out on a fielder's choice are replaced, for charging runs.

        The pitchers charged with the runners before the play, lead runner
        first, then the batter, are kept in that order by the runners left
        and the batter: each runner put out passes his pitcher to the next
        runner behind him, who passes his own back, down to the batter (whose
        own is dropped).  So a reliever who inherits a runner forced out is
        charged with the batter's run only after the runners ahead score, as
        the Chadwick tools (``_reassign_responsibility``) score it too.
        """
        dests = (ev.get("play") or {}).get("runners") or [None, None, None]
        order = [before.bases[b - 1] for b in (3, 2, 1) if before.bases[b - 1]] + [ev["batter"]]
        pitcher = before.defense.pitcher
        charged = [self.resp.get(r, pitcher) for r in order[:-1]] + [pitcher]
        for i, runner in enumerate(order[:-1]):
            if dests[before.bases.index(runner)] == 0:
                charged[i + 1:] = charged[i:-1]
        for runner, who in zip(order, charged):
            self.resp[runner] = who

    def _steal(self, ev: dict[str, Any], before: GameState, off: str) -> None:
        dests = ev["play"]["runners"]
        for base in ev["runners"]:
            runner, dest = before.bases[base - 1], dests[base - 1]
            if runner in self.bat[off]:
                self.bat[off][runner]["cs" if dest == 0 else "sb"] += 1

    def decisions(self, final: GameState) -> None:
        v, h = final.score
        win = "visitor" if v > h else "home"
        lose = "home" if win == "visitor" else "visitor"
        for side in SIDES:
            self.exit_lead.setdefault(final.team(side).pitcher, _lead(final, side))
        w_pitcher, l_pitcher = (self.go_ahead[1], self.go_ahead[2]) if self.go_ahead else (None, None)
        pitchers = list(self.pit[win])
        if w_pitcher == pitchers[0] and self.pit[win][w_pitcher]["outs"] < 15 and len(pitchers) > 1:
            w_pitcher = pitchers[1]
        for side in SIDES:
            for p in self.pit[side].values():
                p["decision"] = ""
        if w_pitcher in self.pit[win]:
            self.pit[win][w_pitcher]["decision"] = "W"
        if l_pitcher in self.pit[lose]:
            self.pit[lose][l_pitcher]["decision"] = "L"
        finisher = final.team(win).pitcher
        for side in SIDES:
            for name, p in self.pit[side].items():
                if p["role"] == "starter" or p["decision"]:
                    continue
                entered = self.entry_lead.get(name, 0)
                if side == win and name == finisher and (1 <= entered <= 3 or p["outs"] >= 9):
                    p["decision"] = "SV"
                elif name != final.team(side).pitcher and 1 <= entered <= 3 and p["outs"] > 0 \
                        and self.exit_lead.get(name, 0) > 0:
                    p["decision"] = "HLD"


def _lead(st: GameState, side: str) -> int:
    v, h = st.score
    return v - h if side == "visitor" else h - v


def box_score(timeline: list[tuple[str, dict[str, Any], GameState]], final: GameState) -> dict[str, Any]:
    """Batting and pitching lines, line score and decisions of a finished (or partial) game."""
    first = timeline[0][2] if timeline else final
    box = _Box(first)
    play, sub = box.play, box.sub
    afters = [before for _, _, before in timeline]  # each step's state after it: the next one's before
    afters.append(final)
    for (kind, ev, before), after in zip(timeline, afters[1:]):
        (play if kind == "play" else sub)(ev, before, after)
    out: dict[str, Any] = {"innings": final.inning}
    if final.over:
        box.decisions(final)
        out["winner"] = "visitor" if final.score[0] > final.score[1] else "home"
    for side in SIDES:
        bat = sorted(box.bat[side].values(), key=lambda b: (b["slot"], b["seq"]))
        out[side] = {"team": final.team(side).code, "runs": final.score[0 if side == "visitor" else 1],
                     "hits": sum(b["h"] for b in bat), "errors": box.errors[side], "line": box.line[side],
                     "batting": bat, "pitching": list(box.pit[side].values())}
    if box.mishaps:
        _add_mishaps(out, box)
    return out


def _add_mishaps(out: dict[str, Any], box: _Box) -> None:
    """WP, BK and PK on every pitching line, PB on every batting line, of a game that had one."""
    for side in SIDES:
        for p in out[side]["pitching"]:
            p.update({k: 0 for k in PIT_MISHAPS})
        for b in out[side]["batting"]:
            b.update({k: 0 for k in BAT_MISHAPS})
    for side, where, player, column in box.mishaps:
        lines = box.pit[side] if where == "pit" else box.bat[side]
        if player in lines:
            lines[player][column] += 1


def appearances(box: Mapping[str, Any], team: str) -> list[dict[str, Any]]:
    """Who pitched for ``team``, in order, as its Staff records them: the first started."""
    side = "visitor" if box["visitor"]["team"] == team else "home"
    return [{"pitcher": p["pitcher"], "role": "start" if i == 0 else "relief"}
            for i, p in enumerate(box[side]["pitching"])]
