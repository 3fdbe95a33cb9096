"""No input to any command that reads a file ends in a traceback: a corpus of mangled, binary
and non-UTF-8 files of our own goes through `parse`, `fmt`, `validate` (one and two records),
`adjudicate`, `show` and, as raw mail, `pbem receive`. Each ends with a message and one of the
documented exit codes (docs/validate.md, "Exit codes")."""

from __future__ import annotations

import codecs
import random
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from spaceships_cli import main

RECORD = (
    '[Game "alpha"]\n[A "José"]\n'
    "A fleet: DS Rv1 Rv2 Rw1 Rw2 Ov1 Ov2 Ow1 Ow2; KC Gx1 Gx2 Gx3 Gy1 Gy2 Gy3; "
    "PC Bz1 Bz2 Bz3 Bz4; MD Yv3 Yw3 Yx3; LS Oz5\n"
    "B fleet: DS Rx4 Rx5 Ry4 Ry5 Ox4 Ox5 Oy4 Oy5; KC Bv1 Bv2 Bv3 Bw1 Bw2 Bw3; "
    "PC Gz1 Gz2 Gz3 Gz4; MD Yz3 Yz4 Yz5; LS Yv5\n"
    "1 A: Yv5 mYw3\n1 B: Oz5\n1 A results: Yv5 hit destroys LS Yv5 flashcube Yv5 -\n"
)


def _corpus() -> dict[str, bytes]:
    rng = random.Random(15)
    noise = bytes(rng.randrange(256) for _ in range(3000))
    return {
        "empty": b"",
        "bom-only": codecs.BOM_UTF8,
        "windows-1252": RECORD.encode("cp1252"),
        "latin-1-undefined-in-1252": RECORD.encode("latin-1").replace(b"\xe9", b"\x81"),
        "utf-16-le-bom": RECORD.encode("utf-16"),
        "utf-16-be-bom": codecs.BOM_UTF16_BE + RECORD.encode("utf-16-be"),
        "utf-16-no-bom": RECORD.encode("utf-16-le"),
        "utf-16-cut-in-half": RECORD.encode("utf-16")[:-1],
        "bom-then-1252": codecs.BOM_UTF8 + RECORD.encode("cp1252"),
        "utf-8-cut-mid-character": RECORD.encode() + b"\xc3",
        "noise": noise,
        "png": b"\x89PNG\r\n\x1a\n" + noise[:500],
        "zip": b"PK\x03\x04" + noise[:500],
        "nul-inside": RECORD.encode().replace(b"Yv5", b"Y\0v5", 1),
        "long-line": ("1 A: " + "Gx3 " * 2000 + "\n").encode(),
        "many-turns": "".join(f"{t} A: Gx3\n" for t in range(1, 300)).encode(),
        "turn-number-huge": b"A fleet: LS Oz5\n99999999999999999999999 A: Gx3\n",
        # With fleets that can be played: every turn up to it would be played.
        "turn-number-huge-playable": RECORD.encode() + b"99999999999999999999999 A: Gx3\n",
        "turn-gap-huge": RECORD.encode() + b"900 B results: Oz5 miss\n",
        "turn-zero": b"A fleet: LS Oz5\n0 A: Gx3\n",
        "brackets": b"[[[[[[[[[[[[[[\n]]]]]]]]\n((((((((\n",
        "unclosed-tag": b'[Game "alpha\nA fleet: LS Oz5\n',
        "cr-only": RECORD.replace("\n", "\r").encode(),
        "control-characters": RECORD.replace(" ", "\x0b", 3).replace("\n", "\x0c\n", 2).encode(),
        "fleet-head-only": b"A fleet:\n",
        "results-only": b"1 A results: Gx3 hit destroys MD Gx3 Gx4 Gx5 flashcube Gx3 -\n",
        "many-ships": ("A fleet: " + "; ".join(f"LG Gx{i % 5 + 1}" for i in range(200))).encode(),
        "grid-mangled": b"A fleet:\n     R           O\n  1  D D . . .   D D\n  7 x x\nkey: D=DS\n",
        "comment-only": b"#" * 20000 + b"\n",
        "emoji": "A fleet: LS Oz5 \U0001f680\n1 A: Gx3 \u2728\n".encode(),
        "right-to-left-override": "A fleet: LS \u202eOz5\n".encode(),
        "tabs": RECORD.replace(" ", "\t").encode(),
        "rounds-out-of-order": b'[Match "continued"]\n[Round "1"]\nA fleet: LS Oz5\n[Round "3"]\n',
        "options-nonsense": b'[Ruleset "classic"]\n[Options "fleet=cost:-3 colours=XX"]\n',
        "date-nonsense": b'[Date "the 45th of Smarch"]\nA fleet: LS Oz5\n',
        "nbsp-and-ideographic-space": RECORD.replace(" ", "\u00a0", 5)
        .replace(" ", "\u3000", 5)
        .encode(),
    }


