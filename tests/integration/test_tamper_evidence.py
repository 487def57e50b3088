"""The log defends itself: the database refuses UPDATE and DELETE of events,
and when someone goes around that (dropping the trigger), ``verify`` names the
first broken link and ``audit`` the first outcome that no longer follows from
its rolls.  Every scenario runs on SQLite and PostgreSQL."""

from __future__ import annotations

import datetime as dt
import json
import sqlite3
from contextlib import contextmanager
from typing import Any, Iterator
from uuid import UUID

import pytest

from league.application.audit import audit
from league.domain import ids
from league.bootstrap import open_app, parse_db_url
from league.adapters.event_bytes import decompress, read_topic, stored_topic
from league.adapters.schedule import balanced_schedule
from league.rules.pennant_race.sheetgen import generate_sheet
from league.application.verify import verify

TEAMS = [("AAA", "AL", "East"), ("BBB", "AL", "East"), ("CCC", "AL", "West")]


def season(url: str) -> Any:
    app = open_app(url)
    app.create_league(name="t", ruleset="pennant-race", seed="7", actor="test")
    sheets = [generate_sheet(c, c, lg, d, seed=i) for i, (c, lg, d) in enumerate(TEAMS)]
    app.import_teams([(s, s.code) for s in sheets], actor="test")
    app.import_schedule(balanced_schedule([t[0] for t in TEAMS], 6, dt.date(1988, 4, 4), seed=1), "b", "test")
    app.simulate()
    return app


@contextmanager
def raw(url: str) -> Iterator[Any]:
    """A plain DB-API connection, the way a tamperer would get one."""
    store = parse_db_url(url)
    if store.kind == "sqlite":
        c = sqlite3.connect(store.path)
        try:
            yield c
            c.commit()
        finally:
            c.close()
    else:
        import psycopg

        with psycopg.connect(url, autocommit=True) as c:
            yield c


def q(url: str) -> str:
    return "?" if parse_db_url(url).kind == "sqlite" else "%s"


def table(url: str) -> str:
    return parse_db_url(url).events_table


def drop_guard(url: str) -> None:
    with raw(url) as c:
        if parse_db_url(url).kind == "sqlite":
            c.execute("DROP TRIGGER IF EXISTS stored_events_no_update")
            c.execute("DROP TRIGGER IF EXISTS stored_events_no_delete")
        else:
            c.execute("DROP TRIGGER IF EXISTS league_events_append_only ON league_events")


def rows(url: str, topic: str) -> list[tuple[Any, ...]]:
    with raw(url) as c:
        cur = c.execute(
            f"SELECT originator_id, originator_version, state FROM {table(url)} WHERE topic = {q(url)} "
            "ORDER BY originator_id, originator_version",
            (stored_topic(topic),),
        )
        # the store keeps events compressed and topics coded: a tamperer reads their JSON
        return [(oid, version, decompress(bytes(state))) for oid, version, state in cur.fetchall()]


def test_the_database_refuses_update_and_delete_of_events(db_url: str) -> None:
    season(db_url)
    for statement in (f"UPDATE {table(db_url)} SET topic = 'x'", f"DELETE FROM {table(db_url)}"):
        with pytest.raises(Exception, match="append-only"):
            with raw(db_url) as c:
                c.execute(statement)
    app = open_app(db_url)
    assert verify(app).ok


def test_audit_passes_a_season_and_names_an_altered_outcome(db_url: str) -> None:
    app = season(db_url)
    report = audit(app)
    assert report.ok and report.games == len(app.league().games)
    drop_guard(db_url)
    oid, version, state = rows(db_url, "league:Game.Completed")[3]
    record = json.loads(bytes(state))
    # The same values written another way (spaces, as another encoder would):
    # audit compares values, not bytes.
    with raw(db_url) as c:
        c.execute(f"UPDATE {table(db_url)} SET state = {q(db_url)} WHERE originator_id = {q(db_url)} "
                  f"AND originator_version = {q(db_url)}", (json.dumps(record, indent=1).encode(), oid, version))
    assert audit(open_app(db_url)).ok
    drop_guard(db_url)  # opening a SQLite store puts the guard back
    record["outcome"]["visitor"]["runs"] += 1  # a disputed score, edited in place
    altered = json.dumps(record)
    with raw(db_url) as c:
        c.execute(f"UPDATE {table(db_url)} SET state = {q(db_url)} WHERE originator_id = {q(db_url)} "
                  f"AND originator_version = {q(db_url)}", (altered.encode(), oid, version))
    app = open_app(db_url)
    report = audit(app)
    assert not report.ok
    assert f"position {version}" in report.problems[0]
    assert "differs" in report.problems[0]
    # A disputed game audited by name (read game by game on SQLite, not by a pass over the log)
    # gives the same words, among others that pass.
    altered_id = oid if isinstance(oid, UUID) else UUID(bytes=oid) if isinstance(oid, bytes) else UUID(str(oid))
    game = next(g for g in app.league().games if ids.game_id(g) == altered_id)
    others = [g for g in app.league().games if g != game][:3]
    assert audit(app, [game]).problems == report.problems
    assert audit(app, [*others, game]).problems == report.problems
    named = audit(app, others)
    assert named.ok and named.games == 3
    # On SQLite the workers read their own games (read_log lists them); the reading every store
    # has (one pass over the log in the parent) finds the same, in the same words.
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(type(app.recorder), "select_originators", None, raising=False)
        assert audit(app).problems == report.problems
        assert audit(app, [game]).problems == report.problems


