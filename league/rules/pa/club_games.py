"""A club's finished games kept in order as a season adds them: the rotation's and the injury list's
facts without sorting the club's whole season again at every setup.

:func:`.rotation.games_since_start` and :func:`.lineup.out_of_action` read a
club's whole Staff record (``by_game``) each time they are asked, and the
season player asks them for every game it sets up: over a season, work that
grows with the square of its length, in the sim's one serial process.  But
a season player sets a club's games up in schedule order, and between two
of them the club's Staff gains only the games just finished, each later
than every one before.  :class:`ClubGames` reads just those new games and
answers as the two functions would over the whole record.  Whatever else
happened to the record -- a game stored out of order, revoked or stored
again, or a game set up before some already finished (a dispute's cascade)
-- is left to the functions themselves (the methods answer None), so the
answers are always theirs.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from league.rules.pa.lineup import OLD_GAMES_READ, Key, Out


class ClubGames:
    """The games of one ``by_game`` (a Staff's, the very dict, which its events change in place), in order.

    Each game is read once, when first seen: its starters and how long its
    injuries may keep a player out.  The Staff never changes a game's record
    in place (it stores a new dict), so a record that is no longer the one
    read, or a game gone, is seen by comparing the dict's keys and values
    with the ones read (identity first, in C) and everything is read again.
    The answers are the record's as of the last :meth:`sync`.
    """

    def __init__(self, by_game: Mapping[str, Mapping[str, Any]]) -> None:
        self.by_game = by_game
        self.version: Any = None
        self._reset()

    def _reset(self) -> None:
        self.gids: list[str] = []  # by_game's games as read, in its order (the order they were stored)
        self.infos: list[Mapping[str, Any]] = []  # their records as read
        self.in_order = True  # each game stored later (date, number) than the one before: the functions' order
        self.last: tuple[str, int] | None = None  # the latest game's (date, number)
        self.last_key: Key | None = None  # and its key as out_of_action orders games
        self.starts: dict[str, int] = {}  # pitcher -> his last start's index, in the order of his first start
        # (index, games) of each game whose injuries may still keep someone out: while fewer than ``games``
        # club games have been played after it (a game without an injury record: OLD_GAMES_READ).
        self.hurt: list[tuple[int, int]] = []
        self._since: dict[str, int] | None = None

    def sync(self, version: Any = None) -> None:
        """Read the games stored since the last call (all of them again if any earlier one changed).

        ``version``: the Staff's, which every change to its record raises; given, a call at the version
        of the last one reads nothing (a setup asks four times a club).
        """
        if version is not None and version == self.version:
            return
        self.version = version
        n = len(self.gids)
        gids, infos = list(self.by_game), list(self.by_game.values())
        if len(gids) < n or gids[:n] != self.gids or infos[:n] != self.infos:
            self._reset()
            n = 0
        elif len(gids) == n:
            return
        self._since = None
        for gid, info in zip(gids[n:], infos[n:]):
            self._add(gid, info)
        total = len(self.gids)
        self.hurt = [(i, games) for i, games in self.hurt if total - 1 - i < games]

    def _add(self, gid: str, info: Mapping[str, Any]) -> None:
        i = len(self.gids)
        self.gids.append(gid)
        self.infos.append(info)
        if not self.in_order:
            return
        day, number, appearances = info.get("date"), info.get("number"), info.get("appearances")
        # Only plain dates and game numbers in strictly rising order read the same in the functions' sorts.
        if (type(day) is not str or type(number) is not int or appearances is None
                or (self.last is not None and (day, number) <= self.last)):
            self.in_order = False
            return
        self.last, self.last_key = (day, number), (day, number, gid)
        for a in appearances:
            if a["role"] == "start":
                self.starts[a["pitcher"]] = i
        hurt: Sequence[Mapping[str, Any]] | None = info.get("injuries")
        games = OLD_GAMES_READ if hurt is None else max((int(h["games"]) for h in hurt), default=0)
        if games > 0:
            self.hurt.append((i, games))

    def games_since_start(self) -> dict[str, int] | None:
        """:func:`.rotation.games_since_start` of the record (None: ask it); the caller must not change it."""
        if not self.in_order:
            return None
        if self._since is None:
            last = len(self.gids) - 1
            self._since = {p: last - i for p, i in self.starts.items()}
        return self._since

    def out_of_action(self, key: Key, read_old: Callable[[str], Sequence[Mapping[str, Any]]]) -> dict[str, Out] | None:
        """:func:`.lineup.out_of_action` of the record for the game ``key``, if it comes after every game
        in it (None: ask the function).  Only the games whose injuries may still count are read, in the
        same order, so the same player's longest absence wins as it does there."""
        if not self.in_order or (self.last_key is not None and not key > self.last_key):
            return None
        last = len(self.gids) - 1
        out: dict[str, Out] = {}
        for i, _ in self.hurt:
            since = last - i
            info = self.infos[i]
            hurt = info.get("injuries")
            if hurt is None:
                hurt = read_old(self.gids[i])
            for h in hurt:
                games = int(h["games"])
                if games > since:
                    o = Out(player=h["player"], date=info["date"], game=self.gids[i], games=games, missed=since)
                    now = out.get(o.player)
                    if now is None or o.games - o.missed > now.games - now.missed:
                        out[o.player] = o
        return out


__all__ = ["ClubGames"]
