#!/usr/bin/env python3
"""Benchmark: how long each read command takes, beside ``league --version``.

Two seasons, built once and kept in the temp folder (``--rebuild`` makes
them again): the 1988 Pennant Race season (``league demo --season 1988``:
sheets rated from the Lahman database, Retrosheet's schedule, every game
simulated) and a Strat-O-Matic season (30 generated card clubs, a balanced
162-game schedule, 2,430 games simulated).  Each command runs as its own
process, ``.venv/bin/league --db SEASON ...``, once to catch the views up
(not timed), then ``--repeat`` times in interleaved rounds, each run right
after a run of ``league --version``; the table shows each median, and its
ratio to the median of the ``league --version`` runs paired with it, of the
wall clock (what the targets are about) and of the process's CPU time (user
+ system: on a shared machine the wall clock grows with everyone else's
work, the CPU time much less).  Pairs, because this host's speed drifts by
a fifth over a few seconds (all commands together): a command's median
compared with ``--version`` runs taken seconds away measured the drift as
much as the command (the slowest read's ratio moved between 1.32 and 1.74
over twelve runs of the same code, 2026-11-29); the row of ``--version``
shows the median of all its runs.

Targets: every read command it lists at most 2 x ``league --version`` (room
for ordinary code: dataclasses, pathlib, json; rich's tables took 2.5-3.8 x
on full-season listings, docs/read-models.md), and ``league --version``
itself at most 0.25 s.  ``schedule list``, ``teams list``,
``roster TEAM`` and ``audit GAME`` are timed beside them (marked ``*``) but
not held to the targets.  The commands run with
their byte-code cached (``PYTHONPYCACHEPREFIX`` in the seasons' folder,
written by the untimed pass), as from an installed package.

With ``--baseline SRC`` (a checkout of older code, e.g. ``git worktree add
/tmp/old HEAD~1``) every command is also timed from that source tree, in
the same rounds, so a before/after table comes from one run.  Code older
than a migration refuses the seasons this checkout migrated: time each tree
on its own seasons instead, taking turns, e.g. ``PYTHONPATH=SRC
.venv/bin/python SRC/ops/bench_cli.py --dir /tmp/old-seasons`` (with
``PYTHONPATH`` the ``league`` script runs SRC's code).

With ``--installed`` every command is also timed from a plain install of
this checkout (``pip install .``, as the README installs League: a venv kept
in the seasons' folder, the project reinstalled each run), in the same
rounds.  The development venv's ``league`` is an editable install, whose
import hook costs every process, ``--version`` included, a few
milliseconds: its ratios read lower than an installed package's.  Each
tree gets its own verdict.

    .venv/bin/python ops/bench_cli.py [--repeat 5] [--rebuild] [--baseline SRC] [--installed]
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

from host_speed import describe

ROOT = Path(__file__).resolve().parent.parent
LEAGUE = Path(sys.executable).with_name("league")
VERSION_LIMIT = 0.25
RATIO_LIMIT = 2.0

# What `league` itself runs (its console script), for a source tree given by path.
LAUNCH = "import sys; sys.argv[0] = 'league'; from commands.cli import main; sys.exit(main())"


def read_commands(game: str, team: str) -> list[list[str]]:
    return [
        ["standings"],
        ["stats", "pitching"],
        ["stats", "batting"],
        ["leaders"],
        ["pitchers", "--team", team],
        ["injuries"],
        ["game", "show", game],
        ["game", "log", game],
        ["history"],
    ]


def other_commands(game: str, team: str) -> list[list[str]]:
    """Timed too, but outside the targets: everyday commands the issue did not list (marked ``*``).

    ``roster`` folds the League and the club's Staff (its ratings are in the team files, not in a
    view) and ``audit GAME`` replays a game, so both load the event-sourcing library."""
    return [["schedule", "list"], ["teams", "list"], ["roster", team], ["audit", game]]


def league(args: list[str], db: str | None = None, check: bool = True) -> subprocess.CompletedProcess[str]:
    full = [str(LEAGUE), *(["--db", db] if db else []), *args]
    return subprocess.run(full, check=check, capture_output=True, text=True, cwd=ROOT)


def build_1988(db: Path) -> None:
    """The real 1988 season under Pennant Race rules, in one command."""
    t = time.perf_counter()
    league(["demo", "--season", "1988"], str(db))
    print(f"  built {db.name}: 1988 Pennant Race season in {time.perf_counter() - t:.0f} s", flush=True)


def build_strat(db: Path, teams: int, games: int) -> None:
    """Generated Strat-O-Matic clubs on a balanced schedule, simulated (as ops/bench_strat.py)."""
    sys.path.insert(0, str(ROOT))
    from league.adapters.logging import configure_logging
    from league.adapters.schedule import balanced_schedule
    from league.bootstrap import open_app
    from league.rules.strat.cardgen import format_cards, team_cards
    from league.rules.strat.team_file import read_card_team

    configure_logging("human", False)  # warnings only: no line per import step
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    codes = [f"S{letters[i // 26]}{letters[i % 26]}" for i in range(teams)]
    t = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        files = []
        for code in codes:
            path = Path(tmp) / f"{code}.txt"
            path.write_text(format_cards(team_cards(code), f"Bench club {code} ({code})"), encoding="utf-8")
            files.append(path)
        app = open_app(str(db))
        try:
            app.create_league(name="strat bench", ruleset="strat-o-matic", seed="2430", actor="bench")
            app.import_teams([(read_card_team(p), p.name) for p in files], actor="bench")
            app.import_schedule(balanced_schedule(codes, games, dt.date(2024, 3, 28), seed=1),
                                source="balanced", actor="bench")
            played = app.simulate(actor="bench")
        finally:
            app.close()
    print(f"  built {db.name}: {played} Strat-O-Matic games in {time.perf_counter() - t:.0f} s", flush=True)


def season(db: Path, build: Callable[[Path], None], rebuild: bool) -> tuple[str, str]:
    """The season's database (built if missing) and a played game and a club to look at."""
    if rebuild or not db.exists():
        for suffix in ("", "-wal", "-shm"):
            Path(f"{db}{suffix}").unlink(missing_ok=True)
        try:
            build(db)
        except BaseException:
            for suffix in ("", "-wal", "-shm"):  # no half-built season for the next run to trust
                Path(f"{db}{suffix}").unlink(missing_ok=True)
            raise
    played = json.loads(league(["schedule", "list", "--status", "played", "--json"], str(db)).stdout)
    first = played[0]
    return first["game"], first["home"]


