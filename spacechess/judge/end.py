"""The end of a game of Space Chess: by the rules (a command ship destroyed, SC11; a draw by
repetition, quiet turns or the turn limit, SC12), a resignation, a draw agreed (`draw NAME`
offered by one side and accepted by the other), or the game master's `cancel`. Everyone gets
the whole record, attached as NAME.scr; a rated game's result goes on the ladder."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import Any

from pbem.club import ladder
from pbem.club.ratings import Score
from pbem.language.commands import Command
from pbem.messages import Attachment, Outbound
from pbem.steps.computers import COMPUTER_ADDRESS
from pbem.steps.desk import Desk, Refusal
from pbem.steps.end_files import RECORD_TYPE
from pbem.steps.gamerows import other
from pbem.storage.store import GameRow, PlayerRow, Store
from spacechess.judge.rows import (
    Played,
    master_notice,
    played_of,
    player_seated,
    record_text,
    subject,
    to_everyone,
    with_state,
)
from spacechess.judge.show import text_board

__all__ = ["chess_score", "draw", "end", "resign_outcome"]


def end(
    store: Store,
    game: GameRow,
    now: datetime,
    outcome: dict[str, Any],
    head: str | None = None,
    played: Played | None = None,
) -> tuple[GameRow, list[Outbound]]:
    """The game is over: its row closed, everyone told why, the record attached."""
    game = replace(game, phase="over", outcome=outcome, ended_at=now, deadline=None)
    store.update_game(game)
    players = store.players(game.id)
    played = played if played is not None else played_of(game)
    winner = outcome.get("winner")
    who = f"{player_seated(players, winner)} wins" if winner in players else "no winner"
    parts = [head] if head else []
    parts.append(f"The game {game.name} is over: {who}; {outcome['reason']}.")
    parts.append("The board at the end:\n" + text_board(played.position))
    # The record alone, no replay page beside it (as Spaceships' end has): a page holds every
    # turn's board picture, about 250 KB a turn, too much for a mail and for the end's
    # transaction; `spaceships replay NAME.scr` makes it (docs/space-chess.md).
    record = record_text(game, players, played, outcome).encode("utf-8")
    attachments = (Attachment(f"{game.name}.scr", RECORD_TYPE, record),)
    parts.append(
        f"The whole record is attached ({game.name}.scr); `spaceships chess check {game.name}.scr` "
        "replays it."
    )
    rated = ladder.rate_game(
        store, game, players, chess_score(outcome), now, played=bool(played.turns)
    )
    if rated:
        parts.append(rated)
    body = "\n\n".join(parts)
    everyone = to_everyone(store, game, "game over", body, attachments, kind="over", turn=game.turn)
    return game, everyone + master_notice(store, game, "game over", body, attachments)


def chess_score(outcome: dict[str, Any]) -> Score | None:
    """The Terrans' score (seat A): a win 1, a loss 0; a draw by the rules or agreed 0.5
    [SC11, SC12]; a cancelled game has none."""
    if outcome.get("cancelled"):
        return None
    return ladder.score_of(outcome) if outcome.get("winner") not in (None, "draw") else 0.5


def resign_outcome(game: GameRow, seat: str, players: dict[str, PlayerRow]) -> dict[str, Any]:
    """A side resigns: the other wins; before the game begins there is nothing to resign
    (pbem.steps.ending)."""
    if game.phase != "playing":
        raise Refusal(f"game {game.name} has not begun; nothing to resign")
    return {
        "winner": other(seat),
        "reason": f"{player_seated(players, seat)} resigned",
        "termination": "resignation",
        "turn": game.turn,
        "score": None,
    }


def draw(command: Command, desk: Desk) -> str:
    """`draw NAME PASSWORD TURN`: offers a draw, or accepts the opponent's offer [SC12]. An
    offer lapses when the side it was made to plays its turn instead (as on chess servers).
    By mail it names the turn in play, so the same mail sent again later (a new Message-ID)
    cannot accept an offer made since; a Discord press is claimed once and needs none."""
    session = desk.session.game
    if command.name is not None and command.password is None:
        if session is None or session.name.lower() != command.name.lower():
            named = desk.game(command.name, lock=False)
            addresses = [p.address for p in desk.store.players(named.id).values()]
            if desk.inbound.sender not in addresses:
                raise Refusal(f"only the two players of {named.name} may offer or accept a draw")
            raise Refusal(f"a draw needs your password: `draw {command.name} PASSWORD`")
    if command.name is not None and command.password is not None:
        game = desk.game(command.name)
        seat = desk.seat_for(game, command.password)
    else:
        game, seat = desk.player_session("draw")
    desk.reply.about(game)
    if game.phase != "playing":
        raise Refusal(
            f"game {game.name} is over"
            if game.phase == "over"
            else f"game {game.name} has not begun"
        )
    if not game.accounts and command.turn is None:
        raise Refusal(
            f"a draw by mail names the turn in play: `draw {game.name} PASSWORD {game.turn}` "
            f"(or `draw {game.turn}` under `game {game.name} PASSWORD`), so that this mail, "
            "sent again later, cannot accept a draw offered since; nothing changed"
        )
    if command.turn is not None and command.turn != game.turn:
        raise Refusal(
            f"your draw names turn {command.turn}, and {game.name} is at turn {game.turn}: a "
            f"draw counts only in the turn it names; send `draw {game.turn}` to offer or "
            "accept one now; nothing changed"
        )
    players = desk.store.players(game.id)
    offer = (game.state or {}).get("draw")
    if offer == seat:
        raise Refusal(
            f"your draw offer in {game.name} stands already; it lapses when your opponent plays "
            "their turn without accepting it"
        )
    if offer == other(seat):
        outcome = {
            "winner": "draw",
            "drawn": True,
            "reason": "drawn by agreement [SC12]",
            "termination": "agreement",
            "turn": game.turn,
            "score": None,
        }
        _, messages = end(desk.store, game, desk.now, outcome)
        desk.reply.messages += messages
        desk.forget(game)
        return f"You accepted the draw: {game.name} is drawn. The whole record goes to everyone."
    if players[other(seat)].address == COMPUTER_ADDRESS:
        # It answers at once and never weighs an offer: one would only lapse unread.
        raise Refusal(
            f"the computer does not agree draws: it plays {game.name} on to the end [SC11, "
            "SC12]; "
            + ("`/spaceships resign`" if game.accounts else f"`resign {game.name} PASSWORD`")
            + " ends it now"
        )
    game = with_state(game, draw=seat)
    desk.store.update_game(game)
    desk.session.game = game
    offered_to = players[other(seat)]
    desk.reply.messages.append(
        Outbound(
            (offered_to.address,),
            subject(game, "a draw is offered"),
            f"{player_seated(players, seat)} offers a draw in {game.name}. To accept, "
            + (
                "`/spaceships draw`"
                if game.accounts
                else f"send `draw {game.name} PASSWORD {game.turn}` while turn {game.turn} is "
                "in play (once it has moved on, name the turn in play then)"
            )
            + "; playing your turn instead declines it.",
            game.name,
        )
    )
    # Onlookers are told of the offer as of its lapse (turns.play): the game is open to them.
    onlookers = [a for a in desk.store.observers(game.id) if a != offered_to.address]
    if onlookers:
        desk.reply.messages.append(
            Outbound(
                tuple(onlookers),
                subject(game, "a draw is offered"),
                f"{player_seated(players, seat)} offers a draw in {game.name}; "
                f"{player_seated(players, other(seat))} may accept it, or decline it by "
                "playing on.",
                game.name,
            )
        )
    return (
        f"Your draw offer in {game.name} is sent to {player_seated(players, other(seat))}. "
        "It lapses when they play their turn instead of accepting."
    )
