"""``league game start|roll|state|sub|switch|pitch|emergency|steal|bunt|hitrun|walk|infield|corners|outfield|concede|hold|send|stop|
cutoff|holdtrail|cuttrail|delayed|holdball|cuthome``:
playing a Strat game by hand.

Each decision is one ``DecisionMade`` event, checked by the rules before it is
saved; a refused one (exit 1) stores nothing.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import click

from commands.context import Context, actor_option, pass_ctx
from commands.output import emit_json, json_option
from league.domain.errors import RulesError
from league.adapters.textfile import read_text

# Kept in step with league.rules.pa.handplay.UNTIL (a test checks); the engine itself is
# imported only when a plate-appearance command runs, so every other command
# starts faster.
UNTIL = ("roll", "play", "half", "game")


# The commands below, made here and added to the ``game`` group by register (commands.game asks for
# them when one of them, or the list of all, is wanted).
COMMANDS: list[click.Command] = []


def _command(name: str, **kwargs: Any) -> Callable[[Callable[..., Any]], click.Command]:
    """``click.command``, keeping the command for :func:`register`."""

    def make(f: Callable[..., Any]) -> click.Command:
        command = click.command(name, **kwargs)(f)
        COMMANDS.append(command)
        return command

    return make


def _pa() -> Any:
    from league.rules.pa import handplay as pa_play
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


def _state(ctx: Context, game_id: str) -> dict[str, Any]:
    """The game's state; refused for a game not yet started (it has no inning, bases or batter)."""
    s: dict[str, Any] = _pa().game_state(ctx.app, game_id)
    if "half" not in s:
        raise RulesError(f"game {game_id} has not started ({s['status']}): run 'league game start {game_id}'")
    return s


def _side(ctx: Context, game_id: str, which: str) -> str:
    s = _state(ctx, game_id)
    batting = "visitor" if s["half"] == "top" else "home"
    return batting if which == "offense" else ("home" if batting == "visitor" else "visitor")


_BASE = {1: "first", 2: "second", 3: "third"}


@_command("start")
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


@_command("roll")
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
    from league.domain.dice import ScriptedDice, SeededDice

    leftover = None
    if dice_file is None:
        g = ctx.app.game(game_id)
        source, label = SeededDice(f"{ctx.app.league().seed}:{game_id}:{g.version}").roll, "seeded"
    else:
        name = "<stdin>" if dice_file == "-" else dice_file
        script = ScriptedDice(read_text(dice_file, "dice script", name).splitlines(), source=name)
        source, label, leftover = script.roll, f"script:{Path(name).name}", script.check_exhausted
    _show(_pa().roll(ctx.app, game_id, source, until, actor, label, leftover), as_json)


@_command("state")
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


