"""8.3 scans: one in turn 1; later max(1, own cells destroyed in the previous turn, whatever
destroyed them: strikes, explosions, own kamikazes) [8.3.1.1, 8.3.1.2]; several scanners give no
more [8.3.1.3]; none without an undestroyed scanner [8.3, 8.3.2]; the result is the state of the
cell at the moment of the scan [8.3.4.1], so after this turn's earlier strikes in 2.6.1."""

from rules_support import (
    DS_CUBE,
    FS,
    HS,
    KC,
    STD,
    STD_HS,
    adjudicate,
    assert_refused,
    record,
    results,
)

# fleet=cost:24 with two scanners: DS 8 + KC 6 + FS 4 + HS 3 + LS 3 (21 cells).
TWO_SCANNERS = f"{DS_CUBE}; {KC}; {FS}; {HS}; LS Bz1"


def _scans(*cells: str) -> str:
    return " ".join(f"s{c}" for c in cells)


def test_8_3_1_2_one_scan_in_turn_1() -> None:
    report = adjudicate(record(f"1 A: {_scans('Gx1')}"))
    assert results(report, 1, "A") == [("scan", "Gx1", "undamaged")]
    assert_refused(record(f"1 A: {_scans('Gx1', 'Gx2')}"), turn=1, player="A", rules=["8.3.1"])


def test_8_3_1_3_two_scanners_give_no_more_scans() -> None:
    text = record(
        f"1 A: {_scans('Gx1', 'Gx2')}", a=TWO_SCANNERS, b=TWO_SCANNERS, options="fleet=cost:24"
    )
    assert_refused(text, turn=1, player="A", rules=["8.3.1"])


def test_8_3_1_2_one_scan_after_a_turn_without_losses() -> None:
    # Turn 1 A lost nothing: max(1, 0) = 1 scan in turn 2.
    report = adjudicate(record("1 A: Gx1", f"2 A: {_scans('Gx2')}"))
    assert results(report, 2, "A") == [("scan", "Gx2", "undamaged")]
    assert_refused(
        record("1 A: Gx1", f"2 A: {_scans('Gx2', 'Gx3')}"),
        turn=2,
        player="A",
        rules=["8.3.1"],
    )


def test_8_3_1_1_cells_lost_to_an_explosion_count_for_next_turns_scans() -> None:
    # Turn 1 B hits A's Yw3: the MD explodes, A loses 3 cells; turn 2 A may scan 3 times.
    scans3 = _scans("Gx1", "Gx2", "Bz5")
    report = adjudicate(record("1 B: Yw3", f"2 A: {scans3}"))
    assert results(report, 2, "A") == [
        ("scan", "Gx1", "undamaged"),
        ("scan", "Gx2", "undamaged"),
        ("scan", "Bz5", "empty"),
    ]
    assert_refused(record("1 B: Yw3", f"2 A: {scans3} sGx3"), turn=2, player="A", rules=["8.3.1"])


def test_8_3_1_1_own_kamikaze_counts_for_next_turns_scans() -> None:
    # TWO_SCANNERS: turn 1 B hits A's Oz4; turn 2 A kamikazes from Oz5 (destroying the HS) while
    # B hits Rv1 Rv2. A lost Oz5 + Rv1 + Rv2 = 3 cells in turn 2; the LS still scans: 3 in
    # turn 3, not 4.
    turns = ("1 B: Oz4", "2 A: kOz5 Rz1", "2 B: Rv1 Rv2")
    ok = record(
        *turns,
        f"3 A: {_scans('Gx1', 'Gx2', 'Gx3')}",
        a=TWO_SCANNERS,
        b=TWO_SCANNERS,
        options="fleet=cost:24",
    )
    assert [r[0] for r in results(adjudicate(ok), 3, "A")] == ["scan"] * 3
    too_many = record(
        *turns,
        f"3 A: {_scans('Gx1', 'Gx2', 'Gx3', 'Gy1')}",
        a=TWO_SCANNERS,
        b=TWO_SCANNERS,
        options="fleet=cost:24",
    )
    assert_refused(too_many, turn=3, player="A", rules=["8.3.1"])


