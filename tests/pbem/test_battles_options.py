"""A battle's `create` options by email: `turns=N`, the turn limit (reading R12), and `x=MODE`,
how the Gun/Missile X fires (reading R5); both written in the record that `spaceships battles
play` replays."""

from __future__ import annotations

import json

from test_battles_judge import DESIGN_A, DESIGN_B, new_table, play_phase

from battles.engine.play import play_record
from notation.battles.parse import parse_record


def _battle(options: str):
    table = new_table()
    gm = table.person("gm@club.example")
    a = table.person("alice@example.org", "Alice")
    b = table.person("bob@example.org", "Bob")
    reply = gm.send(f"create duel battles {options}")
    a.join("duel")
    b.join("duel")
    a.send(a.sign_on("duel") + DESIGN_A)
    b.send(b.sign_on("duel") + DESIGN_B)
    return table, gm, a, b, reply


def test_create_says_the_options_and_refuses_wrong_ones_with_an_example() -> None:
    table, gm, a, b, reply = _battle("budget=300 turns=2 x=best")
    assert "budget 300 a side, 2 turns at most, X fires as a gun at range 1-2" in reply.body
    for wrong, said in (
        ("turns=0", "`turns=0`: turns=N is the last turn of the battle, 1 to 1000"),
        ("x=laser", "`x=laser`: x=MODE says how the Gun/Missile X fires: reach, missile, best"),
        ("speed=3", "`speed=3`: not an option of a battle; its options: budget=N, turns=N"),
    ):
        refused = gm.send(f"create other battles {wrong}")
        assert said in refused.body, refused.body
    assert "e.g. turns=20" in gm.send("create other battles turns=x").body
    assert "The computer plays B" in gm.send("create c battles vs computer").body
    plain = gm.send("create plain battles").body
    assert "(x=reach)." in plain and "deadline" not in plain


def test_after_the_last_turn_the_side_that_destroyed_more_wins_r12() -> None:
    table, gm, a, b, _ = _battle("turns=2")
    assert "Turn 1 of 2, movement" in a.inbox[-1].body
    for _ in range(3):
        play_phase(table, a, b)
    assert (
        "Turn 2 of 2, fire" in a.inbox[-1].body
        and "This is the last turn [R12]" in a.inbox[-1].body
    )
    play_phase(table, a, b)
    game = table.store.game("duel")
    assert game.phase == "over"
    last = a.inbox[-1]
    # Warden destroyed Hawk (110) in turn 2's fire; Lancer and Raider are both damaged.
    assert (
        "Alice (A) wins; turn 2 was the last (turns=2): A destroyed ships costing 110, "
        "B ships costing 0 [R12]." in last.body
    )
    record = parse_record(last.attachments[0].data.decode())
    replay = play_record(record)
    assert replay.problems == [] and replay.state.over and record.tag("Result") == "A wins"


def test_a_resignation_in_the_last_turn_stays_a_resignation_r12() -> None:
    table, gm, a, b, _ = _battle("turns=1")
    a.send(a.sign_on("duel") + "resign")
    sent = b.inbox[-1].attachments[0].data.decode()
    record = parse_record(sent)
    assert record.tag("Result") == "B wins (A resigned)"
    replay = play_record(record)
    assert replay.problems == []
    # `battles play` of the record says what the mail said: B won, A resigned.
    from click.testing import CliRunner

    from spaceships_cli import main

    shown = CliRunner().invoke(main, ["battles", "play", "-"], input=sent)
    assert shown.exit_code == 0 and "turn 1: B wins (A resigned)" in shown.output
    report = json.loads(
        CliRunner().invoke(main, ["battles", "play", "--json", "-"], input=sent).output
    )
    assert report["result"] == "B wins (A resigned)" and report["winner"] == "B"
    # `history` of the battle afterwards is that same record, not the turn limit's result.
    assert sent.strip() in b.send("history duel").body


def test_the_x_mode_is_written_in_the_record_and_honoured_by_battles_play_r5() -> None:
    table, gm, a, b, _ = _battle("x=missile")
    record = table.store.game("duel").state["record"]
    assert '[XWeapon "missile"]' in record
    # The default is not written: a record without the tag reads X as reading R5 says.
    table2, *_ = _battle("")
    assert "XWeapon" not in table2.store.game("duel").state["record"]
