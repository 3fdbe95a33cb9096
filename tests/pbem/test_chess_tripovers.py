"""What new players tripped over in Space Chess by mail (issue 36): rematches (item 2), sides
named (items 5, 6) and the mail items 7-13."""

from __future__ import annotations

import random
import re

from pbem_support import Person, Table

from pbem.store import open_store


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
    asked = bob.send("rematch duel").body
    assert "You asked Alice for a rematch of duel" in asked, asked
    assert "Bob asks for a rematch of duel" in alice.last.body
    accepted = alice.send("rematch duel").body
    assert "The rematch of duel is duel-r2: same settings (casual), sides swapped." in accepted
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
    made = alice.send("rematch duel").body
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
    bob.send(bob.sign_on("duel") + "draw")
    alice.send(alice.sign_on("duel") + "draw")
    status = alice.send("status duel").body
    assert "Over: a draw after turn 2 (drawn by agreement [SC12])." in status, status
    assert table2.store.game("duel").outcome["winner"] == "draw"


def test_a_draw_offered_to_the_computer_is_refused_at_once_not_left_to_lapse() -> None:
    # Found playing as a new user (issue 36's closing round): the offer went nowhere.
    table = new_table()
    kim = table.person("kim@example.org", "Kim")
    kim.create_seated("create solo chess vs computer greedy", "solo")
    said = kim.send(kim.sign_on("solo") + "draw").body
    assert "Refused: the computer does not agree draws" in said, said
    assert table.store.game("solo").state["draw"] is None


def test_an_action_written_with_spaces_is_one_slip_with_the_action_to_write() -> None:
    # Issue 36, item 14 (the terminal's words, by mail as well).
    table = new_table()
    alice, _bob, _gus, _ = started(table)
    said = alice.orders(1, "Ab1 - Ab3", "duel").body
    assert "line 2, column 11: `Ab1 - Ab3` has spaces in it: an action is one word" in said
    assert "hint: write `Ab1-Ab3`" in said and said.count("line 2,") == 1, said
