"""What the record says about one game, shaped for people and ``--json``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Sequence

# The game's classes, eventsourcing and the plate-appearance words are imported where used: `league game
# show` and `game log` may take a record read straight from the store (projections.game_record), and a
# read command's start-up is mostly imports.
if TYPE_CHECKING:
    from league.domain.game import Game


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
    # A rule system may keep no earned/unearned split (its outcome has only the runs).
    side = lambda s: {k: o[s].get(k) for k in ("team", "runs", "earned", "unearned")}  # noqa: E731
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
            for p in o.get("pitching", ())
        ],
        "batting": o.get("batting", []),
        "home_runs": o.get("home_runs", []),
    }


# league.rules.pa.words.PA_KINDS (a unit test keeps them equal): the kinds its pa_entry words.
_PA_KINDS = ("Rolled", "PlayResolved", "DecisionMade", "PlayerInjured")


def _out(setup: Mapping[str, Any]) -> str:
    """Players a plate-appearance setup left out (injured) and who replaced them; "" when none."""
    sides = [setup[s] for s in ("visitor", "home") if isinstance(setup.get(s), Mapping)]
    if not any(side.get("out") for side in sides):  # nobody left out (a Pennant Race setup never has "out")
        return ""
    from league.rules.pa.words import out_words

    said = [w for side in sides for w in out_words(side)]
    return "; " + "; ".join(said) if said else ""


def game_log(g: Game, events: Sequence[Any]) -> list[dict[str, Any]]:
    """Every event of the game in order.

    Setup, roll and outcome events no longer in force (a later rewind went back
    past them, and no undo reinstated them) are marked superseded.
    """
    active = g.active_positions()
    record_kinds = ("Started", "Restarted", "DiceRolled", "Completed", "Rolled", "PlayResolved", "DecisionMade")
    out: list[dict[str, Any]] = []
    for e in events:
        topic = _topic(e)
        kind = topic.split(".", 1)[-1]
        entry: dict[str, Any] = {
            "position": e.originator_version,
            "type": kind,
            "timestamp": e.timestamp.isoformat(),
            "superseded": kind in record_kinds and e.originator_version not in active,
        }
        if kind in _PA_KINDS:
            from league.rules.pa.words import pa_entry  # a plate-appearance game's: not loaded for the others

            entry.update(pa_entry(kind, e))
        elif kind == "Started":
            entry["setup"] = e.setup
            entry["ruleset"] = e.ruleset
            entry["ruleset_version"] = e.ruleset_version
            sides = [e.setup[s].get("starter") for s in ("visitor", "home")]
            entry["summary"] = f"{e.visitor} at {e.home} on {e.date}; starters {sides[0]} / {sides[1]}"
            entry["summary"] += _out(e.setup)
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
            if kind == "Restarted":  # set up afresh: who is out may differ
                entry["summary"] += _out(getattr(e, "setup", None) or {})
        if getattr(e, "fresh", False):  # drawn afresh when a dispute's cascade re-resolved the game
            entry["fresh"] = True
            entry["summary"] += " [fresh roll, drawn in a cascade]"
        out.append(entry)
    return out


def _topic(e: Any) -> str:
    """The event's topic: a record read straight from the store carries it (``stored_topic``);
    an aggregate's event is known by its class."""
    topic = getattr(e, "stored_topic", None)
    if topic is None:
        from eventsourcing.utils import get_topic

        topic = get_topic(type(e))
    return str(topic)
