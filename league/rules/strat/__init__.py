"""Strat-O-Matic baseball (basic and advanced rules): cards, charts, engine.

The manual is *Official Strat-O-Matic Rules* (docs/manuals.md); section numbers in
comments (``13.2``) point into it.  Charts the manual names but does not print
are the project's own, under ``charts/`` and documented in
``docs/strat-o-matic.md``.
"""
