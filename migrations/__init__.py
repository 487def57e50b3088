"""Alembic environment and versions for the read-model schema.

A package so it installs with ``league``; ``projections.migrate`` points
alembic's ``script_location`` at this directory.
"""
