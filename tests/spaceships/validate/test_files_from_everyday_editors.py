"""Records as everyday editors save them, checked with `spaceships validate` on the file exactly
as that editor writes it: Windows Notepad (UTF-8 with a byte-order mark, or "Unicode", UTF-16
with one), older editors (Windows-1252), word processors (non-breaking spaces), and the ways
people type records up from a notebook (`G x 4`, `Turn 1:` headings)."""

from __future__ import annotations

import codecs
import json
from pathlib import Path

import pytest
from validate_support import SAMPLES, run_files

# A consistent record with claimed results (25 claims), a name with an accent added.
RECORD = (SAMPLES / "results-syntax.ssr").read_text(encoding="utf-8").replace('"Alice"', '"José"')


def _write(tmp_path: Path, data: bytes, name: str = "game.ssr") -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


def _validate(path: Path) -> tuple[int, dict, str]:
    result = run_files("validate", path, extra=("--json",))
    return result.exit_code, json.loads(result.stdout), result.output


@pytest.mark.parametrize(
    ("editor", "data"),
    [
        ("Notepad, UTF-8 with BOM", codecs.BOM_UTF8 + RECORD.encode("utf-8")),
        ("Notepad, Unicode (UTF-16 LE with BOM)", RECORD.encode("utf-16")),
        ("UTF-16 BE with BOM", codecs.BOM_UTF16_BE + RECORD.encode("utf-16-be")),
        ("Windows line ends", RECORD.replace("\n", "\r\n").encode("utf-8")),
        ("old Mac line ends", RECORD.replace("\n", "\r").encode("utf-8")),
    ],
)
def test_a_record_saved_by_an_everyday_editor_reads_as_written(
    tmp_path: Path, editor: str, data: bytes
) -> None:
    code, report, _ = _validate(_write(tmp_path, data))
    assert code == 0 and report["ok"], (editor, report)
    assert report["claims_checked"] == 25


def test_a_utf8_byte_order_mark_is_dropped_without_a_word(tmp_path: Path) -> None:
    path = _write(tmp_path, codecs.BOM_UTF8 + RECORD.encode("utf-8"))
    result = run_files("validate", path)
    assert result.exit_code == 0 and "\ufeff" not in result.output


def test_windows_1252_is_read_and_said_so_with_the_first_byte_that_is_not_utf8(
    tmp_path: Path,
) -> None:
    code, report, _ = _validate(_write(tmp_path, RECORD.encode("cp1252")))
    assert code == 0 and report["ok"]
    (note,) = [n for n in report["notes"] if "Windows-1252" in n]
    assert "0xE9 at line 5, column 8" in note and "`é`" in note and "UTF-8" in note
    text = run_files("show", tmp_path / "game.ssr").output
    assert "Traceback" not in text


def test_a_byte_that_no_editor_would_write_is_refused_with_its_place_and_the_fix(
    tmp_path: Path,
) -> None:
    data = RECORD.encode("cp1252").replace(b"\xe9", b"\x81")  # undefined in Windows-1252
    result = run_files("validate", _write(tmp_path, data))
    assert result.exit_code == 1
    assert "line 5, column 8" in result.output and "0x81" in result.output
    assert "save the file as UTF-8" in result.output and "Traceback" not in result.output


def test_a_non_breaking_space_from_a_word_processor_is_a_space_and_is_named(
    tmp_path: Path,
) -> None:
    text = RECORD.replace("1 A: bRx3Rx5 Oz1", "1 A:\u00a0bRx3Rx5\u00a0Oz1")
    code, report, _ = _validate(_write(tmp_path, text.encode("utf-8")))
    assert code == 0 and report["ok"]
    assert any("U+00A0" in n and "line 19, column 5" in n for n in report["notes"])


def test_4_cells_typed_with_spaces_get_one_error_each_saying_how_to_write_them(
    tmp_path: Path,
) -> None:
    text = RECORD.replace("1 A: bRx3Rx5 Oz1 Yy1", "1 A: bRx3Rx5 O z 1 Y y1")
    result = run_files("validate", _write(tmp_path, text.encode("utf-8")))
    assert result.exit_code == 1
    assert result.output.count("written with spaces") == 2
    assert "write a cell without spaces: `Oz1`" in result.output
    assert "write a cell without spaces: `Yy1`" in result.output
    assert "unexpected `z`" not in result.output


def test_turn_headings_get_one_error_showing_how_a_turn_line_is_written(tmp_path: Path) -> None:
    text = (
        RECORD.replace("1 A: ", "Turn 1:\nA: ")
        .replace("1 B: ", "B: ")
        .replace("1 A results:", "A results:")
        .replace("1 B results:", "B results:")
    )
    result = run_files("validate", _write(tmp_path, text.encode("utf-8")))
    assert result.exit_code == 1
    assert "`Turn 1:` is a heading" in result.output
    assert "`1 A: Gx3 ...`" in result.output
    assert "expected `fleet`" not in result.output
    assert result.output.count("line ") == 1
