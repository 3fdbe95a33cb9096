"""[V.B] Ship Codes: parse, canonical text, and errors that teach (line:column and a hint)."""

from __future__ import annotations

import pytest
from battles_support import cli
from hypothesis import given, settings
from hypothesis import strategies as st
from sizes import examples

from battles.engine.tables import COMPONENTS, HULLS, WEAPONS
from notation.battles.codes import ShipCode, System
from notation.battles.hexes import Hex
from notation.battles.parse import parse_design, parse_hex, parse_ship_code
from notation.errors import NotationError


def test_the_seed_example_parses_into_its_fields() -> None:
    code = parse_ship_code("E-SAI(Gf)I(Xf)IIV-84-1-4")
    assert code.hull == "E"
    assert [str(s) for s in code.systems] == ["S", "A", "I", "(Gf)", "I", "(Xf)", "I", "I", "V"]
    assert (code.cost, code.turn_mode, code.engines) == (84, 1, 4)
    assert str(code) == "E-SAI(Gf)I(Xf)IIV-84-1-4"


def test_two_letter_hull_classes_and_every_arc() -> None:
    code = parse_ship_code("CR-(Gf)(Gr)(Gl)(Gb)II-1-1-2")
    assert code.hull == "CR" and [s.arc for s in code.systems[:4]] == list("frlb")


def test_spaces_around_a_code_are_forgiven_but_one_inside_is_refused_v_b() -> None:
    # A space inside was once read as if absent, unsaid (issue 23): now it is pointed at, with
    # the code as it would read without it.
    assert str(parse_ship_code("  E-SA(Gf)I-1-1-1 \n")) == "E-SA(Gf)I-1-1-1"
    with pytest.raises(NotationError) as info:
        parse_ship_code("E-SA (Gf) I-1-1-1")
    e = info.value
    assert (e.line, e.column) == (1, 5)
    assert "a Ship Code is written without spaces" in e.message
    assert e.hint == "write it as one word: `E-SA(Gf)I-1-1-1` [V.B]"


def test_battles_check_and_design_refuse_a_code_with_a_space_inside() -> None:
    code, out = cli("battles", "check", "E-S (Gf)-42-2-0")
    assert code == 1 and "line 1, column 4: a Ship Code is written without spaces" in out
    assert "write it as one word: `E-S(Gf)-42-2-0` [V.B]" in out
    code, out = cli("battles", "design", "E-S (Gf)")
    assert code == 1 and "`E-S(Gf)`" in out


def _error(text: str) -> NotationError:
    with pytest.raises(NotationError) as info:
        parse_ship_code(text)
    return info.value


def test_a_weapon_without_its_arc_points_at_the_letter() -> None:
    e = _error("E-SAI(G)I(Xf)IIV-84-1-4")
    assert (e.line, e.column) == (1, 7)
    assert "the weapon G has no arc of fire" in str(e)
    assert "(Gf) front" in e.hint and "[V.A.2]" in e.hint


def test_an_unknown_system_letter_is_named() -> None:
    e = _error("E-SAQI(Gf)-84-1-4")
    assert (e.line, e.column) == (1, 5)
    assert e.message == "unknown system letter Q" and "GMXFLEP" in e.hint


def test_an_engine_inside_parentheses_is_not_a_weapon() -> None:
    e = _error("E-S(I)(Gf)-84-1-4")
    assert (e.line, e.column) == (1, 5)
    assert "I (Engine) is not a weapon" in e.message
    assert e.hint.startswith("write I without parentheses")


def test_point_defense_is_not_a_weapon_r3() -> None:
    # Reading R3: Y guards all round, so (Yf) is an error and Y is written bare.
    assert "Y (Point Defense) is not a weapon" in _error("E-(Yf)I-1-1-1").message
    assert parse_ship_code("E-YI-1-1-1").systems[0] == System("Y")


def test_a_weapon_without_parentheses_is_refused() -> None:
    e = _error("E-SAG-1-1-1")
    assert (e.line, e.column) == (1, 5) and "goes in parentheses" in e.message


