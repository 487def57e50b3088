"""``league game show|log``: one game's result, and its record event by event."""

from __future__ import annotations

from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, Mapping

import click

from commands.context import Context, pass_ctx
from commands.names import league_player_names, named_rows, short_name
from commands.output import emit_json, json_option, render_table

if TYPE_CHECKING:
    from league.domain.lifecycle import GameLifecycle


class _GameGroup(click.Group):
    """``game show`` and ``game log`` here; the two dozen commands that play a Strat-O-Matic game by hand
    are in :mod:`commands.pa_game`, added only when one of them (or the list of all) is asked for:
    defining them would cost a read command that looks at a game (``game show``, ``game log``) a tenth
    of its own time."""

    _hand_play = False

    def list_commands(self, ctx: click.Context) -> list[str]:
        self.add_hand_play()
        return super().list_commands(ctx)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands:
            self.add_hand_play()
        return super().get_command(ctx, cmd_name)

    def add_hand_play(self) -> None:
        """Add the commands that play a game by hand, once."""
        if not self._hand_play:
            self._hand_play = True
            from commands import pa_game

            pa_game.register(self)


@click.group("game", cls=_GameGroup)
def game() -> None:
    """Look at one game."""


@game.command("show")
@click.argument("game_id")
@json_option
@pass_ctx
def show(ctx: Context, game_id: str, as_json: bool) -> None:
    """Show a game's score, pitchers and decisions, how it was played (by hand, by the computer or
    both, and by whom) and whether a dispute held it for review.

    Example: league game show TEX198804040 --json
    """
    from league.application.scorebook import game_summary, how_played
    from league.domain import boxes

    g, events = _read(ctx, game_id, with_events=False)
    how = how_played(g)
    if _box_kind(g) == boxes.PLAYS:  # a line score and lines counted from the plays
        from commands.box import show_box

        return show_box(_named_box(g, league_player_names(ctx), as_json), as_json, _weather(g, events), how,
                        _how_lines(g))
    summary = {**game_summary(g), **how}
    if as_json:
        emit_json(summary)
        return
    _print_summary(summary, _how_lines(g))


@game.command("log")
@click.argument("game_id")
@json_option
@pass_ctx
def log(ctx: Context, game_id: str, as_json: bool) -> None:
    """List a game's events in order: the setup, every roll and decision with who made it (a person,
    the auto-manager, or a person's entry a dispute re-applied), the outcome, and any hand-over or hold.

    Example: league game log TEX198804040
    """
    from league.application.scorebook import game_log

    entries = game_log(*_read(ctx, game_id, with_events=True))
    if as_json:
        emit_json(entries)
        return
    names = league_player_names(ctx)
    if names:  # a card game's ids in the text become names
        from league.rules.pa.words import with_names
    else:  # none to put in (Pennant Race): the text as it is, without loading the card games' words
        def with_names(text: str, names: Mapping[str, str]) -> str:
            return text
    rows = []
    for e in entries:
        rows.append({
            "position": e["position"],
            "type": e["type"] + (" (superseded)" if e.get("superseded") else ""),
            "by": e.get("by", ""),
            "detail": with_names(e.get("summary", ""), names),
        })
        # The chart rows that decided it, as --json has them, one line each under the event.
        rows.extend({"position": "", "type": "", "by": "", "detail": "  " + with_names(line, names)}
                    for line in chart_lines(e))
    render_table(rows, [("position", "#"), ("type", "event"), ("by", "by"), ("detail", "detail")], title=game_id)


def _how_lines(g: "GameLifecycle") -> list[str]:
    """Who played the game and its hold, a line each (nothing of a game rewound to its start)."""
    from league.application.scorebook import held_words, played_words

    out = [] if g.status == "scheduled" else [f"Played by: {played_words(g)}"]
    return out + ([held_words(g.held)] if g.held is not None else [])


def _box_kind(g: "GameLifecycle") -> str:
    """The kind of box score the game makes (league.domain.boxes): as the games view keeps it for a
    game read straight from the store, else as its rule system declares."""
    from projections.game_record import GameRecord

    if isinstance(g, GameRecord) and g.box is not None:
        return g.box
    from league import registry
    from league.domain.errors import LeagueError
    from league.rules.ruleset import Ruleset

    try:
        return registry.ruleset(g.ruleset).box_kind
    except LeagueError:  # a rule system this build does not have
        return Ruleset.box_kind


