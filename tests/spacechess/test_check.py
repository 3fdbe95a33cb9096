"""`spaceships chess check RECORD [--json]`: the samples replay, every position is reported,
and slips are caught with what, where, why and a hint."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from spaceships_cli import main

SAMPLES = Path(__file__).resolve().parents[2] / "samples" / "spacechess"


def _check(*args: str, stdin: str | None = None):
    return CliRunner().invoke(main, ["chess", "check", *args], input=stdin)


def test_the_short_sample_ends_in_a_terran_win():
    result = _check(str(SAMPLES / "short.scr"))
    assert result.exit_code == 0, result.output
    assert result.output.strip().endswith("result: Terrans win; record consistent")
    assert "Alien command ship at Hd4 destroyed" in result.output


def test_the_json_report_gives_every_position_after_every_action_and_battle_stage():
    result = _check(str(SAMPLES / "short.scr"), "--json")
    report = json.loads(result.output)
    assert report["ok"] and report["result"] == "Terrans win"
    steps = report["steps"]
    # Turn 1 has one action and a battle stage, turns 2-5 two actions and a battle stage each,
    # turn 6 two actions and the battle stage that destroys the command ship.
    assert [s["stage"] for s in steps[:2]] == ["action", "battle"]
    assert len(steps) == 2 + 4 * 3 + 3
    first = steps[0]["position"]
    assert {"cell": "Ab2", "side": "Terrans", "kind": "mine"} in first["units"]
    assert steps[-1]["position"]["result"] == "Terrans win"
    # The finished position has no one to move and no actions left; the keys stay (SC11).
    assert steps[-1]["position"]["to_move"] is None
    assert steps[-1]["position"]["actions_left"] == 0
    assert steps[-2]["position"]["to_move"] == "Aliens"
    fired = [s for s in steps if s.get("action") == "Jd2>Jd3"][0]
    assert fired["position"]["impactors"] == [{"cell": "Jd3", "from": "Jd2", "side": "Aliens"}]


def test_the_long_sample_replays_to_its_end():
    result = _check(str(SAMPLES / "long.scr"), "--json")
    assert result.exit_code == 0
    report = json.loads(result.output)
    assert report["result"] == "Terrans win"
    whats = {e["what"] for s in report["steps"] for e in s["events"]}
    assert {"moved", "fired", "laid", "rebuilt", "advanced", "destroyed", "won"} <= whats
    assert report["steps"][-1]["turn"] == 75


def test_the_slip_sample_is_caught_where_it_is_with_the_rule():
    result = _check(str(SAMPLES / "slip.scr"))
    assert result.exit_code == 1
    assert "line 9, column 14: turn 3 (Terrans): Ea1-Ea4: Ea4 is a pentagon" in result.output
    assert "[SC3]" in result.output and "hint: from Ea1 it can reach" in result.output
    assert "^^^^^^^" in result.output
    # Everything up to the slip is still shown.
    assert "3 T: Eb1-Eb4: Terran fighter Eb1-Eb4" in result.output


def _short(change: tuple[str, str]) -> str:
    text = (SAMPLES / "short.scr").read_text()
    assert change[0] in text
    return text.replace(*change)


@pytest.mark.parametrize(
    ("change", "said", "hint"),
    [
        (
            ('[Result "Terrans win"]', '[Result "Aliens win"]'),
            "the game ended: Terrans win",
            '[Result "Terrans win"]',
        ),
        (('[Result "Terrans win"]', '[Result "Terrans won"]'), "is not a result", '"draw"'),
        (
            ("3 T: Eb1-Eb4 Eb4-Jb2", "4 T: Eb1-Eb4 Eb4-Jb2"),
            "turn 4 comes where turn 3 is due",
            "`3 T:`",
        ),
        (("3 T:", "3 A:"), "turn 3 is the Terrans'", "odd turns"),
        (("1 T: M@Ab2", "1 T: M@Ab2 Ab1-Ab3"), "the first turn has one action [SC2]", "next turn"),
        (("2 A: M@Hb4 M@Gd2", "2 A: M@Hb4 M@Gd2 Hd3-Hd1"), "a turn has two actions", "next turn"),
        (("[Result", "7 T: pass\n[Result"), "the game was already over", "remove the lines"),
        (("5 T: Jb2-Dc2", "5 T: Ba1-Bd1"), "Bd1 is not up to 2 hexagons", "it can reach"),
        (("1 T: M@Ab2", "1 T: M@Hd1"), "a mine goes next to the support ship", "one of"),
    ],
)
def test_slips_in_a_record_say_what_where_why(change, said, hint):
    result = _check("-", stdin=_short(change))
    assert result.exit_code == 1
    assert said in result.output, result.output
    assert hint in result.output
    assert "Traceback" not in result.output


def test_a_claimed_result_needs_the_game_over_or_a_termination():
    text = _short(("6 A: Jd2>Jd3 Gd4-Fd4", "6 A: pass"))
    text = text.replace("# Alien command ship at Hd4 destroyed; Terrans win", "")
    result = _check("-", stdin=text)
    assert result.exit_code == 1 and "the game goes on" in result.output
    resigned = text.replace(
        '[Result "Terrans win"]', '[Termination "resignation"]\n[Result "Terrans win"]'
    )
    checked = _check("-", stdin=resigned)
    assert checked.exit_code == 0
    # The board did not end it: the result line says how it ended, from the record's tags.
    assert checked.output.strip().endswith("result: Terrans win (resignation); record consistent")


def test_a_syntax_error_in_json():
    result = _check("-", "--json", stdin="1 T: Ab1-Ax3\n")
    report = json.loads(result.output)
    assert result.exit_code == 1 and not report["ok"]
    assert report["errors"][0]["line"] == 1 and report["errors"][0]["column"] == 10


def test_an_unreadable_file_is_one_line_not_a_traceback(tmp_path):
    missing = _check(str(tmp_path / "nope.scr"))
    assert missing.exit_code == 1 and "nope.scr" in missing.output
    binary = tmp_path / "x.scr"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00garbage")
    result = _check(str(binary))
    assert result.exit_code == 1 and "x.scr" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


CHESS_CORPUS = {
    "turn-zero": "0 T: pass\n",
    "turn-number-huge": "99999999999999999999999 T: pass\n",
    "passes-past-the-draw": "".join(f"{t} {'TA'[(t + 1) % 2]}: pass\n" for t in range(1, 120)),
    "long-line": "1 T: " + "Ab1-Ab2 " * 3000 + "\n",
    "mine-without-a-cell": "1 T: M@\n",
    "rebuild-of-a-command-ship": "1 T: pass\n2 A: C@Hc3\n",
    "empty-tag": '[Result ""]\n',
    "unclosed-string": '[Game "Space\n1 T: pass\n',
    "emoji-cell": "1 T: A\U0001f6801-Ab2\n",
    "only-comments": "# " + "x" * 5000 + "\n" * 3,
}


@pytest.mark.parametrize("name", sorted(CHESS_CORPUS))
def test_mangled_records_get_a_message_not_a_traceback(name):
    for args in (["-"], ["-", "--json"]):
        result = _check(*args, stdin=CHESS_CORPUS[name])
        assert result.exception is None or isinstance(result.exception, SystemExit), name
        assert result.exit_code in (0, 1) and "Traceback" not in result.output
        if result.exit_code:
            assert result.output.strip()


def test_passing_turn_after_turn_repeats_the_position_and_draws():
    # After turns 1, 3 and 5 the Aliens stand to act on the same position: the third time draws
    # (SC12), and turn 6 is refused.
    result = _check("-", stdin=CHESS_CORPUS["passes-past-the-draw"])
    assert result.exit_code == 1
    assert "the same position a third time [SC12]" in result.output
    assert "line 6, column 1: turn 6 (Aliens): the game was already over (draw)" in result.output


def test_a_record_of_another_game_is_named_in_one_line_with_its_command():
    # A battle or a Spaceships record fails on its first line as Space Chess; the player is
    # told which game it is and which command checks it, not shown a chess syntax error.
    others = SAMPLES.parent
    for path, command in (
        (others / "battles" / "opening.sbr", "spaceships battles play"),
        (others / "game-classic.ssr", "spaceships validate"),
    ):
        for words in (["chess", "check"], ["chess", "fmt"]):
            result = CliRunner().invoke(main, [*words, str(path)])
            assert result.exit_code == 1
            assert result.output.strip().count("\n") == 0, result.output
            assert f"`{command} {path}`" in result.output, result.output
        report = json.loads(_check("--json", str(path)).output)
        assert not report["ok"] and report["errors"][0]["hint"].endswith(f"`{command} {path}`")


def test_a_chess_record_tagged_as_another_game_is_refused_with_that_games_command(tmp_path):
    # The turns read as Space Chess, but the [Game] tag says the record is of another game:
    # the judge refuses it in one line with the command the tag points to, instead of replaying.
    body = (SAMPLES / "short.scr").read_text().replace('[Game "Space Chess"]', "")
    for game, command in (
        ("Spaceship Battles", "spaceships battles play"),
        ("spaceships", "spaceships validate"),
    ):
        path = tmp_path / "tagged.scr"
        path.write_text(f'[Game "{game}"]\n' + body)
        result = _check(str(path))
        assert result.exit_code == 1
        assert result.output.strip().count("\n") == 0, result.output
        assert "line 1: the tag" in result.output and "names another game" in result.output
        assert f"`{command} {path}`" in result.output
        assert 'or tag it [Game "Space Chess"]' in result.output  # its lines are chess
        report = json.loads(_check("--json", str(path)).output)
        assert not report["ok"] and report["errors"][0]["line"] == 1
    # A Space Chess tag, any case, and no tag at all still replay.
    for head in ('[Game "space chess"]\n', ""):
        path.write_text(head + body)
        assert _check(str(path)).exit_code == 0
