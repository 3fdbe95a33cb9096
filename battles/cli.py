"""`spaceships battles ...`: check and complete Ship Codes, replay and roll battle records."""

from __future__ import annotations

import json
import secrets
import sys
from pathlib import Path
from typing import Any

import click

from battles.computer import LEVEL
from battles.computer.terminal import TerminalBattle
from battles.engine.design import check_design, complete, figures
from battles.engine.dice import commitment
from battles.engine.play import play_record, result_text
from battles.engine.report import replay_json
from battles.engine.written import dice_of
from notation.battles.parse import parse_design, parse_record, parse_ship_code
from notation.battles.records import format_damage, format_record
from notation.errors import NotationError
from notation.textfile import TextFileError, decode
from pbem.registry import another_games_record

__all__ = ["COMMANDS"]

# This game's title (its kind's `title`, pbem.registry), for a record of another game.
BATTLES = "Spaceship Battles"


def _decoded(data: bytes, name: str) -> str:
    """DATA read as editors save text (notation.textfile): UTF-8, UTF-16 with its byte-order
    mark, Windows-1252 with a note; anything else is refused in one line, exit 1."""
    try:
        read = decode(data, name)
    except TextFileError as exc:
        click.echo(str(exc), err=True)
        sys.exit(1)
    for note in read.notes:
        click.echo(f"{name}: note: {note}", err=True)
    return read.text


def _read(source: str) -> str:
    if source == "-":
        return _decoded(sys.stdin.buffer.read(), "standard input")
    path = Path(source)
    if "\n" not in source and len(source) < 4096 and path.is_file():
        try:
            data = path.read_bytes()
        except OSError as exc:
            click.echo(f"{source}: cannot be read: {exc.strerror or exc}", err=True)
            sys.exit(1)
        return _decoded(data, source)
    if "\n" not in source and " " not in source.strip():
        click.echo(
            f"no such file: {source} (give a record file, or `-` for standard input)", err=True
        )
        sys.exit(1)
    return source


@click.group("battles")
def battles_group() -> None:
    """Spaceship Battles: Ship Codes, designs, and battle records with the judge's dice."""


@battles_group.command("check")
@click.argument("codes", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="Print a structured report.")
def check_command(codes: tuple[str, ...], as_json: bool) -> None:
    """Check each Ship Code CODE against the hull and component tables [V]. Exit 1 if any is
    wrong, with every reason."""
    report: list[dict[str, Any]] = []
    bad = False
    for text in codes:
        try:
            code = parse_ship_code(text)
        except NotationError as exc:
            bad = True
            report.append({"code": text, "ok": False, "syntax": str(exc)})
            if not as_json:
                # "line 1" says nothing when several codes are checked: name the code.
                where = f"{text}: " if len(codes) > 1 else ""
                click.echo(where + str(exc), err=True)
            continue
        problems = check_design(code)
        f = figures(code)
        bad |= bool(problems)
        report.append(
            {
                "code": str(code),
                "ok": not problems,
                "cost": f.cost,
                "turn_mode": f.turn_mode,
                "engines": f.engines,
                "space": format_damage(f.space),
                "spaces": format_damage(f.spaces),
                "problems": [p.to_json() for p in problems],
            }
        )
        if as_json:
            continue
        if problems:
            for p in problems:
                click.echo(str(p), err=True)
        else:
            click.echo(
                f"{code}: legal; space {format_damage(f.space)} of "
                f"{format_damage(f.spaces)}; cost {f.cost} = {f.cost_sum()}"
            )
    if as_json:
        click.echo(json.dumps(report, indent=2))
    sys.exit(1 if bad else 0)


