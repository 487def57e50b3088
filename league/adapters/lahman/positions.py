"""Who plays where: a club's regulars placed by their real games at each position.

Both rule systems that rate real seasons (Pennant Race sheets, Strat-O-Matic
cards) field the same men: a sheet and a card set of one club agree on the
lineup.
"""

from __future__ import annotations

from typing import Callable, Sequence, TypeVar

from league.domain.errors import LeagueError

T = TypeVar("T")


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
