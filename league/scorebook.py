"""What the record says about one game, shaped for people and ``--json``."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from eventsourcing.utils import get_topic

from league.model.game import Game
from league.pa_words import decision_words, steal_result, who, with_names


def ip(outs: int) -> str:
    """Innings written baseball-style: 22 outs -> "7.1"."""
    return f"{outs // 3}.{outs % 3}"


def game_summary(g: Game) -> dict[str, Any]:
    o = g.outcome
    base: dict[str, Any] = {"game": g.game, "date": g.date, "status": g.status}
    if o is None:
        return {
            **base,
            "visitor": {"team": g.visitor, "runs": None, "earned": None, "unearned": None},
            "home": {"team": g.home, "runs": None, "earned": None, "unearned": None},
            "innings": None,
            "pitching": [],
        }
    side = lambda s: {k: o[s][k] for k in ("team", "runs", "earned", "unearned")}  # noqa: E731
    return {
        **base,
        "visitor": side("visitor"),
        "home": side("home"),
        "winner": o[o["winner"]]["team"],
        "innings": 9 + o.get("extra_innings", 0),
        "pitching": [
            {
                "team": p["team"],
                "pitcher": p["pitcher"],
                "role": p["role"],
                "ip": ip(p["outs"]),
                "er": p["er"],
                "ur": p["ur"],
                "decision": p["decision"],
                "save": p["save"],
                "cg": p["cg"],
                "sho": p["sho"],
            }
            for p in o["pitching"]
        ],
        "batting": o.get("batting", []),
        "home_runs": o.get("home_runs", []),
    }


def game_log(g: Game, events: Sequence[Any]) -> list[dict[str, Any]]:
    """Every event of the game in order.

    Setup, roll and outcome events no longer in force (a later rewind went back
    past them, and no undo reinstated them) are marked superseded.
    """
    active = g.active_positions()
    record_kinds = ("Started", "Restarted", "DiceRolled", "Completed", "Rolled", "PlayResolved", "DecisionMade")
    out: list[dict[str, Any]] = []
    for e in events:
        topic = get_topic(type(e))
        kind = topic.split(".", 1)[-1]
        entry: dict[str, Any] = {
            "position": e.originator_version,
            "type": kind,
            "timestamp": e.timestamp.isoformat(),
            "superseded": kind in record_kinds and e.originator_version not in active,
        }
        if kind in PA_KINDS:
            entry.update(pa_entry(kind, e))
        elif kind == "Started":
            entry["setup"] = e.setup
            entry["ruleset"] = e.ruleset
            entry["ruleset_version"] = e.ruleset_version
            sides = [e.setup[s].get("starter") for s in ("visitor", "home")]
            entry["summary"] = f"{e.visitor} at {e.home} on {e.date}; starters {sides[0]} / {sides[1]}"
        elif kind == "DiceRolled":
            entry.update(team=e.team, purpose=e.purpose, dice=e.dice)
            entry["summary"] = f"{e.team}: {e.dice} ({e.purpose})"
        elif kind == "Completed":
            entry["explanation"] = e.outcome.get("explanation", [])
            entry["summary"] = f"{e.outcome['visitor']['team']} {e.outcome['visitor']['runs']}, " \
                f"{e.outcome['home']['team']} {e.outcome['home']['runs']}"
        else:
            for k in ("to", "reason", "actor"):
                if hasattr(e, k):
                    entry[k] = getattr(e, k)
            entry["summary"] = ", ".join(f"{k}={entry[k]}" for k in ("to", "reason", "actor") if k in entry)
        if getattr(e, "fresh", False):  # drawn afresh when a dispute's cascade re-resolved the game
            entry["fresh"] = True
            entry["summary"] += " [fresh roll, drawn in a cascade]"
        out.append(entry)
    return out


PA_KINDS = ("Rolled", "PlayResolved", "DecisionMade", "PlayerInjured")


def pa_entry(kind: str, e: Any, names: Mapping[str, str] | None = None) -> dict[str, Any]:
    """A plate-appearance game's roll, play, decision or injury, for the log (``names``: card id -> name)."""
    names = names or {}
    if kind == "Rolled":
        return {"team": e.team, "dice": e.dice, "purpose": e.purpose,
                "summary": f"{e.team}: {e.dice} ({with_names(e.purpose, names)})"}
    if kind == "PlayResolved":
        p = e.play
        after = p.get("after", {})
        label = (p.get("play") or {}).get("label", "")
        roll = f"{e.dice} ({with_names(e.purpose, names)}) -> " if e.dice else ""
        if p.get("type") == "steal":  # the label is only "steal": say who was safe or out
            by, label = "", steal_result(p, names)
        else:
            by = f"{who(p['batter'], names)}: " if "batter" in p else ""
        score = after.get("score", ["?", "?"])
        return {"team": e.team, "dice": e.dice, "purpose": e.purpose, "play": p,
                "summary": f"{roll}{by}{label}; {after.get('outs')} out, {score[0]}-{score[1]}"}
    if kind == "DecisionMade":
        d = dict(e.decision)
        return {"team": e.team, "decision": d, "actor": e.actor,
                "summary": f"{e.team}: {decision_words(d, names)}"}
    return {"summary": f"{who(e.player, names)} ({e.team}) injured for {e.games} game(s)"}
