"""Spaceship Battles against the computer by email: `create NAME battles vs computer` seats it
at B with its design in; its orders go in as each phase opens, so a phase resolves the moment
the human's are in; no mail to it; hidden information kept (reading R16)."""

from __future__ import annotations

import random

import pytest
from pbem_support import Table

from battles.computer.plain import plan_fire, plan_moves
from battles.engine.play import play_record
from battles.judge import rows as battle_rows
from notation.battles.parse import parse_record
from pbem.storage.store import open_store
from spaceships.judge.computer import COMPUTER_ADDRESS

DESIGN = "design\nLancer E-SAI(Gf)I(Xf)IIV\nWarden F-ASIII(Ef)Y(Mf)O at 1,7 N"


def new_table(seed: int = 7) -> Table:
    table = Table(open_store(":memory:"))
    table.judge.rng = random.Random(seed)
    return table


def start(table: Table, settings: str = "") -> object:
    alice = table.person("alice@example.org", "Alice")
    alice.create_seated(f"create duel battles vs computer {settings}".strip(), "duel")
    return alice


def phase_orders(table: Table) -> tuple[int, str, str]:
    """What the plain player would send for A now, as order text."""
    game = table.store.game("duel")
    turn, phase = battle_rows.battle_turn(game)
    state = battle_rows.replay_of(game).state
    if phase == "movement":
        items = [f"{m.ship} {m.how}" for m in plan_moves(state, "A") if m.how != "held"]
    else:
        volleys, tractors = plan_fire(state, "A")
        items = [v.order_text() for v in volleys]
        items += [f"tractor {t.ship} > {t.target}" for t in tractors]
    return turn, phase, "; ".join(items) or "none"


# -- R16: seating ------------------------------------------------------------------------------


def test_create_battles_vs_computer_seats_the_creator_at_a_and_the_computer_at_b() -> None:
    table = new_table()
    alice = start(table, "budget=200 turns=12")
    body = alice.inbox[0].body
    assert "The computer plays B: its design is in" in body
    assert "You joined duel as player A (Alice)." in body
    assert "budget 200 a side, 12 turns at most" in body
    game = table.store.game("duel")
    assert game.phase == "setup"
    assert table.store.computers(game.id) == {
        "B": ("standard", table.store.computers(game.id)["B"][1])
    }
    assert all(COMPUTER_ADDRESS not in m.to for m in table.log)


def test_vs_anything_but_the_computer_or_another_level_is_refused_clearly() -> None:
    table = new_table()
    alice = table.person("alice@example.org")
    assert "`vs` takes `computer`" in alice.send("create duel battles vs bob").body
    body = alice.send("create duel battles vs computer hunt").body
    assert "the battle computer has one level, standard" in body
    assert table.store.game("duel") is None
    assert "created" in alice.send("create duel battles vs computer standard").body


def test_the_computers_design_is_legal_and_within_the_budget() -> None:
    for budget in (33, 60, 150, 300, 1000):
        table = new_table(budget)
        alice = start(table, f"budget={budget}")
        alice.send(alice.sign_on("duel") + "design\nMite E-C")
        game = table.store.game("duel")
        replay = play_record(battle_rows.record_of(game), seed=game.state["seed"])
        assert not replay.problems, (budget, replay.problems)


# -- R14: the computer answers at once ---------------------------------------------------------


def test_a_whole_battle_by_mail_each_phase_resolving_as_soon_as_the_humans_orders_are_in() -> None:
    table = new_table()
    alice = start(table, "turns=8")
    begins = alice.send(alice.sign_on("duel") + DESIGN)
    assert "Both designs are in: the battle begins" in begins.body
    assert "the battle begins" in table.log[-1].subject
    for _ in range(40):
        game = table.store.game("duel")
        if game.phase == "over":
            break
        turn, phase, text = phase_orders(table)
        reply = alice.send(alice.sign_on("duel") + f"orders {turn}: {text}")
        assert "Both players' orders are in: the phase is resolved" in reply.body, reply.body
    game = table.store.game("duel")
    assert game.phase == "over"
    assert all(COMPUTER_ADDRESS not in m.to for m in table.log)
    last = alice.inbox[-1]
    assert "The battle duel is over" in last.body and game.state["seed"] in last.body
    attachment, page = last.attachments
    assert page.filename == "duel-replay.html"
    replay = play_record(parse_record(attachment.data.decode("utf-8")))
    assert replay.problems == [] and replay.dice == "checked against the seed"


def test_resign_against_the_computer_ends_the_battle_with_the_seed_revealed() -> None:
    table = new_table()
    alice = start(table)
    alice.send(alice.sign_on("duel") + DESIGN)
    reply = alice.send(alice.sign_on("duel") + "resign")
    game = table.store.game("duel")
    assert game.phase == "over", reply.body
    assert game.state["seed"] in alice.inbox[-1].body


