"""Setting a battle up through the judge: `create NAME battles budget=N`, `join`, `design`
(checked against the tables and the budget, hidden from the opponent until both are in), and
the start: the dice commitment published and turn 1's initiative rolled."""

from __future__ import annotations

import re
import secrets
from dataclasses import replace
from datetime import datetime

from battles.engine.design import check_design, check_fleet_cost, complete, figures
from battles.engine.dice import commitment
from battles.engine.play import play_record
from battles.engine.tables import DEFAULT_X_MODE, X_MODES
from battles.judge.computer import (
    battle_level,
    play_battle_computer,
    seat_battle_computer,
    yield_names,
)
from battles.judge.rows import (
    DEFAULT_BUDGET,
    GAME,
    SETUP_RADIUS,
    START,
    battle_settings_text,
    block_items,
    budget_of,
    error_text,
    is_battle,
    subject,
    to_everyone,
    turn_limit_of,
    x_mode_of,
)
from battles.judge.views import next_text, situation_text
from notation.battles.hexes import FACINGS, distance
from notation.battles.parse import parse_design, parse_hex, parse_record
from notation.battles.records import BattleRecord, Initiative, ShipEntry, format_record
from notation.errors import NotationError
from notation.words import seated
from pbem.club import ladder
from pbem.language.commands import Command
from pbem.messages import Outbound
from pbem.sights import Sight
from pbem.steps import gamerows, seating
from pbem.steps.computers import COMPUTER_ADDRESS
from pbem.steps.deadlines import DeadlineRule
from pbem.steps.desk import Desk, Refusal
from pbem.steps.mastering import game_timing, news_setting
from pbem.steps.passwords import hash_password, new_password
from pbem.storage.store import GameRow, Store


def create(command: Command, desk: Desk) -> str:
    assert command.name is not None
    if desk.store.game(command.name) is not None:
        raise Refusal(f"a game named {command.name} exists already; choose another name")
    settings = dict(command.settings)
    if "ruleset" in settings:
        raise Refusal(f"a battle has no ruleset setting; its options: {OPTIONS_TEXT}")
    level = battle_level(settings["vs"], command.name) if "vs" in settings else None
    options = read_options(settings.get("options", "").split())
    rule, reminder, grace, policy = game_timing(
        settings, DeadlineRule("none"), None, 0, None, desk.now
    )
    accounts = desk.inbound.authenticated  # a front end's accounts (Discord): no passwords
    password = "" if accounts else new_password(desk.rng)
    game = GameRow.opening(
        name=command.name,
        ruleset=GAME,
        options=options,
        private=settings.get("private") == "yes",
        master_address=desk.inbound.sender,
        master_password=hash_password(password, desk.rng) if password else "",
        deadline_rule=rule.stored,
        reminder_hours=24.0 if reminder is None else reminder,
        grace_hours=grace,
        missing_policy=policy or "noactions",
        created_at=desk.now,
        accounts=accounts,
        master_news=news_setting(settings["news"]) if "news" in settings else True,
    )
    game = desk.store.insert_game(game)
    desk.reply.about(game)
    lines = [f"Spaceship Battles game {game.name} created: {battle_settings_text(game)}."]
    lines.append(ladder.settle_at_create(desk.store, game, settings, level))
    if not accounts:
        lines.append(f"You are its game master. Your master password: {password}")
    if level is None:
        lines.append(f"Players join with:  join {game.name}")
        return "\n".join(lines)
    # Against the computer: it takes B with its design in, the creator A (as in Spaceships).
    seat_battle_computer(desk.store, game, "B", desk.now, desk.new_seed())
    lines.append(
        "The computer plays B: its design is in (you see it when the battle begins); you "
        "play A. It puts in its orders as each phase opens, so each phase resolves as soon "
        "as yours are in."
    )
    joined = join(Command("join", command.line, command.source, name=game.name), desk)
    return "\n".join(lines) + "\n\n" + joined


