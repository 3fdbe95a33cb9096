"""A game in the shared words of every game: its settings line, phase, line in `list`, status
and result, each game's own words taken from its kind (pbem.registry)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

from notation.words import seated
from pbem import registry
from pbem.steps.deadlines import DeadlineRule, format_duration, format_moment
from pbem.steps.gamerows import SEATS
from pbem.storage.store import GameRow, PlayerRow

_PHASES = {
    "joining": "waiting for players",
    "setup": "waiting for fleets",
    "playing": "in play",
    "over": "over",
}


def settings_text(game: GameRow) -> str:
    """The game's settings as one line: its rules (the kind's words), options and timing."""
    kind = registry.kind_of(game)
    parts = [kind.about.rules_text(game)]
    if game.options:
        parts.append("options " + " ".join(game.options))
    rule = DeadlineRule.parse(game.deadline_rule)
    # A duration starts again with every phase, the set-up's too, not only with each turn.
    parts.append(f"deadline {rule.timing(kind.about.deadline_phases)}")
    if game.deadline_rule:
        parts.append(rule.reminder_text(timedelta(hours=game.reminder_hours)))
        if game.grace_hours:
            parts.append(f"grace {format_duration(timedelta(hours=game.grace_hours))}")
        parts.append(
            "missing orders: "
            + ("no actions" if game.missing_policy == "noactions" else "the judge waits")
        )
    if not game.master_news:
        parts.append("news off")  # the game master is not mailed the game's news
    if game.private:
        parts.append("private")
    return ", ".join(parts)


def phase(game: GameRow) -> str:
    """The phase in the game's own words (a battle waits for designs, not fleets)."""
    return registry.kind_of(game).about.phase_text(game) or _PHASES[game.phase]


def game_line(game: GameRow, players: dict[str, PlayerRow]) -> str:
    """A game's line in `list`: name, phase, players, settings."""
    side = registry.kind_of(game).about.side
    seats = ", ".join(f"{side(s)}: {players[s].name}" for s in SEATS if s in players)
    seats = seats or "no players"
    state = phase(game)
    if game.phase == "playing":
        # The turn as the game's `status` says it (a battle's phase count is not its turn).
        state = registry.kind_of(game).show.turn_name(game, game.turn)
    elif game.phase == "joining":
        state = f"open: join {game.name}"
    return f"{game.name:<16} {state:<24} {seats}; {settings_text(game)}"


def status_text(
    game: GameRow, players: dict[str, PlayerRow], missing: list[str], lead: str = ""
) -> str:
    """What anyone may know about a game: its players, phase, who has sent, the deadline.
    With a `lead` (a match's result), the game's own result is said to be the last game's."""
    lines = [*([lead] if lead else []), f"Game {game.name}: {phase(game)}."]
    lines.append("Settings: " + settings_text(game) + ".")
    setup = registry.kind_of(game).steps.setup_word or "set-up"
    side = registry.kind_of(game).about.side
    for seat in SEATS:
        if seat not in players:
            lines.append(f"  {side(seat)}: (open seat)")
            continue
        player = players[seat]
        if game.phase in ("joining", "setup"):
            sent = f"{setup} in" if player.fleet is not None else f"no {setup} yet"
        elif game.phase == "playing":
            sent = "no orders yet" if seat in missing else "orders in"
        else:
            sent = ""
        lines.append(f"  {side(seat)}: {player.name}" + (f" - {sent}" if sent else ""))
    if game.phase == "playing":
        lines.append(f"Turn {game.turn} is in play.")
    if game.phase in ("setup", "playing"):
        lines.append(
            f"Deadline: {format_moment(game.deadline)}." if game.deadline else "No deadline."
        )
    if game.phase == "over" and game.outcome is not None:
        result = outcome_text(game.outcome, players, side)
        lines.append(f"The last game: {result}" if lead else result)
    return "\n".join(lines)


def opening(name: str) -> str:
    # "the computer (hunt, B)" may open a sentence or a line; a person's name stays as written.
    return "T" + name[1:] if name.startswith("the computer") else name


def outcome_text(
    outcome: dict[str, Any],
    players: dict[str, PlayerRow],
    side: Callable[[str], str] = str,
) -> str:
    """A game's result: who won (or a draw), the score, after which turn, and why; `side`
    names a seat beside its player (the kind's `side`: "A", "Terrans")."""
    winner = outcome.get("winner")
    score = outcome.get("score")
    reason = outcome.get("reason", "")
    if winner in SEATS:
        name = seated(players[winner].name, side(winner)) if winner in players else side(winner)
        text = f"{opening(name)} wins"
    elif winner == "draw":
        text = "The game is a draw"
    else:
        text = "No result"
    if score:
        # The winner's score first, as results are read out: "B wins, 20 to 0", never "0 to 20".
        first, second = ("B", "A") if winner == "B" else ("A", "B")
        text += f", {score[first]} to {score[second]} in materiel [2.3.3]"
    if outcome.get("turn"):
        text += f" after turn {outcome['turn']}"
    return f"{text} ({reason})." if reason else text + "."


def player(name: str, seat: str) -> str:
    """ "Kim (A)"; "the computer (hunt, B)": the seat said once (notation.words.seated)."""
    return seated(name, seat)


def named(name: str, seat: str, form: str) -> str:
    """`form` with the player's name in it, or "" when the name is only the seat's
    ("Player B"): a seat is said once, never "Player B has joined as player B"."""
    return "" if name == f"Player {seat}" else form.format(name)
