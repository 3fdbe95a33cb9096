"""The bot's challenges through the judge: a challenge's settings tried, posted, accepted or
declined (the game created and joined in one transaction), and a game against the computer.

`Challenging` is a part of `bot.service.Service` (its base class): it uses the service's store,
tables, clock and submissions."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from bot.addresses import member_address, thread_address
from bot.refusals import BotRefusal, refuse_line_breaks
from bot.store import Challenge
from pbem.kinds.shown import kind_of
from pbem.language.commands import NAME_PATTERN
from pbem.language.keywords import keyword_of
from pbem.messages import Inbound, Outbound
from pbem.registry import kinds
from pbem.steps.computers import without_computer_mail
from pbem.storage.store import GameRow

__all__ = ["BATTLE_PUBLIC", "Challenging", "command_word", "settings_text"]

# A battle's messages that are the same for its players and its thread.
BATTLE_PUBLIC = ("begin", "turn", "over")


class Challenging:
    """The challenge half of the bot's service (see bot.service.Service)."""

    store: Any
    tables: Any
    judge: Any
    _held: list[Outbound] | None  # messages held back (handle_holding)
    _keep: Any  # the service's keeping of messages for delivery

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
            # The game's word leads the create line (none for the first game, the judge's
            # default), then `vs computer` (a computer of one level needs none), then the rest.
            key = settings.get("game")
            game_word = f"{key} " if key not in (None, kinds()[0].name) else ""
            rest = settings_text({k: v for k, v in settings.items() if k != "game"})
            answer, held = self.handle_holding(
                Inbound(
                    member_address(user_id),
                    f"create {name} {game_word}vs computer {level} {rest}".strip(),
                    sender_name=user_name,
                    authenticated=True,
                    command="create",
                )
            )
            game = self.store.game(name)
            if game is None or "created:" not in answer:
                self._keep(held)
                raise BotRefusal(_without_echo(answer))
            self.tables.link_game(game.id, guild_id, channel_id, thread_id)
            self.store.add_observer(game.id, thread_address(thread_id), self.now())
            self.keep_held(game, held, thread_id)
            self.tables.drop_pending(game.id, "notice")
        return self.store.game_by_id(game.id), _without_echo(answer)

    def handle_holding(self, inbound: Inbound) -> tuple[str, list[Outbound]]:
        """The judge's answer to `inbound`, its messages held back rather than kept: a game
        without a set-up begins inside its `create` (or `rematch`), before its thread is
        linked, and its start belongs in that thread, not in DMs (keep_held)."""
        self._held = []
        try:
            answer = self.judge.handle(inbound)[0].body
        finally:
            held, self._held = self._held, None
        return answer, held

    def keep_held(self, game: GameRow, held: list[Outbound], thread_id: int) -> None:
        """Keep the messages handle_holding held, now that the game's thread is linked."""
        if kind_of(game).show.private_results:
            self._keep(held)
            return
        # Its start went to the players alone (the thread watched nothing yet): one copy to
        # the thread is the one posted, however many players (or the computer) had it.
        here = (thread_address(thread_id),)
        kept: list[Outbound] = []
        copied: set[tuple[str, str]] = set()
        for message in without_computer_mail(held):
            kept.append(message)
            if message.kind in BATTLE_PUBLIC and (message.kind, message.body) not in copied:
                copied.add((message.kind, message.body))
                kept.append(replace(message, to=here))
        self._keep(kept)

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


def _slug(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "", name)[:10].lower()


def settings_text(settings: dict[str, str]) -> str:
    """The challenge's settings as the judge's `create` line reads them."""
    # The first game is the judge's default: its word is left out.
    words = [settings["game"]] if settings.get("game") not in (None, kinds()[0].name) else []
    for key in ("ruleset", "options", "deadline", "reminder", "grace", "missing"):
        if settings.get(key):
            words.append(f"{key} {settings[key]}")
    if settings.get("private") == "yes":
        words.append("private")
    if settings.get("rated") in ("yes", "no"):  # the ladder: left out, the judge's default
        words.append("rated" if settings["rated"] == "yes" else "casual")
    return " ".join(words)


def _without_echo(body: str) -> str:
    """The judge's answer without its quote of the command (the bot wrote that command)."""
    return "\n".join(line for line in body.splitlines() if not line.startswith(">")).strip()


def command_word(text: str) -> str:
    """The command a text the bot built is: the keyword its first word names."""
    words = text.split(maxsplit=1)
    if not words:
        return ""
    # `orders:3` as the judge reads it too; a word that names no command is kept, and
    # the judge refuses it.
    return keyword_of(words[0]) or keyword_of(words[0].split(":", 1)[0]) or words[0]
