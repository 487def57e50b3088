"""A real headless Chromium for the website tests (Debian's chromium and chromium-driver).

Without a browser the tests are skipped -- unless the CI variable is set,
where a missing browser fails the run (as a missing PostgreSQL does).  The
flags keep Chromium off the network: the machine running the tests may have
none, and a browser that keeps trying floods the log with refused connections.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path
from typing import Any, Iterator

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
FLAGS = ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage", "--window-size=1200,900")


def _missing() -> str | None:
    if not (Path(CHROMIUM).is_file() and Path(DRIVER).is_file()):
        return "chromium and chromium-driver are not installed (ops/test installs them)"
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install -e '.[test]')"
    return None


def require_browser() -> None:
    reason = _missing()
    if reason is None:
        return
    if os.environ.get("CI"):
        pytest.fail(f"a browser is required under CI: {reason}")
    pytest.skip(reason)


def chromium() -> Iterator[Any]:
    """A headless Chromium with a fresh profile, its console log kept (quit afterwards)."""
    require_browser()
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="league-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (*FLAGS, f"--user-data-dir={profile}"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    driver.set_page_load_timeout(30)
    driver.get("about:blank")
    problems(driver)  # start-up noise is not a page's
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def problems(driver: Any) -> list[str]:
    """Console errors and failed requests since the last call (both logs are drained)."""
    import json

    out = [f"console: {e['message']}" for e in driver.get_log("browser") if e["level"] in ("SEVERE", "ERROR")]
    sent: dict[str, str] = {}  # the page's requests (Chromium's own start-up traffic has none)
    for e in driver.get_log("performance"):
        msg = json.loads(e["message"])["message"]
        if msg["method"] == "Network.requestWillBeSent":
            sent[msg["params"]["requestId"]] = msg["params"]["request"]["url"]
        elif msg["method"] == "Network.loadingFailed" and msg["params"]["requestId"] in sent:
            out.append(f"request {sent[msg['params']['requestId']]} failed: {msg['params'].get('errorText')}")
        elif msg["method"] == "Network.responseReceived" and msg["params"]["response"]["status"] >= 400:
            out.append(f"request {msg['params']['response']['url']}: HTTP {msg['params']['response']['status']}")
    return out
