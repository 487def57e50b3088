"""What the record says about one game, shaped for people and ``--json``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Sequence

from league.domain.actors import AUTO_MANAGER, COMPUTER, first_hands, person

# The game's classes, eventsourcing and the plate-appearance words are imported where used: `league game
# show` and `game log` may take a record read straight from the store (projections.game_record), and a
# read command's start-up is mostly imports.
if TYPE_CHECKING:
    from league.domain.game import Game
    from league.domain.lifecycle import GameLifecycle


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


def how_played(g: "GameLifecycle") -> dict[str, Any]:
    """What ``game show --json`` adds: how the game was played (``hand``, ``computer``, ``both``), who
    made its entries from where (``hands``: [[position, by], ...]) and its hold (None when not held).

    ``g`` is the game's aggregate or its record read straight from the store
    (projections.game_record): both fold the same life cycle.
    """
    played_by = g.played_by  # (a game from a snapshot older than hands gets them here)
    return {"played_by": played_by, "hands": [list(h) for h in g.hands],
            "held": dict(g.held) if g.held is not None else None}


def played_words(g: "GameLifecycle") -> str:
    """``hand (alice)``, ``computer`` or ``both (alice, then the auto-manager)``: who made the entries
    in force, in the order they took over."""
    played_by = g.played_by
    if played_by == COMPUTER:
        return played_by
    makers: list[str] = []
    for by in [g.by_at(e["position"]) for e in g.in_force()] or [g.hands_now]:
        who = "the auto-manager" if person(by) == AUTO_MANAGER else person(by)
        if not makers or makers[-1] != who:
            makers.append(who)
    return f"{played_by} ({', then '.join(makers)})"


def held_words(held: Mapping[str, Any]) -> str:
    """A held game's line: why, where it stops, and how to settle it."""
    return (f"Held for review: {held['reason']} (stops at position {held['position']}); "
            "settle with 'league review'")


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
    # Who makes the entries now, folded along the log as the game folds its hands (a superseded entry
    # keeps the maker of its time).
    hands: list[list[Any]] = []
    for e in events:
        topic = _topic(e)
        kind = topic.split(".", 1)[-1]
        hands = _hands_after(kind, e, hands)
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
        elif kind in _HOLD_KINDS:
            entry.update(_hold_entry(kind, e))
        else:
            for k in ("to", "reason", "actor"):
                if hasattr(e, k):
                    entry[k] = getattr(e, k)
            entry["summary"] = ", ".join(f"{k}={entry[k]}" for k in ("to", "reason", "actor") if k in entry)
            if kind == "Restarted":  # set up afresh: who is out may differ
                entry["summary"] += _out(getattr(e, "setup", None) or {})
        if kind in _ENTRY_KINDS:  # a roll or play: whoever's hands were making the entries then
            entry["by"] = str(hands[-1][1]) if hands else AUTO_MANAGER
        elif kind == "DecisionMade":  # a decision says who made it
            entry["by"] = str(e.actor)
        if getattr(e, "fresh", False):  # drawn afresh when a dispute's cascade re-resolved the game
            entry["fresh"] = True
            entry["summary"] += " [fresh roll, drawn in a cascade]"
        out.append(entry)
    return out


_ENTRY_KINDS = ("DiceRolled", "Rolled", "PlayResolved")
_HOLD_KINDS = ("HandsChanged", "Held", "HoldReleased")


def _hands_after(kind: str, e: Any, hands: list[list[Any]]) -> list[list[Any]]:
    """The game's hands after event ``e`` (league.domain.lifecycle.GameLifecycle folds them the same way)."""
    if kind in ("Started", "Restarted"):
        return [[e.originator_version, first_hands(e.dice_source, e.actor)]]
    if kind == "HandsChanged":
        return [*hands, [e.originator_version, e.by]]
    if kind == "Rewound":
        return [h for h in hands if h[0] < e.to]
    if kind == "Reinstated" and "hands" in e.state:
        return [list(h) for h in e.state["hands"]]
    return hands


def _hold_entry(kind: str, e: Any) -> dict[str, Any]:
    """Who makes the entries from here, a hold and its settling, in words."""
    if kind == "HandsChanged":
        who = "the auto-manager" if e.by == AUTO_MANAGER else e.by
        return {"hands": e.by, "actor": e.actor, "summary": f"from here: {who}"}
    if kind == "Held":
        return {"reason": e.reason, "stop": e.position, "dispute": e.dispute, "actor": e.actor,
                "summary": f"held for review: {e.reason} (stops at position {e.position})"}
    why = f" ({e.reason})" if e.reason else ""
    return {"how": e.how, "reason": e.reason, "actor": e.actor,
            "summary": f"hold settled: {e.how} by {e.actor}{why}"}


def _topic(e: Any) -> str:
    """The event's topic: a record read straight from the store carries it (``stored_topic``);
    an aggregate's event is known by its class."""
    topic = getattr(e, "stored_topic", None)
    if topic is None:
        from eventsourcing.utils import get_topic

        topic = get_topic(type(e))
    return str(topic)
