"""Spaceship Battles as a game the judge hosts: its GameKind, put together from the four
parts its modules of the same names build (steps, show, about, records; pbem.kinds.kindparts),
registered in pbem.registry."""

from __future__ import annotations

from battles.judge.about import ABOUT
from battles.judge.records import RECORDS
from battles.judge.rows import GAME as KEY
from battles.judge.show import SHOW
from battles.judge.steps import STEPS
from pbem.kinds.gamekinds import GameKind

GAME = GameKind(name=KEY, steps=STEPS, show=SHOW, about=ABOUT, records=RECORDS)
