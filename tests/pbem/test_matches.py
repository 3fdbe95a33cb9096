"""Matches in the judge [9, 10]: created like a game with match settings, the next game opening
by itself, standings in every result, carried materiel and what it builds, and what each
player may know of the other's additional ships [10.4]."""

from __future__ import annotations

from match_support import B_ORDERS, greedy_types, play_out, with_additional
from pbem_support import FLEET_A, FLEET_B, Person, Table, cells_in

from notation.spaceships.matches import parse_match
from pbem.replay.page import record_in_page
from spaceships.engine.match_game import play_match
from spaceships.validate.matches import validate_match


def _seated(table: Table, settings: str) -> tuple[Person, Person, Person]:
    gm = table.person("gm@example.org", "Gamemaster")
    alice = table.person("alice@example.org", "Alice")
    bob = table.person("bob@example.org", "Bob")
    assert "created" in gm.send(f"create alpha {settings}").body
    alice.join()
    bob.join()
    return gm, alice, bob


def _play_game(alice: Person, bob: Person, cap: int | None = None) -> list[int]:
    begins = alice.last.body
    assert "begins" in alice.last.subject, alice.last.subject

    def send_a(turn: int, orders: str) -> str:
        alice.orders(turn, orders)
        return alice.last.subject + "\n" + alice.last.body

    return play_out(send_a, lambda t, o: bob.orders(t, o) and None, begins, B_ORDERS, cap)


def test_10_a_continued_match_of_three_games_carries_materiel_into_additional_ships(
    table: Table,
) -> None:
    _, alice, bob = _seated(table, "match=continued games=3")
    alice.fleet(FLEET_A)
    bob.fleet(FLEET_B)
    first = _play_game(alice, bob)
    # Game 1: B destroyed A's KC and LS (7 of 22 cells): A carries 15 [10.3], B nothing.
    assert "game 1 over" in alice.inbox[-2].subject
    assert "Standings after 1 game: Alice (A) 15, Bob (B) 0" in alice.inbox[-2].body
    opening = alice.last
    assert "game 2: send your fleet" in opening.subject
    assert "You carried 15 materiel" in opening.body and "costing 15 in all" in opening.body
    assert "You carried no materiel" in bob.last.body
    # 15 builds DS KC LG; the judge names them when the fleet is accepted.
    reply = alice.fleet(with_additional(FLEET_A, greedy_types(15)))
    assert "Additional ships: DS KC LG (from 15 carried materiel [10.3])" in reply.body
    # B learns that A's fleet is in, nothing more [10.4].
    assert (
        bob.last.body
        == "Your opponent's fleet for alpha is in. The game begins when yours is in too."
    )
    bob.fleet(FLEET_B)
    second = _play_game(alice, bob)
    assert second[0] > first[0]  # A's additional ships strike too
    # Every turn's results carry the game of the match and the standings.
    results = [m for m in bob.inbox if "turn 1 results" in m.subject][-1]
    assert "Match alpha, game 2 of 3; standings after 1 game: Alice (A) 15, Bob (B) 0" in (
        results.body
    )
    # Game 2: A kept 22 + 15 - 7 = 30 cells; game 3 opens with it. Game 3: 22 + 30 - 7 = 45.
    assert "You carried 30 materiel" in alice.last.body
    alice.fleet(with_additional(FLEET_A, greedy_types(30)))
    bob.fleet(FLEET_B)
    _play_game(alice, bob)
    end = alice.last
    assert end.subject.endswith("the match is over")
    assert "Standings after 3 games: Alice (A) 90, Bob (B) 0" in end.body
    assert "Alice (A) wins the match" in end.body
    record = end.attachments[0].data.decode()
    played = play_match(parse_match(record))
    assert played.winner == "A"
    checked = validate_match(parse_match(record))  # results lines included
    assert checked.ok and checked.winner == "A", [str(f) for f in checked.findings]
    assert [s.to_json() for s in played.standings] == [
        {"A": 15, "B": 0},
        {"A": 45, "B": 0},
        {"A": 90, "B": 0},
    ]
    assert played.additional[1]["A"] == ("DS", "KC", "LG")
    assert played.carried[2] == {"A": 30, "B": 0}