@battles_group.command("design")
@click.argument("code")
@click.option("--json", "as_json", is_flag=True, help="Print a structured report.")
def design_command(code: str, as_json: bool) -> None:
    """Complete CODE's cost, turn mode and engines from its class and systems, e.g.
    `spaceships battles design 'E-SAI(Gf)I(Xf)IIV'` prints E-SAI(Gf)I(Xf)IIV-87-1-4."""
    try:
        draft = parse_design(code)
    except NotationError as exc:
        click.echo(str(exc), err=True)
        sys.exit(1)
    done = complete(draft)
    written = (draft.cost, draft.turn_mode, draft.engines)
    wrong = any(
        w is not None and w != t
        for w, t in zip(written, (done.cost, done.turn_mode, done.engines), strict=True)
    )
    if wrong and not as_json:
        shown = "-".join("?" if w is None else str(w) for w in written)
        click.echo(f"(written {shown}; by the tables:)")
    f = figures(done)
    problems = check_design(done)
    if as_json:
        click.echo(
            json.dumps(
                {
                    "code": str(done),
                    "cost": f.cost,
                    "cost_parts": [list(p) for p in f.cost_parts],
                    "turn_mode": f.turn_mode,
                    "engines": f.engines,
                    "space": format_damage(f.space),
                    "spaces": format_damage(f.spaces),
                    "problems": [p.to_json() for p in problems],
                },
                indent=2,
            )
        )
    else:
        click.echo(str(done))
        click.echo(f"  cost {f.cost} = {f.cost_sum()}")
        click.echo(
            f"  space {format_damage(f.space)} of {format_damage(f.spaces)}"
            + (f" = {f.space_sum()}" if f.space_parts else "")
        )
        click.echo(f"  turn mode {f.turn_mode}, engines {f.engines}")
        for p in problems:
            click.echo(str(p), err=True)
    sys.exit(1 if problems else 0)


# The report's later fields (battles.engine.report) for a file where nothing was played.
NOTHING_PLAYED: dict[str, Any] = {"budget": None, "turn_limit": None, "x_weapon": None, "steps": []}


def syntax_json(exc: NotationError) -> dict[str, Any]:
    """The report of a record that cannot be read: `replay_json`'s fields, nothing played,
    each syntax error a problem of the rule "syntax" with its place."""
    return {
        "game": "Spaceship Battles",
        "ok": False,
        "dice": None,
        "turn": None,
        "result": None,
        "winner": None,
        "syntax": str(exc),
        "problems": [
            {
                "rule": "syntax",
                "message": str(e).splitlines()[0].partition(": ")[2],
                "subject": e.word or None,
                "hint": e.hint,
                "turn": None,
                "side": None,
                "line": e.line,
                "column": e.column,
            }
            for e in exc.errors
        ],
        "ships": [],
        "events": [],
        "lapsed": [],
        **NOTHING_PLAYED,
    }


def _nothing_played(game: str, problem: dict[str, Any]) -> dict[str, Any]:
    """`replay_json`'s fields for a file where nothing could be played, with its problem."""
    return {
        "game": game,
        "ok": False,
        **dict.fromkeys(("dice", "turn", "result", "winner")),
        "problems": [problem],
        "ships": [],
        "events": [],
        "lapsed": [],
        **NOTHING_PLAYED,
    }


def _another_game(text: str, source: str, as_json: bool = False, unread: bool = False) -> None:
    """A record of another game given to a battles command (its `[Game]` tag, or, `unread`,
    its lines): refused in one line as the registry words it for every game, exit 1."""
    other = another_games_record(text, BATTLES, source, unread=unread)
    if other is None:
        return
    if as_json:
        report = _nothing_played(other.game, {"rule": "game", "message": str(other)})
        click.echo(json.dumps(report, indent=2))
    else:
        click.echo(f"{source}: {other}", err=True)
    sys.exit(1)


@battles_group.command("play")
@click.argument("record", required=False)
@click.option("--json", "as_json", is_flag=True, help="Print the structured report.")
@click.option("--level", default=None, help=f"Against the computer: its level ({LEVEL}).")
@click.option("--seed", default=None, help="Against the computer: its seed (the same battle).")
@click.option("--budget", default=300, type=click.IntRange(1, 10_000), help="Each side's budget.")
@click.option(
    "--pictures",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Against the computer: write the map after every phase as a PNG into this folder.",
)
def play_command(
    record: str | None,
    as_json: bool,
    level: str | None = None,
    seed: str | None = None,
    budget: int = 300,
    pictures: Path | None = None,
) -> None:
    """Replay RECORD (a file, or `-`): check every design, move, die and crossed-out system
    and say where the battle stands. Exit 1 with every problem found. Without RECORD: a
    battle against the computer in the terminal (design, placement, every phase's orders)."""
    if record is None:
        _against_the_computer(level, seed, budget, pictures, as_json)
        return
    text = _read(record)
    _another_game(text, record, as_json)
    try:
        parsed = parse_record(text)
    except NotationError as exc:
        _another_game(text, record, as_json, unread=True)
        if as_json:
            click.echo(json.dumps(syntax_json(exc), indent=2))
        else:
            click.echo(f"{record}: {exc}", err=True)
        sys.exit(1)
    if not parsed.ships and not parsed.events:
        said = "no battle in this file: no `A ship ...` lines and no turns"
        if as_json:
            report = _nothing_played("Spaceship Battles", {"rule": "R16", "message": said})
            click.echo(json.dumps(report, indent=2))
        else:
            click.echo(f"{record}: {said}", err=True)
        sys.exit(1)
    replay = play_record(parsed)
    if as_json:
        click.echo(json.dumps(replay_json(replay, parsed), indent=2))
    else:
        for p in replay.problems:
            click.echo(str(p), err=True)
        click.echo(f"turn {replay.state.turn}: {result_text(replay.state)}; dice {replay.dice}")
        for s in replay.state.ships:
            status = (
                "destroyed"
                if s.destroyed
                else (f"at {s.hex} {s.facing}, speed {s.speed}, turn mode {s.turn_mode}")
            )
            click.echo(f"  {s.side} {s.name} {s.crossed_text()}: {status}")
        if not replay.problems:
            click.echo("record consistent")
    sys.exit(1 if replay.problems else 0)


