"""Shared bits of the read queries: a connection, dates, baseball formatting."""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING, Iterator
from contextlib import contextmanager

from league.adapters.store import Store

if TYPE_CHECKING:
    from sqlalchemy import Connection

FAR_FUTURE = "9999-12-31"


@contextmanager
def reading(store: Store) -> Iterator["Connection"]:
    """A SQLAlchemy connection (the site's queries); the read commands use :mod:`projections.rows`."""
    from projections.db import engine_for

    with engine_for(store).connect() as conn:
        yield conn


def iso(day: datetime.date | str | None) -> str:
    """An as-of bound as an ISO string; None means "everything"."""
    if day is None:
        return FAR_FUTURE
    if isinstance(day, str):
        return datetime.date.fromisoformat(day).isoformat()  # validates
    return day.isoformat()


def fmt_pct(w: int, l: int) -> str:
    """Winning percentage the way papers print it: ".543", "1.000"."""
    games = w + l
    if games == 0:
        return ".000"
    text = f"{w / games:.3f}"
    return text[1:] if text.startswith("0") else text


def fmt_gb(gb: float) -> str:
    return "-" if gb == 0 else f"{gb:.1f}"


def fmt_ip(outs: int) -> str:
    """Innings pitched in baseball notation: 22 outs are "7.1"."""
    return f"{outs // 3}.{outs % 3}"


def parse_ip(text: str | float) -> int:
    """Innings (baseball notation, "50.2") to outs."""
    whole, _, frac = str(text).partition(".")
    thirds = int(frac[:1] or 0)
    if thirds > 2:
        raise ValueError(f"innings {text!r}: the digit after the point counts outs (0-2)")
    return int(whole or 0) * 3 + thirds


def fmt_era(er: int, outs: int) -> str | None:
    """9 x ER / IP, with IP counted in outs (so 7.1 is 22/3, not 7.1)."""
    if outs == 0:
        return None if er == 0 else "inf"
    return f"{27 * er / outs:.2f}"
