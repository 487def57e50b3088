"""The long tables of a club page, written as rows here rather than as template loops.

A club page shows hundreds of cells (its roster's ratings, every player's
season line, its 162 games), and a Jinja2 loop's cost for each cell added
up to most of a club page's time.  The markup is the template's own (the
template still writes each table's heading and caption); every value is
escaped (markupsafe, as Jinja2's autoescape does) and a missing value is an
empty cell.
"""

from __future__ import annotations

from typing import Any, Callable, Collection, Sequence

from markupsafe import Markup, escape

from league.site.links import held


def cell_text(v: Any) -> str:
    """A value as a cell's escaped text: an int as it is, None as nothing."""
    if type(v) is int:
        return str(v)
    return "" if v is None else str(escape(v))


def rows(lines: Sequence[Any], keys: Sequence[str], first: Callable[[Any], str] | None = None,
         link: str | None = None, linked: Callable[[Any], str] | None = None) -> Markup:
    """One ``<tr>`` a line: ``first(line)`` (a link, already markup) if given, then each key's value.

    ``link``: the key whose cell is ``linked(line)`` (markup) rather than the value (a roster's name column).
    """
    out = []
    for r in lines:
        cells = [linked(r) if k == link and linked is not None else cell_text(r[k]) for k in keys]
        head = f"<td>{first(r)}</td>" if first is not None else ""
        out.append(f"<tr>{head}<td>{'</td><td>'.join(cells)}</td></tr>\n" if cells else f"<tr>{head}</tr>\n")
    return Markup("".join(out))


def results(lines: Sequence[dict[str, Any]], root: str, played: Collection[str],
            club_link: Callable[[str], str]) -> Markup:
    """A club's games in order: date, opponent ("@ " away), result, score (linked to the game's page)."""
    out = []
    for r in lines:
        score = f"{cell_text(r['runs'])}-{cell_text(r['opp_runs'])}"
        if r["game"] in played:
            score = f'<a href="{root}games/{cell_text(r["game"])}.html">{score}</a>'
        out.append(f"<tr><td>{cell_text(r['date'])}</td><td>{'' if r['at_home'] else '@ '}{club_link(r['opponent'])}"
                   f"</td><td>{cell_text(r['result'])}</td><td>{score}{held(r)}</td></tr>\n")
    return Markup("".join(out))
