"""`tournament ...`, the same by mail and in Discord: create one (its game master), join it
until it starts, enter the computer at a level it allows, start it, withdraw, and read its
standings and crosstable; `tournament` alone lists them.

By mail a game master's and a player's later commands carry the password their first answer
gave (a From alone can be forged); in Discord the account is proof enough.
"""

from __future__ import annotations

import re

from pbem.club import ladder
from pbem.club import tournament_store as ts
from pbem.club.tournaments import swiss_rounds_needed
from pbem.language.commands import Command
from pbem.steps.computers import COMPUTER_ADDRESS
from pbem.steps.deadlines import parse_duration
from pbem.steps.desk import Desk, Refusal
from pbem.steps.passwords import check_password, hash_password, new_password

USAGE = (
    "tournament create NAME GAME swiss|robin [rounds=N] [round=72h] [casual] "
    "[computers=LEVEL,...] [SETTINGS]; tournament join NAME; tournament start NAME PASSWORD; "
    "tournament withdraw NAME PASSWORD; tournament NAME (its standings); tournament (the list)"
)
NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_]{0,15}\Z")  # no `-`: its games are NAME-rROUND-BOARD
MAX_ENTRANTS = 64


def tournament(command: Command, desk: Desk) -> str:
    words = command.body.split()
    if not words or words[0].lower() == "list":
        return _listing(desk)
    verb = words[0].lower()
    handlers = {
        "create": _create,
        "join": _join,
        "computer": _computer,
        "start": _start,
        "withdraw": _withdraw,
        "show": _show,
        "standings": _show,
    }
    if verb in handlers:
        return handlers[verb](words[1:], desk)
    return _show(words, desk)


def _find(words: list[str], desk: Desk) -> ts.TournamentRow:
    if not words:
        raise Refusal(f"which tournament? ({USAGE})")
    found = ts.tournament(desk.store, words[0])
    if found is None:
        raise Refusal(f"there is no tournament named {words[0]}; `tournament` lists them")
    return found


def _listing(desk: Desk) -> str:
    found = ts.all_tournaments(desk.store)
    if not found:
        return f"No tournament yet. To make one: {USAGE}."
    lines = ["Tournaments:"]
    for t in found:
        count = len(ts.entrants(desk.store, t.id))
        state = {"joining": f"open: `tournament join {t.name}`", "playing": f"round {t.round}",
                 "over": "over"}[t.phase]  # fmt: skip
        lines.append(f"  {t.name:<16} {state}; {count} players; {t.describe()}")
    return "\n".join(lines)


def _show(words: list[str], desk: Desk) -> str:
    return ts.standings_text(desk.store, _find(words, desk))


def _create(words: list[str], desk: Desk) -> str:
    if len(words) < 3:
        raise Refusal(f"`tournament create` needs a name, a game and a format ({USAGE})")
    name, game_word, format_word, *rest = words
    if not NAME.match(name):
        raise Refusal(
            f"`{name}` cannot name a tournament: a letter, then up to 15 letters, digits or _ "
            "(its games are named after it)"
        )
    if ts.tournament(desk.store, name) is not None:
        raise Refusal(f"a tournament named {name} exists already; choose another name")
    key = ladder.game_named(game_word)
    if key is None:
        choices = ", ".join(k.about.words[0] for k in ladder.laddered())
        raise Refusal(f"`{game_word}` names no game; write one of {choices}")
    form = {"swiss": "swiss", "robin": "robin", "round-robin": "robin", "roundrobin": "robin"}
    if format_word.lower() not in form:
        raise Refusal(f"`{format_word}` is no format: write swiss or robin (round robin)")
    rounds, hours, rated, levels, settings = 0, 72.0, True, (), []
    kind = next(k for k in ladder.laddered() if k.name == key)
    for word in rest:
        low = word.lower()
        if low.startswith("rounds=") and low[7:].isdigit() and 1 <= int(low[7:]) <= 20:
            rounds = int(low[7:])
        elif low.startswith("round="):
            try:
                hours = parse_duration(low[6:]).total_seconds() / 3600
            except ValueError as exc:
                raise Refusal(f"`{word}`: {exc} (e.g. round=72h, round=7d)") from exc
        elif low in ("casual", "rated"):
            rated = low == "rated"
        elif low.startswith("computers="):
            try:
                levels = tuple(kind.about.level_named(w) for w in low[10:].split(",") if w)
            except ValueError as exc:
                raise Refusal(f"`{word}`: {exc}") from exc
        elif "=" in word or low in ("private", "public") or low.startswith("deadline"):
            if low.startswith(("deadline", "private", "vs")):
                raise Refusal(
                    f"`{word}`: a tournament's games are public and take the round's deadline "
                    "(round=DURATION)"
                )
            settings.append(word)
        else:
            raise Refusal(f"`{word}` is no tournament setting ({USAGE})")
    fmt = form[format_word.lower()]
    accounts = desk.inbound.authenticated
    password = "" if accounts else new_password(desk.rng)
    t = ts.create(
        desk.store, name, key, fmt, rounds if fmt == "swiss" else 0, hours, rated, levels,
        " ".join(settings), desk.inbound.sender,
        hash_password(password, desk.rng) if password else "", accounts, desk.now,
    )  # fmt: skip
    lines = [
        f"Tournament {name} created: {t.describe()}.",
        f"Players enter with: tournament join {name}",
    ]
    if fmt == "swiss" and not rounds:
        lines.append("Its rounds: as many as the entrants need (log2 of their number, at start).")
    if password:
        lines.append(f"You are its game master. Your master password: {password}")
        lines.append(f"Start it with: tournament start {name} PASSWORD")
    else:
        lines.append(f"Start it with: tournament start {name}")
    return "\n".join(lines)


