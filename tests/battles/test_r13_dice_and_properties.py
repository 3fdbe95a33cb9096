"""R13 the judge's dice (seed committed before use, revealed at the end), `battles roll` and
`battles play` on the samples, and properties of whole battles: damage never uncrosses a
system, speed never rises, the same seed gives the same battle."""

from __future__ import annotations

from pathlib import Path

from battles_support import HAWK, LANCER, PIKE, RAIDER, SUN, WARDEN, cli, play, rules
from hypothesis import given, settings
from hypothesis import strategies as st
from sizes import examples

from battles.computer.plain import autoplay_battle
from battles.engine.dice import SeededDice, commitment
from battles.engine.play import play_record
from notation.battles.parse import parse_record
from notation.battles.records import BattleRecord, format_record

SAMPLES = Path(__file__).resolve().parents[2] / "samples" / "battles"


def test_the_same_seed_rolls_the_same_dice_and_the_hash_is_published() -> None:
    a, b = SeededDice("club-night"), SeededDice("club-night")
    rolls = [a.roll(6) for _ in range(200)]
    assert rolls == [b.roll(6) for _ in range(200)]
    assert set(rolls) == {1, 2, 3, 4, 5, 6}
    assert [SeededDice("other").roll(6) for _ in range(20)] != rolls[:20]
    assert all(1 <= SeededDice(str(i)).roll(7) <= 7 for i in range(50))
    assert commitment("club-night").startswith("sha256:") and len(commitment("x")) == 71


def test_the_samples_replay_clean() -> None:
    for name in ("opening.sbr", "full-battle.sbr", "rolled-by-hand.sbr"):
        r = play((SAMPLES / name).read_text(encoding="utf-8"))
        assert r["ok"], (name, r["problems"])
    full = play((SAMPLES / "full-battle.sbr").read_text(encoding="utf-8"))
    assert full["dice"] == "checked against the seed" and full["result"] == "A wins"


def test_the_slips_sample_shows_each_slip() -> None:
    r = play((SAMPLES / "slips.sbr").read_text(encoding="utf-8"))
    assert rules(r) == ["IV.C.1", "IV.C.1", "R13"]


def test_a_die_not_from_the_seed_is_found() -> None:
    text = (SAMPLES / "opening.sbr").read_text(encoding="utf-8")
    bad = text.replace("Gf r4 d1=0, Xf r4 d4=1", "Gf r4 d6=1, Xf r4 d4=1", 1)
    assert bad != text
    r = play(bad)
    assert rules(r)[0] == "R13" and "the seed rolled" in r["problems"][0]["message"]


def test_a_seed_that_does_not_match_the_commitment_is_found() -> None:
    text = (SAMPLES / "opening.sbr").read_text(encoding="utf-8")
    r = play(text.replace('[DiceSeed "sample-seed-1"]', '[DiceSeed "sample-seed-9"]'))
    assert r["problems"][0]["message"].startswith("the seed does not match the dice commitment")


def test_roll_fills_in_the_orders_with_the_commitment_first() -> None:
    orders = (SAMPLES / "orders-to-roll.sbr").read_text(encoding="utf-8")
    code, out = cli("battles", "roll", "-", "--seed", "sample-seed-1", "--reveal", input=orders)
    assert code == 0
    assert out == (SAMPLES / "opening.sbr").read_text(encoding="utf-8")
    assert out.index('[Dice "sha256:') < out.index("1 initiative A")


FLEETS = [
    (
        f"Lancer {LANCER} at 0,8 N; Warden {WARDEN} at 1,7 N",
        f"Raider {RAIDER} at 0,-8 S; Hawk {HAWK} at -1,-7 S",
    ),
    (f"Sun {SUN} at 0,6 N; Pike {PIKE} at 2,5 NW", f"Raider {RAIDER} at 0,-6 S"),
]


def _battle(fleet: int, seed: str) -> BattleRecord:
    a, b = FLEETS[fleet]
    ships = [f"A ship {s.strip()}" for s in a.split(";")]
    ships += [f"B ship {s.strip()}" for s in b.split(";")]
    start = parse_record("\n".join(['[Game "Spaceship Battles"]', *ships]) + "\n")
    return autoplay_battle(start, seed, turns=12)


@settings(max_examples=examples(4, 12), deadline=None)
@given(st.integers(0, 1), st.text("abcdef0123456789", min_size=4, max_size=8))
def test_whole_battles_keep_their_invariants(fleet: int, seed: str) -> None:
    record = _battle(fleet, seed)
    replay = play_record(record)
    assert replay.problems == [], replay.problems
    assert replay.dice == "checked against the seed"
    before = {s.name: s for s in replay.states[0].ships}
    for state in replay.states[1:]:
        for ship in state.ships:
            old = before[ship.name]
            # Damage never uncrosses a system.
            assert all(b or not a for a, b in zip(old.crossed, ship.crossed, strict=True))
            # Speed never rises: engines only ever get crossed out.
            assert ship.speed <= old.speed
            if ship.working("I") < old.working("I"):
                assert ship.speed <= old.speed
            before[ship.name] = ship
    # The same seed gives the same battle, to the character.
    assert format_record(_battle(fleet, seed)) == format_record(record)


def _roll(text: str, seed: str) -> tuple[int, str, str]:
    from click.testing import CliRunner

    from spaceships_cli import main

    result = CliRunner().invoke(main, ["battles", "roll", "-", "--seed", seed], input=text)
    return result.exit_code, result.stdout, result.stderr


def test_roll_refuses_a_seed_that_does_not_hash_to_the_published_dice() -> None:
    opening = (SAMPLES / "opening.sbr").read_text(encoding="utf-8")
    half = opening.split('[DiceSeed "sample-seed-1"]\n')
    text = "".join(half)
    code, out, err = _roll(text, "not-the-seed")
    assert code == 1 and out == ""
    assert "nothing rolled" in err and "does not hash" in err and "[R13]" in err


def test_roll_never_rewrites_dice_already_written() -> None:
    opening = (SAMPLES / "opening.sbr").read_text(encoding="utf-8")
    forged = opening.replace("Gf r4 d1=0, Xf r4 d4=1", "Gf r4 d6=1, Xf r4 d4=1", 1)
    code, out, err = _roll(forged, "sample-seed-1")
    assert code == 1 and out == ""
    assert "the seed rolled" in err
    by_hand = (SAMPLES / "rolled-by-hand.sbr").read_text(encoding="utf-8")
    code, out, err = _roll(by_hand, "any-seed")
    assert code == 1 and out == "" and "rolled by hand" in err


def test_roll_rolls_nothing_and_prints_nothing_when_an_order_is_wrong() -> None:
    orders = (SAMPLES / "orders-to-roll.sbr").read_text(encoding="utf-8")
    bad = orders.replace("1 A volley Lancer > Raider", "1 A volley Lancer > Lancer", 1)
    assert bad != orders
    code, out, err = _roll(bad, "sample-seed-1")
    assert code == 1 and out == ""
    assert "Lancer is not an enemy ship [IV.A.1]" in err and "nothing rolled" in err
