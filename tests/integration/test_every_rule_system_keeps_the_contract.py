"""Every registered rule system keeps the league's contract, on SQLite and on PostgreSQL.

The suite runs over every ruleset name the registry knows (the built-in ones,
any plug-in installed under the ``league.rulesets`` entry point) and the toy
rule system of tests/e2e/test_toy_ruleset.py, registered here for this module
only.  A new rule system gets it for free: its league is made from the team
files its own ``league demo`` registers (tests/integration/rule_system_leagues.py
finds them by recording the demo, no database involved).  Only a rule system
that ships no demo league needs a row in that module's ``WITHOUT_A_DEMO``
table -- the toy one is the only row today -- and one without either fails
here, naming itself, rather than being skipped.

Each rule system's league, driven through the CLI as a commissioner does:
``init``, ``teams import`` of four clubs, ``schedule import`` of a CSV of five
days (two games a day), ``sim --through`` the third day.  It is built once
per (rule system, store) and copied for each test (SQLite: the backup API;
PostgreSQL: ``CREATE DATABASE ... TEMPLATE``), so every contract point is a
test of its own: init and imports, standings, stats, audit, verify, a rewind
to the start with --cascade, a void with --cascade (dry run first) and its
undo, the season simulated to the end and the website built.  Where a rule
system's team files name no players (the toy one), ``stats`` must list nobody
rather than fail; where its setups read no history (``setups_read_history``),
a dispute's cascade must settle no later game.

It found that a game rewound to its Started event was listed ``in-progress``
by ``schedule list`` (every rule system); the view now folds it unplayed.
"""

from __future__ import annotations

import html
import json
import sqlite3
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

import pytest

from league import registry
from tests.conftest import _pg_connect, _pg_url
from tests.e2e.cli import events, ok
from tests.e2e.test_toy_ruleset import RULES as TOY
from tests.integration.rule_system_leagues import CLUBS, DAYS, MIDDLE_DAY, sample_team_files, write_schedule

# Every ruleset name the registry lists, then the toy one's (registered for this module below).
COVERED = list(dict.fromkeys([*registry.names(), *TOY.variants]))
SEED = "5"
GAMES = 2 * DAYS
PLAYED = 2 * MIDDLE_DAY  # after the build's `sim --through` the middle day
# What a cascade may do to a later game (league/application/cascade.py).
CASCADE_STATUSES = {"re-resolved", "replayed, same result", "held for review", "re-resolved with its own entries",
                    "sent back to unplayed"}

every_rule_system = pytest.mark.parametrize("ruleset", COVERED)


@pytest.fixture(scope="module", autouse=True)
def toy_registered() -> Iterator[None]:
    """The toy rule system, for this module's tests only (unless something registered it already)."""
    mine = not set(TOY.variants) & set(registry.names())
    if mine:
        registry.register(TOY)
    yield
    if mine:
        registry.unregister(TOY)


@dataclass(frozen=True)
class Built:
    """A built league: where it is stored (SQLite file or PostgreSQL database) and what it holds."""

    ruleset: str
    source: str  # the SQLite file, or the PostgreSQL database's name
    codes: list[str]  # the clubs, as `teams import` registered them
    names: dict[str, str]  # code -> the club's name
    dates: list[str]  # the schedule's days, YYYY-MM-DD


@dataclass(frozen=True)
class League:
    """A test's own copy of a built league."""

    db: str
    ruleset: str
    codes: list[str]
    names: dict[str, str]
    dates: list[str]


