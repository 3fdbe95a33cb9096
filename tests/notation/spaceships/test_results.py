"""Claimed results lines (docs/notation.md, "Results"): `1 A results: ...`."""

import pytest

from notation.errors import NotationError
from notation.spaceships import Cell, Claim, DestroyedShip, FlashcubeCell, Position, ShipId
from notation.spaceships.format import format_claim
from notation.spaceships.parse import parse_claims, parse_record


def c(text):
    return Cell(text[0], text[1], int(text[2]))


def test_each_kind_of_visible_aspect():
    claims = parse_claims(
        "bRv1 hit; Gx3 miss; Yw2 dup; sGy3 empty; sGy4 undamaged; sGy5 destroyed; kBz5"
    )
    assert [(x.kind, str(x.cell), x.result) for x in claims] == [
        ("beam", "Rv1", "hit"),
        ("strike", "Gx3", "miss"),
        ("strike", "Yw2", "duplicate"),
        ("scan", "Gy3", "empty"),
        ("scan", "Gy4", "undamaged"),
        ("scan", "Gy5", "destroyed"),
        ("kamikaze", "Bz5", None),
    ]


@pytest.mark.parametrize(
    ("word", "result"),
    [
        ("hit", "hit"),
        ("h", "hit"),
        ("miss", "miss"),
        ("m", "miss"),
        ("dup", "duplicate"),
        ("duplicate", "duplicate"),
        ("d", "duplicate"),
    ],
)
def test_strike_results_written_out_or_abbreviated(word, result):
    (claim,) = parse_claims(f"Gx3 {word}")
    assert claim.result == result


def test_explosions_destroyed_ships_and_flashcube_data():
    (claim,) = parse_claims(
        "Yw2 hit explodes Yw2 Yv2 destroys MD Yv2 Yw2 Yx2 flashcube Yv2 -, Yw2 KC, Yx2 KC2 x"
    )
    assert claim == Claim(
        "strike",
        c("Yw2"),
        "hit",
        (c("Yw2"), c("Yv2")),
        (DestroyedShip(ShipId("MD"), (c("Yv2"), c("Yw2"), c("Yx2"))),),
        (
            FlashcubeCell(c("Yv2"), None),
            FlashcubeCell(c("Yw2"), ShipId("KC")),
            FlashcubeCell(c("Yx2"), ShipId("KC", 2), True),
        ),
    )
    assert format_claim(claim) == (
        "Yw2 hit explodes Yw2 Yv2 destroys MD Yv2 Yw2 Yx2 flashcube Yv2 -, Yw2 KC, Yx2 KC2 x"
    )


def test_flashcube_destroyed_may_be_written_out():
    (claim,) = parse_claims("Rv1 hit destroys LS Rv1 flashcube Rv1 LS destroyed")
    assert claim.flashcube == (FlashcubeCell(c("Rv1"), ShipId("LS"), True),)


def test_a_kamikaze_death_may_destroy_a_ship_and_several_ships_may_be_destroyed():
    (claim,) = parse_claims("kBz5 destroys LG Bz5 destroys AG2 By5 Bx5")
    assert [str(d.ship) for d in claim.destroyed] == ["LG", "AG2"]


def test_results_lines_for_both_players_with_positions():
    record = parse_record("1 A: Gx3\n1 B: Rv1\n1 A results: Gx3 miss\n1 B results:  Rv1 hit\n")
    assert [(r.turn, r.player) for r in record.results] == [(1, "A"), (1, "B")]
    assert record.results[1].position == Position(4, 1)
    assert record.results[1].claims[0].position == Position(4, 15)


def test_an_empty_results_line():
    record = parse_record("1 A results:\n")
    assert record.results[0].claims == ()


def test_a_scan_with_a_strike_result_is_an_error_with_a_hint():
    with pytest.raises(NotationError) as caught:
        parse_claims("sGy3 hit")
    assert caught.value.hint == "a scan's result is empty, undamaged or destroyed"


def test_a_strike_without_a_result_is_an_error():
    with pytest.raises(NotationError) as caught:
        parse_record("1 A results: Gx3; Rv1 hit\n")
    assert caught.value.column == 17
    assert "a result (hit, miss or dup)" in caught.value.expected


def test_a_misspelt_result_word_gets_did_you_mean():
    with pytest.raises(NotationError) as caught:
        parse_record("1 A results: Gx3 hitt\n")
    assert caught.value.hint == "did you mean `hit`?"


@pytest.mark.parametrize(
    ("text", "column", "hint"),
    [
        (
            "kBz5 hit; Gx3 miss",
            6,
            "a kamikaze death has no result [5.4.3]; its strike is a separate entry",
        ),
        ("Gx3 hit explodes", 17, "name the cells that exploded: explodes Yw2 Yv2"),
        ("Gx3 hit destroys Gx3", 18, "name the ship, then its cells: destroys MD Yv2 Yw2 Yx2"),
        (
            "Gx3 hit flashcube Gx3",
            22,
            "after each flashcube cell comes - (no ship) or the ship there: Yv2 -, Yw2 KC",
        ),
    ],
)
def test_what_follows_a_claim_gets_a_hint_pointing_into_the_claims_text(text, column, hint):
    with pytest.raises(NotationError) as caught:
        parse_claims(text)
    assert (caught.value.text, caught.value.column, caught.value.hint) == (text, column, hint)


def test_an_empty_entry_between_semicolons_points_at_the_semicolon():
    with pytest.raises(NotationError) as caught:
        parse_claims("Gx3 hit; ; Rv1 miss")
    assert (caught.value.column, caught.value.word) == (10, ";")
