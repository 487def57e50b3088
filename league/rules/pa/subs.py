"""Substitutions as pure transitions: ``(state, ...) -> (new_state, event)``.

The rules every system shares (Strat 10.1, 25.2-25.3): a removed player never
re-enters; a manager may not voluntarily remove the last player eligible to
play a position (an injury may force it, and then the most logical remaining
player fills in, rated at the worst); a position player may pitch only in an
emergency, when the bullpen is empty; a player on the injury list when the
game was set up does not come in at all (:func:`check_not_out`).  A team
loses the DH (official rule 5.11) when the DH takes the field or the pitcher
would bat (:func:`dh_to_field`, :func:`fielder_to_mound`,
:func:`pitcher_to_field`); from then on the pitcher bats.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping, Sequence

from league.domain.errors import RulesError
from league.rules.pa.lineup import out_of_game_status
from league.rules.pa.state import GameState, PitcherLog, Team

Result = tuple[GameState, dict[str, Any]]


def pinch_hit(state: GameState, new: str) -> Result:
    """``new`` bats for the batter due up; he takes the batter's slot and position."""
    team = state.offense
    old = team.batter
    team = _swap(team, old, new, voluntary=old not in team.injured)
    return _done(state, state.batting_side, team, "pinch_hit", old, new)


def pinch_run(state: GameState, base: int, new: str) -> Result:
    """``new`` runs for the runner on ``base`` (1-3)."""
    old = state.bases[base - 1]
    if old is None:
        raise RulesError(f"nobody is on base {base}")
    team = _swap(state.offense, old, new, voluntary=old not in state.offense.injured)
    bases = list(state.bases)
    bases[base - 1] = new
    state = replace(state, bases=(bases[0], bases[1], bases[2]))
    return _done(state, state.batting_side, team, "pinch_run", old, new, base=base)


def replace_player(state: GameState, side: str, old: str, new: str, position: str) -> Result:
    """A defensive replacement: ``new`` takes ``old``'s slot and plays ``position``."""
    team = state.team(side)
    team = _swap(team, old, new, voluntary=old not in team.injured)
    team = _set_positions(team, {new: position})
    return _done(state, side, team, "defensive_replacement", old, new, position=position)


def switch_positions(state: GameState, side: str, moves: dict[str, str]) -> Result:
    """Players already in the game change positions (``{player: position}``)."""
    team = state.team(side)
    for player, pos in moves.items():
        if team.position_of(player) is None:
            raise RulesError(f"{player} is not in the field for {team.code}")
        if "dh" in (pos, team.position_of(player)):  # rule 5.11: a DH who fields ends the DH
            raise RulesError(f"{player}: the DH does not switch positions; the DH takes the field in place "
                             "of a fielder who leaves (a defensive replacement by the DH)")
    team = _set_positions(team, moves)
    event = {"type": "positions_switched", "team": side, "moves": dict(moves)}
    return state.with_team(side, team), event


def change_pitcher(state: GameState, side: str, new: str) -> Result:
    """A reliever from the bullpen replaces the pitcher (and his batting slot)."""
    team = state.team(side)
    if new not in team.bullpen:
        raise RulesError(f"{new} is not in the {team.code} bullpen")
    return _new_pitcher(state, side, new, "relief", "pitching_change")


def emergency_pitcher(state: GameState, side: str, new: str) -> Result:
    """A bench position player pitches (25.3): only when no pitcher is left."""
    team = state.team(side)
    _check_emergency(team)
    if new not in team.bench:
        raise RulesError(f"{new} is not on the {team.code} bench")
    return _new_pitcher(state, side, new, "emergency", "emergency_pitcher")


def double_switch(state: GameState, side: str, pitcher: str, fielder: str, out: str) -> Result:
    """New pitcher bats in ``out``'s slot; ``fielder`` takes ``out``'s position
    and the old pitcher's slot (no DH: with the DH the pitcher does not bat)."""
    team = state.team(side)
    if team.dh:
        raise RulesError("no double switch with the DH: the pitcher does not bat")
    position = team.position_of(out)
    if position in (None, "p"):
        raise RulesError(f"{out} is not a fielder for {team.code}")
    old_pitcher = team.pitcher
    state, pe = change_pitcher(state, side, pitcher)
    team = state.team(side)
    # The new pitcher took the old pitcher's slot; move him to out's slot.
    order = list(team.order)
    i_pitcher, i_out = order.index(pitcher), order.index(out)
    order[i_pitcher], order[i_out] = out, pitcher
    team = replace(team, order=tuple(order))
    team = _swap(team, out, fielder, voluntary=out not in team.injured)
    team = _set_positions(team, {fielder: position})
    event = {"type": "double_switch", "team": side, "pitcher_out": old_pitcher,
             "pitcher_in": pitcher, "fielder_out": out, "fielder_in": fielder,
             "position": position, "batting_slots": {pitcher: i_out + 1, fielder: i_pitcher + 1}}
    return state.with_team(side, team), event


