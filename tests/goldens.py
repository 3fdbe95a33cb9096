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
            lines.append(f"  message {index + 1} is the first that differs ({_label(old)}):")
            lines += _fields(old, new)
            break
    else:
        index = min(len(stored), len(captured))
        extra = (stored if len(stored) > index else captured)[index]
        which = "stored only" if len(stored) > index else "captured only"
        lines.append(f"  message {index + 1} ({which}): {_short(extra)}")
    return "\n".join(lines)


def _fields(old: Any, new: Any, where: str = "") -> list[str]:
    """The first differing leaf of each differing field: a text's changed lines as a diff, a
    list's first differing item, a dict's differing keys."""
    if isinstance(old, dict) and isinstance(new, dict):
        lines = []
        for key in sorted(set(old) | set(new)):
            if old.get(key) != new.get(key):
                lines += _fields(old.get(key), new.get(key), f"{where}.{key}" if where else key)
        return lines
    if isinstance(old, list) and isinstance(new, list):
        for index, (a, b) in enumerate(zip(old, new, strict=False)):
            if a != b:
                name = a.get("name") if isinstance(a, dict) else None
                return _fields(a, b, f"{where}[{name or index}]")
        return [f"    {where}: {len(old)} items stored, {len(new)} captured"]
    if isinstance(old, str) and isinstance(new, str) and ("\n" in old or "\n" in new):
        diff = difflib.unified_diff(
            old.splitlines(), new.splitlines(), "stored", "captured", lineterm="", n=1
        )
        return [f"    {where}:", *(f"      {line}" for line in list(diff)[:40])]
    return [f"    {where}: stored   {_short(old)}", f"    {where}: captured {_short(new)}"]


def _label(message: Any) -> str:
    """Whose message it is: a mail's recipient and subject, where a Discord post was read, or
    which slash command."""
    if not isinstance(message, dict):
        return "?"
    if "where" in message:
        return str(message["where"])
    if "options" in message:
        return f"the command {message.get('name')}"
    return f"to {message.get('to')}: {message.get('subject')}"


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    return text if len(text) <= 300 else text[:300] + "..."
