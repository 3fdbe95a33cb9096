"""A replay page survives whatever a player named themselves or wrote in a record's tags, and
whatever an address says after `#` (issue 32, item 4): the data embedded in the script is JSON
with every `<` written `\\u003c`, and a `#` that decodes to nothing still shows the game."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import Guarded, launch_browser
from replay_support import in_play, page_data, run

# What the audit named its players, and worse: each once broke or could break the page.
HOSTILE = ("<!--", "</script><script>alert(1)</script>", "<!-- <script>", "a&b<c>d")


def _page(tmp: Path, a: str, b: str) -> Path:
    record = tmp / "hostile.ssr"
    record.write_text(in_play().replace('"Alice"', f'"{a}"').replace('"Bob"', f'"{b}"'))
    out = tmp / "hostile.html"
    done = run("replay", str(record), "-o", str(out), "--as", "public")
    assert done.returncode == 0, done.stderr
    return out


@pytest.mark.parametrize("name", HOSTILE)
def test_a_name_with_markup_leaves_the_embedded_data_json_without_a_less_than(
    tmp_path: Path, name: str
) -> None:
    page = _page(tmp_path, name, "Bob").read_text()
    embedded = re.search(r'id="replay-data">(.*?)</script>', page, re.S)
    assert embedded is not None
    assert "<" not in embedded.group(1) and ">" not in embedded.group(1)
    data = page_data(page)  # JSON as it stands, no repair
    assert name in repr(data)
    assert page.count("<script") == 2  # the data and the viewer: none of the name's


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch_browser()


def test_the_page_shows_a_comment_opening_name_and_a_bad_fragment_in_a_browser(
    browser: Any, tmp_path: Path
) -> None:
    out = _page(tmp_path, "<!--", "</script><b>Bob</b>")
    for fragment in ("", "#turn-2", "#%", "#%E0%A4%A", "#%3Cscript%3E", "#nonsense"):
        guarded = Guarded(browser, ("file://",), 1280, 900)
        page = guarded.page
        page.goto(out.as_uri() + fragment)
        label = page.locator("#label").inner_text()
        assert label == ("Turn 2" if fragment == "#turn-2" else "Setup"), fragment
        assert page.locator("nav.turns a").count() == 3
        page.keyboard.press("End")  # and the page still steps
        assert page.locator("#label").inner_text() == "Turn 2"
        assert guarded.errors == [] and guarded.refused == [], fragment
        guarded.close()
    # The names are shown as text, never read as markup.
    guarded = Guarded(browser, ("file://",), 1280, 900)
    guarded.page.goto(out.as_uri())
    assert "</script><b>Bob</b>" in guarded.page.locator("body").inner_text()
    assert guarded.page.locator("b", has_text="Bob").count() == 0
    guarded.close()