def read_options(words: list[str]) -> tuple[str, ...]:
    """A battle's `create` options, checked: `budget=N` (R16), `turns=N` (R12), `x=MODE`
    (R5); the game row keeps them in this order, the budget always."""
    found: dict[str, str] = {}
    for option in words:
        key, _, value = option.partition("=")
        if key == "budget" and value.isdigit() and int(value) >= 33:
            found[key] = str(int(value))
        elif key == "turns" and value.isdigit() and 1 <= int(value) <= 1000:
            found[key] = str(int(value))
        elif key == "x" and value in X_MODES:
            found[key] = value
        else:
            why = OPTION_PROBLEMS.get(
                key, f"not an option of a battle; its options: {OPTIONS_TEXT}"
            )
            raise Refusal(f"`{option}`: {why}")
    found.setdefault("budget", str(DEFAULT_BUDGET))
    return tuple(f"{k}={found[k]}" for k in ("budget", "turns", "x") if k in found)


OPTIONS_TEXT = "budget=N, turns=N, x=" + "|".join(X_MODES)
OPTION_PROBLEMS = {
    "budget": "budget=N is the most each side's ships may cost, at least 33 (the cheapest "
    "hull) [R16]; e.g. budget=300",
    "turns": "turns=N is the last turn of the battle, 1 to 1000; after it the side that "
    "destroyed more wins [R12]; e.g. turns=20",
    "x": f"x=MODE says how the Gun/Missile X fires: {', '.join(X_MODES)} [R5]; e.g. x=reach",
}


# The example ships a join reply suggests, each seat its own names: a newcomer who copies them
# names ships as the opponent may not (names are unique per side only, reading R17).
EXAMPLE_NAMES = {"A": ("Lancer", "Kite"), "B": ("Raider", "Hawk")}


def join(command: Command, desk: Desk) -> str:
    taken = seating.take_seat(command, desk)
    game, players, seat, name, password = (
        taken.game,
        taken.before,
        taken.seat,
        taken.name,
        taken.password,
    )
    home, facing = START[seat]
    lines = taken.welcome(f"player {seat} ({name})", "design and order")
    first, second = EXAMPLE_NAMES[seat]
    lancer = f"{first} E-SAI(Gf)I(Xf)IIV"
    kite = f"{second} E-AI(Mf)(Gf)IIID at {home.step('NE')} {facing}"
    if game.accounts:  # Discord: its own command (or the Submit design button)
        example = [f"  /spaceships design text:{lancer}; {kite}"]
    else:
        example = [
            *([f"  game {game.name} {password}"] if password else []),
            "  design",
            f"  {lancer}",
            f"  {kite}",
        ]
    lines += [
        "",
        f"Design your ships within the budget of {budget_of(game)}: one ship a line (or `;` "
        "between them), a name and its Ship Code (the three numbers may be left out: the "
        f"judge works them out). Your ships start at {home} facing {facing} unless you give "
        f"a hex within {SETUP_RADIUS} of it and a facing:",
        *example,
        "The hulls and systems with their costs: "
        + ("/spaceships help topic:battles." if game.accounts else "`help battles`."),
    ]
    if len(players) == 1:  # the other seat was taken already (by a person or the computer)
        game = gamerows.open_phase(replace(game, phase="setup"), desk.now)
        desk.store.update_game(game)
        other = players[gamerows.other(seat)]
        if other.address == COMPUTER_ADDRESS:
            lines += [
                "",
                "Your opponent is the computer; its design is in. The battle begins when yours is.",
                gamerows.deadline_line(game),
            ]
            return "\n".join(lines)
        lines += ["", "Both players are in.", gamerows.deadline_line(game)]
        a_name, b_name = (other.name, name) if seat == "B" else (name, other.name)
        desk.reply.messages.append(
            Outbound(
                (other.address,),
                subject(game, "your opponent has joined"),
                f"{name} has joined {game.name} as player {seat}. Send your design if you "
                f"have not yet.\n{gamerows.deadline_line(game)}",
                game.name,
            )
        )
        desk.reply.messages += gamerows.master_notice(
            desk.store,
            game,
            "both players have joined",
            f"Both players have joined the battle {game.name}: {a_name} (A) and {b_name} "
            f"(B). It begins when both designs are in.\n{gamerows.deadline_line(game)}",
        )
    else:
        lines += ["", "The battle starts when a second player has joined and both designs are in."]
        desk.reply.messages += gamerows.master_notice(
            desk.store,
            game,
            "a player has joined",
            f"{name} has joined the battle {game.name} as player A; it waits for a second player.",
        )
    return "\n".join(lines)


