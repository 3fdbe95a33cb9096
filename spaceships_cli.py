"""The one console command, `spaceships`, gathering each package's subcommands: every game's
the registry lists (pbem.registry), then the tools'.

Each package exposes a list `COMMANDS` of click commands in its `cli` module; they are added
here so that the imports still flow one way (a game's rules know nothing of the judge).
"""

from __future__ import annotations

import importlib

import click

from pbem.registry import GAMES

# The tools every game shares: the replay page, the judge, its front ends.
_TOOLS = ("replay", "pbem", "bot", "web")
# Each registered game's package, in the registry's order (read from its names: no game is
# imported for the list).
_PACKAGES = (*dict.fromkeys(path.split(".", 1)[0] for path in GAMES.values()), *_TOOLS)


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