def _tamper(url: str, how: str) -> None:
    drop_guard(url)
    p = q(url)
    oid, version, state = rows(url, "league:Game.DiceRolled")[2]
    with raw(url) as c:
        if how == "edit":
            text = bytes(state).decode()
            dice = text.split('"dice":"', 1)[1][:3]
            new = "".join(str(7 - int(d)) for d in dice)
            c.execute(f"UPDATE {table(url)} SET state = {p} WHERE originator_id = {p} AND originator_version = {p}",
                      (text.replace(f'"dice":"{dice}"', f'"dice":"{new}"').encode(), oid, version))
        elif how == "delete":
            c.execute(f"DELETE FROM {table(url)} WHERE originator_id = {p} AND originator_version = {p}",
                      (oid, version))
        elif how == "swap":
            other = c.execute(f"SELECT state FROM {table(url)} WHERE originator_id = {p} AND originator_version = {p}",
                              (oid, version + 1)).fetchone()[0]
            for v, s in ((version, other), (version + 1, state)):
                c.execute(f"UPDATE {table(url)} SET state = {p} WHERE originator_id = {p} AND originator_version = {p}",
                          (s, oid, v))
        elif how == "append":
            last = c.execute(f"SELECT max(originator_version) FROM {table(url)} WHERE originator_id = {p}",
                             (oid,)).fetchone()[0]
            c.execute(f"INSERT INTO {table(url)} (originator_id, originator_version, topic, state) "
                      f"VALUES ({p}, {p}, {p}, {p})", (oid, last + 1, "league:Game.DiceRolled", state))
        elif how == "delete-last":
            last_completed = rows(url, "league:Game.Completed")[-1]
            c.execute(f"DELETE FROM {table(url)} WHERE originator_id = {p} AND originator_version = {p}",
                      (last_completed[0], last_completed[1]))


@pytest.mark.parametrize("how", ["edit", "delete", "swap", "append", "delete-last"])
def test_verify_catches_tampering(db_url: str, how: str) -> None:
    season(db_url)
    assert verify(open_app(db_url)).ok
    _tamper(db_url, how)
    app = open_app(db_url)
    report = verify(app)
    assert not report.ok, how
    assert report.problems[0]
    # SQLite's workers read their own aggregates' rows (aggregates_in_log_order, rows_of); the
    # reading every store has (every event through select_notifications) finds the same, in the same words.
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(type(app.recorder), "aggregates_in_log_order", None, raising=False)
        assert verify(app).problems == report.problems, how


def _forge(url: str, topic: str, change: Any) -> None:
    """Rewrite the first ``topic`` event the way someone who knows the format
    would: its content changed and every later link of its chain recomputed,
    so the chain itself shows nothing."""
    from eventsourcing.persistence import StoredEvent

    from league.domain.base import GENESIS, link_hash

    app = open_app(url)
    oid, version, _ = rows(url, topic)[0]
    p = q(url)
    with raw(url) as c:
        stored = c.execute(f"SELECT originator_version, topic, state FROM {table(url)} WHERE originator_id = {p} "
                           "ORDER BY originator_version", (oid,)).fetchall()
    head = GENESIS
    rewritten = []
    # a newer SQLite database keeps the aggregate's id as 16 bytes
    uuid = UUID(bytes=oid) if isinstance(oid, bytes) else oid
    for v, coded, state in stored:
        t = read_topic(coded)
        event = app.mapper.to_domain_event(StoredEvent(uuid, v, t, decompress(bytes(state))))
        fields = dict(vars(event))
        if v == version:
            change(fields)
        fields["chain"] = link_hash(head, t, fields)
        head = fields["chain"]
        object.__setattr__(event, "__dict__", fields)
        rewritten.append((app.mapper.to_stored_event(event).state, oid, v))
    app.close()
    drop_guard(url)
    with raw(url) as c:
        for args in rewritten:
            c.execute(f"UPDATE {table(url)} SET state = {p} WHERE originator_id = {p} AND originator_version = {p}",
                      args)


def test_a_published_seal_holds_as_the_log_grows_and_exposes_a_forged_history(db_url: str) -> None:
    from league.application.verify import check_seal, seal

    app = season(db_url)
    sealed = seal(app)
    assert sealed.position == app.recorder.max_notification_id() and check_seal(app, sealed) is None
    # step: the season goes on (a game voided): the sealed part is unchanged
    last = max(app.league().games, key=lambda g: (app.league().games[g]["date"], g))
    app.void(last, reason="rainout", actor="commissioner")
    assert check_seal(app, sealed) is None and seal(app).position > sealed.position
    app.close()
    # step: who imported the teams is rewritten, chain and all
    _forge(db_url, "league:Journal.CommandRecorded", lambda e: e.update(actor="mallory"))
    app = open_app(db_url)
    assert verify(app).ok and audit(app).ok  # the forgery is consistent ...
    problem = check_seal(app, sealed)  # ... but not with what was published
    assert problem is not None and f"up to event {sealed.position} is not the one sealed" in problem
