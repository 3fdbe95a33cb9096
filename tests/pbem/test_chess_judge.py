"""Space Chess through the judge (issue 22): create, join, a turn a side by `orders` checked by
the rules, refusals with the rule and a caret, draws offered, accepted and lapsing, resignation,
deadlines, the game master, observers, and the computer's seat to the end."""

from __future__ import annotations

import random
import re
from datetime import timedelta

from pbem_support import Person, Table

from notation.spacechess.record import Record
from pbem.storage.store import open_store
from spacechess.computer.match import written
from spacechess.computer.player import Computer
from spacechess.engine.check import replay
from spacechess.judge.rows import played_of
from spaceships.judge.computer import COMPUTER_ADDRESS


def new_table(seed: int = 7) -> Table:
    table = Table(open_store(":memory:"))
    table.judge.rng = random.Random(seed)
    return table


def started(table: Table, settings: str = "") -> tuple[Person, Person, Person, str]:
    """Gus creates `duel`, Alice and Bob join (Terrans, Aliens); Gus's master password."""
    gus = table.person("gus@example.org", "Gus")
    created = gus.send(f"create duel chess {settings}".strip())
    master = re.search(r"master password: (\S+)", created.body)
    assert master, created.body
    alice, bob = table.person("alice@example.org", "Alice"), table.person("bob@example.org", "Bob")
    alice.join("duel")
    bob.join("duel")
    return alice, bob, gus, master.group(1)


def test_signing_on_names_the_side_not_the_seat() -> None:
    table = new_table()
    alice, bob, _gus, _ = started(table)
    assert "Signed on to duel as the Aliens (Bob)." in bob.send(f"game duel {bob.password}").body


def turns_played(table: Table) -> list[str]:
    return table.store.game("duel").state["turns"]


def checked(record_text: str) -> str:
    """The record as `spaceships chess check` finds it: its result, or the first slip."""
    found = replay(Record.parse(record_text))
    assert found.problem is None, found.problem
    return record_text


# -- starting [SC1, SC2] -----------------------------------------------------------------------


def test_the_game_begins_when_both_have_joined_the_terrans_to_act_with_one_action() -> None:
    table = new_table()
    alice, bob, gus, _ = started(table)
    assert "You joined duel as the Terrans (Alice)." in alice.inbox[0].body
    begins = [m for m in table.log if m.subject == "Space Chess duel: the game begins"]
    assert sorted(a for m in begins for a in m.to) == sorted(
        [alice.address, bob.address, gus.address]
    )
    body = begins[0].body
    assert "Alice (Terrans) against Bob (Aliens)" in body
    assert "Turn 1: Alice (Terrans) to act, one action [SC2]" in body
    assert "Terrans: command ship Aa1; gunships Ba1 Ea1" in body  # the text board [SC1]
    game = table.store.game("duel")
    assert game.phase == "playing"
    assert table.judge.store.orders(game.id, 1).keys() == {"B"}  # only the Terrans are missing


def test_a_fleet_or_a_design_is_refused_space_chess_has_no_set_up() -> None:
    table = new_table()
    alice, _, _, _ = started(table)
    for word in ("fleet DS Rv1", "design\nKite E-AI"):
        reply = alice.send(alice.sign_on("duel") + word)
        assert "Refused: a game of Space Chess has no" in reply.body, reply.body


# -- a turn, and what everyone reads [SC2, SC7, SC8] ---------------------------------------------


def test_a_turn_goes_to_the_opponent_and_the_observer_with_the_board_and_whose_turn() -> None:
    table = new_table()
    alice, bob, _, _ = started(table)
    carol = table.person("carol@example.org", "Carol")
    watching = carol.send("observe duel").body
    assert "You now observe duel" in watching
    assert "Send:" not in watching  # an onlooker sends nothing
    reply = alice.orders(1, "M@Ab2", "duel")
    assert "Your turn 1 is played: M@Ab2" in reply.body
    for person in (bob, carol):
        mail = person.last
        assert mail.subject == "Space Chess duel: turn 1"
        assert "Terran support ship lays a mine at Ab2" in mail.body
        assert "mine Ab2 (in the box: 4 mines, 4 impactors)" in mail.body
        assert "Turn 2: Bob (Aliens) to act, up to two actions [SC2]" in mail.body
    assert table.store.orders(table.store.game("duel").id, 2).keys() == {"A"}