def fielder_to_mound(state: GameState, side: str, player: str, new: str | None = None) -> Result:
    """A fielder already in the game pitches (25.3): only when no pitcher is left.

    He keeps his batting slot and pitches with the 25.3 card; the pitcher
    leaves.  His position is filled by ``new``: a bench player, or the DH, who
    keeps his own slot.  A bench player bats in the pitcher's slot, or with the
    DH in the DH's slot (the DH leaves).  A pitcher who bats ends the DH (rule
    5.11): the team loses the DH whenever it has one.  The DH himself may go to
    the mound, leaving no position to fill.
    """
    team = state.team(side)
    _check_emergency(team)
    pos = _check_fielder(team, player)
    if pos == "p":
        raise RulesError(f"{player} is already pitching for {team.code}")
    old, dh = team.pitcher, _dh(team)
    slots = list(team.order)
    places = dict(team.fielders)
    leaving = [old]
    places["p"] = player
    if pos == "dh":
        if new is not None:
            raise RulesError(f"{player} is the DH: he leaves no position for {new} to fill")
    elif new is None:
        raise RulesError(f"{player} plays {pos}: name who takes his place there (a bench player or the DH)")
    elif new == dh:
        _check_position(team, player, new, pos)
        places[pos] = new
    else:
        _check_bench(team, new)
        _check_position(team, player, new, pos)
        places[pos] = new
        gone = dh if dh is not None else old  # the slot the newcomer bats in
        slots[slots.index(gone)] = new
        if dh is not None:
            leaving.append(dh)
    places.pop("dh", None)
    team = _rebuild(team, slots, places, leaving, entered=new)
    team = replace(team, pitchers=team.pitchers + (PitcherLog(player, "emergency", state.inning),))
    event = {"type": "fielder_to_mound", "team": side, "player": player, "in": new, "out": old,
             "position": pos, "removed": leaving, "dh_lost": dh is not None}
    return state.with_team(side, team), event


def dh_to_field(state: GameState, side: str, out: str, new: str | None = None) -> Result:
    """The DH (``new``, when named, must be he) takes ``out``'s position and
    ``out`` leaves: the team loses the DH and the pitcher bats in ``out``'s
    slot (rule 5.11)."""
    team = state.team(side)
    dh = _dh(team)
    if dh is None:
        raise RulesError(f"{team.code} has no DH to lose")
    if new is not None and new != dh:
        raise RulesError(f"{new} is not the {team.code} DH ({dh} is)")
    if dh in team.injured:
        raise RulesError(f"{dh} is injured: he may not take the field")
    pos = _check_fielder(team, out, hurt_ok=True)
    if pos in ("p", "dh"):
        raise RulesError(f"{out} is not a fielder for {team.code}: the DH takes a fielder's position")
    _check_position(team, out, dh, pos)
    slots = list(team.order)
    slots[slots.index(out)] = team.pitcher
    places = dict(team.fielders)
    places[pos] = dh
    places.pop("dh")
    team = _rebuild(team, slots, places, [out])
    event = {"type": "dh_to_field", "team": side, "in": dh, "out": out, "position": pos,
             "pitcher": team.pitcher, "batting_slot": slots.index(team.pitcher) + 1, "dh_lost": True}
    return state.with_team(side, team), event


def pitcher_to_field(state: GameState, side: str, out: str, new: str) -> Result:
    """The pitcher takes ``out``'s position and ``out`` leaves; ``new`` pitches.

    Without the DH the old pitcher keeps his slot and the new one bats in
    ``out``'s.  With the DH the team loses it (a pitcher who moves to the
    field bats, rule 5.11): the old pitcher bats in ``out``'s slot, the new
    one in the DH's, and the DH leaves.
    """
    team = state.team(side)
    if new not in team.bullpen:
        raise RulesError(f"{new} is not in the {team.code} bullpen")
    pos = _check_fielder(team, out, hurt_ok=True)
    if pos in ("p", "dh"):
        raise RulesError(f"{out} is not a fielder for {team.code}: the pitcher takes a fielder's position")
    old, dh = team.pitcher, _dh(team)
    if old in team.injured:
        raise RulesError(f"{old} is injured: he may not move to {pos}")
    _check_bench(team, new, pen=True)
    _check_position(team, out, old, pos)
    slots = list(team.order)
    leaving = [out]
    if dh is None:
        slots[slots.index(out)] = new
    else:
        slots[slots.index(out)] = old
        slots[slots.index(dh)] = new
        leaving.append(dh)
    places = dict(team.fielders)
    places[pos], places["p"] = old, new
    places.pop("dh", None)
    team = _rebuild(team, slots, places, leaving, entered=new)
    team = replace(team, pitchers=team.pitchers + (PitcherLog(new, "relief", state.inning),))
    event = {"type": "pitcher_to_field", "team": side, "player": old, "pitcher": new, "out": out,
             "position": pos, "removed": leaving, "dh_lost": dh is not None}
    return state.with_team(side, team), event


