"""The slash commands, all under `/spaceships`: their names, options, descriptions and the
completion of game names. Each hands its interaction to bot.handlers."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from pbem.registry import kinds

Interaction = discord.Interaction[Any]


def _bot(interaction: Interaction) -> Any:
    """The bot (bot.app.SpaceshipsBot, which imports this module): its service and handlers."""
    return interaction.client


async def _settings(
    interaction: Interaction, game: str | None, battle: dict[str, Any], **given: str | None
) -> dict[str, str] | None:
    """A new game's settings as the judge's `create` reads them, the battle ones written into
    its options; None (the member told why, privately) when battle settings come without a
    battle."""
    words = [f"{k}={v}" for k, v in battle.items() if v is not None]
    if words and game != "battles":
        await interaction.response.send_message(
            "`budget`, `turns` and `x` are settings of Spaceship Battles: add "
            "`game: Spaceship Battles`, or leave them out for Spaceships.",
            ephemeral=True,
        )
        return None
    options = " ".join([*([given["options"]] if given.get("options") else []), *words])
    ordered = {
        "game": game if game not in (None, "spaceships") else None,
        **given,
        "options": options,
    }
    return {k: v for k, v in ordered.items() if v}


async def complete_game(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The member's own games, those in play first, matching what they typed so far."""
    service = _bot(interaction).service
    games = service.games_of(interaction.user.id, active_only=False)
    games.sort(key=lambda g: g.phase == "over")
    typed = current.strip().lower()
    return [
        app_commands.Choice(name=f"{g.name} ({g.phase})", value=g.name)
        for g in games
        if typed in g.name.lower()
    ][:25]


X_CHOICES = [
    app_commands.Choice(name="reach: a gun up to range 10, a missile beyond", value="reach"),
    app_commands.Choice(name="missile: a missile at every range", value="missile"),
    app_commands.Choice(name="best: a gun at range 1-2, a missile beyond", value="best"),
]
GAME = "the game (default: this thread's game, or your only game)"


def played_choices() -> list[app_commands.Choice[str]]:
    """Every game the judge hosts, in the registry's order: what a challenge may be for."""
    return [app_commands.Choice(name=k.title or k.name, value=k.name) for k in kinds()]


def laddered_choices() -> list[app_commands.Choice[str]]:
    """The games with a ladder (a kind with a `score`), in the registry's order."""
    return [
        app_commands.Choice(name=k.title or k.name, value=k.name)
        for k in kinds()
        if k.score is not None
    ]


def computer_levels() -> list[str]:
    """The computer levels to choose from: every game's whose computer has more than one, in
    the registry's order (a game with one level needs no choice)."""
    levels: list[str] = []
    for kind in kinds():
        if len(kind.levels) > 1:
            levels += [level for level in kind.levels if level not in levels]
    return levels


