"""The board a Spaceships seat plays on in the browser (issue 44): its two spaces as grids of
cells, each a button named as the notation writes it (`data-cell="Gx3"`), marked with the
letters of the views (the engine's player_view or the seat's own fleet; an onlooker the
public board) [1.4]. Plain HTML: it scales to any screen and is drawn without a picture."""

from __future__ import annotations

from collections.abc import Mapping
from html import escape

from notation.spaceships.cells import Cell
from notation.spaceships.parse import parse_fleet
from notation.spaceships.ships import TYPE_MARKS
from pbem.steps.gamerows import names_of
from pbem.storage.store import GameRow, Store
from spaceships import engine
from spaceships.judge.rows import ruleset_of, state_of

__all__ = ["table"]

MEANINGS = {
    ".": "nothing known",
    "o": "empty, struck",
    "#": "a ship, undamaged when last seen",
    "x": "a destroyed ship cell",
    "*": "a fired missile",
}
NAMES = {"D": "death star", "K": "kill cruiser", "F": "flying saucer", "P": "patrol cruiser"}
NAMES |= {"M": "missile destroyer", "H": "heavy scout", "L": "light scout", "A": "A-type"}
NAMES |= {"G": "G-type"}


def _meaning(mark: str) -> str:
    if mark in MEANINGS:
        return MEANINGS[mark]
    name = NAMES.get(mark.upper(), "ship")
    return f"{name}, destroyed" if mark.islower() else name


def space_html(key: str, title: str, colour_order: str, marks: Mapping[Cell, str]) -> str:
    """One space: a grid per colour, rows 1-5, columns v-z, every cell a button."""
    grids = []
    by_name = {str(cell): mark for cell, mark in marks.items()}
    for colour in colour_order:
        rows = []
        head = "".join(f'<span class="h" aria-hidden="true">{x}</span>' for x in "vwxyz")
        rows.append(f'<span class="h" aria-hidden="true">{colour}</span>{head}')
        for number in "12345":
            rows.append(f'<span class="h" aria-hidden="true">{number}</span>')
            for letter in "vwxyz":
                name = f"{colour}{letter}{number}"
                mark = by_name.get(name, ".")
                shown = "" if mark == "." else escape(mark)
                rows.append(
                    f'<button type="button" class="cell m{ord(mark)}" data-cell="{name}" '
                    f'data-board="{key}" aria-label="{name}: {escape(_meaning(mark))}">'
                    f"{shown}</button>"
                )
        grids.append(f'<div class="grid c{colour}">{"".join(rows)}</div>')
    return (
        f'<section class="space" data-space="{key}" aria-label="{escape(title)}">'
        f"<h2>{escape(title)}</h2>{''.join(grids)}</section>"
    )


def table(store: Store, game: GameRow, seat: str | None) -> str:
    """The seat's spaces (None: an onlooker's public board), as HTML."""
    ruleset = ruleset_of(game)
    colour_order = ruleset.colour_order
    if game.state is None:
        if seat not in ("A", "B"):
            return ""
        marks: dict[Cell, str] = {}
        text = store.players(game.id)[seat].fleet
        if text:
            for placement in parse_fleet(text, colour_order).ships:
                for cell in placement.cells:
                    marks[cell] = TYPE_MARKS[placement.ship.type]
        return space_html("own", "Your space", colour_order, marks)
    state = state_of(game)
    if seat in ("A", "B"):
        view = engine.player_view(state, seat)
        return space_html("enemy", "Enemy space", colour_order, view.enemy_marks()) + space_html(
            "own", "Your space", colour_order, view.own_marks()
        )
    public = engine.observer_view(state)
    names = names_of(store.players(game.id))
    return "".join(
        space_html(s, f"{names.get(s, s)}'s space", colour_order, public.space_marks(s))
        for s in ("A", "B")
    )
