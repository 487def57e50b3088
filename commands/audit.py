"""Disputes: audit, verify, rewind, void, correct, undo, history."""

from __future__ import annotations

import sys
from typing import Any

import click

from commands.context import Context, actor_option, pass_ctx
from commands.output import emit_json, json_option, output_rows, progress_bar
from commands.refresh import refresh_views

reason_option = click.option("--reason", required=True, help="Why (kept in the journal).")
def cascade_option(command: Any) -> Any:
    """The choices for the later games a dispute reaches: ``later`` (a Later, or None to be refused)."""
    options = [
        click.option("--cascade", is_flag=True,
                     help="Re-resolve the later games that depended on it, each with its own recorded dice "
                          "(a game people played: with their own entries, or held for review)."),
        click.option("--later", "later_mode", type=click.Choice(["stand", "cascade"]),
                     help="stand: only this game changes, every later game stays as played; "
                          "cascade: as --cascade."),
        click.option("--through", "through", metavar="DATE",
                     help="With --cascade: re-resolve only the later games up to DATE (YYYY-MM-DD); the rest stand."),
        click.option("--clubs", "clubs", metavar="TEAM,TEAM",
                     help="With --cascade: re-resolve only the later games of these clubs; the rest stand."),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def later_of(cascade: bool, later_mode: str | None, through: str | None, clubs: str | None) -> Any:
    """The dispute's choice for later games from the options (None: refuse if there are any)."""
    from league.application.cascade import CASCADE, Later

    if cascade and later_mode == "stand":
        raise click.UsageError("--cascade and --later stand are two different choices: give one")
    mode = CASCADE if cascade else later_mode
    if (through or clubs) and mode != CASCADE:
        raise click.UsageError("--through and --clubs scope a cascade: add --cascade")
    if through is not None:
        text = through.replace("-", "")
        if len(text) != 8 or not text.isdigit():
            raise click.BadParameter(f"{through!r} is not a date (YYYY-MM-DD)", param_hint="--through")
        through = f"{text[:4]}-{text[4:6]}-{text[6:]}"
    chosen = frozenset(c.strip().upper() for c in clubs.split(",") if c.strip()) if clubs else None
    return Later(mode, through, chosen)


dry_run_option = click.option(
    "--dry-run", is_flag=True, help="List what would change (with --cascade: which later games, how); store nothing."
)


@click.command("audit")
@click.argument("game", required=False)
@click.option("--all", "all_games", is_flag=True, help="Audit every game.")
@json_option
@pass_ctx
def audit(ctx: Context, game: str | None, all_games: bool, as_json: bool) -> None:
    """Re-derive outcomes from the recorded rolls; exit 1 at the first difference.

    Example: league audit --all
    """
    from league.application.audit import audit as run_audit

    if bool(game) == all_games:
        raise click.UsageError("give either GAME or --all")
    if game:
        ctx.app.game(game)  # unknown or unplayed games are an error, not a silent pass
        report = run_audit(ctx.app, [game])
    else:
        report = _audit_all_with_progress(ctx)
    if as_json:
        emit_json({"ok": report.ok, "games": report.games, "events": report.events, "problems": report.problems})
        sys.exit(0 if report.ok else 1)
    if not report.ok:
        click.echo(f"Audit FAILED: {report.problems[0]}", err=True)
        sys.exit(1)
    click.echo(f"Audit passed: {report.events} events in {report.games} game(s) re-derived exactly.")


def _audit_all_with_progress(ctx: Context) -> Any:
    """Every game, with a progress bar on a terminal (a Strat season takes seconds)."""
    from league.application.audit import audit as run_audit

    if not sys.stderr.isatty():
        return run_audit(ctx.app)
    with progress_bar("Auditing") as advance:
        return run_audit(ctx.app, progress=advance)


@click.command("verify")
@click.option("--seal", "print_seal", is_flag=True,
              help="Also print the log's seal (POSITION:FINGERPRINT), to publish outside the database.")
@click.option("--against", "sealed", metavar="SEAL",
              help="Also check that the log up to the sealed position is still the one sealed.")
@json_option
@pass_ctx
def verify(ctx: Context, print_seal: bool, sealed: str | None, as_json: bool) -> None:
    """Check every aggregate's hash chain; exit 1 naming the first broken link.

    Example: league verify --against 14135:3f0c...
    """
    from league.application.verify import Seal, check_seal, seal
    from league.application.verify import verify as run_verify

    try:
        expected = Seal.parse(sealed) if sealed is not None else None
    except ValueError as e:
        raise click.BadParameter(str(e), param_hint="--against") from None
    report = run_verify(ctx.app)
    if expected is not None:
        problem = check_seal(ctx.app, expected)
        if problem:
            report.problems.insert(0, f"seal {expected.position}: {problem}")
    if as_json:
        emit_json({"ok": report.ok, "events": report.events, "aggregates": report.aggregates,
                   "problems": report.problems, "sealed": None if expected is None else str(sealed),
                   "seal": str(seal(ctx.app)) if print_seal and report.ok else None})
        sys.exit(0 if report.ok else 1)
    if not report.ok:
        for p in report.problems[:10]:
            click.echo(f"BROKEN: {p}", err=True)
        sys.exit(1)
    click.echo(f"Verified: {report.events} events in {report.aggregates} aggregates, every link intact.")
    if expected is not None:
        click.echo(f"The log up to event {expected.position} is the one sealed.")
    if print_seal:
        click.echo(f"Seal: {seal(ctx.app)}")


@click.command("rewind")
@click.argument("game")
@click.option("--to", "position", type=int, required=True, help="Event position (see 'league game log').")
@reason_option
@cascade_option
@dry_run_option
@actor_option
@json_option
@pass_ctx
def rewind(ctx: Context, game: str, position: int, reason: str, cascade: bool, later_mode: str | None,
           through: str | None, clubs: str | None, dry_run: bool, actor: str,
           as_json: bool) -> None:
    """Put a game back to just before the event at POSITION; later events stay, superseded.

    Example: league rewind TEX198804040 --to 3 --cascade --dry-run --reason "home roll misread"
    """
    result = ctx.app.rewind(game, position, reason=reason, actor=actor,
                            cascade=later_of(cascade, later_mode, through, clubs), dry_run=dry_run)
    _report(ctx, result, f"{game} rewound to position {position}.", as_json)


@click.command("void")
@click.argument("game")
@reason_option
@cascade_option
@dry_run_option
@actor_option
@json_option
@pass_ctx
def void(ctx: Context, game: str, reason: str, cascade: bool, later_mode: str | None, through: str | None,
         clubs: str | None, dry_run: bool, actor: str, as_json: bool) -> None:
    """Void a game: its result stops counting (the record stays).

    Example: league void TEX198804040 --cascade --reason "played with the wrong roster"
    """
    result = ctx.app.void(game, reason=reason, actor=actor, cascade=later_of(cascade, later_mode, through, clubs),
                          dry_run=dry_run)
    _report(ctx, result, f"{game} voided.", as_json)


@click.command("correct")
@click.argument("game")
@click.option("--position", type=int, required=True, help="Position of the roll to replace.")
@click.option("--roll", required=True, help="The roll as it really was (e.g. 645).")
@reason_option
@cascade_option
@dry_run_option
@actor_option
@json_option
@pass_ctx
def correct(ctx: Context, game: str, position: int, roll: str, reason: str, cascade: bool, later_mode: str | None,
            through: str | None, clubs: str | None, dry_run: bool,
            actor: str, as_json: bool) -> None:
    """Replace a mistyped roll and re-resolve the rest of the game.

    Example: league correct TEX198804040 --position 3 --roll 645 --cascade --reason "typo"
    """
    result = ctx.app.correct(game, position, roll, reason=reason, actor=actor,
                             cascade=later_of(cascade, later_mode, through, clubs), dry_run=dry_run)
    o = result["outcome"]
    if o is None:  # a person's game whose later entries stop standing goes on by hand from there
        stop = result.get("stopped") or {}
        done = (f"{game} corrected; left in progress at position {result['at']} for its players to go on "
                f"by hand{': ' + stop['reason'] if stop else ''}.")
    else:
        done = (f"{game} corrected: {o['visitor']['team']} {o['visitor']['runs']}, "
                f"{o['home']['team']} {o['home']['runs']}.")
    _report(ctx, result, done, as_json)


@click.command("undo")
@reason_option
@actor_option
@json_option
@pass_ctx
def undo(ctx: Context, reason: str, actor: str, as_json: bool) -> None:
    """Reverse the last commissioner command with compensating events.

    Example: league undo --reason "imported the wrong schedule"
    """
    result = ctx.app.undo(reason=reason, actor=actor)
    refresh_views(ctx)
    if as_json:
        emit_json(result)
        return
    click.echo(f"Undid entry {result['undone']} ({result['command']}).")


@click.command("history")
@click.option("--game", help="Only the entries that touched this game.")
@json_option
@pass_ctx
def history(ctx: Context, game: str | None, as_json: bool) -> None:
    """List the commissioner's actions: who, when, what and why.

    Example: league history --game TEX198804040
    """
    from league.domain.journal_details import games_named, undone_entries, what_changed
    from projections.current import current

    if current(ctx.store):  # the journal view holds every entry: no aggregate to fold (nor its library)
        from projections.queries.journal import journal_entries

        ctx.pause_collector()
        entries = journal_entries(ctx.store)
    else:
        entries = ctx.reader.journal().entries
    undone = undone_entries(entries)
    rows = []
    parts: dict[int, int] = {}  # sim run -> batches seen so far
    for e in entries:
        d = e["details"]
        games = games_named(d)
        if e["command"] == "sim" and "run" in d:
            parts[d["run"]] = parts.get(d["run"], 0) + 1
        if game and game not in games:
            continue
        what = what_changed(d)
        if e["command"] == "sim" and "run" in d:
            # A sim is journaled a batch at a time; undo takes back the whole run.
            what += f", batch {parts[d['run']]} of the sim begun at #{d['run']}"
        if d.get("cascade"):
            what += f", {len(d['cascade'])} later game(s) re-resolved"
        rows.append({
            "entry": e["entry"], "at": e["at"], "actor": e["actor"], "command": e["command"],
            "what": what, "reason": e["reason"], "undone": e["entry"] in undone,
            **({"details": d} if as_json else {}),
        })
    output_rows(rows, [("entry", "#"), ("at", "at"), ("actor", "actor"), ("command", "command"),
                       ("what", "what"), ("reason", "reason"), ("undone", "undone")], as_json)


def _report(ctx: Context, result: dict[str, Any], done: str, as_json: bool) -> None:
    """What a dispute changed (or, dry, would change): the game, then each later game that changed."""
    if not result["dry_run"]:
        refresh_views(ctx)
    if as_json:
        emit_json(result)
        return
    changes = result["cascaded"]
    if result["dry_run"]:
        done = f"Dry run, nothing stored. Would be: {done}"
    would = result["dry_run"]
    click.echo(done + (f" {len(changes)} later game(s) {'would change' if would else 'changed'}:"
                       if changes else ""))
    same = "replayed, same result"
    # Games whose result changed first, then those replayed to the same result.
    ordered = [c for c in changes if c["status"] != same] + [c for c in changes if c["status"] == same]
    rows = [{"game": c["game"], "date": c["date"], "before": _shown(c["before"]), "after": _shown(c["after"]),
             "status": c["status"], "fresh": c["fresh_rolls"]} for c in ordered]
    if rows:
        output_rows(rows, [("game", "game"), ("date", "date"), ("before", "before"), ("after", "after"),
                           ("status", "how"), ("fresh", "fresh rolls")], False)
    for c in ordered:
        first = c.get("first_difference")
        if first:
            click.echo(f"{c['game']}: first play that differs (entry {first['entry']}): {first['before']}  =>  "
                       f"{first['after']}")
    for c in changes:
        if c.get("reason"):
            click.echo(f"{c['game']} {'would be ' if would else 'is '}held for review: {c['reason']}")
    standing = result.get("standing") or 0
    if standing:
        scope = "outside the cascade's scope " if result.get("later") == "cascade" else ""
        click.echo(f"{standing} later game(s) {scope}{'would stand' if would else 'stand'} as played.")


def _shown(summary: dict[str, Any] | None) -> str:
    if summary is None:
        return "unplayed"
    d = summary["decisions"]
    decisions = ", ".join(f"{k} {d[k]}" for k in ("W", "L", "SV") if k in d)
    return f"{summary['score']} ({decisions})" if decisions else summary["score"]


def register(cli: click.Group) -> None:
    for c in (audit, verify, rewind, void, correct, undo, history):
        cli.add_command(c)
