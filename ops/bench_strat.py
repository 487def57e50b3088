#!/usr/bin/env python3
"""Benchmark: a Strat-O-Matic season simulated and stored roll by roll.

30 fictional clubs (cards from league.rules.strat.cardgen), a balanced
162-game schedule (2,430 games), simulated by the auto-manager through the
application with every roll an event.  Prints games/s, events/s and bytes.
With ``--audit`` it then times ``audit --all`` over the stored season.
The store is a SQLite file, or with ``--postgres`` a scratch database on the
local PostgreSQL server (dropped afterwards).

    .venv/bin/python ops/bench_strat.py [--teams 30] [--games 162] [--ruleset strat-o-matic-super]
        [--audit] [--postgres] [--keep FILE] [--option usage=real]

``--option NAME=VALUE`` sets a league option as ``league init --option`` does
(``usage=real``: 10.1-10.2's limits, read from the clubs' box scores at every
setup; the generated cards carry no real figures, so nobody sits, but the
reading is timed).
"""

from __future__ import annotations

import argparse

from card_season import arguments, run


def main() -> None:
    ap = arguments(__doc__)
    ap.add_argument("--ruleset", default="strat-o-matic",
                    help="the Strat-O-Matic variant (strat-o-matic, strat-o-matic-basic, strat-o-matic-super)")
    ap.add_argument("--option", action="append", default=[], type=_option, metavar="NAME=VALUE",
                    help="a league option")
    args = ap.parse_args()
    options = dict(args.option) if args.option else None

    from league.rules.strat.cardgen import format_cards, team_cards
    from league.rules.strat.team_file import read_card_team

    label = args.ruleset + (" +" + ",".join(f"{k}={v}" for k, v in args.option) if args.option else "")
    run(args, ruleset=args.ruleset, label=label,
        letter="S", club=lambda i, code: format_cards(team_cards(code), f"Bench club {code} ({code})"),
        read=read_card_team, options=options)


def _option(text: str) -> tuple[str, str]:
    name, sep, value = text.partition("=")
    if not sep or not name or not value:
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, got {text!r}")
    return name, value


if __name__ == "__main__":
    main()
