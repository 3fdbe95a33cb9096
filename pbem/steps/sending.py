"""How a player sends a thing, in the words of the front end they play through: the slash
command or button in Discord (a game of front-end accounts, `GameRow.accounts`), the mail
command by mail. Every hint that tells a player how to send a fleet or orders comes from here,
so a Discord member never reads mail syntax and a mail player never reads a slash command.
Plain text: the bot shows the judge's words in a code block, where Markdown is not read."""

from __future__ import annotations

from pbem.storage.store import GameRow


def orders_how(game: GameRow, turn: int, phase: str | None = None) -> str:
    """How to send the open turn's orders, where a refusal ends ("...; nothing changed, "
    followed by this): `phase` names a battle's phase (movement or fire), as its button does."""
    if game.accounts:
        button = f"turn {turn}, {phase}" if phase else f"turn {turn}"
        return (
            f"send them with `/spaceships orders text:...` or the Submit orders ({button}) "
            "button under the latest post"
        )
    return f"send `orders {turn}: ...`"


def fleet_how(
    game: GameRow, sketch: str, how: str, password: str | None = None, random: bool = True
) -> list[str]:
    """The lines that say how to send a fleet: `how` says what to write (each ship's code,
    then its cells...), then `sketch` (`fleet DS ...; KC ...`) as the player's front end takes
    it, with the sign-on mail needs (`password` None: the word PASSWORD), and `random` where
    the judge may place the fleet."""
    ships = sketch.removeprefix("fleet").strip()
    if game.accounts:
        return [
            "Send it with `/spaceships fleet` in the game's thread (text, a file, or nothing "
            f"for the form) or its Submit fleet button: {how}:",
            f"  /spaceships fleet text:{ships}",
            *(["or `/spaceships fleet text:random` for a fleet placed at random."] * random),
        ]
    return [
        f"Send it like this: {how}:",
        f"  game {game.name} {password or 'PASSWORD'}",
        f"  fleet {ships}",
        *(["or `fleet random` for a fleet placed at random."] * random),
    ]


def web_again(game: GameRow) -> str:
    """How a player signs in to the game's web page once their one-time link is spent."""
    if game.accounts:
        return "ask the bot for a new link with `/spaceships web` in the game's thread"
    return (
        f"sign in with your password, or send `web {game.name}` to the judge by mail for a new link"
    )
