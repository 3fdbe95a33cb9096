"""The bot's commands where a battle differs from Spaceships: `/spaceships design`, the orders
form of a phase, and what `status`, `board` and `history` show of a battle. Every submission
is the email judge's own command (`design ...`, `orders N: ...`) through the judge core, and
its answer is the email judge's text, shown only to the member."""

from __future__ import annotations

from typing import Any

import discord

import bot.posts as posts
from bot.answers import display_name, text_or_file
from bot.battles import is_battle, orders_turn
from bot.challenges import ComputerGames
from bot.components import kind_form
from bot.service import BotRefusal, Role, not_your_game
from pbem.shown import Sight, kind_of
from pbem.store import GameRow

_UNDER_WAY = {"playing": "under way", "over": "over"}


class BattleHandlers(ComputerGames):
    """Spaceship Battles' own commands and views (the rest is shared with Spaceships)."""

    # -- designs --------------------------------------------------------------------------------
    async def design(
        self,
        interaction: discord.Interaction[Any],
        game_name: str | None,
        text: str | None,
        file: discord.Attachment | None,
    ) -> None:
        role = self.service.player_role(
            interaction.user.id, game_name, self._channel_id(interaction)
        )
        text = await text_or_file(text, file)
        if not text or not text.strip():
            await self._design_modal(interaction, role.game)
            return
        await self.submit_design(interaction, role.game, text)

    async def design_form(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        game = self.service.game_by_id(game_id)
        self._seated(game, interaction.user.id)
        if game.phase not in ("joining", "setup"):
            # Said before the form opens, so nobody types a design for nothing.
            raise BotRefusal(
                f"The designs of {game.name} are set: the battle is {_UNDER_WAY[game.phase]}."
            )
        await self._design_modal(interaction, game)

    async def _design_modal(self, interaction: discord.Interaction[Any], game: GameRow) -> None:
        await kind_form(game, "design", "design", None).show(interaction)

    async def submit_design(
        self, interaction: discord.Interaction[Any], game: GameRow, text: str
    ) -> None:
        role = self._seated(game, interaction.user.id)
        assert role.seat is not None
        before = self.service.players(game)[role.seat].fleet
        answer = self.service.submit_block(
            interaction.user.id,
            display_name(interaction.user),
            "design",
            text,
            game,
            interaction.id,
        )
        game = self.service.game_by_id(game.id)
        after = self.service.players(game)[role.seat].fleet
        files = []
        if after and after != before and is_battle(game):
            files = self.pictures(game, Sight("setup", seat=role.seat), interaction.user.id)
        await self.judge_answer(interaction, answer, files)

    # -- orders ---------------------------------------------------------------------------------
    async def phase_form(
        self, interaction: discord.Interaction[Any], game_id: int, phase: int
    ) -> None:
        game = self.service.game_by_id(game_id)
        self._seated(game, interaction.user.id)
        _refuse_other_phase(game, phase, "This button is")
        await self.battle_orders_modal(interaction, game)

    async def battle_orders_modal(
        self, interaction: discord.Interaction[Any], game: GameRow
    ) -> None:
        if game.phase != "playing":
            raise BotRefusal(
                f"{game.name} has no phase open for orders: "
                + {"joining": "it needs two players", "setup": "both designs must be in first"}.get(
                    game.phase, "the battle is over"
                )
                + "."
            )
        await kind_form(game, "phase", "orders", game.turn).show(interaction)

    async def submit_phase_form(
        self, interaction: discord.Interaction[Any], game: GameRow, phase: int, text: str
    ) -> None:
        """A phase's form sent back: its orders, while that phase is open. A movement form
        sent once the fire phase has opened would otherwise reach the judge as that turn's
        volleys (the judge's `orders N:` names the turn, not the phase)."""
        self._seated(game, interaction.user.id)
        _refuse_other_phase(game, phase, "This form is")
        await self.submit_orders(interaction, game, orders_turn(game), text)

    async def submit_orders(
        self, interaction: discord.Interaction[Any], game: GameRow, turn: int, text: str
    ) -> None:
        """`orders TURN: ...` as the member (bot.handlers.Handlers, shared with Spaceships)."""
        raise NotImplementedError

    def pictures(self, game: GameRow, sight: Sight, user_id: int) -> list[tuple[str, bytes]]:
        """The picture of a sight for the member, as the files of an answer (bot.handlers)."""
        raise NotImplementedError

    def _seated(self, game: GameRow, user_id: int) -> Role:
        role = self.service.role(game, user_id)
        if role.seat is None:
            raise BotRefusal(not_your_game(game, self.service.players(game)))
        return role

    # -- looking --------------------------------------------------------------------------------
    async def battle_status(
        self, interaction: discord.Interaction[Any], game: GameRow, role: Role
    ) -> None:
        """The judge's status, with the map (every ship once begun) or, before the start,
        the member's own design: never the opponent's."""
        answer = self.service.submit(
            interaction.user.id, display_name(interaction.user), f"status {game.name}", game
        )
        # The map (every ship once begun), or before the start the member's own design.
        seat = None if game.state is not None else role.seat
        files = self.pictures(game, Sight("now", seat=seat), interaction.user.id)
        await self.judge_answer(interaction, answer, files)

    async def battle_board(self, interaction: discord.Interaction[Any], game: GameRow) -> None:
        """The public account: the judge's status as an onlooker gets it, and the map."""
        answer = self.service.submit(
            interaction.user.id, display_name(interaction.user), f"status {game.name}"
        )
        batch = posts.text_posts(answer.split("\n", 1)[1] if answer.startswith(">") else answer)
        if game.state is not None:
            batch[-1].files += self.pictures(game, Sight("now"), interaction.user.id)
        await self.answer(interaction, batch, ephemeral=False)

    async def battle_history(
        self, interaction: discord.Interaction[Any], game: GameRow, answer: str
    ) -> None:
        """The record so far (with the seed only once over), as a file when long."""
        long = kind_of(game).history_file(game, answer)
        if long is not None:
            head, record = long
            batch = posts.text_posts(head)
            batch[-1].files.append((record.filename, record.data))
            await self.answer(interaction, batch)
            return
        await self.judge_answer(interaction, answer)


def phase_name(game: GameRow, phase: int) -> str:
    return kind_of(game).turn_name(game, phase)


def _refuse_other_phase(game: GameRow, phase: int, what: str) -> None:
    """A button or form of a battle's phase that is not the open one is refused in the bot's
    words, naming the open phase and its button, before anything reaches the judge."""
    if game.phase == "playing" and game.turn == phase:
        return
    asked, now = phase_name(game, phase), phase_name(game, game.turn)
    if game.phase != "playing":
        raise BotRefusal(
            f"{what} for {asked} of {game.name}, which is resolved; now: the battle "
            f"is {game.phase}. Nothing changed."
        )
    # The open turn's button as its game labels it (a battle's "Submit orders (turn 2,
    # movement)", another game's its own).
    opened = kind_of(game).actions(game, "turn", game.turn - 1)
    button = opened[0].label if opened else f"Submit orders ({now})"
    raise BotRefusal(
        f"{what} for {asked} of {game.name}, which is resolved; now: "
        f"{now}. Nothing changed: send its orders with `/spaceships orders "
        f"text:...` or the **{button}** button under the latest "
        "post."
    )
