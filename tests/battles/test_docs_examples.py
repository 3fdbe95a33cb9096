"""docs/battles.md shows what the commands print: the examples are run here, so they stay
true."""

from __future__ import annotations

import re
from pathlib import Path

from battles_support import cli

DOC = Path(__file__).resolve().parents[2] / "docs" / "battles.md"


def test_the_check_and_design_examples_print_what_the_doc_shows() -> None:
    text = DOC.read_text(encoding="utf-8")
    block = re.search(r"```\n(\$ spaceships battles check .*?)```", text, re.S)
    assert block, "docs/battles.md lost its check/design example"
    shown: dict[str, list[str]] = {}
    command = ""
    for line in block.group(1).splitlines():
        if line.startswith("$ "):
            command = line[2:]
            shown[command] = []
        else:
            shown[command].append(line)
    assert len(shown) == 2
    for command, lines in shown.items():
        words = command.split(" ", 3)  # spaceships battles VERB 'CODE'
        code, out = cli(words[1], words[2], words[3].strip("'"))
        assert out.splitlines() == lines, command
