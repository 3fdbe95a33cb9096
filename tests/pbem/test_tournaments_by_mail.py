"""Tournaments by mail (issue 45, item 3): a whole Swiss of six over three rounds of Space Chess,
every game made by the judge and told to its players with its password, results from the
games' ends, standings checked against figures worked out by hand; a round robin with a
withdrawal and a missed deadline, forfeited by the stated rules."""

from __future__ import annotations

import re

from tournament_support import game_of, new_table, play_swiss

from pbem.storage.store import open_store


def test_a_swiss_of_six_by_mail_three_rounds_standings_as_worked_out_by_hand() -> None:
    table, gm, p = new_table(open_store(":memory:"))
    play_swiss(table, gm, p)
    assert any("Round 1 of 3 of tournament Spring has begun" in m.body for m in p[1].inbox)
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
    table, gm, p = new_table(open_store(":memory:"))
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
    assert game_of(p[3], 2)[0] == "Cup-r2-1"
    assert table.store.game("Cup-r2-2") is None
    text = gm.send("tournament Cup").body
    assert "Dan (withdrew)" in text
    lines = {line.split()[1]: line for line in text.splitlines() if re.match(r"\s*\d+ [A-Z]", line)}
    # Forfeits marked, won (+) and lost (-).
    assert "+" in lines["Ann"].split() and "-" in lines["Dan"].split()
    assert "-" in lines["Cat"].split() and "+" in lines["Ben"].split()
    assert lines["Ann"].split()[2] == "1" and lines["Ben"].split()[2] == "2"  # and Dan's game
    assert lines["Cat"].split()[2] == "0"
