"""Who is out of a game, and the lineup filled around them (pure: cards and facts in, a side out).

A player hurt in one of his club's games misses the club's next N games (N
from the injury chart, recorded on the club's Staff aggregate:
``Staff.PlayersInjured``).  :func:`out_of_action` reads those records as
they stood when a game is set up; :func:`fill_lineup` puts the club's
regulars in their batting slots and, for each one who is out, the bench
player who takes his place, with the reason, so the setup (and the game's
log) says who was benched and why.  Policy, in order (docs/strat-o-matic.md,
"Injuries"):

1. a healthy bench player rated at the position, the best rating first
   (the card's range, then its error rating; the card order breaks ties);
2. with the DH, the DH moves to the position if he is rated there, and the
   first healthy bench player bats as the DH;
3. a healthy bench player out of position (rated the worst there, 25.2):
   one rated in the same part of the field (infield, outfield) first;
4. nobody is left: the injured man plays (10.1: "the most logical remaining
   player"; the setup says so).

The replacement bats in the injured man's slot: the batting order keeps
its shape.  An injured DH gives way to the first healthy bench player.

:func:`rest_lineup` then rests healthy starters a card game's own rule names
(Strat-O-Matic's solitaire rest, 26.2): each gives way as an injured man
would, but only to a player rated at his position (else he starts), and
stays on the bench.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping, NamedTuple, Sequence

if TYPE_CHECKING:  # annotations only: the rest calendar (a read command) reads out_of_action without the game state
    from league.rules.pa.engine import PACard

INFIELD = frozenset({"1b", "2b", "3b", "ss"})
OUTFIELD = frozenset({"lf", "cf", "rf"})
# Games set up before injuries were kept on the Staff: how far back their own
# records are read (the longest injury on Strat-O-Matic's chart is 30 games).
OLD_GAMES_READ = 30

Key = tuple[str, int, str]  # (date, game number, game): the club's games in order


def out_of_game_status(reason: str) -> str:
    """How a refusal names why a player is out of a game: hurt, or (Strat-O-Matic's 10.x,
    whose reasons start "real usage") kept within his real figure.  (A man rested by 26.2 is on the
    bench, not out: his note is marked ``rested`` and nothing refuses him.)"""
    return "sits this game" if reason.startswith("real usage") else "is on the injury list"


# Out and Lineup are NamedTuples, not dataclasses: the rest calendar (a read command) imports this module,
# and a dataclass is built at import by compiling its methods from source, several times a NamedTuple's cost.
class Out(NamedTuple):
    """One player out of a game: hurt in ``game`` on ``date`` for ``games`` club games, ``missed`` so far;
    or, with ``why``, kept out for that reason (Strat-O-Matic's 10.x real usage: ``games`` 1)."""

    player: str
    date: str
    game: str
    games: int
    missed: int
    why: str = ""

    @property
    def reason(self) -> str:
        return self.why or (f"injured {self.date} in {self.game} for {self.games} game(s); "
                            f"this game is {self.missed + 1} of {self.games}")


def out_of_action(by_game: Mapping[str, Mapping[str, Any]], key: Key,
                  read_old: Callable[[str], Sequence[Mapping[str, Any]]]) -> dict[str, Out]:
    """The club's players out of its game ``key``: hurt in an earlier game for more games than it has played since.

    ``by_game`` is the club's Staff record of finished games; only those
    before ``key`` count, so a game set up again later (a dispute's cascade)
    sees what it saw.  A game without an injury record (finished before they
    were kept) is asked of ``read_old`` (its own injuries) if it is among the
    club's last :data:`OLD_GAMES_READ` games.
    """
    earlier = sorted((k, info) for k, info in ((_key(gid, info), info) for gid, info in by_game.items())
                     if k < key)
    out: dict[str, Out] = {}
    for i, (k, info) in enumerate(earlier):
        since = len(earlier) - 1 - i  # the club's games played after it
        hurt = info.get("injuries")
        if hurt is None:
            if since >= OLD_GAMES_READ:
                continue
            hurt = read_old(k[2])
        for h in hurt:
            games = int(h["games"])
            if games > since:
                o = Out(player=h["player"], date=k[0], game=k[2], games=games, missed=since)
                now = out.get(o.player)
                if now is None or o.games - o.missed > now.games - now.missed:
                    out[o.player] = o
    return out


def _key(gid: str, info: Mapping[str, Any]) -> Key:
    return (info["date"], int(info.get("number", 0)), gid)


class Lineup(NamedTuple):
    """A club's position players for one game: the batting order (no pitcher), fielders, bench, who is out."""

    order: list[str]  # eight, or nine with the DH (the DH last)
    fielders: dict[str, str]  # position -> player ("dh" with the DH; no "p")
    bench: list[str]
    out: list[dict[str, Any]]  # {"player", "at", "reason", "replaced_by", "how"}, in batting order


def fill_lineup(batters: Sequence[PACard], dh: bool, out: Mapping[str, Out]) -> Lineup:
    """The card order's lineup (the first eight at their first positions, the ninth the DH), around ``out``."""
    regulars = list(batters[:9] if dh else batters[:8])
    at = [c.fielding[0].position for c in batters[:8]] + (["dh"] if dh else [])
    # Without the DH the ninth batter sits last on the bench, as lineups always had him.
    spare = list(batters[9:]) + ([] if dh else list(batters[8:9]))
    bench = [c for c in spare if c.id not in out]
    order = [c.id for c in regulars]
    fielders = dict(zip(at, order))
    notes: list[dict[str, Any]] = []
    for slot, card in enumerate(regulars):
        if card.id not in out:
            continue
        position = at[slot]
        note = {"player": card.id, "at": position, "reason": out[card.id].reason}
        new, moved, how = _replacement(position, bench, fielders, out, batters)
        if new is None:
            notes.append({**note, "replaced_by": None, "how": how})
            continue
        bench.remove(new)
        order[slot] = new.id
        if moved is None:
            fielders[position] = new.id
        else:  # the DH takes the position, the newcomer bats as the DH
            fielders[position] = moved
            fielders["dh"] = new.id
        notes.append({**note, "replaced_by": new.id, "how": how})
    for c in spare:
        if c.id in out:
            notes.append({"player": c.id, "at": "bench", "reason": out[c.id].reason, "replaced_by": None,
                          "how": "not available"})
    return Lineup(order, fielders, [c.id for c in bench], notes)


def rest_lineup(lineup: Lineup, batters: Sequence[PACard], rests: Sequence[Mapping[str, Any]],
                rule: str = "26.2") -> Lineup:
    """The lineup with healthy starters rested (Strat-O-Matic's 26.2 D-E): ``rests`` names each one to
    rest (``player``, ``at``: his position, ``reason``), in the order the chart read them.

    Each gives way to a bench player rated at his position (the best rating first), or the DH moves
    there if rated and a bench player bats as the DH; at the DH the first bench player bats.  With
    nobody else available rated there he starts anyway (D).  A rested man goes to the end of the bench,
    free to pinch-hit, run or come in on defense later (E); a bench player is not rested into the
    lineup in his place twice.  The setup's ``out`` note says so, marked ``"rested": true``.
    """
    cards = {c.id: c for c in batters}
    order, fielders, bench, notes = list(lineup.order), dict(lineup.fielders), list(lineup.bench), list(lineup.out)
    resting: list[str] = []
    for r in rests:
        player, position = r["player"], r["at"]
        if fielders.get(position) != player:
            continue
        note = {"player": player, "at": position, "reason": r["reason"], "rested": True}
        new, moved, how = _rest_replacement(position, [cards[b] for b in bench], fielders, cards, rule)
        if new is None:
            notes.append({**note, "replaced_by": None, "how": how})
            continue
        bench.remove(new.id)
        order[order.index(player)] = new.id
        if moved is None:
            fielders[position] = new.id
        else:
            fielders[position] = moved
            fielders["dh"] = new.id
        notes.append({**note, "replaced_by": new.id, "how": how})
        resting.append(player)
    return Lineup(order, fielders, bench + resting, notes)


def _rest_replacement(position: str, bench: list[PACard], fielders: Mapping[str, str],
                      cards: Mapping[str, PACard], rule: str) -> tuple[PACard | None, str | None, str]:
    """Who starts in a rested man's place (a bench player, the DH who moves there, or None: he starts)."""
    if not bench:
        return None, None, f"nobody on the bench: he starts ({rule} D)"
    dh = fielders.get("dh")
    return (_rated_replacement(position, bench, dh, cards.get(dh) if dh is not None else None)
            or (None, None, f"the last player available rated at {position.upper()}: he starts ({rule} D)"))


def _replacement(position: str, bench: list[PACard], fielders: Mapping[str, str], out: Mapping[str, Out],
                 batters: Sequence[PACard]) -> tuple[PACard | None, str | None, str]:
    """Who takes ``position`` (a player, the DH who moves there or None) and how, in words."""
    if not bench:
        return None, None, "nobody left on the bench to take his place: he plays (10.1)"
    dh = fielders.get("dh")
    card = next((c for c in batters if c.id == dh), None) if dh not in out else None
    found = _rated_replacement(position, bench, dh, card)
    if found is not None:
        return found
    group = INFIELD if position in INFIELD else OUTFIELD if position in OUTFIELD else frozenset()
    similar = [c for c in bench if any(f.position in group for f in c.fielding)]
    choice = (similar or bench)[0]
    return choice, None, f"nobody healthy is rated at {position.upper()}: out of position, rated the worst (25.2)"


def _rated_replacement(position: str, bench: list[PACard], dh: str | None,
                       dh_card: PACard | None) -> tuple[PACard, str | None, str] | None:
    """The first bench player at the DH; else the best rated bench player; else the DH if he is rated
    there (the first bench player then bats as the DH); None when nobody available is rated there."""
    if position == "dh":
        return bench[0], None, "bats as the DH"
    rated = [c for c in bench if _rating(c, position) is not None]
    if rated:
        best = min(rated, key=lambda c: (_grade(_rating(c, position)), bench.index(c)))
        return best, None, f"rated at {position.upper()}: {_words(_rating(best, position))}"
    if dh_card is not None and _rating(dh_card, position) is not None:
        return bench[0], dh, f"DH {dh} moves to {position.upper()}, {bench[0].id} bats as the DH"
    return None


def _rating(card: PACard, position: str) -> Any:
    return next((f for f in card.fielding if f.position == position), None)


def _grade(rating: Any) -> tuple[int, int]:
    """Lower is better: a card game whose ratings have a range and an error rating (Strat) is ranked by them;
    another card game's ratings all rank alike (the card order decides)."""
    return (int(getattr(rating, "range", 0) or 0), int(getattr(rating, "error", 0) or 0))


def _words(rating: Any) -> str:
    return str(rating) if type(rating).__str__ is not object.__str__ else rating.position


def healthy(cards: Iterable[PACard], out: Mapping[str, Out]) -> list[PACard]:
    return [c for c in cards if c.id not in out]


__all__ = ["OLD_GAMES_READ", "Lineup", "Out", "fill_lineup", "healthy", "out_of_action", "rest_lineup"]
