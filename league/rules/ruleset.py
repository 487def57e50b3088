"""What a rule system gives the rest of the application: the :class:`Ruleset` interface.

A rule system is one package under ``league/rules/`` (or a distribution of
its own) that builds one :class:`Ruleset` object and is registered once in
:mod:`league.registry`.  The application, the projections and the CLI ask
the registry for the league's ruleset and call the methods below; none of
them names a rule system.  docs/rulesets.md walks through a complete one.

Two shared layers do most of the work for a new game:

* :mod:`league.rules.game` -- games decided by a few rolls each (Pennant
  Race), recorded in the domain's ``Game``: the season player, audit of the rolls;
* :mod:`league.rules.pa` -- plate-appearance card games (Strat-O-Matic, Pine
  Tar, Inside Pitch): their game record, base/out state, substitutions, the
  replay fold, box scores from plays, hand play, the day pool, audit.

The interface is an abstract base class rather than a bare Protocol so that
the optional parts (hand play, Lahman generation, options) have documented
defaults a small rule system need not write.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from datetime import date
from typing import TYPE_CHECKING, Any, Callable, ContextManager, Mapping, NamedTuple, Protocol, Sequence

from league.domain import boxes
from league.domain.errors import LeagueError

if TYPE_CHECKING:
    from pathlib import Path  # annotations only: pathlib imports urllib.parse and ipaddress
    from uuid import UUID  # annotations only: uuid imports platform where nothing else has

    from league.domain.dice import DiceSource
    from league.domain.league import League
    from league.domain.usage import Appearance
    from league.domain.staff import Staff

# A slice of an audit: (games checked, events checked, the first problem or None).
AuditResult = tuple[int, int, "str | None"]
GameSpec = tuple[dict[str, Any], Any]  # a scheduled game and its existing aggregate (None: not started)
# Plays a day's games (the first list) in order and returns their aggregates; the second list is the
# next day's games, which a player may start on (they come back as that day's, in the next call).
DayPlayer = Callable[[Sequence[GameSpec], Sequence[GameSpec]], list[Any]]


class LeagueRecords(Protocol):
    """The league's records as a rule system reads them for people (calendars, roster rows): the
    application, or a read command's reader.  ``repository`` loads an aggregate (by id, at a version);
    ``store`` is the database the read models live in (:class:`league.adapters.store.Store`)."""

    @property
    def repository(self) -> Any: ...

    @property
    def store(self) -> Any: ...

    def league(self) -> "League":
        """The League aggregate: settings, sheets, schedule."""
        ...


class LeagueApplication(LeagueRecords, Protocol):
    """What a rule system's season player, hand play, audit and demo ask of the application
    (:class:`league.application.app.LeagueApp` implements it): the games and staffs it loads, the season
    player, and saving a command's aggregates with its journal entry in one transaction."""

    @property
    def recorder(self) -> Any: ...

    @property
    def mapper(self) -> Any:
        """How events become stored rows and back (what ``verify`` decodes with)."""
        ...

    @property
    def pid(self) -> int:
        """The process that made it (a forked worker makes its own: ``league.adapters.forked.own_app``)."""
        ...

    @property
    def events(self) -> Any:
        """The event store: a game's events in order (``events.get(id)``)."""
        ...

    def journal(self) -> Any:
        """The commissioner's journal (the Journal aggregate)."""
        ...

    def game(self, game: str) -> Any:
        """A started game's aggregate; NotFoundError for one not started or not scheduled."""
        ...

    def find_game(self, game: str) -> Any:
        """A game's aggregate, or None when it was never started."""
        ...

    def staff(self, team: str) -> "Staff":
        ...

    def season_player(self, league: "League", staffs: dict[str, "Staff"]) -> "SeasonPlayer":
        ...

    def save_command(self, journal: Any, command: str, actor: str, reason: str, details: dict[str, Any],
                     *aggregates: Any, undoes: int | None = None) -> int:
        """Save ``aggregates`` and the command's journal entry in one transaction."""
        ...

    def create_league(self, name: str, ruleset: str, seed: str, starters: str = "rotation",
                      actor: str = "commissioner", options: dict[str, str] | None = None) -> None:
        ...

    def import_teams(self, sheets: Sequence[tuple["TeamFile", str]], actor: str, reason: str = "") -> list[str]:
        ...

    def import_schedule(self, games: Sequence[Any], source: str, actor: str, reason: str = "") -> int:
        ...


