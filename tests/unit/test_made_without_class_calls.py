"""Objects the engine makes without a class call (for speed) are the ones the class call makes.

``Ctx.make`` (Strat-O-Matic's and Pine Tar's) and ``Dice.replaying`` list their classes' fields again; a field
added to the class and not to them would be missing on every resolution.  The game-state records write
their own ``__init__`` for the same reason, and are held to their fields likewise.
"""

from __future__ import annotations

import inspect
from dataclasses import MISSING, fields

import pytest

from league.domain.dice import Triad
from league.domain.dice import Dice
from league.rules.pa.state import GameState, PitcherLog, Team
from league.rules.strat.charts import load_charts
from league.rules.strat.context import Ctx


def test_a_replaying_dice_is_the_dice_the_constructor_makes() -> None:
    rolls = [Triad(1, 3, 4), Triad(5, 2, 6)]
    assert vars(Dice.replaying(rolls)) == vars(Dice(rolls))


def test_a_made_context_is_the_context_the_constructor_makes() -> None:
    charts, dice = load_charts(), Dice([])
    for asterisks, revision, weather in ((True, 1, False), (False, 4, True)):
        made = Ctx.make({}, charts, "super", dice, asterisks, revision, weather)
        built = Ctx({}, charts, "super", dice, asterisks=asterisks, revision=revision, weather=weather)
        assert vars(made) == vars(built)
        assert list(vars(made)) == list(vars(built))  # the same order: the instances share one key table


def test_a_made_pine_tar_context_is_the_context_the_constructor_makes() -> None:
    from league.rules.pine_tar import engine as pine_tar

    charts, dice = pine_tar.load_charts(), Dice([])
    for orders in (pine_tar.Orders(), pine_tar.Orders(options=("so-bb", "risp-penalty"), infield_in=True)):
        made = pine_tar.Ctx.make({}, charts, dice, orders)
        built = pine_tar.Ctx({}, charts, dice, options=orders.options, infield_in=orders.infield_in)
        assert vars(made) == vars(built)
        assert list(vars(made)) == list(vars(built))


@pytest.mark.parametrize("record", [PitcherLog, Team, GameState])
def test_a_state_records_own_init_takes_its_fields_in_order_with_their_defaults(record: type) -> None:
    # The records write their own __init__ (init=False, see league.rules.pa.state.PitcherLog): a field
    # added to the class and not to it would be missing from every state made.
    params = list(inspect.signature(record.__init__).parameters.values())[1:]
    assert [p.name for p in params] == [f.name for f in fields(record)]
    for p, f in zip(params, fields(record)):
        default = f.default_factory() if f.default_factory is not MISSING else f.default
        assert (p.default is inspect.Parameter.empty) == (default is MISSING), f.name
        if default is not MISSING:
            assert p.default == default, f.name
