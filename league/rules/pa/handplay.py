"""People playing a plate-appearance game step by step: start, roll, decide, look.

Each use case loads the game, folds it (:mod:`league.rules.pa.replay`), appends
events, and saves them with a journal entry in one transaction.  Nothing is
decided for the managers here: a required substitution (an injury, a
pinch-hit pitcher's slot) is refused by the engine until they make it.

``app`` is the application (``league.application.app.LeagueApp``): its
``season_player`` gives the league's season player, a :class:`PASeason` with
the card game's engine for a plate-appearance league.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from league.domain.errors import NotFoundError, RulesError
from league.domain.game import FINAL, SCHEDULED, VOID
from league.rules.pa.game import PAGame
from league.domain.staff import Staff
from league.rules.pa import postgame
from league.rules.pa.replay import Fold, fold, standing_orders
from league.rules.pa.subs import check_not_out
from league.rules.pa.words import PA_KINDS, pa_entry, steal_intent, steal_result, strategy_words, with_names
from league.rules.pa.season import PASeason, one_roll
from league.domain.dice import NeedRoll, Roll

if TYPE_CHECKING:
    from league.rules.ruleset import LeagueApplication

UNTIL = ("roll", "play", "half", "game")


def _session(app: "LeagueApplication", teams: tuple[str, ...]) -> PASeason:
    """The league's season player with the Staffs of ``teams``; refused for a league not of card games."""
    league = app.league()
    staffs: dict[str, Staff] = {}
    session = app.season_player(league, staffs)
    if not isinstance(session, PASeason):
        raise RulesError(f"this league plays {league.ruleset}: "
                         "step-by-step play is for plate-appearance (card) games")
    staffs.update((t, app.staff(t)) for t in teams)
    return session


def _load(app: "LeagueApplication", game: str) -> tuple[PASeason, PAGame, Fold]:
    g = app.game(game)
    if not isinstance(g, PAGame):
        raise RulesError(f"game {game} is not a plate-appearance game")
    if g.status in (FINAL, VOID):
        raise RulesError(f"game {game} is {g.status}")
    if g.status == SCHEDULED:
        raise RulesError(f"game {game} was rewound to its start: run 'league game start {game}'")
    g.check_not_held()
    session = _session(app, (g.visitor, g.home))
    return session, g, fold(g, session.cards(g.visitor, g.home), session.engine)


def start_game(app: "LeagueApplication", game: str, actor: str, starters: tuple[str | None, str | None] = (None, None),
               dice_label: str = "people") -> dict[str, Any]:
    """Set a game up (lineups, rested starters) without playing it."""
    scheduled = app.league().games.get(game)
    if scheduled is None:
        raise NotFoundError(f"no game {game} in the schedule")
    existing = app.find_game(game)
    if existing is not None and existing.status != SCHEDULED:
        raise RulesError(f"game {game} has already started (status {existing.status})")
    session = _session(app, (scheduled["visitor"], scheduled["home"]))
    g = session.begin(scheduled, existing, actor, dice_label, starters)  # type: ignore[arg-type]
    details = {"game": game, "games_before": {game: existing.version if existing else 0}}
    app.save_command(None, "game start", actor, "", details, g)
    return game_state(app, game)


def roll(app: "LeagueApplication", game: str, source: Callable[[NeedRoll], Roll], until: str, actor: str,
         dice_label: str, leftover: Callable[[str], None] | None = None) -> dict[str, Any]:
    """Roll once, or through the end of the play, half-inning or game; save it all at once.

    ``leftover(why)`` is called before anything is saved, once the rolling has
    stopped: a script of physical rolls raises there if some of its rolls were
    not used (they would otherwise be dropped without a word).
    """
    if until not in UNTIL:
        raise RulesError(f"--to must be one of {', '.join(UNTIL)}")
    session, g, f = _load(app, game)
    before = g.version
    g.hand_to(actor, actor)  # from here the rolls are this person's
    first = g.version
    half = (f.state.inning, f.state.half)
    stopped = None
    while not f.state.over or postgame.pending(f):
        try:
            settled = one_roll(g, f, source)
        except RulesError as e:
            if g.version == first:  # nothing rolled: the managers must act first
                raise RulesError(with_names(str(e), names(f))) from None
            stopped = with_names(str(e), names(f))  # keep the rolls made so far; the managers must act first
            break
        if until == "roll" or (until == "play" and settled):
            break
        if until == "half" and (f.state.inning, f.state.half) != half:
            break
    if leftover is not None:
        leftover(f"the play stopped before them ({stopped})" if stopped
                 else "the game ended before using them" if f.state.over
                 else f"--to {until} stopped before them (a longer --to uses more of them)")
    session.finish(g, f)
    named = names(f)
    added = [pa_entry(type(e).__name__, e, named) for e in g.pending_events if type(e).__name__ in PA_KINDS]
    staffs = [s for s in session.staffs.values() if s._pending_events]
    app.save_command(None, "game roll", actor, "", {"game": game, "dice": dice_label, "games_before": {game: before}},
                     g, *staffs)
    return {**describe(g, f), "stopped": stopped, "log": added}


