"""Pine Tar cards for real seasons from the Lahman database.

:mod:`.formulas` holds every formula and constant (documented in
docs/pine-tar.md, "Real seasons"); :mod:`.stats` reads the season's lines;
:mod:`.generator` chooses each club's men, calibrates the club and writes its
card file.
"""
