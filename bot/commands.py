"""The slash commands, all under `/spaceships`: their names, options, descriptions and the
completion of game names. Each hands its interaction to bot.handlers."""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable
from typing import Any, Optional

import discord
from discord import app_commands

from pbem import product
from pbem.club import tournament_store
from pbem.language.keywords import SETTING_WORDS
from pbem.registry import kind_named, kinds
from pbem.sights import Setting

Interaction = discord.Interaction[Any]


def _bot(interaction: Interaction) -> Any:
    """The bot (bot.app.SpaceshipsBot, which imports this module): its service and handlers."""
    return interaction.client


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
                f"{_listed(names, 'and')} {are} of {owner.about.title}: add "
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


def _listed(words: list[str], last: str = "or") -> str:
    """`a`, `a or b`, `a, b or c`."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} {last} {words[-1]}"


def _fitted(text: str, shorter: str) -> str:
    """A description as Discord takes it: at most 100 characters, else the shorter words."""
    return text if len(text) <= 100 else shorter


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


GAME = "the game (default: this thread's game, or your only game)"


def played_choices() -> list[app_commands.Choice[str]]:
    """Every game the judge hosts, in the registry's order: what a challenge may be for."""
    return [app_commands.Choice(name=k.about.title or k.name, value=k.name) for k in kinds()]


def laddered_choices() -> list[app_commands.Choice[str]]:
    """The games with a ladder (a kind with a `score`), in the registry's order."""
    return [
        app_commands.Choice(name=k.about.title or k.name, value=k.name)
        for k in kinds()
        if k.about.score is not None
    ]


def computer_levels() -> list[str]:
    """The computer levels to choose from: every game's whose computer has more than one, in
    the registry's order (a game with one level needs no choice)."""
    levels: list[str] = []
    for kind in kinds():
        if len(kind.about.levels) > 1:
            levels += [level for level in kind.about.levels if level not in levels]
    return levels


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
    listed = _listed([f"{titles[0]} (default)", *titles[1:]])
    return _fitted(f"the game: {listed}", f"the game (default: {titles[0]})")


def _level_help() -> str:
    """The `level` option's description: each game's levels where it has more than one."""
    each = [
        f"{kind.about.title}: {', '.join(kind.about.levels)} (default {kind.about.default_level})"
        for kind in kinds()
        if len(kind.about.levels) > 1
    ]
    return _fitted(
        "how strong: " + "; ".join(each),
        "how strong the computer plays (each game's help lists its levels; default: its own)",
    )


def _orders_text_help() -> str:
    """Orders as each game's players write them, the first game's bare, the others named."""
    examples = [
        (kind.records.orders_example if i == 0 else f"{kind.name}: {kind.records.orders_example}")
        for i, kind in enumerate(kinds())
        if kind.records.orders_example
    ]
    return _fitted(
        f"e.g. {'; '.join(examples)}; or none", "your orders, as your game's help shows; or none"
    )


def build_group() -> app_commands.Group:
    every_game = played_choices()
    titles = [kind.about.title for kind in kinds()]
    group = app_commands.Group(
        name=product.TAG, description=_fitted(f"Play {_listed(titles)}", f"Play {titles[0]}")
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
        handlers = _bot(interaction).handlers
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

    @group.command(description="How to play here: the commands, each game's own topics")
    @app_commands.describe(topic="fleet, orders, notation or deadline")
    async def help(interaction: Interaction, topic: str | None = None) -> None:
        handlers = _bot(interaction).handlers
        await handlers.run(interaction, handlers.help(interaction, topic))

    async def play(interaction: Interaction, **given: Any) -> None:
        level, rated = given.pop("level", None), given.pop("rated", False)
        settings = await _settings(interaction, {**given, "rated": "yes" if rated else None})
        if settings is None:
            return
        handlers = _bot(interaction).handlers
        await handlers.run(interaction, handlers.play(interaction, level, settings))

    group.command(name="play", description="Play a game (or a battle) against the computer")(
        _with_settings(
            play,
            [("game", word, None), ("level", word, None)],
            [("options", word, None), ("deadline", word, None), ("rated", bool, False)],
            {
                "game": _game_help(),
                "level": _level_help(),
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
        game=_listed(
            [f"{c.name} (default)" if i == 0 else c.name for i, c in enumerate(laddered_choices())]
        )
    )
    @app_commands.choices(game=laddered_choices())
    async def ladder(interaction: Interaction, game: str | None = None) -> None:
        handlers = _bot(interaction).handlers
        await handlers.run(interaction, handlers.ladder(interaction, game))

    @group.command(description="A link, for you alone, to play a game of yours in your browser")
    @app_commands.describe(game=GAME)
    @app_commands.autocomplete(game=complete_game)
    async def web(interaction: Interaction, game: str | None = None) -> None:
        handlers = _bot(interaction).handlers
        await handlers.run(interaction, handlers.web(interaction, game))

    @group.command(description="An API token, for you alone, for a program to play your seat")
    @app_commands.describe(
        game=GAME, action="list your tokens, or revoke one (revoke sst_1234abcd) or all"
    )
    @app_commands.autocomplete(game=complete_game)
    async def token(
        interaction: Interaction, game: str | None = None, action: str | None = None
    ) -> None:
        handlers = _bot(interaction).handlers
        await handlers.run(interaction, handlers.token(interaction, game, action))

    @group.command(description="Make your mail address and this account one ladder player")
    @app_commands.describe(code="the code the judge mailed you after you sent it `link`")
    async def link(interaction: Interaction, code: str | None = None) -> None:
        handlers = _bot(interaction).handlers
        await handlers.run(interaction, handlers.link(interaction, code))

    _tournament_group(group)
    return group


async def complete_tournament(
    interaction: Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """This judge's Discord tournaments, those taking entries first, matching what the member
    typed so far."""
    store = _bot(interaction).service.store
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


def _tournament_group(parent: app_commands.Group) -> None:
    """`/spaceships tournament ...`: the judge's `tournament` command in Discord
    (bot.tournaments)."""
    group = app_commands.Group(
        name="tournament", description="Round robins and Swiss tournaments", parent=parent
    )
    named = "the tournament's name"

    async def run(interaction: Interaction, verb: str, **given: Any) -> None:
        handlers = _bot(interaction).handlers
        await handlers.run(interaction, handlers.tournament(interaction, verb, given))

    @group.command(description="Game master: make a tournament here; players join until it starts")
    @app_commands.describe(
        name="a letter, then up to 15 letters, digits or _ (its games are named after it)",
        game=_listed(
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
    @app_commands.describe(name=named, level=_level_help())
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


def _setup_command(group: app_commands.Group, word: str, what: str, text: str, file: str) -> None:
    """A game's set-up as a slash command of its own (`/spaceships fleet`, `design`), in its
    kind's words (`records.setup_command`)."""

    async def setup(
        interaction: Interaction,
        text: str | None = None,
        file: discord.Attachment | None = None,
        game: str | None = None,
    ) -> None:
        handlers = _bot(interaction).handlers
        await handlers.run(interaction, handlers.setup(interaction, game, text, file, word))

    described = app_commands.describe(text=text, file=file, game=GAME)(setup)
    completed = app_commands.autocomplete(game=complete_game)(described)
    group.command(name=word, description=what)(completed)
