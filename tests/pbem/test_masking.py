"""No password is ever quoted back [1.4]: `passwords.mask` over every line a reply quotes,
however the line was mangled; what is no password stays as it was."""

from __future__ import annotations

import pytest
from pbem_support import Table

from pbem.steps.passwords import mask


@pytest.mark.parametrize(
    ("line", "quoted"),
    [
        ("game alpha amber-otter-tango", "game alpha ******"),
        ("\ufeffgame alpha amber-otter-tango", "\ufeffgame alpha ******"),
        ("gmae alpha amber-otter-tango", "gmae alpha ******"),
        ("*game alpha amber-otter-tango*", "*game alpha ******"),
        ("Game: alpha Amber Otter Tango", "Game: alpha ******"),
        ("game alpha amber-oter-tango", "game alpha ******"),
        ("master alpha whatever-it-was", "master alpha ******"),
        ("resign alpha amber otter", "resign alpha ******"),
        ("quit alpha amber otter", "quit alpha ******"),
        ("design alpha amber-otter-tango", "design alpha ******"),
        ("desing alpha amber otter", "desing alpha ******"),
        ("amber-otter-tango", "******"),
        ("my password is amber otter tango!", "my password ******"),
        ("pw: amberottertango", "pw: ******"),
        ("the amber otter tango", "the ******"),
        ("join alpha amber otter tango", "join alpha ******"),
        # After a command that takes no password, a password's joined shape and the words
        # after `password` are still hidden.
        ("ladder amber-otter-tango", "ladder ******"),
        ("ladder alpha amber otter tango", "ladder alpha ******"),
        ("help my password is amber otter", "help my password ******"),
    ],
)
def test_whatever_may_be_a_password_is_masked(line: str, quoted: str) -> None:
    assert mask(line) == quoted


@pytest.mark.parametrize(
    "line",
    [
        "status alpha",
        "history alpha",
        "join alpha as Ruby Rose",
        "orders 3: Gx3 Gx4 bRv1Rx1 mYw3 Yw2 sOz5",
        "fleet DS Rv1 Rv2 Rw1 Rw2 Ov1 Ov2 Ow1 Ow2; KC Gx1 Gx2 Gx3 Gy1 Gy2 Gy3",
        "create alpha deadline 48h reminder 12h",
        "Hello judge, how do I play?",
        # A design's Ship Codes are no password: `design` is a command, not a misspelt
        # `resign` (issue 23: `> design Lancer ******`).
        "design Lancer E-SAI(Gf)I(Xf)IIV-87-1-4 at 0,8 N",
        "design Kite E-AI(Mf)(Gf)IIID at 1,7 N",
        # Both words are on the password word list, but `ladder` takes no password.
        "ladder chess",
        "Ladder chess",
        "help ladder",
        "observe cherry kiwi",
        "games kiwi koala",
    ],
)
def test_lines_without_a_password_are_quoted_as_they_are(line: str) -> None:
    assert mask(line) == line


def test_a_password_inside_a_fleet_block_is_not_shown_under_its_error(table: Table) -> None:
    table.person("gm@example.org").send("create alpha")
    alice = table.person("alice@example.org", "Alice")
    alice.join()
    reply = alice.send(f"{alice.sign_on()}fleet DS Rv1 Rv2\n{alice.password}\n")
    assert "could not be read" in reply.body
    assert alice.password not in reply.body and "******" in reply.body


def test_a_sign_on_without_its_password_is_said_plainly(table: Table) -> None:
    table.person("gm@example.org").send("create alpha")
    alice = table.person("alice@example.org", "Alice")
    alice.join()
    reply = alice.send(f"game alpha\n{alice.password}\nstatus alpha")
    assert "`game alpha` needs the password of the game" in reply.body
    assert alice.password not in reply.body


def test_the_last_guard_hides_whatever_has_the_very_shape_of_a_password() -> None:
    from pbem.steps.passwords import hide

    assert hide("unexpected amber-otter-tango here") == "unexpected ****** here"
    assert hide("game ruby-rose and Ruby Rose Hazel") == "game ruby-rose and Ruby Rose Hazel"
