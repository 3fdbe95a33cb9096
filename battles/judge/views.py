"""What a battle's players and onlookers are told: the ships as they stand, what to send
next, `status` and `history`. The same text for everyone: a battle hides nothing but pending
submissions and the dice seed, and neither is ever in these texts."""

from __future__ import annotations

from battles.engine.combat import bears
from battles.engine.play import Replay
from battles.engine.state import BattleState, ShipState, other_side
from battles.judge.rows import (
    battle_settings_text,
    battle_turn,
    final_record,
    record_of,
    replay_of,
    turn_limit_of,
)
from notation.battles.hexes import arc_of, distance
from notation.battles.records import format_record
from pbem.language.commands import Command
from pbem.steps import gamerows
from pbem.steps.desk import Desk, Refusal
from pbem.storage.store import GameRow, PlayerRow


def situation_text(game: GameRow, replay: Replay) -> str:
    state = replay.state
    lines = ["The ships (crossed-out systems in brackets):"]
    wide = max((len(ship.crossed_text()) for ship in state.ships), default=0)
    named = max((len(ship.name) for ship in state.ships), default=0)
    for ship in state.ships:
        where = (
            "destroyed"
            if ship.destroyed
            else (
                f"at {ship.hex} facing {ship.facing}, speed {ship.speed}, turn mode "
                f"{ship.turn_mode} ({_turning(ship)})"
                + (", half a point of damage kept" if ship.carry else "")
            )
        )
        lines.append(f"  {ship.side} {ship.name:<{named}}  {ship.crossed_text():<{wide}}  {where}")
    holds = [
        h
        for h in state.holds
        if h.turn == state.turn
        and not any(s.destroyed for s in state.ships if h.holds(s.name, s.side))
    ]
    for hold in holds:
        target = state.called(hold.target, other_side(hold.side))
        holder = state.called(hold.holder, hold.side)
        lines.append(f"  {target} is held by {holder}'s tractor beam this turn")
    lines += _ranges(state)
    return "\n".join(lines)


def _turning(ship: ShipState) -> str:
    """Whether the ship may turn at its next step: the hexes ahead since its last turn count
    across turns (reading R6), so a player need not keep that count by hand."""
    ahead = ship.turn_mode - ship.straight
    return "may turn now" if ahead <= 0 else f"may turn after {ahead} more ahead"


_ARCS = {"f": "front", "r": "right", "l": "left", "b": "rear"}


def _ranges(state: BattleState) -> list[str]:
    """Each standing ship's range and arc to each enemy and the weapons that bear now, so a
    player by mail need not work out hex geometry by hand (positions are public, R16)."""
    lines = []
    for shooter in state.ships:
        if shooter.destroyed:
            continue
        for target in state.ships:
            if target.side == shooter.side or target.destroyed:
                continue
            arc = arc_of(shooter.hex, shooter.facing, target.hex)
            where = f"{_ARCS[arc]} arc" if arc else "same hex"
            firing = [
                str(system)
                for index, system in shooter.weapons()
                if system.code != "R" and bears(state, shooter, index, target) is None
            ]
            lines.append(
                f"  {state.called(shooter.name, shooter.side)} > "
                f"{state.called(target.name, target.side)}: "
                f"range {distance(shooter.hex, target.hex)}, "
                f"{where}; " + (f"bears: {' '.join(firing)}" if firing else "nothing bears")
            )
    return (
        ["Ranges now (range, the target's arc, the weapons that would bear):", *lines]
        if lines
        else []
    )


