"""Games against the computer by email: `create NAME vs computer [LEVEL]` seats the computer
at B with its fleet; it answers each turn as soon as the human's orders are in; no mail goes to
it; it decides from its view alone [1.4, 2.2]."""

from __future__ import annotations

import re

from pbem_support import FLEET_A, Table

from notation.spaceships.format import format_fleet
from notation.spaceships.matches import parse_match
from notation.spaceships.parse import parse_fleet, parse_record
from spaceships import engine
from spaceships.engine import Ruleset
from spaceships.engine.matches import additional_ships
from spaceships.judge.computer import COMPUTER_ADDRESS
from spaceships.judge.matches import match_of
from spaceships.validate.matches import validate_match
from spaceships.validate.validation import validate_record


def _start(table: Table, level: str = "") -> object:
    alice = table.person("alice@example.org", "Alice")
    alice.create_seated(f"create alpha vs computer {level}".strip())
    return alice


def test_create_vs_computer_seats_the_creator_at_a_and_the_computer_at_b(table: Table) -> None:
    alice = _start(table, "hunt")
    body = alice.inbox[0].body
    assert "The computer (hunt) plays B; you play A." in body
    assert "You joined alpha as player A (Alice)." in body
    assert "Both players are in." in body
    assert all(COMPUTER_ADDRESS not in m.to for m in table.log)
    status = alice.send("status alpha").body
    assert "the computer (hunt)" in status


def test_the_computer_answers_as_soon_as_the_orders_are_in(table: Table) -> None:
    alice = _start(table)
    begins = alice.fleet(FLEET_A)
    assert "the game begins" in table.log[-1].subject
    assert "Both fleets are in" in begins.body
    reply = alice.orders(1, "Gx3 Gx4 Gy3")
    assert "the turn is adjudicated" in reply.body
    assert table.log[-1].subject == "Spaceships alpha: turn 1 results"
    assert table.log[-1].to == ("alice@example.org",)
    assert "Turn 2: you may use" in table.log[-1].body


def test_a_whole_email_game_against_the_computer_ends_with_a_valid_record(table: Table) -> None:
    alice = _start(table, "density")
    dave = table.person("dave@example.org", "Dave")
    dave.send("observe alpha")
    alice.fleet(FLEET_A)
    for turn in range(1, 80):
        alice.orders(turn, "")  # the human does nothing; the computer wins in the end
        if table.log[-1].subject.endswith("game over"):
            break
    over = table.log[-1]
    assert over.subject.endswith("game over")
    assert "). The computer (density, B) wins" in over.body  # a sentence starts with a capital
    # The winner's score comes first ("wins, 22 to 0", not "wins, 0 to 22") [2.3.3].
    score = re.search(r"The computer \(density, B\) wins, (\d+) to (\d+) in materiel", over.body)
    assert score and int(score[1]) > int(score[2]), over.body
    assert "\nThe computer (density, B): " in over.body  # the reveal's line, a capital too
    record = parse_record(over.attachments[0].data.decode())
    assert validate_record(record).ok
    # An observer's turn reports open each side's part with its name, a capital too.
    assert "\n\nThe computer (density, B):\n" in dave.inbox[-2].body, dave.inbox[-2].body


def test_vs_something_else_is_refused_with_the_levels(table: Table) -> None:
    alice = table.person("alice@example.org")
    assert "`vs` takes `computer`" in alice.send("create alpha vs bob").body
    body = alice.send("create alpha vs computer grandmaster").body
    assert "unknown computer level 'grandmaster'" in body
    assert "random, hunt, density, expert" in body
    assert table.store.game("alpha") is None


def test_vs_without_computer_says_where_the_value_is_missing(table: Table) -> None:
    body = table.person("alice@example.org").send("create alpha vs").body
    assert "line 1, column 14: `vs` needs a value" in body, body
    assert "None" not in body and "vs computer" in body
    assert table.store.game("alpha") is None


def test_a_ruleset_after_vs_computer_is_named_as_one(table: Table) -> None:
    """Players write `create alpha vs computer classic`: classic is a ruleset, not a level."""
    body = table.person("alice@example.org").send("create alpha vs computer classic").body
    assert "`classic` is a ruleset" in body
    assert "create alpha vs computer ruleset classic" in body
    assert table.store.game("alpha") is None


def test_refused_orders_read_the_same_by_email_and_in_the_terminal(table: Table) -> None:
    """`spaceships play` gives errors exactly as the judge does."""
    from notation.spaceships.parse import parse_orders
    from spaceships import engine
    from spaceships.computer.terminal import refusal_of_orders
    from spaceships.judge import games

    alice = _start(table)
    alice.fleet(FLEET_A)
    bad = "Gx3 Gx4 Gx5 Gy1 Gy2 Gy3 Gy4 Gy5 Gz1 Gz2 mv"
    reply = alice.orders(1, bad).body
    state = games.state_of(table.store.game("alpha"))
    try:
        engine.check_orders(state, "A", parse_orders(bad))
    except engine.OrdersRefused as exc:
        # The same refusal; the judge counts the strikes as conventional ones
        # (spaceships.judge.materiel).
        said = refusal_of_orders(state, "A", exc).replace(
            "use 7 strikes", "use: 7 conventional strikes"
        )
        assert said in reply
    else:
        raise AssertionError("the orders should be refused")


def test_10_3_a_continued_match_against_the_computer_builds_its_additional_ships(
    table: Table,
) -> None:
    alice = _start(table, "hunt match=continued games=2")
    assert alice.inbox[0].body.count("a continued match") == 1  # said once, not twice
    games = []
    for _ in range(2):
        alice.fleet(FLEET_A)
        for turn in range(1, 120):
            alice.orders(turn, "")  # the human does nothing; the computer wins each game
            if table.store.game("alpha").phase != "playing":
                break
        games.append([m.subject for m in alice.inbox])  # the subjects so far
        if len(games) == 1:
            # Game 2 opened: the computer carried its remaining materiel [10.3]; its fleet is in
            # already, and the human is told that and nothing more [10.4].
            [opens] = [m for m in alice.inbox if m.subject.endswith("game 2: send your fleet")]
            assert "The computer's fleet is in [10.4]." in opens.body
            game = table.store.game("alpha")
            match = match_of(table.store, game)
            carried = match.carried("B")
            assert carried > 0 and match.carried("A") == 0
            fleet = parse_fleet(table.store.players(game.id)["B"].fleet)
            ruleset = Ruleset.from_tags(game.ruleset, game.options)
            assert engine.check_fleet(fleet, ruleset, None, carried) == []
            built = additional_ships([s.ship.type for s in fleet.ships], carried, ruleset)
            assert built, (carried, format_fleet(fleet))
    assert "Spaceships alpha: game 1 over" in games[0]
    end = alice.inbox[-1]
    assert end.subject.endswith("the match is over"), end.subject
    assert "Standings after 2 games" in end.body
    # What is attached is said once, naming the file.
    assert end.body.count("is attached") == 1
    assert "The whole match record is attached (alpha.ssr)." in end.body
    assert "the computer (hunt, B) wins the match" in end.body
    assert validate_match(parse_match(end.attachments[0].data.decode())).ok


def test_3_7_the_fleet_sketch_in_a_classic_join_names_classic_ships(table: Table) -> None:
    body = table.person("alice@example.org").send("create alpha vs computer ruleset classic").body
    sketch = next(line for line in body.splitlines() if line.strip().startswith("fleet "))
    assert "HF" in sketch and "PC" not in sketch and "LS" not in sketch, sketch
