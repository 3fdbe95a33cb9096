"""Parse the notation with lark (notation.lark): cells, orders, fleets (list and grid form),
whole records with claimed results. Syntax only: what is legal is the engine's business.

Every function raises notation.errors.NotationError, or NotationErrors with every error of the
text: after an error the parser blanks the bad word (or the rest of the line) and parses again,
so one mistake does not hide the next.
"""

from __future__ import annotations

from notation.errors import NotationError, raise_errors
from notation.spaceships.builder import RecordBuilder, located_error
from notation.spaceships.cells import COLOUR_ORDERS, Cell
from notation.spaceships.fast_orders import fast_orders
from notation.spaceships.fast_record import fast_statements
from notation.spaceships.fleets import Fleet
from notation.spaceships.hints import diagnose
from notation.spaceships.orders import Order
from notation.spaceships.records import Claim, Position, Record
from notation.spaceships.recovery import Attempt
from notation.spaceships.ships import ShipId
from notation.spaceships.slips import regroup
from notation.spaceships.statements import SHIP_CODE, Tag, parse_recovering, ship_id
from notation.textfile import plain_spaces

__all__ = [
    "parse_cell",
    "parse_claims",
    "parse_fleet",
    "parse_orders",
    "parse_orders_positions",
    "parse_record",
    "parse_recovering",
    "parse_ship",
]


def parse_cell(text: str) -> Cell:
    """`Gx3` -> Cell('G', 'x', 3). Surrounding blanks are allowed."""
    return Cell.parse(text)


def parse_orders_positions(text: str) -> tuple[tuple[Order, Position], ...]:
    """An order list with the position of each order (line and column in `text`)."""
    text = plain_spaces(text)[0]  # one character for one: positions stay where they were
    fast = fast_orders(text)
    if fast is not None:
        return fast
    result, attempt = parse_recovering(text, "orders_text")
    raise_errors(regroup(attempt.errors))
    return tuple(result)


def parse_orders(text: str) -> tuple[Order, ...]:
    """`Gx3 Rv1 bRv1Rx1 mv Yw2 sGy3` -> (Strike, Strike, Beam, MissileLaunch, Strike, Scan).

    Orders are separated by spaces and/or commas; `b Rv1 Rx1`, `m Gx3`, `k Bz5`, `s Gy3` are
    accepted too, and so is a list over several lines."""
    return tuple(order for order, _ in parse_orders_positions(text))


def parse_ship(text: str) -> ShipId:
    """`FS2` -> ShipId('FS', 2)."""
    stripped = text.strip()
    if SHIP_CODE.fullmatch(stripped):
        return ship_id(stripped)
    word = stripped or text
    found = diagnose(word, frozenset({"SHIP"}))
    expected = ("a ship code like DS or FS2",)
    raise NotationError(found.message, text, 1, 1, expected, found.hint, word, len(word))


def parse_fleet(text: str, colour_order: str = "ROYGB") -> Fleet:
    """A fleet in list form (`DS Rv1 ...; KC Gx1 ...`, ships separated by `;` or new lines) or
    grid form (docs/notation.md), optionally after `A fleet:`. Grid fleets list their ships by
    type and identity, each ship's cells in conventional order under `colour_order`."""
    if colour_order not in COLOUR_ORDERS:
        raise ValueError(f"colour order must be one of {', '.join(COLOUR_ORDERS)}")
    text = plain_spaces(text)[0]
    statements, attempt = parse_recovering(text, "fleet_text")
    builder = RecordBuilder(attempt, colour_order)
    for statement in statements:
        builder.add(statement, fleet_only=True)
    fleets = builder.finish_fleets()
    raise_errors(regroup(attempt.errors))
    if len(fleets) > 1:
        raise located_error(text, builder.fleet_positions["B"], "one fleet expected, found two")
    if not fleets:
        raise NotationError("no fleet in this text", text, 1, 1, ("a ship code like DS",))
    return next(iter(fleets.values()))


def parse_claims(text: str) -> tuple[Claim, ...]:
    """The claims of one results line without its `1 A results:` head."""
    head = "1 A results: "
    try:
        record = parse_record(head + text.replace("\n", " "))
    except NotationError as exc:
        # Point into the caller's text, not the line made up here.
        moved = [
            NotationError(
                e.message,
                text,
                1,
                max(1, e.column - len(head)),
                e.expected,
                e.hint,
                e.word,
                e.length,
            )
            for e in exc.errors
        ]
        raise_errors(regroup(moved))
        raise  # pragma: no cover
    return record.results[0].claims if record.results else ()


def parse_record(text: str, *, fast: bool = True) -> Record:
    """A whole record: tags, fleets (list or grid form), turn lines, results lines, comments.

    The colour order for grid fleets comes from `[Options "colours=RYGOB"]` if given.
    Well-formed lines are read without lark (notation.spaceships.fast_record) unless `fast` is
    False; the Record is the same either way."""
    text = plain_spaces(text)[0]
    found = fast_statements(text) if fast else None
    if found is not None:
        statements, comments = found
        work = text if text.endswith("\n") else text + "\n"
        attempt = Attempt(text, work, "record", comments=comments)
    else:
        statements, attempt = parse_recovering(text, "record")
    colour_order = "ROYGB"
    for statement in statements:
        if isinstance(statement, Tag) and statement.name == "Options":
            for option in statement.value.split():
                if option.startswith("colours=") and option[8:] in COLOUR_ORDERS:
                    colour_order = option[8:]
    builder = RecordBuilder(attempt, colour_order)
    for statement in statements:
        builder.add(statement)
    fleets = builder.finish_fleets()
    raise_errors(regroup(attempt.errors))
    return Record(
        tags=tuple(builder.tags),
        fleets=fleets,
        turns=tuple(builder.turns),
        results=tuple(builder.results),
        fleet_positions=dict(builder.fleet_positions),
        comments=builder.comments(attempt.comments, statements),
        fleet_forms={p: ("grid" if builder.grids.get(p) else "list") for p in fleets},
    )