def timed(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one run of the command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    # Not from the checkout: `python -c` puts its folder first on the path, before a --baseline tree.
    done = subprocess.run(cmd, cwd=tempfile.gettempdir(), env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    seconds = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed ({done.returncode}): {done.stderr.strip()}")
    return seconds, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dir", default=os.path.join(tempfile.gettempdir(), "league-bench-cli"),
                    help="where the seasons are kept between runs")
    ap.add_argument("--repeat", type=int, default=5, help="timed runs of each command (the median counts)")
    ap.add_argument("--rebuild", action="store_true", help="build the seasons again")
    ap.add_argument("--strat-teams", type=int, default=30)
    ap.add_argument("--strat-games", type=int, default=162, help="games per Strat-O-Matic club")
    ap.add_argument("--baseline", default=None, help="also time the commands from this source tree")
    ap.add_argument("--installed", action="store_true",
                    help="also time a plain (not editable) install of this checkout, as the README installs it")
    args = ap.parse_args()

    folder = Path(args.dir)
    folder.mkdir(parents=True, exist_ok=True)
    print(f"Seasons in {folder}")
    strat_db = folder / f"strat-{args.strat_teams}x{args.strat_games}.db"
    seasons = {
        "1988 PR": (folder / "pennant-race-1988.db",
                    season(folder / "pennant-race-1988.db", build_1988, args.rebuild)),
        "Strat": (strat_db, season(strat_db, lambda db: build_strat(db, args.strat_teams, args.strat_games),
                                   args.rebuild)),
    }

    # (label, season label, argv) for every run; --version has no season.
    runs: list[tuple[str, str, list[str]]] = [("--version", "", ["--version"])]
    for name, (db, (game, team)) in seasons.items():
        for cmd in read_commands(game, team) + other_commands(game, team):
            label = " ".join({game: "GAME", team: "TEAM"}.get(c, c) for c in cmd)
            if cmd in other_commands(game, team):
                label += " *"
            runs.append((label, name, ["--db", str(db), *cmd]))

    # Views caught up by the command itself, as a commissioner's CLI does.  Byte-code cached as an
    # installed package has it (pip compiles it), in the seasons' folder rather than the checkout:
    # with PYTHONDONTWRITEBYTECODE every run would compile each of the project's modules again.
    env = {k: v for k, v in os.environ.items()
           if k not in ("LEAGUE_PROJECTIONS", "LEAGUE_DB", "LEAGUE_FAST_READS", "PYTHONDONTWRITEBYTECODE")}
    env["PYTHONPYCACHEPREFIX"] = str(folder / "pycache")
    trees = {"now": (str(LEAGUE), env)}
    if args.baseline:
        trees = {"before": (sys.executable, dict(env, PYTHONPATH=str(Path(args.baseline).resolve()))), **trees}
    if args.installed:  # with the byte-code pip compiled into the venv, as a user's install runs
        trees["installed"] = (str(installed(folder / "venv-installed")),
                              {k: v for k, v in env.items() if k != "PYTHONPYCACHEPREFIX"})

    def argv(tree: str, run: list[str]) -> list[str]:
        exe = trees[tree][0]
        return [exe, "-c", LAUNCH, *run] if exe == sys.executable else [exe, *run]

    # One untimed pass: the views catch up with the log, the OS caches the files.
    for tree in trees:
        for _, _, run in runs:
            timed(argv(tree, run), trees[tree][1])
    times: dict[tuple[str, int], list[float]] = {(t, i): [] for t in trees for i in range(len(runs))}
    cpu: dict[tuple[str, int], list[float]] = {(t, i): [] for t in trees for i in range(len(runs))}
    # The --version runs paired with each command's (run just before it); row 0 pools every --version run.
    paired: dict[tuple[str, int], list[float]] = {(t, i): [] for t in trees for i in range(len(runs))}
    paired_cpu: dict[tuple[str, int], list[float]] = {(t, i): [] for t in trees for i in range(len(runs))}
    load = os.getloadavg()[0]
    print(describe("before"), flush=True)
    for _ in range(args.repeat):
        for i, (_, _, run) in enumerate(runs[1:], start=1):
            for tree in trees:  # interleaved: a busy moment costs both trees alike
                for k, cmd in ((0, runs[0][2]), (i, run)):
                    wall, used = timed(argv(tree, cmd), trees[tree][1])
                    times[tree, k].append(wall)
                    cpu[tree, k].append(used)
                paired[tree, i].append(times[tree, 0][-1])
                paired_cpu[tree, i].append(cpu[tree, 0][-1])
    load = max(load, os.getloadavg()[0])
    print(describe("after"))
    for tree in trees:
        paired[tree, 0], paired_cpu[tree, 0] = times[tree, 0], cpu[tree, 0]

    median = {k: statistics.median(v) for k, v in times.items()}
    cpu_median = {k: statistics.median(v) for k, v in cpu.items()}
    version = {k: statistics.median(v) for k, v in paired.items()}  # what each command is compared with
    version_cpu = {k: statistics.median(v) for k, v in paired_cpu.items()}
    head = f"{'command':<22}{'season':<9}"
    for tree in trees:
        head += f"{tree + ' s':>12}{'x ver':>7}{'CPU s':>8}{'x ver':>7}"
    print(head)
    for i, (label, name, _) in enumerate(runs):
        line = f"{label:<22}{name:<9}"
        for tree in trees:
            line += f"{median[tree, i]:>12.3f}{median[tree, i] / version[tree, i]:>7.2f}"
            line += f"{cpu_median[tree, i]:>8.3f}{cpu_median[tree, i] / version_cpu[tree, i]:>7.2f}"
        print(line)
    print(f"(median of {args.repeat}; x ver = the command's median over the median of the league --version runs "
          f"paired with it (each just before it); "
          f"CPU s = the process's user + system time, which a busy machine stretches less than the wall clock; "
          f"load average up to {load:.1f} on {os.cpu_count()} CPUs; * timed, outside the targets)")
    ok = True
    for tree in (t for t in trees if t != "before"):
        own = median[tree, 0]
        worst = max(median[tree, i] / version[tree, i] for i in range(1, len(runs)) if not runs[i][0].endswith("*"))
        name = "" if len(trees) == 1 else f"[{tree}] "
        print(f"{name}league --version {own:.3f} s (target <= {VERSION_LIMIT} s):",
              "met" if own <= VERSION_LIMIT else "NOT met")
        print(f"{name}slowest read command {worst:.2f} x league --version (target <= {RATIO_LIMIT}):",
              "met" if worst <= RATIO_LIMIT else "NOT met")
        ok = ok and own <= VERSION_LIMIT and worst <= RATIO_LIMIT
    sys.exit(0 if ok else 1)


def installed(venv: Path) -> Path:
    """``league`` of a plain install of this checkout in ``venv`` (made once; the project reinstalled, its
    dependencies kept)."""
    exe = venv / "bin" / "league"
    pip = [str(venv / "bin" / "python"), "-m", "pip", "install", "-q", "--disable-pip-version-check"]
    t = time.perf_counter()
    if not exe.exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run([*pip, str(ROOT)], check=True, capture_output=True)
    else:
        subprocess.run([*pip, "--no-deps", "--force-reinstall", str(ROOT)], check=True, capture_output=True)
    print(f"  installed this checkout in {venv} in {time.perf_counter() - t:.0f} s", flush=True)
    return exe


if __name__ == "__main__":
    main()
