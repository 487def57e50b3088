"""Exports of the league's games to other tools' formats.

``export_retrosheet(app, directory, game=None)`` writes Retrosheet event,
roster and team files (see :mod:`league.export.retrosheet`) for one final
game or for every final one, and returns the paths written.  The league's
rule system (from :mod:`league.registry`) gives the card engine that reads
the clubs' cards and replays the games; one whose games are not played card
by card has no play-by-play, and its league is not exported.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from typing import TYPE_CHECKING, Any

from league import registry
from league.domain.errors import LeagueError, NotFoundError
from league.export.retrosheet import (
    Person,
    event_file,
    event_file_name,
    game_records,
    roster_file,
    split_name,
    team_file,
)
from league.adapters.folders import prepare_folder, write_file
from league.rules.pa.box import box_score
from league.rules.pa.replay import cards_for, fold
from league.rules.pa.ruleset import card_engine

if TYPE_CHECKING:
    from league.application.app import LeagueApp


def _final_games(app: "LeagueApp", game: str | None) -> list[Any]:
    if game is not None:
        g = app.game(game)
        if not g.is_final:
            raise LeagueError(f"game {game} is {g.status}: only final games are exported")
        return [g]
    out = []
    for gid in sorted(app.league().games):
        try:
            g = app.game(gid)
        except NotFoundError:  # scheduled but never started: no aggregate yet
            continue
        if g.is_final:
            out.append(g)
    return out


def _people(cards: dict[str, Any], team: str) -> list[Person]:
    out = []
    for c in cards.values():
        if c.team != team:
            continue
        last, first = split_name(c.name)
        if c.kind == "pitcher":
            pos = "P"
        else:
            pos = c.fielding[0].position.upper() if c.fielding else "X"
        out.append(Person(c.id, last, first, c.hand or "?", c.hand if c.kind == "pitcher" else "?", team, pos))
    return sorted(out, key=lambda p: p.id)


def export_retrosheet(app: "LeagueApp", directory: str | Path, game: str | None = None) -> list[Path]:
    """Write the files for ``game`` (or every final game); return their paths."""
    league = app.league()
    engine = card_engine(registry.ruleset(league.ruleset))  # refused where games have no play-by-play
    games = _final_games(app, game)
    if not games:
        raise LeagueError("no final games to export")
    sheets = league.sheets
    out_dir = prepare_folder(directory, "the Retrosheet files")
    by_file: dict[tuple[str, str], list[tuple[Any, list[str]]]] = defaultdict(list)
    teams_by_year: dict[str, set[str]] = defaultdict(set)
    for g in sorted(games, key=lambda x: (x.date, x.number, x.game)):
        cards = cards_for(sheets, (g.visitor, g.home), engine)
        f = fold(g, cards, engine)
        box = g.outcome or box_score(f.timeline, f.state)
        names = {c.id: c.name.replace("*", "") for c in cards.values()}
        year = g.date[:4]
        by_file[(year, g.home)].append((g, game_records(g, f.timeline, f.state, box, names)))
        teams_by_year[year].update((g.visitor, g.home))
    written: list[Path] = []
    for (year, home), recs in sorted(by_file.items()):
        path = out_dir / event_file_name(year, home, sheets[home].get("league", ""))
        write_file(path, event_file(r for _, r in recs))
        written.append(path)
    for year, teams in sorted(teams_by_year.items()):
        rows = []
        for code in sorted(teams):
            sheet = sheets[code]
            words = (sheet.get("name") or code).split()
            city, nick = (" ".join(words[:-1]), words[-1]) if len(words) > 1 else (words[0], words[0])
            rows.append((code, (sheet.get("league") or "A")[:1].upper(), city, nick))
            cards = cards_for(sheets, (code,), engine)
            path = out_dir / f"{code}{year}.ROS"
            write_file(path, roster_file(_people(cards, code)))
            written.append(path)
        path = out_dir / f"TEAM{year}"
        write_file(path, team_file(rows))
        written.append(path)
    return written


__all__ = ["export_retrosheet"]