def test_the_battle_stage_is_told_an_impactor_destroys_the_command_ship_and_ends_the_game() -> None:
    # samples/spacechess/short.scr: on turn 6 the Aliens' impactor flies into their own command
    # ship [SC7, SC11].
    table = new_table()
    alice, bob, _, _ = started(table)
    moves = ["M@Ab2", "M@Hb4 M@Gd2", "Eb1-Eb4 Eb4-Jb2", "Jd4-Jd2 Hd3-Hd2", "Jb2-Dc2 M@Aa3"]
    for number, actions in enumerate(moves, 1):
        who = alice if number % 2 else bob
        assert "is played" in who.orders(number, actions, "duel").body
    bob.orders(6, "Jd2>Jd3 Gd4-Fd4", "duel")
    over = alice.last
    assert over.subject == "Space Chess duel: game over"
    assert "Alien impactor Jd3-Jd4-Hd4" in over.body
    assert "Alice (Terrans) wins; the enemy command ship is destroyed [SC11]" in over.body
    (attachment,) = over.attachments
    assert attachment.filename == "duel.scr"
    record = checked(attachment.data.decode())
    assert '[Result "Terrans win"]' in record and "6 A: Jd2>Jd3 Gd4-Fd4" in record
    assert table.store.game("duel").phase == "over"


# -- refusals ----------------------------------------------------------------------------------


def test_not_your_turn_and_a_wrong_turn_number_are_refused_and_nothing_changes() -> None:
    table = new_table()
    alice, bob, _, _ = started(table)
    early = bob.orders(1, "Hd3-Hd1", "duel").body
    assert "Refused: turn 1 is the Terrans' and you play the Aliens" in early
    assert "[SC2]" in early
    wrong = alice.orders(2, "Ab1-Ab3", "duel").body
    assert "these orders are for turn 2, but turn 1 is the turn to play" in wrong
    assert turns_played(table) == []


def test_an_illegal_action_is_refused_with_its_rule_a_caret_under_it_and_a_hint() -> None:
    table = new_table()
    alice, _, _, _ = started(table)
    reply = alice.orders(1, "Ab1-Ac3", "duel").body
    assert "line 2, column 11: `Ab1-Ac3`: Ac3 is not up to 3 hexagons (a fighter)" in reply
    assert "[SC3]" in reply
    assert "    orders 1: Ab1-Ac3\n              ^^^^^^^\n    hint: from Ab1 it can reach" in reply
    assert "nothing was played" in reply and turns_played(table) == []


def test_a_misspelt_cell_gets_a_caret_under_its_word_and_nothing_of_the_turn_is_played() -> None:
    table = new_table()
    alice, bob, _, _ = started(table)
    alice.orders(1, "M@Ab2", "duel")
    reply = bob.orders(2, "Hd3-Hd1, Hx9-Hd2", "duel").body
    assert "line 2, column 20: `Hx9` is not a cell" in reply
    assert "\n" + " " * 23 + "^^^\n" in reply  # under `Hx9`, not the whole action
    assert turns_played(table) == ["M@Ab2"]


def test_two_actions_on_the_first_turn_are_refused_at_the_second_sc2() -> None:
    table = new_table()
    alice, _, _, _ = started(table)
    reply = alice.orders(1, "M@Ab2 Ab1-Ab3", "duel").body
    assert "column 17: the first turn has one action [SC2], yours has 2" in reply
    assert turns_played(table) == []


