"""What new players tripped over in Space Chess by mail (issue 36): rematches (item 2), sides
named (items 5, 6) and the mail items 7-13."""

from __future__ import annotations

import random
import re

from pbem_support import Person, Table

from pbem.storage.store import open_store


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


def password_in(text: str, game: str) -> str:
    found = re.search(rf"Your password for {game}: (\S+)", text)
    assert found, text
    return found.group(1)


# -- item 2: a rematch, the sides swapped ------------------------------------------------------


def test_a_rematch_of_space_chess_swaps_the_sides_when_the_other_accepts() -> None:
    table = new_table()
    alice, bob, _gus, _ = started(table)
    alice.send(alice.sign_on("duel") + "resign")
    asked = bob.send(bob.sign_on("duel") + "rematch duel").body
    assert "You asked Alice for a rematch of duel" in asked, asked
    assert "Bob asks for a rematch of duel" in alice.last.body
    accepted = alice.send(alice.sign_on("duel") + "rematch duel").body
    assert "The rematch of duel is duel-r2: same settings (rated), sides swapped." in accepted
    assert "You joined duel-r2 as the Aliens (Alice)." in accepted, accepted
    assert "The game begins when a second player" not in bob.inbox[-2].body + bob.last.body
    new = table.store.game("duel-r2")
    assert new.phase == "playing" and new.ruleset == "chess"
    seats = {s: p.address for s, p in table.store.players(new.id).items()}
    assert seats == {"A": bob.address, "B": alice.address}
    bob.password = password_in("\n".join(m.body for m in bob.inbox), "duel-r2")
    assert "is played" in bob.orders(1, "M@Ab2", "duel-r2").body


def test_a_rematch_against_the_computer_gives_it_the_terrans_and_it_acts_at_once() -> None:
    table = new_table()
    alice = table.person("alice@example.org", "Alice")
    alice.create_seated("create duel chess vs computer random", "duel")
    alice.send(alice.sign_on("duel") + "resign")
    made = alice.send(alice.sign_on("duel") + "rematch duel").body
    assert "The rematch of duel is duel-r2" in made, made
    assert "You joined duel-r2 as the Aliens (Alice)." in made, made
    new = table.store.game("duel-r2")
    assert new.phase == "playing" and new.turn == 2  # the computer's turn 1 is played
    assert "Turn 2: Alice (Aliens) to act" in alice.last.body, alice.last.body
    alice.password = password_in(made, "duel-r2")
    played = alice.orders(2, "pass", "duel-r2").body
    assert "is played" in played, played


# -- items 5, 6: the sides named, the result said ------------------------------------------------


def test_list_names_the_sides_not_the_seats() -> None:
    table = new_table()
    started(table)
    alice = table.person("alice@example.org", "Alice")
    kim = table.person("kim@example.org", "Kim")
    kim.create_seated("create solo chess vs computer search", "solo")
    listed = alice.send("list").body
    assert "Terrans: Alice, Aliens: Bob" in listed, listed
    assert "Terrans: Kim, Aliens: the computer (search)" in listed, listed
    assert "A: Alice" not in listed and "B: the computer" not in listed


def test_a_finished_game_s_status_says_who_won_or_that_it_was_drawn() -> None:
    table = new_table()
    alice, bob, _gus, _ = started(table)
    alice.send(alice.sign_on("duel") + "resign")
    status = bob.send("status duel").body
    assert "Over: Bob (Aliens) wins" in status and "resign" in status, status
    table2 = new_table()
    alice, bob, _gus, _ = started(table2)
    alice.orders(1, "M@Ab2", "duel")
    bob.send(bob.sign_on("duel") + "draw 2")
    alice.send(alice.sign_on("duel") + "draw 2")
    status = alice.send("status duel").body
    assert "Over: a draw after turn 2 (drawn by agreement [SC12])." in status, status
    assert table2.store.game("duel").outcome["winner"] == "draw"


def test_a_draw_offered_to_the_computer_is_refused_at_once_not_left_to_lapse() -> None:
    # Found playing as a new user (issue 36's closing round): the offer went nowhere.
    table = new_table()
    kim = table.person("kim@example.org", "Kim")
    kim.create_seated("create solo chess vs computer greedy", "solo")
    said = kim.send(kim.sign_on("solo") + "draw 1").body
    assert "Refused: the computer does not agree draws" in said, said
    assert table.store.game("solo").state["draw"] is None


def test_an_action_written_with_spaces_is_one_slip_with_the_action_to_write() -> None:
    # Issue 36, item 14 (the terminal's words, by mail as well).
    table = new_table()
    alice, _bob, _gus, _ = started(table)
    said = alice.orders(1, "Ab1 - Ab3", "duel").body
    assert "line 2, column 11: `Ab1 - Ab3` has spaces in it: an action is one word" in said
    assert "hint: write `Ab1-Ab3`" in said and said.count("line 2,") == 1, said