def check_not_out(decision: Mapping[str, Any], out: Sequence[Mapping[str, Any]],
                  names: Mapping[str, str] | None = None) -> None:
    """Refuse a substitution that brings in a player out of this game.

    ``out`` is the game's setup for the deciding side (its ``out`` list: the
    players on the injury list when the game was set up, each with the reason).
    """
    coming = {decision.get(k) for k in ("in", "pitcher", "fielder")} - {None}
    for entry in out:
        player = entry["player"]
        if player in coming and not entry.get("rested"):  # rested (26.2 E): on the bench, free to come in
            who = f"{names[player]} ({player})" if names and player in names else player
            raise RulesError(f"{who} {out_of_game_status(entry['reason'])} ({entry['reason']}): he may not play in this game")


def check_defense_ready(team: Team) -> None:
    """Raise unless every position is held and no injured player is still in.

    It runs before every play, but what it reads changes only with a
    substitution or an injury: a team already found ready is not checked again
    while those tuples are the same objects (the stint changes every play, its
    pitcher's name is part of the key).
    """
    # Found by the fielders' identity and the rest compared by identity, not through _by_identity's
    # key of ids: this runs before every play and the team is almost always the one found ready last.
    fielders, pitchers = team.fielders, team.pitchers
    pitcher = pitchers[-1].pitcher if pitchers else None
    hit = _READY.get(id(fielders))
    if (hit is not None and hit[1] is team.eligible and hit[2] is team.injured and hit[3] is team.order
            and hit[4] is team.bench and hit[5] is team.bullpen and hit[6] is team.removed and hit[7] is pitcher):
        return
    _check_ready(team)
    if len(_READY) > 8192:
        _READY.clear()
    _READY[id(fielders)] = (fielders, team.eligible, team.injured, team.order, team.bench, team.bullpen,
                            team.removed, pitcher)


# Teams found ready, by their fielders' identity: the entry keeps what was checked alive (so an id found
# is always that very tuple's), and what the check reads is all in it, compared by identity on a hit.
_READY: dict[int, tuple[Any, ...]] = {}


def _check_ready(team: Team) -> bool:
    held = {pos for pos, _ in team.fielders}
    missing = [pos for pos in ("p", "c", "1b", "2b", "3b", "ss", "lf", "cf", "rf") if pos not in held]
    if missing:
        raise RulesError(f"{team.code} must fill {', '.join(missing)} before play resumes")
    hurt = [p for p in team.injured if team.in_game(p) and can_replace(team, p)]
    if hurt:
        raise RulesError(f"{team.code} must replace injured {', '.join(hurt)}")
    if team.pitcher != team.stint.pitcher:
        raise RulesError(f"{team.code} must bring in a pitcher for {team.pitcher}")
    for pos, player in team.misplaced():
        free = [p for p in team.bench if team.available(p) and pos in team.rated(p)]
        if free:
            raise RulesError(f"{player} is not rated at {pos}: {free[0]} must play there (10.1)")
    return True


def can_replace(team: Team, player: str) -> bool:
    """Someone is left to take his place: any pitcher (or, failing that, a bench
    player, 25.3) on the mound; a bench player anywhere else.  Otherwise he plays on."""
    pool = team.bench + (team.bullpen if team.position_of(player) == "p" else ())
    return any(team.available(p) for p in pool)


def out_of_position(team: Team, player: str) -> bool:
    pos = team.position_of(player)
    return pos not in (None, "dh") and pos not in team.rated(player)


# -- helpers ---------------------------------------------------------------
def _check_emergency(team: Team) -> None:
    if any(team.available(p) for p in team.bullpen):
        raise RulesError(f"{team.code} still has pitchers: a position player may pitch "
                         "only in an emergency")


def _dh(team: Team) -> str | None:
    """The team's DH while it has one."""
    return team.at("dh") if team.dh else None


def _check_fielder(team: Team, player: str, hurt_ok: bool = False) -> str:
    """His position; refused unless he is in the game, in the field (or the DH) and, unless he
    is leaving (``hurt_ok``), not hurt."""
    pos = team.position_of(player)
    if pos is None:
        raise RulesError(f"{player} is not in the field for {team.code}")
    if player in team.injured and not hurt_ok:
        raise RulesError(f"{player} is injured: he must leave the game")
    return pos


