"""Who plays where: a club's regulars placed by their real games at each position.

Both rule systems that rate real seasons (Pennant Race sheets, Strat-O-Matic
cards) field the same men: a sheet and a card set of one club agree on the
lineup.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence, TypeVar

from league.adapters.lahman.card_season import count
from league.domain.errors import LeagueError

T = TypeVar("T")
L = TypeVar("L", bound=Mapping[str, Any])  # a season line


def assign_positions(hitters: Sequence[str], positions: Sequence[str], games: Callable[[str, str], float],
                     bats: Callable[[str], float]) -> dict[str, str]:
    """Each position (and the DH) to one man, each man once, by games played there.

    Greedy on games (ties to the bigger ``bats``), then swaps of two men and
    replacements by an unused man while they add games; a position nobody
    played goes to the unused man with the biggest ``bats``.
    """
    pairs = sorted(((games(pid, pos), bats(pid), pid, pos) for pid in hitters for pos in positions), reverse=True)
    chosen: dict[str, str] = {}
    for g, _, pid, pos in pairs:
        if g > 0 and pos not in chosen and pid not in chosen.values():
            chosen[pos] = pid
    improved = True
    while improved:
        improved = False
        for p in positions:
            for q in positions:
                if p < q and p in chosen and q in chosen:
                    a, b = chosen[p], chosen[q]
                    if games(a, q) + games(b, p) > games(a, p) + games(b, q):
                        chosen[p], chosen[q] = b, a
                        improved = True
        used = set(chosen.values())
        for p in positions:
            for pid in hitters:
                if pid not in used and p in chosen and games(pid, p) > games(chosen[p], p):
                    used.discard(chosen[p])
                    chosen[p] = pid
                    used.add(pid)
                    improved = True
    for p in positions:
        if p not in chosen:
            free = [pid for pid in hitters if pid not in chosen.values()]
            if not free:
                raise LeagueError(f"not enough batters to fill {p}")
            chosen[p] = max(free, key=lambda pid: (bats(pid), pid))
    return {p: chosen[p] for p in positions}


def batting_order(men: Sequence[T], obp: Callable[[T], float], slg: Callable[[T], float],
                  pid: Callable[[T], str]) -> list[T]:
    """Third the best on-base plus slugging, fourth the best slugging; on-base first and second; then OPS.

    The card games' generators order their lineups this way; each says how it
    reads a man's on-base and slugging rates (``pid`` breaks ties).
    """
    pool = list(men)

    def take(key: Callable[[T], float]) -> T:
        best = max(pool, key=lambda b: (key(b), pid(b)))
        pool.remove(best)
        return best

    third = take(lambda b: obp(b) + slg(b))
    fourth = take(slg)
    first = take(obp)
    second = take(obp)
    return [first, second, third, fourth] + sorted(pool, key=lambda b: (-(obp(b) + slg(b)), pid(b)))


FIELD = ("c", "1b", "2b", "3b", "ss", "lf", "cf", "rf")
OUTFIELD = ("lf", "cf", "rf")
APPEARANCE = {"c": "G_c", "1b": "G_1b", "2b": "G_2b", "3b": "G_3b", "ss": "G_ss", "lf": "G_lf", "cf": "G_cf",
              "rf": "G_rf", "dh": "G_dh"}
MIN_POSITION_GAMES = 5  # a man is rated at a position he played this often (or 10% of his games)


def games_at(a: Mapping[str, Any], pos: str) -> float:
    """A man's games at ``pos`` from his Appearances line (seasons without the outfield split: a third of G_of)."""
    g = count(a, APPEARANCE[pos])
    if pos in OUTFIELD and not (count(a, "G_lf") or count(a, "G_cf") or count(a, "G_rf")):
        g = count(a, "G_of") / 3
    return g


def rated_positions(a: Mapping[str, Any], first: str | None) -> list[str]:
    """Where a card game rates a man: his position in the lineup first, then where he played enough, most first."""
    least = max(MIN_POSITION_GAMES, 0.1 * count(a, "G_all"))
    played = sorted((p for p in FIELD if games_at(a, p) >= least and p != first),
                    key=lambda p: (-games_at(a, p), FIELD.index(p)))
    out = ([first] if first else []) + played
    if not out:  # never in the field enough: where he played most, else first base
        best = max(FIELD, key=lambda p: (games_at(a, p), -FIELD.index(p)))
        out = [best if games_at(a, best) > 0 else "1b"]
    return out


ROTATION, FOUR_MAN_SHARE = 5, 0.80  # four when the four busiest starters made 80% of the starts


def pick_staff(pitching: Sequence[L], relievers: int, year: int) -> tuple[list[L], list[L], L | None]:
    """A club's card-game staff from its pitchers' season lines: (rotation, relievers, closer).

    The rotation by real starts (four men when the four busiest made
    ``FOUR_MAN_SHARE`` of the starts, else five); then up to ``relievers`` men
    by relief games (with none, the busiest pitcher left); the closer is the
    reliever with the most saves (then games finished), or None.
    """
    by_gs = sorted(pitching, key=lambda p: (-count(p, "GS"), -count(p, "IPouts"), p["playerID"]))
    starts = [p for p in by_gs if count(p, "GS") > 0]
    if not starts:
        raise LeagueError(f"{year}: a club has no starting pitcher")
    total = sum(count(p, "GS") for p in starts)
    size = 4 if sum(count(p, "GS") for p in starts[:4]) >= FOUR_MAN_SHARE * total else ROTATION
    rotation = starts[:size]
    ids = {p["playerID"] for p in rotation}
    relief = sorted((p for p in pitching if p["playerID"] not in ids and count(p, "G") > count(p, "GS")),
                    key=lambda p: (-(count(p, "G") - count(p, "GS")), -count(p, "IPouts"), p["playerID"]))
    relief = relief[:relievers] or [p for p in by_gs if p["playerID"] not in ids][:1]
    closer = max(relief, key=lambda p: (count(p, "SV"), count(p, "GF"), -relief.index(p))) if relief else None
    return rotation, relief, closer
