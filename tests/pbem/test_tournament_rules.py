"""Tournaments' pairings and standings (pbem.club.tournaments), pure, each against figures
worked out by hand in the comments: a Swiss of six over three rounds, a round robin of four,
byes, withdrawals' forfeits, and the crosstable (issue 45, item 3)."""

from __future__ import annotations

from pbem.club.tournaments import (
    Game,
    Pairing,
    crosstable,
    round_robin,
    standings,
    swiss_round,
    swiss_rounds_needed,
)


def _play(pairs: list[Pairing], results: dict[tuple[int, int], float]) -> list[Game]:
    """Each pairing with seat A's score from `results`, keyed (white, black)."""
    return [Game(p, results.get((p.white, p.black or 0))) for p in pairs]


def _boards(pairs: list[Pairing]) -> list[tuple[int, int | None]]:
    return [(p.white, p.black) for p in pairs]


def test_a_swiss_of_six_over_three_rounds_pairs_and_ranks_as_worked_out_by_hand() -> None:
    players = [1, 2, 3, 4, 5, 6]
    assert swiss_rounds_needed(6) == 3
    # Round 1, all on 0: top half against bottom half (1-4, 2-5, 3-6), the higher ranked
    # taking seat A on odd boards, seat B on even ones.
    r1 = swiss_round(1, players, [])
    assert _boards(r1) == [(1, 4), (5, 2), (3, 6)]
    games = _play(r1, {(1, 4): 1.0, (5, 2): 0.5, (3, 6): 0.0})
    # Scores 1:1 6:1, 2:½ 5:½, 3:0 4:0. Buchholz 1:0 6:0, 2:½ 5:½, 3:1 4:1: ranked 1 6 2 5 3 4.
    ranked = [s.player for s in standings(players, games)]
    assert ranked == [1, 6, 2, 5, 3, 4]
    # Round 2: 1-6 top; 2 and 5 met, so both float down to 3 and 4 (not 1 and 6 down to them);
    # each given the side they had not: 6 (black in round 1) is seat A against 1.
    r2 = swiss_round(2, ranked, games)
    assert _boards(r2) == [(6, 1), (2, 3), (4, 5)]
    games += _play(r2, {(6, 1): 0.5, (2, 3): 1.0, (4, 5): 0.0})
    # 1, 2, 5, 6 on 1½ with Buchholz 1½ and Sonneborn-Berger ¾ each: entry order; 3 and 4 on 0.
    ranked = [s.player for s in standings(players, games)]
    assert ranked == [1, 2, 5, 6, 3, 4]
    # Round 3: in the 1½ group 1-5 and 2-6 would give both of each pair the side they had
    # last but one; 1-2 and 5-6 do not (none met before); 3-4 below.
    r3 = swiss_round(3, ranked, games)
    assert _boards(r3) == [(1, 2), (5, 6), (3, 4)]
    games += _play(r3, {(1, 2): 1.0, (5, 6): 0.5, (3, 4): 0.0})
    # Final: 1 2½; 5 2, 6 2; 2 1½; 4 1; 3 0. Buchholz is 4½ for all six. Sonneborn-Berger:
    # 1: 4's 1 + 6's 2 x ½ + 2's 1½ = 3½; 5: 2's 1½ x ½ + 4's 1 + 6's 2 x ½ = 2¾;
    # 6: 3's 0 + 1's 2½ x ½ + 5's 2 x ½ = 2¼; 2: 5's 2 x ½ + 3's 0 = 1; 4: 3's 0; 3: 0.
    table = standings(players, games)
    assert [(s.player, s.score, s.buchholz, s.sonneborn_berger) for s in table] == [
        (1, 2.5, 4.5, 3.5),
        (5, 2.0, 4.5, 2.75),
        (6, 2.0, 4.5, 2.25),
        (2, 1.5, 4.5, 1.0),
        (4, 1.0, 4.5, 0.0),
        (3, 0.0, 4.5, 0.0),
    ]
    cross = crosstable(players, games)
    assert cross[1, 4] == "1" and cross[4, 1] == "0" and cross[1, 6] == "½"
    assert (1, 3) not in cross  # never met


