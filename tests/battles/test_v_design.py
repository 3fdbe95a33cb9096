"""[V.A, V.C] Ship design: space, engines, cost, turn mode after Advanced Maneuvering."""

from __future__ import annotations

from battles_support import cli

from battles.engine.design import check_design, complete, figures
from notation.battles.parse import parse_design, parse_ship_code


def messages(code: str) -> list[str]:
    return [f"{p.message} [{p.rule}]" for p in check_design(parse_ship_code(code))]


def test_the_seed_example_costs_87_not_84() -> None:
    # E hull 33 + 4 engines x 5 = 20 + S 4 + A 2 + G 5 + X 20 + V (AM column for E) 3 = 87.
    assert messages("E-SAI(Gf)I(Xf)IIV-84-1-4") == [
        "cost 84 written, 87 by the tables: E hull 33 + 4 engines 20 + S 4 + A 2 + G 5 + X 20"
        " + V 3 [V.C]"
    ]


def test_the_seed_example_with_87_is_legal_and_fills_its_hull_exactly() -> None:
    # Space: 4 engines x .5 = 2 + S 1 + A 1 + G 3 + X 3 + V 0 = 10 of the Escort's 10.
    f = figures(parse_ship_code("E-SAI(Gf)I(Xf)IIV-87-1-4"))
    assert (f.cost, f.space, f.spaces, f.turn_mode, f.engines) == (87, 10, 10, 1, 4)
    assert messages("E-SAI(Gf)I(Xf)IIV-87-1-4") == []


def test_check_command_says_exactly_the_seed_example_sum() -> None:
    code, out = cli("battles", "check", "E-SAI(Gf)I(Xf)IIV-84-1-4")
    assert code == 1
    assert (
        "cost 84 written, 87 by the tables: E hull 33 + 4 engines 20 + S 4 + A 2 + G 5 + X 20 + V 3"
    ) in out


def test_space_over_the_hull_is_refused_with_the_sum_v_a_1() -> None:
    # Escort 10 spaces: 4 engines 2 + S 1 + A 1 + G 3 + X 3 + M 3 = 13.
    assert messages("E-SAI(Gf)I(Xf)II(Mf)-94-2-4") == [
        "space 13 used, 10 in the hull E (Escort): 4 engines 2 + S 1 + A 1 + G 3 + X 3 + M 3"
        " [V.A.1]"
    ]


def test_at_most_six_engines_v_a_1() -> None:
    # Cruiser: 7 engines x 2 = 14 spaces of 50; cost 300 + 7 x 8 = 356.
    assert messages("CR-IIIIIII-356-3-7") == ["7 engines; a ship may have at most 6 [V.A.1]"]


def test_advanced_maneuvering_lowers_turn_mode_but_not_below_1_v_a_3() -> None:
    # Destroyer turn mode 3; V costs 12 (10% of 123 rounded down): 123 + 8 + 2 x 12 = 155.
    # Two V: turn mode 3 - 2 = 1.
    assert figures(parse_ship_code("D-VVI-155-1-1")).turn_mode == 1
    assert messages("D-VVI-155-1-1") == []
    # A third V would take it to 0: refused; the turn mode written stays at least 1.
    assert messages("D-VVVI-167-1-1") == [
        "3 Advanced Maneuvering (V) would take turn mode 3 below 1 [V.A.3]"
    ]


def test_turn_mode_and_engines_written_wrong_v_b_5_v_b_6() -> None:
    assert messages("E-SAI(Gf)I(Xf)IIV-87-2-3") == [
        "turn mode 2 written, 1 by the tables: E turn mode 2 - 1 V [V.B.5]",
        "3 engines written, 4 I in the systems [V.B.6]",
    ]
    assert messages("E-SAI(Gf)I(Xf)IIV-87-1-1") == ["1 engine written, 4 I in the systems [V.B.6]"]


def test_half_spaces_of_small_hulls_add_up() -> None:
    # Corvette 13 spaces: 3 engines x .5 = 1.5 + 2 S 2 + L 4 + G 3 + R 2 + D 0 = 12.5.
    f = figures(parse_ship_code("C-SSI(Lf)II(Gf)(Rf)D-167-2-3"))
    assert f.space == 12.5 and f.cost == 167


def test_every_hull_cost_of_maneuvering_is_a_tenth_of_its_cost() -> None:
    from battles.engine.tables import HULLS

    assert all(h.maneuvering_cost == h.cost // 10 for h in HULLS.values())


def test_design_completes_the_three_numbers() -> None:
    assert str(complete(parse_design("E-SAI(Gf)I(Xf)IIV"))) == "E-SAI(Gf)I(Xf)IIV-87-1-4"
    code, out = cli("battles", "design", "E-SAI(Gf)I(Xf)IIV")
    assert code == 0
    assert out.splitlines()[0] == "E-SAI(Gf)I(Xf)IIV-87-1-4"
    assert "space 10 of 10" in out


def test_design_keeps_the_numbers_written_and_says_which_the_tables_change() -> None:
    # A `?` stands for one number to work out; a number written beside it is checked, never
    # dropped without a word.
    code, out = cli("battles", "design", "E-SAI(Gf)I(Xf)IIV-84-?-?")
    assert out.splitlines()[:2] == ["(written 84-?-?; by the tables:)", "E-SAI(Gf)I(Xf)IIV-87-1-4"]
    code, out = cli("battles", "design", "E-SAI(Gf)I(Xf)IIV-?-1-4")
    assert out.splitlines()[0] == "E-SAI(Gf)I(Xf)IIV-87-1-4"  # what was written was right


def test_design_of_an_overfull_ship_completes_it_and_says_why_it_is_illegal() -> None:
    code, out = cli("battles", "design", "E-(Pf)(Pf)(Pf)I")
    assert code == 1
    assert out.splitlines()[0] == "E-(Pf)(Pf)(Pf)I-188-2-1"
    assert "space 12.5 used, 10 in the hull E" in out
