"""The optional rule "injuries by INJ rating" (page 16, "Player Injuries"): the checks after a game. Pure.

``resolve_postgame(state, cards, rolls, orders, setup)`` answers the next
roll the checks need, or the state with the players hurt (``Team.injured``)
and the event: every roll and why, and each injury's games, as steps with
``chart: "injury"`` (the shared layer records one ``PlayerInjured`` for each,
:mod:`league.rules.pa.postgame`).  None when the game's league does not play
the option.  For each club, visitor first:

1. **Pitchers**: every pitcher who appeared, in the order he came in (the
   starter first), takes a check roll (red and white, 00-99): at or under
   the chance of his INJ (54 of 54C) he is hurt.  Once one pitcher is hurt,
   or when the club already has a pitcher out, the others are exempt.
2. **One position player**: a single die (the red one) picks the slot of
   the starting lineup; 0, or the slot of the pitcher batting, checks
   nobody.  The man who started in that slot takes a check roll as above.
   A club with a position player out already is exempt (no die is rolled).
3. **Length**: a new roll's red die on the Injury Length table
   (``charts/injury_length.txt``, the project's design) by his INJ letter:
   the club games he misses; the game just played does not count.

Who "is out" is the game's own setup (``out``: the players the season
player benched as injured when it set the game up), so a replay reads the
same checks from the game alone.  A player who sat this game out counts as
injured at its end, even if this was the last game of his injury.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from league.domain.dice import NeedRoll, Roll
from league.domain.dice import Dice, NeedMore
from league.rules.pa.state import GameState, Team, evolve
from league.rules.pine_tar.cards import Card
from league.rules.pine_tar.charts import RULESET_VERSION, load_charts
from league.rules.pine_tar.engine import Ctx, Orders

INJURIES = "injuries"
SIDES = ("visitor", "home")
Outcome = tuple[GameState, dict[str, Any]]


def resolve_postgame(state: GameState, cards: Mapping[str, Card], rolls: Sequence[Roll], orders: Orders,
                     setup: Mapping[str, Any]) -> NeedRoll | Outcome | None:
    """The next roll the checks need, or their outcome; None when the league does not play injuries."""
    if INJURIES not in orders.options:
        return None
    dice = Dice(rolls)
    try:
        out = _checks(state, Ctx(cards, load_charts(), dice, options=orders.options), setup)
    except NeedMore as more:
        return more.need
    dice.check_done()
    return out


def _checks(state: GameState, ctx: Ctx, setup: Mapping[str, Any]) -> Outcome:
    event: dict[str, Any] = {"type": "postgame", "ruleset": RULESET_VERSION, "position": state.plays,
                             "before": state.summary()}
    hurt: list[dict[str, Any]] = []
    for side in SIDES:
        team = state.team(side)
        out = setup.get(side, {}).get("out", ())
        pitcher = _pitchers(state, ctx, side, team, any(o.get("at") == "pitcher" for o in out))
        batter = _position_player(state, ctx, side, setup.get(side, {}).get("order", ()),
                                  any(o.get("at") != "pitcher" for o in out))
        hurt.extend({"team": team.code, "side": side, "player": p, "games": games}
                    for p, games in (pitcher, batter) if p is not None)
    new = state
    for h in hurt:
        t = new.team(h["side"])
        new = evolve(new, **{h["side"]: _hurt(t, h["player"])})
    names = ", ".join(f"{h['player']} ({h['team']}) out {h['games']} game(s)" for h in hurt)
    event.update({"completed": True, "rolls": list(ctx.dice.log), "steps": ctx.steps,
                  "play": {"label": f"injury checks: {names or 'nobody hurt'}", "batter": None, "runners": []},
                  "injuries": [{k: h[k] for k in ("team", "player", "games")} for h in hurt],
                  "after": state.summary()})
    return new, event


def _hurt(team: Team, player: str) -> Team:
    return team if player in team.injured else evolve(team, injured=(*team.injured, player))


Hurt = tuple[str | None, int]  # the player hurt (None: nobody) and the games he misses
NOBODY: Hurt = (None, 0)


def _pitchers(state: GameState, ctx: Ctx, side: str, team: Team, one_out: bool) -> Hurt:
    """The first pitcher (in order of appearance) whose check roll hurts him, and his games out."""
    code = team.code
    if one_out:
        ctx.note(f"{code} has a pitcher on the injury list: its pitchers are exempt", rule="page 16")
        return NOBODY
    for p in dict.fromkeys(s.pitcher for s in team.pitchers):
        if _check(state, ctx, side, p, "pitcher"):
            return p, _length(state, ctx, side, p)
    return NOBODY


def _position_player(state: GameState, ctx: Ctx, side: str, order: Sequence[str], one_out: bool) -> Hurt:
    code = state.team(side).code
    if one_out:
        ctx.note(f"{code} has a position player on the injury list: its position players are exempt",
                 rule="page 16")
        return NOBODY
    die = ctx.roll(state, side, f"injury: {code} lineup slot", dice=1).red
    if die == 0 or die > len(order):
        ctx.note(f"{code} lineup die {die}: no position player is checked", rule="page 16")
        return NOBODY
    player = order[die - 1]
    if ctx.cards[player].kind == "pitcher":
        ctx.note(f"{code} lineup die {die}: the pitcher's slot, no position player is checked "
                 "(the pitcher had his own check)", rule="page 16")
        return NOBODY
    ctx.note(f"{code} lineup die {die}: {player}, who started in slot {die}, is checked", rule="page 16")
    if _check(state, ctx, side, player, "position player"):
        return player, _length(state, ctx, side, player)
    return NOBODY


def _check(state: GameState, ctx: Ctx, side: str, player: str, what: str) -> bool:
    card = ctx.cards[player]
    inj = card.injury()
    r = ctx.roll(state, side, f"injury check: {player}")
    roll = r.red * 10 + r.white
    if inj is None:
        ctx.note(f"{player} ({what}) has no INJ rating: no injury on {roll:02d}", rule="page 16")
        return False
    chance, letter = inj
    hurt = roll <= chance
    ctx.note(f"{player} ({what}, INJ {card.inj}): check roll {roll:02d} "
             f"{'<=' if hurt else '>'} {chance}: {'injured' if hurt else 'no injury'}", rule="page 16")
    return hurt


def _length(state: GameState, ctx: Ctx, side: str, player: str) -> int:
    card = ctx.cards[player]
    inj = card.injury()
    assert inj is not None
    letter = inj[1]
    die = ctx.roll(state, side, f"injury length: {player}", dice=1).red
    games = ctx.charts.injury[letter][die]
    ctx.note(f"{player}: injury length die {die} on letter {letter}: out {games} game(s)", rule="page 16",
             chart="injury", value=games)
    return games


__all__ = ["INJURIES", "resolve_postgame"]
