"""9 scored matches and 10 continued matches, through `spaceships adjudicate` and `validate` on
match records (record-format.md, "A match"): the sums [9.4], the winner [9.5], the end only
after a game [9.3.1, 10.6.1], additional ships costing the carried materiel [10.3], build
tables [seed 004 6.3].

Every game here is the quick win of test_2_3: A destroys B's STD fleet in two turns and keeps
all 22 of its own cells, so A scores 22 and B 0 [2.3.3]; with the fleets' roles swapped, B does.
"""

from rules_support import STD, adjudicate, assert_refused, run

A_WINS = (
    "1 A: bGx1Gx3 Gy1 Gy2 Gy3 Yw3 Oz5 Bz1 Bz2 mYv3 Bz3\n2 A: bRv1Yv1 Bz4 Rv2 Rw1 Rw2 Ov2 Ow1 Ow2\n"
)
B_WINS = A_WINS.replace(" A:", " B:")
# A's additional ships worth 22 [10.3]: DS 8 + KC 6 + FS 4 + MD 3 + LG 1, on cells STD leaves.
PLUS_22 = (
    "DS2 Rx4 Rx5 Ry4 Ry5 Ox4 Ox5 Oy4 Oy5; KC2 Bv1 Bv2 Bv3 Bw1 Bw2 Bw3; FS Gv4 Gv5 Gw4 Gw5; "
    "MD2 Yz3 Yz4 Yz5; LG Yv5"
)
STD_NUMBERED = STD.replace("DS ", "DS1 ").replace("KC ", "KC1 ").replace("MD ", "MD1 ")


def match(kind: str, end: str, *games: str, extra: str = "") -> str:
    lines = [f'[Match "{kind}"]', f'[MatchEnd "{end}"]']
    if extra:
        lines.append(extra)
    for n, game in enumerate(games, start=1):
        lines += ["", f'[Round "{n}"]', game]
    return "\n".join(lines) + "\n"


def game(turns: str, a: str = STD, b: str = STD) -> str:
    return f"A fleet: {a}\nB fleet: {b}\n{turns}"


def test_9_4_the_overall_score_is_the_sum_of_the_game_scores() -> None:
    # Game 1: A 22, B 0; game 2: A 0, B 22; game 3: A 22, B 0. Sums: 22-0, 22-22, 44-22.
    report = adjudicate(match("scored", "games=3", game(A_WINS), game(B_WINS), game(A_WINS)))
    assert report["match"] == "scored"
    assert report["standings"] == [{"A": 22, "B": 0}, {"A": 22, "B": 22}, {"A": 44, "B": 22}]
    assert [g["result"]["winner"] for g in report["games"]] == ["A", "B", "A"]
    assert report["winner"] == "A"


def test_9_5_equal_overall_scores_make_the_match_a_draw() -> None:
    # 22-0 then 0-22: 22 each [9.5], though each player won a game.
    report = adjudicate(match("scored", "games=2", game(A_WINS), game(B_WINS)))
    assert report["standings"][-1] == {"A": 22, "B": 22}
    assert report["winner"] == "draw"


def test_9_3_the_match_goes_on_until_its_agreed_end() -> None:
    # games=3 with two games played: the winner is null while the match goes on.
    report = adjudicate(match("scored", "games=3", game(A_WINS), game(B_WINS)))
    assert report["winner"] is None
    # score=40: A reaches 44 after game 3 [explanation 5.1, first to a number of points].
    report = adjudicate(match("scored", "score=40", game(A_WINS), game(B_WINS), game(A_WINS)))
    assert report["winner"] == "A"


def test_9_3_1_a_game_must_end_before_the_next_begins() -> None:
    # Game 1 stops after turn 1 (B still has ships), yet round 2 follows.
    text = match("scored", "games=2", game(A_WINS.splitlines()[0]), game(A_WINS))
    result = run("validate", text)
    assert result.exit_code == 1 and "[9.3.1]" in result.output
    assert "game 1 is not over" in result.output


