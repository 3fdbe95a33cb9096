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
    # One picture a step: the start and six boards, each different.
    assert len(data["pictures"]) == 7 and len(set(data["pictures"])) == 7
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
