"""The bot's buttons and forms, alive across restarts: every button is a dynamic item whose
custom id carries what it is about (`ss:accept:12`, `ss:mine:3:turn:5`), registered at start-up,
so a button on a message of last week still works after the bot was restarted.

- Accept / Decline under a challenge;
- Submit fleet / Submit orders on a game's posts: a form (modal) for the text, easy on a phone,
  read back by its custom id, so one still open across a restart is not lost;
- View my results under each results post: the clicking player's own results, privately;
  anyone else is told it is not their game.
"""

from __future__ import annotations

import os
import re
from typing import TYPE_CHECKING, Any

import discord

from pbem.kinds.shown import kind_of

if TYPE_CHECKING:
    from pbem.storage.store import GameRow


def _app(interaction: discord.Interaction[Any]) -> Any:
    """The bot's front end (bot.app.SpaceshipsBot): its service and handlers."""
    return interaction.client


class AcceptButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"ss:accept:(?P<id>\d+)"
):
    def __init__(self, challenge_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Accept",
                style=discord.ButtonStyle.success,
                custom_id=f"ss:accept:{challenge_id}",
            )
        )
        self.challenge_id = challenge_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> AcceptButton:
        return cls(int(match["id"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        handlers = _app(interaction).handlers
        await handlers.run(interaction, handlers.accept(interaction, self.challenge_id))


class DeclineButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"ss:decline:(?P<id>\d+)"
):
    def __init__(self, challenge_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Decline",
                style=discord.ButtonStyle.secondary,
                custom_id=f"ss:decline:{challenge_id}",
            )
        )
        self.challenge_id = challenge_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> DeclineButton:
        return cls(int(match["id"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        handlers = _app(interaction).handlers
        await handlers.run(interaction, handlers.decline(interaction, self.challenge_id))


class GameButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    # Every word but the shared buttons' (and forms'): `ss:fleet:12`, `ss:orders:12:3`,
    # `ss:design:12`, `ss:phase:12:5`, as the games' actions name them (pbem.kinds.shown.Action).
    template=r"ss:(?!(?:accept|decline|mine|rematch|form):)(?P<key>[a-z]+):(?P<id>\d+)"
    r"(?::(?P<turn>\d+))?",
):
    """A game's own button: the form of its set-up, or of a turn's (or phase's) orders."""

    def __init__(self, game_id: int, key: str, turn: int | None, label: str = "Submit") -> None:
        at = "" if turn is None else f":{turn}"
        super().__init__(
            discord.ui.Button(
                label=label[:80],
                style=discord.ButtonStyle.primary,
                custom_id=f"ss:{key}:{game_id}{at}",
            )
        )
        self.game_id = game_id
        self.key = key
        self.turn = turn

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> GameButton:
        turn = None if match["turn"] is None else int(match["turn"])
        return cls(int(match["id"]), match["key"], turn)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        handlers = _app(interaction).handlers
        if self.turn is None:  # a set-up has no turn
            done = handlers.setup_form(interaction, self.game_id)
        else:
            done = handlers.orders_form(interaction, self.game_id, self.turn)
        await handlers.run(interaction, done)


class ResultsButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"ss:mine:(?P<id>\d+):(?P<kind>[a-z]+):(?P<turn>\d+|-)(?::g(?P<game>\d+))?",
):
    """`ss:mine:3:turn:1:g2`: game 2 of the match in row 3 (a single game: no `:g`)."""

    def __init__(
        self, game_id: int, kind: str, turn: int | None, match_game: int | None = None
    ) -> None:
        of_game = "" if match_game is None else f":g{match_game}"
        super().__init__(
            discord.ui.Button(
                label="View my results",
                style=discord.ButtonStyle.secondary,
                custom_id=f"ss:mine:{game_id}:{kind}:{'-' if turn is None else turn}{of_game}",
            )
        )
        self.game_id = game_id
        self.kind = kind
        self.turn = turn
        self.match_game = match_game

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ResultsButton:
        turn = None if match["turn"] == "-" else int(match["turn"])
        match_game = None if match["game"] is None else int(match["game"])
        return cls(int(match["id"]), match["kind"], turn, match_game)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        handlers = _app(interaction).handlers
        await handlers.run(
            interaction,
            handlers.my_results(interaction, self.game_id, self.kind, self.turn, self.match_game),
        )


class RematchButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"ss:rematch:(?P<id>\d+)"
):
    """Under a game's end: the same players again, sides swapped (bot.ladder)."""

    def __init__(self, game_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Rematch",
                style=discord.ButtonStyle.primary,
                custom_id=f"ss:rematch:{game_id}",
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> RematchButton:
        return cls(int(match["id"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        handlers = _app(interaction).handlers
        await handlers.run(interaction, handlers.rematch(interaction, self.game_id))


DYNAMIC_ITEMS = (
    AcceptButton,
    DeclineButton,
    ResultsButton,
    RematchButton,
    GameButton,  # last: the shared words are matched first
)


def challenge_buttons(challenge_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(AcceptButton(challenge_id))
    view.add_item(DeclineButton(challenge_id))
    return view


def game_buttons(
    game: GameRow, kind: str, turn: int | None, match_game: int | None = None
) -> discord.ui.View | None:
    """The buttons under a game's post in its thread (None: no buttons); `match_game` the
    game of a match the post is about. "View my results" when the game's results are each
    player's own, "Rematch" under its end, then the game's own (its kind's `actions`)."""
    game_kind = kind_of(game)
    items: list[discord.ui.Item[Any]] = []
    if game_kind.show.private_results and kind in ("next", "begin", "turn", "over"):
        items.append(ResultsButton(game.id, kind, None if kind == "next" else turn, match_game))
    if kind == "over" and game.phase == "over":  # the last game of a match too, not the others
        items.append(RematchButton(game.id))
    for action in game_kind.show.actions(game, kind, turn):
        items.append(GameButton(game.id, action.key, action.turn, action.label))
    if not items:
        return None
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    return view


def kind_form(game: GameRow, key: str, command: str, turn: int | None) -> TextForm:
    """The form a game's kind gives for a command (`form`), with its custom id (`key`: the
    id word, kept as it was so a form open across a restart is still read)."""
    made = kind_of(game).show.form(game, command, turn)
    field = made.fields[0]  # one field for every game today
    return TextForm(made.title, field.label, field.example, form_id(key, game.id, made.turn))


# A form's custom id says what it is for, with a nonce so that two open forms never share one.
FORM_ID = re.compile(r"^ss:form:(?P<kind>[a-z]+):(?P<id>\d+)(?::(?P<turn>\d+))?:[0-9a-f]+$")


def form_id(kind: str, game_id: int, turn: int | None = None) -> str:
    """The custom id of a form for a fleet, orders or a design: `ss:form:orders:12:3:9f2c..`
    (a battle's orders: `ss:form:phase:12:5:..`, the phase count, 2k-1 the movement of turn k
    and 2k its fire, so a form of a phase that is over is refused when sent)."""
    at = "" if turn is None else f":{turn}"
    return f"ss:form:{kind}:{game_id}{at}:{os.urandom(6).hex()}"


class TextForm(discord.ui.Modal):
    """A form with one long text field: a fleet, a turn's orders or a design.

    The bot does not keep the form once it is shown: what it is for is in its custom id, and
    every form sent back is read from that id (bot.app reads it, bot.handlers acts on it). So a
    form a member is still typing into when the bot restarts is read by the new bot."""

    def __init__(
        self, title: str, label: str, placeholder: str, custom_id: str, required: bool = True
    ) -> None:
        super().__init__(title=title[:45], timeout=None, custom_id=custom_id)
        self.add_item(
            discord.ui.TextInput(
                label=label[:45],
                style=discord.TextStyle.paragraph,
                placeholder=placeholder[:100],
                required=required,
                max_length=4000,
            )
        )

    async def show(self, interaction: discord.Interaction[Any]) -> None:
        """Open the form for the member, and let go of it (see the class's note)."""
        await interaction.response.send_modal(self)
        self.stop()


def form_text(data: Any) -> str:
    """The text typed into a sent form, from the interaction's data however Discord nests
    its fields (action rows, or labels around them)."""
    if isinstance(data, dict):
        if isinstance(data.get("value"), str):
            return data["value"]
        children = [
            *data.get("components", []),
            *([data["component"]] if "component" in data else []),
        ]
        for child in children:
            text = form_text(child)
            if text:
                return text
    elif isinstance(data, list):
        for child in data:
            text = form_text(child)
            if text:
                return text
    return ""