def test_the_second_action_is_checked_on_the_position_the_first_leaves() -> None:
    table = new_table()
    alice, bob, _, _ = started(table)
    alice.orders(1, "M@Ab2", "duel")
    # Hd3-Hd1 empties Hd3; then Hd3-Hd2 has no ship to move.
    reply = bob.orders(2, "Hd3-Hd1 Hd3-Hd2", "duel").body
    assert "`Hd3-Hd2`" in reply and "nothing was played" in reply, reply
    assert turns_played(table) == ["M@Ab2"]


# -- draws, resignation [SC12] ------------------------------------------------------------------


def test_a_draw_offer_lapses_when_the_opponent_plays_on_and_an_accepted_one_ends_the_game() -> None:
    table = new_table()
    alice, bob, _, _ = started(table)
    offered = alice.send(f"draw duel {alice.password} 1").body
    assert "Your draw offer in duel is sent to Bob (Aliens)" in offered
    assert bob.last.subject == "Space Chess duel: a draw is offered"
    alice.orders(1, "M@Ab2", "duel")
    assert table.store.game("duel").state["draw"] == "A"  # the offerer's own turn keeps it
    played = bob.orders(2, "M@Hb4", "duel")
    assert "Your opponent's draw offer lapsed as you played on." in played.body
    assert "Alice (Terrans)'s draw offer lapsed." in alice.last.body
    assert table.store.game("duel").state["draw"] is None
    # Accepting needs an offer: Bob's `draw` is a new offer, Alice's accepts it.
    assert "sent to Alice (Terrans)" in bob.send(f"draw duel {bob.password} 3").body
    again = bob.send(bob.sign_on("duel") + "draw 3").body
    assert "Refused: your draw offer in duel stands already" in again
    accepted = alice.send(f"draw duel {alice.password} 3").body
    assert "You accepted the draw: duel is drawn." in accepted
    over = bob.last
    assert "no winner; drawn by agreement [SC12]" in over.body
    record = checked(over.attachments[0].data.decode())
    assert '[Termination "agreement"]' in record and '[Result "draw"]' in record


def test_a_draw_mail_sent_again_later_cannot_accept_a_later_offer_issue_32_item_9() -> None:
    """The audit sent Alice's old `draw` mail again with a new Message-ID after Bob offered a
    draw: it accepted. A draw by mail names its turn, so the old mail is refused."""
    table = new_table()
    alice, bob, _, _ = started(table)
    old_mail = f"draw duel {alice.password} 1"
    assert "Your draw offer in duel is sent" in alice.send(old_mail).body
    alice.orders(1, "M@Ab2", "duel")
    bob.orders(2, "M@Hb4", "duel")  # Alice's offer lapses
    assert "sent to Alice (Terrans)" in bob.send(f"draw duel {bob.password} 3").body
    replayed = alice.send(old_mail).body
    assert "Refused: your draw names turn 1, and duel is at turn 3" in replayed
    no_turn = alice.send(f"draw duel {alice.password}").body
    assert "a draw by mail names the turn in play: `draw duel PASSWORD 3`" in no_turn
    game = table.store.game("duel")
    assert game.phase == "playing" and game.state["draw"] == "B"  # Bob's offer stands
    assert "You accepted the draw" in alice.send(f"draw duel {alice.password} 3").body


def test_resign_gives_the_game_to_the_other_side_with_the_record() -> None:
    table = new_table()
    alice, bob, gus, _ = started(table)
    alice.orders(1, "M@Ab2", "duel")
    reply = bob.send(f"resign duel {bob.password}").body
    assert "You resigned duel." in reply
    for person in (alice, bob, gus):
        assert "Alice (Terrans) wins; Bob (Aliens) resigned" in person.last.body
    record = checked(alice.last.attachments[0].data.decode())
    assert '[Result "Terrans win"]' in record and '[Termination "resignation"]' in record
    assert "Refused: game duel is over" in bob.send(f"draw duel {bob.password} 2").body


