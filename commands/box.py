"""``league game show`` for a plate-appearance game: line score, batting and pitching lines."""

from __future__ import annotations

from typing import Any, Sequence

import click

from commands.output import emit_json


def show_box(g: Any, as_json: bool, weather: dict[str, Any] | None = None, how: dict[str, Any] | None = None,
             how_lines: Sequence[str] = ()) -> None:
    """``league game show`` for a plate-appearance game: line score, batting and pitching lines (and the
    weather, Strat's 30.5, when the league plays it); ``how`` (for --json) and ``how_lines``: how it was
    played and its hold (league.application.scorebook)."""
    o = g.outcome
    head = {"game": g.game, "date": g.date, "status": g.status}
    if o is None:
        if as_json:
            emit_json({**head, **(how or {})})
            return
        click.echo(f"{g.game}  {g.date}  ({g.status}): no box score until the game is final")
        for line in how_lines:
            click.echo(line)
        return
    if as_json:
        emit_json({**head, **o, **({"weather": weather} if weather else {}), **(how or {})})
        return
    click.echo(f"{g.game}  {g.date}  ({g.status})")
    for line in how_lines:
        click.echo(line)
    if weather:
        click.echo(f"weather: {weather['label']}")
    n = max(len(o["visitor"]["line"]), len(o["home"]["line"]))
    click.echo("      " + " ".join(f"{i + 1:>2}" for i in range(n)) + "    R  H  E")
    for side in ("visitor", "home"):
        t = o[side]
        cells = [f"{r:>2}" for r in t["line"]] + [" x"] * (n - len(t["line"]))
        click.echo(f"{t['team']:<5} " + " ".join(cells) + f"   {t['runs']:>2} {t['hits']:>2} {t['errors']:>2}")
    # A game with wild pitches, balks, pickoffs or passed balls has their columns (league.rules.pa.box)
    bat_cols = _BAT + tuple(k for k in ("pb",) if any(k in b for s in ("visitor", "home") for b in o[s]["batting"]))
    pit_cols = _PIT + tuple(k for k in ("wp", "bk", "pk")
                            if any(k in p for s in ("visitor", "home") for p in o[s]["pitching"]))
    for side in ("visitor", "home"):
        t = o[side]
        click.echo(f"\n{t['team']:<14}" + "".join(f"{k.upper():>4}" for k in bat_cols))
        for b in t["batting"]:
            click.echo(f"{b['player'] + ' ' + b['pos']:<14}" + "".join(f"{b.get(k, 0):>4}" for k in bat_cols))
    for side in ("visitor", "home"):
        t = o[side]
        click.echo(f"\n{t['team']:<14}{'IP':>5}" + "".join(f"{k.upper():>4}" for k in pit_cols) + "  DEC")
        for p in t["pitching"]:
            ip = f"{p['outs'] // 3}.{p['outs'] % 3}"
            click.echo(f"{p['pitcher']:<14}{ip:>5}" + "".join(f"{p.get(k, 0):>4}" for k in pit_cols)
                       + f"  {p['decision']}")


_BAT = ("ab", "r", "h", "2b", "3b", "hr", "rbi", "bb", "so", "sb", "cs", "hbp", "sh", "sf")
_PIT = ("h", "r", "er", "bb", "so", "hr", "bf")
