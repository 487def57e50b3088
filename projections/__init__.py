"""Read models: tables, event handlers per view, the exactly-once runner, queries.

Nothing here decides anything for the game: engines read aggregates.  These
views are for people (standings, calendars, stats) and may lag the log.
"""