def _check_bench(team: Team, new: str, pen: bool = False) -> None:
    if not team.available(new) or (new not in team.bench and not pen):
        why = "was removed and may not re-enter" if new in team.removed else \
            "is already in the game" if team.in_game(new) else f"is not on the {team.code} bench"
        raise RulesError(f"{new} {why}")


def _check_position(team: Team, old: str, new: str, pos: str) -> None:
    """``new`` may take ``pos`` from ``old``: 10.1's last eligible player, and no unrated
    player while a rated one sits on the bench."""
    if old not in team.injured:
        _check_not_last(team, old, new, pos)
    if pos not in team.rated(new):
        free = [p for p in team.bench if p != new and team.available(p) and pos in team.rated(p)]
        if free:
            raise RulesError(f"{new} is not rated at {pos} and {free[0]} is available")


def _rebuild(team: Team, order: list[str], places: dict[str, str], leaving: list[str],
             entered: str | None = None) -> Team:
    """The team with a new order and fielders (position -> player), ``leaving`` out for good.

    A team without a "dh" among its fielders has lost the DH.
    """
    fielders = tuple((pos, places[pos]) for pos, _ in team.fielders if pos in places)
    return replace(team, order=tuple(order), fielders=fielders, dh=team.dh and "dh" in places,
                   bench=tuple(p for p in team.bench if p != entered),
                   bullpen=tuple(p for p in team.bullpen if p != entered),
                   removed=team.removed + tuple(leaving),
                   injured=tuple(p for p in team.injured if p not in leaving))


def _new_pitcher(state: GameState, side: str, new: str, role: str, kind: str) -> Result:
    team = state.team(side)
    old = team.pitcher
    team = _swap(team, old, new, voluntary=old not in team.injured)
    team = replace(team, pitchers=team.pitchers + (PitcherLog(new, role, state.inning),))
    return _done(state, side, team, kind, old, new)


def _swap(team: Team, old: str, new: str, voluntary: bool) -> Team:
    """``new`` takes every place ``old`` held (slot, position); ``old`` is out."""
    if not team.in_game(old):
        raise RulesError(f"{old} is not in the game for {team.code}")
    if not team.available(new):
        why = "was removed and may not re-enter" if new in team.removed else "is not available"
        raise RulesError(f"{new} {why}")
    position = team.position_of(old)
    if voluntary and position not in (None, "p", "dh"):
        _check_not_last(team, old, new, position)
    order = tuple(new if p == old else p for p in team.order)
    fielders = tuple((pos, new if p == old else p) for pos, p in team.fielders)
    return replace(team, order=order, fielders=fielders,
                   bench=tuple(p for p in team.bench if p != new),
                   bullpen=tuple(p for p in team.bullpen if p != new),
                   removed=team.removed + (old,),
                   injured=tuple(p for p in team.injured if p != old))


def _check_not_last(team: Team, old: str, new: str, position: str) -> None:
    """10.1: the last player eligible at a position may not be removed voluntarily."""
    if position not in team.rated(old):
        return  # he was filling in: he is nobody's last eligible player there
    # Anyone left who is rated there counts, on the bench or at another position.
    in_game = [p for _, p in team.fielders if p != old]
    others = [p for p in team.bench if p != new and team.available(p)] + [new] + in_game
    if not any(position in team.rated(p) for p in others):
        raise RulesError(f"{old} is the last {team.code} player eligible at {position}: "
                         "he may not be removed voluntarily")


def _set_positions(team: Team, moves: dict[str, str]) -> Team:
    """Apply position moves, refusing unrated positions while a rated player is free."""
    fielders = dict((p, pos) for pos, p in team.fielders)
    for player, pos in moves.items():
        if pos != "dh" and pos not in team.rated(player):
            if pos == "p":
                raise RulesError(f"{player} is not a pitcher: use an emergency pitcher (25.3)")
            free = [p for p in team.bench if team.available(p) and pos in team.rated(p)]
            if free:
                raise RulesError(f"{player} is not rated at {pos} and {free[0]} is available")
        fielders[player] = pos
    new = tuple((pos, p) for p, pos in fielders.items())
    positions = [pos for pos, _ in new]
    dup = {pos for pos in positions if positions.count(pos) > 1}
    if dup:
        raise RulesError(f"{team.code} would have two players at {', '.join(sorted(dup))}")
    return replace(team, fielders=new)


def _done(state: GameState, side: str, team: Team, kind: str, old: str, new: str,
          **more: Any) -> Result:
    event: dict[str, Any] = {"type": kind, "team": side, "out": old, "in": new, **more}
    return state.with_team(side, team), event