# -- items 7-13: by mail, one item a test (the SMTP whole game: tests/mail) ---------------------


def test_a_full_private_game_does_not_offer_observe() -> None:
    # Issue 36, item 7.
    table = new_table()
    started(table, "private")
    said = table.person("carol@example.org", "Carol").send("join duel").body
    assert "duel has both its players, and it is private" in said and "`observe" not in said


def test_the_onlooker_is_told_of_a_draw_offer() -> None:
    # Issue 36, item 8.
    table = new_table()
    alice, bob, _gus, _ = started(table)
    carol = table.person("carol@example.org", "Carol")
    carol.send("observe duel")
    alice.orders(1, "M@Ab2", "duel")
    bob.send(bob.sign_on("duel") + "draw 2")
    assert "Bob (Aliens) offers a draw in duel" in carol.last.body, carol.last.body
    assert carol.last.subject.endswith("a draw is offered")


def test_has_joined_comes_before_the_start_it_points_to() -> None:
    # Issue 36, item 9.
    table = new_table()
    alice, _bob, _gus, _ = started(table)
    subjects = [m.subject.split(": ")[-1] for m in alice.inbox[1:]]
    assert subjects[:2] == ["your opponent has joined", "the game begins"], subjects


def test_a_game_master_signing_on_as_a_player_is_pointed_to_master() -> None:
    # Issue 36, item 10.
    table = new_table()
    _alice, _bob, gus, master = started(table)
    said = gus.send(f"game duel {master}").body
    assert "wrong password for duel" in said and "`master duel PASSWORD`" in said, said
    stranger = table.person("eve@example.org", "Eve").send(f"game duel {master}").body
    assert "master" not in stranger.split("Refused:")[1]  # only its game master's address


def test_history_attaches_the_record_which_checks_as_it_is() -> None:
    # Issue 36, item 11.
    from notation.spacechess.record import Record
    from spacechess.engine.check import replay

    table = new_table()
    alice, _bob, _gus, _ = started(table)
    alice.orders(1, "M@Ab2", "duel")
    answer = alice.send("history duel")
    assert answer.body.startswith("> history duel\n")  # the reply quotes the command ...
    (record,) = answer.attachments  # ... the file is the record alone
    assert record.filename == "duel.scr"
    assert replay(Record.parse(record.data.decode())).problem is None


def test_a_second_pass_is_not_masked_and_the_caret_is_under_the_bad_cell() -> None:
    # Issue 36, item 12.
    table = new_table()
    alice, bob, _gus, _ = started(table)
    alice.orders(1, "M@Ab2", "duel")
    said = bob.orders(2, "M@Hb4 pass pass", "duel").body
    assert "> orders 2: M@Hb4 pass pass\n" in said, said
    said = bob.orders(2, "Hd4-Hd9", "duel").body
    assert "line 2, column 15: `Hd9` is not a cell" in said
    assert "    orders 2: Hd4-Hd9\n" + " " * 18 + "^^^\n" in said, said


def test_onlookers_turn_mails_carry_no_send_lines() -> None:
    # Issue 36, item 13.
    table = new_table()
    carol = table.person("carol@example.org", "Carol")
    gus = table.person("gus@example.org", "Gus")
    gus.send("create duel chess")
    carol.send("observe duel")
    alice, bob = table.person("alice@example.org", "Alice"), table.person("bob@example.org")
    alice.join("duel")
    bob.join("duel")
    alice.orders(1, "M@Ab2", "duel")
    begins, turn = carol.inbox[-2], carol.inbox[-1]
    for mail in (begins, turn):
        assert "The board:" in mail.body and "Send:" not in mail.body, mail.body
    assert "Send:  game duel PASSWORD" in bob.last.body  # the side to act has them


def test_a_draw_offer_and_a_rematch_ask_say_the_turn_and_the_side_sc12() -> None:
    # Found by a new user after issue 32: the offer named no number, and the rematch a seat.
    table = new_table()
    alice, bob, _gus, _ = started(table)
    alice.orders(1, "M@Ab2", "duel")
    bob.send(bob.sign_on("duel") + "draw 2")
    assert "send `draw duel PASSWORD 2` while turn 2 is in play" in alice.last.body
    alice.send(alice.sign_on("duel") + "resign")
    bob.send(bob.sign_on("duel") + "rematch duel")
    assert "the sides swapped (you would be the Aliens)" in alice.last.body, alice.last.body