def next_text(game: GameRow, replay: Replay) -> str:
    turn, phase = battle_turn(game)
    who = replay.state.initiative
    if phase == "movement":
        what = (
            "Send your moves, one ship a line or `;` between: the ship and its steps "
            "(F ahead, L and R one hexside left or right), or `stay`. A ship you leave "
            "out stays."
        )
        example = "SHIP FFRF; SHIP stay"
        order = "the player without initiative moves first"
    else:
        what = (
            "Send your volleys, in the order you want them fired: `SHIP > TARGET` fires "
            "every weapon that bears; `SHIP > TARGET (Gf)` names weapons; `A+B > TARGET` "
            "is a fire group; `tractor SHIP > TARGET` a tractor beam (after all volleys)."
        )
        example = "SHIP > TARGET; tractor SHIP > TARGET"
        order = "the player with initiative fires first"
    limit = turn_limit_of(game)
    of = f" of {limit}" if limit else ""
    last = " This is the last turn [R12]." if limit and turn >= limit else ""
    if game.accounts:  # Discord: its own command, or the button under this post
        send = [f"Send:  /spaceships orders text:{example}  (or the Submit orders button)"]
    else:
        send = [f"Send:  game {game.name} PASSWORD", f"       orders {turn}: {example}"]
    return "\n".join(
        [
            f"Turn {turn}{of}, {phase}: player {who} has the initiative ({order}; "
            f"reading R14).{last}",
            what,
            gamerows.deadline_line(game),
            *send,
        ]
    )


def status_text(game: GameRow, players: dict[str, PlayerRow], missing: list[str]) -> str:
    lines = [
        f"Spaceship Battles {game.name} ({battle_settings_text(game)}): "
        + ", ".join(f"{s}: {players[s].name}" for s in gamerows.SEATS if s in players)
    ]
    if game.phase == "joining":
        lines.append(f"Waiting for players: join {game.name}")
    elif game.phase == "setup":
        lines.append("Waiting for the designs of: " + (", ".join(missing) or "nobody"))
    elif game.phase == "playing":
        turn, phase = battle_turn(game)
        replay = replay_of(game)
        lines.append(f"Turn {turn}, {phase}; waiting for: " + (", ".join(missing) or "nobody"))
        lines.append(gamerows.deadline_line(game))
        lines.append(situation_text(game, replay))
    else:
        lines.append(f"Over: {(game.outcome or {}).get('reason', '')}")
    return "\n".join(lines)


def history_text(game: GameRow) -> str:
    """The record so far (the seed only once the battle is over)."""
    if game.state is None:
        return f"{game.name} has not started."
    if game.phase == "over":
        return format_record(final_record(game, game.outcome or {})[0])
    return format_record(record_of(game))


def status(command: Command, desk: Desk) -> str:
    if command.name is None and desk.session.game is not None:
        game = desk.reload()
    else:
        game = desk.game(command.name, lock=False)  # status only reads: no judge waits for it
        desk.refuse_outsider(game)
    desk.reply.about(game)
    players = desk.store.players(game.id)
    text = status_text(game, players, desk.missing(game))
    session = desk.session
    seat = session.seat if session.game is not None and session.game.id == game.id else None
    if seat is not None and game.phase in ("joining", "setup") and players[seat].fleet:
        # The asking player's own design, theirs alone until both are in (reading R16).
        own = "\n".join(f"  {line}" for line in (players[seat].fleet or "").splitlines())
        text += f"\nYour design (hidden from your opponent until both are in):\n{own}"
    if seat is not None and game.phase == "playing":
        # The asking player's own orders of this phase, theirs alone until it resolves (R14).
        mine = desk.store.orders(game.id, game.turn).get(seat)
        if mine is not None:
            own = "\n".join(f"  {line}" for line in mine.text.splitlines()) or "  (nothing)"
            text += f"\nYour orders of this phase (you may replace them until it resolves):\n{own}"
    return text


def history(command: Command, desk: Desk) -> str:
    if command.name is None:
        if desk.session.game is None:
            raise Refusal("say which game: `history NAME`")
        game = desk.reload()
    else:
        game = desk.game(command.name)
        if command.password is not None:
            desk.seat_for(game, command.password)
        elif desk.session.game is None or desk.session.game.id != game.id:
            desk.refuse_outsider(game)
    desk.reply.about(game)
    return history_text(game)
