"""The files a game's end hands out [1.4.1]: its whole record and, beside it, the replay page
made from that record alone (docs/replay.md), so the page shows nothing the end does not."""

from __future__ import annotations

from pbem.messages import Attachment
from pbem.replay.attached import CONTENT_TYPE, replay_file
from pbem.replay.making import MakeReplay

RECORD_TYPE = "text/plain; charset=utf-8"


def end_attachments(
    record_text: str, file_name: str, replay: MakeReplay | None = None
) -> tuple[Attachment, ...]:
    """The record as `file_name`, and its replay (by the game's `replay`, None: a game without
    replay pages) when it has turns to step through (a game cancelled before both fleets were
    in has none)."""
    record = Attachment(file_name, RECORD_TYPE, record_text.encode("utf-8"))
    made = None if replay is None else replay_file(record_text, file_name, replay)
    return (record,) if made is None else (record, Attachment(made[0], CONTENT_TYPE, made[1]))
