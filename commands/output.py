"""One output convention for every listing command: a table, or ``--json``."""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Callable, Iterable, Iterator, Sequence

import click

json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON for machines.")
csv_option = click.option("--csv", "as_csv", is_flag=True, help="Print CSV for spreadsheets (the table's columns).")


@contextmanager
def progress_bar(label: str, total: int | None = None) -> Iterator[Callable[..., None]]:
    """A bar on stderr for a long command; yields ``advance(k, total=None)``.

    No refresh thread: sim and audit fork workers, and a fork copies any lock
    such a thread holds at that moment.  The bar is redrawn at each advance.
    """
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    with Progress(TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  transient=True, auto_refresh=False) as bar:
        task = bar.add_task(label, total=total)

        def advance(k: int, total: int | None = None) -> None:
            if total is not None:
                bar.update(task, total=total)
            bar.update(task, advance=k, refresh=True)

        yield advance


# json and csv are imported where they are used: a table, every read command's default, needs neither.
def emit_json(data: Any) -> None:
    import json

    click.echo(json.dumps(data, indent=2, sort_keys=False, default=str))


def cell(value: Any) -> str:
    """A value as people read it: booleans as words, nothing for None."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def emit_csv(rows: Sequence[dict[str, Any]], columns: Sequence[tuple[str, str]]) -> None:
    """The table's columns as CSV, headed by the table's headings, one row per line."""
    import csv
    import io

    buf = io.StringIO()
    out = csv.writer(buf, lineterminator="\n")
    out.writerow([heading for _, heading in columns])
    for row in rows:
        out.writerow([cell(row.get(k)) for k, _ in columns])
    click.echo(buf.getvalue(), nl=False)


def render_table(
    rows: Sequence[dict[str, Any]],
    columns: Sequence[tuple[str, str]],
    title: str | None = None,
) -> None:
    """Print rows as a readable table; ``columns`` are (key, heading) pairs."""
    from commands.plain_table import draw

    justify = ["left" if rows and isinstance(rows[0].get(key), str) else "right" for key, _ in columns]
    keys = [key for key, _ in columns]
    # Most cells are text already (a season's injury list is thousands of them): cell() only for the rest.
    draw([heading for _, heading in columns],
         [[v if type(v) is str else cell(v) for v in map(row.get, keys)] for row in rows], justify, title)


def output_rows(
    rows: Sequence[dict[str, Any]],
    columns: Sequence[tuple[str, str]],
    as_json: bool,
    title: str | None = None,
    json_data: Any = None,
    as_csv: bool = False,
) -> None:
    if as_json:
        emit_json(rows if json_data is None else json_data)
    elif as_csv:
        emit_csv(rows, columns)
    else:
        render_table(rows, columns, title)


def grouped(rows: Iterable[dict[str, Any]], key: Callable[[dict[str, Any]], str]) -> dict[str, list[dict[str, Any]]]:
    out: dict[str, list[dict[str, Any]]] = {}
    for r in rows:
        out.setdefault(key(r), []).append(r)
    return out
