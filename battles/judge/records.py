"""Spaceship Battles' records and its words in a front end (pbem.kinds.kindparts.Records): the
`.sbr` record, how a text is sniffed as one, its replay page, the club page's record and
what Discord says of a battle."""

from __future__ import annotations

import battles.judge.guide as guide
import battles.judge.onlookers as onlookers
import battles.judge.show as show
from battles.judge.replay import replay_record
from notation.battles.sniff import battle_lines
from pbem.kinds.kindparts import Records

RECORDS = Records(
    record_suffix=".sbr",
    check_command="spaceships battles play",
    record_lines="`A ship` and `1 A move` lines",
    sniff=battle_lines,
    replay=replay_record,
    public_record=onlookers.public_record,
    texts=show.TEXTS,
    public_texts=onlookers.public_texts,
    board_words="the map",
    setup_lines=guide.setup_lines,
    setup_command=(
        "Send your ships' designs: as text, a file, or in a form",
        "ships separated by ; e.g. Lancer E-SAI(Gf)I(Xf)IIV; Kite E-AI(Mf)(Gf)IIID",
        "a .sbr or .txt file with one ship a line: a name and its Ship Code",
    ),
    orders_example="Lancer FFRF or Lancer > Raider",
)