def _against_the_computer(
    level: str | None, seed: str | None, budget: int, pictures: Path | None, as_json: bool
) -> None:
    """`battles play` with no record: a battle at the terminal (battles.computer.terminal)."""
    if as_json:
        click.echo("--json reports on a RECORD: give one, or leave --json out to play", err=True)
        sys.exit(2)
    if level is not None and level.strip().lower() != LEVEL:
        click.echo(
            f"the battle computer has one level, {LEVEL} (not `{level}`): "
            f"`spaceships battles play --level {LEVEL}`",
            err=True,
        )
        sys.exit(2)

    def ask(prompt: str) -> str:
        click.echo(prompt, nl=False)
        line = sys.stdin.readline()
        if not line:
            raise EOFError
        return line.rstrip("\n")

    TerminalBattle(ask, click.echo, seed, budget, pictures).run()


@battles_group.command("roll")
@click.argument("record")
@click.option("--seed", required=True, help="The judge's secret seed.")
@click.option("--reveal", is_flag=True, help="Write the seed into the record (battle over).")
def roll_command(record: str, seed: str, reveal: bool) -> None:
    """The referee's tool: roll every die RECORD still lacks from SEED, and print the record
    with the dice commitment, the rolls and the losses filled in."""
    text = _read(record)
    try:
        parsed = parse_record(text)
    except NotationError as exc:
        _another_game(text, record, unread=True)
        click.echo(f"{record}: {exc}", err=True)
        sys.exit(1)
    published = parsed.tag("Dice")
    if published is not None and commitment(seed) != published:
        click.echo(
            f'nothing rolled: this seed does not hash to the record\'s [Dice "{published}"], '
            "so it is not the seed this battle's dice were promised from [R13]; give the seed "
            "drawn when that hash was published",
            err=True,
        )
        sys.exit(1)
    if published is None and any(dice_of(e) for e in parsed.events):
        click.echo(
            "nothing rolled: this record has dice written but no [Dice] hash, so they were "
            "rolled by hand, not from a seed [R13]; roll the rest by hand, or start the record "
            "again with `[Dice ...]` from `spaceships battles seed`",
            err=True,
        )
        sys.exit(1)
    if published is None:
        parsed = type(parsed)(
            parsed.tags + (("Dice", commitment(seed)),), parsed.ships, parsed.events
        )
    replay = play_record(parsed, seed=seed)
    if replay.problems:
        # A record that is wrong somewhere is not rolled at all: rolling around a bad line would
        # drop it from the record printed, and dice rolled for it could not be taken back.
        for p in replay.problems:
            click.echo(str(p), err=True)
        click.echo(
            f"nothing rolled: {len(replay.problems)} problem(s) above; correct the record and "
            "roll again",
            err=True,
        )
        sys.exit(1)
    click.echo(format_record(replay.record(parsed, seed if reveal else None)), nl=False)


@battles_group.command("seed")
def seed_command() -> None:
    """Draw a fresh secret seed and print it with the commitment to publish (`[Dice ...]`)."""
    seed = secrets.token_hex(16)
    click.echo(f"seed (keep it secret until the battle ends): {seed}")
    click.echo(f'publish: [Dice "{commitment(seed)}"]')


COMMANDS = [battles_group]
# The command that checks one of this game's records (`spaceships check` picks it by sniffing).
CHECK = play_command
