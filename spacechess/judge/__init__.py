"""Space Chess as a game the judge hosts: its GameKind (create and join, no set-up, a turn a
side by `orders`, status, history, resign, a draw offered and accepted, the game master's
process and cancel, deadlines), put together from the four parts its modules of the same
names build (steps, show, about, records; pbem.kinds.kindparts; docs/space-chess.md, "Playing by
mail")."""

from __future__ import annotations

from pbem.kinds.gamekinds import GameKind
from spacechess.judge.about import ABOUT
from spacechess.judge.records import RECORDS
from spacechess.judge.rows import GAME as KEY
from spacechess.judge.show import SHOW
from spacechess.judge.steps import STEPS

GAME = GameKind(name=KEY, steps=STEPS, show=SHOW, about=ABOUT, records=RECORDS)
