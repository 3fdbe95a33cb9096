"""A game of Space Chess against the computer in the terminal: the player types each turn's
actions in the notation, sees what every turn did and where everything stands (and, if asked,
a picture of the board after every turn), and gets the record at the end. Input and output are
passed in, so tests play it like a person."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date
from pathlib import Path

from notation.errors import NotationError
from notation.spacechess.actions import MINE_LAYING, MOVE, PASS, Action
from notation.spacechess.board import opposite
from notation.spacechess.cells import Cell, cell_name
from notation.spacechess.pieces import KIND_NAMES, MINE, SIDE_NAMES, SUPPORT, kind_of
from notation.spacechess.record import parse_action, spaced_action
from spacechess.computer.match import PlayedTurn, record_of, written
from spacechess.computer.player import LEVEL_TEXT, Computer
from spacechess.engine.events import Event
from spacechess.engine.game import Game
from spacechess.engine.position import Position
from spacechess.engine.refusals import friendly_fire, later_in_turn
from spacechess.engine.rules import act, legal_actions, why_illegal
from spacechess.pictures import board_picture
from spacechess.pictures.text import text_board

__all__ = ["HELP", "TerminalGame", "describe"]

Ask = Callable[[str], str]  # prompt in, one line out; raises EOFError at the end of input
Say = Callable[[str], None]

HELP = """\
Type the actions of your turn on one line (two a turn; the very first turn has one) [SC2]:
  Ab1-Ab3        move the ship on Ab1 to Ab3: 1 or 2 cells in a straight line, a fighter up
                 to 3, over free hexagons only [SC3, SC4]
  Ba1>Bb1        the gunship on Ba1 fires an impactor towards its neighbour Bb1 [SC6]
  M@Ab2          your support ship lays a mine on its neighbour Ab2 [SC9]
  G@Ab2          your command ship rebuilds a destroyed ship next to it (gunship G, fighter
                 F or support ship S); this takes the whole turn [SC10]
  pass           end the turn here
e.g. `Ab1-Ab3 Ba1>Bb1`. After your turn comes the battle stage: impactors fly 4 cells, then
ships next to enemies fight [SC7, SC8]. Cells are named on the picture of the board
(docs/space-chess.md): rhombus A-K, file a-d, rank 1-4, like Cb3.
Other words: `board` shows where everything is, `moves Ab1` what the ship on Ab1 can do,
`picture` draws the board to a PNG, `resign` gives up, `quit` (or Ctrl-D / Ctrl-C) leaves."""

# The words the terminal takes besides actions, for a word that is neither.
COMMANDS = "help, board, moves CELL, picture, resign, quit"


def describe(position: Position) -> str:
    """Where every unit and impactor is, side by side, in the words of the game."""
    lines = []
    for side in (0, 1):
        by_kind: dict[int, list[str]] = {}
        for cell, code in position.units(side):
            by_kind.setdefault(kind_of(code), []).append(cell_name(cell))
        parts = []
        for kind, cells in sorted(by_kind.items()):
            name = KIND_NAMES[kind] + ("s" if len(cells) > 1 else "")
            parts.append(f"{name} {' '.join(cells)}")
        flying = [
            f"{cell_name(i.cell)} towards {cell_name(ahead)}"
            if (ahead := opposite(i.came_from, i.cell)) is not None
            else cell_name(i.cell)
            for i in position.impactors
            if i.side == side
        ]
        stock = (
            f"in the box: {position.mines_in_stock(side)} mines, "
            f"{position.impactors_in_stock(side)} impactors"
        )
        text = f"{SIDE_NAMES[side]}: " + "; ".join(parts or ["no units"])
        if flying:
            text += f"; impactors flying: {', '.join(flying)}"
        lines.append(f"{text} ({stock})")
    return "\n".join(lines)


def _resolve(position: Position, action: Action) -> Action:
    """A mine is written by its cell alone: the side's one support ship lays it."""
    if action.verb != MINE_LAYING or action.origin >= 0:
        return action
    support = [c for c, code in position.units(position.to_move) if kind_of(code) == SUPPORT]
    return action._replace(origin=support[0]) if support else action


def happened(events: list[Event] | tuple[Event, ...]) -> str:
    return "\n".join(f"  {e}" for e in events) or "  nothing happened"