def decide(app: "LeagueApplication", game: str, decision: dict[str, Any], actor: str) -> dict[str, Any]:
    """A manager's decision (substitution or strategy), checked by the rules before it is saved."""
    _, g, f = _load(app, game)
    decision = _role_change(f, decision)
    side = f.setup.get(str(decision.get("team")))  # "visitor" | "home"
    check_not_out(decision, side.get("out", ()) if isinstance(side, dict) else (), names(f))  # the injured
    ev = f.decide(decision)  # raises RulesError when the rules forbid it
    if decision["type"] in ROLE_CHANGES:  # the facts people read in the log: where, and the DH lost
        decision = {**decision, "position": ev["position"], "dh_lost": ev["dh_lost"]}
    before = g.version
    g.hand_to(actor, actor)
    g.decide(team=decision["team"], decision=decision, actor=actor)
    app.save_command(None, "game decide", actor, "", {"game": game, "decision": decision["type"],
                                                      "games_before": {game: before}}, g)
    return describe(g, f)


# Players already in the game changing roles (league/rules/pa/subs.py): 25.3 from the field, rule 5.11.
ROLE_CHANGES = ("fielder_to_mound", "dh_to_field", "pitcher_to_field")


def _role_change(f: Fold, d: dict[str, Any]) -> dict[str, Any]:
    """The commands' decisions as the rules know them, by who the players are now.

    A defensive replacement by the team's DH is the DH taking the field; an
    emergency pitcher already in the field is a fielder moving to the mound
    (``fill``: who takes his position); a pitcher moving to the field names his
    position, and the fielder there leaves.
    """
    kind, side = d.get("type"), d.get("team")
    if side not in ("visitor", "home"):
        return d
    team = f.state.team(str(side))
    if kind == "defensive_replacement" and team.dh and d.get("in") == team.at("dh"):
        if d.get("position") != team.position_of(d["out"]):
            where = team.position_of(d["out"])
            raise RulesError(f"the DH takes the position of the man he replaces: {d['out']} "
                             f"{'plays ' + where if where else 'is not in the field'}, not {d.get('position')}")
        return {"type": "dh_to_field", "team": side, "in": d["in"], "out": d["out"]}
    if kind == "defensive_replacement" and team.in_game(str(d.get("in"))) and d.get("in") not in team.removed:
        lost = " (the DH was lost)" if f.setup.get("dh") and not team.dh else ""
        raise RulesError(f"{d['in']} is already in the game at {team.position_of(d['in']) or 'bat'}{lost}: "
                         "a replacement comes from the bench")
    if kind == "emergency_pitcher":
        if team.position_of(d["in"]) is not None:
            return {"type": "fielder_to_mound", "team": side, "player": d["in"], "in": d.get("fill")}
        if d.get("fill") is not None:
            raise RulesError(f"{d['in']} is not in the field: a bench player pitching leaves no position to fill")
        return {k: v for k, v in d.items() if k != "fill"}
    if kind == "pitcher_to_field" and "out" not in d:
        out = team.at(str(d.get("position")))
        if out is None or d.get("position") in ("p", "dh"):
            raise RulesError(f"{team.code} has nobody at {d.get('position')} for the pitcher to replace")
        return {"type": "pitcher_to_field", "team": side, "pitcher": d["pitcher"], "out": out}
    return d


def game_state(app: "LeagueApplication", game: str) -> dict[str, Any]:
    g = app.game(game)
    if not isinstance(g, PAGame):
        raise RulesError(f"game {game} is not a plate-appearance game")
    if g.setup is None:
        return {"game": game, "status": g.status}
    session = _session(app, (g.visitor, g.home))
    return describe(g, fold(g, session.cards(g.visitor, g.home), session.engine))


def names(f: Fold) -> dict[str, str]:
    """Card id -> the player's name, for everything shown to people."""
    return {cid: c.name for cid, c in f.cards.items()}


def pending_decisions(f: Fold) -> list[str]:
    """The decisions waiting for the next play, in words: what differs from the standing orders, and a steal."""
    orders = standing_orders(f.setup, f.engine).fact()
    changed = {k: v for k, v in f.strategy.fact().items() if v != orders.get(k)}  # a fact may omit unset keys
    pending = strategy_words(changed)
    if f.steal:
        pending.append(steal_intent(f.steal, list(f.state.bases), names(f)))
    return pending


def last_play(f: Fold) -> str | None:
    if not f.plays:
        return None
    p = f.plays[-1]
    if p.get("type") == "steal":  # its chart label is only "steal"
        return steal_result(p, names(f))
    return (p.get("play") or {}).get("label")


def describe(g: PAGame, f: Fold) -> dict[str, Any]:
    st = f.state
    stint = st.defense.stint
    shown = [st.offense.batter, st.defense.pitcher, *(b for b in st.bases if b)]
    return {
        "game": g.game, "status": g.status, "position": g.version,
        "visitor": st.visitor.code, "home": st.home.code, "score": list(st.score),
        "inning": st.inning, "half": st.half, "outs": st.outs, "bases": list(st.bases), "over": st.over,
        "batter": st.offense.batter, "pitcher": st.defense.pitcher,
        "fatigue": {"outs": stint.outs, "batters": stint.batters, "hits_walks": len(stint.counted),
                    "role": stint.role, "tired": f.engine.tired(st, f.cards, st.defense)},
        "pending": {"rolls": [str(r) for r in f.rolls], "steal": list(f.steal) if f.steal else None,
                    "strategy": f.strategy.fact(), "decisions": pending_decisions(f)},
        "names": {p: f.cards[p].name for p in shown if p in f.cards},
        "last_play": last_play(f),
    }