class TeamFile(Protocol):
    """One club's team file as read: a roster sheet, a card file, ..."""

    @property
    def code(self) -> str:
        """The club's code (TEX): how the schedule and every record name it."""
        ...

    def to_dict(self) -> dict[str, Any]:
        """What ``League.TeamRegistered`` stores (plain JSON); the rule system reads it back."""
        ...


class SeasonPlayer(Protocol):
    """Plays a league's games against in-memory aggregates; the caller saves them.

    ``staffs`` holds each club's :class:`Staff` (pitcher usage) the games read
    and record; the application fills it before calling :meth:`play`.
    """

    league: "League"
    staffs: dict[str, "Staff"]

    def seed_for(self, game: str, existing: Any) -> str:
        """The seed of a game's own dice stream (a rewound game gets fresh dice)."""
        ...

    def play(self, scheduled: dict[str, Any], dice: Any, existing: Any, visitor_starter: str | None,
             home_starter: str | None, actor: str, dice_label: str) -> Any:
        """Set up (or resume) a game and play it to the end; returns the game aggregate."""
        ...

    def day_player(self, todo: list[dict[str, Any]], actor: str) -> ContextManager[DayPlayer]:
        """A function that plays one day's ``(scheduled, existing)`` games, in order, given the next
        day's too (which it may start on: they come back as that day's, in the next call)."""
        ...

    def setup_now(self, scheduled: dict[str, Any], g: Any, named: tuple[str | None, str | None]) -> dict[str, Any]:
        """The setup ``g`` would get today from the clubs' histories (a dispute's cascade)."""
        ...

    def trial(self, g: Any, setup: dict[str, Any], dice: Any, actor: str) -> dict[str, Any] | None:
        """The outcome ``g`` would have with ``setup`` and ``dice``; nothing is stored."""
        ...

    def scratch(self, g: Any, setup: dict[str, Any], actor: str) -> Any:
        """A new record of ``g``'s game with ``setup`` and no entries, never stored (a dispute's trial)."""
        ...

    def rerun(self, g: Any, entries: Sequence[Mapping[str, Any]], finished: bool, rest: "DiceSource",
              actor: str) -> None:
        """Play the started game ``g`` again with the entries people made, in order, each with ``by``;
        from the first entry the computer made on, the computer plays with ``rest`` (a dice source).
        Raises ``EntryCannotStand`` where a person's entry can no longer stand.  Records no usage."""
        ...

    def record_usage(self, g: Any) -> None:
        """The clubs' pitchers (and injuries) of the finished game ``g``, on their Staffs."""
        ...

    def names(self, visitor: str, home: str) -> dict[str, str]:
        """Player id -> name for the two clubs' players, where records name players by id (card games)."""
        ...


def play_in_order(player: SeasonPlayer, specs: Sequence[GameSpec], actor: str) -> list[Any]:
    """Play a day's ``(scheduled, existing)`` games one after another, each with its own seeded dice
    (what a :meth:`SeasonPlayer.day_player` does without worker processes)."""
    from league.domain.dice import SeededDice  # here: a read command asking for a calendar plays nothing

    out = []
    for scheduled, existing in specs:
        dice = SeededDice(player.seed_for(scheduled["game_id"], existing))
        out.append(player.play(scheduled, dice, existing, None, None, actor, "seeded"))
    return out


# RosterTable and Option are NamedTuples, not dataclasses: every read command that asks a rule system
# imports this module, and a dataclass is built at import by compiling its methods from source, several
# times a NamedTuple's cost.
class RosterTable(NamedTuple):
    """A club's roster as people read it: each kind of player a table of the team file's own columns.

    Every row has ``key`` (how box scores name the player) and ``name`` (what people read).
    """

    batter_columns: list[tuple[str, str]]  # (key, heading)
    pitcher_columns: list[tuple[str, str]]
    batters: list[dict[str, Any]]
    pitchers: list[dict[str, Any]]

    def names(self) -> dict[str, str]:
        """Box-score key -> the name to print."""
        return {p["key"]: p["name"] for p in self.batters + self.pitchers}


