"""A lost password [1.4]: `newpassword NAME` from the address a player joined with (or the game
master created the game with) mails a new one to that address, and the old one stops working.
From any other address nothing changes and nothing is said about who plays."""

from __future__ import annotations

import re

from pbem_support import Table


def _game(started: Table):
    """The conftest's `started` game: its game master and both players."""
    people = started.people
    return people["gm@example.org"], people["alice@example.org"], people["bob@example.org"]


def test_a_player_who_lost_the_password_gets_a_new_one_and_the_old_one_stops(
    started: Table,
) -> None:
    gm, alice, bob = _game(started)
    old = alice.password
    reply = alice.send("newpassword alpha")
    found = re.search(r"Your new password for alpha \(player A\): (\S+)", reply.body)
    assert found, reply.body
    assert reply.to == ("alice@example.org",)
    assert "the old one no longer works" in reply.body
    alice.password = found.group(1)
    assert found.group(1) != old
    assert "accepted" in alice.orders(1, "Rx4").body
    alice.password = old
    assert "wrong password" in alice.orders(1, "Rx4").body
    # Bob's password is unchanged, and nobody else was told anything.
    assert "Signed on to alpha as player B" in bob.send(bob.sign_on() + "status").body
    assert not any("password" in m.body for m in bob.inbox[-1:] + gm.inbox[-1:])


def test_the_game_master_gets_a_new_master_password(started: Table) -> None:
    gm, alice, bob = _game(started)
    reply = gm.send("newpassword alpha")
    found = re.search(r"Your new game master password for alpha: (\S+)", reply.body)
    assert found, reply.body
    assert "Signed on as game master of alpha" in gm.send(f"master alpha {found.group(1)}").body


def test_from_another_address_nothing_changes_and_no_player_is_named(started: Table) -> None:
    gm, alice, bob = _game(started)
    eve = started.person("eve@example.org", "Eve")
    before = {p.address: len(p.inbox) for p in (gm, alice, bob)}
    reply = eve.send("newpassword alpha")
    assert "nothing changed" in reply.body
    assert "the address you joined alpha with" in reply.body
    assert "alice" not in reply.body.lower() and "bob" not in reply.body.lower()
    assert {p.address: len(p.inbox) for p in (gm, alice, bob)} == before  # no mail to anyone
    assert "accepted" in alice.orders(1, "Rx4").body  # her password still works
    unknown = eve.send("newpassword nosuch").body
    assert "there is no game named nosuch" in unknown


def test_a_new_password_is_never_quoted_in_any_other_reply(started: Table) -> None:
    gm, alice, bob = _game(started)
    reply = alice.send("newpassword alpha")
    new = re.search(r"\(player A\): (\S+)", reply.body).group(1)
    later = alice.send(f"game alpha {new}\nstatus").body
    assert new not in later
