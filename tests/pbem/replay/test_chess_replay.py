"""`spaceships replay game.scr`: a Space Chess record as a page, the board after every turn
for everyone (nothing is hidden, SC1-SC12), what each turn did in words; a record with a slip
is refused at its line with the rule, never with a traceback (issue 22)."""

from __future__ import annotations

from pathlib import Path

from replay_support import page_data, run, sample


def test_a_chess_record_shows_the_board_after_every_turn_and_offers_the_record(
    tmp_path: Path,
) -> None:
    out = tmp_path / "short.html"
    done = run("replay", str(sample("spacechess/short.scr")), "-o", str(out))
    assert done.returncode == 0, done.stderr
    data = page_data(out.read_text(encoding="utf-8"))
    assert [key for key, _ in data["views"]] == ["public"]
    frames = {f["id"]: f["views"]["public"] for f in data["frames"]}
    assert list(frames) == ["start", *(f"turn-{n}" for n in range(1, 7))]
    assert frames["turn-1"]["lines"][:2] == [
        "Terrans: M@Ab2",
        "Terran support ship lays a mine at Ab2",
    ]
    last = frames["turn-6"]["lines"]
    assert "Alien command ship at Hd4 destroyed (hit by an impactor [SC7])" in last
    assert last[-1] == "The game is over: Terrans win."
    # The board drawn once as SVG (every cell named), and one layer a step over it: the
    # start and six turns, each different, each titled with its step (issue 33, item 1).
    board = data["drawing"]
    assert ">Ab2</text>" in board["back"] and ">Hd4</text>" in board["back"]
    assert data["pictures"] == [] and len(data["layers"]) == 7
    assert [frames[k]["layer"] for k in frames] == list(range(7))
    assert "turn 3</text>" in data["layers"][frames["turn-3"]["layer"]]
    # The last board says who won and how, under its title (issue 33, item 5).
    assert "Terrans win: the enemy command ship is destroyed [SC11]" in data["layers"][-1]
    page = out.read_text(encoding="utf-8")
    assert "check it with <code>spaceships chess check</code>" in page
    assert "short.scr" in page


def test_a_chess_record_with_a_slip_is_refused_at_its_line_with_the_rule(tmp_path: Path) -> None:
    done = run("replay", str(sample("spacechess/slip.scr")), "-o", str(tmp_path / "x.html"))
    assert done.returncode == 1
    assert "slip.scr, line 9" in done.stderr and "[SC3]" in done.stderr, done.stderr
    assert "spaceships chess check" in done.stderr and "Traceback" not in done.stderr
    garbled = tmp_path / "garbled.scr"
    garbled.write_text(
        sample("spacechess/short.scr").read_text().replace("3 T: Eb1", "3 T: Eq1"), "utf-8"
    )
    done = run("replay", str(garbled), "-o", str(tmp_path / "y.html"))
    assert done.returncode == 1 and "line 8" in done.stderr and "Traceback" not in done.stderr


def test_a_game_resigned_says_so_on_its_last_step_not_as_if_the_turn_decided_it(
    tmp_path: Path,
) -> None:
    # Issue 33, item 5: the Aliens resign after turn 4; the last turn decided nothing.
    text = sample("spacechess/short.scr").read_text(encoding="utf-8")
    head, _ = text.split("5 T:", 1)
    resigned = tmp_path / "resigned.scr"
    resigned.write_text(head + '[Result "Terrans win"]\n[Termination "resignation"]\n', "utf-8")
    out = tmp_path / "resigned.html"
    done = run("replay", str(resigned), "-o", str(out))
    assert done.returncode == 0, done.stderr
    data = page_data(out.read_text(encoding="utf-8"))
    said = "The game ended by resignation, not by the last turn's play: Terrans win."
    assert data["ended"] == said
    last = data["frames"][-1]["views"]["public"]
    assert last["lines"][-1] == said
    # The last board says it under its title too.
    assert "The game ended by resignation" in data["layers"][last["layer"]]