def test_draw_is_refused_in_a_battle() -> None:
    table = new_table()
    kim = table.person("kim@example.org")
    reply = kim.send("create x battles\ndraw x secret words here").body
    assert "a game of Spaceship Battles has no `draw`" in reply


# -- deadlines and the game master -----------------------------------------------------------------


def test_a_reminder_goes_to_the_side_to_act_and_a_missed_deadline_passes_its_turn() -> None:
    table = new_table()
    alice, bob, gus, _ = started(table, "deadline 24h reminder 6h")
    table.clock.advance(hours=19)
    reminded = table.tick()
    assert [m.to for m in reminded] == [(alice.address,)]
    assert "Reminder: turn 1 of duel is yours (the Terrans)" in reminded[0].body
    assert table.tick() == []  # once a turn
    table.clock.advance(hours=6)
    passed = table.tick()
    assert {a for m in passed for a in m.to} == {alice.address, bob.address, gus.address}
    assert "No turn from Alice (Terrans) by the deadline: it passes." in bob.last.body
    assert turns_played(table) == ["pass"]
    game = table.store.game("duel")
    assert game.turn == 2 and game.deadline == table.clock.now + timedelta(hours=24)
    assert "Turn 2: Bob (Aliens) to act" in bob.last.body


def test_missing_wait_waits_for_the_side_to_act_after_the_deadline() -> None:
    table = new_table()
    alice, bob, _, _ = started(table, "deadline 24h missing wait")
    table.clock.advance(hours=25)
    late = table.tick()
    assert late and all("still waiting for turn 1 of Alice (Terrans)" in m.body for m in late)
    assert turns_played(table) == []
    assert "is played" in alice.orders(1, "M@Ab2", "duel").body


def test_the_game_master_processes_the_turn_of_the_side_to_act_and_cancels() -> None:
    table = new_table()
    alice, bob, gus, password = started(table)
    reply = gus.send(f"master duel {password}\nprocess").body
    assert "The turn is processed: the Terrans pass." in reply
    assert "when the game master processed the turn: it passes" in bob.last.body
    cancelled = gus.send(f"master duel {password}\ncancel").body
    assert "Game duel is cancelled" in cancelled
    record = checked(alice.last.attachments[0].data.decode())
    assert '[Result "*"]' in record and "1 T: pass" in record


def test_status_and_history_show_the_board_and_the_record_so_far() -> None:
    table = new_table()
    alice, bob, _, _ = started(table)
    alice.orders(1, "Eb1-Eb3", "duel")
    status = bob.send("status duel").body
    assert "Turn 2: Bob (Aliens) to act" in status and "fighters Ab1 Eb3" in status
    history = bob.send(f"history duel {bob.password}").body
    assert "1 T: Eb1-Eb3" in history and '[Result "*"]' in history
    checked(history.split("\n", 1)[1])


def test_help_chess_explains_the_game_by_mail() -> None:
    table = new_table()
    kim = table.person("kim@example.org")
    text = kim.send("help chess").body
    assert "orders 3: Eb1-Eb4 Ba1>Bb1" in text and "draw NAME PASSWORD" in text


# -- the computer's seat -------------------------------------------------------------------------


def play_out(table: Table, person: Person, level: str, limit: int = 400) -> int:
    """`person` plays the Terrans by mail with the computer's choices until the game ends."""
    me = Computer(level, "mine")
    for count in range(limit):
        game = table.store.game("duel")
        if game.phase != "playing":
            return count
        played = played_of(game)
        actions = me.turn(played.position, dict(played.game.seen))
        text = " ".join(str(a) for a in written(actions))
        reply = person.orders(played.position.turn, text, "duel")
        assert "is played" in reply.body, reply.body
    raise AssertionError("the game did not end")