def test_a_round_robin_of_four_meets_everyone_once_with_sides_balanced() -> None:
    rounds = round_robin([1, 2, 3, 4])
    assert [_boards(r) for r in rounds] == [
        [(1, 4), (3, 2)],
        [(3, 1), (2, 4)],
        [(1, 2), (4, 3)],
    ]
    # 1 v 4 1-0, 3 v 2 ½; 3 v 1 0-1, 2 v 4 1-0; 1 v 2 ½, 4 v 3 ½.
    results = {(1, 4): 1.0, (3, 2): 0.5, (3, 1): 0.0, (2, 4): 1.0, (1, 2): 0.5, (4, 3): 0.5}
    games = [g for r in rounds for g in _play(r, results)]
    # 1: 1+1+½ = 2½; 2: ½+1+½ = 2; 3: ½+0+½ = 1; 4: 0+0+½ = ½.
    # Buchholz: 1: 4's ½ + 3's 1 + 2's 2 = 3½; 2: 3 + ½ + 2½ = 4; 3: 2 + 2½ + ½ = 5; 4: 5½.
    # Sonneborn-Berger: 1: ½ + 1 + 2 x ½ = 2½; 2: 1 x ½ + ½ + 2½ x ½ = 2¼; 3: 2 x ½ + ½ x ½
    # = 1¼; 4: 1 x ½ = ½.
    assert [
        (s.player, s.score, s.buchholz, s.sonneborn_berger) for s in standings([1, 2, 3, 4], games)
    ] == [  # fmt: skip
        (1, 2.5, 3.5, 2.5),
        (2, 2.0, 4.0, 2.25),
        (3, 1.0, 5.0, 1.25),
        (4, 0.5, 5.5, 0.5),
    ]


def test_an_odd_swiss_gives_the_bye_to_the_lowest_ranked_once_and_it_scores_one() -> None:
    players = [1, 2, 3, 4, 5]
    r1 = swiss_round(1, players, [])
    assert r1[-1] == Pairing(1, 3, 5, None)  # the lowest ranked rests, on the last board
    games = _play(r1, {(1, 3): 1.0, (4, 2): 0.0})
    table = {s.player: s for s in standings(players, games)}
    assert table[5].score == 1.0 and table[5].buchholz == 0.0  # a bye is in no tie-break
    ranked = [s.player for s in standings(players, games)]
    r2 = swiss_round(2, ranked, games)
    byes = [p.white for p in r2 if p.black is None]
    assert byes and byes[0] != 5 and byes[0] == [p for p in reversed(ranked) if p != 5][0]


def test_a_forfeit_counts_in_the_score_and_in_no_tie_break() -> None:
    pair = Pairing(1, 1, 1, 2)
    games = [Game(pair, 1.0, forfeit=True), Game(Pairing(1, 2, 3, 4), 0.5)]
    table = {s.player: s for s in standings([1, 2, 3, 4], games)}
    assert table[1].score == 1.0 and table[1].buchholz == 0.0 and table[1].sonneborn_berger == 0
    assert table[3].buchholz == 0.5
    assert crosstable([1, 2, 3, 4], games)[1, 2] == "+"


def test_swiss_never_pairs_twice_while_a_fresh_pairing_exists() -> None:
    players = [1, 2, 3, 4]
    games: list[Game] = []
    for round_number in (1, 2, 3):
        ranked = [s.player for s in standings(players, games)]
        pairs = swiss_round(round_number, ranked, games)
        games += _play(pairs, {(p.white, p.black or 0): 1.0 for p in pairs})
    met = [frozenset((g.pairing.white, g.pairing.black)) for g in games]
    assert len(met) == len(set(met)) == 6  # a round robin in three rounds
