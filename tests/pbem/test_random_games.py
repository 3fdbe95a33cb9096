"""Random legal games (spaceships.engine.random_play) played through Judge.handle to the reveal,
under each ruleset: the game ends, the attached record replays to the same result, and a player's
mail never shows an opponent's missile launch [8.1.3.3, 11.7.1.2] or beam-firing ship."""

from __future__ import annotations

import random
import re

import pytest
from pbem_support import Table

from notation.spaceships.format import format_fleet
from notation.spaceships.orders import Beam, MissileLaunch, format_orders
from notation.spaceships.parse import parse_record
from spaceships import engine
from spaceships.engine.random_play import random_fleet, random_orders


@pytest.mark.parametrize(
    ("seed", "settings"),
    [(1, ""), (2, ""), (3, "ruleset classic"), (4, "fleet=cost:24 colours=RYGOB")],
)
def test_a_random_game_played_through_the_judge_ends_in_a_replayable_record(
    table: Table, seed: int, settings: str
) -> None:
    rng = random.Random(seed)
    table.person("gm@example.org").send(f"create rand {settings}")
    players = {"A": table.person("a@example.org"), "B": table.person("b@example.org")}
    for person in players.values():
        person.join("rand")
    game = table.store.game("rand")
    assert game is not None
    ruleset = engine.Ruleset.from_tags(game.ruleset, game.options)
    for person in players.values():
        fleet = random_fleet(ruleset, rng)
        reply = person.fleet(format_fleet(fleet), "rand")
        assert "accepted" in reply.body, reply.body
    hidden: dict[str, set[str]] = {"A": set(), "B": set()}  # what each must never read
    written: dict[str, set[str]] = {"A": set(), "B": set()}
    for turn in range(1, 120):
        game = table.store.game("rand")
        assert game is not None
        if game.phase == "over":
            break
        state = engine.GameState.from_json(game.state or {})
        for seat, person in players.items():
            orders = random_orders(state, seat, rng)
            other = "B" if seat == "A" else "A"
            for order in orders:
                written[seat].add(str(order))
                if isinstance(order, MissileLaunch) or (
                    isinstance(order, Beam) and order.ship is not None
                ):
                    hidden[other].add(str(order))
            reply = person.orders(turn, format_orders(orders), "rand")
            assert "accepted" in reply.body, reply.body
    else:
        raise AssertionError("the random game did not end")

    final = [m for m in players["A"].inbox if m.subject.endswith("game over")]
    assert len(final) == 1
    record = parse_record(final[0].attachments[0].data.decode())
    replayed = engine.play_record(record).state
    assert replayed.over and replayed.result.winner == game.outcome["winner"]  # type: ignore[index]

    assert hidden["A"] and hidden["B"]  # the check below has something to look for
    for seat, person in players.items():
        for message in person.inbox:
            if message.subject.endswith("game over"):
                continue  # the reveal
            for token in hidden[seat] - written[seat]:
                pattern = rf"(?<![A-Za-z0-9]){re.escape(token)}(?![A-Za-z0-9])"
                assert not re.search(pattern, message.body), (seat, token, message.subject)
