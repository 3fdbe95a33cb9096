"""Tournaments by mail (issue 45, item 3): a whole Swiss of six over three rounds of Space Chess,
every game made by the judge and told to its players with its password, results from the
games' ends, standings checked against figures worked out by hand; a round robin with a
withdrawal and a missed deadline, forfeited by the stated rules."""

from __future__ import annotations

import re

from pbem_support import Person, Table

from pbem.storage.store import open_store

NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay")


def _table() -> tuple[Table, Person, dict[int, Person]]:
    table = Table(open_store(":memory:"))
    gm = table.person("gm@club.example", "Gus")
    people = {
        n: table.person(f"{name.lower()}@example.org", name) for n, name in enumerate(NAMES, 1)
    }
    return table, gm, people


def _game_of(person: Person, round_number: int) -> tuple[str, str, str]:
    """The game a round's notice gave the person: its name, the seat's side, its password."""
    for message in reversed(person.inbox):
        found = re.search(r"round (\d+): your game is (\S+), (.+?); you play it", message.body)
        if found and int(found.group(1)) == round_number:
            name = found.group(2)
            password = re.search(rf"password for {name}: (\S+)", message.body)
            assert password, message.body
            return name, found.group(3), password.group(1)
    raise AssertionError(f"{person.name} has no game for round {round_number}")


def _resign(person: Person, round_number: int) -> None:
    name, _, password = _game_of(person, round_number)
    assert "You resigned" in person.send(f"resign {name} {password}").body


def _draw(white: Person, black: Person, round_number: int) -> None:
    name, side, password = _game_of(white, round_number)
    assert side == "the Terrans", side  # seat A moves first and offers on turn 1
    assert "draw offer" in white.send(f"draw {name} {password} 1").body
    _, _, other = _game_of(black, round_number)
    assert "You accepted the draw" in black.send(f"draw {name} {other} 1").body


def test_a_swiss_of_six_by_mail_three_rounds_standings_as_worked_out_by_hand() -> None:
    table, gm, p = _table()
    made = gm.send("tournament create Spring chess swiss rounds=3 round=7d casual").body
    assert "Tournament Spring created: Swiss of Space Chess, 3 rounds, 168h a round, casual" in made
    master = re.search(r"master password: (\S+)", made)
    assert master
    for n in range(1, 7):
        assert "You have entered tournament Spring as" in p[n].send("tournament join Spring").body
    assert "needs" not in gm.send(f"tournament start Spring {master.group(1)}").body
    # Round 1 as worked out in tests/pbem/test_tournament_rules.py: 1-4, 5-2, 3-6.
    assert _game_of(p[1], 1)[0] == "Spring-r1-1" and _game_of(p[4], 1)[1] == "the Aliens"
    assert _game_of(p[5], 1)[0] == "Spring-r1-2" and _game_of(p[5], 1)[1] == "the Terrans"
    assert "Round 1 of 3 of tournament Spring has begun" in p[1].inbox[-3].body or any(
        "Round 1 of 3" in m.body for m in p[1].inbox
    )
    _resign(p[4], 1)
    _draw(p[5], p[2], 1)
    _resign(p[3], 1)  # the last game of round 1 ends: round 2 is made at once
    assert _game_of(p[6], 2)[0] == "Spring-r2-1" and _game_of(p[6], 2)[1] == "the Terrans"
    assert _game_of(p[2], 2)[0] == "Spring-r2-2" and _game_of(p[4], 2)[0] == "Spring-r2-3"
    _draw(p[6], p[1], 2)
    _resign(p[3], 2)
    _resign(p[4], 2)
    assert [_game_of(p[n], 3)[0] for n in (1, 5, 3)] == [
        "Spring-r3-1",
        "Spring-r3-2",
        "Spring-r3-3",
    ]
    _resign(p[2], 3)
    _draw(p[5], p[6], 3)
    _resign(p[3], 3)
    over = p[1].last.body
    assert "Tournament Spring is over." in over
    standings = gm.send("tournament Spring").body
    rows = [line.split() for line in standings.splitlines() if re.match(r"\s*\d+ [A-Z]", line)]
    # Hand-worked (test_tournament_rules): Ann 2½, Eve 2 (S-B 2¾), Fay 2 (2¼), Ben 1½, Dan 1,
    # Cat 0; Buchholz 4½ for all.
    assert [(r[1], r[2], r[3], r[4]) for r in rows] == [
        ("Ann", "2½", "4½", "3½"),
        ("Eve", "2", "4½", "2¾"),
        ("Fay", "2", "4½", "2¼"),
        ("Ben", "1½", "4½", "1"),
        ("Dan", "1", "4½", "0"),
        ("Cat", "0", "4½", "0"),
    ]
    assert "@" not in standings.split("\n", 1)[1]  # names, never addresses


def test_a_round_robin_with_a_withdrawal_and_a_missed_deadline_forfeits_by_the_rules() -> None:
    table, gm, p = _table()
    made = gm.send("tournament create Cup chess robin round=2d").body
    master = re.search(r"master password: (\S+)", made)
    assert master
    passwords = {}
    for n in range(1, 5):
        said = p[n].send("tournament join Cup").body
        found = re.search(r"tournament password \(to withdraw\): (\S+)", said)
        assert found
        passwords[n] = found.group(1)
    assert "Refused" in p[5].send(f"tournament start Cup {master.group(1)}").body
    gm.send(f"tournament start Cup {master.group(1)}")
    # Round 1: 1 v 4, 3 v 2. Dan withdraws: his game is lost by forfeit, the others go on.
    said = p[4].send(f"tournament withdraw Cup {passwords[4]}").body
    assert "lost by forfeit" in said
    over = table.store.game("Cup-r1-1")
    assert over.phase == "over" and over.outcome["winner"] == "A"
    assert "withdrew from tournament Cup" in over.outcome["reason"]
    # Cat (the Terrans, to move first) plays nothing: at the round's deadline she forfeits.
    table.clock.advance(days=2, seconds=1)
    table.tick()
    ended = table.store.game("Cup-r1-2")
    assert ended.phase == "over" and "Cat missed the deadline" in ended.outcome["reason"]
    # Round 2: 3 v 1 and 2 v 4; Dan's game is a forfeit at once, made as no game.
    assert _game_of(p[3], 2)[0] == "Cup-r2-1"
    assert table.store.game("Cup-r2-2") is None
    text = gm.send("tournament Cup").body
    assert "Dan (withdrew)" in text
    lines = {line.split()[1]: line for line in text.splitlines() if re.match(r"\s*\d+ [A-Z]", line)}
    # Forfeits marked, won (+) and lost (-).
    assert "+" in lines["Ann"].split() and "-" in lines["Dan"].split()
    assert "-" in lines["Cat"].split() and "+" in lines["Ben"].split()
    assert lines["Ann"].split()[2] == "1" and lines["Ben"].split()[2] == "2"  # and Dan's game
    assert lines["Cat"].split()[2] == "0"
