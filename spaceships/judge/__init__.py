"""Spaceships as a game the judge hosts: its GameKind, put together from the four parts its
modules of the same names build (steps, show, about, records; pbem.kinds.kindparts), registered in
pbem.registry."""

from __future__ import annotations

from pbem.kinds.gamekinds import GameKind
from spaceships.judge.about import ABOUT, KEY
from spaceships.judge.records import RECORDS
from spaceships.judge.show import SHOW
from spaceships.judge.steps import STEPS

GAME = GameKind(name=KEY, steps=STEPS, show=SHOW, about=ABOUT, records=RECORDS)
