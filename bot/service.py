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

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime

import discord

from bot.addresses import MEMBER, member_address, outbound_to_json, thread_address
from bot.store import Challenge, DiscordStore
from pbem.commands import NAME_PATTERN, keyword_of
from pbem.computers import without_computer_mail
from pbem.judge import Judge
from pbem.messages import Inbound, Outbound
from pbem.shown import kind_of
from pbem.store import GameRow, PlayerRow, Store

# Characters that end a line (str.splitlines) or control a terminal: never in a setting.
BREAKS = ("Cc", "Zl", "Zp")
SETTING_EXAMPLES = {
    "deadline": "48h",
    "reminder": "12h",
    "grace": "1h",
    "options": "fleet=cost:24",
    "name": "duel",
}
# Kinds of message the judge sends alike to each player, about nothing private.
PUBLIC_NOTICES = ("late", "settings")
# A battle's messages that are the same for its players and its thread.
BATTLE_PUBLIC = ("begin", "turn", "over")


class BotRefusal(ValueError):
    """Something the bot will not do for this member; the text says why and what instead."""


@dataclass(frozen=True)
class Role:
    """What a member is in a game: a player (their seat) and/or its game master."""

    game: GameRow
    seat: str | None
    master: bool

    @property
    def member(self) -> bool:
        return self.seat is not None or self.master


