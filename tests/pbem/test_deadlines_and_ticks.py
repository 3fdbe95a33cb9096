"""Deadlines of a game through Judge.tick with a clock the test moves: reminders, the
missing-orders policy, grace, idempotence, and the game master's commands."""

from __future__ import annotations

import logging

import pytest
from pbem_support import FLEET_A, FLEET_B, Table

from pbem.storage.database import StoreUnavailable


def test_a_reminder_goes_once_and_only_to_the_player_who_has_not_sent(started: Table) -> None:
    alice, bob = started.people["alice@example.org"], started.people["bob@example.org"]
    alice.orders(1, "Rx4")
    started.clock.advance(hours=30)
    assert started.tick() == []  # 18 hours left: the reminder is due 12 hours before
    started.clock.advance(hours=7)
    sent = started.tick()
    assert [m.to for m in sent] == [(bob.address,)]
    assert sent[0].subject == "Spaceships alpha: reminder"
    assert "no orders for turn 1 from you" in sent[0].body
    assert "Deadline: Tue 2026-11-24 12:00 UTC" in sent[0].body
    started.clock.advance(hours=1)
    assert started.tick() == []  # not twice


def test_at_the_deadline_a_missing_player_takes_no_actions(started: Table) -> None:
    alice, bob = started.people["alice@example.org"], started.people["bob@example.org"]
    alice.orders(1, "Rx4 Bv1")
    started.clock.advance(hours=47, minutes=59)
    assert not any("results" in m.subject for m in started.tick())
    started.clock.advance(minutes=1)
    sent = started.tick()
    results = {m.to[0]: m for m in sent if m.subject.endswith("turn 1 results")}
    assert set(results) == {alice.address, bob.address}
    assert "No orders came from you for turn 1 by the deadline: no actions." in (
        results[bob.address].body
    )
    assert "from your opponent" in results[alice.address].body
    assert "strike Rx4 hit" in results[alice.address].body
    # The next turn has opened with its own deadline; ticking again sends nothing.
    assert "Turn 2:" in results[alice.address].body
    assert "Deadline: Thu 2026-11-26 12:00 UTC" in results[alice.address].body
    assert started.tick() == []
    assert started.store.game("alpha").turn == 2  # type: ignore[union-attr]


def test_grace_holds_the_turn_open_after_the_deadline(table: Table) -> None:
    table.person("gm@example.org").send("create alpha deadline 48h grace 2h reminder 0")
    alice, bob = table.person("alice@example.org"), table.person("bob@example.org")
    alice.join()
    bob.join()
    alice.fleet(FLEET_A)
    bob.fleet(FLEET_B)
    table.clock.advance(hours=49)
    assert table.tick() == []
    assert "accepted for turn 1" in bob.orders(1, "Oz5").body  # late, within grace
    table.clock.advance(hours=1)
    sent = table.tick()
    assert any(m.subject.endswith("turn 1 results") for m in sent)


def test_with_the_wait_policy_the_judge_waits_and_says_so_once(table: Table) -> None:
    gm = table.person("gm@example.org")
    gm.send("create alpha deadline 1 day missing wait")
    alice, bob = table.person("alice@example.org"), table.person("bob@example.org")
    alice.join()
    bob.join()
    alice.fleet(FLEET_A)
    bob.fleet(FLEET_B)
    alice.orders(1, "Rx4")
    table.clock.advance(days=2)
    sent = table.tick()
    assert {m.to[0] for m in sent} == {alice.address, bob.address, gm.address}
    assert all("still waiting for the orders for turn 1 of" in m.body for m in sent)
    assert "bob (B)" in sent[0].body
    assert table.tick() == []
    assert "adjudicated" in bob.orders(1, "").body


def test_a_missing_fleet_at_the_deadline_is_waited_for(table: Table) -> None:
    table.person("gm@example.org").send("create alpha deadline 24h reminder 12h")
    alice, bob = table.person("alice@example.org"), table.person("bob@example.org")
    alice.join()
    bob.join()
    alice.fleet(FLEET_A)
    table.clock.advance(hours=13)
    reminders = table.tick()
    assert [m.to[0] for m in reminders] == [bob.address]
    assert "no fleet from you" in reminders[0].body
    table.clock.advance(hours=12)
    late = table.tick()
    assert late and all("still waiting for the fleet of bob (B)" in m.body for m in late)
    assert "the game begins" in bob.fleet(FLEET_B).body or bob.last.subject.endswith("begins")


