"""The battle guide (`help battles` by mail, `/spaceships help topic:battles` in Discord):
creating, designing and giving orders, with the hull and system tables drawn from the data of
battles.engine.tables, in each front end's own syntax."""

from __future__ import annotations

from fractions import Fraction

from battles.engine.tables import COMPONENTS, HULLS, X_MODES
from battles.judge.rows import SETUP_RADIUS, START, battle_settings_text
from pbem.storage.store import GameRow, Store

__all__ = ["battle_guide"]


def _number(value: Fraction) -> str:
    return str(int(value)) if value.denominator == 1 else f"{float(value):g}"


def hull_table() -> str:
    """One line per hull class: its letters, spaces, turn mode, cost, and what an engine
    costs and takes on it."""
    lines = ["  class              spaces  turn mode  cost  engine: cost space"]
    for hull in HULLS.values():
        lines.append(
            f"  {hull.code:<3}{hull.name:<17}{_number(hull.spaces):>5}"
            f"{hull.turn_mode:>9}{hull.cost:>9}{hull.engine_cost:>10}"
            f"{_number(hull.engine_space):>6}"
        )
    return "\n".join(lines)


def system_table() -> str:
    """The systems two to a line: letter, name, cost and space (weapons marked)."""
    cells = []
    for c in COMPONENTS.values():
        if c.code == "I":
            cost, space = "by hull", "by hull"
        elif c.code == "V":
            cost, space = "hull/10", "0"
        else:
            assert c.cost is not None and c.space is not None
            cost, space = str(c.cost), _number(c.space)
        name = c.name + (" *" if c.weapon else "")
        cells.append(f"{c.code} {name:<22}{cost:>8}{space:>8}")
    head = f"{'':2}{'system':<22}{'cost':>8}{'space':>8}"
    lines = [f"  {head}    {head}"]
    for k in range(0, len(cells), 2):
        lines.append("  " + "    ".join(cells[k : k + 2]))
    return "\n".join(lines)


def battle_guide(front_end: str = "mail") -> str:
    """The whole guide; `front_end` "mail" or "discord" chooses how the commands are shown."""
    discord = front_end == "discord"
    a_home, a_facing = START["A"]
    b_home, b_facing = START["B"]
    if discord:
        create = (
            "/spaceships challenge member:@bob game:Spaceship Battles budget:300 turns:20 x:reach"
        )
        design = "/spaceships design text:Lancer E-SAI(Gf)I(Xf)IIV; Kite E-AI(Mf)(Gf)IIID at 1,7 N"
        move = "/spaceships orders text:Lancer FFRF; Kite stay"
        fire = "/spaceships orders text:Lancer > Raider; Kite > Raider (Mf); tractor Kite > Raider"
        nothing = "/spaceships orders text:none"
        see = "`/spaceships status` (privately) and `/spaceships board`"
        computer = "/spaceships play game:Spaceship Battles budget:300 (or challenge the bot)"
    else:
        create = "create duel battles budget=300 turns=20 x=reach"
        design = (
            "game duel PASSWORD\ndesign\nLancer E-SAI(Gf)I(Xf)IIV\nKite E-AI(Mf)(Gf)IIID at 1,7 N"
        )
        move = "game duel PASSWORD\norders 1: Lancer FFRF; Kite stay"
        fire = (
            "game duel PASSWORD\n"
            "orders 1: Lancer > Raider; Kite > Raider (Mf); tractor Kite > Raider"
        )
        nothing = "orders 1: none"
        see = "`status duel`"
        computer = "create duel battles vs computer budget=300"
    indent = "\n  ".join
    return "\n".join(
        [
            "Spaceship Battles: two players design ships within a budget and fight them on a "
            "map of hexes, with dice the judge rolls.",
            "",
            "Create (every setting may be left out):",
            f"  {create}",
            "budget: the most each side's ships may cost (300); turns: the last turn, after "
            "which the side that destroyed more cost wins (none); x: how the Gun/Missile X "
            f"fires ({', '.join(X_MODES)}; reach).",
            "Against the computer (it plays B, its design already in and hidden until the "
            "battle begins; it orders each phase as it opens, so each phase resolves as soon "
            "as yours are in; it has one level):",
            f"  {computer}",
            "",
            "Design: one ship a line (or `;` between them), a name and its Ship Code: the hull "
            "class, a dash, then its systems in the order damage crosses them out (the first "
            "is lost first). A weapon (marked * below) is written in parentheses with its arc: "
            "f front, r right, l left, b rear, e.g. (Gf). The cost, turn mode and engines may "
            "be left out: the judge works them out and checks the space and the budget. "
            f"Player A starts at {a_home} facing {a_facing}, B at {b_home} facing "
            f"{b_facing}; `at Q,R FACING` places a ship within {SETUP_RADIUS} hexes of it.",
            "  " + indent(design.splitlines()),
            "Hulls:",
            hull_table(),
            "Systems (cost and space; I an engine, one a hex of speed; V lowers the turn "
            "mode by one):",
            system_table(),
            "",
            "Each turn: the initiative is rolled, then two phases, one set of orders each, "
            "replaceable until your opponent's are in.",
            "Movement: each ship's steps, F one hex ahead, L or R one hexside; at most as many "
            "F as the ship has working engines, and a turn only after as many F as its turn "
            "mode since the last turn (the count runs on across turns; `status` says how "
            "many more each ship needs); `stay`, or leave a ship out, and it stays.",
            "  " + indent(move.splitlines()),
            "Fire: `SHIP > TARGET`, weapons named if you like, `A+B > TARGET` for a fire "
            "group, `tractor SHIP > TARGET` for a tractor beam. A weapon fires at a ship in "
            "its arc and within its reach. Volleys alternate, initiative first, damage at "
            "once: what an earlier volley crosses out stays silent (`: silent` in the "
            "record), and an order whose ship or target is destroyed first lapses "
            "(`: lapsed`) [R14].",
            "  " + indent(fire.splitlines()),
            f"Nothing this phase: {nothing}.",
            "",
            f"Where the ships stand, their ranges and what they may still do: {see}. Every "
            "die, every system crossed out and a map come with each resolved phase; at the end "
            "the whole record and the dice seed, which `spaceships battles play` checks.",
        ]
    )