class Option(NamedTuple):
    """A league option a rule system accepts at ``league init --option NAME=VALUE``."""

    help: str
    choices: tuple[str, ...]
    default: str


class Ruleset(ABC):
    """One rule system.  Subclass it, fill in the abstract parts, register an instance.

    ``variants`` maps each name a league may be created with (``league init
    --ruleset NAME``) to a one-line description; the first is the default
    variant of the family.
    """

    family: str = ""
    title: str = ""  # as people write it: "Pennant Race"
    team_files: str = "team files"  # what its team files are called: "roster sheets", "cards"
    variants: Mapping[str, str] = {}
    options: Mapping[str, Option] = {}
    team_format: str = "team file"  # how `teams import` describes what it reads
    hand_play: bool = False  # offers `league game start/roll/decide` (plate-appearance games)
    # The Staff aggregate: at most this many games in a row for a reliever (reports check it).
    consecutive_days: int = 3
    # A game's setup reads its clubs' earlier games (who is rested): a rewind or correction
    # of a game must then deal with the later games set up from it (``league rewind --cascade``).
    setups_read_history: bool = True
    # The kind of box score its games' outcomes are (league.domain.boxes): which box-score views they
    # fill, and so which statistics and leader categories the league's listings show.
    box_kind: str = boxes.POINTS

    # --- a new league ---------------------------------------------------------

    def check_options(self, given: Mapping[str, str], source: str = "--option",
                      variant: str | None = None) -> dict[str, str]:
        """Every option with its value (defaults filled in); unknown names and values refused
        (``variant``: the league's, for an option only some variants take)."""
        out = {name: o.default for name, o in self.options.items()}
        for name, value in given.items():
            if name not in self.options:
                known = ", ".join(sorted(self.options)) or "none"
                raise LeagueError(f"{source}: unknown option {name!r} for {self.family} (known: {known})")
            if value not in self.options[name].choices:
                raise LeagueError(f"{source}: option {name} must be one of {', '.join(self.options[name].choices)}, "
                                  f"not {value!r}")
            out[name] = value
        return out

    @abstractmethod
    def version(self, variant: str) -> str:
        """The rules version new games of ``variant`` are played under (stored on each game)."""

    @abstractmethod
    def read_team(self, path: Path, source: str) -> TeamFile:
        """Read one team file; a bad one raises :class:`league.domain.errors.InputError` naming line and field."""

    # --- playing --------------------------------------------------------------

    @abstractmethod
    def season(self, app: "LeagueApplication", league: "League", staffs: dict[str, "Staff"]) -> SeasonPlayer:
        """The season player for ``league`` (``app`` gives the repository for resumed games)."""

    def appearances(self, outcome: Mapping[str, Any], team: str) -> list[dict[str, Any]]:
        """The club's pitchers in a final game's outcome, as its Staff records them:
        ``[{"pitcher", "role": "start" | "relief"}]``.  An undo that brings a result back
        records them again from the outcome."""
        return []

    # --- auditing -------------------------------------------------------------

    min_audit_games: int = 200  # fewer games: starting processes costs more than it saves

    @abstractmethod
    def audit_work(self, app: "LeagueApplication", only: set[UUID] | None) -> list[Any]:
        """The games to audit, in the order they started, as items :meth:`audit_slice` takes."""

    @abstractmethod
    def audit_slice(self, app: "LeagueApplication", work: Sequence[Any]) -> AuditResult:
        """Re-derive a slice of the games from their recorded rolls; stop at the first problem.

        Runs in forked worker processes: ``league.adapters.forked.own_app(app)`` gives this
        process's application.
        """

    # --- for people -----------------------------------------------------------

    has_calendar: bool = False  # keeps a rest and fatigue calendar (:meth:`pitcher_calendar`)

    def pitcher_calendar(self, app: "LeagueRecords", team: str, day: date, pitchers: Sequence[Mapping[str, Any]],
                         history: Mapping[str, Sequence["Appearance"]],
                         outs: Mapping[tuple[str, str], int] | None = None) -> dict[str, Any] | None:
        """Who may pitch on ``day`` and why (plain JSON): ``{"team", "as_of", ...}``.

        ``pitchers`` are the club's pitchers as the read model lists them
        (``rm_pitchers`` rows, sheet order; empty when the team file lists
        none, as card files do) and ``history`` each one's appearances in the
        club's final games up to ``day`` (the caller may leave out more: the
        game being checked, later games of a doubleheader).  ``outs`` gives
        the outs each pitcher recorded in each of those games, ``(pitcher,
        game) -> outs``, where the read model has them.  ``app`` lets a rule
        system read the League and the club's :class:`Staff` aggregate, as
        its season player does; it should count only the games ``history``
        holds, so the calendar is the one of that day.  A rule system without
        a calendar of its own (``has_calendar`` false) is listed by ``league
        pitchers`` from :meth:`roster_rows` instead.
        """
        return None

    def calendar_tables(self, cal: dict[str, Any]) -> list[tuple[list[dict[str, Any]], list[tuple[str, str]], str]]:
        """The calendar as tables for people: ``(rows, [(key, heading), ...], title)`` each."""
        return []

    def roster_rows(self, app: "LeagueRecords", team: str, day: date,
                    calendar: Mapping[str, Any] | None) -> list[dict[str, Any]]:
        """Each player of the club with ratings and status ("active", "resting").

        ``calendar`` is :meth:`pitcher_calendar`'s answer for the day (None without one).
        A rule system whose team files list no players has none to show.
        """
        return []

    def roster_table(self, team: Mapping[str, Any]) -> RosterTable:
        """A registered team (as stored) as the website's roster tables (none by default)."""
        return RosterTable([], [], [], [])

    def staff_calendar(self, app: "LeagueRecords", team: str, roster: RosterTable, day: str) -> dict[str, Any] | None:
        """The website's rest calendar on ``day`` when :meth:`pitcher_calendar` gives none
        (no calendar, or the club not in the read model).

        ``{"kind", "as_of", "starters", "relievers"}``, from the club's Staff aggregate; None: none.
        A rule system with both should compute one from the other, so the site and
        ``league pitchers`` agree.
        """
        return None

    def batters(self, team: Mapping[str, Any]) -> list[tuple[str, bool]]:
        """Each batter of a registered team, and whether he is in the starting lineup (realism report)."""
        return []

    def player_names(self, team: Mapping[str, Any]) -> dict[str, str]:
        """Player id -> name for a registered team, where the games record ids (card games).

        Empty when the games record players by name already (roster sheets).
        """
        return {}

    def pitcher_headers(self, team: Mapping[str, Any]) -> list[tuple[str, str, int | None, int | None]] | None:
        """What the rest calendar reads of a registered team's pitchers' cards, in card order: (id, name,
        starter endurance, relief endurance); the league view keeps it (``rm_card_pitchers``).

        None when the calendar reads no cards (roster sheets) or cannot vouch for this team's headers:
        it then reads the team file itself.
        """
        return None

    # --- team files made for people ---------------------------------------------

    def demo(self, app: "LeagueApplication", variant: str, seed: str, actor: str) -> dict[str, Any]:
        """Create the sample league (teams and schedule, unplayed): ``{"teams", "games"}``."""
        raise LeagueError(f"{self.family} has no demo league")

    def generate_season(self, year: int, teams: Sequence[str] | None = None) -> list[TeamFile]:
        """Team files of a real season from the Lahman database (all clubs, or those named)."""
        raise LeagueError(f"{self.title} {self.team_files} are not generated yet from real seasons")

    def write_season(self, year: int, out_dir: Path, teams: Sequence[str] | None = None) -> list[Path]:
        """Write :meth:`generate_season`'s team files into ``out_dir``, one per club; their paths."""
        raise LeagueError(f"{self.title} {self.team_files} are not generated yet from real seasons")

    def generate_variant(self, variant: str, year: int, teams: Sequence[str] | None = None) -> list[TeamFile]:
        """:meth:`generate_season` for one of :attr:`variants` (``league demo --season``): the same files for
        every variant unless the plug-in overrides this (Strat-O-Matic's super advanced cards differ)."""
        return self.generate_season(year, teams)

    def write_variant(self, variant: str, year: int, out_dir: Path, teams: Sequence[str] | None = None) -> list[Path]:
        """:meth:`write_season` for one of :attr:`variants` (``league cards generate --ruleset``), likewise."""
        return self.write_season(year, out_dir, teams)


__all__ = ["AuditResult", "Option", "RosterTable", "Ruleset", "SeasonPlayer", "TeamFile", "play_in_order"]
