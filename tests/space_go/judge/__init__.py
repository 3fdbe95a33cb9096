"""Space Go as a game the judge hosts: its GameKind from its four parts."""

from __future__ import annotations

from pbem.kinds.gamekinds import GameKind
from space_go.judge.about import ABOUT
from space_go.judge.records import RECORDS
from space_go.judge.show import SHOW
from space_go.judge.steps import STEPS

GAME = GameKind(name="go", steps=STEPS, show=SHOW, about=ABOUT, records=RECORDS)
