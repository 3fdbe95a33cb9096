"""A whole game through Judge.handle, from create to reveal, with two scripted players and an
observer; and what each of them may read on the way [1.4, 2.2, 7, 11.3]."""

from __future__ import annotations

import re

from pbem_support import FLEET_A, FLEET_B, Table, cells_in, fleet_cells

from notation.spaceships.parse import parse_record
from spaceships import engine

# A strikes B's fleet cell by cell, B's missile destroyer last; B strikes A's light scout once
# (so a ship of A is destroyed and flashcube data flows), scans once, and misses elsewhere.
B_TARGETS_BY_A = [
    *"Rx4 Rx5 Ry4 Ry5 Ox4 Ox5 Oy4 Oy5".split(),
    *"Bv1 Bv2 Bv3 Bw1 Bw2 Bw3".split(),
    *"Gz1 Gz2 Gz3 Gz4 Yv5".split(),
    *"Yz3 Yz4 Yz5".split(),
]
A_MISSILES = ["Yv3", "Yw3", "Yx3"]
B_MISSILES = ["Yz3", "Yz4", "Yz5"]
B_ORDERS = {
    1: "Oz5 mYz3 Rv5 sGx1",
    2: "mYz4 Rw5 Rw4",
    3: "mYz5 Ov5",
}


def _a_orders(turn: int, reply_text: str, done: int) -> tuple[str, int]:
    """A's orders from what the judge told A: as many strikes as A may use, plus a missile."""
    may = re.search(r"you may use (\d+) conventional strikes?", reply_text)
    assert may, reply_text
    count = int(may.group(1)) + 1  # the missile's target is one more strike
    targets = B_TARGETS_BY_A[done : done + count]
    return " ".join([*targets, f"m{A_MISSILES[turn - 1]}"]), done + len(targets)


def test_a_whole_game_from_create_to_reveal_keeps_every_secret(table: Table) -> None:
    gm = table.person("gm@example.org", "Gamemaster")
    alice = table.person("alice@example.org", "Alice")
    bob = table.person("bob@example.org", "Bob")
    olga = table.person("olga@example.org", "Olga")

    assert "created" in gm.send("create alpha").body
    assert "player A" in alice.join().body
    assert "player B" in bob.join().body
    assert "You now observe alpha" in olga.send("observe alpha").body

    assert "accepted" in alice.fleet(FLEET_A).body
    reply = bob.send(bob.sign_on() + "fleet\n" + FLEET_B.replace("; ", "\n") + "\nend\n")
    assert "Both fleets are in" in reply.body
    assert "game begins" in alice.last.subject and "game begins" in bob.last.subject

    done = 0
    turn = 1
    a_orders: dict[int, str] = {}
    while True:
        news = next(
            m for m in reversed(alice.inbox) if "results" in m.subject or "begins" in m.subject
        )
        text, done = _a_orders(turn, news.body, done)
        a_orders[turn] = text
        reply = alice.orders(turn, text)
        assert f"accepted for turn {turn}" in reply.body, reply.body
        assert f"1 missile (from {A_MISSILES[turn - 1]})" in reply.body
        reply = bob.orders(turn, B_ORDERS[turn])
        assert "adjudicated" in reply.body, reply.body
        if turn == 2:
            # Mid-game histories: each player's own, and the public one.
            alice.send(alice.sign_on() + "history")
            bob.send(f"history alpha {bob.password}")
            olga.send("history alpha")
        if any("game over" in m.subject for m in alice.inbox):
            break
        turn += 1
        assert turn <= 3, "A destroys B's fleet in three turns"

    assert turn == 3
    final_a = next(m for m in alice.inbox if "game over" in m.subject)
    final_b = next(m for m in bob.inbox if "game over" in m.subject)
    assert "Alice (A) wins" in final_a.body
    assert final_a.attachments and final_a.attachments[0].filename == "alpha.ssr"
    record_text = final_a.attachments[0].data.decode()
    record = parse_record(record_text)
    assert set(record.fleets) == {"A", "B"}
    assert record.last_turn == 3
    assert engine.play_record(record).state.result.winner == "A"
    assert final_b.attachments[0].data == final_a.attachments[0].data
    assert olga.last.attachments[0].data == final_a.attachments[0].data
    # The reveal shows both fleets to everyone [1.4.1].
    for cell in fleet_cells(FLEET_B) | fleet_cells(FLEET_A):
        assert cell in record_text

    _check_secrets(table, alice.inbox, "A", a_orders)
    _check_secrets(table, bob.inbox, "B", a_orders)
    _check_secrets(table, olga.inbox, None, a_orders)


def _destroyed_by_turn(table: Table) -> dict[int, set[str]]:
    """Cells of ships destroyed up to each turn, from the stored reports."""
    game = table.store.game("alpha")
    assert game is not None
    state = engine.GameState.from_json(game.state or {})
    seen: set[str] = set()
    by_turn = {0: set[str]()}
    for played in state.history:
        for seat in "AB":
            for entry in played.report.entries(seat):
                for destruction in entry.destroyed:
                    seen |= {str(c) for c in destruction.cells}
        by_turn[played.turn] = set(seen)
    return by_turn


