"""The play-by-play lines of a game page: what each stored event says, in words.

Each entry is one of ``league game log --json``'s; this adds the details a
reader needs to check a roll (the chart row, the card reading, the
explanation steps of a Pennant Race outcome) without reading JSON.
"""

from __future__ import annotations

from typing import Any

# Commissioner events: shown where they happened, with who and why (a hold: the dispute that made it).
COMMISSIONER_KINDS = ("Rewound", "Voided", "Restarted", "Reinstated", "Held", "HoldReleased")


def play_rows(log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rows of a game page's play-by-play table, one per log entry, in order."""
    rows = []
    for e in log:
        commissioner = is_commissioner(e)
        if e["type"] == "Held":
            text = f"held for review (stops at position {e.get('stop')}) by {e.get('actor', '?')}"
        elif e["type"] == "HoldReleased":
            text = f"hold settled: {e.get('how')} by {e.get('actor', '?')}"
        elif commissioner:
            to = f" to position {e['to']}" if "to" in e else ""
            text = f"{e['type'].lower()}{to} by {e.get('actor', '?')}"
        else:
            text = e.get("summary", "")
        classes = " ".join(c for c, on in (("event", True), ("superseded", e["superseded"]),
                                            ("commissioner", commissioner)) if on)
        rows.append({"position": e["position"], "type": e["type"], "superseded": e["superseded"],
                     "classes": classes, "commissioner": commissioner, "team": e.get("team", ""),
                     "dice": e.get("dice") or "", "by": e.get("by", ""), "text": text, "reason": e.get("reason", ""),
                     "details": details(e)})
    return rows


def details(entry: dict[str, Any]) -> list[str]:
    """The lines under an event's summary."""
    kind = entry["type"]
    if kind == "Started":
        setup = entry.get("setup") or {}
        out = [f"ruleset {entry.get('ruleset')} version {entry.get('ruleset_version')}"]
        for side in ("visitor", "home"):
            s = setup.get(side) or {}
            reason = f" ({s['starter_reason']})" if s.get("starter_reason") else ""
            if s.get("starter"):
                out.append(f"{s.get('team', side)} starter {s['starter']}{reason}")
        return out
    if kind == "PlayResolved":
        return _play(entry.get("play") or {})
    if kind == "Completed":
        return [_step(s) for s in entry.get("explanation") or []]
    return []


def is_commissioner(entry: dict[str, Any]) -> bool:
    return entry["type"] in COMMISSIONER_KINDS


def _play(p: dict[str, Any]) -> list[str]:
    out = []
    if p.get("card"):
        out.append(f"card {p['card']} ({p.get('side', '')} side), reading {p.get('reading', '')}: "
                   f"{p.get('cell', '')} -> {p.get('result', '')}")
    for s in p.get("steps") or []:
        out.append(_step(s))
    return out


def _step(s: Any) -> str:
    if not isinstance(s, dict):
        return str(s)
    if s.get("note") and len(s) <= 3:
        return str(s["note"])
    head = s.get("step") or s.get("chart") or ""
    rest = ", ".join(f"{k} {_value(v)}" for k, v in s.items() if k not in ("step",) and v not in (None, "", []))
    return f"{head}: {rest}" if head else rest


def _value(v: Any) -> str:
    if isinstance(v, dict):
        return "{" + ", ".join(f"{k} {_value(x)}" for k, x in v.items()) + "}"
    if isinstance(v, list):
        return "[" + "; ".join(_value(x) for x in v) + "]"
    return str(v)
