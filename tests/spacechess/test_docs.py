"""docs/space-chess.md stays true: its record is the short sample, its check output is what
`spaceships chess check` prints, its cell facts are the board's."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner

from notation.spacechess.board import NEIGHBOURS, PENTAGONS
from notation.spacechess.cells import CELLS, cell_name
from spacechess.engine.position import start
from spaceships_cli import main

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "space-chess.md").read_text(encoding="utf-8")


def _blocks() -> list[str]:
    return re.findall(r"```\n(.*?)```", DOC, re.S)


def test_the_record_shown_is_the_short_sample():
    sample = (ROOT / "samples" / "spacechess" / "short.scr").read_text(encoding="utf-8")
    assert sample in _blocks()


def test_the_check_output_shown_is_what_check_prints():
    short = CliRunner().invoke(main, ["chess", "check", "samples/spacechess/short.scr"])
    slip = CliRunner().invoke(main, ["chess", "check", "samples/spacechess/slip.scr"])
    shown = "\n".join(_blocks())
    for line in shown.splitlines():
        if line.startswith(("1 T", "6 A battle", "result:")):
            assert line.removesuffix("...").removesuffix("; ") in short.output, line
        if line.startswith(("samples/spacechess/slip.scr", "   9 |", "hint:")):
            assert line in slip.output, line


def test_the_cells_named_in_the_text_are_the_boards():
    near = {cell_name(n) for n in NEIGHBOURS[CELLS["Cb2"].number]}
    assert near == {"Cb1", "Ca2", "Ca3", "Cb3", "Cc2", "Cc1"}
    assert {cell_name(p) for p in PENTAGONS} == {
        "N",
        "S",
        "Aa4",
        "Ba4",
        "Ca4",
        "Da4",
        "Ea4",
        "Fa4",
        "Ga4",
        "Ha4",
        "Ja4",
        "Ka4",
    }
    assert "gunship `Ea1`, fighter `Eb1`, support ship `Aa2`,\nfighter `Ab1`, gunship `Ba1`" in DOC
    assert str(start()).startswith(
        "turn 1, Terrans to act, 1 action left; T: C Aa1, F Ab1, S Aa2, G Ba1, G Ea1, F Eb1"
    )