def test_8_3_1_1_count_uses_only_the_previous_turn() -> None:
    # A loses 3 cells in turn 1 (explosion), none in turn 2: one scan in turn 3.
    assert_refused(
        record("1 B: Yw3", "2 A: sGx1", f"3 A: {_scans('Gx2', 'Gx3')}"),
        turn=3,
        player="A",
        rules=["8.3.1"],
    )


def test_8_3_2_no_scan_once_the_only_scanner_is_destroyed() -> None:
    # Turn 1 B destroys A's light scout Oz5.
    assert_refused(record("1 B: Oz5", "2 A: sGx1"), turn=2, player="A", rules=["8.3"])


def test_8_3_damaged_heavy_scout_still_scans() -> None:
    # The scanner is destroyed only with its ship [8.3.2]: HS with Oz4 lost still scans; A lost
    # 1 cell, so 1 scan.
    report = adjudicate(record("1 B: Oz4", "2 A: sGx1", a=STD_HS, b=STD_HS))
    assert results(report, 2, "A") == [("scan", "Gx1", "undamaged")]


def test_8_3_4_1_scan_results_empty_and_undamaged() -> None:
    report = adjudicate(record("1 A: sBz5", "2 A: sBz4"))
    assert results(report, 1, "A") == [("scan", "Bz5", "empty")]
    assert results(report, 2, "A") == [("scan", "Bz4", "undamaged")]


def test_8_3_4_1_scan_after_a_strike_on_the_same_cell_this_turn_sees_it_destroyed() -> None:
    # Strikes are revealed before scans [11.7.1.1] and a hit takes effect at once in 2.6.1.
    report = adjudicate(record("1 A: sGx1 Gx1"))
    assert results(report, 1, "A") == [("strike", "Gx1", "hit"), ("scan", "Gx1", "destroyed")]


def test_8_3_4_1_scan_of_a_cell_destroyed_in_an_earlier_turn() -> None:
    report = adjudicate(record("1 A: Gx1", "2 A: sGx1"))
    assert results(report, 2, "A") == [("scan", "Gx1", "destroyed")]


def test_8_3_4_1_scan_sees_opponents_kamikaze_launch_cell_of_this_turn_destroyed() -> None:
    # STD_HS; turn 1 A hits B's Oz4; turn 2 B kamikazes from Oz5, which is destroyed before any
    # visible aspect [4.5.3, rulings], so A's scan of it in turn 2 reads destroyed.
    report = adjudicate(record("1 A: Oz4", "2 A: sOz5", "2 B: kOz5 Rz1", a=STD_HS, b=STD_HS))
    assert results(report, 2, "A") == [("scan", "Oz5", "destroyed")]


def test_11_7_1_1_scans_come_after_strikes_and_before_kamikaze_deaths() -> None:
    # STD_HS: turn 1 B hits Oz4; turn 2 A (1 cell lost: 1 scan) writes kamikaze, scan, strike.
    report = adjudicate(record("1 B: Oz4", "2 A: kOz5 sGx2 Gx1", a=STD_HS, b=STD_HS))
    assert results(report, 2, "A") == [
        ("strike", "Gx1", "hit"),
        ("scan", "Gx2", "undamaged"),
        ("kamikaze", "Oz5", None),
    ]


def test_8_3_scans_are_not_strikes() -> None:
    # A full set of 7 strikes plus the scan is accepted: scans do not count against strikes.
    report = adjudicate(record("1 A: Rz1 Rz2 Rz3 Rz4 Rz5 Ry1 Ry2 sGx1", a=STD))
    assert [r[0] for r in results(report, 1, "A")] == ["strike"] * 7 + ["scan"]


def test_2_4_scanner_destroyed_this_turn_still_scans_this_turn() -> None:
    # B destroys A's LS in turn 1; A's scan of the same turn was entitled at its start.
    report = adjudicate(record("1 A: sGx1", "1 B: Oz5"))
    assert results(report, 1, "A") == [("scan", "Gx1", "undamaged")]