def test_a_missing_field_names_what_is_missing() -> None:
    e = _error("E-SAI(Gf)-84-1")
    assert (e.line, e.column) == (1, 15)
    assert "4 fields of 5; missing: engines" in e.message
    assert "spaceships battles design" in e.hint
    assert "missing: cost, turn mode, engines" in _error("E-SAI(Gf)").message


def test_unknown_arc_and_lower_case_system_letters() -> None:
    assert _error("E-SA(Gq)-1-1-1").message == "unknown arc q"
    e = _error("E-sA-1-1-1")
    assert "system letters are capitals" in e.message and e.hint.startswith("write S")


def test_a_design_may_leave_its_numbers_out_or_as_question_marks() -> None:
    assert not parse_design("E-SAI(Gf)").complete
    assert parse_design("E-SAI(Gf)-?-?-?").cost is None
    assert parse_design("E-SAI(Gf)-87-1-4").complete


def test_hexes_are_written_q_comma_r_r1() -> None:
    assert parse_hex("-2,3") == Hex(-2, 3) and str(Hex(-2, 3)) == "-2,3"
    with pytest.raises(NotationError):
        parse_hex("2;3")


def test_check_prints_every_syntax_error_with_a_caret() -> None:
    code, out = cli("battles", "check", "E-SAI(G)I(Xf)IIV-84-1-4")
    assert code == 1
    assert "line 1, column 7: the weapon G has no arc of fire" in out
    assert "     |       ^" in out


systems = st.one_of(
    st.sampled_from([c for c in COMPONENTS if c not in WEAPONS]).map(System),
    st.builds(System, st.sampled_from(list(WEAPONS)), st.sampled_from(list("frlb"))),
)


@settings(max_examples=examples(25, 60), deadline=None)
@given(
    st.sampled_from(list(HULLS)),
    st.lists(systems, min_size=1, max_size=12),
    st.integers(0, 999),
    st.integers(1, 5),
    st.integers(0, 6),
)
def test_canonical_text_parses_back_to_the_same_code(hull, syst, cost, tm, engines) -> None:
    code = ShipCode(hull, tuple(syst), cost, tm, engines)
    assert parse_ship_code(str(code)) == code


def test_v_b_a_letter_in_a_number_field_names_the_field_not_a_system_letter() -> None:
    # `abc` where the cost goes: no "write A" (a system letter has no place there).
    from click.testing import CliRunner

    from spaceships_cli import main

    result = CliRunner().invoke(main, ["battles", "check", "E-SAI(Gf)I(Xf)IIV-abc-1-4"])
    assert result.exit_code == 1
    assert "the cost is a number" in result.output and "write A" not in result.output
    result = CliRunner().invoke(main, ["battles", "check", "E-SAI(Gf)I(Xf)IIV-87-x-4"])
    assert "the turn mode is a number" in result.output


def test_v_b_several_codes_checked_say_which_one_is_wrong_and_offer_only_a_codes_parts() -> None:
    from click.testing import CliRunner

    from spaceships_cli import main

    good = "E-SAI(Gf)I(Xf)IIV-87-1-4"
    result = CliRunner().invoke(main, ["battles", "check", good, "E-SAx"])
    assert result.exit_code == 1
    wrong = next(line for line in result.output.splitlines() if "unexpected" in line)
    assert wrong.startswith("E-SAx: line 1, column 5")
    assert "destroyed" not in wrong and "carry" not in wrong  # a ship line's words, not a code's


def test_v_b_a_ship_line_whose_code_stops_before_its_numbers_says_what_is_missing() -> None:
    from click.testing import CliRunner

    from spaceships_cli import main

    text = '[Game "Spaceship Battles"]\nA ship Brick C-AAAAAAI(Gb) at 0,3 N\n'
    result = CliRunner().invoke(main, ["battles", "play", "-"], input=text)
    assert result.exit_code == 1
    assert "missing: cost, turn mode, engines" in result.output
    assert "spaceships battles design C-AAAAAAI(Gb)" in result.output
