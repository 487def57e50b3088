"""Inside Pitch cards for real seasons, from the Lahman database (docs/inside-pitch.md, "Real seasons")."""

from league.rules.inside_pitch.lahman.generator import generate_season, write_season

__all__ = ["generate_season", "write_season"]
