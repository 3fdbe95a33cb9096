"""Tournament tests' helpers: six players at a judge, each round's game read from their mail,
and the Swiss of six played through by mail as tests/pbem/test_tournament_rules.py works it out
by hand (rounds 1-4 5-2 3-6; 6-1 2-3 4-5; 1-2 5-6 3-4)."""

from __future__ import annotations

import re

from pbem_support import Person, Table

from pbem.storage.store import Store

NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay")


def new_table(store: Store) -> tuple[Table, Person, dict[int, Person]]:
    table = Table(store)
    gm = table.person("gm@club.example", "Gus")
    people = {
        n: table.person(f"{name.lower()}@example.org", name) for n, name in enumerate(NAMES, 1)
    }
    return table, gm, people


def game_of(person: Person, round_number: int) -> tuple[str, str, str]:
    """The game a round's notice gave the person: its name, the seat's side, its password."""
    for message in reversed(person.inbox):
        found = re.search(r"round (\d+): your game is (\S+), (.+?); you play it", message.body)
        if found and int(found.group(1)) == round_number:
            name = found.group(2)
            password = re.search(rf"password for {name}: (\S+)", message.body)
            assert password, message.body
            return name, found.group(3), password.group(1)
    raise AssertionError(f"{person.name} has no game for round {round_number}")


def resign(person: Person, round_number: int) -> None:
    name, _, password = game_of(person, round_number)
    assert "You resigned" in person.send(f"resign {name} {password}").body


def draw(white: Person, black: Person, round_number: int) -> None:
    name, side, password = game_of(white, round_number)
    assert side == "the Terrans", side  # seat A moves first and offers on turn 1
    assert "draw offer" in white.send(f"draw {name} {password} 1").body
    _, _, other = game_of(black, round_number)
    assert "You accepted the draw" in black.send(f"draw {name} {other} 1").body


def play_swiss(table: Table, gm: Person, p: dict[int, Person]) -> None:
    """The Swiss of six, three rounds of Space Chess, from create to its end."""
    made = gm.send("tournament create Spring chess swiss rounds=3 round=7d casual").body
    assert "Tournament Spring created: Swiss of Space Chess, 3 rounds, 168h a round, casual" in made
    master = re.search(r"master password: (\S+)", made)
    assert master
    for n in range(1, 7):
        assert "You have entered tournament Spring as" in p[n].send("tournament join Spring").body
    assert "Refused" not in gm.send(f"tournament start Spring {master.group(1)}").body
    assert game_of(p[1], 1)[0] == "Spring-r1-1" and game_of(p[4], 1)[1] == "the Aliens"
    assert game_of(p[5], 1)[0] == "Spring-r1-2" and game_of(p[5], 1)[1] == "the Terrans"
    resign(p[4], 1)
    draw(p[5], p[2], 1)
    resign(p[3], 1)  # the last game of round 1 ends: round 2 is made at once
    assert game_of(p[6], 2)[0] == "Spring-r2-1" and game_of(p[6], 2)[1] == "the Terrans"
    assert game_of(p[2], 2)[0] == "Spring-r2-2" and game_of(p[4], 2)[0] == "Spring-r2-3"
    draw(p[6], p[1], 2)
    resign(p[3], 2)
    resign(p[4], 2)
    assert [game_of(p[n], 3)[0] for n in (1, 5, 3)] == ["Spring-r3-1", "Spring-r3-2", "Spring-r3-3"]
    resign(p[2], 3)
    draw(p[5], p[6], 3)
    resign(p[3], 3)
