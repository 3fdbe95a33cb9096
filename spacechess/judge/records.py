"""Space Chess's records and its words in a front end (pbem.kindparts.Records): the `.scr`
record, how a text is sniffed as one, its replay page and the club page's record."""

from __future__ import annotations

from pbem.kindparts import Records
from spacechess.judge import about, replay
from spacechess.sniff import chess_lines

RECORDS = Records(
    record_suffix=replay.RECORD_SUFFIX,
    sniff=chess_lines,
    replay=replay.chess_replay,
    public_record=about.public_record,
    board_words="the board as both sides see it",
)
