"""``league game start|roll|state|sub|pitch|steal|bunt|hitrun|walk|infield``: playing a Strat game by hand."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from commands.cli import Context, actor_option, pass_ctx
from commands.game import game
from commands.output import emit_json, json_option
from league.dice import ScriptedDice, SeededDice
from league.io.textfile import read_text

# Kept in step with league.pa_play.UNTIL (a test checks); the engine itself is
# imported only when a plate-appearance command runs, so every other command
# starts faster.
UNTIL = ("roll", "play", "half", "game")


def _pa() -> Any:
    from league import pa_play

    return pa_play


def _show(s: dict[str, Any], as_json: bool = False) -> None:
    if as_json:
        emit_json(s)
        return
    if "score" not in s:
        click.echo(f"{s['game']}: {s['status']}")
        return
    for entry in s.get("log", []):  # what this command added, roll by roll
        click.echo(f"  {entry['summary']}")
    name = lambda p: s["names"].get(p, p)  # noqa: E731
    bases = ", ".join(f"{i + 1}B {name(p)}" for i, p in enumerate(s["bases"]) if p) or "bases empty"
    f = s["fatigue"]
    click.echo(f"{s['game']}  {s['visitor']} {s['score'][0]}, {s['home']} {s['score'][1]}"
               f"  {'final' if s['over'] else s['half'] + ' ' + str(s['inning'])}, {s['outs']} out, {bases}")
    if not s["over"]:
        click.echo(f"batter {name(s['batter'])} vs pitcher {name(s['pitcher'])} ({f['role']}, {f['outs']} outs, "
                   f"{f['batters']} BF, {f['hits_walks']} H+BB{', TIRED' if f['tired'] else ''})")
    if s.get("last_play"):
        click.echo(f"last play: {s['last_play']}")
    if s.get("stopped"):
        click.echo(f"stopped: {s['stopped']}")
    if s["pending"]["rolls"]:
        click.echo(f"play in progress, rolls so far: {' '.join(s['pending']['rolls'])}")
    if s["pending"]["decisions"]:
        click.echo(f"pending for the next play: {'; '.join(s['pending']['decisions'])}")


def _side(ctx: Context, game_id: str, which: str) -> str:
    s = _pa().game_state(ctx.app, game_id)
    batting = "visitor" if s["half"] == "top" else "home"
    return batting if which == "offense" else ("home" if batting == "visitor" else "visitor")


@game.command("start")
@click.argument("game_id")
@click.option("--visitor-starter", help="The visitors' starter (he must be rested).")
@click.option("--home-starter", help="The home starter (he must be rested).")
@actor_option
@pass_ctx
def start(ctx: Context, game_id: str, visitor_starter: str | None, home_starter: str | None, actor: str) -> None:
    """Set up a Strat-O-Matic game to play by hand: lineups and rested starters.

    Example: league game start ANV20240401
    """
    _show(_pa().start_game(ctx.app, game_id, actor, (visitor_starter, home_starter)))


@game.command("roll")
@click.argument("game_id")
@click.option("--dice", "dice_file", type=click.Path(dir_okay=False, allow_dash=True),
              help="Rolls, one a line: 316 (white, red, green), 34 (two dice), d14 (the d20); '-' = stdin.")
@click.option("--to", "until", type=click.Choice(UNTIL), default="roll", show_default=True,
              help="Roll once, or through the end of the play, half-inning or game.")
@json_option
@actor_option
@pass_ctx
def roll(ctx: Context, game_id: str, dice_file: str | None, until: str, as_json: bool, actor: str) -> None:
    """Roll the dice the game asks for next; every roll is one event in 'league game log'.

    Example: league game roll ANV20240401 --dice rolls.txt --to half
    """
    leftover = None
    if dice_file is None:
        g = ctx.app.game(game_id)
        source, label = SeededDice(f"{ctx.app.league().seed}:{game_id}:{g.version}").roll, "seeded"
    else:
        name = "<stdin>" if dice_file == "-" else dice_file
        script = ScriptedDice(read_text(dice_file, "dice script", name).splitlines(), source=name)
        source, label, leftover = script.roll, f"script:{Path(name).name}", script.check_exhausted
    _show(_pa().roll(ctx.app, game_id, source, until, actor, label, leftover), as_json)


@game.command("state")
@click.argument("game_id")
@json_option
@pass_ctx
def state(ctx: Context, game_id: str, as_json: bool) -> None:
    """Score, inning, outs, bases, batter, pitcher and his fatigue.

    Example: league game state ANV20240401 --json
    """
    _show(_pa().game_state(ctx.app, game_id), as_json)


def _decide(ctx: Context, game_id: str, decision: dict[str, Any], actor: str) -> None:
    _show(_pa().decide(ctx.app, game_id, decision, actor))


@game.command("sub")
@click.argument("game_id")
@click.argument("player")
@click.option("--for", "out", help="The player he replaces (default: the batter due up).")
@click.option("--position", help="Defensive replacement at this position (c, 1b, ..., dh).")
@click.option("--base", type=int, help="Pinch-run for the runner on this base.")
@actor_option
@pass_ctx
def sub(ctx: Context, game_id: str, player: str, out: str | None, position: str | None, base: int | None,
        actor: str) -> None:
    """Pinch hitter (default), pinch runner (--base) or defensive replacement (--for --position).

    Example: league game sub ANV20240401 ANV12 --base 1
    """
    if base is not None:
        d = {"type": "pinch_run", "team": _side(ctx, game_id, "offense"), "base": base, "in": player}
    elif position is not None:
        if out is None:
            raise click.UsageError("--position needs --for PLAYER")
        s = _pa().game_state(ctx.app, game_id)
        team = "visitor" if out.startswith(s["visitor"]) else "home"
        d = {"type": "defensive_replacement", "team": team, "out": out, "in": player, "position": position}
    else:
        d = {"type": "pinch_hit", "team": _side(ctx, game_id, "offense"), "in": player}
    _decide(ctx, game_id, d, actor)


@game.command("pitch")
@click.argument("game_id")
@click.argument("pitcher")
@actor_option
@pass_ctx
def pitch(ctx: Context, game_id: str, pitcher: str, actor: str) -> None:
    """Bring in a reliever for the team in the field.

    Example: league game pitch ANV20240401 ANV20
    """
    _decide(ctx, game_id, {"type": "pitching_change", "team": _side(ctx, game_id, "defense"), "in": pitcher}, actor)


@game.command("steal")
@click.argument("game_id")
@click.option("--base", "bases", type=int, multiple=True, help="Runner(s) going, by base (default 1).")
@actor_option
@pass_ctx
def steal(ctx: Context, game_id: str, bases: tuple[int, ...], actor: str) -> None:
    """The next play is a steal (a double steal: name both runners).

    Example: league game steal ANV20240401 --base 1
    """
    d = {"type": "steal", "team": _side(ctx, game_id, "offense"), "runners": list(bases or (1,))}
    _decide(ctx, game_id, d, actor)


def _strategy(name: str, sets: dict[str, Any], who: str, doc: str) -> None:
    @game.command(name, help=doc)
    @click.argument("game_id")
    @actor_option
    @pass_ctx
    def command(ctx: Context, game_id: str, actor: str) -> None:
        d = {"type": "strategy", "team": _side(ctx, game_id, who), "set": sets}
        _decide(ctx, game_id, d, actor)


_strategy("bunt", {"play": "sacrifice"}, "offense", "Sacrifice bunt on the next plate appearance.\n\n"
          "Example: league game bunt ANV20240401")
_strategy("squeeze", {"play": "squeeze"}, "offense", "Squeeze play on the next plate appearance.\n\n"
          "Example: league game squeeze ANV20240401")
_strategy("hitrun", {"play": "hit_and_run"}, "offense", "Hit and run on the next plate appearance.\n\n"
          "Example: league game hitrun ANV20240401")
_strategy("walk", {"play": "ibb"}, "defense", "Walk the batter intentionally (no roll).\n\n"
          "Example: league game walk ANV20240401")
_strategy("infield", {"infield_in": True}, "defense", "Bring the infield in for the next play (9.1).\n\n"
          "Example: league game infield ANV20240401")


def register(cli: click.Group) -> None:
    """The commands are added to the existing ``game`` group when this module is imported."""


def show_box(g: Any, as_json: bool) -> None:
    """``league game show`` for a plate-appearance game: line score, batting and pitching lines."""
    o = g.outcome
    if o is None:
        click.echo(f"{g.game}  {g.date}  ({g.status}): no box score until the game is final")
        return
    if as_json:
        emit_json({"game": g.game, "date": g.date, "status": g.status, **o})
        return
    click.echo(f"{g.game}  {g.date}  ({g.status})")
    n = max(len(o["visitor"]["line"]), len(o["home"]["line"]))
    click.echo("      " + " ".join(f"{i + 1:>2}" for i in range(n)) + "    R  H  E")
    for side in ("visitor", "home"):
        t = o[side]
        cells = [f"{r:>2}" for r in t["line"]] + [" x"] * (n - len(t["line"]))
        click.echo(f"{t['team']:<5} " + " ".join(cells) + f"   {t['runs']:>2} {t['hits']:>2} {t['errors']:>2}")
    for side in ("visitor", "home"):
        t = o[side]
        click.echo(f"\n{t['team']:<14}" + "".join(f"{k.upper():>4}" for k in _BAT))
        for b in t["batting"]:
            click.echo(f"{b['player'] + ' ' + b['pos']:<14}" + "".join(f"{b[k]:>4}" for k in _BAT))
    for side in ("visitor", "home"):
        t = o[side]
        click.echo(f"\n{t['team']:<14}{'IP':>5}" + "".join(f"{k.upper():>4}" for k in _PIT) + "  DEC")
        for p in t["pitching"]:
            ip = f"{p['outs'] // 3}.{p['outs'] % 3}"
            click.echo(f"{p['pitcher']:<14}{ip:>5}" + "".join(f"{p[k]:>4}" for k in _PIT) + f"  {p['decision']}")


_BAT = ("ab", "r", "h", "2b", "3b", "hr", "rbi", "bb", "so", "sb", "cs", "hbp", "sh", "sf")
_PIT = ("h", "r", "er", "bb", "so", "hr", "bf")