def _master(t: ts.TournamentRow, words: list[str], desk: Desk, what: str) -> None:
    if desk.inbound.sender != t.master_address:
        raise Refusal(f"only the game master of {t.name} may {what} it")
    if t.accounts and desk.inbound.authenticated:
        return
    if len(words) < 2 or not check_password(" ".join(words[1:]), t.master_password):
        raise Refusal(
            f"to {what} {t.name} by mail, add its master password: `tournament {what} "
            f"{t.name} PASSWORD`; nothing changed"
        )


def _open(t: ts.TournamentRow) -> None:
    if t.phase != "joining":
        raise Refusal(f"tournament {t.name} has started: entries are closed")


def _join(words: list[str], desk: Desk) -> str:
    t = _find(words, desk)
    _open(t)
    if t.accounts != desk.inbound.authenticated:
        where = "in Discord" if t.accounts else "by mail"
        raise Refusal(f"tournament {t.name} is played {where}: join it there")
    people = ts.entrants(desk.store, t.id)
    me = ladder.identity(desk.store, desk.inbound.sender)
    if any(ladder.identity(desk.store, e.address) == me for e in people):
        raise Refusal(f"you have entered {t.name} already")
    if len(people) >= MAX_ENTRANTS:
        raise Refusal(f"tournament {t.name} is full ({MAX_ENTRANTS} players)")
    shown = " ".join(words[2:]) if len(words) > 2 and words[1].lower() == "as" else ""
    name = (shown or desk.inbound.sender_name or desk.inbound.sender.split("@")[0])[:24]
    if any(e.name.lower() == name.lower() for e in people):
        raise Refusal(f"someone in {t.name} plays as {name}: `tournament join {t.name} as NAME`")
    password = "" if t.accounts else new_password(desk.rng)
    hashed = hash_password(password, desk.rng) if password else ""
    ts.add_entrant(desk.store, t, desk.inbound.sender, name, hashed)
    said = f"You have entered tournament {t.name} as {name}: {t.describe()}."
    said += " Each round's game comes to you here, with its password, when the round begins."
    if password:
        said += f"\nYour tournament password (to withdraw): {password}"
    return said


def _computer(words: list[str], desk: Desk) -> str:
    t = _find(words, desk)
    _open(t)
    level_words = words[1:2]
    _master(t, [words[0], *words[2:]], desk, "computer")
    if not t.levels:
        raise Refusal(f"tournament {t.name} allows no computer (computers=LEVEL at create)")
    level = level_words[0].lower() if level_words else t.levels[0]
    if level not in t.levels:
        raise Refusal(f"tournament {t.name} allows the computer at {', '.join(t.levels)}")
    name = f"the computer ({level})"
    if any(e.name == name for e in ts.entrants(desk.store, t.id)):
        raise Refusal(f"{name} has entered {t.name} already")
    ts.add_entrant(desk.store, t, COMPUTER_ADDRESS, name, "")
    return f"{name[0].upper()}{name[1:]} has entered tournament {t.name}."


def _start(words: list[str], desk: Desk) -> str:
    t = _find(words, desk)
    _master(t, words, desk, "start")
    _open(t)
    count = len([e for e in ts.entrants(desk.store, t.id) if e.withdrawn is None])
    if count < 3:
        raise Refusal(f"tournament {t.name} has {count} players: it needs 3 or more to start")
    if t.format == "swiss" and not t.rounds:
        rounds = swiss_rounds_needed(count)
        desk.store.connection.execute(
            "UPDATE tournaments SET rounds = ? WHERE id = ?", (rounds, t.id)
        )
        t = ts.tournament(desk.store, t.name) or t
    desk.reply.messages += ts.start(desk.store, t, desk.now, desk.rng)
    t = ts.tournament(desk.store, t.name) or t
    return f"Tournament {t.name} has started: {t.rounds} rounds. Round 1's games are made."


def _withdraw(words: list[str], desk: Desk) -> str:
    t = _find(words, desk)
    me = ladder.identity(desk.store, desk.inbound.sender)
    mine = [
        e for e in ts.entrants(desk.store, t.id) if ladder.identity(desk.store, e.address) == me
    ]
    if not mine or mine[0].withdrawn is not None:
        raise Refusal(f"you are not playing in tournament {t.name}")
    entrant = mine[0]
    if not (t.accounts and desk.inbound.authenticated):
        if len(words) < 2 or not check_password(" ".join(words[1:]), entrant.password):
            raise Refusal(
                f"to withdraw from {t.name} by mail, add your tournament password: "
                f"`tournament withdraw {t.name} PASSWORD`; nothing changed"
            )
    if t.phase == "over":
        raise Refusal(f"tournament {t.name} is over")
    if t.phase == "joining":
        desk.store.connection.execute(
            "DELETE FROM tournament_players WHERE tournament_id = ? AND number = ?",
            (t.id, entrant.number),
        )
        return f"You have withdrawn from tournament {t.name} before its start."
    desk.reply.messages += ts.withdraw(desk.store, t, entrant, desk.now)
    return f"You have withdrawn from tournament {t.name}: you are paired no more" + (
        ", and your game of this round is lost by forfeit." if t.phase == "playing" else "."
    )


COMMANDS = {"tournament": tournament}
