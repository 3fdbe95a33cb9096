"""Stored goldens: what a test captured compared with a JSON file, renewed only on request
(`--update-goldens` or UPDATE_GOLDENS=1), a mismatch told as the first differing message,
field by field, not as the whole capture."""

from __future__ import annotations

import difflib
import json
import os
from pathlib import Path
from typing import Any

import pytest


def updating(config: pytest.Config) -> bool:
    return bool(config.getoption("update_goldens", default=False)) or os.environ.get(
        "UPDATE_GOLDENS", ""
    ) not in ("", "0")


def check_golden(path: Path, captured: list[Any], config: pytest.Config) -> None:
    """Fail with a readable difference unless `captured` equals the golden at `path`."""
    text = json.dumps(captured, indent=1, ensure_ascii=False, sort_keys=True) + "\n"
    if updating(config):
        path.write_text(text, encoding="utf-8")
        return
    if not path.exists():
        pytest.fail(f"no golden {path.name}: run with --update-goldens to write it")
    stored = json.loads(path.read_text(encoding="utf-8"))
    # Through JSON both ways, so tuples and lists compare alike.
    captured = json.loads(text)
    if stored == captured:
        return
    pytest.fail(_difference(path.name, stored, captured), pytrace=False)


def _difference(name: str, stored: list[Any], captured: list[Any]) -> str:
    lines = [f"{name}: the capture differs from the golden (renew with --update-goldens)."]
    if len(stored) != len(captured):
        lines.append(f"  {len(stored)} messages stored, {len(captured)} captured")
    for index, (old, new) in enumerate(zip(stored, captured, strict=False)):
        if old != new:
            lines.append(f"  message {index + 1} is the first that differs:")
            lines += _fields(old, new)
            break
    else:
        index = min(len(stored), len(captured))
        extra = (stored if len(stored) > index else captured)[index]
        which = "stored only" if len(stored) > index else "captured only"
        lines.append(f"  message {index + 1} ({which}): {_short(extra)}")
    return "\n".join(lines)


def _fields(old: Any, new: Any) -> list[str]:
    if not (isinstance(old, dict) and isinstance(new, dict)):
        return [f"    stored:   {_short(old)}", f"    captured: {_short(new)}"]
    lines = []
    for key in sorted(set(old) | set(new)):
        a, b = old.get(key), new.get(key)
        if a == b:
            continue
        if isinstance(a, str) and isinstance(b, str) and ("\n" in a or "\n" in b):
            diff = difflib.unified_diff(
                a.splitlines(), b.splitlines(), "stored", "captured", lineterm="", n=1
            )
            lines.append(f"    {key}:")
            lines += [f"      {line}" for line in list(diff)[:40]]
        else:
            lines.append(f"    {key}: stored {_short(a)}")
            lines.append(f"    {' ' * len(key)}  captured {_short(b)}")
    return lines


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    return text if len(text) <= 300 else text[:300] + "..."