CORPUS = _corpus()
COMMANDS = [
    ["parse"],
    ["parse", "--json"],
    ["fmt", "--check"],
    ["validate"],
    ["validate", "--json"],
    ["adjudicate"],
    ["adjudicate", "--json"],
    ["show"],
    ["show", "--player", "A"],
    ["replay"],
    ["replay", "--as", "A"],
    ["check"],  # any game's record, by sniffing (issue 31)
    ["check", "--json"],
]
# 0: done, nothing wrong; 1: the input has problems (said); 2: the command line is wrong.
DOCUMENTED = {0, 1, 2}


def _no_traceback(result, what: str) -> None:  # type: ignore[no-untyped-def]
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"{what}: {result.exception!r}") from result.exception
    assert result.exit_code in DOCUMENTED, (what, result.exit_code, result.output)
    assert "Traceback" not in result.output, what
    if result.exit_code:
        assert result.output.strip(), f"{what}: exit {result.exit_code} without a word"


@pytest.mark.parametrize("name", sorted(CORPUS))
def test_no_file_reading_command_ends_in_a_traceback(tmp_path: Path, name: str) -> None:
    path = tmp_path / f"{name}.ssr"
    path.write_bytes(CORPUS[name])
    runner = CliRunner()
    for command in COMMANDS:
        _no_traceback(runner.invoke(main, [*command, str(path)]), f"{command} {name}")
    _no_traceback(runner.invoke(main, ["validate", str(path), str(path)]), f"validate x2 {name}")
    _no_traceback(runner.invoke(main, ["parse", "-"], input=CORPUS[name]), f"parse - {name}")
    _no_traceback(runner.invoke(main, ["check", "-"], input=CORPUS[name]), f"check - {name}")
    copy = tmp_path / f"{name}-copy.ssr"
    shutil.copy(path, copy)
    _no_traceback(runner.invoke(main, ["fmt", str(copy)]), f"fmt {name}")


BATTLES_COMMANDS = [
    ["battles", "play"],
    ["battles", "play", "--json"],
    ["battles", "roll", "--seed", "s"],
]


@pytest.mark.parametrize("name", sorted(CORPUS))
def test_no_battles_record_command_ends_in_a_traceback(tmp_path: Path, name: str) -> None:
    path = tmp_path / f"{name}.sbr"
    path.write_bytes(CORPUS[name])
    runner = CliRunner()
    for command in BATTLES_COMMANDS:
        _no_traceback(runner.invoke(main, [*command, str(path)]), f"{command} {name}")
        _no_traceback(runner.invoke(main, [*command, "-"], input=CORPUS[name]), f"- {name}")


CHESS_COMMANDS = [["chess", "check"], ["chess", "check", "--json"], ["chess", "fmt"]]


@pytest.mark.parametrize("name", sorted(CORPUS))
def test_no_space_chess_record_command_ends_in_a_traceback(tmp_path: Path, name: str) -> None:
    path = tmp_path / f"{name}.scr"
    path.write_bytes(CORPUS[name])
    runner = CliRunner()
    for command in CHESS_COMMANDS:
        _no_traceback(runner.invoke(main, [*command, str(path)]), f"{command} {name}")
        _no_traceback(runner.invoke(main, [*command, "-"], input=CORPUS[name]), f"- {name}")