def test_a_recurring_deadline_falls_on_the_next_occurrence(table: Table) -> None:
    table.person("gm@example.org").send("create alpha deadline FREQ=WEEKLY;BYDAY=MO,TH;BYHOUR=20")
    alice, bob = table.person("alice@example.org"), table.person("bob@example.org")
    alice.join()
    reply = bob.join()
    # The clock is Sunday 2026-11-22 12:00 UTC: next is Monday 20:00.
    assert "Deadline: Mon 2026-11-23 20:00 UTC." in reply.body


def test_an_absolute_deadline_applies_to_the_phase_open_then(table: Table) -> None:
    table.person("gm@example.org").send("create alpha deadline 2026-11-25 18:00")
    alice, bob = table.person("alice@example.org"), table.person("bob@example.org")
    alice.join()
    assert "Deadline: Wed 2026-11-25 18:00 UTC." in bob.join().body


def test_a_game_without_deadline_is_never_ticked(started: Table) -> None:
    table = started
    table.person("gm2@example.org").send("create beta")
    table.clock.advance(days=400)
    sent = table.tick()
    assert all(m.game == "alpha" for m in sent)


def test_the_game_master_changes_the_deadline_and_players_are_told(started: Table) -> None:
    gm = started.people["gm@example.org"]
    password = _master_password(started)
    reply = gm.send(f"master alpha {password}\ndeadline 3 days\nreminder 6h")
    assert "deadline 3d after each phase opens: the fleets, then each turn" in reply.body
    assert "Deadline: Wed 2026-11-25 12:00 UTC." in reply.body
    told = [m for m in started.log if m.subject.endswith("deadline changed")]
    assert {m.to[0] for m in told} == {"alice@example.org", "bob@example.org"}


def test_the_game_master_can_process_a_turn_now(started: Table) -> None:
    gm = started.people["gm@example.org"]
    started.people["alice@example.org"].orders(1, "Rx4")
    reply = gm.send(f"master alpha {_master_password(started)}\nprocess")
    assert "The turn is adjudicated (no actions for B)." in reply.body
    assert started.store.game("alpha").turn == 2  # type: ignore[union-attr]


def test_master_commands_need_the_master_password(started: Table) -> None:
    alice = started.people["alice@example.org"]
    reply = alice.send(alice.sign_on() + "process")
    assert "is for the game master" in reply.body
    assert started.store.game("alpha").turn == 1  # type: ignore[union-attr]


def test_the_game_master_can_cancel_a_game(started: Table) -> None:
    gm = started.people["gm@example.org"]
    reply = gm.send(f"master alpha {_master_password(started)}\ncancel")
    assert "is cancelled" in reply.body
    alice = started.people["alice@example.org"]
    assert alice.last.subject.endswith("game over")
    assert "No result (cancelled by the game master)" in alice.last.body


def _master_password(table: Table) -> str:
    reply = next(m for m in table.log if "Your master password:" in m.body)
    line = next(x for x in reply.body.splitlines() if "Your master password:" in x)
    return line.split(":", 1)[1].strip()


@pytest.mark.parametrize("hours", [24, 12, 2])
def test_a_deadline_of_a_day_or_less_reminds_half_way(table: Table, hours: int) -> None:
    """The default reminder 1d before would fall before the phase opened: it comes half-way,
    once, and the settings say so (issue 24 item 1)."""
    created = table.person("gm@example.org").send(f"create alpha deadline {hours}h").body
    half = f"{hours // 2}h"
    assert f"reminder half-way through each phase ({half} before)" in created
    assert "reminder 1d before" not in created
    alice, bob = table.person("alice@example.org"), table.person("bob@example.org")
    alice.join()
    bob.join()
    alice.fleet(FLEET_A)
    bob.fleet(FLEET_B)  # turn 1 opens now
    alice.orders(1, "Rx4")
    table.clock.advance(hours=hours / 2, minutes=-1)
    assert table.tick() == []
    table.clock.advance(minutes=1)
    sent = table.tick()
    assert [m.to for m in sent] == [(bob.address,)]
    assert "no orders for turn 1 from you" in sent[0].body
    table.clock.advance(minutes=5)
    assert table.tick() == []  # not twice


def test_a_reminder_that_fits_in_the_phase_still_goes_at_its_time(table: Table) -> None:
    created = table.person("gm@example.org").send("create alpha deadline 12h reminder 2h").body
    assert "reminder 2h before" in created and "half-way" not in created
    alice, bob = table.person("alice@example.org"), table.person("bob@example.org")
    alice.join()
    bob.join()
    table.clock.advance(hours=9, minutes=59)
    assert table.tick() == []
    table.clock.advance(minutes=1)
    assert {m.to[0] for m in table.tick()} == {alice.address, bob.address}  # no fleets yet