def _match_to_game_2_end(a_fleet_2: str) -> tuple[list[str], list[str]]:
    """A continued match played to the end of game 2 with A's game-2 fleet `a_fleet_2`; A's
    orders never depend on it. Returns what B and the observer received from the opening of
    game 2 up to, not including, its reveal, and then the reveal B received."""
    from pbem.storage.store import open_store

    table = Table(open_store(":memory:"))
    _, alice, bob = _seated(table, "match=continued games=3")
    olga = table.person("olga@example.org", "Olga")
    olga.send("observe alpha")
    alice.fleet(FLEET_A)
    bob.fleet(FLEET_B)
    _play_game(alice, bob, cap=4)
    b_from, o_from = len(bob.inbox) - 1, len(olga.inbox) - 1  # the game-2 opening
    alice.fleet(a_fleet_2)
    bob.fleet(FLEET_B)
    _play_game(alice, bob, cap=4)
    assert "game 2 over" in bob.inbox[-2].subject
    seen = [m.subject + "\n" + m.body for m in bob.inbox[b_from:-2]]
    seen += [m.subject + "\n" + m.body for m in olga.inbox[o_from:-2]]
    return seen, [bob.inbox[-2].body]


def test_10_4_swap_the_additional_ships_and_the_opponent_reads_the_same_until_the_reveal() -> None:
    # A carries 15 into game 2 either way: DS KC LG in one place, or KC FS FS LG elsewhere.
    one = with_additional(FLEET_A, ["DS", "KC", "LG"])
    two = with_additional(FLEET_A, ["KC", "FS", "FS", "LG"], skip=40)
    assert cells_in(one) != cells_in(two)
    seen_one, reveal_one = _match_to_game_2_end(one)
    seen_two, reveal_two = _match_to_game_2_end(two)
    assert len(seen_one) > 4
    assert seen_one == seen_two  # byte for byte, every mail to B and to the observer
    assert reveal_one != reveal_two  # the reveal shows A's fleet as it was


def test_9_3_1_players_who_agree_end_the_match_only_when_a_game_has_ended(table: Table) -> None:
    _, alice, bob = _seated(table, "match=scored end=agreed")
    # Asked during game 1: the match still ends only with game 1 [9.3.1].
    assert "if your opponent asks too" in alice.send(alice.sign_on() + "endmatch").body
    assert "asks to end match alpha" in bob.last.body
    assert "ends when the game in play ends" in bob.send(bob.sign_on() + "endmatch").body
    alice.fleet(FLEET_A)
    bob.fleet(FLEET_B)
    _play_game(alice, bob)
    assert alice.last.subject.endswith("the match is over")
    assert "Alice (A) wins the match" in alice.last.body
    assert "Standings after 1 game: Alice (A) 15, Bob (B) 0" in alice.last.body


def test_9_3_the_game_master_may_end_a_match_between_two_games(table: Table) -> None:
    gm, alice, bob = _seated(table, "match=scored games=5")
    password = gm.inbox[0].body.split("master password: ")[1].split()[0]
    alice.fleet(FLEET_A)
    bob.fleet(FLEET_B)
    _play_game(alice, bob)
    assert "Game 2: send your fleet" in alice.last.subject.replace("game 2", "Game 2")
    # No turn is in play while the fleets come in (issue 24 item 3).
    assert "No deadline: the judge waits for both fleets" in alice.last.body
    assert "adjudicated" not in alice.last.body
    # A scored match carries nothing: no talk of materiel carried, whatever was left [9.2].
    assert "A scored match has no additional ships" in alice.last.body
    assert "carried" not in alice.last.body
    reply = gm.send(f"master alpha {password}\nendmatch")
    assert "is over by agreement" in reply.body
    end = alice.last
    assert end.subject.endswith("the match is over")
    assert "after game 1 [9.3]; game 2 is not played" in end.body
    played = play_match(parse_match(end.attachments[0].data.decode()))
    assert len(played.games) == 1 and played.outcomes[0].winner == "A"
    # The whole match as a replay page beside it, made from that record alone.
    assert [a.filename for a in end.attachments] == ["alpha.ssr", "alpha-replay.html"]
    assert record_in_page(end.attachments[1].data.decode()) == end.attachments[0].data.decode()
    # A single game has no match to end.
    gm.send("create beta")
    carol = table.person("carol@example.org", "Carol")
    carol.join("beta")
    assert "single game, not a match" in carol.send(carol.sign_on("beta") + "endmatch").body


def test_resigning_a_game_of_a_match_resigns_the_match(table: Table) -> None:
    _, alice, bob = _seated(table, "match=continued games=3")
    alice.fleet(FLEET_A)
    bob.fleet(FLEET_B)
    _play_game(alice, bob)
    alice.fleet(with_additional(FLEET_A, greedy_types(15)))
    bob.fleet(FLEET_B)
    bob.send(f"resign alpha {bob.password}")
    end = alice.last
    assert end.subject.endswith("the match is over")
    assert "Alice (A) wins the match" in end.body
    # The resigned game counts, won by Alice, scoring nothing (docs/readings.md).
    assert "Standings after 2 games: Alice (A) 15, Bob (B) 0 (games won 2-0)" in end.body
    status = alice.send("status alpha").body
    assert "game 2 of 3" in status and "Alice (A) wins the match; standings after 2 games" in status
    # The whole match record holds both games, the resigned one unfinished.
    record = parse_match(end.attachments[0].data.decode())
    assert len(record.rounds) == 2 and "resigned" in (
        record.rounds[1].record.tag("Termination") or ""
    )


