"""Write the notation canonically: records, fleets (list and grid form), grids of marks.

Canonical means: cells as `Gx3`, orders separated by single spaces, one ship per fleet line,
turn lines sorted by turn then player with their results lines after them, tags first.
`parse_record(format_record(r)) == r` and formatting is idempotent.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from notation.spaceships.cells import COLOUR_ORDERS, LETTERS, NUMBERS, Cell
from notation.spaceships.fleets import Fleet
from notation.spaceships.orders import format_orders
from notation.spaceships.records import Claim, Comment, Record, ResultLine, TurnLine
from notation.spaceships.ships import SHIP_TYPES, TYPE_MARKS, ShipId

__all__ = [
    "format_claim",
    "format_fleet",
    "format_grids",
    "format_record",
    "format_result_line",
    "format_turn_line",
    "can_draw",
    "grid_marks",
]

_RESULT_WORDS = {"duplicate": "dup"}
_FLEET_INDENT = " " * len("A fleet: ")
_GRID_GAP = "   "
_ROW_LABEL = "  {}  "
# One-character marks a grid may use for ships: never a blank, `.`, `-`, or a separator.
_MARK_CHOICES = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstu"


def _check_colour_order(colour_order: str) -> None:
    if colour_order not in COLOUR_ORDERS:
        raise ValueError(f"colour order must be one of {', '.join(COLOUR_ORDERS)}")


def format_grids(
    marks: Mapping[Cell, str], colour_order: str = "ROYGB", title: str | None = None
) -> str:
    """The five 5x5 grids of a space side by side [11.3], one per colour in `colour_order`,
    letters v-z across and numbers 1-5 down; each cell shows its mark (one character) or `.`.

    ```
             R           O           Y           G           B
         v w x y z   v w x y z   v w x y z   v w x y z   v w x y z
      1  D D . . .   D D . . .   . . . . .   . . K K K   . . . . .
    ```
    """
    _check_colour_order(colour_order)
    for cell, mark in marks.items():
        if len(mark) != 1 or mark.isspace():
            raise ValueError(f"the mark for {cell} must be one visible character, not {mark!r}")
    label_width = len(_ROW_LABEL.format(1))
    header = " " * label_width + _GRID_GAP.join(f"    {c}    " for c in colour_order)
    letters = " " * label_width + _GRID_GAP.join(" ".join(LETTERS) for _ in colour_order)
    lines = [] if title is None else [title]
    lines += [header.rstrip(), letters]
    for number in NUMBERS:
        grids = (
            " ".join(marks.get(Cell(colour, letter, number), ".") for letter in LETTERS)
            for colour in colour_order
        )
        lines.append(_ROW_LABEL.format(number) + _GRID_GAP.join(grids))
    return "\n".join(lines)


def grid_marks(fleet: Fleet) -> tuple[dict[Cell, str], dict[str, ShipId]]:
    """One-character marks for drawing a fleet, and the key from mark to ship: each ship's type
    mark (TYPE_MARKS: D for DS, G for LG), as every grid and picture draws it; where two ships
    share a type, the second takes another capital."""
    key: dict[str, ShipId] = {}
    marks: dict[Cell, str] = {}
    fleet_marks = {TYPE_MARKS[p.ship.type] for p in fleet.ships}
    for placement in fleet.ships:
        ship = placement.ship
        # The type's own mark, as every grid draws it; a second ship of the type takes a
        # capital no type of this fleet uses (lower case is a destroyed cell in other grids).
        mark = next(
            m
            for m in [TYPE_MARKS[ship.type], ship.type[1], *_MARK_CHOICES]
            if m not in key and (m == TYPE_MARKS[ship.type] or m not in fleet_marks)
        )
        key[mark] = ship
        for cell in placement.cells:
            if cell in marks:
                raise ValueError(f"ships overlap at {cell}: the grid form cannot show that")
            marks[cell] = mark
    return marks, key


def can_draw(fleet: Fleet) -> bool:
    """Whether the grid form shows this fleet exactly: distinct ships, each with cells, none
    overlapping (a fleet that is not is written in list form)."""
    ids = [s.ship for s in fleet.ships]
    cells = [c for s in fleet.ships for c in s.cells]
    return (
        len(set(ids)) == len(ids)
        and all(s.cells for s in fleet.ships)
        and len(set(cells)) == len(cells)
        and len(ids) <= len(_MARK_CHOICES)
    )


def format_fleet(fleet: Fleet, grid: bool = False, colour_order: str = "ROYGB") -> str:
    """The list form `DS Rv1 Rv2 ...; KC Gx1 ...`, or the grid form (the grids and a `key:`
    line naming each mark's ship) that parse_fleet reads back."""
    if not grid:
        return str(fleet)
    marks, key = grid_marks(fleet)
    legend = "key: " + " ".join(f"{mark}={ship}" for mark, ship in key.items())
    return format_grids(marks, colour_order) + ("\n" + legend if key else "")


def format_claim(claim: Claim) -> str:
    """`bRv1 hit`, `Yw2 hit explodes Yw2 Yv2 destroys MD Yv2 Yw2 Yx2 flashcube Yv2 -, ...`."""
    prefix = {"beam": "b", "strike": "", "scan": "s", "kamikaze": "k"}[claim.kind]
    parts = [f"{prefix}{claim.cell}"]
    if claim.result is not None:
        parts.append(_RESULT_WORDS.get(claim.result, claim.result))
    if claim.explosions:
        parts.append("explodes " + " ".join(str(c) for c in claim.explosions))
    for ship in claim.destroyed:
        parts.append(f"destroys {ship.ship} " + " ".join(str(c) for c in ship.cells))
    if claim.flashcube:
        entries = []
        for flash in claim.flashcube:
            if flash.ship is None:
                entries.append(f"{flash.cell} -")
            else:
                entries.append(f"{flash.cell} {flash.ship}" + (" x" if flash.destroyed else ""))
        parts.append("flashcube " + ", ".join(entries))
    return " ".join(parts)


def format_turn_line(line: TurnLine) -> str:
    orders = format_orders(line.orders)
    return f"{line.turn} {line.player}:" + (f" {orders}" if orders else "")


def format_result_line(line: ResultLine) -> str:
    claims = "; ".join(format_claim(c) for c in line.claims)
    return f"{line.turn} {line.player} results:" + (f" {claims}" if claims else "")


def _tag_line(name: str, value: str) -> str:
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    return f'[{name} "{escaped}"]'


def _colour_order(record: Record) -> str:
    for option in record.options:
        if option.startswith("colours=") and option[8:] in COLOUR_ORDERS:
            return option[8:]
    return "ROYGB"


class _Writer:
    """Collects output lines, placing each comment with the line it belongs to."""

    def __init__(self, comments: Iterable[Comment]) -> None:
        self.lines: list[str] = []
        self.pending: dict[tuple[object, ...], list[Comment]] = {}
        for comment in comments:
            self.pending.setdefault(tuple(comment.anchor), []).append(comment)

    def emit(self, text: str, anchor: tuple[object, ...] | None = None) -> None:
        inline: list[str] = []
        for comment in self.pending.pop(anchor, []) if anchor is not None else []:
            if comment.inline:
                inline.append(comment.text)
            else:
                self.lines.append(f"# {comment.text}".rstrip())
        if inline:
            text = f"{text}  # " + "  # ".join(inline)
        self.lines.append(text)

    def blank(self) -> None:
        if self.lines and self.lines[-1] != "":
            self.lines.append("")

    def finish(self) -> str:
        # Comments whose line is gone (or at the end of the text) go at the end.
        rest = [c for comments in self.pending.values() for c in comments]
        rest.sort(key=lambda c: (c.position.line, c.position.column) if c.position else (0, 0))
        if rest and self.lines and any(c.anchor != ("end",) for c in rest):
            self.blank()
        for comment in rest:
            self.lines.append(f"# {comment.text}".rstrip())
        while self.lines and self.lines[-1] == "":
            self.lines.pop()
        return "\n".join(self.lines) + "\n"


def format_record(record: Record, colour_order: str | None = None) -> str:
    """The canonical text of a record; comments kept with the lines they were written on or
    before (docs/notation.md, "Comments"). Fleets drawn as grids stay grids."""
    order = colour_order or _colour_order(record)
    _check_colour_order(order)
    out = _Writer(record.comments)
    for index, (name, value) in enumerate(record.tags):
        out.emit(_tag_line(name, value), ("tag", index))
    out.blank()
    for player in sorted(record.fleets):
        fleet = record.fleets[player]
        head = f"{player} fleet:"
        drawn = None
        if record.fleet_forms.get(player) == "grid" and can_draw(fleet):
            drawn = format_fleet(fleet, grid=True, colour_order=order)
        if drawn is not None:
            out.emit(head, ("fleet", player, 0))
            for index in range(1, len(fleet.ships)):
                for comment in out.pending.pop(("fleet", player, index), []):
                    out.lines.append(f"# {comment.text}")
            for index, line in enumerate(drawn.splitlines()):
                row = index - 1 if 2 <= index <= 6 else ("key" if index == 7 else 0)
                out.emit(line, ("grid", player, row))
            continue
        if not fleet.ships:
            out.emit(head, ("fleet", player, 0))
        for index, ship in enumerate(fleet.ships):
            out.emit(
                (head + " " if index == 0 else _FLEET_INDENT) + str(ship), ("fleet", player, index)
            )
    out.blank()
    lines: list[tuple[int, int, int, TurnLine | ResultLine]] = []
    for turn in record.turns:
        lines.append((turn.turn, 0, 0 if turn.player == "A" else 1, turn))
    for result in record.results:
        lines.append((result.turn, 1, 0 if result.player == "A" else 1, result))
    for _, _, _, item in sorted(lines, key=lambda x: x[:3]):
        if isinstance(item, TurnLine):
            out.emit(format_turn_line(item), ("turn", item.turn, item.player))
        else:
            out.emit(format_result_line(item), ("results", item.turn, item.player))
    return out.finish()


def ship_order(ship: ShipId) -> tuple[int, int]:
    """Ships in the order of the rules' list of types, then by identity."""
    return list(SHIP_TYPES).index(ship.type), ship.number or 0
