#!/usr/bin/env python3
"""Benchmark: a Strat-O-Matic season simulated and stored roll by roll.

30 fictional clubs (cards from league.rules.strat.cardgen), a balanced
162-game schedule (2,430 games), simulated by the auto-manager through the
application with every roll an event.  Prints games/s, events/s and bytes.
With ``--audit`` it then times ``audit --all`` over the stored season.
The store is a SQLite file, or with ``--postgres`` a scratch database on the
local PostgreSQL server (dropped afterwards).

    .venv/bin/python ops/bench_strat.py [--teams 30] [--games 162] [--ruleset strat-o-matic-super]
        [--audit] [--postgres] [--keep FILE]
"""

from __future__ import annotations

from card_season import arguments, run


def main() -> None:
    ap = arguments(__doc__)
    ap.add_argument("--ruleset", default="strat-o-matic",
                    help="the Strat-O-Matic variant (strat-o-matic, strat-o-matic-basic, strat-o-matic-super)")
    args = ap.parse_args()

    from league.rules.strat.cardgen import format_cards, team_cards
    from league.rules.strat.team_file import read_card_team

    run(args, ruleset=args.ruleset, label=args.ruleset, letter="S",
        club=lambda i, code: format_cards(team_cards(code), f"Bench club {code} ({code})"), read=read_card_team)


if __name__ == "__main__":
    main()
