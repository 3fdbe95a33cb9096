"""`/spaceships tournament ...`: the judge's `tournament` command in Discord, its options and
the completion of tournament names; each hands its interaction to bot.handlers
(bot.tournaments)."""

from __future__ import annotations

from typing import Any

from discord import app_commands

from bot.options import Interaction, bot_of, laddered_choices, level_help, listed
from pbem.club import tournament_store


async def complete_tournament(
    interaction: Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """This judge's Discord tournaments, those taking entries first, matching what the member
    typed so far."""
    store = bot_of(interaction).service.store
    with store.transaction():
        found = [t for t in tournament_store.all_tournaments(store) if t.accounts]
    order = {"joining": 0, "playing": 1, "over": 2}
    found.sort(key=lambda t: (order[t.phase], -t.id))
    typed = current.strip().lower()
    return [
        app_commands.Choice(name=f"{t.name} ({t.phase})", value=t.name)
        for t in found
        if typed in t.name.lower()
    ][:25]


def tournament_group(parent: app_commands.Group) -> None:
    """`/spaceships tournament ...`: the judge's `tournament` command in Discord
    (bot.tournaments)."""
    group = app_commands.Group(
        name="tournament", description="Round robins and Swiss tournaments", parent=parent
    )
    named = "the tournament's name"

    async def run(interaction: Interaction, verb: str, **given: Any) -> None:
        handlers = bot_of(interaction).handlers
        await handlers.run(interaction, handlers.tournament(interaction, verb, given))

    @group.command(description="Game master: make a tournament here; players join until it starts")
    @app_commands.describe(
        name="a letter, then up to 15 letters, digits or _ (its games are named after it)",
        game=listed(
            [f"{c.name} (default)" if i == 0 else c.name for i, c in enumerate(laddered_choices())]
        ),
        format="swiss (rounds by score) or robin (everyone meets everyone once)",
        rounds="a Swiss's rounds (default: enough for one winner)",
        round="how long a round lasts, e.g. 72h or 7d (default 72h)",
        rated="whether its games count on the ladder (default: rated; False: casual)",
        computers="the computer's levels allowed to enter, e.g. greedy,search (default: none)",
        options="the games' rule options, e.g. fleet=cost:24",
    )
    @app_commands.choices(
        game=laddered_choices(),
        format=[
            app_commands.Choice(name="Swiss", value="swiss"),
            app_commands.Choice(name="round robin", value="robin"),
        ],
    )
    async def create(
        interaction: Interaction,
        name: str,
        format: str,
        game: str | None = None,
        rounds: app_commands.Range[int, 1, 20] | None = None,
        round: str | None = None,
        rated: bool = True,
        computers: str | None = None,
        options: str | None = None,
    ) -> None:
        await run(
            interaction, "create", name=name, format=format, game=game, rounds=rounds,
            round=round, rated=rated, computers=computers, options=options,
        )  # fmt: skip

    @group.command(description="Enter a tournament before it starts")
    @app_commands.describe(name=named)
    @app_commands.autocomplete(name=complete_tournament)
    async def join(interaction: Interaction, name: str) -> None:
        await run(interaction, "join", name=name)

    @group.command(description="Game master: enter the computer at a level the tournament allows")
    @app_commands.describe(name=named, level=level_help())
    @app_commands.autocomplete(name=complete_tournament)
    async def computer(interaction: Interaction, name: str, level: str | None = None) -> None:
        await run(interaction, "computer", name=name, level=level)

    @group.command(description="Game master: close the entries and make round 1's games")
    @app_commands.describe(name=named)
    @app_commands.autocomplete(name=complete_tournament)
    async def start(interaction: Interaction, name: str) -> None:
        await run(interaction, "start", name=name)

    @group.command(description="Leave a tournament (a game of yours not over is lost)")
    @app_commands.describe(name=named)
    @app_commands.autocomplete(name=complete_tournament)
    async def withdraw(interaction: Interaction, name: str) -> None:
        await run(interaction, "withdraw", name=name)

    @group.command(description="A tournament's standings and crosstable; without a name, the list")
    @app_commands.describe(name=named)
    @app_commands.autocomplete(name=complete_tournament)
    async def show(interaction: Interaction, name: str | None = None) -> None:
        await run(interaction, "show", name=name)
