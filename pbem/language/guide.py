"""The players' guide as the judge mails it (`help guide`): everything a player or game master
needs, for readers who cannot open the project's docs (docs/commands.md says the same at length).
Each game adds its own section (its kind's `about.guide`)."""

from __future__ import annotations

from pbem import registry

_HEAD = """\
The Spaceships judge: a guide by mail

Write commands one per line, in any case (JOIN, join); the notation itself is
case-sensitive (Yx3 is Yellow, not yx3). Lines starting with # are skipped.
Every command is answered in one reply that quotes it first. A line the judge
cannot read is answered with what is wrong, where, and a hint.

Anyone
  list                        the public games and who may join them
  create NAME [SETTINGS]      a new game; you become its game master
  join NAME                   take the next seat; the reply holds your password
  observe NAME                get, each turn, what both players see
  status NAME                 who plays, who has sent what, the deadline
  history NAME                the game so far, as both players see it
  pictures on|off             pictures with your mail (PNGs after the text), for
                              every game; `pictures` alone: what holds now

Playing
  Your password comes in the reply to `join` (lost it? `newpassword alpha` from
  the same address). Start every message for a game with the sign-on line; the
  lines after it act for you in that game:

    game alpha amber-otter-tango
    fleet DS Rv1 Rv2 Rw1 Rw2 Ov1 Ov2 Ow1 Ow2; KC Gx1 Gx2 Gx3 Gy1 Gy2 Gy3;
          PC Bz1 Bz2 Bz3 Bz4; MD Yv3 Yw3 Yx3; LS Oz5

  fleet    your ships: type code, then its cells; `;` or a new line between
           ships, up to a blank line. The grid form works too. You may send it
           again until both fleets are in; then the game begins.
  orders   `orders 3: Gx3 Gx4 mYw3 Yw2 sOz5` for turn 3 (the turn number is
           required). `orders 3:` alone means no actions. You may replace your
           orders until your opponent's are in.
  history  your own record so far: your fleet and orders, and every result.
  resign   give up; your opponent wins.

Orders (the conventional notation)
  Gx3        a strike on cell Gx3: colour R O Y G B, letter v-z, number 1-5
  bRv1Rx1    a beam from your death star, written by its two end cells
  mYw3       a missile launched from your unfired missile at Yw3; enough
             values to tell your missiles apart will do (mw, m3). The
             missile's target is one of your strikes.
  kBz5       a kamikaze launched from your cell Bz5; its target is one of
             your strikes too.
  sOz5       a scan of Oz5 (with a heavy or light scout)
  Each turn's mail says what you may use. Your opponent hears your strikes in
  the order you write them, never which was a missile's or a kamikaze's.
  When only kamikazes and scans are left to you, orders with nothing but
  scans (or nothing at all) end the game at the end of the turn [2.3.2].

Game masters
  Settings go on the create line, in any order:
    ruleset 2.6.1|classic     options fleet=cost:24 colours=RYGOB ...
    deadline 48h | 2026-12-01 20:00 | FREQ=WEEKLY;BYDAY=MO,TH;BYHOUR=20 | none
    reminder 12h              grace 1h
    missing noactions|wait    news on|off    private
  After `master NAME PASSWORD` (the master password is in the reply to
  create), the lines below act as game master: deadline, reminder, grace and
  missing change a setting; `process` adjudicates the current turn now (a
  player without orders takes no actions); `cancel` ends the game without a
  result. The judge mails the game master when the players have joined, when
  the game begins, when a deadline passes without a player's orders, and at
  the end; `news off` stops those mails and `news on` brings them back.

Matches
  `create alpha match=continued games=3` (or match=scored; score=N, wins=N,
  end=agreed; build=...) plays several games between the same two players;
  the password holds for the whole match, and `endmatch` (both players, or the
  game master) ends it when the game in play ends.

"""

# After the games' own sections (each kind's `about.guide`).
_TAIL = """\
At the end everyone gets the result, both fleets drawn as grids, and the
whole record attached.
"""


def guide() -> str:
    """The whole guide: the shared part, each game's own section in the registry's order, the
    end."""
    sections = [kind.about.guide for kind in registry.kinds() if kind.about.guide]
    return _HEAD + "".join(section + "\n" for section in sections) + _TAIL
