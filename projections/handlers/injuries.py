"""View "injuries": who was hurt, when, for how many team games.

Contract (Pennant Race itself has no injuries; other rule systems emit it):
``league:Game.PlayerInjured`` {team, player, date, games, game}.  An injury
belongs to its game: a void drops it, a rewind drops those recorded at or
after the position rewound to, and an undo (``Reinstated``) puts back the
injuries in force in the state it reinstates (its ``injuries``, each with the
position of its PlayerInjured event, so the row is the one first written).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete

from league.domain import lifecycle as steps
from projections.tables import injuries
from projections.view import NotificationLike, View, Writer, origin, payload


def player_injured(w: Writer, n: NotificationLike) -> None:
    w.insert(injuries, _row(origin(n), n.originator_version, payload(n)))


def game_reinstated(w: Writer, n: NotificationLike) -> None:
    state = payload(n)["state"]
    if "injuries" not in state:  # a game that keeps none, or an undo recorded before games kept them
        return
    game = origin(n)
    w.execute(delete(injuries).where(injuries.c.game_uuid == game))
    w.insert(injuries, [_row(game, i["position"], i) for i in state["injuries"]])


def _row(game: str, version: int, p: dict[str, Any]) -> dict[str, Any]:
    return {"game_uuid": game, "version": version, "game_id": p["game"], "team": p["team"],
            "player": p["player"], "date": p["date"], "games": int(p["games"])}


def game_rewound(w: Writer, n: NotificationLike) -> None:
    to = int(payload(n)["to"])
    w.execute(delete(injuries).where(injuries.c.game_uuid == origin(n), injuries.c.version >= to))


def game_voided(w: Writer, n: NotificationLike) -> None:
    w.execute(delete(injuries).where(injuries.c.game_uuid == origin(n)))


# Each step of a game's life cycle that changes its injuries -> how.
BY_STEP = {steps.INJURED: player_injured, steps.REWOUND: game_rewound, steps.VOIDED: game_voided,
           steps.REINSTATED: game_reinstated}
VIEW = View(
    name="injuries",
    topics=steps.step_topics(*BY_STEP),
    handlers={topic: BY_STEP[steps.STEPS[topic]] for topic in steps.step_topics(*BY_STEP)},
    tables=(injuries,),
    description="the injury list",
)
