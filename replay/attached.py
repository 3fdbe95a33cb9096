"""The replay the judge attaches to a game's end: made from the record everyone receives then
[1.4.1], so it holds nothing the end does not reveal."""

from __future__ import annotations

from replay.frames import ReplayError
from replay.games import replay_of_text
from replay.page import replay_html

CONTENT_TYPE = "text/html; charset=utf-8"


def replay_file(record_text: str, record_name: str) -> tuple[str, bytes] | None:
    """(file name, page) for the record attached at the end; None for a record with nothing
    to step through (a game cancelled before both fleets were in)."""
    try:
        page = replay_html(replay_of_text(record_text, None, record_name))
    except ReplayError:
        return None
    return record_name.rsplit(".", 1)[0] + "-replay.html", page
