"""A player page's game logs: written as table rows, or kept from the last build's page with a day's rows added.

A regular's season is 160 rows, and a day adds one.  Reading every line of
a season again and writing each row again was most of a day's rebuild (some
60,000 lines for the 370 player pages of a Strat-O-Matic day), so a rebuild
keeps the rows the previous build's page shows and adds the rows of the
games stored since (:func:`kept_logs`), where that says exactly what a whole
build would:

* every page of a site is as of the last build (the incremental build's own
  rule), so the old rows are the player's lines in every game but those
  stored since (``changed``: played, rewound, voided, corrected);
* none of the club's changed games is dated on or before the last row shown:
  such a game may be among the rows already (a rewound game's line changes
  or goes) or sort among them (a doubleheader's second game, a game made up
  late), and then the whole log is read again.  Otherwise the new rows all
  sort after the old ones (lines are in date order).

A row is the same text whichever build writes it: it shows only its line
and its game's link, and a game with a line keeps its page.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Collection

from markupsafe import Markup, escape

from league.domain import boxes

KINDS = ("batting", "pitching")
# The columns each game log shows after the date and game, by the kind of line and of box score
# (league.domain.boxes): counted from the plays (the card games) or in points (Pennant Race).
KEYS = {
    ("batting", boxes.PLAYS): ("pos", "pa", "ab", "r", "h", "d2b", "d3b", "hr", "rbi", "bb", "so", "sb"),
    ("batting", boxes.POINTS): ("bat_pts", "pow_pts", "spd_pts", "hr"),
    ("pitching", boxes.PLAYS): ("ip", "h", "r", "er", "bb", "so", "hr", "bf", "decision"),
    ("pitching", boxes.POINTS): ("role", "ip", "er", "ur", "decision"),
}
# A game log's row as log_rows writes it, found again in the page the last build wrote: its date.
_LAST_DATE = re.compile(r"<tr><td>([^<]*)</td>")


def log_rows(lines: list[dict[str, Any]], keys: tuple[str, ...], root: str, played: Collection[str],
             memo: dict[str, str] | None = None) -> Markup:
    """A player's game log as table rows: date, game (linked where it has a page), then ``keys``.

    Written here rather than as a template loop: a season's log is 160 rows of a dozen cells, on each
    of the hundreds of player pages a build writes, and the loop took most of their time.  Every value
    is escaped; a missing value is an empty cell; a save is "SV" after the decision.  ``memo`` keeps the
    escaped texts (dates, games, positions repeat on every page of a build).
    """
    seen: dict[str, str] = {} if memo is None else memo
    out = []
    saves = "decision" in keys
    at = keys.index("decision") if saves else -1

    def text(v: Any) -> str:
        if type(v) is int:
            return str(v)
        if v is None:
            return ""
        if type(v) is not str:
            return str(escape(v))
        s = seen.get(v)
        if s is None:
            s = seen[v] = str(escape(v))
        return s

    for r in lines:
        game = text(r["game"])
        link = f'<a href="{root}games/{game}.html">{game}</a>' if r["game"] in played else game
        cells = [text(v) for v in map(r.__getitem__, keys)]
        if saves and r.get("save"):
            cells[at] += "SV"
        out.append(f"<tr><td>{text(r['date'])}</td><td>{link}</td><td>{'</td><td>'.join(cells)}</td></tr>\n")
    return Markup("".join(out))


def kept_logs(page: Path, changed_dates: Collection[str]) -> dict[str, Markup] | None:
    """The game log rows (batting, pitching) of the previous build's ``page``, if they stay as they are
    (the module doc); None if the page is not there or its logs must be written again from every line.

    ``changed_dates``: the dates of the club's games stored since the last build.
    """
    try:
        text = page.read_text(encoding="utf-8")
    except OSError:
        return None
    logs = {kind: Markup("") for kind in KINDS}
    last = ""
    for kind in KINDS:
        opening = f'<tbody data-log="{kind}">\n'
        start = text.find(opening)
        if start < 0:
            continue
        start += len(opening)
        end = text.find("</tbody>", start)  # str.find: a regular expression here was the page's slowest step
        rows = text[start:end]
        m = _LAST_DATE.match(rows, rows.rfind("<tr><td>")) if rows else None
        if end < 0 or (rows and m is None):
            return None  # not a game log as log_rows writes it
        logs[kind] = Markup(rows)
        last = max(last, m[1] if m else "")
    if 'data-log="' not in text and "No games played yet." not in text:
        return None  # not a player page as this version writes them
    if last and any(d <= last for d in changed_dates):
        return None
    return logs
