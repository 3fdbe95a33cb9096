"""The slash commands, all under `/spaceships`: their names, options, descriptions and the
completion of game names. Each hands its interaction to bot.handlers."""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable
from typing import Any, Optional

import discord
from discord import app_commands

from bot.options import (
    Interaction,
    bot_of,
    computer_levels,
    fitted,
    laddered_choices,
    level_help,
    listed,
    played_choices,
)
from bot.tournament_commands import tournament_group
from pbem import product
from pbem.language.keywords import SETTING_WORDS
from pbem.registry import kind_named, kinds
from pbem.sights import Setting


def _option_settings() -> dict[str, Setting]:
    """Every game's own `create` settings a front end offers (each kind's `about.settings`),
    by name, in the registry's order; the first game to declare a name owns it."""
    found: dict[str, Setting] = {}
    for kind in kinds():
        for setting in kind.about.settings:
            found.setdefault(setting.name, setting)
    return found


def _owner(name: str) -> Any:
    return next(kind for kind in kinds() if any(s.name == name for s in kind.about.settings))


async def _settings(interaction: Interaction, given: dict[str, Any]) -> dict[str, str] | None:
    """A new game's settings as the judge's `create` reads them: a setting the create line
    has a word for (`ruleset`) as itself, any other game setting written into its options
    (`budget=300`); None (the member told why, privately) when such an option comes without
    its game, which the judge could not tell from an option of the chosen game."""
    game = given.pop("game", None)
    chosen = kind_named(game) if game else kinds()[0]
    own = {setting.name for setting in chosen.about.settings}
    words: dict[str, str] = {}
    for name in _option_settings():
        value = given.pop(name, None)
        if value is None:
            continue
        if name in SETTING_WORDS:
            words[name] = str(value)
            continue
        if name not in own:
            owner = _owner(name)
            names = [f"`{setting.name}`" for setting in owner.about.settings]
            are = "are settings" if len(names) > 1 else "is a setting"
            await interaction.response.send_message(
                f"{listed(names, 'and')} {are} of {owner.about.title}: add "
                f"`game: {owner.about.title}`, or leave them out for {chosen.about.title}.",
                ephemeral=True,
            )
            return None
        words.setdefault("options", "")
        words["options"] = f"{words['options']} {name}={value}".strip()
    options = " ".join(
        [
            *([given["options"]] if given.get("options") else []),
            *([words.pop("options")] if "options" in words else []),
        ]
    )
    ordered = {
        "game": game if game not in (None, kinds()[0].name) else None,
        **words,
        **given,
        "options": options,
    }
    return {k: str(v) for k, v in ordered.items() if v}


async def complete_game(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The member's own games, those in play first, matching what they typed so far."""
    service = bot_of(interaction).service
    games = service.games_of(interaction.user.id, active_only=False)
    games.sort(key=lambda g: g.phase == "over")
    typed = current.strip().lower()
    return [
        app_commands.Choice(name=f"{g.name} ({g.phase})", value=g.name)
        for g in games
        if typed in g.name.lower()
    ][:25]


GAME = "the game (default: this thread's game, or your only game)"


def _with_settings(
    callback: Callable[..., Awaitable[None]],
    before: list[tuple[str, Any, Any]],
    after: list[tuple[str, Any, Any]],
    descriptions: dict[str, str],
    choices: dict[str, list[app_commands.Choice[str]]],
) -> Callable[..., Awaitable[None]]:
    """`callback(interaction, **options)` as a slash command whose options are `before`, every
    game's own settings (each kind's `about.settings`: a number, or a word with its choices)
    and `after`, each (name, annotation, default)."""
    settings = _option_settings()
    middle = [
        (
            s.name,
            Optional[app_commands.Range[int, 1, s.most]] if s.number else Optional[str],  # noqa: UP045
            None,
        )
        for s in settings.values()
    ]
    keyword = inspect.Parameter.KEYWORD_ONLY
    callback.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [
            inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD),
            *(
                inspect.Parameter(name, keyword, default=default, annotation=annotation)
                for name, annotation, default in [*before, *middle, *after]
            ),
        ]
    )
    described = {**descriptions, **{s.name: s.help for s in settings.values()}}
    chosen = {
        **choices,
        **{
            s.name: [app_commands.Choice(name=label, value=value) for label, value in s.choices]
            for s in settings.values()
            if s.choices
        },
    }
    return app_commands.choices(**chosen)(app_commands.describe(**described)(callback))


