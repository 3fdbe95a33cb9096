"""`help chess`: how a game of Space Chess is played by mail, in the judge's words."""

from __future__ import annotations

from pbem.language.commands import Command
from pbem.steps.desk import Desk

__all__ = ["DISCORD_GUIDE", "GUIDE", "guide", "show_help"]

GUIDE = """\
Space Chess by mail: chess with spaceships on a ball of 162 cells.

Starting:
  create NAME chess [deadline 48h] [reminder 12h] [missing noactions|wait] [private]
                       [casual]   (rated on the Space Chess ladder unless casual)
  create NAME chess vs computer [random|greedy|search|deep] [rated]
                       (search if no level is said; deep is the strongest; casual
                       unless rated: then against the level's fixed rating)
  join NAME            the first to join plays the Terrans (they act first), the second
                       the Aliens; the game begins when both seats are taken [SC1]

A turn (the side to act only; one action on turn 1, then up to two) [SC2]:
  game NAME PASSWORD
  orders 3: Eb1-Eb4 Ba1>Bb1
    Ab1-Ab3   move 1 or 2 cells in a straight line, a fighter up to 3, over free hexagons
              only [SC3, SC4]
    Ba1>Bb1   the gunship on Ba1 fires an impactor towards its neighbour Bb1 [SC6]
    M@Ab2     your support ship lays a mine next to it [SC9]
    G@Ab2     your command ship rebuilds a destroyed ship next to it (gunship G, fighter F
              or support ship S): the whole turn [SC10]
    pass      end the turn; fewer actions than allowed end it too
After every turn the battle stage: impactors fly 4 cells, then ships next to enemies
fight [SC7, SC8]. Everyone gets what happened, the board and whose turn it is.

Ending: destroy the enemy command ship [SC11]; a draw by a third repetition, 50 turns
without a loss or turn 300 [SC12];
  draw NAME PASSWORD TURN   offers a draw, or accepts your opponent's, in turn TURN
                         (the turn in play); playing your turn instead lets their offer lapse
  resign NAME PASSWORD   gives up
  status NAME, history NAME   the board now, the record so far (`spaceships chess check`
                         reads it); the record comes attached (NAME.scr) at the end.
The game master: deadline, reminder, grace, missing; `process` passes the turn of the side
to act now; `cancel` ends the game without a result."""


def show_help(command: Command, desk: Desk) -> str:
    """`help chess`."""
    return GUIDE


DISCORD_GUIDE = """\
Space Chess in Discord: chess with spaceships on a ball of 162 cells.

Starting: `/spaceships challenge member:@bob game:Space Chess` (Bob accepts with the button;
the challenger plays the Terrans, who act first [SC1]); rated on the Space Chess ladder unless
`rated:False`. Against the computer: `/spaceships play game:Space Chess level:search` (random,
greedy, search or deep, the strongest); you play the Terrans, and it answers each of your
turns at once; casual unless `rated:True`.

A turn, the side to act only (one action on turn 1, then up to two) [SC2]: the **Submit moves**
button under the latest post in the game's thread, or
  /spaceships orders text:Eb1-Eb4 Ba1>Bb1
    Ab1-Ab3   move 1 or 2 cells in a straight line, a fighter up to 3 [SC3, SC4]
    Ba1>Bb1   the gunship on Ba1 fires an impactor towards Bb1 [SC6]
    M@Ab2     your support ship lays a mine next to it [SC9]
    G@Ab2     your command ship rebuilds a lost ship (G, F, S) next to it: the whole turn [SC10]
    pass      end the turn; fewer actions than allowed end it too
After every turn the thread gets what happened and the board's picture (the strip and both
hemispheres, last turn marked): the same for everyone, nothing is hidden.

Ending: destroy the enemy command ship [SC11]; a draw by a third repetition, 50 turns without
a loss or turn 300 [SC12]. `/spaceships draw` offers a draw or accepts your opponent's (playing
your turn lets their offer lapse); `/spaceships resign` gives up. `/spaceships board` and
`/spaceships history` show the board and the record; at the end the record (NAME.scr) is
attached, and `spaceships chess check NAME.scr` replays it."""


def guide(front_end: str = "mail") -> str:
    """`help chess` by mail, `/spaceships help topic:chess` in Discord."""
    return DISCORD_GUIDE if front_end == "discord" else GUIDE
