"""A seat's legal choices (issue 44, `Show.choices`): what the board may offer is what the
judge accepts, for all three games, and it never depends on what the other seat hides (its
fleet or design before the start, its orders of the open turn) [1.4, R16, SC2]."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from web_support import DESIGN_B, FLEET_A, FLEET_B, FLEET_B_SWAPPED
from web_support import Club as Players

from pbem.kinds.shown import kind_of
from pbem.storage.store import Store, open_store

ALICE, BOB = "alice@example.org", "bob@example.org"


def made(path: Path, create: str, name: str) -> tuple[Store, Players]:
    store = open_store(path)
    players = Players(store)
    players.send("gm@example.org", create)
    players.seat(name, ALICE)
    players.seat(name, BOB)
    return store, players


def choices(store: Store, name: str, seat: str) -> dict[str, Any]:
    game = store.game(name, lock=False)
    assert game is not None
    made = kind_of(game).show.choices(store, game, seat)
    return json.loads(json.dumps(made))  # JSON-able, as the page and the API serve it


def tool(found: dict[str, Any], key: str) -> dict[str, Any]:
    return next(t for t in found["tools"] if t["key"] == key)


def test_a_spaceships_seat_places_its_fleet_from_the_rules_shapes_3_7_6(tmp_path: Path) -> None:
    store, players = made(tmp_path / "a.sqlite3", "create duel", "duel")
    found = choices(store, "duel", "A")
    assert found["phase"] == "fleet"
    cruiser = tool(found, "KC")
    assert cruiser["size"] == 6 and ["Gx1", "Gx2", "Gx3", "Gy1", "Gy2", "Gy3"] in cruiser["sets"]
    assert tool(found, "FS")["group"] == tool(found, "PC")["group"] == "FS/PC"
    # The random fleet on request is one the judge accepts.
    said = players.as_player("duel", ALICE, f"fleet {found['random']}")
    assert "accepted" in said, said
    store.close()


def test_spaceships_choices_are_the_entitlement_and_hide_the_other_fleet_1_4(
    tmp_path: Path,
) -> None:
    seen = []
    for number, fleet_b in enumerate((FLEET_B, FLEET_B_SWAPPED)):
        store, players = made(tmp_path / f"s{number}.sqlite3", "create duel", "duel")
        players.as_player("duel", ALICE, f"fleet {FLEET_A}")
        before_b = choices(store, "duel", "A")
        players.as_player("duel", BOB, f"fleet {fleet_b}")
        found = choices(store, "duel", "A")
        assert before_b["phase"] == "wait" and found["phase"] == "orders"
        assert found["entitled"].startswith("7 conventional strikes, 1 missile (MD, launched from")
        assert tool(found, "strike")["count"] == 7 and len(tool(found, "strike")["cells"]) == 125
        assert set(tool(found, "missile-MD")["cells"]) == {"Yv3", "Yw3", "Yx3"}
        assert tool(found, "beam-DS")["pairs"]["Rv1"]["Rx1"] == "bRv1Rx1"
        # B's orders of the open turn change nothing A may do.
        assert "accepted" in players.as_player("duel", BOB, "orders 1: Rv1 Oz5 Gx1 Bv5")
        assert choices(store, "duel", "A") == found
        # Orders written from the choices are accepted as they are.
        picks = [
            "Rx4",
            "Rv5",
            tool(found, "missile-MD")["cells"]["Yw3"],
            "Bv1",
            tool(found, "beam-DS")["pairs"]["Rv1"]["Rx1"],
            tool(found, "scan")["cells"]["Rw3"],
        ]
        said = players.as_player("duel", ALICE, f"orders 1: {' '.join(picks)}")
        assert "adjudicated" in said, said
        after = choices(store, "duel", "A")
        seen.append(after)
        store.close()
    assert seen[0] == seen[1]


def test_a_sent_turn_is_in_the_choices_and_only_the_seats_own(tmp_path: Path) -> None:
    store, players = made(tmp_path / "o.sqlite3", "create duel", "duel")
    players.as_player("duel", ALICE, f"fleet {FLEET_A}")
    players.as_player("duel", BOB, f"fleet {FLEET_B}")
    players.as_player("duel", BOB, "orders 1: Rv1 Oz5 Gx1 Bv5")
    assert choices(store, "duel", "B")["sent"] == "Rv1 Oz5 Gx1 Bv5"
    assert choices(store, "duel", "A")["sent"] == ""
    store.close()


def test_space_chess_choices_are_the_rules_legal_actions_sc2(tmp_path: Path) -> None:
    store, players = made(tmp_path / "c.sqlite3", "create duel chess", "duel")
    waiting, acting = choices(store, "duel", "B"), choices(store, "duel", "A")
    assert waiting["phase"] == "wait" and "Terrans" in waiting["todo"]
    assert acting["phase"] == "orders" and acting["then"] == {}  # turn 1: one action [SC2]
    moves = tool(acting, "move")["pairs"]
    start, ends = next(iter(moves.items()))
    action = next(iter(ends.values()))
    assert action.startswith(f"{start}-")
    said = players.as_player("duel", ALICE, f"orders 1: {action}")
    assert "Refused" not in said, said
    second = choices(store, "duel", "B")
    assert second["phase"] == "orders" and second["then"], "turn 2: up to two actions"
    first = next(iter(second["then"]))
    then_moves = [t for t in second["then"][first] if t["key"] == "move"][0]["pairs"]
    after = next(iter(next(iter(then_moves.values())).values()))
    said = players.as_player("duel", BOB, f"orders 2: {first} {after}")
    assert "Refused" not in said, said
    store.close()


def test_battle_choices_hide_the_other_design_and_move_by_the_rules_r16_iii(
    tmp_path: Path,
) -> None:
    seen = []
    for number, design_b in enumerate((DESIGN_B, DESIGN_B.replace("Hawk", "Heron"))):
        store, players = made(tmp_path / f"b{number}.sqlite3", "create sk battles budget=300", "sk")
        empty = choices(store, "sk", "A")
        players.as_player("sk", BOB, design_b)
        assert choices(store, "sk", "A") == empty  # B's design is not in A's choices
        assert empty["phase"] == "design" and empty["budget"] == 300
        assert "0,8" in tool(empty, "place")["cells"]
        said = players.as_player("sk", ALICE, "design\n" + empty["random"])
        assert "begins" in said, said
        found = choices(store, "sk", "A")
        assert found["phase"] == "orders" and "movement" in found["todo"]
        seen.append([t["key"] for t in found["tools"]])
        moves = [t for t in found["tools"] if t["key"].startswith("move-")]
        start, ends = next(iter(moves[0]["pairs"].items()))
        line = next(iter(ends.values()))
        said = players.as_player("sk", ALICE, f"orders 1: {line}")
        assert "accepted" in said.lower() or "resolved" in said.lower(), said
        store.close()
    assert seen[0] == seen[1]


def test_every_game_has_its_choices_as_json(tmp_path: Path) -> None:
    for create in ("create g", "create g chess", "create g battles"):
        store, _ = made(tmp_path / f"{len(create)}.sqlite3", create, "g")
        for seat in ("A", "B"):
            found = choices(store, "g", seat)
            assert found["phase"] in ("fleet", "design", "orders", "wait")
            assert re.fullmatch(r"[A-Z][^\n]*", found["todo"])
        store.close()
