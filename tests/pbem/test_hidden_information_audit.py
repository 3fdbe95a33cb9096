"""Audit of hidden information through Judge.handle: what an outsider, an observer or the
opponent could learn that the rules [1.4, 2.2] do not let them see."""

from __future__ import annotations

from pbem_support import FLEET_A, FLEET_B, Table


def _private_game_in_play(table: Table) -> None:
    table.person("gm@example.org", "Gamemaster").send("create alpha private")
    alice = table.person("alice@example.org", "Alice")
    bob = table.person("bob@example.org", "Bob")
    alice.join()
    bob.join()
    alice.fleet(FLEET_A)
    bob.fleet(FLEET_B)
    alice.orders(1, "Rx4 Bv1 Rv5")
    bob.orders(1, "Oz5 Rv5")


def test_an_outsider_learns_neither_players_nor_results_of_a_private_game(table: Table) -> None:
    _private_game_in_play(table)
    eve = table.person("eve@example.org", "Eve")
    for command in ("status alpha", "history alpha"):
        body = eve.send(command).body
        assert "Refused" in body, body
        assert "Alice" not in body and "Bob" not in body
        assert "Rx4" not in body and "Oz5" not in body


def test_the_players_and_master_of_a_private_game_still_see_its_status(table: Table) -> None:
    _private_game_in_play(table)
    for address in ("alice@example.org", "gm@example.org"):
        body = table.people[address].send("status alpha").body
        assert "Alice" in body and "Turn 2 is in play" in body, body
    bob = table.people["bob@example.org"]
    assert "Rx4 hit" in bob.send("history alpha").body


def test_one_message_cannot_try_many_passwords_of_the_opponent(started: Table) -> None:
    # Many guesses in one message would let the opponent search the password space (three
    # words: some 20 million) despite the rate limit on messages; after one wrong password
    # the judge checks no other password in the same message.
    alice, bob = started.people["alice@example.org"], started.people["bob@example.org"]
    guesses = [
        "game alpha acorn-acorn-acorn",
        f"history alpha {alice.password}",
        f"game alpha {alice.password}",
        "history",
    ]
    body = bob.send("\n".join(guesses)).body
    assert "KC Gx1" not in body and "DS Rv1" not in body, body  # Alice's fleet
    assert "Signed on" not in body
    body = bob.send("master alpha acorn-acorn-acorn\n" + f"history alpha {alice.password}").body
    assert "DS Rv1" not in body, body


def test_a_correct_password_after_a_wrong_one_works_in_the_next_message(started: Table) -> None:
    alice = started.people["alice@example.org"]
    alice.send("game alpha acorn-acorn-acorn")
    assert "Signed on to alpha as player A" in alice.send(alice.sign_on()).body


def test_a_password_in_the_subject_is_not_quoted_back_in_the_reply_subject(
    started: Table,
) -> None:
    alice = started.people["alice@example.org"]
    reply = alice.send("", subject=f"game alpha {alice.password}")
    assert alice.password not in reply.subject and alice.password not in reply.body
    assert reply.subject == "Re: game alpha ******"
