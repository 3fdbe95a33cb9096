"""The lark grammar of the notation (notation.lark) and the LALR parsers built from it."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from lark import Lark, Transformer

from notation.spaceships.recovery import collect_comment


def build_parser(transformer: Transformer[Any, Any] | None) -> Lark:
    """The LALR parser of every start rule; with a transformer, values are built while parsing
    (no tree)."""
    grammar = (Path(__file__).parent / "notation.lark").read_text(encoding="utf-8")
    return Lark(
        grammar,
        parser="lalr",
        lexer="contextual",
        start=["cell_text", "orders_text", "fleet_text", "record"],
        propagate_positions=True,
        maybe_placeholders=False,
        transformer=transformer,
        lexer_callbacks={"COMMENT": collect_comment},
    )


@cache
def tree_parser() -> Lark:
    """The parser that builds a plain tree: for the value types that parse themselves."""
    return build_parser(None)
