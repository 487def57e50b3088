"""Pine Tar Baseball (rules manual 2.1): cards, charts, engine, auto-manager.

The manual is the spec (docs/pine-tar.md says which of its rules are
implemented); tables it names but does not print are the project's own,
under ``charts/``, and reproduce every worked example of the manual.
"""
