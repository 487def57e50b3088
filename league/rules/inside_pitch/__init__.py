"""Inside Pitch: pitcher, batter and ballpark cards on the shared plate-appearance layer.

The manual is *Annotated Rules to Inside Pitch* (docs/manuals.md); section
numbers in comments (``2.5``) point into it.  Card formats, the project's own
charts and what is and is not implemented are in ``docs/inside-pitch.md``.
"""