def test_a_deadline_passes_without_the_human_and_the_computer_plays_on() -> None:
    table = new_table()
    alice = start(table, "deadline 24h")
    alice.send(alice.sign_on("duel") + DESIGN)
    game = table.store.game("duel")
    table.clock.advance(hours=30)
    table.tick()
    later = table.store.game("duel")
    assert later.turn == game.turn + 1
    assert "B" in table.store.orders(later.id, later.turn)  # the next phase: its orders in


# -- R16: hidden information -------------------------------------------------------------------


def _everything_alice_receives(seed: str) -> list[tuple[str, str]]:
    from battles.judge import computer as battle_computer

    table = new_table()
    real = battle_computer.seat_battle_computer

    def seated(store, game, seat, now, _seed=None):  # noqa: ANN001, ANN202
        return real(store, game, seat, now, seed)

    battle_computer_seat = battle_computer.seat_battle_computer
    from battles.judge import setup

    setup.seat_battle_computer = seated
    try:
        alice = start(table)
        alice.send(alice.sign_on("duel") + "design\nBig SD-(Pf)(Pf)(Pf)")  # over the budget
        alice.send("status duel")
        alice.send("history duel")
        alice.send("list")
        alice.send(alice.sign_on("duel") + "design\nKite E-SAI(Gf)I(Xf)IIV")  # may clash
    finally:
        setup.seat_battle_computer = battle_computer_seat
    return [(m.subject, m.body) for m in table.log if "alice@example.org" in m.to]


def test_swap_the_computers_design_and_nothing_alice_gets_before_the_start_changes() -> None:
    first = _everything_alice_receives("aaaa")
    second = _everything_alice_receives("bbbb")
    before = [m for m in first if "the battle begins" not in m[0]]
    assert before == [m for m in second if "the battle begins" not in m[0]]
    assert first != second  # the designs differ, and she sees them once the battle begins


def test_a_ship_named_as_one_of_the_computers_is_never_refused_the_computers_gives_way() -> None:
    table = new_table()
    alice = start(table)
    game = table.store.game("duel")
    theirs = table.store.players(game.id)["B"].fleet.splitlines()[0].split()[0]
    reply = alice.send(alice.sign_on("duel") + f"design\n{theirs} E-SAI(Gf)I(Xf)IIV")
    assert "battle begins" in reply.body, reply.body
    names = [line.split()[0] for line in table.store.players(game.id)["B"].fleet.splitlines()]
    assert theirs not in names and f"{theirs}2" in names


def test_the_computer_never_reads_the_humans_pending_orders() -> None:
    # Its orders are put in as the phase opens, before any of the human's can be: the same
    # whatever the human then sends.
    seen = []
    for text in ("Lancer FF", "Lancer stay; Warden FFR"):
        table = new_table()
        alice = start(table)
        alice.send(alice.sign_on("duel") + DESIGN)
        game = table.store.game("duel")
        computer_first = table.store.orders(game.id, game.turn)["B"].text
        alice.send(alice.sign_on("duel") + f"orders 1: {text}")
        seen.append((computer_first, table.store.orders(game.id, game.turn)["B"].text))
    assert seen[0] == seen[1]


def test_a_design_sent_without_the_sign_on_is_told_to_sign_on_first() -> None:
    table = new_table()
    alice = start(table)
    reply = alice.send("design\nLancer E-SAI(Gf)I(Xf)IIV")
    assert "`design` needs a sign-on first: put `game NAME PASSWORD` on a line above it" in (
        reply.body
    )


def test_the_computers_pending_orders_never_show_in_status_or_history_r14() -> None:
    # Swap test: its orders are in from the phase's opening; replace them with others and
    # everything Alice asks for stays byte-identical.
    table = new_table()
    alice = start(table)
    alice.send(alice.sign_on("duel") + DESIGN)
    game = table.store.game("duel")
    assert table.store.orders(game.id, game.turn)["B"].text  # it moved: its orders are in

    def seen() -> list[str]:
        return [
            alice.send("status duel").body,
            alice.send("history duel").body,
            alice.send(alice.sign_on("duel") + "status").body,
        ]

    before = seen()
    table.store.put_orders(game.id, game.turn, "B", "", table.clock())
    assert seen() == before


def test_the_game_word_after_vs_computer_still_makes_a_battle() -> None:
    table = new_table()
    alice = table.person("alice@example.org", "Alice")
    body = alice.send("create duel vs computer battles budget=200").body
    assert "Spaceship Battles game duel created: budget 200 a side" in body, body
    assert "The computer plays B" in body


def test_a_fault_of_the_computer_leaves_its_ships_still_and_the_battle_going(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from battles.computer import BattleComputer

    def broken(self, state, side, phase):  # noqa: ANN001, ANN202
        raise RuntimeError("a bug")

    table = new_table()
    alice = start(table)
    monkeypatch.setattr(BattleComputer, "orders", broken)
    begins = alice.send(alice.sign_on("duel") + DESIGN)
    assert "the battle begins" in begins.body
    reply = alice.send(alice.sign_on("duel") + "orders 1: Lancer FF")
    assert "the phase is resolved" in reply.body
