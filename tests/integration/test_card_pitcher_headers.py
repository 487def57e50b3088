"""The league view keeps a card game's pitchers' card headers, and they follow every import and its undo.

``league pitchers`` on current views builds a Strat-O-Matic club's pitchers
from these rows (``rm_card_pitchers``) rather than from the club's card file
in the League's events, so the rows must always be the headers of the sheet
the League aggregate holds: after an import that replaces a club, after the
undo that gives the earlier sheet back, and after the undo that removes the
clubs.  Run on both stores.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from league.bootstrap import open_app, parse_db_url
from league.rules.strat.card_headers import pitcher_headers
from league.rules.strat.roster import CARD_SET
from projections.club_views import ClubViews
from projections.db import dispose_all
from tests.e2e.cli import ok


def rows_and_sheets(db: str) -> tuple[dict[str, list[tuple[object, ...]]], dict[str, list[tuple[object, ...]]]]:
    """Each club's rows in the league view, and the headers of the sheet the League aggregate holds."""
    ok(db, "standings")  # the views caught up
    views = ClubViews(SimpleNamespace(store=parse_db_url(db)))
    app = open_app(db)
    try:
        sheets = app.league().sheets
        held = {team: [(h.id, h.name, h.starter, h.relief) for h in pitcher_headers(s["cards"]) or ()]
                for team, s in sheets.items()}
    finally:
        app.close()
    rows = {team: [tuple(r) for r in views.card_pitchers(team)] for team in ("ANV", "BRK")}
    dispose_all()
    return rows, held


def test_card_headers_follow_imports_and_undos(db_url: str, tmp_path: Path) -> None:
    db = db_url
    ok(db, "init", "--name", "Cards", "--ruleset", "strat-o-matic", "--seed", "3")
    ok(db, "teams", "import", str(CARD_SET / "ANV.txt"), str(CARD_SET / "BRK.txt"))
    first, held = rows_and_sheets(db)
    assert first == held and len(first["ANV"]) > 5 and first["ANV"] != first["BRK"]

    # ANV again, its first pitcher renamed and rested longer: the import replaces the club's headers.
    changed = tmp_path / "ANV.txt"
    text = (CARD_SET / "ANV.txt").read_text(encoding="utf-8")
    changed.write_text(text.replace("name: Lou Abernath", "name: Lou Abernathy", 1)
                       .replace("endurance: starter(7)", "endurance: starter(5)", 1), encoding="utf-8")
    ok(db, "teams", "import", str(changed))
    second, held = rows_and_sheets(db)
    assert second == held and second["BRK"] == first["BRK"]
    assert second["ANV"][0] == ("ANV14", "Lou Abernathy", 5, None) != first["ANV"][0]

    # The undo gives ANV its earlier sheet back, and with it the earlier headers.
    ok(db, "undo", "--reason", "wrong file")
    third, held = rows_and_sheets(db)
    assert third == held == first

    # The undo of the first import removes both clubs: no headers are left.
    ok(db, "undo", "--reason", "wrong league")
    fourth, held = rows_and_sheets(db)
    assert held == {} and fourth == {"ANV": [], "BRK": []}