def test_no_reminder_with_reminder_0(table: Table) -> None:
    created = table.person("gm@example.org").send("create alpha deadline 6h reminder 0").body
    assert "no reminder" in created
    alice, bob = table.person("alice@example.org"), table.person("bob@example.org")
    alice.join()
    bob.join()
    table.clock.advance(hours=5)
    assert table.tick() == []


def test_a_deadline_moment_that_has_passed_is_refused(started: Table) -> None:
    """Issue 24 item 2: not "changed to" a moment gone by, with "no deadline" below it."""
    gm = started.people["gm@example.org"]
    before = started.store.game("alpha")
    reply = gm.send(f"master alpha {_master_password(started)}\ndeadline 2026-11-22 10:00")
    assert "Sun 2026-11-22 10:00 UTC has already passed" in reply.body
    assert "it is Sun 2026-11-22 12:00 UTC now" in reply.body
    assert "No deadline" not in reply.body
    assert not [m for m in started.log if m.subject.endswith("deadline changed")]
    assert started.store.game("alpha") == before
    refused = table_create(started, "create beta deadline 2026-11-21 12:00")
    assert "has already passed" in refused and started.store.game("beta") is None


def table_create(table: Table, command: str) -> str:
    return table.person("carol@example.org").send(command).body


def test_a_deadline_to_come_is_taken(started: Table) -> None:
    gm = started.people["gm@example.org"]
    reply = gm.send(f"master alpha {_master_password(started)}\ndeadline 2026-11-22 18:00")
    assert "Deadline: Sun 2026-11-22 18:00 UTC." in reply.body


def test_without_a_deadline_each_phase_says_what_it_waits_for(table: Table) -> None:
    """Issue 24 item 3: before the game there is no turn to adjudicate."""
    table.person("gm@example.org").send("create alpha")
    alice, bob = table.person("alice@example.org"), table.person("bob@example.org")
    alice.join()
    joined = bob.join().body
    assert "No deadline: the judge waits for both fleets" in joined
    assert "turn" not in joined.split("Both players are in.")[1]
    alice.fleet(FLEET_A)
    bob.fleet(FLEET_B)
    begins = alice.last.body
    assert "No deadline: the turn is adjudicated when both players have sent orders." in begins


def test_a_game_whose_deadline_processing_fails_does_not_stop_the_others(
    started: Table, monkeypatch
) -> None:
    from spaceships.judge import games

    table = started
    table.person("gm2@example.org").send("create beta deadline 24h reminder 0")
    carol, dave = table.person("carol@example.org"), table.person("dave@example.org")
    carol.join("beta")
    dave.join("beta")
    carol.fleet(FLEET_A, "beta")
    dave.fleet(FLEET_B, "beta")
    real = games.adjudicate_turn

    def fails_for_alpha(store, game, now, default_missing=False):
        if game.name == "alpha":
            raise RuntimeError("bug")
        return real(store, game, now, default_missing)

    monkeypatch.setattr(games, "adjudicate_turn", fails_for_alpha)
    table.clock.advance(days=3)
    sent = table.tick()
    assert {m.game for m in sent} == {"beta"}
    assert table.store.game("alpha").turn == 1  # type: ignore[union-attr]
    monkeypatch.undo()
    assert any(m.game == "alpha" for m in table.tick())  # retried at the next tick


def test_a_tick_with_the_database_gone_stops_at_once_and_says_it_to_its_caller(
    started: Table, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """The database away is not one game's failure: the tick gives up as a whole (its caller
    says so in one line and tries next tick) instead of logging a trace for every game."""

    def away(*args: object) -> None:
        raise StoreUnavailable("the database cannot be reached")

    started.clock.advance(hours=49)
    monkeypatch.setattr(started.store, "game_by_id", away)
    with caplog.at_level(logging.ERROR), pytest.raises(StoreUnavailable):
        started.tick()
    assert not [r for r in caplog.records if r.exc_info]


def test_the_reminder_setting_says_what_will_happen(started: Table) -> None:
    gm = started.people["gm@example.org"]
    sign_on = f"master alpha {_master_password(started)}\n"
    reply = gm.send(sign_on + "deadline 12h\nreminder 1d").body
    assert "Reminders go half-way through each phase (6h before), as a phase is no longer" in (
        reply
    )
    assert "Reminders go 2h before a deadline." in gm.send(sign_on + "reminder 2h").body
    assert "No reminders go." in gm.send(sign_on + "reminder 0").body
