"""``league site build|serve``: the league's website, built from the log and the views."""

from __future__ import annotations

from pathlib import Path

import click

from commands.context import Context, pass_ctx
from commands.output import emit_json, json_option


@click.group("site")
def site() -> None:
    """The league's website: standings, race charts, box scores, every roll."""


@site.command("build")
@click.argument("out", type=click.Path(path_type=Path))
@click.option("--full", is_flag=True, help="Rewrite every page (default: only the pages new events changed).")
@json_option
@pass_ctx
def build(ctx: Context, out: Path, full: bool, as_json: bool) -> None:
    """Build the static website into folder OUT (no network needed to view it).

    Example: league site build public/
    """
    from league.site import build_site

    report = build_site(ctx.app, out, full=full)
    data = {"out": str(report.out), "position": report.position, "pages": report.pages,
            "written": report.written, "incremental": report.incremental, "seconds": round(report.seconds, 2)}
    if as_json:
        emit_json(data)
        return
    how = "incremental" if report.incremental else "whole site"
    click.echo(f"Site in {out}: {report.pages} pages, {report.written} written ({how}), from the log up to "
               f"event {report.position}, in {report.seconds:.1f} s.")


@site.command("serve")
@click.argument("folder", type=click.Path(path_type=Path), default=Path("site"))
@click.option("--port", default=8000, show_default=True, help="Port to listen on (0: any free port).")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to bind (default: this machine only).")
def serve(folder: Path, port: int, host: str) -> None:
    """Preview a built site over HTTP until Ctrl-C.

    Example: league site serve public/ --port 8000
    """
    from league.site.serve import SiteServer, serve_until_stopped

    def ready(url: str) -> None:
        click.echo(f"Serving {folder} at {url} (Ctrl-C to stop)", nl=True)

    serve_until_stopped(SiteServer(folder, host, port), ready)


def register(cli: click.Group) -> None:
    cli.add_command(site)
