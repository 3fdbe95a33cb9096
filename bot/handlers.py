"""What the bot does for each command, button and form: find the game and the member's part in
it, hand the words to the judge (bot.service), answer privately, then post what it caused.

Every answer about a member's own fleet, orders or view is ephemeral (only they see it); the
judge's answer is given as the email judge words it. Refusals say what and why; an error on
the bot's side is logged and the member is told, never left with "interaction failed".
"""

from __future__ import annotations

import logging
from typing import Any

import discord

import bot.posts as posts
from bot.addresses import member_address, thread_address
from bot.answers import display_name, text_or_file
from bot.browser import ApiTokens, BrowserLinks
from bot.challenges import ComputerGames
from bot.components import FORM_ID, form_text, kind_form
from bot.delivery import private_posts
from bot.help import help_text
from bot.ladder import LadderHandlers
from bot.service import BotRefusal, Role, not_your_game, refuse_line_breaks
from bot.texts import named, said
from bot.tournaments import TournamentHandlers
from pbem.kinds.shown import Sight, kind_of
from pbem.storage.store import GameRow

log = logging.getLogger(__name__)


class Handlers(ComputerGames, LadderHandlers, BrowserLinks, TournamentHandlers, ApiTokens):
    """Every command, button and form of the bot (challenges in bot.challenges), the same for
    every game: what differs comes from the game's kind (its forms, words and pictures)."""

    # -- set-ups (a fleet, a design) and orders ---------------------------------------------------
    async def setup(
        self,
        interaction: discord.Interaction[Any],
        game_name: str | None,
        text: str | None,
        file: discord.Attachment | None,
        word: str,
    ) -> None:
        """`/spaceships fleet` or `design`: the text, a file, or without either the form."""
        role = self.service.player_role(
            interaction.user.id, game_name, self._channel_id(interaction)
        )
        text = await text_or_file(text, file)
        if (not text or not text.strip()) and word == kind_of(role.game).steps.setup_word:
            await self._setup_modal(interaction, role.game)
            return
        # The other game's word too: the judge says which word this game takes.
        await self.submit_setup(interaction, role.game, text or "", word)

    async def setup_form(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        game = self.service.game_by_id(game_id)
        self._player(game, interaction.user.id)
        await self._setup_modal(interaction, game)

    async def _setup_modal(self, interaction: discord.Interaction[Any], game: GameRow) -> None:
        _refuse_form(game, "setup")
        word = kind_of(game).steps.setup_word
        await kind_form(game, word, word, None).show(interaction)

    async def read_form(self, interaction: discord.Interaction[Any]) -> None:
        """A form sent back (bot.components.TextForm): act on its text as its id says, whether
        this bot or the one before a restart showed it."""
        data: Any = interaction.data or {}
        found = FORM_ID.match(str(data.get("custom_id", "")))
        if found is None:
            return
        text = form_text(data.get("components", []))
        game_id, turn = int(found["id"]), found["turn"]

        async def act() -> None:
            game = self.service.game_by_id(game_id)
            if turn is None:  # a set-up's form has no turn
                await self.submit_setup(interaction, game, text, found["kind"])
            else:
                await self.submit_form_orders(interaction, game, int(turn), text)

        await self.run(interaction, act())

    async def submit_setup(
        self, interaction: discord.Interaction[Any], game: GameRow, text: str, word: str
    ) -> None:
        role = self._player(game, interaction.user.id)
        assert role.seat is not None
        before = self.service.players(game)[role.seat].fleet
        answer = self.service.submit_block(
            interaction.user.id, display_name(interaction.user), word, text, game, interaction.id
        )
        game = self.service.game_by_id(game.id)
        after = self.service.players(game)[role.seat].fleet
        files = None
        if after and after != before:
            files = self.pictures(game, Sight("setup", seat=role.seat), interaction.user.id)
        await self.judge_answer(interaction, answer, files)

    async def orders(
        self,
        interaction: discord.Interaction[Any],
        game_name: str | None,
        text: str | None,
        file: discord.Attachment | None,
        turn: int | None,
    ) -> None:
        role = self.service.player_role(
            interaction.user.id, game_name, self._channel_id(interaction)
        )
        text = await text_or_file(text, file)
        if text is None or not text.strip():
            await self._orders_modal(interaction, role.game, role.game.turn)
            return
        if turn is None:
            turn = kind_of(role.game).show.open_turn(role.game)
        await self.submit_orders(interaction, role.game, turn, text)

    async def orders_form(
        self, interaction: discord.Interaction[Any], game_id: int, turn: int
    ) -> None:
        """A turn's button (`turn`: the game's turn or phase it opened)."""
        game = self.service.game_by_id(game_id)
        self._player(game, interaction.user.id)
        # Refused at the press, not after typing: a form of a turn that is over could only be
        # refused when sent, and opening the current turn's form under an old turn's button
        # would let a player believe they were answering the turn the button names.
        _refuse_other_turn(game, turn, "This button is")
        await self._orders_modal(interaction, game, turn)

    async def _orders_modal(
        self, interaction: discord.Interaction[Any], game: GameRow, turn: int
    ) -> None:
        _refuse_form(game, "playing")
        _refuse_other_side(game, self._player(game, interaction.user.id).seat)
        key = _orders_key(game)
        await kind_form(game, key, "orders", turn).show(interaction)

    async def submit_form_orders(
        self, interaction: discord.Interaction[Any], game: GameRow, turn: int, text: str
    ) -> None:
        """A turn's form sent back, while that turn (or phase) is open: the judge's `orders N:`
        names the game's turn, which for some games is not the phase the form was for."""
        self._player(game, interaction.user.id)
        _refuse_other_turn(game, turn, "These orders are")
        await self.submit_orders(interaction, game, kind_of(game).show.open_turn(game), text)

    async def submit_orders(
        self, interaction: discord.Interaction[Any], game: GameRow, turn: int, text: str
    ) -> None:
        """`orders TURN: ...` as the member; `turn` as the judge's `orders N:` names it."""
        self._player(game, interaction.user.id)
        kind = kind_of(game)
        # Written as in a mail (`orders 2: Gx3`): the judge checks the turn it names, and says
        # which is open in the bot's words (bot.answers).
        command = kind.show.command_text("orders", text, turn)
        # What the bot wrote ahead of the member's words (`orders 3: `): a slip's column and
        # quoted line are counted in what the member typed, not in that line.
        typed = " ".join(text.split())
        written = len(command) - len(typed) if typed and command.endswith(" " + typed) else 0
        answer = self.service.submit(
            interaction.user.id,
            display_name(interaction.user),
            command,
            game,
            interaction.id,
            written_before=written,
        )
        await self.judge_answer(interaction, answer)

    def pictures(self, game: GameRow, sight: Sight, user_id: int) -> list[tuple[str, bytes]]:
        """The picture of a sight for the member, as the files of an answer (pbem.kinds.shown
        decides whether they may see it); in a game's thread the thread is the reader of
        what everyone there may see."""
        reader = member_address(user_id)
        thread = self.service.tables.thread_of(game.id)
        if sight.seat is None and thread is not None:
            reader = thread_address(thread)
        picture = posts.drawn(self.service.store, game, [sight], reader)
        return [] if picture is None else [picture]

    def _player(self, game: GameRow, user_id: int) -> Role:
        role = self.service.role(game, user_id)
        if role.seat is None:
            raise BotRefusal(not_your_game(game, self.service.players(game)))
        return role

    # -- looking ---------------------------------------------------------------------------------
    async def status(self, interaction: discord.Interaction[Any], game_name: str | None) -> None:
        game = self.service.resolve(interaction.user.id, game_name, self._channel_id(interaction))
        role = self.service.role(game, interaction.user.id)
        if not role.member:
            raise BotRefusal(
                not_your_game(game, self.service.players(game))
                + " `/spaceships board` shows what everyone may see."
            )
        answer = self.service.submit(
            interaction.user.id, display_name(interaction.user), f"status {game.name}", game
        )
        # A player's own view (before the start: their set-up); a game open to all once begun
        # shows everyone the same; nothing of a hidden game for the master.
        if game.state is not None and not kind_of(game).show.private_results:
            sight: Sight | None = Sight("now")
        else:
            sight = None if role.seat is None else Sight("now", seat=role.seat)
        files = [] if sight is None else self.pictures(game, sight, interaction.user.id)
        await self.judge_answer(interaction, answer, files)

    async def board(self, interaction: discord.Interaction[Any], game_name: str | None) -> None:
        game = self.service.resolve(interaction.user.id, game_name, self._channel_id(interaction))
        role = self.service.role(game, interaction.user.id)
        in_thread = self.service.game_of_thread(self._channel_id(interaction))
        if game.private and not (in_thread is not None and in_thread.id == game.id):
            if not role.member:
                raise BotRefusal(not_your_game(game, self.service.players(game)))
            raise BotRefusal(f"{game.name} is private: its board is shown only in its thread.")
        answer = self.service.submit(
            interaction.user.id, display_name(interaction.user), f"status {game.name}"
        )
        batch = posts.text_posts(answer.split("\n", 1)[1] if answer.startswith(">") else answer)
        if game.state is not None:
            batch[-1].files += self.pictures(game, Sight("now"), interaction.user.id)
        await self.answer(interaction, batch, ephemeral=False)

    async def history(self, interaction: discord.Interaction[Any], game_name: str | None) -> None:
        game = self.service.resolve(interaction.user.id, game_name, self._channel_id(interaction))
        role = self.service.role(game, interaction.user.id)
        text = "history" if role.seat is not None else f"history {game.name}"
        answer = self.service.submit(
            interaction.user.id,
            display_name(interaction.user),
            text,
            game if role.seat is not None else None,
        )
        long = kind_of(game).show.history_file(game, answer)
        if long is None:
            await self.judge_answer(interaction, answer)
            return
        # Long: the first lines, and the record so far as a file.
        head, record = long
        batch = posts.text_posts(head)
        batch[-1].files.append((record.filename, record.data))
        await self.answer(interaction, batch)

    async def my_results(
        self,
        interaction: discord.Interaction[Any],
        game_id: int,
        kind: str,
        turn: int | None,
        match_game: int | None = None,
    ) -> None:
        game = self.service.game_by_id(game_id)
        role = self._player(game, interaction.user.id)
        of_match = kind_of(game).records.match_game_of
        number = None if of_match is None else of_match(self.service.store, game, ())
        if number is not None and match_game is None and number > 1:
            # A button made before buttons named their game: turn 1 of which game? Not a guess.
            raise BotRefusal(
                f"This button does not say which game of match {game.name} it belongs to, and "
                f"game {number} has begun since: your results of each game came by direct "
                "message, and `/spaceships history` shows the game being played."
            )
        entry = self.service.tables.message_for(
            game.id, kind, turn, member_address(interaction.user.id), match_game
        )
        if entry is None:
            raise BotRefusal(f"There are no results of yours for this post of {game.name} yet.")
        assert role.seat is not None
        await self.answer(interaction, private_posts(self.service, entry))

    # -- the end and the game master ------------------------------------------------------------
    async def draw(self, interaction: discord.Interaction[Any], game_name: str | None) -> None:
        """The judge's `draw` as the member: an offer, or the opponent's offer accepted; a game
        without draws says so in the judge's words."""
        role = self.service.player_role(
            interaction.user.id, game_name, self._channel_id(interaction)
        )
        answer = self.service.submit(
            interaction.user.id, display_name(interaction.user), "draw", role.game, interaction.id
        )
        await self.judge_answer(interaction, answer)
        await self.bot.delivery.flush()

    async def resign(self, interaction: discord.Interaction[Any], game_name: str | None) -> None:
        role = self.service.player_role(
            interaction.user.id, game_name, self._channel_id(interaction)
        )
        game = role.game
        if game.phase == "over":
            raise BotRefusal(f"{game.name} is already over.")
        view = discord.ui.View(timeout=300)
        confirm: discord.ui.Button[Any] = discord.ui.Button(
            label=f"Resign {game.name}", style=discord.ButtonStyle.danger
        )
        cancel: discord.ui.Button[Any] = discord.ui.Button(label="Keep playing")

        async def do_resign(inner: discord.Interaction[Any]) -> None:
            async def act() -> None:
                answer = self.service.submit(
                    inner.user.id,
                    display_name(inner.user),
                    "resign",
                    self.service.game_by_id(game.id),
                    inner.id,
                )
                await inner.response.edit_message(content=answer[:2000], view=None)
                await self.bot.delivery.flush()

            await self.run(inner, act())

        async def keep(inner: discord.Interaction[Any]) -> None:
            await inner.response.edit_message(content="You play on.", view=None)

        confirm.callback = do_resign  # type: ignore[method-assign]
        cancel.callback = keep  # type: ignore[method-assign]
        view.add_item(confirm)
        view.add_item(cancel)
        revealed = said(kind_of(game), "resigned")
        await interaction.response.send_message(
            f"Resign {game.name}? Your opponent wins and {revealed}.",
            view=view,
            ephemeral=True,
        )

    async def settings(
        self, interaction: discord.Interaction[Any], game_name: str | None, changes: dict[str, str]
    ) -> None:
        game = self.service.resolve(interaction.user.id, game_name, self._channel_id(interaction))
        role = self.service.role(game, interaction.user.id)
        if not role.master:
            raise BotRefusal(
                f"Only the member who created {game.name} (its game master) may change its "
                "settings."
            )
        refuse_line_breaks(changes)
        lines = [f"{key} {value}" for key, value in changes.items() if value]
        if not lines:
            lines = [f"status {game.name}"]
        # Each setting its own command, so that no value can be read as a second one.
        answer = self.service.submit_each(
            interaction.user.id, display_name(interaction.user), lines, game, interaction.id
        )
        await self.judge_answer(interaction, answer)

    async def games(self, interaction: discord.Interaction[Any]) -> None:
        mine = self.service.games_of(interaction.user.id)
        if not mine:
            await self.say(
                interaction, "You have no game in play. `/spaceships challenge` starts one."
            )
            return
        lines = []
        for game in mine:
            thread = self.service.tables.thread_of(game.id)
            where = f" in <#{thread}>" if thread else ""
            kind = kind_of(game)
            state = kind.show.turn_name(game, game.turn) if game.phase == "playing" else game.phase
            if named(kind):
                state = f"{kind.about.title}, {state}"
            lines.append(f"**{game.name}**{where}: {state}")
        await self.say(interaction, "\n".join(lines))

    async def help(self, interaction: discord.Interaction[Any], topic: str | None) -> None:
        here = self.service.game_of_thread(self._channel_id(interaction))
        if here is not None:
            kind = kind_of(here)
            asked = (topic or "").strip().lower()
            if kind.name in kind.about.help_topics and asked in ("orders", "design", "fleet"):
                topic = kind.name  # in a thread of a game with its own guide, that guide
        await self.answer(interaction, posts.paragraph_posts(help_text(topic)))


def _refuse_form(game: GameRow, wanted: str) -> None:
    """A form (an old button, or the command without text) opens only while the game takes
    what it asks for: said at the press, so nobody types a set-up or orders for nothing.
    `wanted`: "setup" (a fleet or design, also while a seat is still free) or "playing"."""
    if game.phase == wanted or (wanted == "setup" and game.phase == "joining"):
        return
    kind = kind_of(game)
    word = kind.steps.setup_word
    if game.phase == "over":
        what = f"{word}s or orders" if word else "orders"
        raise BotRefusal(
            f"{game.name} is over: it takes no more {what}. `/spaceships history` "
            "shows the whole game; the **Rematch** button under its end offers another."
        )
    if game.phase == "playing":
        now = kind.show.turn_name(game, game.turn)
        raise BotRefusal(
            f"The {word}s of {game.name} are set: {now} is open. Send its orders "
            f"with `/spaceships orders text:...` or the **{_open_button(game)}** "
            "button under the latest results."
        )
    if not word:
        raise BotRefusal(f"{game.name} takes no orders yet: it needs two players.")
    raise BotRefusal(
        f"{game.name} takes {word}s now, not orders: send your {word} with `/spaceships {word}` "
        f"or the **Submit {word}** button."
    )


def _refuse_other_turn(game: GameRow, turn: int, what: str) -> None:
    """Orders (a button or a form) for a turn that is not the open one are refused in the
    bot's own words, pointing to the open turn, before the judge sees them. `turn` counts as
    the game row does (a battle: its phases)."""
    if game.phase != "playing" or turn == game.turn:
        return  # the judge says why a game not in play takes no orders
    when = "is over" if turn < game.turn else "has not begun"
    kind = kind_of(game)
    asked, now = kind.show.turn_name(game, turn), kind.show.turn_name(game, game.turn)
    raise BotRefusal(
        f"{what} for {asked} of {game.name}, which {when}: {now} is open now; "
        f"nothing changed. Send its orders with `/spaceships orders text:...` or the "
        f"**{_open_button(game)}** button under the latest results."
    )


def _refuse_other_side(game: GameRow, seat: str | None) -> None:
    """A game whose sides take turns: the side not to act is refused at the press of the open
    turn's button (or `/spaceships orders` without text), not after typing its moves."""
    kind = kind_of(game)
    for action in kind.show.actions(game, "turn", game.turn - 1):
        if action.command == "orders" and action.seats and seat not in action.seats:
            mine = kind.about.seat_name(seat) if seat else "no side"
            raise BotRefusal(
                f"**{action.label}** is not yours: you play {mine}. Wait for your own turn "
                "(the thread tells you when it opens); nothing was opened."
            )


def _open_button(game: GameRow) -> str:
    """The open turn's button as its game labels it (a battle's "Submit orders (turn 2,
    movement)", Space Chess's "Submit moves (turn 2, Aliens)"): the last post carries it."""
    kind = kind_of(game)
    opened = kind.show.actions(game, "turn", game.turn - 1)
    return opened[0].label if opened else f"Submit orders ({kind.show.turn_name(game, game.turn)})"


def _orders_key(game: GameRow) -> str:
    """The custom-id word of the open turn's form: the game's own orders button's."""
    for action in kind_of(game).show.actions(game, "turn", game.turn - 1):
        if action.command == "orders":
            return action.key
    return "orders"
