"""The Space Chess computer (spacechess.computer): whole games between computers end legally and
their records replay through `check`'s replay; every level's turns are legal; the same seed
plays the same; the search sees the replies the greedy player does not."""

from __future__ import annotations

from dataclasses import replace

import pytest

from notation.spacechess.pieces import COMMAND, TERRANS, kind_of
from notation.spacechess.record import Record
from spacechess.computer.match import play_game, record_of
from spacechess.computer.player import LEVELS, Computer, LevelError, level_named
from spacechess.computer.turns import Counter, turns
from spacechess.engine.check import replay, result_text
from spacechess.engine.game import Game
from spacechess.engine.position import Position, setup, start
from spacechess.engine.rules import act, battle_stage, why_illegal
from tests.sizes import examples


def _replays_to_the_same_end(game_turns, final: Position) -> None:
    """The game's record, written and read back, replays without a problem to the same end."""
    text = str(record_of(game_turns, final.result, (("Game", "Space Chess"),)))
    done = replay(Record.parse(text))
    assert done.problem is None, (text, done.problem)
    assert done.position is not None and result_text(done.position) == result_text(final)


def test_a_hundred_computer_games_end_legally_and_replay() -> None:
    ended = 0
    for n in range(100):
        # Random against random is quick; every action goes through the rules' checks
        # (spacechess.engine.game), so an illegal one would raise.
        players = {0: Computer("random", f"t{n}").turn, 1: Computer("random", f"a{n}").turn}
        game = play_game(players, max_turns=60)
        assert game.result in ("T", "A", "draw", None)
        if game.result is not None:
            ended += 1
            assert game.turns[-1].events[-1].what in ("won", "drawn")
        _replays_to_the_same_end(game.turns, game.final)
    assert ended >= 50  # most random games end well before 60 turns: a command ship falls


@pytest.mark.parametrize("number", range(examples(2, 10)))
def test_greedy_against_random_plays_legal_games_to_the_end(number: int) -> None:
    players = {0: Computer("greedy", f"g{number}").turn, 1: Computer("random", f"r{number}").turn}
    if number % 2:
        players = {0: players[1], 1: players[0]}
    game = play_game(players, max_turns=40)
    _replays_to_the_same_end(game.turns, game.final)
    # The greedy player wins against random play (or the game is still going at turn 40).
    greedy_side = "T" if number % 2 == 0 else "A"
    assert game.result in (greedy_side, None)


def _positions() -> list[Position]:
    """Some positions from a seeded random game: the start, a first-turn one, later ones."""
    game = Game()
    computer = Computer("random", "positions")
    out = [game.position]
    while game.position.result is None and len(out) < 6:
        for action in computer.turn(game.position, game.seen):
            game.play(action)
        if game.position.result is None:
            out.append(game.position)
    return out


@pytest.mark.parametrize("level", LEVELS)
def test_each_level_plays_a_whole_legal_turn(level: str) -> None:
    computer = Computer(level, "legal", budget=3000)
    for position in _positions()[:4]:
        actions = computer.turn(position, {})
        here = position
        for action in actions:
            assert here.result is None and here.to_move == position.to_move
            assert why_illegal(here, action) is None, (level, str(position), str(action))
            here = act(here, action)[0]
        # The turn is whole: no action left over, or the game ended.
        assert here.result is not None or here.actions_left == 0


@pytest.mark.parametrize("level", LEVELS)
def test_the_same_seed_plays_the_same(level: str) -> None:
    position = _positions()[2]
    first = Computer(level, "same", budget=3000).turn(position, {})
    again = Computer(level, "same", budget=3000).turn(position, {})
    assert first == again


def test_another_seed_may_play_otherwise() -> None:
    turns_played = {Computer("random", str(seed)).turn(start(), {}) for seed in range(8)}
    assert len(turns_played) > 1


def test_an_unknown_level_is_refused_with_the_levels() -> None:
    with pytest.raises(LevelError, match="random, greedy, search"):
        level_named("expert")
    assert level_named(" Greedy ") == "greedy"


def test_the_computer_turns_down_a_position_it_has_had_twice_when_ahead() -> None:
    """A third repetition is a draw [SC12]: ahead, the computer plays on instead."""
    position = setup({"Cb2": "TC", "Cc2": "TG", "Ca1": "TF", "Hd4": "AC"}, turn=10)
    computer = Computer("greedy", "repeat")
    chosen = computer.turn(position, {})
    after = position
    for action in chosen:
        after = act(after, action)[0]
    # Replaying the same choice with its position marked as seen twice must change it.
    if after.result is None and after.actions_left == 0:
        after = battle_stage(after)[0]
    other = computer.turn(position, {after.key(): 2})
    assert other != chosen


def _alien_can_take_the_command_ship(position: Position) -> bool:
    """Whether any Alien turn destroys the Terran command ship (every turn tried)."""
    for turn in turns(position, Counter(10**9)):
        if not any(
            code and kind_of(code) == COMMAND and code >> 3 == TERRANS for code in turn.after.board
        ):
            return True
    return False


def test_the_search_guards_its_command_ship_against_a_gunships_shot() -> None:
    """The Alien gunship on Cd2 could move and fire point-blank or along a line at the Terran
    command ship [SC6, SC7]; greedy play weighs only its own turn, the search also the reply."""
    position = setup(
        {"Cb2": "TC", "Aa2": "TS", "Ba1": "TG", "Cd3": "AG", "Hd4": "AC", "Gd3": "AF"}, turn=10
    )
    assert _alien_can_take_the_command_ship(position)
    for level, guarded in (("greedy", False), ("search", True)):
        after = position
        for action in Computer(level, "guard").turn(position, {}):
            after = act(after, action)[0]
        if after.result is None and after.actions_left == 0:
            after = battle_stage(after)[0]
        safe = after.result == "T" or not _alien_can_take_the_command_ship(after)
        assert safe == guarded, level


def test_the_computer_also_counts_the_position_between_its_two_actions() -> None:
    """The position after a turn's first action counts for repetition too (spacechess.engine.game):
    a turn through a position the game has had twice would be drawn half-way [SC12]."""
    position = replace(start(), actions_left=2, turn=3)  # the whole fleet: nothing to rebuild
    computer = Computer("greedy", "middle")
    chosen = computer.turn(position, {})
    assert len(chosen) == 2
    middle = act(position, chosen[0])[0].key()
    assert computer.turn(position, {middle: 2})[0] != chosen[0]