def _check_secrets(table: Table, inbox: list, seat: str | None, a_orders: dict[int, str]) -> None:
    """Every cell a mail names must be explained by what its reader may know at that moment:
    their own fleet, their own orders so far, the other's visible aspects of the turns played,
    and the ships destroyed so far; the opponent's missile launch cells never appear."""
    destroyed = _destroyed_by_turn(table)
    own = {"A": fleet_cells(FLEET_A), "B": fleet_cells(FLEET_B), None: set()}[seat]
    orders = {"A": a_orders, "B": B_ORDERS}

    def named(player: str, upto: int) -> set[str]:
        return set().union(*(cells_in(orders[player].get(t, "")) for t in range(1, upto + 1)))

    def visible(player: str, upto: int) -> set[str]:
        # Strikes and scans are seen by the other player; missile launch cells are not.
        return set().union(
            *(
                cells_in(re.sub(r"m[ROYGB][v-z][1-5]", "", orders[player].get(t, "")))
                for t in range(1, upto + 1)
            )
        )

    checked = 0
    played = 0
    for message in inbox:
        if "game over" in message.subject or message.body.startswith("> join"):
            continue  # the reveal: everything may be known now; a join: nothing to know yet
        found = re.search(r"turn (\d+) results", message.subject)
        if found:
            played = int(found.group(1))
        known = destroyed[played]
        if seat is None:
            allowed = visible("A", played) | visible("B", played) | known
            secret = set(A_MISSILES) | set(B_MISSILES)
        else:
            opponent = "B" if seat == "A" else "A"
            # A player's own orders of the turn in play may be echoed back to them.
            allowed = own | named(seat, played + 1) | visible(opponent, played) | known
            secret = set(B_MISSILES if seat == "A" else A_MISSILES) - named(seat, played + 1)
        cells = cells_in(message.body)
        assert cells <= allowed, (seat, message.subject, sorted(cells - allowed))
        assert not cells & (secret - known), (message.subject, sorted(cells & secret))
        checked += 1
    assert checked >= 4


def test_a_player_sees_the_enemy_grid_only_where_the_rules_revealed_it(started: Table) -> None:
    alice, bob = started.people["alice@example.org"], started.people["bob@example.org"]
    alice.orders(1, "Rx4 Rv5 Bv1")
    bob.orders(1, "Oz5 Rv5")
    grid = _grid_after(alice.last.body, "The enemy's space:")
    # A struck Rx4 (hit), Rv5 (empty), Bv1 (hit); B destroyed A's light scout at Oz5, so B
    # returned flashcube data for its own Oz5 (empty) [7.1]. Nothing else of B's space shows.
    marked = {cell for cell, mark in grid.items() if mark != "."}
    assert marked == {"Rx4", "Rv5", "Bv1", "Oz5"}
    assert grid["Rv5"] == "o" and grid["Oz5"] == "o"
    assert grid["Rx4"] != "o" and grid["Bv1"] != "o"
    # Bob's grid of A's space: his miss at Rv5 and A's light scout he destroyed at Oz5.
    grid_b = _grid_after(bob.last.body, "The enemy's space:")
    assert {c for c, m in grid_b.items() if m != "."} == {"Oz5", "Rv5"}
    assert grid_b["Oz5"] == "l"  # a destroyed light scout


def _grid_after(body: str, title: str) -> dict[str, str]:
    lines = body.splitlines()
    start = lines.index(title)
    colours = lines[start + 1].split()
    marks: dict[str, str] = {}
    for row in lines[start + 3 : start + 8]:
        number, *cells = row.split()
        for index, mark in enumerate(cells):
            colour = colours[index // 5]
            marks[f"{colour}{'vwxyz'[index % 5]}{number}"] = mark
    return marks


def test_observers_receive_both_players_results_but_no_fleet(started: Table) -> None:
    olga = started.person("olga@example.org", "Olga")
    olga.send("observe alpha")
    alice, bob = started.people["alice@example.org"], started.people["bob@example.org"]
    alice.orders(1, "Rx4 Bv1 mYv3 Rv5")
    bob.orders(1, "Oz5 mYz3 Rv5")
    mail = olga.last
    assert mail.subject.endswith("turn 1 results")
    assert "Alice (A):" in mail.body and "Bob (B):" in mail.body
    # Both players' visible aspects, none of the launch cells, no fleet and no grid of a space.
    assert cells_in(mail.body) == {"Rx4", "Bv1", "Rv5", "Oz5"}
    assert "materiel" not in mail.body


CLASSIC_A = (
    "DS Rv1 Rv2 Rw1 Rw2 Yv1 Yv2 Yw1 Yw2; KC Gx1 Gx2 Gx3 Gy1 Gy2 Gy3; FS Bz1 Bz2 By1 By2; "
    "MD Yv3 Yw3 Yx3; HF Oz4 Oz5"
)
CLASSIC_B = (
    "DS Rx4 Rx5 Ry4 Ry5 Yx4 Yx5 Yy4 Yy5; KC Bv1 Bv2 Bv3 Bw1 Bw2 Bw3; FS Gz4 Gz5 Gy4 Gy5; "
    "MD Yz3 Yz4 Yz5; HF Yv5 Yw5"
)


def test_a_classic_game_with_the_other_colour_order_plays_a_turn(table: Table) -> None:
    table.person("gm@example.org").send("create gamma ruleset classic colours=RYGOB")
    alice, bob = table.person("alice@example.org"), table.person("bob@example.org")
    alice.join("gamma")
    bob.join("gamma")
    assert "accepted" in alice.fleet(CLASSIC_A, "gamma").body
    assert "accepted" in bob.fleet(CLASSIC_B, "gamma").body
    # The grids follow the game's colour order (Red, Yellow, Green, Orange, Blue).
    lines = alice.last.body.splitlines()
    assert lines[lines.index("Your space:") + 1].split() == ["R", "Y", "G", "O", "B"]
    alice.orders(1, "bRv Rx4", "gamma")
    reply = bob.orders(1, "Oz5", "gamma")
    assert "adjudicated" in reply.body, reply.body
    assert "beam Rv1 miss" in alice.last.body and "strike Oz5 hit" in bob.last.body