def _build(ruleset: str, db: str, where: Path) -> tuple[list[str], dict[str, str], list[str]]:
    """init, teams import, schedule import, sim --through the middle day: as a commissioner types them."""
    files, start = sample_team_files(ruleset, where)
    ok(db, "init", "--name", f"{ruleset} contract", "--ruleset", ruleset, "--seed", SEED)
    codes = json.loads(ok(db, "teams", "import", *map(str, files), "--json"))["imported"]
    assert len(codes) == len(files) == CLUBS, codes
    dates = [d.isoformat() for d in write_schedule(where / "schedule.csv", codes, start)]
    assert json.loads(ok(db, "schedule", "import", str(where / "schedule.csv"), "--json"))["scheduled"] == GAMES
    simmed = json.loads(ok(db, "sim", "--through", dates[MIDDLE_DAY - 1], "--quiet", "--json"))
    assert simmed["simulated"] == PLAYED, simmed
    names = {t["team"]: t["name"] for t in json.loads(ok(db, "teams", "list", "--json"))}
    return codes, names, dates


class _Leagues:
    """The built leagues of this module, one per (rule system, store), built on first use."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.built: dict[tuple[str, str], Built | Exception] = {}
        self.pg_databases: list[str] = []

    def get(self, ruleset: str, kind: str) -> Built:
        key = (ruleset, kind)
        if key not in self.built:
            where = self.root / f"{ruleset}-{kind}"
            where.mkdir()
            if kind == "sqlite":
                source = str(where / "built.db")
                db = source
            else:
                source = f"league_test_{uuid.uuid4().hex[:12]}"
                with _pg_connect() as c:
                    c.execute(f'CREATE DATABASE "{source}"')
                self.pg_databases.append(source)
                db = _pg_url(source)
            try:
                self.built[key] = Built(ruleset, source, *_build(ruleset, db, where))
            except Exception as e:  # every test of this league reports the build's failure, built once
                self.built[key] = e
        got = self.built[key]
        if isinstance(got, Exception):
            raise got
        return got

    def copy(self, built: Built, db_url: str) -> None:
        """Make the (empty, new) store ``db_url`` a copy of ``built``."""
        if not db_url.startswith("postgresql://"):
            src, dst = sqlite3.connect(built.source), sqlite3.connect(db_url)
            try:
                src.backup(dst)
            finally:
                src.close()
                dst.close()
            return
        target = db_url.rsplit("/", 1)[1]
        with _pg_connect() as c:
            for name in (built.source, target):
                c.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s", (name,))
            c.execute(f'DROP DATABASE "{target}"')
            c.execute(f'CREATE DATABASE "{target}" TEMPLATE "{built.source}"')

    def close(self) -> None:
        if not self.pg_databases:
            return
        with _pg_connect() as c:
            for name in self.pg_databases:
                c.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s", (name,))
                c.execute(f'DROP DATABASE IF EXISTS "{name}"')


@pytest.fixture(scope="module")
def leagues(tmp_path_factory: pytest.TempPathFactory) -> Iterator[_Leagues]:
    built = _Leagues(tmp_path_factory.mktemp("contract-leagues"))
    yield built
    built.close()


@pytest.fixture
def league(ruleset: str, db_url: str, leagues: _Leagues, monkeypatch: pytest.MonkeyPatch) -> League:
    """A copy of ``ruleset``'s built league in this test's own new store (tests/conftest.py ``db_url``)."""
    monkeypatch.setenv("LEAGUE_SITE_WORKERS", "1")  # the machine's cores are shared: build sites in one process
    built = leagues.get(ruleset, "postgresql" if db_url.startswith("postgresql://") else "sqlite")
    leagues.copy(built, db_url)
    return League(db_url, ruleset, built.codes, built.names, built.dates)


# --- reading what people read ------------------------------------------------------------------


def cli_json(db: str, *args: str) -> Any:
    return json.loads(ok(db, *args, "--json"))


def standings(db: str) -> list[dict[str, Any]]:
    return cli_json(db, "standings")  # type: ignore[no-any-return]


def wins_and_losses(db: str) -> tuple[int, int]:
    table = standings(db)
    return sum(r["w"] for r in table), sum(r["l"] for r in table)


def schedule(db: str) -> dict[str, dict[str, Any]]:
    return {g["game"]: g for g in cli_json(db, "schedule", "list")}


def statuses(db: str) -> dict[str, str]:
    return {game: g["status"] for game, g in schedule(db).items()}


def first_game(lg: League) -> str:
    """The first game of the first day (played by the build)."""
    return min((g["date"], g["number"], g["game"]) for g in schedule(lg.db).values())[2]


def dependents(lg: League, game: str) -> set[str]:
    """The later games a dispute of the first day's ``game`` must settle (docs/disputes.md, "Dependents"): none
    when the rule system's setups read no history; else, each club playing every day, every game played on a
    later day."""
    if not registry.ruleset(lg.ruleset).setups_read_history:
        return set()
    games = schedule(lg.db)
    return {g for g, row in games.items() if row["date"] > games[game]["date"] and row["status"] == "played"}


def settled(cascaded: list[dict[str, Any]], now: dict[str, str]) -> None:
    """Each later game a cascade settled is re-resolved (played), held for review or sent back to unplayed."""
    assert {c["status"] for c in cascaded} <= CASCADE_STATUSES, cascaded
    for c in cascaded:
        if c["status"] == "sent back to unplayed":
            assert now[c["game"]] == "scheduled", c
        elif c["status"] != "held for review":
            assert now[c["game"]] == "played", c


def audit_and_verify_pass(db: str) -> None:
    assert "Audit passed" in ok(db, "audit", "--all")
    assert "every link intact" in ok(db, "verify")


# --- the contract ------------------------------------------------------------------------------


@every_rule_system
def test_init_and_imports_give_four_clubs_and_the_schedule(league: League) -> None:
    clubs = cli_json(league.db, "teams", "list")
    assert sorted(c["team"] for c in clubs) == sorted(league.codes)
    assert all(c["scheduled"] == DAYS and c["played"] == MIDDLE_DAY for c in clubs), clubs
    games = cli_json(league.db, "schedule", "list")
    assert len(games) == GAMES
    assert sorted({g["date"] for g in games}) == league.dates
    for g in games:
        assert g["status"] == ("played" if g["date"] <= league.dates[MIDDLE_DAY - 1] else "scheduled"), g


@every_rule_system
def test_standings_list_every_club_and_count_every_game_once(league: League) -> None:
    table = standings(league.db)
    assert sorted(r["team"] for r in table) == sorted(league.codes)
    assert sum(r["w"] for r in table) == sum(r["l"] for r in table) == PLAYED
    assert all(r["w"] + r["l"] == MIDDLE_DAY for r in table), table


@every_rule_system
def test_stats_list_the_batters_and_pitchers_of_the_games_played(league: League) -> None:
    batting = cli_json(league.db, "stats", "batting")
    pitching = cli_json(league.db, "stats", "pitching")
    rostered = any(cli_json(league.db, "roster", code)["players"] for code in league.codes)
    if not rostered:  # team files that name no players (the toy rule system): nobody to list
        assert batting == [] and pitching == []
        return
    assert batting and pitching
    assert {r["team"] for r in batting} | {r["team"] for r in pitching} <= set(league.codes)
    # every final game has one winning and one losing pitcher and two starters
    assert sum(r["w"] for r in pitching) == sum(r["l"] for r in pitching) == PLAYED
    assert sum(r["gs"] for r in pitching) == 2 * PLAYED


@every_rule_system
def test_audit_re_derives_every_game_from_its_rolls(league: League) -> None:
    out = ok(league.db, "audit", "--all")
    assert "Audit passed" in out and f"{PLAYED} game(s)" in out, out


@every_rule_system
def test_verify_finds_every_link_intact(league: League) -> None:
    assert "every link intact" in ok(league.db, "verify")


@every_rule_system
def test_a_game_rewound_to_its_start_with_cascade_is_played_again(league: League) -> None:
    db, game = league.db, first_game(league)
    later = dependents(league, game)
    start = cli_json(db, "game", "log", game)[0]["position"]
    done = cli_json(db, "rewind", game, "--to", str(start), "--cascade", "--reason", "contract: from the start")
    assert done["to"] == start
    assert {c["game"] for c in done["cascaded"]} == later
    settled(done["cascaded"], statuses(db))
    assert wins_and_losses(db) == (PLAYED - 1, PLAYED - 1)  # the game counts no more
    assert game in {g["game"] for g in cli_json(db, "schedule", "list", "--status", "unplayed")}
    audit_and_verify_pass(db)
    # step: the sim plays it again (and the later games a cascade sent back, if any)
    ok(db, "sim", "--through", league.dates[MIDDLE_DAY - 1], "--quiet", "--finish-in-progress")
    assert statuses(db)[game] == "played"
    assert wins_and_losses(db) == (PLAYED, PLAYED)
    audit_and_verify_pass(db)


@every_rule_system
def test_a_game_rewound_to_its_start_is_listed_unplayed(league: League) -> None:
    db, game = league.db, first_game(league)
    start = cli_json(db, "game", "log", game)[0]["position"]
    ok(db, "rewind", game, "--to", str(start), "--cascade", "--reason", "contract: from the start")
    assert schedule(db)[game]["status"] == "scheduled"  # docs/disputes.md: position 1 makes the game unplayed
    assert game in {g["game"] for g in cli_json(db, "schedule", "list", "--status", "scheduled")}


@every_rule_system
def test_game_show_json_reads_a_game_rewound_to_its_start(league: League) -> None:
    db, game = league.db, first_game(league)
    start = cli_json(db, "game", "log", game)[0]["position"]
    ok(db, "rewind", game, "--to", str(start), "--cascade", "--reason", "contract: from the start")
    shown = cli_json(db, "game", "show", game)
    assert shown["game"] == game and shown["status"] == "scheduled"  # docs/disputes.md: unplayed


@every_rule_system
def test_a_void_with_cascade_is_foretold_then_done_then_undone(league: League) -> None:
    db, game = league.db, first_game(league)
    before, stored, was, later = standings(db), events(db), statuses(db), dependents(league, game)
    # step: the dry run stores nothing and changes no standing
    foretold = cli_json(db, "void", game, "--cascade", "--dry-run", "--reason", "contract: wrong roster")
    assert foretold["dry_run"] is True
    assert events(db) == stored and standings(db) == before and statuses(db) == was
    # step: the void does what the dry run said: the game stops counting, later games re-resolved or held
    done = cli_json(db, "void", game, "--cascade", "--reason", "contract: wrong roster")
    assert done["dry_run"] is False and done["cascaded"] == foretold["cascaded"]
    assert {c["game"] for c in done["cascaded"]} == later
    now = statuses(db)
    settled(done["cascaded"], now)
    assert now[game] == "voided"
    assert wins_and_losses(db) == (PLAYED - 1, PLAYED - 1)
    audit_and_verify_pass(db)
    # step: undo puts every standing back exactly
    undone = cli_json(db, "undo", "--reason", "contract: the roster was right")
    assert undone["command"] == "void"
    assert standings(db) == before
    assert statuses(db) == was
    audit_and_verify_pass(db)


@every_rule_system
def test_the_season_plays_to_the_end_and_the_website_names_every_club(league: League, tmp_path: Path) -> None:
    db = league.db
    simmed = cli_json(db, "sim", "--quiet")
    assert simmed["simulated"] == GAMES - PLAYED, simmed
    assert set(statuses(db).values()) == {"played"}
    assert wins_and_losses(db) == (GAMES, GAMES)
    audit_and_verify_pass(db)
    # step: the website
    out = tmp_path / "site"
    ok(db, "site", "build", str(out))
    index = out / "index.html"
    assert index.is_file()
    page = index.read_text()
    for code in league.codes:
        assert html.escape(league.names[code]) in page, (code, league.names[code])


def test_the_suite_covers_every_registered_rule_system(tmp_path: Path) -> None:
    """The list above is the registry's (with the toy one): a new rule system cannot be left out."""
    assert COVERED == registry.names()
    assert COVERED == [r["ruleset"] for r in json.loads(ok(str(tmp_path / "unused.db"), "rulesets", "--json"))]
