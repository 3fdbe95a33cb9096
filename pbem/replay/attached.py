"""The replay the judge attaches to a game's end: made from the record everyone receives then
[1.4.1], so it holds nothing the end does not reveal."""

from __future__ import annotations

import logging

from pbem.replay.frames import ReplayError
from pbem.replay.making import MakeReplay
from pbem.replay.page import replay_html

CONTENT_TYPE = "text/html; charset=utf-8"
log = logging.getLogger(__name__)


def replay_file(record_text: str, record_name: str, make: MakeReplay) -> tuple[str, bytes] | None:
    """(file name, page) for the record attached at the end, by its game's maker; None for a
    record with nothing to step through (a game cancelled before both fleets were in), or
    when the page cannot be made (logged)."""
    try:
        page = replay_html(make(record_text, None, record_name))
    except ReplayError:
        return None
    except Exception:
        # The page is a courtesy beside the record: a fault in it must not stop a game from
        # ending (the whole turn would be undone, and the players told nothing).
        log.exception("the replay of %s could not be made; the record goes without it", record_name)
        return None
    return record_name.rsplit(".", 1)[0] + "-replay.html", page
