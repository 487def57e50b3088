"""29.1 (super advanced): wild pitches, balks and passed balls while pitching to a batter.

With a runner on base, a d20 goes with every roll for the cards (and the
bunt and hit-and-run charts): 3-20, nothing happens; 1, a possible wild
pitch (the pitcher's wp rating); 2, the white die says balk (1-3, the
pitcher's bk rating) or passed ball (4-6, the catcher's pb rating).  A second
d20 at or under the rating makes it happen: every runner moves up one base
and the batter stays at the plate, so the play is its own event and the
next one rolls all four dice again (29.1 D).  Otherwise the reading goes on.

The d20 is rolled before the three dice rather than with them: the manual
throws the three dice away whenever the d20 shows 1 or 2, so the order
changes nothing in the odds, and a scripted game reads in the manual's
sequence (d20, then the triad it keeps).
"""

from __future__ import annotations

from league.domain.dice import Triad
from league.rules.pa.play import Play, advance
from league.rules.pa.state import GameState
from league.rules.strat.cards import Card
from league.rules.strat.context import Ctx

WORST = 20  # 25.2: a catcher out of position has pb 1-20 (the 25.3 card itself prints bk20, wp20)


def pitch_mishap(ctx: Ctx, state: GameState, p_card: Card) -> Play | None:
    """The wild pitch, balk or passed ball this pitch brings (29.1), or None: read the cards."""
    pitcher = state.defense.pitcher
    roll = ctx.d20(state, "wild pitch, balk, passed ball? (29.1)")
    if roll >= 3:
        return None
    if roll == 1:
        kind, rating, whose = "wild pitch", p_card.wild_pitch, f"{pitcher} wp{p_card.wild_pitch}"
    else:
        white: Triad = ctx.dice.take("triad", state.batting_side, "white die: balk or passed ball? (29.1 C)")
        if white.white <= 3:
            kind, rating, whose = "balk", p_card.balk, f"{pitcher} bk{p_card.balk}"
        else:
            rating, whose = passed_ball_rating(ctx, state)
            kind = "passed ball"
        ctx.note(f"white die {white.white}: a possible {kind} (29.1 C)", white=white.white)
    check = ctx.d20(state, f"29.1 {kind}? ({whose})")
    if check <= rating:
        ctx.note(f"d20 {roll} then {check}, within {whose}: {kind}, every runner moves up one base (29.1)",
                 d20=check, rule="29.1")
        return Play(None, advance(state, 1), runs_on_third_out=True, label=kind.upper())
    ctx.note(f"d20 {roll} then {check}, above {whose}: no {kind}; the three dice are rolled again (29.1 D)",
             d20=check, rule="29.1")
    return None


def passed_ball_rating(ctx: Ctx, state: GameState) -> tuple[int, str]:
    """The catcher's pb rating; out of position the worst, 20 (25.2); a rated catcher whose card
    prints none, 0 (the best: the card shows no passed balls)."""
    catcher = state.defense.at("c")
    card = ctx.cards.get(catcher) if catcher else None
    if card is None or card.rating("c") is None:
        return WORST, f"{catcher} out of position at c: pb{WORST} (25.2)"
    pb = card.passed_ball or 0
    return pb, f"{catcher} pb{pb}"
