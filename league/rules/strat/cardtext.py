"""Write cards back in the format :mod:`league.rules.strat.cards` reads."""

from __future__ import annotations

from league.rules.strat.cards import ROWS, Card
from league.rules.strat.results import cell_text

_HEAD = {"batter": ("[vs LHP]", "[vs RHP]"), "pitcher": ("[vs LHB]", "[vs RHB]")}


def format_card(card: Card) -> str:
    lines = [f"{card.kind.upper()} {card.id}", f"name: {card.name}", f"team: {card.team}"]
    if card.kind == "batter":
        lines.append(f"bats: {card.hand}")
    else:
        lines += [f"throws: {card.hand}", f"batting: {card.batting}"]
        lines.append("endurance: " + " ".join(
            f"{role}({n})" + (f"/{card.closer}" if role == "relief" and card.closer is not None else "")
            for role, n in (("starter", card.starter), ("relief", card.relief))
            if n is not None))
        lines += [f"hold: {card.hold:+d}", f"balk: {card.balk}", f"wild-pitch: {card.wild_pitch}"]
    lines.append("fielding: " + ", ".join(str(f) for f in card.fielding))
    if card.catcher_t is not None:
        lines.append(f"catcher: T{card.catcher_t[0]}-{card.catcher_t[1]} pb{card.passed_ball}")
    lines += [f"running: 1-{card.running}", f"stealing: {card.stealing}"]
    if card.lead is not None:
        lines.append(f"lead: {card.lead}")  # 23.1, read by super advanced play only
    lines.append(f"bunting: {card.bunting}")
    if card.kind == "batter":
        lines += [f"hit-and-run: {card.hit_and_run}", f"power: {card.power[0]}/{card.power[1]}"]
    for side, head in zip(("basic", "L", "R"), ("[basic]",) + _HEAD[card.kind]):
        lines.append(head)
        for c in card.columns:
            for r in ROWS:
                lines.append(f"{c}-{r} {cell_text(card.cell(side, c, r))}")
    lines.append("END")
    return "\n".join(lines) + "\n"


def format_cards(cards: list[Card], title: str = "") -> str:
    head = f"# {title}\n\n" if title else ""
    return head + "\n".join(format_card(c) for c in cards)