def test_9_3_no_game_after_the_agreed_end() -> None:
    # games=1: the match ended with game 1; a second game is not part of it.
    result = run("validate", match("scored", "games=1", game(A_WINS), game(B_WINS)))
    assert result.exit_code == 1 and "[9.3.1]" in result.output
    assert "the match ended after game 1" in result.output


def test_9_2_a_scored_match_has_no_additional_ships() -> None:
    second = game("1 A: Gx1", a=f"{STD_NUMBERED}; {PLUS_22}")
    assert_refused(match("scored", "games=2", game(A_WINS), second), player="A", rules=["3.7"])


def test_10_3_additional_ships_cost_the_materiel_carried_from_the_last_game() -> None:
    # A kept 22 cells in game 1: DS 8 + KC 6 + FS 4 + MD 3 + LG 1 = 22 [10.3].
    second = game("1 A: Gx1", a=f"{STD_NUMBERED}; {PLUS_22}")
    report = adjudicate(match("continued", "games=2", game(A_WINS), second))
    assert report["games"][1]["carried"] == {"A": 22, "B": 0}
    assert report["games"][1]["additional"] == {"A": ["DS", "KC", "FS", "MD", "LG"], "B": []}
    assert report["winner"] is None  # game 2 is under way


def test_10_3_additional_ships_costing_less_than_carried_are_refused() -> None:
    # Without the light gunboat they cost 21, one short of the 22 carried.
    plus_21 = PLUS_22.replace("; LG Yv5", "")
    second = game("1 A: Gx1", a=f"{STD_NUMBERED}; {plus_21}")
    output = assert_refused(
        match("continued", "games=2", game(A_WINS), second), player="A", rules=["10.3"]
    )
    assert "cost 21 in all, but 22 materiel was carried" in output


def test_10_3_a_player_who_kept_nothing_builds_nothing() -> None:
    # B kept 0 cells in game 1: B's fleet in game 2 is the usual one [10.3, 3.7].
    second = game("1 A: Gx1", a=f"{STD_NUMBERED}; {PLUS_22}", b=f"{STD}; LG Yv5")
    assert_refused(
        match("continued", "games=2", game(A_WINS), second), player="B", rules=[("3.7", "10.3")]
    )


def test_004_6_3_2_many_death_stars_turns_22_carried_cells_into_two_death_stars_and_a_kc() -> None:
    # 22 >= 9: a death star (8), 14 left: another (8), 6 left: a kill cruiser [6.3.2].
    plus = (
        "DS2 Rx4 Rx5 Ry4 Ry5 Ox4 Ox5 Oy4 Oy5; DS3 Gv4 Gv5 Gw4 Gw5 Bv4 Bv5 Bw4 Bw5; "
        "KC2 Bv1 Bv2 Bv3 Bw1 Bw2 Bw3"
    )
    table = '[Build "many-death-stars"]'
    numbered = STD.replace("DS ", "DS1 ").replace("KC ", "KC1 ")
    second = game("1 A: Gx1", a=f"{numbered}; {plus}")
    report = adjudicate(match("continued", "games=2", game(A_WINS), second, extra=table))
    assert report["games"][1]["additional"]["A"] == ["DS", "DS", "KC"]
    # The same 22 under 10.3 alone would allow it too, but the table refuses DS KC FS MD LG.
    wrong = game("1 A: Gx1", a=f"{STD_NUMBERED}; {PLUS_22}")
    output = assert_refused(
        match("continued", "games=2", game(A_WINS), wrong, extra=table), player="A", rules=["10.3"]
    )
    assert "build exactly DS + DS + KC" in output


def test_10_6_a_scored_match_cannot_be_won_on_games_won() -> None:
    # 9.5 fixes how a scored match is won.
    result = run("adjudicate", match("scored", "games=1", game(A_WINS), extra='[Victory "wins"]'))
    assert result.exit_code == 1 and "[9.5]" in result.output


def test_every_match_record_is_also_validated_whole() -> None:
    second = game("1 A: Gx1", a=f"{STD_NUMBERED}; {PLUS_22}")
    result = run("validate", match("continued", "games=2", game(A_WINS), second))
    assert result.exit_code == 0, result.output
    assert "standings after 1 game: A 22, B 0" in result.output
