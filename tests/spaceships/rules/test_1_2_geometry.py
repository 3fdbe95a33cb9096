"""1.2 geometry: adjacency (a shared face) against loose adjacency (any shared face, edge or
vertex), no wrapping, and the colour order option that changes which colours are neighbours."""

from rules_support import (
    DS_CUBE,
    KC,
    MD,
    PC,
    STD,
    adjudicate,
    assert_refused,
    destroyed,
    entry,
    explosions,
    materiel,
    record,
    results,
)

# Under colours=RYGOB the colour axis reads R Y G O B, so Red-Yellow and Yellow-Green are
# neighbours; under the default ROYGB [11.4.1] Red and Yellow are two apart. Only Yellow-Green
# are neighbours in both orders, so this fleet's cube and other ships are legal in both orders and
# only its missile destroyer Rx1 Yx1 Gx1 depends on the option (22 cells).
RYGOB_FLEET = (
    "DS Yv1 Yv2 Yw1 Yw2 Gv1 Gv2 Gw1 Gw2; KC Bx1 Bx2 Bx3 By1 By2 By3; "
    "PC Bz1 Bz2 Bz3 Bz4; MD Rx1 Yx1 Gx1; LS Oz5"
)


def test_1_2_3_heavy_scout_on_cells_sharing_only_an_edge_is_refused() -> None:
    # Oz4 and Yy5 differ by one in every coordinate: loosely adjacent [1.2.4], not adjacent
    # [1.2.3], and a heavy scout needs two adjacent cells [6.7.1].
    fleet = f"{DS_CUBE}; {KC}; {PC}; {MD}; HS Oz4 Yy5"
    assert_refused(record(a=fleet), player="A", rules=[("6.7", "1.2")])


def test_1_2_6_space_does_not_wrap_so_z5_and_z1_are_not_adjacent() -> None:
    # Oz5 and Oz1 would be neighbours only if the number axis wrapped [1.2.6].
    fleet = f"{DS_CUBE}; {KC}; {PC}; {MD}; HS Oz5 Oz1"
    assert_refused(record(a=fleet), player="A", rules=[("6.7", "1.2")])


def test_1_2_4_diagonal_beam_hits_loosely_adjacent_cells_from_the_first_written_end() -> None:
    # bGv1Gx3 is the face diagonal Gv1 Gw2 Gx3 [8.2.1]; only Gx3 is a ship cell of B (KC).
    # A's cube has the parallel firing pair Rv1-Rw2 [8.2.2].
    report = adjudicate(record("1 A: bGv1Gx3"))
    assert results(report, 1, "A") == [
        ("beam", "Gv1", "miss"),
        ("beam", "Gw2", "miss"),
        ("beam", "Gx3", "hit"),
    ]


def test_colours_RYGOB_makes_Rx1_Yx1_Gx1_a_missile_destroyer() -> None:
    # Under RYGOB the colour indices of R, Y, G are 0, 1, 2: a straight line of adjacent cells
    # [6.6.1, 6.6.2]. Both fleets legal, so a strike is adjudicated: Bz1 is B's PC.
    report = adjudicate(record("1 A: Bz1", a=RYGOB_FLEET, b=RYGOB_FLEET, options="colours=RYGOB"))
    assert results(report, 1, "A") == [("strike", "Bz1", "hit")]


def test_default_colour_order_refuses_Rx1_Yx1_Gx1_as_missile_destroyer() -> None:
    # Under ROYGB, R and Y have indices 0 and 2: Rx1 is adjacent to neither Yx1 nor Gx1 [6.6].
    assert_refused(record(a=RYGOB_FLEET), player="A", rules=[("6.6", "1.2")])


def test_colours_RYGOB_refuses_cube_across_red_and_orange() -> None:
    # Under RYGOB, R and O have indices 0 and 3: the STD cube falls apart into two squares [6.2].
    assert_refused(record(a=STD, b=RYGOB_FLEET, options="colours=RYGOB"), player="A", rules=["6.2"])


def test_colours_RYGOB_strike_on_middle_missile_explodes_red_and_green_neighbours() -> None:
    # Yx1 is an unfired missile; under RYGOB its same-ship neighbours are Rx1 and Gx1, so all
    # three go [8.1.4]. Explosions: target first, then conventional order (R before G). The MD
    # is destroyed; its cells listed in conventional order R, Y, G. A: 22 - 3 = 19.
    report = adjudicate(record("1 B: Yx1", a=RYGOB_FLEET, b=RYGOB_FLEET, options="colours=RYGOB"))
    e = entry(report, 1, "B", 0)
    assert (e["action"], e["cell"], e["result"]) == ("strike", "Yx1", "hit")
    assert explosions(e) == ["Yx1", "Rx1", "Gx1"]
    assert destroyed(e) == [("MD", ["Rx1", "Yx1", "Gx1"])]
    assert materiel(report, 1) == (19, 22)


def test_colours_RYGOB_strike_on_red_end_missile_explodes_only_yellow_neighbour() -> None:
    # Rx1's only same-ship neighbour under RYGOB is Yx1; Gx1 is two away and explosions do not
    # chain [8.1.4]. A: 22 - 2 = 20.
    report = adjudicate(record("1 B: Rx1", a=RYGOB_FLEET, b=RYGOB_FLEET, options="colours=RYGOB"))
    e = entry(report, 1, "B", 0)
    assert explosions(e) == ["Rx1", "Yx1"]
    assert destroyed(e) == []
    assert materiel(report, 1) == (20, 22)


def test_colours_RYGOB_orders_cells_green_before_orange() -> None:
    # MD Gx4 Ox4 Bx4 along the colours: under RYGOB G, O, B have indices 2, 3, 4. B strikes the
    # middle, Ox4: explosions Ox4, then Gx4 and Bx4; the destroyed MD is listed G, O, B (under
    # ROYGB it would read Ox4 Gx4 Bx4, and this MD would not even be straight).
    fleet = RYGOB_FLEET.replace("MD Rx1 Yx1 Gx1", "MD Gx4 Ox4 Bx4")
    report = adjudicate(record("1 B: Ox4", a=fleet, b=RYGOB_FLEET, options="colours=RYGOB"))
    e = entry(report, 1, "B", 0)
    assert explosions(e) == ["Ox4", "Gx4", "Bx4"]
    assert destroyed(e) == [("MD", ["Gx4", "Ox4", "Bx4"])]