def test_9_3_a_bad_match_end_at_create_names_the_settings_as_create_takes_them(
    table: Table,
) -> None:
    gm = table.person("gm@example.org", "Gamemaster")
    for setting in ("games=0", "end=soon"):
        reply = gm.send(f"create alpha match=continued {setting}").body
        assert f"`{setting}` is not a match end" in reply
        assert "end=agreed" in reply and "or agreed" not in reply
    assert "created" in gm.send("create alpha match=scored end=agreed").body


def test_resigning_before_the_fleets_are_in_still_ends_the_match_with_a_valid_record(
    table: Table,
) -> None:
    _, alice, bob = _seated(table, "match=continued games=3")
    alice.fleet(FLEET_A)
    bob.fleet(FLEET_B)
    _play_game(alice, bob)
    bob.fleet(FLEET_B)
    bob.send(f"resign alpha {bob.password}")
    end = alice.last
    assert "Alice (A) wins the match" in end.body
    assert "Standings after 2 games: Alice (A) 15, Bob (B) 0 (games won 2-0)" in end.body
    text = end.attachments[0].data.decode()
    played = play_match(parse_match(text))
    assert played.over and played.winner == "A"
    checked = validate_match(parse_match(text))
    assert checked.ok and checked.over and checked.winner == "A", checked.to_json()


def test_9_history_in_a_match_holds_the_games_played_whole_and_this_game_as_one_may_see_it(
    table: Table,
) -> None:
    _, alice, bob = _seated(table, "match=scored games=2")
    alice.fleet(FLEET_A)
    bob.fleet(FLEET_B)
    _play_game(alice, bob)
    alice.fleet(FLEET_A)
    bob.fleet(FLEET_B)
    bob.orders(1, "Yz1")
    mine = alice.send(alice.sign_on() + "history").body
    # Game 1 was revealed at its end [1.4.1]: whole, both fleets; game 2 only as A may see it.
    assert "Game 2 of match alpha" in mine, mine
    assert '[Round "1"]' in mine and mine.count("Rx4") >= 1, mine
    now = mine.split("History of alpha for player A")[1]
    assert "B fleet" not in now and "Rx4" not in now  # B's fleet stays hidden
    assert "Yz1" not in now  # and so do B's pending orders
    public = table.person("eve@example.org").send("history alpha").body
    assert '[Round "1"]' in public and "History of alpha:" in public
    assert "Rx4" not in public.split("History of alpha:")[1]
    bob.orders(1, "Yz2")  # a swap: B's pending orders change, A's history does not
    assert alice.send(alice.sign_on() + "history").body == mine


def test_9_history_after_the_match_is_the_whole_match_record(table: Table) -> None:
    _, alice, bob = _seated(table, "match=scored games=2")
    for _ in range(2):
        alice.fleet(FLEET_A)
        bob.fleet(FLEET_B)
        _play_game(alice, bob)
    assert alice.last.subject.endswith("the match is over")
    whole = table.person("eve@example.org").send("history alpha").body
    assert "The whole match (2 games)" in whole
    assert '[Round "1"]' in whole and '[Round "2"]' in whole
    assert validate_match(parse_match(whole.split("\n\n", 2)[2])).ok


def test_9_status_after_the_match_leads_with_the_match_result(table: Table) -> None:
    """Issue 24 item 11: the last game's result no longer opens `status` as if it were the
    match's."""
    _, alice, bob = _seated(table, "match=scored games=2")
    for _ in range(2):
        alice.fleet(FLEET_A)
        bob.fleet(FLEET_B)
        _play_game(alice, bob)
    for asked in (table.person("eve@example.org").send("status alpha"), alice.send("status alpha")):
        lines = asked.body.splitlines()
        assert lines[1] == (
            "Match alpha is over: Alice (A) wins the match; standings after 2 games: "
            "Alice (A) 30, Bob (B) 0 (games won 2-0)."
        ), asked.body
        assert lines[2] == "Game alpha: over."
        assert any(line.startswith("The last game: Alice (A) wins, 15 to 0") for line in lines)
        assert asked.body.count("Standings") == 0
