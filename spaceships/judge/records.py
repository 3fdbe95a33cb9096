"""Spaceships' records and its words in a front end (pbem.kinds.kindparts.Records): the `.ssr`
record, how a text is sniffed as one, its replay page, the club page's record, what Discord
says of a game and which game of a match a message belongs to."""

from __future__ import annotations

import spaceships.judge.guide as guide
import spaceships.judge.matches as matches
import spaceships.judge.onlookers as onlookers
from notation.spaceships.sniff import spaceships_lines
from pbem.kinds.kindparts import Records
from spaceships.judge.replay import replay_record

RECORDS = Records(
    record_suffix=".ssr",
    check_command="spaceships validate",
    record_lines="`A fleet:` and `1 A:` lines",
    format_command="spaceships fmt",
    sniff=spaceships_lines,
    replay=replay_record,
    public_record=onlookers.public_record,
    texts={
        "thread": "Spaceships {game}",
        "setup_who": "**{game}**: {a} against {b}.",
        "resigned": "both fleets are revealed",
        "help_setup": "send your fleet: text, a .ssr/.txt file, or a form",
    },
    public_texts=onlookers.public_texts,
    board_words="both spaces as both players know them",
    end_board_words="both spaces revealed at the end: every ship, and what each strike did",
    setup_lines=guide.setup_lines,
    setup_command=(
        "Send your fleet: as text, a .ssr/.txt file, or in a form",
        "your ships, e.g. DS Rv1 Rv2 ...; KC ...; or random; leave out to get a form",
        "a .ssr or .txt file with your fleet (list or grid form)",
    ),
    orders_example="Gx3 Gy3 bRv1Rx1 mYw3 sBz5",
    challenge_words=guide.describe_settings,
    match_game_of=matches.game_of_message,
)
