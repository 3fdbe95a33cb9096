"""The record builder: joins the line statements of a parsed text into fleets (continuation
lines, grids and their legends), turn lines, results lines, tags and comments."""

from __future__ import annotations

from bisect import bisect_right
from typing import Any

from lark import Token

from notation.errors import NotationError
from notation.spaceships.cells import LETTERS, Cell
from notation.spaceships.fleets import Fleet, ShipPlacement
from notation.spaceships.hints import diagnose
from notation.spaceships.records import Comment, Position, ResultLine, TurnLine
from notation.spaceships.recovery import Attempt
from notation.spaceships.ships import SHIP_TYPES, ShipId, type_of_mark
from notation.spaceships.statements import (
    EMPTY_MARK,
    SHIP_CODE,
    FleetHead,
    Grid,
    GridColours,
    GridLetters,
    GridRow,
    Legend,
    Ships,
    Tag,
    position_of,
    ship_id,
)


def located_error(
    text: str, position: Position, message: str, hint: str | None = None, word: str = ""
):
    return NotationError(message, text, position.line, position.column, (), hint, word, len(word))


class RecordBuilder:
    """Joins the line statements of a record: continuation lines and grids to their fleet."""

    def __init__(self, attempt: Attempt, colour_order: str) -> None:
        self.attempt = attempt
        self.colour_order = colour_order
        self.tags: list[tuple[str, str]] = []
        self.turns: list[TurnLine] = []
        self.results: list[ResultLine] = []
        self.ships: dict[str, list[ShipPlacement]] = {}
        self.grids: dict[str, list[Grid]] = {}
        self.legends: dict[str, list[Legend]] = {}
        self.fleet_positions: dict[str, Position] = {}
        self.current: str | None = None
        self.orphans: set[str] = set()  # fleets with a grid line outside any grid
        self.started = False  # something other than a tag was seen

    def error(self, position: Position, message: str, hint: str | None = None, word: str = ""):
        self.attempt.errors.append(located_error(self.attempt.text, position, message, hint, word))

    def _after_bad_line(self, position: Position) -> bool:
        # A continuation of a line that had a syntax error is not a second error.
        return any(line < position.line for line in self.attempt.bad_lines)

    def add(self, statement: Any, fleet_only: bool = False) -> None:
        if isinstance(statement, Tag):
            if self.started:
                self.error(
                    statement.position,
                    f"the tag [{statement.name} ...] comes after the game began",
                    "tags go at the top of the record, before the fleets",
                    "[",
                )
            self.tags.append((statement.name, statement.value))
            return
        self.started = True
        if isinstance(statement, FleetHead):
            player = statement.player
            if player in self.fleet_positions:
                self.error(statement.position, f"a second fleet for player {player}", None, player)
            self.fleet_positions.setdefault(player, statement.position)
            self.ships.setdefault(player, [])
            self.current = player
            if statement.ships is not None:
                self.ships[player].extend(s for s, _ in statement.ships.placements)
            return
        if isinstance(statement, (Ships, GridColours, GridLetters, GridRow, Legend)):
            if self.current is None:
                if fleet_only and not self.fleet_positions:
                    # A bare fleet text: the fleet of nobody in particular.
                    self.current = "A"
                    self.ships["A"] = []
                    self.fleet_positions["A"] = statement.position
                elif not self._after_bad_line(statement.position):
                    self.error(
                        statement.position,
                        "this fleet line belongs to no fleet",
                        "start a fleet with `A fleet:` or `B fleet:`",
                    )
                    return
                else:
                    return
            player = self.current
            if isinstance(statement, Ships):
                self.ships[player].extend(s for s, _ in statement.placements)
            elif isinstance(statement, GridColours):
                grid = Grid(statement.colours, statement.position)
                self.grids.setdefault(player, []).append(grid)
            elif isinstance(statement, (GridLetters, GridRow)):
                grids = self.grids.get(player)
                if not grids or (isinstance(statement, GridLetters) and grids[-1].rows):
                    what = "row" if isinstance(statement, GridRow) else "line of letters"
                    head = self.fleet_positions[player].line
                    if player in self.orphans or any(
                        head <= line < statement.position.line for line in self.attempt.bad_lines
                    ):
                        return  # follows from the broken line above, or already said
                    self.orphans.add(player)
                    self.error(
                        statement.position,
                        f"a grid {what} without the line of colours above it",
                        "start a grid with its colours: R O Y G B",
                    )
                elif isinstance(statement, GridLetters):
                    grids[-1].letters = statement.letters
                    grids[-1].letters_position = statement.position
                else:
                    grids[-1].rows.append(statement)
            else:
                self.legends.setdefault(player, []).append(statement)
            return
        self.current = None
        if isinstance(statement, TurnLine):
            self.turns.append(statement)
        elif isinstance(statement, ResultLine):
            self.results.append(statement)

    def finish_fleets(self) -> dict[str, Fleet]:
        fleets: dict[str, Fleet] = {}
        for player, ships in self.ships.items():
            placements = list(ships)
            for grid in self.grids.get(player, []):
                placements.extend(self._grid_ships(grid, self.legends.get(player, [])))
            if not placements and player in self.fleet_positions:
                pos = self.fleet_positions[player]
                # With other errors about, an empty fleet is most likely their consequence.
                if pos.line not in self.attempt.bad_lines and not self.attempt.errors:
                    self.error(pos, f"the fleet of {player} has no ships", "list ships: DS Rv1 ...")
            fleets[player] = Fleet(tuple(placements))
        return dict(sorted(fleets.items()))

    def _grid_ships(self, grid: Grid, legends: list[Legend]) -> list[ShipPlacement]:
        key: dict[str, ShipId] = {}
        for legend in legends:
            for mark, ship in legend.entries:
                key[mark.value] = ship
        if len(set(grid.colours)) != 5:
            self.error(
                grid.position, "each colour heads one grid", "write R O Y G B", grid.colours[0]
            )
            return []
        letters = grid.letters or tuple(LETTERS)
        if grid.letters is not None and len(letters) == 25:
            groups = [letters[i : i + 5] for i in range(0, 25, 5)]
        else:
            groups = [letters] * 5
        if any(sorted(g) != list(LETTERS) or len(g) != 5 for g in groups):
            self.error(
                grid.letters_position or grid.position,
                "each grid is labelled with the letters v w x y z once",
                "write v w x y z under each colour",
            )
            return []
        seen_rows: set[str] = set()
        cells: dict[ShipId, list[Cell]] = {}
        unknown: set[str] = set()
        if len(grid.rows) != 5:
            self.error(
                grid.position,
                f"the grid has {len(grid.rows)} rows",
                "draw five rows, numbered 1 to 5",
                grid.colours[0],
            )
            return []
        for row in grid.rows:
            number, marks = row.number, row.marks
            if number.value not in "12345":
                self.error(row.position, f"there is no row {number.value}", "rows run 1-5", "x")
                continue
            if number.value in seen_rows:
                self.error(
                    position_of(number), f"row {number.value} is drawn twice", None, number.value
                )
            seen_rows.add(number.value)
            if len(marks) != 25:
                self.error(
                    position_of(number),
                    f"row {number.value} has {len(marks)} marks",
                    "each row has 5 marks under each of the 5 colours; use . for an empty cell",
                    number.value,
                )
                continue
            for index, mark in enumerate(marks):
                if EMPTY_MARK.fullmatch(mark.value):
                    continue
                ship = key.get(mark.value)
                if ship is None and SHIP_CODE.fullmatch(mark.value):
                    ship = ship_id(mark.value)
                if ship is None and (drawn := type_of_mark(mark.value)) is not None:
                    # The letter the judge's own grids and pictures draw for the type (`G`:
                    # LG): a grid copied from them reads without a key.
                    ship = ShipId(drawn)
                if ship is None:
                    if mark.value in unknown:
                        continue  # one message per mark is enough
                    unknown.add(mark.value)
                    # The type whose code the mark starts, as the judge draws fleets: K=KC.
                    guess = next((t for t in SHIP_TYPES if t[0] == mark.value[0].upper()), "DS")
                    hint = f"name it in a key line under the grid, like `key: {mark.value}={guess}`"
                    if len(mark.value) > 1:
                        hint = diagnose(mark.value, frozenset({"SHIP"})).hint or hint
                    self.error(position_of(mark), f"unknown mark `{mark.value}`", hint, mark.value)
                    continue
                colour = grid.colours[index // 5]
                letter = groups[index // 5][index % 5]
                cells.setdefault(ship, []).append(Cell(colour, letter, int(number.value)))
        order = list(SHIP_TYPES)
        ships = sorted(cells, key=lambda s: (order.index(s.type), s.number or 0))
        return [
            ShipPlacement(s, tuple(sorted(cells[s], key=lambda c: c.sort_key(self.colour_order))))
            for s in ships
        ]

    def comments(self, tokens: list[Token], statements: list[Any]) -> tuple[Comment, ...]:
        """Attach each comment to the line it ends, or else to the next statement
        (docs/notation.md, "Comments")."""
        starts: list[tuple[int, tuple[Any, ...]]] = []  # (first line, anchor) per statement
        inline_at: dict[int, tuple[Any, ...]] = {}  # line -> anchor of a comment ending it
        tag_index = 0
        fleet: str | None = None
        counts: dict[str, int] = {}
        for statement in statements:
            line = statement.position.line if statement.position else 0
            if isinstance(statement, Tag):
                anchor: tuple[Any, ...] = ("tag", tag_index)
                tag_index += 1
                inline_at[line] = anchor
            elif isinstance(statement, (FleetHead, Ships)):
                if isinstance(statement, FleetHead):
                    fleet = statement.player
                    ships = statement.ships.placements if statement.ships else ()
                else:
                    ships = statement.placements
                if fleet is None:
                    continue
                first = counts.get(fleet, 0)
                counts[fleet] = first + len(ships)
                anchor = ("fleet", fleet, first)
                inline_at[line] = ("fleet", fleet, max(first, counts[fleet] - 1))
            elif isinstance(statement, (GridColours, GridLetters, GridRow, Legend)):
                if fleet is None:
                    continue
                if isinstance(statement, GridRow):
                    anchor = ("grid", fleet, int(statement.number.value))
                else:
                    anchor = ("grid", fleet, "key" if isinstance(statement, Legend) else 0)
                inline_at[line] = anchor
            elif isinstance(statement, (TurnLine, ResultLine)):
                fleet = None
                kind = "turn" if isinstance(statement, TurnLine) else "results"
                anchor = (kind, statement.turn, statement.player)
                inline_at[line] = anchor
            else:
                continue
            starts.append((line, anchor))
        lines = self.attempt.text.splitlines()
        firsts = [first for first, _ in starts]
        ordered = firsts == sorted(firsts)  # as statements come
        out: list[Comment] = []
        for token in tokens:
            line, column = token.line or 0, token.column or 1
            before = lines[line - 1][: column - 1] if 0 < line <= len(lines) else ""
            text = token.value[1:].strip()
            position = Position(line, column)
            if before.strip() and line in inline_at:
                out.append(Comment(text, inline_at[line], True, position))
                continue
            # The first statement starting after the comment's line.
            if ordered:
                at = bisect_right(firsts, line)
                anchor = starts[at][1] if at < len(starts) else ("end",)
            else:
                following = [a for first, a in starts if first > line]
                anchor = following[0] if following else ("end",)
            out.append(Comment(text, anchor, False, position))
        return tuple(out)
