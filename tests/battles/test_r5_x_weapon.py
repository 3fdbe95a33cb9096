"""Reading R5: how the Gun/Missile X fires, a battle's choice (`[XWeapon "..."]`, `create ...
x=MODE`): `reach` (the default) a gun up to range 10 and a missile beyond; `missile` the
missile table at every range; `best` the gun at range 1-2 and the missile from 3."""

from __future__ import annotations

import pytest
from battles_support import play, problems, record, ship

# Lancer (A) at 0,0 facing N, Raider (B) at 0,-5 facing S: range 5, each in the other's front
# arc. Raider's first system is S; it has no point defense, so no pd die is rolled.


def _x_volley(die: int, damage: str, loses: str, mode: str | None, at: str = "0,-5") -> dict:
    rng = 5 if at == "0,-5" else 2
    extra = f'[XWeapon "{mode}"]' if mode else ""
    line = f"1 A volley Lancer > Raider (Xf): Xf r{rng} d{die}={damage}; Raider loses {loses}"
    return play(
        record(
            "1 initiative A 5 B 3",
            line,
            b=f"Raider C-SSI(Lf)II(Gf)(Rf)D-167-2-3 at {at} S",
            extra=extra,
        )
    )


@pytest.mark.parametrize("mode", [None, "reach"])
def test_by_default_x_is_a_gun_within_gun_range_r5(mode: str | None) -> None:
    # Gun table, range 5 (band 5-6), die 3: no damage.
    r = _x_volley(3, "0", "nothing", mode)
    assert r["ok"], r["problems"]


def test_x_missile_fires_on_the_missile_table_at_every_range_r5() -> None:
    # Missile table, range 5 (band 3-6), die 3: 1 point; Raider crosses out its S.
    r = _x_volley(3, "1", "S", "missile")
    assert r["ok"], r["problems"]
    assert ship(r, "Raider")["systems"].startswith("[S]")
    # The same line read under the default is wrong: the gun table gives nothing.
    wrong = _x_volley(3, "1", "S", None)
    assert not wrong["ok"]


def test_x_best_is_a_gun_at_range_1_2_and_a_missile_beyond_r5() -> None:
    # Range 5: the missile table, as `missile`.
    assert _x_volley(3, "1", "S", "best")["ok"]
    # Range 2 (band 1-2), die 2: the gun table gives 1, the missile table nothing.
    r = _x_volley(2, "1", "S", "best", at="0,-2")
    assert r["ok"], r["problems"]


def test_an_unknown_x_mode_is_a_problem_with_its_reading_r5() -> None:
    r = play(record("1 initiative A 5 B 3", extra='[XWeapon "gun"]'))
    assert problems(r) == ["XWeapon 'gun': X fires as one of reach, missile, best [R5]"]


def test_a_turn_limit_must_be_a_number_of_turns_r12() -> None:
    r = play(record("1 initiative A 5 B 3", extra='[TurnLimit "0"]'))
    assert problems(r) == ["turn limit '0': a whole number of turns, 1 or more [R12]"]


@pytest.mark.parametrize("budget", ["-5", "lots", "0", "12.5"])
def test_a_budget_must_be_a_number_of_points_r16(budget: str) -> None:
    # A budget that cannot be read is refused, not taken as "no budget": these fleets cost
    # far more than any budget would allow, and nobody should believe they were checked.
    r = play(record("1 initiative A 5 B 3", extra=f'[Budget "{budget}"]'))
    assert problems(r) == [f"budget {budget!r}: a whole number of points, 1 or more [R16]"]
    assert r["ok"] is False