def _design_line(seat: str, text: str, line: int, column: int) -> tuple[str, str | None]:
    """A design line as players write it, made plain: a `# comment` after it dropped, a record's
    tag lines skipped, and a record's own ship line (`A ship NAME CODE at Q,R FACING`, as in a
    saved .sbr) read as the ship it names, if it is the sender's side."""
    text = text.split("#", 1)[0].strip()
    if text.startswith("[") and text.endswith("]"):
        return "", None
    found = re.match(r"([AB])\s+ship\s+(.*)", text)
    if found is None:
        return text, None
    if found.group(1) != seat:
        return "", (
            f"  line {line}, column {column}: `{text}` is a ship of player {found.group(1)}; "
            f"you are player {seat} [R16]"
        )
    return found.group(2), None


def _read_design(
    seat: str, text: str, line: int, column: int, source: str
) -> tuple[ShipEntry | None, list[str]]:
    words = text.split()
    if len(words) < 2:
        return None, [
            f"  line {line}, column {column}: `{text}`: a ship needs a name and a "
            "Ship Code, e.g. `Lancer E-SAI(Gf)I(Xf)IIV`"
        ]
    name, code_text = words[0], words[1]
    if not re.fullmatch(r"[A-Za-z][A-Za-z0-9_']*", name):
        return None, [
            f"  line {line}, column {column}: `{name}` is not a ship name (a "
            "letter, then letters, digits, _ or ') [R17]"
        ]
    code_column = column + text.index(code_text, len(name))
    # Words after the code that read as more of it (`E-SAI(Gf) I(Xf)IIV`): a code with a
    # space in it, which parse_design refuses at the space [V.B].
    end = 2
    while end < len(words) and re.fullmatch(r"[A-Z(-][A-Za-z0-9()?-]*", words[end]):
        end += 1
    if end > 2:
        start = text.index(code_text, len(name))
        last = words[end - 1]
        code_text = text[start : text.index(last, start + len(code_text)) + len(last)]
    try:
        code = parse_design(code_text)
    except NotationError as exc:
        return None, [error_text(exc, line, code_column, source)]
    home, facing = START[seat]
    rest = words[end:]
    if rest:
        if len(rest) != 3 or rest[0] != "at" or rest[2] not in FACINGS:
            return None, [
                f"  line {line}, column {column}: after the code, `at Q,R FACING`, "
                f"e.g. `at {home} {facing}`; facings are {' '.join(FACINGS)} [R1]"
            ]
        try:
            place = parse_hex(rest[1])
        except NotationError as exc:
            return None, [error_text(exc, line, column + text.index(rest[1]), source)]
        if distance(place, home) > SETUP_RADIUS:
            return None, [
                f"  line {line}, column {column}: {name} starts at {place}, "
                f"{distance(place, home)} hexes from {home}; player {seat}'s ships "
                f"start within {SETUP_RADIUS} of it [R16]"
            ]
        home, facing = place, rest[2]
    done = complete(code) if not code.complete else code
    problems = check_design(done, name)
    return ShipEntry(seat, name, done, home, facing), [f"  - {p}" for p in problems]