def build_group() -> app_commands.Group:
    every_game = played_choices()
    group = app_commands.Group(name="spaceships", description="Play Spaceships, the 3D battle game")

    @group.command(description="Challenge a member (or anyone) to a game, a match or a battle")
    @app_commands.describe(
        member="who you challenge; leave out for an open challenge anyone may accept",
        game="Spaceships (default) or Spaceship Battles, the hex-map game of designed ships",
        budget="battles: the most each side's ships may cost (default 300)",
        turns="battles: the last turn; then the side that destroyed more wins (default: none)",
        x="battles: how the Gun/Missile X fires (default reach; reading R5)",
        ruleset="2.6.1 (default) or classic",
        options="rule and match options, e.g. fleet=cost:24, or match=continued games=3",
        deadline="e.g. 48h, 2026-12-01 20:00, FREQ=WEEKLY;BYDAY=MO;BYHOUR=20, none",
        private="a private thread only the two players see",
        name="the game's name (default: from the players' names)",
        rated="whether it counts on the ladder (default: rated; False: casual)",
    )
    @app_commands.choices(
        ruleset=[app_commands.Choice(name=n, value=n) for n in ("2.6.1", "classic")],
        game=every_game,
        x=X_CHOICES,
    )
    async def challenge(
        interaction: Interaction,
        member: discord.Member | None = None,
        game: str | None = None,
        budget: app_commands.Range[int, 1, 100_000] | None = None,
        turns: app_commands.Range[int, 1, 1000] | None = None,
        x: str | None = None,
        ruleset: str | None = None,
        options: str | None = None,
        deadline: str | None = None,
        private: bool = False,
        name: str | None = None,
        rated: bool = True,
    ) -> None:
        settings = await _settings(
            interaction,
            game,
            {"budget": budget, "turns": turns, "x": x},
            ruleset=ruleset,
            options=options,
            deadline=deadline,
            name=name,
            private="yes" if private else None,
            rated=None if rated else "no",
        )
        if settings is None:
            return
        handlers = _bot(interaction).handlers
        await handlers.run(interaction, handlers.challenge(interaction, member, settings))

    @group.command(description="Send your fleet: as text, a .ssr/.txt file, or in a form")
    @app_commands.describe(
        text="your ships, e.g. DS Rv1 Rv2 ...; KC ...; or random; leave out to get a form",
        file="a .ssr or .txt file with your fleet (list or grid form)",
        game=GAME,
    )
    @app_commands.autocomplete(game=complete_game)
    async def fleet(
        interaction: Interaction,
        text: str | None = None,
        file: discord.Attachment | None = None,
        game: str | None = None,
    ) -> None:
        handlers = _bot(interaction).handlers
        await handlers.run(interaction, handlers.setup(interaction, game, text, file, "fleet"))

    @group.command(description="Battles: send your ships' designs: as text, a file, or in a form")
    @app_commands.describe(
        text="ships separated by ; e.g. Lancer E-SAI(Gf)I(Xf)IIV; Kite E-AI(Mf)(Gf)IIID",
        file="a .sbr or .txt file with one ship a line: a name and its Ship Code",
        game=GAME,
    )
    @app_commands.autocomplete(game=complete_game)
    async def design(
        interaction: Interaction,
        text: str | None = None,
        file: discord.Attachment | None = None,
        game: str | None = None,
    ) -> None:
        handlers = _bot(interaction).handlers
        await handlers.run(interaction, handlers.setup(interaction, game, text, file, "design"))

    @group.command(description="Send this turn's (or battle phase's) orders: text, file or form")
    @app_commands.describe(
        text="e.g. Gx3 Gy3 bRv1Rx1 mYw3 sBz5; battles: Lancer FFRF or Lancer > Raider; or none",
        file="a .ssr or .txt file with the orders",
        turn="the turn they are for (default: the current turn)",
        game=GAME,
    )
    @app_commands.autocomplete(game=complete_game)
    async def orders(
        interaction: Interaction,
        text: str | None = None,
        file: discord.Attachment | None = None,
        turn: app_commands.Range[int, 1, 10_000] | None = None,
        game: str | None = None,
    ) -> None:
        handlers = _bot(interaction).handlers
        await handlers.run(interaction, handlers.orders(interaction, game, text, file, turn))

    @group.command(description="Your own view of a game, privately, as a picture")
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=complete_game)
    async def status(interaction: Interaction, game: str | None = None) -> None:
        handlers = _bot(interaction).handlers
        await handlers.run(interaction, handlers.status(interaction, game))

    @group.command(description="The public board of a game: what both players see")
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=complete_game)
    async def board(interaction: Interaction, game: str | None = None) -> None:
        handlers = _bot(interaction).handlers
        await handlers.run(interaction, handlers.board(interaction, game))

    @group.command(description="The game so far, as much as you may know")
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=complete_game)
    async def history(interaction: Interaction, game: str | None = None) -> None:
        handlers = _bot(interaction).handlers
        await handlers.run(interaction, handlers.history(interaction, game))

    @group.command(description="Offer a draw, or accept your opponent's (a game that has draws)")
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=complete_game)
    async def draw(interaction: Interaction, game: str | None = None) -> None:
        handlers = _bot(interaction).handlers
        await handlers.run(interaction, handlers.draw(interaction, game))

    @group.command(description="Give up a game (asks first)")
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=complete_game)
    async def resign(interaction: Interaction, game: str | None = None) -> None:
        handlers = _bot(interaction).handlers
        await handlers.run(interaction, handlers.resign(interaction, game))

    @group.command(description="Game master: deadline, reminder, grace, missing orders")
    @app_commands.describe(
        deadline="48h, 2026-12-01 20:00, FREQ=WEEKLY;BYDAY=MO;BYHOUR=20, or none",
        reminder="how long before a deadline to remind, e.g. 12h (0: never)",
        grace="extra time after a deadline, e.g. 1h",
        missing="at a deadline: no actions for a missing player, or wait",
        game=GAME,
    )
    @app_commands.choices(
        missing=[
            app_commands.Choice(name="no actions", value="noactions"),
            app_commands.Choice(name="wait", value="wait"),
        ]
    )
    @app_commands.autocomplete(game=complete_game)
    async def settings(
        interaction: Interaction,
        deadline: str | None = None,
        reminder: str | None = None,
        grace: str | None = None,
        missing: str | None = None,
        game: str | None = None,
    ) -> None:
        changes = {"deadline": deadline, "reminder": reminder, "grace": grace, "missing": missing}
        handlers = _bot(interaction).handlers
        await handlers.run(
            interaction,
            handlers.settings(interaction, game, {k: v for k, v in changes.items() if v}),
        )

    @group.command(description="Your games and their threads")
    async def games(interaction: Interaction) -> None:
        handlers = _bot(interaction).handlers
        await handlers.run(interaction, handlers.games(interaction))

    @group.command(description="How to play Spaceships here")
    @app_commands.describe(topic="fleet, orders, notation or deadline")
    async def help(interaction: Interaction, topic: str | None = None) -> None:
        handlers = _bot(interaction).handlers
        await handlers.run(interaction, handlers.help(interaction, topic))

    @group.command(description="Play a game (or a battle) against the computer")
    @app_commands.describe(
        game="Spaceships (default) or another game the judge hosts",
        level="Spaceships: how strong: random, hunt, density or expert (the default); "
        "the battle computer has one level; another game's: its help",
        budget="battles: the most each side's ships may cost (default 300)",
        turns="battles: the last turn; then the side that destroyed more wins (default: none)",
        x="battles: how the Gun/Missile X fires (default reach; reading R5)",
        ruleset="2.6.1 (default) or classic",
        options="rule options, e.g. fleet=cost:24 colours=RYGOB",
        deadline="e.g. 48h or none",
        rated="count it on the ladder against the level's fixed rating (default: casual)",
    )
    @app_commands.choices(
        game=every_game,
        level=[app_commands.Choice(name=n, value=n) for n in computer_levels()],
        ruleset=[app_commands.Choice(name=n, value=n) for n in ("2.6.1", "classic")],
        x=X_CHOICES,
    )
    async def play(
        interaction: Interaction,
        game: str | None = None,
        level: str | None = None,
        budget: app_commands.Range[int, 1, 100_000] | None = None,
        turns: app_commands.Range[int, 1, 1000] | None = None,
        x: str | None = None,
        ruleset: str | None = None,
        options: str | None = None,
        deadline: str | None = None,
        rated: bool = False,
    ) -> None:
        settings = await _settings(
            interaction,
            game,
            {"budget": budget, "turns": turns, "x": x},
            ruleset=ruleset,
            options=options,
            deadline=deadline,
            rated="yes" if rated else None,
        )
        if settings is None:
            return
        handlers = _bot(interaction).handlers
        await handlers.run(interaction, handlers.play(interaction, level, settings))

    @group.command(description="The ladder of this server: the top 10 and your place")
    @app_commands.describe(game="Spaceships (default) or Spaceship Battles")
    @app_commands.choices(game=laddered_choices())
    async def ladder(interaction: Interaction, game: str | None = None) -> None:
        handlers = _bot(interaction).handlers
        await handlers.run(interaction, handlers.ladder(interaction, game))

    @group.command(description="Make your mail address and this account one ladder player")
    @app_commands.describe(code="the code the judge mailed you after you sent it `link`")
    async def link(interaction: Interaction, code: str | None = None) -> None:
        handlers = _bot(interaction).handlers
        await handlers.run(interaction, handlers.link(interaction, code))

    return group