class Service:
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
            game = self.store.game(message.game) if message.game else None
            kept = outbound_to_json(message)
            if game is not None:
                # Which game of a match it belongs to, for its buttons: the row goes on to
                # the next game, and turn 1 of game 2 is not turn 1 of game 1.
                of_match = kind_of(game).match_game_of
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
                and not kind_of(game).private_results
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

    # -- submissions --------------------------------------------------------------------
    def submit(
        self,
        user_id: int,
        name: str,
        text: str,
        game: GameRow | None = None,
        interaction_id: int | None = None,
    ) -> str:
        """One command as the member (the bot wrote its first word); the judge's answer to
        it (the same text the email judge gives), after the transaction has committed."""
        return self.submit_as(member_address(user_id), name, text, game, interaction_id)

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
    ) -> str:
        """One command as any player the bot vouches for (a member, the computer)."""
        with self.store.transaction():
            if interaction_id is not None and not self.tables.claim_interaction(
                interaction_id, self.now()
            ):
                return "This was handled already."
            return self._handle(address, name, text, game, first_line)

    def _handle(
        self, address: str, name: str, text: str, game: GameRow | None, first_line: int = 1
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

    # -- challenges -----------------------------------------------------------------------
    def check_settings(self, settings: str) -> str | None:
        """What the judge would say against these game settings (None: fine): a trial
        `create` that is always rolled back."""

        class Trial(Exception):
            pass

        try:
            with self.store.transaction():
                reply = self.judge.handle(
                    Inbound(
                        "discord:0",
                        f"create settings-trial {settings}",
                        authenticated=True,
                        command="create",
                    )
                )
                raise Trial(reply[0].body)
        except Trial as trial:
            body = str(trial)
        if "created:" in body:
            return None
        return _without_echo(body)

    def challenge(
        self,
        guild_id: int,
        channel_id: int,
        challenger_id: int,
        challenged_id: int | None,
        settings: dict[str, str],
    ) -> Challenge:
        self.refuse_bad_settings(settings)
        with self.store.transaction():
            challenge_id = self.tables.add_challenge(
                guild_id, channel_id, challenger_id, challenged_id, settings, self.now()
            )
        challenge = self.tables.challenge(challenge_id)
        assert challenge is not None
        return challenge

    def set_challenge_message(self, challenge_id: int, message_id: int) -> None:
        with self.store.transaction():
            self.tables.set_challenge_message(challenge_id, message_id)

    def open_challenge(self, challenge_id: int, user_id: int, accepting: bool) -> Challenge:
        """The challenge a member may accept or decline; refused with the reason otherwise."""
        challenge = self.tables.challenge(challenge_id)
        if challenge is None or challenge.status != "open":
            status = challenge.status if challenge else "gone"
            raise BotRefusal(f"This challenge is no longer open ({status}).")
        if challenge.challenger_id == user_id:
            if accepting:
                raise BotRefusal("You cannot accept your own challenge.")
            return challenge  # the challenger may withdraw it
        if challenge.challenged_id is not None and challenge.challenged_id != user_id:
            raise BotRefusal(f"This challenge is for <@{challenge.challenged_id}>, not you.")
        return challenge

    def decline(self, challenge_id: int, user_id: int, interaction_id: int) -> Challenge:
        challenge = self.open_challenge(challenge_id, user_id, accepting=False)
        status = "withdrawn" if challenge.challenger_id == user_id else "declined"
        with self.store.transaction():
            if not self.tables.claim_interaction(interaction_id, self.now()):
                raise BotRefusal("This was handled already.")
            if not self.tables.close_challenge(challenge_id, status):
                raise BotRefusal("This challenge is no longer open.")
        closed = self.tables.challenge(challenge_id)
        assert closed is not None
        return closed

    def name_for(self, challenge: Challenge, challenger_name: str, user_name: str) -> str:
        """The new game's name: the one the challenger chose, else from the two names."""
        return challenge.settings.get("name") or self._free_name(challenger_name, user_name)

    def accept(
        self,
        challenge: Challenge,
        name: str,
        challenger_name: str,
        user_id: int,
        user_name: str,
        thread_id: int,
        interaction_id: int,
    ) -> tuple[GameRow, str]:
        """Create the game, seat the challenger (A) and the member accepting (B), and link
        the game's thread, all in one transaction; the accepting member's join answer."""
        with self.store.transaction():
            if not self.tables.claim_interaction(interaction_id, self.now()):
                raise BotRefusal("This was handled already.")
            if not self.tables.close_challenge(challenge.id, "accepted"):
                raise BotRefusal("This challenge is no longer open.")
            created = self.judge.handle(
                Inbound(
                    member_address(challenge.challenger_id),
                    f"create {name} {settings_text(challenge.settings)}",
                    authenticated=True,
                    command="create",
                )
            )[0].body
            game = self.store.game(name)
            if game is None or "created:" not in created:
                raise BotRefusal(_without_echo(created))
            self.tables.set_challenge_game(challenge.id, game.id)
            self.tables.link_game(game.id, challenge.guild_id, challenge.channel_id, thread_id)
            self.store.add_observer(game.id, thread_address(thread_id), self.now())
            self.judge.handle(
                Inbound(
                    member_address(challenge.challenger_id),
                    f"join {name}",
                    sender_name=challenger_name,
                    authenticated=True,
                    command="join",
                )
            )
            answer = self.judge.handle(
                Inbound(
                    member_address(user_id),
                    f"join {name}",
                    sender_name=user_name,
                    authenticated=True,
                    command="join",
                )
            )[0].body
            # "X has joined": the thread's first post says it to both.
            self.tables.drop_pending(game.id, "notice")
        return self.store.game_by_id(game.id), answer

    def play_computer(
        self,
        user_id: int,
        user_name: str,
        level: str,
        settings: dict[str, str],
        guild_id: int,
        channel_id: int,
        thread_id: int,
        interaction_id: int,
    ) -> tuple[GameRow, str]:
        """A game of the member (A) against the computer (B) at `level`: the judge's own
        `create NAME vs computer LEVEL`, as by email, so the computer's fleet is in at once and
        the core puts in its orders as each turn opens (spaceships.judge.computer). The settings
        were checked before anything was posted (bot.challenges); a refusal here still comes back
        as the judge's answer."""
        with self.store.transaction():
            if not self.tables.claim_interaction(interaction_id, self.now()):
                raise BotRefusal("This was handled already.")
            name = settings.get("name") or self.name_for_computer(user_name)
            # `battles` leads the create line, then `vs computer` (the battle computer has one
            # level), then the rest.
            key = settings.get("game")
            game_word = f"{key} " if key not in (None, "spaceships") else ""
            rest = settings_text({k: v for k, v in settings.items() if k != "game"})
            # A game without a set-up begins inside its `create`: its first messages are
            # held until its thread is linked, so the start comes there, not by DM.
            self._held = []
            try:
                answer = self.judge.handle(
                    Inbound(
                        member_address(user_id),
                        f"create {name} {game_word}vs computer {level} {rest}".strip(),
                        sender_name=user_name,
                        authenticated=True,
                        command="create",
                    )
                )[0].body
            finally:
                held, self._held = self._held, None
            game = self.store.game(name)
            public = game is not None and not kind_of(game).private_results
            if not public:
                self._keep(held)
            if game is None or "created:" not in answer:
                raise BotRefusal(_without_echo(answer))
            self.tables.link_game(game.id, guild_id, channel_id, thread_id)
            self.store.add_observer(game.id, thread_address(thread_id), self.now())
            if public:
                # Its start went to the players alone (the thread watched nothing yet): the
                # thread's copy is the one posted.
                here = (thread_address(thread_id),)
                self._keep(
                    [
                        copy
                        for m in held
                        for copy in ([m, replace(m, to=here)] if m.kind in BATTLE_PUBLIC else [m])
                    ]
                )
            self.tables.drop_pending(game.id, "notice")
        return self.store.game_by_id(game.id), _without_echo(answer)

    def refuse_bad_settings(self, settings: dict[str, str]) -> None:
        """Raises BotRefusal with the judge's words when `create` would refuse `settings`."""
        refuse_line_breaks({k: v for k, v in settings.items() if k != "by"})
        name = settings.get("name")
        if name and (not NAME_PATTERN.match(name) or self.store.game(name) is not None):
            # Said before anything is posted: a challenge or a game vs the computer that
            # cannot have its name leaves no public post behind.
            raise BotRefusal(
                f"The name {name!r} cannot be used: a name starts with a letter, has up to 24 "
                "letters, digits, - or _, and no other game may have it. Choose another "
                "`name`, or leave it out and I choose one."
            )
        problem = self.check_settings(settings_text(settings))
        if problem:
            raise BotRefusal(problem.replace("Refused: ", "Your settings are refused: "))

    def name_for_computer(self, user_name: str) -> str:
        return self._free_name(user_name, "computer")

    def seat_of(self, game: GameRow, address: str) -> str | None:
        seats = [s for s, p in self.store.players(game.id).items() if p.address == address]
        return seats[0] if seats else None

    def _free_name(self, first: str, second: str) -> str:
        base = "-".join(_slug(n) for n in (first, second) if _slug(n)) or "game"
        if not base[0].isalpha():
            base = "g-" + base
        base = base[:20]
        name, number = base, 2
        while self.store.game(name) is not None:
            name = f"{base}-{number}"
            number += 1
        return name


def command_word(text: str) -> str:
    """The command a text the bot built is: the keyword its first word names."""
    words = text.split(maxsplit=1)
    if not words:
        return ""
    # `orders:3` as the judge reads it too; a word that names no command is kept, and
    # the judge refuses it.
    return keyword_of(words[0]) or keyword_of(words[0].split(":", 1)[0]) or words[0]


def refuse_line_breaks(values: dict[str, str]) -> None:
    """Each setting is one line of the judge's language: a value with a line break or another
    control character could start a second command, so it is refused, and nothing is done."""
    for key, value in values.items():
        bad = next((c for c in value if c != "\t" and unicodedata.category(c) in BREAKS), None)
        if bad is not None:
            raise BotRefusal(
                f"The `{key}` you gave holds a line break or control character "
                f"({ascii(bad)}): a setting is one line, so nothing was done. Send it again "
                f"on one line, e.g. `{key}: {SETTING_EXAMPLES.get(key, '...')}`."
            )


def _slug(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "", name)[:10].lower()


def settings_text(settings: dict[str, str]) -> str:
    """The challenge's settings as the judge's `create` line reads them."""
    words = [settings["game"]] if settings.get("game") not in (None, "spaceships") else []
    for key in ("ruleset", "options", "deadline", "reminder", "grace", "missing"):
        if settings.get(key):
            words.append(f"{key} {settings[key]}")
    if settings.get("private") == "yes":
        words.append("private")
    if settings.get("rated") in ("yes", "no"):  # the ladder: left out, the judge's default
        words.append("rated" if settings["rated"] == "yes" else "casual")
    return " ".join(words)


def not_your_game(game: GameRow, players: dict[str, PlayerRow]) -> str:
    if game.private:
        return f"Not your game: {game.name} is a private game of two other members."
    names = " and ".join(p.name for p in players.values()) or "other members"
    return f"Not your game: {game.name} is played by {names}."


def _without_echo(body: str) -> str:
    """The judge's answer without its quote of the command (the bot wrote that command)."""
    return "\n".join(line for line in body.splitlines() if not line.startswith(">")).strip()
