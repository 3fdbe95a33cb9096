"""A real browser for the page tests: Playwright driving Debian's chromium (its own browser
downloads cannot work here), headless, quiet, one per test module. Skips with the reason when
Playwright or chromium is absent. Every request a page makes is routed here: those to other
places than the page's own are refused and listed, so a test can assert there were none."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from typing import Any

import pytest

ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]


def chromium_path() -> str | None:
    wanted = os.environ.get("SPACESHIPS_CHROMIUM")
    if wanted:
        return wanted if os.path.exists(wanted) else None
    for name in ("/usr/bin/chromium", "chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return None


def launch_browser() -> Iterator[Any]:
    """The body of a module-scoped fixture: a launched browser, closed afterwards."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("Playwright is not installed (pip install playwright; see CONTRIBUTING.md)")
    path = chromium_path()
    if path is None:
        pytest.skip("chromium is not installed (apt-get install chromium; .ci/run tries)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=path, args=ARGS)
        try:
            yield browser
        finally:
            browser.close()


class Guarded:
    """A page whose requests may go only to `allowed` (URL prefixes); `refused` lists the
    others, `errors` the page's script errors."""

    def __init__(self, browser: Any, allowed: tuple[str, ...], width: int, height: int) -> None:
        self.refused: list[str] = []
        self.errors: list[str] = []
        self.page = browser.new_page(viewport={"width": width, "height": height})
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)

        def route(route: Any) -> None:
            url = route.request.url
            if url.startswith(allowed) or url.startswith("data:"):
                route.continue_()
            else:
                self.refused.append(url)
                route.abort()

        self.page.route("**/*", route)

    def close(self) -> None:
        self.page.close()