def test_vs_computer_it_plays_the_aliens_at_once_to_the_end_of_the_game() -> None:
    table = new_table()
    alice = table.person("alice@example.org", "Alice")
    created = alice.create_seated("create duel chess vs computer random", "duel").body
    assert "The computer (random) plays the Aliens" in created
    assert "You joined duel as the Terrans (Alice)." in created
    alice.orders(1, "M@Ab2", "duel")
    assert table.store.game("duel").turn == 3  # the computer's turn 2 is played already
    assert [m.subject for m in alice.inbox[-2:]] == [
        "Space Chess duel: turn 1",
        "Space Chess duel: turn 2",
    ]
    # Turn 1's news says the computer acts next, and asks nobody to send its turn.
    news = alice.inbox[-2].body
    assert "Turn 2: the computer (random, Aliens) to act" in news
    assert "orders 2:" not in news
    assert "orders 3: ACTIONS" in alice.inbox[-1].body  # Alice's own turn is asked for
    play_out(table, alice, "greedy")
    over = alice.last
    assert over.subject == "Space Chess duel: game over"
    checked(over.attachments[0].data.decode())
    assert not [m for m in table.log if COMPUTER_ADDRESS in m.to]


def test_vs_computer_refuses_a_level_it_has_not_with_the_levels() -> None:
    table = new_table()
    kim = table.person("kim@example.org")
    reply = kim.send("create duel chess vs computer hunt").body
    assert "`hunt` is not a level of the Space Chess computer" in reply
    assert "search:" in reply and table.store.game("duel") is None


def test_vs_computer_without_a_level_plays_the_search() -> None:
    table = new_table()
    kim = table.person("kim@example.org")
    assert (
        "The computer (search) plays the Aliens" in kim.send("create duel chess vs computer").body
    )
    assert table.store.computers(table.store.game("duel").id)["B"][0] == "search"


def test_a_password_written_apart_after_draw_is_masked_in_the_reply() -> None:
    table = new_table()
    alice, _, _, _ = started(table)
    words = alice.password.split("-")
    reply = alice.send(f"draw duel {' '.join(words)} 1").body
    assert "Your draw offer in duel is sent" in reply
    assert not [w for w in words if w in reply], reply


def test_computer_against_computer_through_the_judge_ends_legally() -> None:
    for seed in range(3):
        table = new_table(seed)
        alice = table.person("alice@example.org", "Alice")
        alice.create_seated("create duel chess vs computer random", "duel")
        play_out(table, alice, "random")
        game = table.store.game("duel")
        assert game.phase == "over" and game.outcome["reason"].endswith("]")
        checked(alice.last.attachments[0].data.decode())


def test_draw_naming_another_game_than_the_signed_on_one_needs_that_games_password() -> None:
    table = new_table()
    alice, bob, gus, _ = started(table)
    gus.send("create other chess")
    alice.join("other")
    reply = bob.send(bob.sign_on("duel") + "draw other").body
    # Not a player of `other`: no password would do (issue 36, item 16).
    assert "Refused: only the two players of other may offer or accept a draw" in reply
    reply = alice.send(alice.sign_on("duel") + "draw other").body
    assert "Refused: a draw needs your password: `draw other PASSWORD`" in reply
    assert table.store.game("duel").state["draw"] is None


def test_the_pictures_ready_for_the_picture_interface_are_pngs_the_same_for_the_same_turn() -> None:
    from spacechess.judge.show import onlooker_picture, player_picture

    table = new_table()
    alice, _, _, _ = started(table)
    alice.orders(1, "Eb1-Eb3", "duel")
    played = played_of(table.store.game("duel"))
    events = played.turns[-1].events
    mine = player_picture(played.position, "duel", 0, events)
    assert mine.startswith(b"\x89PNG") and mine == player_picture(
        played.position, "duel", 0, events
    )
    theirs = player_picture(played.position, "duel", 1, events)
    onlooker = onlooker_picture(played.position, "duel", events)
    assert len({mine, theirs, onlooker}) == 3  # each titled for its reader