@_command("sub")
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

    A pinch runner takes the runner's place on the base, in the batting order
    and in the field; a defensive replacement takes the player's slot and plays
    the position given (the last player rated at a position stays in, 10.1).
    Removed players never come back.  The DH named as the replacement takes
    the field: the man he replaces leaves, the team loses the DH and the
    pitcher bats in that slot (official rule 5.11).

    Example: league game sub ANV20240401 ANV12 (pinch-hit for the batter due up)

    Example: league game sub ANV20240401 ANV13 --base 2 (pinch-run for the runner on second)

    Example: league game sub ANV20240401 BRK11 --for BRK04 --position ss (late defensive replacement)

    Example: league game sub ANV20240401 BRK09 --for BRK02 --position 1b (the DH BRK09 to first)
    """
    if base is not None:
        if base not in _BASE:
            raise RulesError(f"a pinch runner runs for the runner on base 1, 2 or 3, not {base}")
        s = _state(ctx, game_id)
        if s["bases"][base - 1] is None:
            raise RulesError(f"nobody is on {_BASE[base]} to run for")
        d = {"type": "pinch_run", "team": _side(ctx, game_id, "offense"), "base": base, "in": player}
    elif position is not None:
        if out is None:
            raise click.UsageError("--position needs --for PLAYER")
        s = _state(ctx, game_id)
        if out.startswith(s["visitor"]) != out.startswith(s["home"]):  # the card ids name the club
            team = "visitor" if out.startswith(s["visitor"]) else "home"
        else:  # ids that do not: the team in the field, who makes late replacements
            team = _side(ctx, game_id, "defense")
        d = {"type": "defensive_replacement", "team": team, "out": out, "in": player, "position": position}
    else:
        d = {"type": "pinch_hit", "team": _side(ctx, game_id, "offense"), "in": player}
    _decide(ctx, game_id, d, actor)


@_command("switch")
@click.argument("game_id")
@click.argument("moves", nargs=-1, required=True)
@actor_option
@pass_ctx
def switch(ctx: Context, game_id: str, moves: tuple[str, ...], actor: str) -> None:
    """Fielders already in the game change positions: PLAYER=POSITION, one for each who moves.

    Every position must still be held once; a player not rated at his new
    position is refused while a bench player rated there sits (25.2).

    Example: league game switch ANV20240401 BRK03=ss BRK04=2b
    """
    parsed: dict[str, str] = {}
    for move in moves:
        player, sep, position = move.partition("=")
        if not sep or not player or not position:
            raise click.UsageError(f"write each move as PLAYER=POSITION, not {move!r}")
        parsed[player] = position.lower()
    s = _state(ctx, game_id)
    first = next(iter(parsed))
    if first.startswith(s["visitor"]) != first.startswith(s["home"]):  # the card ids name the club
        team = "visitor" if first.startswith(s["visitor"]) else "home"
    else:
        team = _side(ctx, game_id, "defense")
    _decide(ctx, game_id, {"type": "positions_switched", "team": team, "moves": parsed}, actor)


@_command("pitch")
@click.argument("game_id")
@click.argument("pitcher")
@click.option("--move-to", "move_to", help="The pitcher leaving the mound stays in the game at this position "
              "(1b, ..., rf); the fielder there leaves.  With the DH the team loses it.")
@actor_option
@pass_ctx
def pitch(ctx: Context, game_id: str, pitcher: str, move_to: str | None, actor: str) -> None:
    """Bring in a reliever for the team in the field.

    With --move-to the pitcher he relieves plays the field instead of leaving:
    the fielder at that position leaves the game, and without the DH the new
    pitcher bats in his slot.  With the DH the team loses it (official rule
    5.11: that pitcher now bats): the old pitcher bats in the fielder's slot,
    the new one in the DH's, and the DH leaves.

    Example: league game pitch ANV20240401 ANV20

    Example: league game pitch ANV20240401 ANV20 --move-to lf (the pitcher goes to left field)
    """
    team = _side(ctx, game_id, "defense")
    if move_to is None:
        d: dict[str, Any] = {"type": "pitching_change", "team": team, "in": pitcher}
    else:
        d = {"type": "pitcher_to_field", "team": team, "pitcher": pitcher, "position": move_to.lower()}
    _decide(ctx, game_id, d, actor)


@_command("emergency")
@click.argument("game_id")
@click.argument("player")
@click.option("--fill", help="Who takes his position when he comes from the field: a bench player or the DH.")
@actor_option
@pass_ctx
def emergency(ctx: Context, game_id: str, player: str, fill: str | None, actor: str) -> None:
    """A position player pitches for the team in the field (Strat 25.3): only when no pitcher is left.

    He pitches with the position player's pitching card (Strat: 5e51, hold +9,
    bk-20, wp-20; Inside Pitch: docs/inside-pitch.md).  A bench player takes the pitcher's place in the batting order.  A
    fielder already in the game keeps his own slot, and --fill names who takes
    his position: a bench player (he bats in the pitcher's slot; with the DH in
    the DH's, and the DH leaves) or the DH (he keeps his slot).  Either way a
    team with the DH loses it (official rule 5.11: its pitcher now bats).  The
    DH himself may pitch, with no position to fill.

    Example: league game emergency ANV20240401 ANV13 (from the bench)

    Example: league game emergency ANV20240401 ANV06 --fill ANV13 (the shortstop pitches, ANV13 plays short)
    """
    d = {"type": "emergency_pitcher", "team": _side(ctx, game_id, "defense"), "in": player, "fill": fill}
    _decide(ctx, game_id, d, actor)


@_command("steal")
@click.argument("game_id")
@click.option("--base", "bases", type=int, multiple=True, help="Runner(s) going, by base (default 1).")
@actor_option
@pass_ctx
def steal(ctx: Context, game_id: str, bases: tuple[int, ...], actor: str) -> None:
    """The next play is a steal (a double steal: name both runners).

    Example: league game steal ANV20240401 --base 1
    """
    _not_during_a_walk(ctx, game_id, "a steal")
    d = {"type": "steal", "team": _side(ctx, game_id, "offense"), "runners": list(bases or (1,))}
    _decide(ctx, game_id, d, actor)


def _pending(ctx: Context, game_id: str) -> dict[str, Any]:
    pending: dict[str, Any] = _state(ctx, game_id)["pending"]
    return pending


def _not_during_a_walk(ctx: Context, game_id: str, what: str) -> None:
    """The defense announces first (7.1): once it walks the batter, no pitch is thrown to him."""
    if _pending(ctx, game_id)["strategy"].get("play") == "ibb":
        raise RulesError(f"the defense is walking the batter intentionally: no {what} on this plate appearance")


_PLAY_WORDS = {"sacrifice": "sacrifice bunt", "squeeze": "squeeze play", "hit_and_run": "hit and run"}


def _strategy(name: str, sets: dict[str, Any], who: str, doc: str) -> None:
    @_command(name, help=doc)
    @click.argument("game_id")
    @actor_option
    @pass_ctx
    def command(ctx: Context, game_id: str, actor: str) -> None:
        if who == "offense":
            _not_during_a_walk(ctx, game_id, _PLAY_WORDS.get(sets.get("play", ""), "such choice"))
        elif sets.get("play") == "ibb" and _pending(ctx, game_id)["steal"]:
            raise RulesError("the offense has called a steal for the next play: walk the batter after it")
        d = {"type": "strategy", "team": _side(ctx, game_id, who), "set": sets}
        _decide(ctx, game_id, d, actor)


_strategy("bunt", {"play": "sacrifice"}, "offense", "Sacrifice bunt on the next plate appearance.\n\n"
          "Example: league game bunt ANV20240401")
_strategy("squeeze", {"play": "squeeze"}, "offense", "Squeeze play on the next plate appearance.\n\n"
          "Example: league game squeeze ANV20240401")
_strategy("hitrun", {"play": "hit_and_run"}, "offense", "Hit and run on the next plate appearance.\n\n"
          "In Pine Tar only where the league plays the optional rule (league init --option hit-and-run=on).\n\n"
          "Example: league game hitrun ANV20240401")
_strategy("walk", {"play": "ibb"}, "defense", "Walk the batter intentionally (no roll; it does not tire the "
          "pitcher, 27.3).\n\nThe defense decides first (7.1): the offense then calls no bunt, hit and run "
          "or steal for him.\n\nExample: league game walk ANV20240401")
_strategy("infield", {"infield_in": True}, "defense", "Bring the infield in for the next play.\n\n"
          "Strat-O-Matic: with a runner on third and fewer than two out (9.1), or, in advanced play, against a "
          "sacrifice bunt with a runner on first or second and fewer than two out (20.12); no runner is held "
          "with the infield in (9.14).  Pine Tar: refuse the double play to cut the runner down at home (the "
          "8th inning or later, runners on first and third) or take the force at home with the bases loaded.  "
          "Inside Pitch: the infield plays in (section 6).  Each game refuses it, with the reason, where its "
          "rules do not allow it.\n\nExample: league game infield ANV20240401")
_strategy("corners", {"corners_in": True}, "defense", "Bring the corners in for the next play (Strat-O-Matic "
          "super advanced, 20.7): the first and third basemen play in, second and short back; with a runner on "
          "base and fewer than two out.  The bunter loses a grade (18.6; two with the bases loaded, 18.31), a "
          "gb()+ is a plain groundball (20.71), and runners may still be held (20.75).\n\n"
          "Example: league game corners ANV20240401")
_strategy("outfield", {"outfield_in": True}, "defense", "Bring the outfield in for the next play (Strat-O-Matic "
          "super advanced, 21.1): only with the winning run on third, fewer than two out, the home team batting "
          "tied in the last inning or later.  A fly()A or fly()B is a single and the run scores (21.3).\n\n"
          "Example: league game outfield ANV20240401")
_strategy("concede", {"concede_third": True}, "defense", "Concede third to the runner from first if a single "
          "without asterisk sends him there (Strat-O-Matic super advanced, 13.5): he takes third without a "
          "throw and the batter holds at first.  Without it the throw goes to third and the batter takes second."
          "\n\nExample: league game concede ANV20240401")
_strategy("cutoff", {"cut_off": True}, "defense", "Cut off the throw home (advanced, 13.3): if a single "
          "without asterisk comes with runners on first and second and the runner from second is sent, he "
          "scores and the runner from first holds at second (13.32); without it the throw goes home and the "
          "runner from first takes third (13.33).  Super advanced (13.61, 14.41): concede the run to any runner "
          "sent home on a single or double without asterisk or fly()B?, the others taking only their bases."
          "\n\nExample: league game cutoff ANV20240401")

_strategy("holdtrail", {"hold_trail": True}, "offense", "Hold the trail runners if the throw goes home "
          "(Strat-O-Matic super advanced, 13.622, 14.431): on the next play's single or double without "
          "asterisk, or fly()B?, the runners behind the one sent home (and the batter) take no extra base, "
          "and the throw goes home.  "
          "Without it they try, and the defense may cut the throw off for the lead trail runner.\n\n"
          "Example: league game holdtrail ANV20240401")
_strategy("cuttrail", {"cut_trail": True}, "defense", "Cut off the throw for the lead trail runner if the "
          "offense sends its trail runners (Strat-O-Matic super advanced, 13.623 B, 14.432 B): the runner sent home "
          "scores (to third, 13.611: takes it), the lead trail runner is thrown at, the last one advances.  "
          "Without it the throw goes through and every trail runner advances (13.623 A).\n\n"
          "Example: league game cuttrail ANV20240401")

_strategy("delayed", {"delayed_steal": True}, "offense", "Make the next steal a delayed steal of home "
          "(Strat-O-Matic super advanced, 23.9): with runners on first and third, then `league game steal G "
          "--base 1` (the runner on third stays) or `--base 1 --base 3` (he goes home if the throw goes to "
          "second).  No lead is rolled; the runners' cards need their lead: ratings.\n\n"
          "Example: league game delayed ANV20240401")
_strategy("holdball", {"hold_ball": True}, "defense", "Against a delayed steal of home (Strat-O-Matic super "
          "advanced, 23.91 B) the catcher holds the ball: the runner on first takes second, the runner on "
          "third stays.\n\nExample: league game holdball ANV20240401")
_strategy("cuthome", {"cut_home": True}, "defense", "Against a delayed steal of home with the runner on third "
          "going (Strat-O-Matic super advanced, 23.91 D): cut the throw to second off and throw home.  Without "
          "it the throw goes through to second.\n\nExample: league game cuthome ANV20240401")


bases_option = click.option("--base", "bases", type=int, multiple=True, required=True,
                            help="The runner, by his base (1-3); repeat for more than one.")


@_command("hold")
@click.argument("game_id")
@bases_option
@actor_option
@pass_ctx
def hold(ctx: Context, game_id: str, bases: tuple[int, ...], actor: str) -> None:
    """Hold a runner on first or second for the next play (8.2).

    A held runner steals with less chance (8.2; 22.23 in advanced play) and,
    in advanced play, tries for an extra base with 1 less, not 1 more (13.2);
    but a groundball()++ becomes a SINGLE** (8.21).  Not with the infield in
    (8.23, 9.14).

    Example: league game hold ANV20240401 --base 1
    """
    held = sorted(set(_pending(ctx, game_id)["strategy"].get("held", [])) | set(bases))
    _decide(ctx, game_id, {"type": "strategy", "team": _side(ctx, game_id, "defense"), "set": {"held": held}}, actor)


def _runners(ctx: Context, game_id: str, bases: tuple[int, ...], go: bool, actor: str) -> None:
    now = _pending(ctx, game_id)["strategy"]
    sent, stopped = set(now.get("go", [])), set(now.get("stop", []))
    sent, stopped = (sent | set(bases), stopped - set(bases)) if go else (sent - set(bases), stopped | set(bases))
    sets = {k: sorted(v) for k, v in (("go", sent), ("stop", stopped)) if sorted(v) != sorted(now.get(k, []))}
    if not sets:
        word = "sent" if go else "stopped"
        raise RulesError(f"the runner(s) on {', '.join(_BASE.get(b, str(b)) for b in bases)} are already {word}")
    _decide(ctx, game_id, {"type": "strategy", "team": _side(ctx, game_id, "offense"), "set": sets}, actor)


@_command("send")
@click.argument("game_id")
@bases_option
@actor_option
@pass_ctx
def send(ctx: Context, game_id: str, bases: tuple[int, ...], actor: str) -> None:
    """Send a runner on the next play's extra-base or tag-up try, whatever the standing orders.

    On a hit without asterisk the lead runner tries for an extra base (2.2;
    13.1-13.3 in advanced play); on fly()B? the runner on third tags up
    (14.2), on fly(rf)B the runner on second (14.3).  The game's standing
    orders send a runner whose chance reaches their table (docs/strat-o-matic.md;
    games set up before it send every runner); 'send' sends him anyway and
    takes back a 'stop'.

    Example: league game send ANV20240401 --base 2
    """
    _runners(ctx, game_id, bases, True, actor)


@_command("stop")
@click.argument("game_id")
@bases_option
@actor_option
@pass_ctx
def stop(ctx: Context, game_id: str, bases: tuple[int, ...], actor: str) -> None:
    """Stop a runner: no extra-base or tag-up try for him on the next play (2.2, 14.2, 14.3).

    He moves only the bases the play gives him (one on a single without
    asterisk); with the lead runner stopped, nobody tries.  The runner on
    third has a try only in advanced play, on fly()B? with fewer than two out.

    Example: league game stop ANV20240401 --base 2
    """
    _runners(ctx, game_id, bases, False, actor)


def register(group: click.Group) -> None:
    """Add the commands that play a game by hand to ``group`` (the ``game`` group)."""
    for command in COMMANDS:
        group.add_command(command)
