"""A game without private results (Spaceship Battles) in Discord: one public post a phase in
its thread. Its pictures, buttons and forms come from the game's kind (pbem.shown); the
commands go through the judge core as for Spaceships.

A battle is open information once it has begun (reading R16): every phase's result, with its
dice and the systems crossed out, is the same for both players and onlookers, so it is posted
once in the game's thread with a map, pinging the players (no direct messages). Before the
start a player sees only their own design; pending orders and the dice seed are never shown
(reading R13, R14). Pictures are drawn from the record's written dice, never from the seed.
"""

from __future__ import annotations

from bot.posts import Post, results_posts
from bot.service import user_id_of
from pbem.shown import kind_of
from pbem.store import GameRow, Store


def is_battle(game: GameRow | None) -> bool:
    """A game whose news is public (no "View my results"): one post in its thread."""
    return game is not None and not kind_of(game).private_results


def phase_name(game: GameRow, phase_number: int) -> str:
    return kind_of(game).turn_name(game, phase_number)


def orders_turn(game: GameRow) -> int:
    return kind_of(game).open_turn(game)


TITLES = {"begin": "{game}: the battle begins", "over": "{game}: the battle is over"}
GAME_TITLES = {"begin": "{game}: the game begins", "over": "{game}: the game is over"}


def thread_posts(
    store: Store,
    game: GameRow,
    message: dict[str, object],
    picture: tuple[str, bytes] | None,
) -> list[Post]:
    """A battle's public message (begin, a phase resolved, the end) for its thread: embeds
    with the judge's text and the map (`picture`, of the post's sight); the players pinged
    when their orders are wanted next; the record attached at the end."""
    kind = str(message.get("kind") or "")
    number = message.get("turn")
    phase_number = number if isinstance(number, int) else None
    if kind == "turn" and phase_number is not None:
        title = f"{game.name}: {phase_name(game, phase_number)} resolved"
    else:
        # The battle's own words; another game's (no battle in it) in the game's.
        titles = TITLES if game.ruleset == "battles" else GAME_TITLES
        title = titles.get(kind, "{game}").format(game=game.name)
    posts = results_posts(game, message, picture, title)
    mentions = " ".join(
        f"<@{user_id}>"
        for p in sorted(store.players(game.id).values(), key=lambda p: p.seat)
        if (user_id := user_id_of(p.address)) is not None
    )
    next_phase = 1 if kind == "begin" else (phase_number or 0) + 1
    if kind == "over":
        said = (
            "the battle is over; the record with the dice seed is below."
            if game.ruleset == "battles"
            else f"{game.name} is over; the record is below."
        )
        posts[0].content = f"{mentions}: {said}"
    elif game.phase == "playing" and game.turn == next_phase:
        posts[0].content = (
            f"{mentions}: {phase_name(game, next_phase)} is open; send your orders with the button "
            "below or `/spaceships orders`."
        )
    return posts
