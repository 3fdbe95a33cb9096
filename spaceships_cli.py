"""The one console command, `spaceships`, gathering each package's subcommands.

Each package exposes a list `COMMANDS` of click commands in its `cli` module; they are added
here so that the imports still flow one way
(notation <- engine <- validate <- computer <- pbem <- bot; battles beside engine).
"""

from __future__ import annotations

import importlib

import click

_PACKAGES = (
    "spaceships.notation",
    "spaceships.validate",
    "spaceships.computer",
    "battles",
    "spacechess",
    "replay",
    "pbem",
    "bot",
    "web",
)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="spaceships-judge")
def main() -> None:
    """Spaceships: parse, check, adjudicate and judge games of Spaceships."""


def _register() -> None:
    for package in _PACKAGES:
        try:
            module = importlib.import_module(f"{package}.cli")
        except ModuleNotFoundError as exc:
            # A package without a cli module yet contributes no commands.
            if exc.name in (f"{package}.cli", package):
                continue
            raise
        for command in getattr(module, "COMMANDS", ()):
            main.add_command(command)


_register()

if __name__ == "__main__":
    main()
