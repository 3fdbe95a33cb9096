"""Helpers for tests (here and in other packages): small records around two standard fleets,
played through notation.spaceships.parse and play_record, and results in a compact form."""

from __future__ import annotations

from spaceships.engine.game import Game, play_record
from spaceships.engine.reports import Entry

# Two legal 2.6.1 fleets [3.7].
FLEET_A = (
    "DS Rv1 Rv2 Rw1 Rw2 Ov1 Ov2 Ow1 Ow2; KC Gx1 Gx2 Gx3 Gy1 Gy2 Gy3; PC Bz1 Bz2 Bz3 Bz4; "
    "MD Yv3 Yw3 Yx3; LS Oz5"
)
FLEET_B = (
    "DS Bv1 Bv2 Bw1 Bw2 Gv1 Gv2 Gw1 Gw2; KC Rx3 Rx4 Rx5 Ry3 Ry4 Ry5; FS Yy1 Yy2 Yz1 Yz2; "
    "MD Ov5 Ow5 Ox5; HS Gz4 Gz5"
)
# Two legal classic fleets [classic 3.3].
CLASSIC_A = (
    "DS Rv1 Rv2 Rw1 Rw2 Ov1 Ov2 Ow1 Ow2; KC Gx1 Gx2 Gx3 Gy1 Gy2 Gy3; FS Bz1 Bz2 By1 By2; "
    "MD Yv3 Yw3 Yx3; HF Oz5 Oz4"
)
CLASSIC_B = (
    "DS Bv1 Bv2 Bw1 Bw2 Gv1 Gv2 Gw1 Gw2; KC Rx3 Rx4 Rx5 Ry3 Ry4 Ry5; FS Yy1 Yy2 Yz1 Yz2; "
    "MD Ov5 Ow5 Ox5; HF Gz4 Gz5"
)


def record_text(
    turns: str = "",
    a: str | None = None,
    b: str | None = None,
    ruleset: str = "2.6.1",
    options: str = "",
) -> str:
    """A record: tags, the two fleets (standard ones by default), then the turn lines."""
    classic = ruleset == "classic"
    a = a if a is not None else (CLASSIC_A if classic else FLEET_A)
    b = b if b is not None else (CLASSIC_B if classic else FLEET_B)
    lines = [f'[Ruleset "{ruleset}"]']
    if options:
        lines.append(f'[Options "{options}"]')
    lines += [f"A fleet: {a}", f"B fleet: {b}"]
    lines += [line.strip() for line in turns.strip().splitlines() if line.strip()]
    return "\n".join(lines) + "\n"


def play(turns: str = "", **kwargs: str) -> Game:
    from notation.spaceships.parse import parse_record

    return play_record(parse_record(record_text(turns, **kwargs)))


def brief(entry: Entry) -> str:
    """`strike Yw3 hit explodes Yw3 Yv3 destroys MD`, `kamikaze Bz4`, `scan Gy3 empty`."""
    words = [entry.action, str(entry.cell)]
    if entry.result:
        words.append(entry.result)
    if entry.explosions:
        words += ["explodes", *(str(c) for c in entry.explosions)]
    if entry.burns_out:
        words.append("burns-out")
    for x in entry.destroyed:
        words += ["destroys", str(x.ship)]
    return " ".join(words)


def said(game: Game, turn: int, player: str) -> list[str]:
    """The brief form of what `player` reported in `turn`."""
    return [brief(e) for e in game.reports[turn - 1].entries(player)]
