"""The league website in a real headless Chromium: every page, every link, the race chart, the play-by-play.

Built for a small season of each game the project plays (Pennant Race, Strat-O-Matic,
Pine Tar, Inside Pitch), each with one game rewound and replayed, served by
``league site serve``'s server.
"""

from __future__ import annotations

import json
from collections import deque
from pathlib import Path
from typing import Any, Iterator
from urllib.parse import urldefrag

import pytest

from tests.e2e.cli import ok
from tests.e2e.site_browser import chromium, problems, require_browser
from tests.e2e.site_leagues import (REWIND_REASON, inside_pitch_league, last_game, pennant_race_league,
                                    pine_tar_league, rewind_and_replay, strat_league)


class Site:
    def __init__(self, db: str, out: Path, url: str, rewound: str | None = None) -> None:
        self.db, self.out, self.url, self.rewound = db, out, url, rewound

    def pages(self) -> list[str]:
        return sorted(json.loads((self.out / ".site.json").read_text())["pages"])


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from chromium()


@pytest.fixture(scope="module", params=["pennant-race", "strat-o-matic", "pine-tar", "inside-pitch"])
def site(request: Any, tmp_path_factory: Any) -> Iterator[Site]:
    require_browser()
    from league.site.serve import SiteServer

    tmp = tmp_path_factory.mktemp(request.param)
    db = str(tmp / "league.db")
    rewound = None
    if request.param == "pennant-race":
        app = pennant_race_league(db, clubs=3)  # three clubs: every page is loaded, so few pages
        rewound = last_game(app)
        rewind_and_replay(app, rewound)
    else:
        if request.param == "strat-o-matic":
            app = strat_league(db, tmp, clubs=3)
        elif request.param == "pine-tar":
            app = pine_tar_league(db, clubs=3)
        else:
            app = inside_pitch_league(db, clubs=3)
        rewound = last_game(app)
        rewind_and_replay(app, rewound, to=10)  # back to the middle of the game, then played on
    app.close()
    out = tmp / "site"
    ok(db, "site", "build", str(out))
    with SiteServer(out) as server:
        yield Site(db, out, server.url, rewound)


def test_every_page_is_reachable_from_home_and_loads_with_no_console_error_or_failed_request(
    browser: Any, site: Site
) -> None:
    """A crawler follows every internal link from the home page; each page it reaches loads clean."""
    seen: set[str] = set()
    broken: list[str] = []
    queue = deque([site.url + "index.html"])
    while queue:
        url = queue.popleft()
        if url in seen:
            continue
        seen.add(url)
        problems(browser)
        browser.get(url)
        found = problems(browser)
        if found:
            broken.append(f"{url}: {found}")
            continue
        links = browser.execute_script("return Array.from(document.querySelectorAll('a[href]'), a => a.href)")
        for link in links:
            target, fragment = urldefrag(link)
            if not target.startswith(site.url):
                broken.append(f"{url} links outside the site: {link}")
                continue
            if fragment and target == url and not browser.find_elements("id", fragment):
                broken.append(f"{url}#{fragment}: no such anchor")
            queue.append(target)
    assert broken == []
    assert len(seen) > 20
    assert {u.removeprefix(site.url) for u in seen} == set(site.pages())


def test_the_race_chart_has_one_line_per_club_ending_at_its_standing(browser: Any, site: Site) -> None:
    browser.get(site.url + "index.html")
    standings = json.loads(ok(site.db, "standings", "--json"))
    charts = browser.find_elements("css selector", "figure.race svg")
    assert len(charts) == len({(r["league"], r["division"]) for r in standings})
    lines = {}
    for chart in charts:
        for line in chart.find_elements("css selector", "polyline.club"):
            values = [int(v) for v in line.get_attribute("data-values").split(",")]
            assert len(values) == len(line.get_attribute("points").split())
            lines[line.get_attribute("data-team")] = values[-1]
    assert lines == {r["team"]: r["w"] - r["l"] for r in standings}
    table = {row.get_attribute("data-team"): (int(row.find_element("css selector", "td.w").text),
                                              int(row.find_element("css selector", "td.l").text))
             for row in browser.find_elements("css selector", "table.standings tbody tr")}
    assert {t: w - l for t, (w, l) in table.items()} == lines


def test_a_game_page_lists_exactly_the_events_of_the_game_log_in_order(browser: Any, site: Site) -> None:
    games = [p for p in site.pages() if p.startswith("games/")]
    for page in (games[0], games[-1]):
        game = page.removeprefix("games/").removesuffix(".html")
        log = json.loads(ok(site.db, "game", "log", game, "--json"))
        browser.get(site.url + page)
        rows = browser.find_elements("css selector", "table.plays tbody tr.event")
        shown = [(int(r.get_attribute("data-position")), r.get_attribute("data-type"),
                  "superseded" in r.get_attribute("class").split()) for r in rows]
        assert shown == [(e["position"], e["type"], e["superseded"]) for e in log]


def test_a_rewound_and_replayed_game_shows_the_rewind_and_its_reason(browser: Any, site: Site) -> None:
    assert site.rewound is not None
    browser.get(site.url + f"games/{site.rewound}.html")
    rewinds = browser.find_elements("css selector", "tr.commissioner[data-type='Rewound']")
    assert len(rewinds) == 1
    assert REWIND_REASON in rewinds[0].text and "commissioner" in rewinds[0].text
    log = json.loads(ok(site.db, "game", "log", site.rewound, "--json"))
    rewind = next(e for e in log if e["type"] == "Rewound")
    assert rewinds[0].get_attribute("data-position") == str(rewind["position"])
    superseded = browser.find_elements("css selector", "tr.event.superseded")
    assert [int(r.get_attribute("data-position")) for r in superseded] == \
        [e["position"] for e in log if e["superseded"]]


def test_clicking_a_column_heading_sorts_the_table(browser: Any, site: Site) -> None:
    browser.get(site.url + "index.html")
    table = browser.find_element("css selector", "table.standings")
    heading = table.find_elements("css selector", "thead th")[2]  # L
    heading.click()
    losses = [int(c.text) for c in table.find_elements("css selector", "tbody td.l")]
    assert losses == sorted(losses)
    heading.click()
    losses = [int(c.text) for c in table.find_elements("css selector", "tbody td.l")]
    assert losses == sorted(losses, reverse=True)
    assert heading.get_attribute("aria-sort") == "descending"
