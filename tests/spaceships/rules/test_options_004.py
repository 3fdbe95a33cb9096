"""The seed-004 options the rulings list besides fleets and colours: `scoring=hits` (004 6.2)
and `tiebreak=hypothetical-hits` (004 6.1), each off by default."""

from rules_support import adjudicate, record

HS = "HS Oz4 Oz5"
MD = "MD Yv3 Yw3 Yx3"
# Turn 1 each hits the other's Oz4; turn 2 both kamikaze from Oz5 (both fleets gone: 0-0).
# A's strike on B's Oz5 is a duplicate only because B kamikazed from it; B's strike misses.
KAMIKAZE_DRAW = ("1 A: Oz4", "1 B: Oz4", "2 A: kOz5 Oz5", "2 B: kOz5 Rz1")


def _result(report: dict) -> tuple:
    r = report["result"]
    return (r["over"], r["turn"], r["score"], r["winner"])


def test_2_3_4_mutual_destruction_by_kamikazes_is_a_draw_by_default() -> None:
    report = adjudicate(record(*KAMIKAZE_DRAW, a=HS, b=HS, options="fleet=cost:3"))
    assert _result(report) == (True, 2, {"A": 0, "B": 0}, "draw")


def test_004_6_1_hypothetical_hits_break_the_tie() -> None:
    # Without B's kamikaze, A's strike on Oz5 would have been a hit (1); B's strike on Rz1 is a
    # miss either way (0): A wins the 0-0 game.
    report = adjudicate(
        record(*KAMIKAZE_DRAW, a=HS, b=HS, options="fleet=cost:3 tiebreak=hypothetical-hits")
    )
    assert _result(report) == (True, 2, {"A": 0, "B": 0}, "A")


def test_004_6_1_a_duplicate_on_an_earlier_loss_is_no_hypothetical_hit() -> None:
    # Turn 2: A strikes Oz4 again (B lost it in turn 1): a duplicate with or without B's kamikaze.
    # B's strike misses. Neither side has a hypothetical hit: the 0-0 game stays a draw.
    turns = ("1 A: Oz4", "1 B: Oz4", "2 A: kOz5 Oz4", "2 B: kOz5 Rz1")
    report = adjudicate(
        record(*turns, a=HS, b=HS, options="fleet=cost:3 tiebreak=hypothetical-hits")
    )
    assert _result(report) == (True, 2, {"A": 0, "B": 0}, "draw")


def test_004_6_1_tiebreak_leaves_a_decided_game_alone() -> None:
    # A's strike explodes B's whole MD; B's strike on Yv3 explodes Yv3 Yw3: A 1, B 0.
    report = adjudicate(
        record(
            "1 A: Yw3", "1 B: Yv3", a=MD, b=MD, options="fleet=cost:3 tiebreak=hypothetical-hits"
        )
    )
    assert _result(report) == (True, 1, {"A": 1, "B": 0}, "A")


def test_004_6_2_scoring_by_hits_counts_duplicates_caused_by_explosions() -> None:
    # A: Yw3 hit (explodes B's whole MD) and, with its missile, Yv3: a duplicate on a cell
    # destroyed by an exploding missile in the same turn, which counts: 2. B: Yv3 is A's missile
    # launched this turn, a plain hit: 1. (Materiel would give A 2, B 0.)
    report = adjudicate(
        record("1 A: Yw3 mYv3 Yv3", "1 B: Yv3", a=MD, b=MD, options="fleet=cost:3 scoring=hits")
    )
    assert _result(report) == (True, 1, {"A": 2, "B": 1}, "A")


def test_004_6_2_scoring_by_hits_counts_strikes_on_kamikaze_launch_cells() -> None:
    # A: Oz4 hit (turn 1) + Oz5, a duplicate on B's kamikaze launch cell of that turn: 2.
    # B: Oz4 hit, Rz1 miss: 1.
    report = adjudicate(record(*KAMIKAZE_DRAW, a=HS, b=HS, options="fleet=cost:3 scoring=hits"))
    assert _result(report) == (True, 2, {"A": 2, "B": 1}, "A")
