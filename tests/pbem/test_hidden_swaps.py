"""Swap tests by mail (issue 42, item 6): two tables identical but for the opponent's hidden
part (Spaceships' fleet and orders [1.4, 2.1, 2.2.1]; a battle's design and orders, readings
R14, R16), and every reply the other player gets before the reveal is the same, byte for byte:
the answers to `status` and `history`, to their own submission refused or accepted, and
everything in their inbox. Space Chess hides nothing (SC1-SC12) and has no swap to make.
A battle's ship names are unique per side only (reading R17): a design named like the hidden
one is accepted, as one named otherwise is."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from pbem_support import FLEET_A, FLEET_B, Person, Table

from battles.computer.plain import plan_fire, plan_moves
from battles.judge import rows as battle_rows
from pbem.messages import Outbound
from pbem.storage.store import open_store

# Bob's fleet placed otherwise: every cell of Alice's test orders below meets water in both.
FLEET_B_SWAPPED = (
    "DS Rx4 Rx5 Ry4 Ry5 Ox4 Ox5 Oy4 Oy5; KC Bv1 Bv2 Bv3 Bw1 Bw2 Bw3; PC Gv5 Gw5 Gx5 Gy5; "
    "MD Bz3 Bz4 Bz5; LS Yv5"
)
DESIGN_A = "design\nLancer E-SAI(Gf)I(Xf)IIV\nWarden F-ASIII(Ef)Y(Mf)O at 1,7 N"
# Bob's designs: his own names, and Alice's names (the names her join reply suggests too).
DESIGN_B_OWN = "design\nRaider C-SSI(Lf)II(Gf)(Rf)D\nHawk E-AI(Mf)(Gf)IIID at -1,-7 S"
DESIGN_B_ALIKE = "design\nLancer C-SSI(Lf)II(Gf)(Rf)D\nWarden E-AI(Mf)(Gf)IIID at -1,-7 S"


def table() -> Table:
    t = Table(open_store(":memory:"))
    t.judge.rng = random.Random(7)
    return t


def seen(message: Outbound) -> tuple[Any, ...]:
    """All a reader gets of a message: to whom, subject, text, pictures asked for, files."""
    files = tuple((a.filename, a.data) for a in message.attachments)
    return (message.to, message.subject, message.body, message.sights, files, message.kind)


def swap(play: Callable[[str], tuple[list[Outbound], Person]], hidden: tuple[str, str]) -> None:
    """Play twice, the hidden part two ways: the replies and the inbox the same."""
    runs = [play(h) for h in hidden]
    (replies_1, alice_1), (replies_2, alice_2) = runs
    assert [seen(m) for m in replies_1] == [seen(m) for m in replies_2]
    assert [seen(m) for m in alice_1.inbox] == [seen(m) for m in alice_2.inbox]


def _battle(design_b: str) -> tuple[Table, Person, Person, Person]:
    t = table()
    gm = t.person("gm@club.example")
    a, b = t.person("alice@example.org", "Alice"), t.person("bob@example.org", "Bob")
    gm.send("create duel battles budget=300")
    a.join("duel")
    b.join("duel")
    b.send(b.sign_on("duel") + design_b)
    return t, gm, a, b


def _battle_setup(design_b: str) -> tuple[list[Outbound], Person]:
    t, gm, a, b = _battle(design_b)
    sign_on = a.sign_on("duel")
    replies = [
        a.send(sign_on + "status"),
        a.send(sign_on + "history"),
        # Refused for her own slips: over the budget, and two of her ships called alike.
        a.send(sign_on + "design\nLancer E-SAI(Gf)I(Xf)IIV\nBig CR-IIII(Pf)(Pf)"),
        a.send(sign_on + "design\nLancer E-SAI(Gf)I(Xf)IIV\nLancer E-SAI(Gf)I(Xf)IIV at 1,7 N"),
        a.send(sign_on + DESIGN_A),  # accepted: the battle begins (the next message)
    ]
    a.inbox = [m for m in a.inbox if m.kind != "begin"]  # the reveal: the designs are public
    return replies, a


def test_a_design_named_like_the_hidden_one_is_answered_as_any_other_r16_r17() -> None:
    swap(_battle_setup, (DESIGN_B_OWN, DESIGN_B_ALIKE))
    replies, _alice = _battle_setup(DESIGN_B_ALIKE)
    assert "Your design is accepted for duel (275 of 300)" in replies[-1].body
    assert "two ships called Lancer [R17]" in replies[-2].body  # her own two, not Bob's


def test_each_join_reply_suggests_example_ships_of_its_own_r17() -> None:
    t = table()
    t.person("gm@club.example").send("create duel battles budget=300")
    a, b = t.person("alice@example.org", "Alice"), t.person("bob@example.org", "Bob")
    mine, theirs = a.join("duel").body, b.join("duel").body
    assert "  Lancer E-SAI(Gf)I(Xf)IIV\n  Kite E-AI(Mf)(Gf)IIID at 1,7 N" in mine
    assert "  Raider E-SAI(Gf)I(Xf)IIV\n  Hawk E-AI(Mf)(Gf)IIID at 1,-9 S" in theirs
    # Both newcomers copy their examples: neither is refused.
    for person, reply in ((a, mine), (b, theirs)):
        example = reply.split("  design\n", 1)[1].split("\nThe hulls", 1)[0]
        design = "design\n" + "\n".join(line.strip() for line in example.splitlines())
        assert "Your design is accepted" in person.send(person.sign_on("duel") + design).body


def _phase_items(t: Table, seat: str) -> str:
    game = t.store.game("duel")
    _turn, phase = battle_rows.battle_turn(game)
    state = battle_rows.replay_of(game).state
    if phase == "movement":
        return "; ".join(f"{m.ship} {m.how}" for m in plan_moves(state, seat) if m.how != "held")
    volleys, tractors = plan_fire(state, seat)
    items = [v.order_text() for v in volleys] + [f"tractor {x.ship} > {x.target}" for x in tractors]
    return "; ".join(items) or "none"


def _battle_orders(moves_b: str) -> tuple[list[Outbound], Person]:
    t, gm, a, b = _battle(DESIGN_B_ALIKE)
    a.send(a.sign_on("duel") + DESIGN_A)
    b.send(b.sign_on("duel") + f"orders 1: {moves_b}")
    a.inbox.clear()
    sign_on = a.sign_on("duel")
    replies = [
        a.send(sign_on + "status"),
        a.send(sign_on + "history"),
        a.send(sign_on + "orders 1: Lancer QQ"),  # refused: no such step
        a.send(sign_on + "orders 1: Lancer > Lancer"),  # refused: moves come first
        a.send(sign_on + "orders 2: Lancer F"),  # refused: not turn 2 yet
        gm.send("status duel"),
    ]
    return replies, a


def test_a_battles_pending_orders_change_no_reply_to_the_other_player_r14() -> None:
    swap(_battle_orders, ("Lancer FFF; Warden FFFF", "Lancer RFF; Warden stay"))


def _battle_fire(volleys_b: str) -> tuple[list[Outbound], Person]:
    t, gm, a, b = _battle(DESIGN_B_ALIKE)
    a.send(a.sign_on("duel") + DESIGN_A)
    for person, seat in ((a, "A"), (b, "B")):  # turn 1's movement, as the plain player moves
        person.send(person.sign_on("duel") + f"orders 1: {_phase_items(t, seat)}")
    assert "accepted" in b.send(b.sign_on("duel") + f"orders 1: {volleys_b}").body
    a.inbox.clear()
    sign_on = a.sign_on("duel")
    replies = [
        a.send(sign_on + "status"),
        a.send(sign_on + "history"),
        a.send(sign_on + "orders 1: Lancer > Hawk"),  # refused: B has no Hawk
        a.send(sign_on + "orders 1: Lancer FF"),  # refused: volleys now
        gm.send("status duel"),
    ]
    return replies, a


def test_a_battles_pending_volleys_change_no_reply_to_the_other_player_r14() -> None:
    swap(_battle_fire, ("Lancer > Lancer; Warden > Warden", "none"))


def test_a_battle_whose_sides_share_names_plays_by_mail_and_its_status_says_whose_r17() -> None:
    t, gm, a, b = _battle(DESIGN_B_ALIKE)
    a.send(a.sign_on("duel") + DESIGN_A)
    for _phase in range(4):
        for person, seat in ((a, "A"), (b, "B")):
            turn = battle_rows.battle_turn(t.store.game("duel"))[0]
            orders = f"orders {turn}: {_phase_items(t, seat)}"
            reply = person.send(person.sign_on("duel") + orders)
            assert "accepted" in reply.body, reply.body
    status = a.send(a.sign_on("duel") + "status").body
    assert "  Lancer (A) > Lancer (B): range" in status and "  A Lancer " in status, status
    history = a.send(a.sign_on("duel") + "history").body
    assert "A volley Lancer > " in history or "A volley Warden > " in history, history


def _spaceships_setup(fleet_b: str) -> tuple[list[Outbound], Person]:
    t = table()
    t.person("gm@example.org").send("create alpha")
    a, b = t.person("alice@example.org", "Alice"), t.person("bob@example.org", "Bob")
    a.join()
    b.join()
    b.fleet(fleet_b)
    replies = [
        a.send(a.sign_on() + "status"),
        a.send(a.sign_on() + "history"),
        a.fleet("DS Rv1 Rv2"),  # refused: not her whole fleet [3.7]
        a.fleet(FLEET_A),  # accepted: the game begins; Bob's fleet stays hidden [1.4]
    ]
    return replies, a


def test_spaceships_hidden_fleet_changes_no_reply_before_the_first_turn_1_4() -> None:
    swap(_spaceships_setup, (FLEET_B, FLEET_B_SWAPPED))


def _spaceships_orders(orders_b: str) -> tuple[list[Outbound], Person]:
    t = table()
    gm = t.person("gm@example.org")
    gm.send("create alpha")
    a, b = t.person("alice@example.org", "Alice"), t.person("bob@example.org", "Bob")
    a.join()
    b.join()
    a.fleet(FLEET_A)
    b.fleet(FLEET_B)
    assert "accepted" in b.orders(1, orders_b).body
    a.inbox.clear()
    replies = [
        a.send(a.sign_on() + "status"),
        a.send(a.sign_on() + "history"),
        a.orders(1, " ".join(["Rx4"] * 8)),  # refused: 8 strikes, 7 allowed
        a.orders(2, "Rx4"),  # refused: not turn 2 yet
        gm.send("status alpha"),
    ]
    return replies, a


def test_spaceships_pending_orders_change_no_reply_to_the_other_player_2_2_1() -> None:
    swap(_spaceships_orders, ("Oz5 Rv5", "Gx1 Gx2 Gx3 Bz1"))