def _game_help() -> str:
    """The `game` option's description: every game, the first the default."""
    titles = [kind.about.title for kind in kinds()]
    games = listed([f"{titles[0]} (default)", *titles[1:]])
    return fitted(f"the game: {games}", f"the game (default: {titles[0]})")


def _orders_text_help() -> str:
    """Orders as each game's players write them, the first game's bare, the others named."""
    examples = [
        (kind.records.orders_example if i == 0 else f"{kind.name}: {kind.records.orders_example}")
        for i, kind in enumerate(kinds())
        if kind.records.orders_example
    ]
    return fitted(
        f"e.g. {'; '.join(examples)}; or none", "your orders, as your game's help shows; or none"
    )


def build_group() -> app_commands.Group:
    every_game = played_choices()
    titles = [kind.about.title for kind in kinds()]
    group = app_commands.Group(
        name=product.TAG, description=fitted(f"Play {listed(titles)}", f"Play {titles[0]}")
    )
    member_type = Optional[discord.Member]  # noqa: UP045
    word = Optional[str]  # noqa: UP045

    async def challenge(interaction: Interaction, **given: Any) -> None:
        member = given.pop("member", None)
        private, rated = given.pop("private", False), given.pop("rated", True)
        settings = await _settings(
            interaction,
            {**given, "private": "yes" if private else None, "rated": None if rated else "no"},
        )
        if settings is None:
            return
        handlers = bot_of(interaction).handlers
        await handlers.run(interaction, handlers.challenge(interaction, member, settings))

    group.command(
        name="challenge",
        description="Challenge a member (or anyone) to a game, a match or a battle",
    )(
        _with_settings(
            challenge,
            [("member", member_type, None), ("game", word, None)],
            [
                ("options", word, None),
                ("deadline", word, None),
                ("private", bool, False),
                ("name", word, None),
                ("rated", bool, True),
            ],
            {
                "member": "who you challenge; leave out for an open challenge anyone may accept",
                "game": _game_help(),
                "options": "rule and match options, e.g. fleet=cost:24, or match=continued games=3",
                "deadline": "e.g. 48h, 2026-12-01 20:00, FREQ=WEEKLY;BYDAY=MO;BYHOUR=20, none",
                "private": "a private thread only the two players see",
                "name": "the game's name (default: from the players' names)",
                "rated": "whether it counts on the ladder (default: rated; False: casual)",
            },
            {"game": every_game},
        )
    )

    for kind in kinds():
        if kind.steps.setup_word and kind.records.setup_command:
            _setup_command(group, kind.steps.setup_word, *kind.records.setup_command)

    @group.command(description="Send this turn's (or phase's) orders: text, file or form")
    @app_commands.describe(
        text=_orders_text_help(),
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
        handlers = bot_of(interaction).handlers
        await handlers.run(interaction, handlers.orders(interaction, game, text, file, turn))

    @group.command(description="Your own view of a game, privately, as a picture")
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=complete_game)
    async def status(interaction: Interaction, game: str | None = None) -> None:
        handlers = bot_of(interaction).handlers
        await handlers.run(interaction, handlers.status(interaction, game))

    @group.command(description="The public board of a game: what both players see")
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=complete_game)
    async def board(interaction: Interaction, game: str | None = None) -> None:
        handlers = bot_of(interaction).handlers
        await handlers.run(interaction, handlers.board(interaction, game))

    @group.command(description="The game so far, as much as you may know")
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=complete_game)
    async def history(interaction: Interaction, game: str | None = None) -> None:
        handlers = bot_of(interaction).handlers
        await handlers.run(interaction, handlers.history(interaction, game))

    @group.command(description="Offer a draw, or accept your opponent's (a game that has draws)")
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=complete_game)
    async def draw(interaction: Interaction, game: str | None = None) -> None:
        handlers = bot_of(interaction).handlers
        await handlers.run(interaction, handlers.draw(interaction, game))

    @group.command(description="Give up a game (asks first)")
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=complete_game)
    async def resign(interaction: Interaction, game: str | None = None) -> None:
        handlers = bot_of(interaction).handlers
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
        handlers = bot_of(interaction).handlers
        await handlers.run(
            interaction,
            handlers.settings(interaction, game, {k: v for k, v in changes.items() if v}),
        )

    @group.command(description="Your games and their threads")
    async def games(interaction: Interaction) -> None:
        handlers = bot_of(interaction).handlers
        await handlers.run(interaction, handlers.games(interaction))

    @group.command(description="How to play here: the commands, each game's own topics")
    @app_commands.describe(topic="fleet, orders, notation or deadline")
    async def help(interaction: Interaction, topic: str | None = None) -> None:
        handlers = bot_of(interaction).handlers
        await handlers.run(interaction, handlers.help(interaction, topic))

    async def play(interaction: Interaction, **given: Any) -> None:
        level, rated = given.pop("level", None), given.pop("rated", False)
        settings = await _settings(interaction, {**given, "rated": "yes" if rated else None})
        if settings is None:
            return
        handlers = bot_of(interaction).handlers
        await handlers.run(interaction, handlers.play(interaction, level, settings))

    group.command(name="play", description="Play a game (or a battle) against the computer")(
        _with_settings(
            play,
            [("game", word, None), ("level", word, None)],
            [("options", word, None), ("deadline", word, None), ("rated", bool, False)],
            {
                "game": _game_help(),
                "level": level_help(),
                "options": "rule options, e.g. fleet=cost:24 colours=RYGOB",
                "deadline": "e.g. 48h or none",
                "rated": (
                    "count it on the ladder against the level's fixed rating (default: casual)"
                ),
            },
            {
                "game": every_game,
                "level": [app_commands.Choice(name=n, value=n) for n in computer_levels()],
            },
        )
    )

    @group.command(description="The ladder of this server: the top 10 and your place")
    @app_commands.describe(
        game=listed(
            [f"{c.name} (default)" if i == 0 else c.name for i, c in enumerate(laddered_choices())]
        )
    )
    @app_commands.choices(game=laddered_choices())
    async def ladder(interaction: Interaction, game: str | None = None) -> None:
        handlers = bot_of(interaction).handlers
        await handlers.run(interaction, handlers.ladder(interaction, game))

    @group.command(description="A link, for you alone, to play a game of yours in your browser")
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=complete_game)
    async def web(interaction: Interaction, game: str | None = None) -> None:
        handlers = bot_of(interaction).handlers
        await handlers.run(interaction, handlers.web(interaction, game))

    @group.command(description="An API token, for you alone, for a program to play your seat")
    @app_commands.describe(
        game=GAME, action="list your tokens, or revoke one (revoke sst_1234abcd) or all"
    )
    @app_commands.autocomplete(game=complete_game)
    async def token(
        interaction: Interaction, game: str | None = None, action: str | None = None
    ) -> None:
        handlers = bot_of(interaction).handlers
        await handlers.run(interaction, handlers.token(interaction, game, action))

    @group.command(description="Make your mail address and this account one ladder player")
    @app_commands.describe(code="the code the judge mailed you after you sent it `link`")
    async def link(interaction: Interaction, code: str | None = None) -> None:
        handlers = bot_of(interaction).handlers
        await handlers.run(interaction, handlers.link(interaction, code))

    tournament_group(group)
    return group


def _setup_command(group: app_commands.Group, word: str, what: str, text: str, file: str) -> None:
    """A game's set-up as a slash command of its own (`/spaceships fleet`, `design`), in its
    kind's words (`records.setup_command`)."""

    async def setup(
        interaction: Interaction,
        text: str | None = None,
        file: discord.Attachment | None = None,
        game: str | None = None,
    ) -> None:
        handlers = bot_of(interaction).handlers
        await handlers.run(interaction, handlers.setup(interaction, game, text, file, word))

    described = app_commands.describe(text=text, file=file, game=GAME)(setup)
    completed = app_commands.autocomplete(game=complete_game)(described)
    group.command(name=word, description=what)(completed)
