"""One output convention for every listing command: a table, or ``--json``."""

from __future__ import annotations

import json
from typing import Any, Callable, Iterable, Sequence

import click
from rich.console import Console
from rich.table import Table

json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON for machines.")


def emit_json(data: Any) -> None:
    click.echo(json.dumps(data, indent=2, sort_keys=False, default=str))


def render_table(
    rows: Sequence[dict[str, Any]],
    columns: Sequence[tuple[str, str]],
    title: str | None = None,
) -> None:
    """Print rows as a readable table; ``columns`` are (key, heading) pairs."""
    table = Table(title=title, show_edge=False, header_style="bold", pad_edge=False)
    for key, heading in columns:
        justify = "left" if rows and isinstance(rows[0].get(key), str) else "right"
        table.add_column(heading, justify=justify)  # type: ignore[arg-type]
    for row in rows:
        table.add_row(*("" if row.get(k) is None else str(row.get(k)) for k, _ in columns))
    Console(width=160, soft_wrap=True).print(table)


def output_rows(
    rows: Sequence[dict[str, Any]],
    columns: Sequence[tuple[str, str]],
    as_json: bool,
    title: str | None = None,
    json_data: Any = None,
) -> None:
    if as_json:
        emit_json(rows if json_data is None else json_data)
    else:
        render_table(rows, columns, title)


def grouped(rows: Iterable[dict[str, Any]], key: Callable[[dict[str, Any]], str]) -> dict[str, list[dict[str, Any]]]:
    out: dict[str, list[dict[str, Any]]] = {}
    for r in rows:
        out.setdefault(key(r), []).append(r)
    return out