def setup_lines(store: Store, game: GameRow, front_end: str = "discord") -> tuple[str, ...]:
    """A new battle's set-up post in a front end's words, after the line of who plays: its
    settings, and how to send a design."""
    return (
        f"Settings: {battle_settings_text(game)}.",
        "Each of you: send your design with the button below or "
        "`/spaceships design`: your ships, a name and a Ship Code each "
        "(`;` between ships), e.g. `Lancer E-SAI(Gf)I(Xf)IIV; "
        "Kite E-AI(Mf)(Gf)IIID`; the judge works out cost, turn mode and "
        "engines. A's ships start at 0,8 facing N, B's at 0,-8 facing S, "
        "or add `at Q,R FACING` within 3 hexes of it. Only you see your "
        "design until both are in. `/spaceships help topic:battles` explains "
        "the rest.",
    )


# Its paragraphs of `help design` and `help orders` by mail (pbem.language.command_help).
DETAILS = {
    "design": (
        "Spaceship Battles, after `game NAME PASSWORD`: `design` and then one ship a line, "
        "its name and Ship Code, the three numbers optional (the judge works them out), and "
        "optionally where it starts:\n"
        "  design\n  Lancer E-SAI(Gf)I(Xf)IIV\n  Kite E-AI(Mf)(Gf)IIID at 1,8 N\n"
        "Within the budget; replaceable until both designs are in. The hulls and systems "
        "with their costs: `help battles`."
    ),
    "orders": (
        "In a Spaceship Battles game: moves (`orders 2: Lancer FFRF; Kite stay`) in the "
        "movement phase, volleys (`orders 2: Lancer > Raider; tractor Kite > Raider`) in the "
        "fire phase; `orders 2: none` (or `orders 2:` alone) when your ships do nothing this "
        "phase; more in `help battles`."
    ),
}

# Its section of the mail guide (pbem.language.guide).
MAIL_GUIDE = """\
Spaceship Battles
  `create NAME battles budget=300` is a game of Spaceship Battles instead:
  after the sign-on, `design` and then your ships, and orders per phase. Send
  `help design` and `help orders` for more.
"""
