"""A plate-appearance game's decisions and steals in words, for people.

Stored events keep the engine's facts (``{"type": "strategy", "set":
{"play": "ibb"}}``, a steal's destinations by base); these functions only
read them, so old games read the same way and nothing stored changes.
``names`` maps card ids to players' names; an id not in it is shown as is.
"""

from __future__ import annotations

import re
from typing import Any, Mapping

from league.rules.pa.play import HOME, OUT

Names = Mapping[str, str]

_PLAYS = {"ibb": "intentional walk", "sacrifice": "sacrifice bunt", "squeeze": "squeeze play",
          "hit_and_run": "hit and run", "swing": "swing away"}
_FLAGS = {"infield_in": "infield in", "send": "runners take the extra base on clean hits",
          "cut_off": "cut off the throw home", "tag_up": "runner on third tags up on a fly",
          "tag_from_second": "runner on second tags for third on a fly to right"}
_BASE = {1: "first", 2: "second", 3: "third", HOME: "home"}


def who(player: str | None, names: Names) -> str:
    if player is None:
        return "nobody"
    return names.get(player, player)


def with_names(text: str, names: Names) -> str:
    """Card ids inside an engine's text ("ANV02 steals") replaced by names."""
    if not names:
        return text
    return _ID.sub(lambda m: names.get(m.group(), m.group()), text)


_ID = re.compile(r"\b[A-Z][A-Z0-9]+\b")


def strategy_words(sets: Mapping[str, Any]) -> list[str]:
    """What a strategy decision sets, one phrase per choice ("intentional walk", "infield in")."""
    out = []
    for key, value in sets.items():
        if key == "play":
            out.append(_PLAYS.get(value, str(value)))
        elif key == "held":
            out.extend(f"runner on {_BASE[b]} held" for b in value)
        elif key in _FLAGS:
            out.append(_FLAGS[key] if value else f"no {_FLAGS[key]}")
        else:
            out.append(f"{key} {value}")
    return out


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
    if kind == "positions_switched":
        moves = d.get("moves", {})
        return "positions switched: " + ", ".join(f"{who(p, names)} to {str(pos).upper()}" for p, pos in moves.items())
    return str(kind)


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
