"""Buttons already posted in Discord keep working (issue 21, S6): every id a game's button was
ever posted with is read by the one game button, and none of the shared buttons' ids is."""

from __future__ import annotations

import re

import pytest

from bot.components import DYNAMIC_ITEMS, FORM_ID, GameButton


def _template() -> re.Pattern[str]:
    return GameButton.__discord_ui_compiled_template__  # type: ignore[attr-defined,no-any-return]


@pytest.mark.parametrize(
    ("custom_id", "key", "turn"),
    [
        ("ss:fleet:12", "fleet", None),
        ("ss:orders:12:3", "orders", "3"),
        ("ss:design:7", "design", None),
        ("ss:phase:7:5", "phase", "5"),
    ],
)
def test_the_ids_posted_before_are_a_game_buttons(custom_id: str, key: str, turn: str) -> None:
    found = _template().fullmatch(custom_id)
    assert found is not None and found["key"] == key and found["turn"] == turn


@pytest.mark.parametrize(
    "custom_id", ["ss:accept:12", "ss:decline:12", "ss:mine:3:turn:5", "ss:rematch:4"]
)
def test_the_shared_buttons_ids_are_theirs_alone(custom_id: str) -> None:
    assert _template().fullmatch(custom_id) is None
    owners = [
        item for item in DYNAMIC_ITEMS if item.__discord_ui_compiled_template__.fullmatch(custom_id)
    ]  # type: ignore[attr-defined]
    assert len(owners) == 1, owners


def test_a_form_open_across_the_change_is_still_read() -> None:
    for old in ("ss:form:fleet:12:9f2c00aa11bb", "ss:form:phase:12:5:9f2c00aa11bb"):
        assert FORM_ID.match(old) is not None, old
