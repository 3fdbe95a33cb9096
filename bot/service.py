"""The bot's side of the judge core: each member's action as one judge submission, in one
transaction with everything it causes. No Discord objects here, only ids and text.

A member is known to the judge by the address `discord:<user id>`, a game's thread by
`discord-thread:<thread id>` (bot.addresses; a thread is an observer of its game: it receives
only what both players see).
The judge runs with `accounts=True`: members are authenticated by Discord, so no passwords;
and every message a change causes goes into the outbox inside the change's transaction
(bot.store), from where bot.delivery posts it. Refusals are `BotRefusal` with the text
to show the member.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

import discord

from bot.addresses import (
    MEMBER,
    channel_address,
    member_address,
    outbound_to_json,
    thread_address,
    user_id_of,
)
from bot.challenging import BATTLE_PUBLIC, Challenging
from bot.challenging import command_word as command_word  # read here by the handlers
from bot.challenging import settings_text as settings_text
from bot.refusals import BotRefusal as BotRefusal  # the refusals, read here by long habit
from bot.refusals import not_your_game as not_your_game
from bot.refusals import refuse_line_breaks as refuse_line_breaks
from bot.store import DiscordStore
from pbem.club import tournament_store
from pbem.judge import Judge
from pbem.kinds.shown import kind_of
from pbem.language.keywords import keyword_of
from pbem.messages import Inbound, Outbound
from pbem.steps.computers import without_computer_mail
from pbem.storage.store import GameRow, PlayerRow, Store

PUBLIC_NOTICES = ("late", "settings")


@dataclass(frozen=True)
class Role:
    """What a member is in a game: a player (their seat) and/or its game master."""

    game: GameRow
    seat: str | None
    master: bool

    @property
    def member(self) -> bool:
        return self.seat is not None or self.master


class Service(Challenging):
    """The judge core as the Discord front end uses it."""

    def __init__(self, store: Store, clock: Callable[[], datetime] | None = None) -> None:
        self.store = store
        self.tables = DiscordStore(store)
        # discord.py's clock by default: real UTC, or a simulated Discord's virtual time.
        self.clock = clock or discord.utils.utcnow
        self.judge = Judge(store, self.clock, keep=self._keep, accounts=True)
        self._held: list[Outbound] | None = None  # messages kept back (play_computer)

    def now(self) -> datetime:
        moment = self.clock()
        return moment if moment.tzinfo else moment.replace(tzinfo=UTC)

    def _keep(self, messages: list[Outbound]) -> None:
        """Inside the judge's transaction: every message goes to the outbox, one row per
        address, committed with the change that caused it."""
        if self._held is not None:
            self._held.extend(messages)
            return
        now = self.now()
        said: set[tuple[int, str]] = set()
        # The computer reads its view, not messages (spaceships.judge.computer): none go to it.
        for message in without_computer_mail(messages):
            if message.tournament is not None and self._keep_tournament(message, now):
                continue
            game = self.store.game(message.game) if message.game else None
            kept = outbound_to_json(message)
            if game is not None:
                # Which game of a match it belongs to, for its buttons: the row goes on to
                # the next game, and turn 1 of game 2 is not turn 1 of game 1.
                of_match = kind_of(game).records.match_game_of
                names = [a.filename for a in message.attachments]
                number = None if of_match is None else of_match(self.store, game, names)
                if number is not None:
                    kept["match_game"] = number
            thread = self.tables.thread_of(game.id) if game else None
            if game is not None and thread is not None and message.kind in PUBLIC_NOTICES:
                # The same notice to every player (a deadline changed, the deadline passed):
                # once in the game's thread, not once per player.
                if (game.id, message.body) not in said:
                    said.add((game.id, message.body))
                    self.tables.add_outbox(
                        game.id,
                        message.kind,
                        message.turn,
                        thread_address(thread),
                        kept,
                        now,
                    )
                continue
            if (
                game is not None
                and thread is not None
                and not kind_of(game).show.private_results
                and message.kind in BATTLE_PUBLIC
                and all(a.startswith(MEMBER) for a in message.to)
            ):
                # A game without private results (a battle, reading R16): its news is the
                # same for everyone; the thread's copy is posted, pinging the players; their
                # own copies would repeat it.
                continue
            for address in message.to:
                self.tables.add_outbox(
                    game.id if game else None,
                    message.kind,
                    message.turn,
                    address,
                    kept,
                    now,
                )

    def _keep_tournament(self, message: Outbound, now: datetime) -> bool:
        """A Discord tournament's news, kept where it is followed (True; False: kept as any
        other message): a round begun or the end, once in the channel it was made in; a round's
        game made for a player, not at all: its thread's first post says it, pinging the
        two players (bot.tournaments)."""
        found = tournament_store.tournament(self.store, message.tournament or "")
        if found is None or not found.accounts:
            return False
        if message.kind == "tournament-game":
            return True
        where = self.tables.tournament_channel(found.id)
        if message.kind != "tournament" or where is None:
            return False
        kept = outbound_to_json(message)
        self.tables.add_outbox(None, message.kind, None, channel_address(where[1]), kept, now)
        return True

    def link_tournament_game(
        self, game_id: int, guild_id: int, channel_id: int, thread_id: int
    ) -> bool:
        """A tournament's game given the thread just opened for it (False: another process
        gave it one first). What the game said before it had a thread is sorted as a
        challenge's is (keep_held): the players' "joined" notices dropped (the thread's first
        post says who plays), and open news (a game that hides nothing) once in the thread
        instead of once to each player."""
        with self.store.transaction():
            if self.tables.thread_of(game_id) is not None:
                return False
            self.tables.link_game(game_id, guild_id, channel_id, thread_id)
            now = self.now()
            self.store.add_observer(game_id, thread_address(thread_id), now)
            game = self.store.game_by_id(game_id)
            open_news = not kind_of(game).show.private_results
            copied: set[tuple[str, str]] = set()
            for entry in self.tables.pending_of(game_id):
                if user_id_of(entry.address) is None:
                    continue
                if entry.kind == "notice":
                    self.tables.drop_entry(entry.id)
                elif open_news and entry.kind in BATTLE_PUBLIC:
                    self.tables.drop_entry(entry.id)
                    said = (entry.kind, str(entry.message.get("body", "")))
                    if said not in copied:
                        copied.add(said)
                        here = thread_address(thread_id)
                        self.tables.add_outbox(
                            game_id, entry.kind, entry.turn, here, entry.message, now
                        )
        return True

    def create_tournament(
        self,
        user_id: int,
        name: str,
        text: str,
        guild_id: int,
        channel_id: int,
        interaction_id: int,
    ) -> tuple[str, bool]:
        """`tournament create ...` as the member, and the channel it is made in noted, in one
        transaction; the judge's answer and whether the tournament was made."""
        with self.store.transaction():
            if not self.tables.claim_interaction(interaction_id, self.now()):
                return "This was handled already.", False
            before = {t.id for t in tournament_store.all_tournaments(self.store)}
            answer = self._handle(member_address(user_id), name, text, None)
            made = [t for t in tournament_store.all_tournaments(self.store) if t.id not in before]
            for t in made:
                self.tables.set_tournament_channel(t.id, guild_id, channel_id)
        return answer, bool(made)

    # -- submissions --------------------------------------------------------------------
    def submit(
        self,
        user_id: int,
        name: str,
        text: str,
        game: GameRow | None = None,
        interaction_id: int | None = None,
        written_before: int = 0,
    ) -> str:
        """One command as the member (the bot wrote its first word, and `written_before`
        characters ahead of the member's text); the judge's answer to it (the same text the
        email judge gives), after the transaction has committed."""
        return self.submit_as(
            member_address(user_id), name, text, game, interaction_id, written_before=written_before
        )

    def submit_each(
        self,
        user_id: int,
        name: str,
        commands: list[str],
        game: GameRow,
        interaction_id: int,
    ) -> str:
        """Several one-line commands of one form (a game master's settings), each read as
        one command, all in one transaction; the judge's answers, one after the other."""
        with self.store.transaction():
            if not self.tables.claim_interaction(interaction_id, self.now()):
                return "This was handled already."
            answers = [
                self._handle(member_address(user_id), name, command, game) for command in commands
            ]
        return "\n".join(answers)

    def submit_block(
        self,
        user_id: int,
        name: str,
        keyword: str,
        text: str,
        game: GameRow,
        interaction_id: int | None = None,
    ) -> str:
        """A fleet or a design as the member typed or attached it, under its command word
        (theirs when they wrote it, as in a mail). The judge reads the whole text as that one
        command, and counts lines as the member does: "line 3" in the answer is their line 3."""
        lines = text.rstrip().splitlines()
        leading = 0
        while leading < len(lines) and not lines[leading].strip():
            leading += 1
        body = lines[leading:]
        if body and keyword_of(body[0].split()[0]) == keyword:
            command, first_line = "\n".join(body), leading + 1
        elif len(body) == 1:
            command, first_line = f"{keyword} {body[0].strip()}", leading + 1
        else:
            command, first_line = "\n".join([keyword, *body]), leading
        return self.submit_as(
            member_address(user_id), name, command, game, interaction_id, first_line
        )

    def submit_as(
        self,
        address: str,
        name: str,
        text: str,
        game: GameRow | None = None,
        interaction_id: int | None = None,
        first_line: int = 1,
        written_before: int = 0,
    ) -> str:
        """One command as any player the bot vouches for (a member, the computer)."""
        with self.store.transaction():
            if interaction_id is not None and not self.tables.claim_interaction(
                interaction_id, self.now()
            ):
                return "This was handled already."
            return self._handle(address, name, text, game, first_line, written_before)

    def _handle(
        self,
        address: str,
        name: str,
        text: str,
        game: GameRow | None,
        first_line: int = 1,
        written_before: int = 0,
    ) -> str:
        """The judge's answer to `text` read as exactly one command, the one its first word
        names (the bot writes that word): whatever a member typed after it is part of that
        command or refused with it, never a second command [issue 27]."""
        reply = self.judge.handle(
            Inbound(
                address,
                text,
                sender_name=name,
                authenticated=True,
                game=game.name if game else None,
                first_line=first_line,
                written_before=written_before,
                command=command_word(text),
            )
        )
        return reply[0].body

    def first_dm(self, user_id: int) -> bool:
        """Whether this is the first message the member ever wrote to the bot in DMs."""
        with self.store.transaction():
            return self.tables.claim_dm_pointer(user_id, self.now())

    def claim(self, interaction_id: int) -> bool:
        """Claim an interaction that changes nothing in the judge but must act once."""
        with self.store.transaction():
            return self.tables.claim_interaction(interaction_id, self.now())

    # -- games and members ----------------------------------------------------------------
    def game(self, name: str) -> GameRow | None:
        game = self.store.game(name)
        return game if game is not None and game.accounts else None

    def game_by_id(self, game_id: int) -> GameRow:
        return self.store.game_by_id(game_id)

    def players(self, game: GameRow) -> dict[str, PlayerRow]:
        return self.store.players(game.id)

    def role(self, game: GameRow, user_id: int) -> Role:
        address = member_address(user_id)
        seats = [s for s, p in self.store.players(game.id).items() if p.address == address]
        return Role(game, seats[0] if seats else None, game.master_address == address)

    def games_of(self, user_id: int, active_only: bool = True) -> list[GameRow]:
        """The member's games, newest first: those they play or created."""
        ids = self.tables.game_ids_of(member_address(user_id), active_only)
        return [self.store.game_by_id(game_id) for game_id in ids]

    def game_of_thread(self, thread_id: int | None) -> GameRow | None:
        if thread_id is None:
            return None
        game_id = self.tables.game_of_thread(thread_id)
        return None if game_id is None else self.store.game_by_id(game_id)

    def resolve(self, user_id: int, name: str | None, channel_id: int | None) -> GameRow:
        """The game a command is about: the one named, else the thread's, else the member's
        only game in play."""
        if name:
            game = self.game(name.strip())
            if game is None:
                mine = ", ".join(g.name for g in self.games_of(user_id)) or "none"
                raise BotRefusal(f"There is no game named {name.strip()}. Your games: {mine}.")
            return game
        game = self.game_of_thread(channel_id)
        if game is not None:
            return game
        mine = self.games_of(user_id)
        if len(mine) == 1:
            return mine[0]
        if not mine:
            raise BotRefusal(
                "You have no game in play. Start one with `/spaceships challenge`, or accept "
                "a challenge."
            )
        names = ", ".join(g.name for g in mine)
        raise BotRefusal(
            f"You play several games ({names}): use the command in the game's thread, or "
            "name the game in its `game` option."
        )

    def player_role(self, user_id: int, name: str | None, channel_id: int | None) -> Role:
        """The game and the member's seat in it; refused for anyone who does not play it."""
        role = self.role(self.resolve(user_id, name, channel_id), user_id)
        if role.seat is None:
            raise BotRefusal(not_your_game(role.game, self.players(role.game)))
        return role


def outbox_keeper(store: Store) -> Callable[[list[Outbound]], None]:
    """The `keep` of another front end's judge (a turn of a Discord game played in the
    browser, issue 35): what it causes goes to the bot's outbox in that change's transaction,
    as the bot's own changes do, and the bot posts it within OUTBOX_SECONDS (bot.app)."""
    return Service(store)._keep
