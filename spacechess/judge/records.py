"""Space Chess's records and its words in a front end (pbem.kinds.kindparts.Records): the `.scr`
record, how a text is sniffed as one, its replay page and the club page's record."""

from __future__ import annotations

import spacechess.judge.about as about
import spacechess.judge.replay as replay
from notation.spacechess.sniff import chess_lines
from pbem.kinds.kindparts import Records

RECORDS = Records(
    record_suffix=replay.RECORD_SUFFIX,
    check_command="spaceships chess check",
    record_lines="turns like `3 T: Eb1-Eb4`",
    format_command="spaceships chess fmt",
    sniff=chess_lines,
    replay=replay.chess_replay,
    public_record=about.public_record,
    board_words="the board as both sides see it",
)