def submit_design(command: Command, desk: Desk) -> str:
    game, seat = desk.player_session("design")
    desk.reply.about(game)
    if not is_battle(game):
        raise Refusal(f"{game.name} is a game of Spaceships: send your `fleet`")
    if game.phase not in ("joining", "setup"):
        raise Refusal(f"the designs of {game.name} are set; the battle is under way")
    source_lines = command.source.splitlines()
    entries_text = block_items(command)
    if not entries_text:
        raise Refusal("no ships after `design`: one ship a line, its name and Ship Code")
    entries, errors = [], []
    for text, line, column in entries_text:
        index = line - command.line
        source = source_lines[index] if 0 <= index < len(source_lines) else text
        text, problem = _design_line(seat, text, line, column)
        if problem or not text:
            errors += [problem] if problem else []
            continue
        entry, problems = _read_design(seat, text, line, column, source)
        errors += problems
        if entry is not None:
            entries.append(entry)
    names = [e.name for e in entries]
    errors += [
        f"  - two ships called {n} [R17]" for n in sorted({n for n in names if names.count(n) > 1})
    ]
    errors += [f"  - {p}" for p in check_fleet_cost([e.code for e in entries], budget_of(game))]
    if errors:
        return "Your design is refused; nothing changed:\n" + "\n".join(errors)
    # Nothing here looks at the opponent's design: it is hidden until both are in (R16), and
    # the two sides may name their ships alike (names are unique per side, reading R17).
    players = desk.store.players(game.id)
    replaced = players[seat].fleet is not None
    text = "\n".join(e.design_line for e in entries)
    desk.reply.moves += players[seat].fleet != text
    desk.store.set_fleet(game.id, seat, text)
    desk.reply.sights.append(Sight("setup", seat=seat))  # the ships at their starting hexes
    total = sum(figures(e.code).cost for e in entries)
    lines = [
        ("Your design is replaced" if replaced else "Your design is accepted")
        + f" for {game.name} ({total} of {budget_of(game)}):"
    ]
    lines += [f"  {line}" for line in text.splitlines()]
    players = desk.store.players(game.id)
    if len(players) == 2 and all(p.fleet for p in players.values()):
        yield_names(desk.store, game)
        game, messages = start(desk.store, desk.reload(), desk.now, desk)
        desk.session.game = game
        desk.reply.messages += messages
        lines += ["", "Both designs are in: the battle begins (see the next message)."]
    else:
        lines += [
            "",
            "You may replace it until both designs are in; your opponent does not "
            "see it before then.",
        ]
    return "\n".join(lines)


def _seed(desk: Desk | None) -> str:
    if desk is not None and desk.rng is not None:
        return f"{desk.rng.getrandbits(128):032x}"  # a seeded judge (tests) rolls repeatably
    return secrets.token_hex(16)


def start(
    store: Store, game: GameRow, now: datetime, desk: Desk | None = None
) -> tuple[GameRow, list[Outbound]]:
    """Both designs are in: publish the dice commitment, set the ships up, roll turn 1's
    initiative and open its movement."""
    players = store.players(game.id)
    seed = _seed(desk)
    tags = (
        ("Game", "Spaceship Battles"),
        ("Event", game.name),
        ("Budget", str(budget_of(game))),
        *([("TurnLimit", str(limit))] if (limit := turn_limit_of(game)) else []),
        *([("XWeapon", x_mode_of(game))] if x_mode_of(game) != DEFAULT_X_MODE else []),
        ("A", players["A"].name),
        ("B", players["B"].name),
        ("Dice", commitment(seed)),
    )
    text = "\n".join(
        f"{seat} ship {line}"
        for seat in gamerows.SEATS
        for line in (players[seat].fleet or "").splitlines()
    )
    ships = parse_record(text + "\n").ships
    record = BattleRecord(tags, ships, (Initiative(1, ()),))
    replay = play_record(record, seed=seed, open_turn=True)
    record = replay.record(record)
    game = replace(
        game, phase="playing", turn=1, state={"seed": seed, "record": format_record(record)}
    )
    game = gamerows.open_phase(game, now)
    store.update_game(game)
    play_battle_computer(store, game, now)  # its orders are in before the human's arrive
    body = "\n\n".join(
        [
            f"The battle {game.name} begins: {seated(players['A'].name, 'A')} against "
            f"{seated(players['B'].name, 'B')}.",
            "The judge rolls every die from a secret seed; its hash, published now, is the "
            "record's\n"
            f'[Dice "{commitment(seed)}"]\n'
            "Keep it: the seed is revealed at the end, and `spaceships battles play` shows "
            "that it hashes to this and that every roll came from it (reading R13).",
            # Turn 1's roll, as later turns' come with the fire that ends the turn before.
            "Turn 1's initiative, rolled (A's die, B's die; a tie is rolled again) [II.A, R15]:\n"
            + "\n".join(f"  {e}" for e in replay.events),
            situation_text(game, replay),
            next_text(game, replay),
        ]
    )
    everyone = to_everyone(store, game, "the battle begins", body, kind="begin", turn=1)
    return game, everyone + gamerows.master_notice(store, game, "the battle begins", body)
