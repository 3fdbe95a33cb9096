"""Spaceships' commands for the one `spaceships` command: its notation's (`parse`, `fmt`), its
record checks' (`adjudicate`, `validate`, `show`) and its computer's (`play`)."""

from __future__ import annotations

from spaceships import notation_cli as notation
from spaceships.computer import cli as computer
from spaceships.validate import cli as validate

COMMANDS = [*notation.COMMANDS, *validate.COMMANDS, *computer.COMMANDS]
# The command that checks one of this game's records (`spaceships check` picks it by sniffing).
CHECK = validate.validate
