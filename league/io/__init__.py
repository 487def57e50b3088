"""Readers and writers for the league's input files (see docs/formats.md)."""

from league.io.roster import parse_sheet, read_sheet, write_sheet
from league.io.schedule import (
    Schedule,
    ScheduledGame,
    balanced_schedule,
    read_schedule,
    read_schedule_text,
    write_schedule_csv,
)

__all__ = [
    "Schedule", "ScheduledGame", "balanced_schedule", "parse_sheet", "read_schedule",
    "read_schedule_text", "read_sheet", "write_schedule_csv", "write_sheet",
]