def _read(ctx: Context, game_id: str, with_events: bool) -> tuple[Any, list[Any]]:
    """The game in force and its events: read straight from the store when it can be
    (projections.game_record: no event-sourcing library to load), else through the aggregate reader."""
    from projections.rows import fast_reads

    if ctx.kind in ("sqlite", "postgresql") and fast_reads() and not ctx.has_app:
        from projections.game_record import read_game

        ctx.pause_collector()  # a few dozen events read straight from the store
        found = read_game(ctx.store, game_id)
        if found is not None:
            return found
    g = ctx.reader.game(game_id)
    return g, ctx.reader.game_events(game_id) if with_events else []


def chart_lines(entry: dict[str, Any]) -> list[str]:
    """What the charts and cards said for one logged event, in words."""
    if entry["type"] == "Completed":  # Pennant Race: the steps of the outcome
        return [_step_line(step) for step in entry.get("explanation", [])]
    play = entry.get("play")
    if entry["type"] != "PlayResolved" or not isinstance(play, dict):
        return []
    out = []
    if play.get("card") and play.get("reading"):
        out.append(f"{play['card']}'s card vs {play.get('side', '')} {play['reading']}: {play.get('cell', '')}")
    out.extend(_step_line(step) for step in play.get("steps", []))
    return out


def _step_line(step: dict[str, Any]) -> str:
    head = step.get("step") or step.get("chart") or "step"
    where = ", ".join(f"{k} {step[k]}" for k in ("rule", "chart", "row", "column") if k in step and step[k] != head)
    shown = {k: v for k, v in step.items() if k not in ("step", "rule", "chart", "row", "column")}
    detail = ", ".join(f"{k}={_word(v)}" for k, v in shown.items())
    return f"{head}" + (f" ({where})" if where else "") + (f": {detail}" if detail else "")


def _word(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list) and value and all(isinstance(v, dict) and "pitcher" in v for v in value):
        return "/".join(str(v["pitcher"]) for v in value)
    return str(value)


def _weather(g: Any, events: list[Any]) -> dict[str, Any] | None:
    """Strat's weather (30.5), the game's first play in force when its league plays it: the condition and
    its ranges.  The aggregate's entries hold their plays; a game read straight from the store keeps only
    their positions, and its events the plays."""
    by_position = {e.originator_version: e for e in events}
    for entry in g.in_force():
        play = entry.get("play") or getattr(by_position.get(entry.get("position")), "play", None)
        if isinstance(play, dict):
            if play.get("type") != "weather":
                return None
            return {**play.get("weather", {}), "label": (play.get("play") or {}).get("label", "")}
    return None


def _named_box(g: Any, names: dict[str, str], for_machines: bool) -> Any:
    """A plate-appearance game's box with the players named (ids kept beside them for machines)."""
    if not names or g.outcome is None:
        return g
    if for_machines:
        shown = {k: dict(v) if isinstance(v, dict) else v for k, v in g.outcome.items()}
    else:
        short = {k: short_name(v) for k, v in names.items()}
        names, shown = short, {k: dict(v) if isinstance(v, dict) else v for k, v in g.outcome.items()}
    for side in ("visitor", "home"):
        t = shown[side]
        t["batting"] = named_rows(t.get("batting", []), names, ["player"], for_machines)
        t["pitching"] = named_rows(t.get("pitching", []), names, ["pitcher"], for_machines)
    return SimpleNamespace(game=g.game, date=g.date, status=g.status, outcome=shown)


def _print_summary(s: dict[str, Any], how: list[str]) -> None:
    v, h = s["visitor"], s["home"]
    if s.get("date"):
        click.echo(f"{s['game']}  {s['date']}  ({s['status']})")
    for line in how:
        click.echo(line)
    if v.get("runs") is None:
        click.echo(f"{v['team']} at {h['team']}: not finished")
        return
    extra = f"  ({s['innings']} innings)" if s.get("innings", 9) > 9 else ""
    click.echo(f"{v['team']:>4} {v['runs']:>3}   (earned {v['earned']}, unearned {v['unearned']})")
    click.echo(f"{h['team']:>4} {h['runs']:>3}   (earned {h['earned']}, unearned {h['unearned']}){extra}")
    rows = [
        {
            **p,
            "decision": p["decision"] or "",
            "notes": " ".join(x for x, on in (("SV", p["save"]), ("CG", p["cg"]), ("SHO", p["sho"])) if on),
        }
        for p in s["pitching"]
    ]
    render_table(
        rows,
        [("team", "team"), ("pitcher", "pitcher"), ("role", "role"), ("ip", "IP"), ("er", "ER"),
         ("ur", "UR"), ("decision", "dec"), ("notes", "")],
    )


def register(cli: click.Group) -> None:
    cli.add_command(game)
