"""The fast path for order lines: a one-line list of well-formed order words read without the
parser (the common case of every turn); anything else is left to lark."""

from __future__ import annotations

import re
from functools import cache

from notation.cells import CELLS, LETTERS
from notation.orders import Beam, ClassicBeam, KamikazeLaunch, MissileLaunch, Order, Scan, Strike
from notation.records import Position
from notation.statements import partial_cell


@cache
def _simple_orders() -> dict[str, Order]:
    """Every one-word order in canonical spelling but beams: strikes, scans, kamikaze and
    missile launches, classic beams."""
    words: dict[str, Order] = {}
    for name, cell in CELLS.items():
        words[name] = Strike(cell)
        words["s" + name] = Scan(cell)
        words["k" + name] = KamikazeLaunch(cell)
    for colour in ("", *"ROYGB"):
        for letter in ("", *LETTERS):
            for number in ("", *"12345"):
                part = colour + letter + number
                if part:
                    words["m" + part] = MissileLaunch(partial_cell(part))
                if len(part) == 2:
                    words["b" + part] = ClassicBeam(partial_cell(part))
    return words


_ORDER_WORD = re.compile(r"[^\s,]+")


def fast_orders(text: str) -> tuple[tuple[Order, Position], ...] | None:
    """The orders of a one-line list of well-formed words, without the parser; None for
    anything else (lark then parses it, and reports any error). A lone prefix `b`, `m`, `k`,
    `s` joins the next word(s), as in `b Rv1 Rx1` and `k Bz5`."""
    if "\n" in text:
        return None
    simple = _simple_orders()
    out: list[tuple[Order, Position]] = []
    words = [(m.group(), m.start()) for m in _ORDER_WORD.finditer(text)]
    index = 0
    while index < len(words):
        word, start = words[index]
        index += 1
        if word in ("b", "m", "k", "s") and index < len(words):
            word += words[index][0]
            index += 1
            if (
                word[0] == "b"
                and len(word) == 4
                and index < len(words)
                and words[index][0] in CELLS
            ):
                word += words[index][0]
                index += 1
        order = simple.get(word)
        if order is None:
            if len(word) == 7 and word[0] == "b" and word[1:4] in CELLS and word[4:] in CELLS:
                order = Beam(CELLS[word[1:4]], CELLS[word[4:]])
            else:
                return None
        out.append((order, Position(1, start + 1)))
    return tuple(out)
