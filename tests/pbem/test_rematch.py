"""`rematch NAME` (issue 26): after a game, the same players with the same settings and the sides
swapped, made when the other player accepts; against the computer at once."""

from __future__ import annotations

import re

from pbem_support import FLEET_A, FLEET_B, Table

from pbem.club import ladder
from spaceships.judge.computer import COMPUTER_ADDRESS


def _finished(table: Table, create: str = "create alpha deadline 48h casual") -> tuple:
    ann, bob = table.person("ann@example.org", "Ann"), table.person("bob@example.org", "Bob")
    ann.send(create)
    ann.join()
    bob.join()
    ann.fleet(FLEET_A)
    bob.fleet(FLEET_B)
    ann.send(ann.sign_on() + "resign")
    return ann, bob


def test_a_rematch_is_made_when_the_other_player_accepts(table: Table) -> None:
    ann, bob = _finished(table)
    asked = ann.send(f"rematch alpha {ann.password}").body
    assert "You asked Bob for a rematch of alpha" in asked
    assert table.store.game("alpha-r2") is None  # nothing until Bob accepts
    assert "Ann asks for a rematch of alpha" in bob.last.body
    assert "send `rematch alpha PASSWORD` with your password of alpha" in bob.last.body

    accepted = bob.send(bob.sign_on() + "rematch alpha").body  # under a sign-on
    assert "The rematch of alpha is alpha-r2: same settings (casual), sides swapped." in accepted
    assert "You joined alpha-r2 as player A (Bob)." in accepted  # Bob was B
    told = ann.last
    assert told.to == ("ann@example.org",) and "You joined alpha-r2 as player B (Ann)." in told.body
    bob_password = re.search(r"Your password for alpha-r2: (\S+)", accepted)
    ann_password = re.search(r"Your password for alpha-r2: (\S+)", told.body)
    assert bob_password and ann_password and bob_password.group(1) != ann_password.group(1)
    assert "Both players are in." in accepted and "Both players are in." in told.body

    new = table.store.game("alpha-r2")
    old = table.store.game("alpha")
    assert new is not None and old is not None
    assert (new.deadline_rule, new.ruleset, new.options) == (
        old.deadline_rule,
        old.ruleset,
        old.options,
    )
    assert not ladder.is_rated(table.store, new.id)  # alpha was casual: so is its rematch
    seats = {s: p.address for s, p in table.store.players(new.id).items()}
    assert seats == {"A": "bob@example.org", "B": "ann@example.org"}
    # With their new passwords both play it: Bob (now A) sends a fleet.
    bob.password = bob_password.group(1)
    assert "Signed on to alpha-r2 as player A (Bob)." in bob.fleet(FLEET_A, "alpha-r2").body
    already = ann.send(f"rematch alpha {ann.password}").body
    assert "the rematch of alpha is alpha-r2 already" in already


def test_a_forged_from_cannot_ask_for_or_accept_a_rematch_issue_32_item_8(table: Table) -> None:
    """The audit's mail said only `From: ben@...` and `rematch rm`, and made the rated game
    rm-r2: accepting (and asking) by mail now needs the old game's password."""
    ann, bob = _finished(table, "create alpha deadline 48h")
    bob_password = bob.password
    assert "You asked Bob" in ann.send(f"rematch alpha {ann.password}").body
    forger = table.person("bob@example.org", "Bob")  # what a forged From looks like to the judge
    for attempt in (
        "rematch alpha",
        "rematch alpha wrong-guess-here",
        f"rematch alpha {ann.password}",  # the other seat's password
    ):
        said = forger.send(attempt).body
        assert "Refused" in said and "The rematch of alpha" not in said, said
        assert table.store.game("alpha-r2", lock=False) is None
    assert "needs your password of alpha" in forger.send("rematch alpha").body
    made = forger.send(f"rematch alpha {bob_password}").body  # the real Bob: his password
    assert "The rematch of alpha is alpha-r2: same settings (rated), sides swapped." in made


def test_only_its_players_and_only_after_it_ends(table: Table) -> None:
    ann = table.person("ann@example.org", "Ann")
    ann.send("create alpha")
    ann.join()
    assert "is not over yet" in ann.send(f"rematch alpha {ann.password}").body
    carol = table.person("carol@example.org", "Carol")
    assert "only the players of alpha" in carol.send("rematch alpha").body
    assert "there is no game named nope" in carol.send("rematch nope").body


def test_against_the_computer_the_rematch_is_made_at_once_with_the_sides_swapped(
    table: Table,
) -> None:
    cy = table.person("cy@example.org", "Cy")
    cy.create_seated("create solo vs computer hunt rated", "solo")
    cy.fleet(FLEET_A, "solo")
    cy.send(cy.sign_on("solo") + "resign")
    assert "needs your password of solo" in cy.send("rematch solo").body
    made = cy.send(cy.sign_on("solo") + "rematch solo").body
    assert "The rematch of solo is solo-r2: same settings (rated), sides swapped." in made
    assert "You joined solo-r2 as player B (Cy)." in made
    new = table.store.game("solo-r2")
    assert new is not None
    assert table.store.players(new.id)["A"].address == COMPUTER_ADDRESS
    assert table.store.computers(new.id)["A"][0] == "hunt"