class TerminalGame:
    """One game: the player on one side, a computer on the other."""

    def __init__(
        self,
        computer: Computer,
        ask: Ask,
        say: Say,
        player_side: int = 0,
        pictures: Path | None = None,
    ) -> None:
        self.computer = computer
        self.ask = ask
        self.say = say
        self.side = player_side
        self.pictures = pictures
        self.game = Game()
        self.turns: list[PlayedTurn] = []
        self.warned = ""  # a line warned of (a shot into one's own unit), played if typed again

    def run(self) -> Position:
        """Plays to the end (or until the player leaves); the record is printed either way, so
        nothing is lost. EOF and Ctrl-C leave quietly."""
        me, it = SIDE_NAMES[self.side], SIDE_NAMES[1 - self.side]
        self.say(
            f"Space Chess against the computer, level {self.computer.level}: "
            f"{LEVEL_TEXT[self.computer.level]}.\nYou are the {me}; the computer is the {it}. "
            "The Terrans act first. (`help` explains the actions.)\n"
        )
        self.say(self._board())
        self._picture([])
        try:
            ending = self._play()
        except (EOFError, KeyboardInterrupt):
            ending = "you left the game"
            self.say("\nLeft the game.")
        self._end(ending)
        return self.game.position

    def _play(self) -> str:
        while self.game.position.result is None:
            position = self.game.position
            if position.to_move == self.side:
                actions = self._ask_turn(position)
                if actions is None:
                    return "you left the game"
                if actions == "resign":
                    return "you resigned"
            else:
                actions = self.computer.turn(position, self.game.seen)
                self.say(
                    f"\nTurn {position.turn}, the computer ({SIDE_NAMES[position.to_move]}): "
                    + " ".join(str(a) for a in written(actions))
                )
            events: list[Event] = []
            for action in actions:
                if self.game.position.result is not None:
                    break  # drawn mid-turn by a third repetition [SC12]
                events += self.game.play(action)
            self.turns.append(PlayedTurn(position.turn, position.to_move, actions, tuple(events)))
            self.say(happened(events))
            self.say("")
            self.say(self._board())
            self._picture(events)
        return ""

    def _ask_turn(self, position: Position) -> tuple[Action, ...] | str | None:
        left = position.actions_left
        self.say(
            f"\nTurn {position.turn}: your move, {left} action{'s' if left > 1 else ''}. "
            "(`help` for the notation)"
        )
        while True:
            line = self.ask(f"turn {position.turn}> ").strip()
            word = line.lower()
            if not line:
                self.say("Type your actions, `pass`, or `help`.")
                continue
            if word in ("help", "?"):
                self.say(HELP)
                continue
            if word == "board":
                self.say(self._board())
                continue
            if word == "picture":
                self.say(self._picture([], always=True))
                continue
            if word.startswith("moves"):
                self.say(self._moves(position, line[5:].strip()))
                continue
            if word in ("quit", "exit"):
                return None
            if word == "resign":
                return "resign"
            actions = self._read(position, line)
            if actions is not None:
                return actions

    def _read(self, position: Position, line: str) -> tuple[Action, ...] | None:
        """The line's actions if all are legal, one after the other; otherwise says why and
        plays nothing of the line."""
        spaced = spaced_action(line)
        if spaced:
            self.say(
                f"`{spaced[0]}` has spaces in it: an action is one word, `{spaced[1]}`. "
                "Nothing was played."
            )
            return None
        words = [w for w in re.split(r"[,\s]+", line) if w]
        if len(words) > position.actions_left:
            self.say(
                f"That is {len(words)} actions; this turn has {position.actions_left} [SC2]. "
                "Nothing was played."
            )
            return None
        actions: list[Action] = []
        here = position
        for k, word in enumerate(words):
            if here.to_move != self.side or here.result is not None:
                self.say(
                    f"`{words[k - 1]}` ends the turn (a rebuild takes both actions [SC10]), so "
                    f"`{word}` cannot follow it. Nothing was played."
                )
                return None
            try:
                action = _resolve(here, parse_action(word))
            except NotationError as exc:
                if len(words) == 1 and not re.search(r"[-<>@]", word):
                    # One word, no action's sign: a slip for a command as much as an action.
                    self.say(
                        f"`{word}` is no command here and no action; nothing was played.\n"
                        f"  hint: {exc.hint}; the other words are {COMMANDS} (`help`)"
                    )
                    return None
                self.say(f"`{word}` could not be read; nothing was played.\n{exc}")
                return None
            problem = why_illegal(here, action)
            if problem is not None:
                hint = later_in_turn(problem.hint, words[:k])
                hint = f"\n  hint: {hint}" if hint else ""
                self.say(f"`{word}`: {problem.reason}. Nothing was played.{hint}")
                return None
            costly = friendly_fire(here, action)
            if costly is not None and line != self.warned:
                # Legal [SC6], but most likely a slip: played only when typed again.
                self.warned = line
                self.say(f"{costly}. Nothing was played: type the same line again to play it.")
                return None
            actions.append(action)
            here = act(here, action)[0]
        if here.result is None and here.to_move == self.side and here.actions_left:
            actions.append(Action(PASS))  # fewer actions than allowed end the turn [SC2]
        return tuple(actions)

    def _board(self) -> str:
        """The board drawn as text, then where the impactors fly and what is in each box."""
        return text_board(self.game.position) + "\n\n" + describe(self.game.position)

    def _moves(self, position: Position, where: str) -> str:
        if not where:
            return "Say which ship: `moves Ab1`."
        try:
            cell = Cell.parse(where).number
        except NotationError as exc:
            return str(exc)
        code = position.board[cell]
        if not code or code >> 3 != self.side or kind_of(code) == MINE:
            return f"{cell_name(cell)} holds no ship of yours."
        mine = [a for a in legal_actions(position) if a.origin == cell and a.verb != PASS]
        if not mine:
            return f"The {KIND_NAMES[kind_of(code)]} on {cell_name(cell)} can do nothing now."
        moves = [str(a) for a in mine if a.verb == MOVE]
        other = [str(a) for a in mine if a.verb != MOVE]
        return f"The {KIND_NAMES[kind_of(code)]} on {cell_name(cell)}: " + " ".join(moves + other)

    def _picture(self, events: list[Event], always: bool = False) -> str:
        if self.pictures is None and not always:
            return ""
        folder = self.pictures or Path(".")
        position = self.game.position
        path = folder / f"space-chess-turn-{position.turn:03d}.png"
        title = f"Turn {position.turn}: {SIDE_NAMES[position.to_move]} to act"
        if position.result is not None:
            title = f"After turn {position.turn - 1}: the game is over"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path.write_bytes(board_picture(position, title, events))
        except OSError as exc:
            return f"The picture could not be written to {path}: {exc.strerror or exc}"
        if always:
            return f"The board is drawn in {path}."
        return ""

    def _end(self, ending: str) -> None:
        position = self.game.position
        result = position.result
        if ending == "you resigned":
            result = "TA"[1 - self.side]
        if result is None:
            text = f"The game stops unfinished: {ending}."
        elif result == "draw":
            text = "The game is drawn."
        elif result == "TA"[self.side]:
            text = "You win!"
        else:
            text = "The computer wins." if not ending else f"The computer wins: {ending}."
        self.say(f"\n{text}")
        why = next(
            (e.why for t in reversed(self.turns) for e in t.events if e.what in ("won", "drawn")),
            "",
        )
        players = {self.side: "you", 1 - self.side: self._computer_name()}
        # The same game again is the same side too: the Terrans are the default.
        side = f" --side {SIDE_NAMES[self.side].lower()}" if self.side else ""
        tags = (
            ("Game", "Space Chess"),
            ("Date", date.today().isoformat()),
            (SIDE_NAMES[0], players[0]),
            (SIDE_NAMES[1], players[1]),
            *((("Termination", "resignation"),) if ending == "you resigned" else ()),
        )
        self.say(
            f"(`spaceships chess play --level {self.computer.level}{side}{self._think()} --seed "
            f"{self.computer.seed}` plays the same computer again.)\n\nThe record of the game:\n"
        )
        self.say(str(record_of(self.turns, result, tags, why, ending)).rstrip("\n"))

    def _think(self) -> str:
        think = self.computer.think
        return "" if think is None else f" --think {think:g}"

    def _computer_name(self) -> str:
        return f"computer ({self.computer.level}, seed {self.computer.seed})"
