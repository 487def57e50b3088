"""A plate-appearance game's decisions and steals in words, for people.

Stored events keep the engine's facts (``{"type": "strategy", "set":
{"play": "ibb"}}``, a steal's destinations by base); these functions only
read them, so old games read the same way and nothing stored changes.
``names`` maps card ids to players' names; an id not in it is shown as is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

if TYPE_CHECKING:
    import re

# league.rules.pa.play's destinations (a test holds them equal), written here so
# that reading a game's log does not load the engine's state machinery.
OUT, HOME = 0, 4

Names = Mapping[str, str]

_PLAYS = {"ibb": "intentional walk", "sacrifice": "sacrifice bunt", "squeeze": "squeeze play",
          "hit_and_run": "hit and run", "swing": "swing away"}
_FLAGS = {"infield_in": "infield in", "send": "runners take the extra base on clean hits",
          "cut_off": "cut off the throw home", "tag_up": "runner on third tags up on a fly",
          "tag_from_second": "runner on second tags for third on a fly to right",
          "corners_in": "corners in", "outfield_in": "outfield in",
          "concede_third": "concede third to the runner from first on a single",
          "hold_trail": "hold the trail runners if the throw goes home",
          "cut_trail": "cut off the throw for the lead trail runner",
          "delayed_steal": "the next steal a delayed steal of home", "hold_ball": "the catcher holds the ball",
          "cut_home": "cut off the throw to second and throw home"}
_BASE = {1: "first", 2: "second", 3: "third", HOME: "home"}
# A runner's own order for the next play's extra-base or tag-up try (Strat 2.2, 14.2, 14.3).
_RUNNER_ORDER = {"go": "sends the runner on {base}", "stop": "holds the runner on {base} at his base"}
# The tries a standing ``send_at`` sets thresholds for (Strat's, league/rules/strat/strategy.py TRIES).
_TRIES = {"second_home": "second to home on a single", "first_third": "first to third on a single",
          "first_home": "first to home on a double", "third_tag": "third to home on a fly ball",
          "second_third": "second to third on an F2 fly ball"}


def who(player: str | None, names: Names) -> str:
    if player is None:
        return "nobody"
    return names.get(player, player)


def with_names(text: str, names: Names) -> str:
    """Card ids inside an engine's text ("ANV02 steals") replaced by names."""
    if not names:
        return text
    global _ID
    if _ID is None:
        import re  # here: only a log with names to put in pays for compiling the pattern

        _ID = re.compile(r"\b[A-Z][A-Z0-9]+\b")
    return _ID.sub(lambda m: names.get(m.group(), m.group()), text)


_ID: re.Pattern[str] | None = None  # a card id, compiled on first use


def strategy_words(sets: Mapping[str, Any]) -> list[str]:
    """What a strategy decision sets, one phrase per choice ("intentional walk", "infield in")."""
    out = []
    for key, value in sets.items():
        if key == "play":
            out.append(_PLAYS.get(value, str(value)))
        elif key == "held":
            out.extend(f"runner on {_BASE[b]} held" for b in value)
        elif key in ("go", "stop"):
            out.extend(_RUNNER_ORDER[key].format(base=_BASE.get(b, b)) for b in value)
            if not value:  # a manager took back his last one
                out.append(f"no runner {'sent' if key == 'go' else 'stopped'}")
        elif key == "send_at":
            out.append(send_at_words(value))
        elif key in _FLAGS:
            out.append(_FLAGS[key] if value else f"no {_FLAGS[key]}")
        else:
            out.append(f"{key} {value}")
    return out


def send_at_words(send_at: Any) -> str:
    """A standing ``send_at`` ("runners try only at a chance of 1-15 or better ...")."""
    if not send_at:
        return "every runner sent tries, whatever his chance"
    if not isinstance(send_at, Mapping):
        return f"send_at {send_at}"
    tries = "; ".join(f"{_TRIES.get(k, k)} {'/'.join(str(n) for n in v)}" for k, v in send_at.items())
    return f"a runner tries only when his chance (of 20) reaches, with none/one/two out: {tries}"


def steal_intent(runners: list[int] | tuple[int, ...], bases: list[str | None] | None, names: Names) -> str:
    """"steal: X goes from first" before the play (a double steal names both)."""
    goers = [f"{who(bases[b - 1], names) if bases else 'the runner'} from {_BASE[b]}" for b in sorted(runners)]
    return ("double steal: " if len(goers) > 1 else "steal: ") + " and ".join(goers)