@pytest.mark.parametrize("encoding", ["latin-1", "utf-16"])
def test_a_battle_record_saved_by_an_older_editor_is_read_with_a_note(
    tmp_path: Path, encoding: str
) -> None:
    record = '[Battle "José"]\n[Budget "200"]\nA ship Lancer E-SAI(Gf)I(Xf)IIV-87-1-4 at 0,0 N\n'
    path = tmp_path / "battle.sbr"
    path.write_bytes(record.encode(encoding))
    result = CliRunner().invoke(main, ["battles", "play", str(path)])
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
    assert "A Lancer" in result.output
    if encoding == "latin-1":
        assert "not UTF-8 (byte 0xE9 at line 1" in result.output


def test_a_binary_battle_record_is_refused_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "battle.sbr"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\xff\xfe")
    for command in (["play"], ["roll", "--seed", "s"]):
        result = CliRunner().invoke(main, ["battles", *command, str(path)])
        assert result.exit_code == 1
        assert result.output.strip().count("\n") == 0, result.output
        assert "not a text file" in result.output


def test_pbem_send_reads_a_non_utf8_message_without_a_traceback(tmp_path: Path) -> None:
    env = {"SPACESHIPS_DB": str(tmp_path / "judge.sqlite3")}
    result = CliRunner().invoke(
        main,
        ["pbem", "send", "--from", "a@example.org", "--server", "127.0.0.1:9"],
        input=b"\xff\xfe\x00\x01\x00",
        env=env,
    )
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.exit_code == 1 and "standard input" in result.output


def test_every_file_goes_through_pbem_receive_as_mail_without_a_traceback(
    tmp_path: Path,
) -> None:
    env = {
        "SPACESHIPS_DB": str(tmp_path / "judge.sqlite3"),
        "SPACESHIPS_OUTBOX": str(tmp_path / "outbox"),
        "SPACESHIPS_RATE_LIMIT": "0",
    }
    runner = CliRunner()
    for name, data in sorted(CORPUS.items()):
        result = runner.invoke(main, ["pbem", "receive"], input=data, env=env)
        assert result.exception is None or isinstance(result.exception, SystemExit), name
        assert result.exit_code in (0, 75), (name, result.output)  # 75: try again later


def test_a_record_of_the_other_game_is_named_in_one_line(tmp_path: Path) -> None:
    battle = Path(__file__).parent.parent / "samples" / "battles" / "opening.sbr"
    for command in (["validate"], ["adjudicate"]):
        result = CliRunner().invoke(main, [*command, str(battle)])
        assert result.exit_code == 1
        assert result.output.strip().count("\n") == 0, result.output
        assert "is a Spaceship Battles record" in result.output
        assert "spaceships battles play" in result.output
    path = tmp_path / "game.ssr"
    path.write_text(RECORD, encoding="utf-8")
    for command in (["battles", "play"], ["battles", "roll", "--seed", "s"]):
        result = CliRunner().invoke(main, [*command, str(path)])
        assert result.exit_code == 1
        assert result.output.strip().count("\n") == 0, result.output
        assert "this is a Spaceships record" in result.output
        assert f"spaceships validate {path}" in result.output


def test_a_space_chess_record_is_named_in_one_line_by_the_other_games_commands(
    tmp_path: Path,
) -> None:
    # A Space Chess record's `2 A: M@Hb4` reads like a Spaceships turn line; it is named as
    # what it is, with the command that checks it, by every other game's command; the replay
    # makes its page (issue 22), with or without its Game tag.
    short = (Path(__file__).parent.parent / "samples" / "spacechess" / "short.scr").read_text(
        encoding="utf-8"
    )
    for text in (short, short.replace('[Game "Space Chess"]\n', "")):
        path = tmp_path / "game.scr"
        path.write_text(text, encoding="utf-8")
        for command in (
            ["validate"],
            ["adjudicate"],
            ["battles", "play"],
            ["battles", "roll", "--seed", "s"],
        ):
            result = CliRunner().invoke(main, [*command, str(path)])
            assert result.exit_code == 1 and result.exception is not None, command
            assert isinstance(result.exception, SystemExit), (command, result.exception)
            assert result.output.strip().count("\n") == 0, result.output
            assert "is a Space Chess record" in result.output, result.output
            assert f"spaceships chess check {path}" in result.output, result.output
        page = tmp_path / "game.html"
        made = CliRunner().invoke(main, ["replay", "-o", str(page), str(path)])
        assert made.exit_code == 0 and "the replay" in made.output, made.output
        assert "Terrans win" in page.read_text(encoding="utf-8")
