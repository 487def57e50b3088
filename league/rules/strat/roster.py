"""Load a card set and build a starting lineup from a team's cards."""

from __future__ import annotations

from pathlib import Path

from league.rules.pa.state import Team, new_team
from league.rules.strat.cards import Card, read_cards
from league.rules.strat.context import EMERGENCY

CARD_SET = Path(__file__).resolve().parents[2] / "data" / "cards"
EMERGENCY_CARD = Path(__file__).with_name("charts") / "emergency-pitcher.txt"
PITCHERS_HITTING = CARD_SET / "pitcher-hitting.txt"  # the eight pitchers' hitting cards (11.1)


def load_set(directory: Path = CARD_SET) -> dict[str, Card]:
    """Every card in ``directory`` plus the 25.3 emergency pitching card, by id."""
    cards: dict[str, Card] = {}
    for path in sorted(directory.glob("*.txt")) + [EMERGENCY_CARD]:
        for card in read_cards(path):
            cards[card.id] = card
    if not any(c.id == EMERGENCY for c in cards.values()):
        raise ValueError("the emergency pitching card is missing")
    return cards


def shared_set() -> dict[str, Card]:
    """The cards every league shares, by id: the pitchers' hitting cards (11.1) and the 25.3 emergency
    pitching card, read from their own two files (the whole set is eight clubs more, which every audit
    and ``game log`` paid for before reading its own cards)."""
    cards = {card.id: card for path in (PITCHERS_HITTING, EMERGENCY_CARD) for card in read_cards(path)}
    if EMERGENCY not in cards:
        raise ValueError("the emergency pitching card is missing")
    return cards


def starting_team(cards: dict[str, Card], code: str, dh: bool, starter: int = 0) -> Team:
    """Generated sets list 8 starters by position, a DH, 4 reserves, then pitchers:
    the starters bat in card order, the pitcher (or the DH) ninth."""
    mine = [c for c in cards.values() if c.team == code]
    batters = [c for c in mine if c.kind == "batter"]
    pitchers = [c for c in mine if c.kind == "pitcher"]
    starters = [c for c in pitchers if c.starter is not None]
    sp = starters[starter % len(starters)]
    field = {c.fielding[0].position: c.id for c in batters[:8]}
    fielders = {**field, "p": sp.id}
    ninth = batters[8].id if dh else sp.id
    if dh:
        fielders["dh"] = batters[8].id
    bench = [c.id for c in batters[9:]] + ([] if dh else [batters[8].id])
    eligible = {c.id: tuple(f.position for f in c.fielding) for c in mine}
    return new_team(code, [c.id for c in batters[:8]] + [ninth], fielders, eligible, bench,
                    [p.id for p in pitchers if p.id != sp.id], dh)