def decision_words(d: Mapping[str, Any], names: Names) -> str:
    """A manager's decision as a sentence fragment, e.g. "pinch runner Al Smith for the runner on first"."""
    kind = d.get("type")
    if kind == "strategy":
        return ", ".join(strategy_words(d.get("set", {}))) or "no change of strategy"
    if kind == "steal":
        return steal_intent(d.get("runners", []), None, names)
    if kind == "pinch_hit":
        return f"pinch hitter {who(d['in'], names)}"
    if kind == "pinch_run":
        return f"pinch runner {who(d['in'], names)} for the runner on {_BASE.get(int(d['base']), d['base'])}"
    if kind == "pitching_change":
        return f"new pitcher {who(d['in'], names)}"
    if kind == "emergency_pitcher":
        return f"emergency pitcher {who(d['in'], names)} (a position player)"
    if kind == "defensive_replacement":
        return f"{who(d['in'], names)} replaces {who(d['out'], names)} at {str(d['position']).upper()}"
    if kind == "double_switch":
        return (f"double switch: new pitcher {who(d['pitcher'], names)}, {who(d['fielder'], names)} "
                f"replaces {who(d['out'], names)}")
    if kind in ("fielder_to_mound", "dh_to_field", "pitcher_to_field"):
        return _role_change_words(d, names)
    if kind == "positions_switched":
        moves = d.get("moves", {})
        return "positions switched: " + ", ".join(f"{who(p, names)} to {str(pos).upper()}" for p, pos in moves.items())
    return str(kind)


def _role_change_words(d: Mapping[str, Any], names: Names) -> str:
    """A player already in the game changing roles (25.3 from the field; rule 5.11's DH lost)."""
    kind, at = d["type"], f" at {str(d['position']).upper()}" if d.get("position") not in (None, "dh") else ""
    if kind == "fielder_to_mound":
        where = str(d["position"]).upper() if d.get("position") else "the field"
        text = f"{who(d['player'], names)} moves from {where} to the mound (a position player pitching)"
        if d.get("in"):
            text += f", {who(d['in'], names)} takes his place{at}"
    elif kind == "dh_to_field":
        text = f"the DH {who(d.get('in'), names) + ' ' if d.get('in') else ''}takes the field{at} for {who(d['out'], names)}"
    else:
        text = (f"the pitcher moves to the field{at} for {who(d['out'], names)}, new pitcher "
                f"{who(d['pitcher'], names)}")
    if d.get("dh_lost") or kind == "dh_to_field":
        text += "; the DH is lost, the pitcher bats"
    return text


def steal_result(play: Mapping[str, Any], names: Names) -> str:
    """Each stealing runner safe or out, read from where the play left him (a stored steal event)."""
    bases = (play.get("before") or {}).get("bases") or [None, None, None]
    dest = (play.get("play") or {}).get("runners") or [None, None, None]
    parts = []
    for b in sorted(play.get("runners") or [], reverse=True):
        runner = who(bases[b - 1], names)
        target = _BASE.get(b + 1, "home")
        if dest[b - 1] == OUT:
            parts.append(f"{runner} out stealing {target}")
        else:
            extra = f", on to {_BASE[dest[b - 1]]} on the throw" if dest[b - 1] not in (None, b + 1) else ""
            parts.append(f"{runner} safe at {target}{extra}")
    return "; ".join(parts) or "steal"


def out_words(side: Mapping[str, Any]) -> list[str]:
    """Each player a side's setup left out (injured), why, and who took his place, for the log.

    Card ids stay ids here: the CLI puts names in (``with_names``).
    """
    out = []
    for o in side.get("out", ()):
        at = str(o.get("at", "")).upper() if o.get("at") not in ("bench", "pitcher") else o.get("at")
        # A man rested by Strat's 26.2 is on the bench, not out of the game: his reason says "rests".
        text = f"{o['player']} ({at}) {'' if o.get('rested') else 'out: '}{o['reason']}"
        if o.get("replaced_by"):
            text += f"; {o['replaced_by']} takes his place ({o.get('how', '')})"
        elif o.get("how") and o.get("how") != "not available":
            text += f"; {o['how']}"
        out.append(text)
    return out


# The events of a plate-appearance game that :func:`pa_entry` puts in words.
PA_KINDS = ("Rolled", "PlayResolved", "DecisionMade", "PlayerInjured")


def pa_entry(kind: str, e: Any, names: Names | None = None) -> dict[str, Any]:
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
