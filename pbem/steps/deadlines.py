"""Deadline rules of a game and the moments they give: absolute, relative, recurring (RRULE).

A rule is fixed when the game is created (a game master may change it); each time a phase opens
(the fleets, then every turn) the judge asks the rule for that phase's deadline. All moments are
timezone-aware UTC; a date or time written without a zone is read as UTC.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Literal

from dateutil import parser as date_parser
from dateutil import rrule

Kind = Literal["none", "absolute", "relative", "recurring"]

_UNITS: dict[str, timedelta] = {
    "s": timedelta(seconds=1),
    "m": timedelta(minutes=1),
    "h": timedelta(hours=1),
    "d": timedelta(days=1),
    "w": timedelta(weeks=1),
}
_UNIT_WORDS: dict[str, str] = {
    "s": "s",
    "sec": "s",
    "secs": "s",
    "second": "s",
    "seconds": "s",
    "m": "m",
    "min": "m",
    "mins": "m",
    "minute": "m",
    "minutes": "m",
    "h": "h",
    "hr": "h",
    "hrs": "h",
    "hour": "h",
    "hours": "h",
    "d": "d",
    "day": "d",
    "days": "d",
    "w": "w",
    "wk": "w",
    "week": "w",
    "weeks": "w",
}
_DURATION_PART = re.compile(r"(\d+(?:\.\d+)?)\s*([a-z]+)")


class DeadlineError(ValueError):
    """A deadline, duration or recurrence the judge cannot read."""

    def __init__(self, message: str, text: str, hint: str | None = None) -> None:
        super().__init__(message)
        self.text = text
        self.hint = hint


def parse_duration(text: str) -> timedelta:
    """`48h`, `2 days`, `1d 12h`, `90 minutes`, `0` (no time at all)."""
    cleaned = text.strip().lower().replace(",", " ")
    if cleaned in ("0", "none", "no", "off"):
        return timedelta(0)
    position = 0
    total = timedelta(0)
    matched = False
    for match in _DURATION_PART.finditer(cleaned):
        if cleaned[position : match.start()].strip() not in ("", "and"):
            break
        unit = _UNIT_WORDS.get(match.group(2))
        if unit is None:
            raise DeadlineError(
                f"unknown unit {match.group(2)!r} in the duration {text!r}",
                text,
                hint="use minutes, hours, days or weeks, e.g. 48h or 2 days",
            )
        total += float(match.group(1)) * _UNITS[unit]
        position = match.end()
        matched = True
    if not matched or cleaned[position:].strip():
        raise DeadlineError(
            f"cannot read {text!r} as a duration", text, hint="e.g. 48h, 2 days, 1d 12h"
        )
    return total


def format_duration(duration: timedelta) -> str:
    seconds = int(duration.total_seconds())
    if seconds == 0:
        return "0"
    parts = []
    for unit, size in (("d", 86400), ("h", 3600), ("m", 60), ("s", 1)):
        if seconds >= size:
            parts.append(f"{seconds // size}{unit}")
            seconds %= size
    return " ".join(parts)


def _utc(moment: datetime) -> datetime:
    if moment.tzinfo is None:
        return moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC)


def format_moment(moment: datetime) -> str:
    """How the judge writes a moment for players: `Thu 2026-12-03 20:00 UTC`."""
    return _utc(moment).strftime("%a %Y-%m-%d %H:%M UTC")


@dataclass(frozen=True, slots=True)
class DeadlineRule:
    """How a phase's deadline is found when it opens.

    - none: no deadline; the turn waits for both players.
    - absolute: one moment; it applies to the phase open at that moment, later phases have none.
    - relative: a duration after the phase opens.
    - recurring: the first occurrence of an RFC 5545 RRULE after the phase opens.
    """

    kind: Kind
    text: str = ""  # canonical: "", ISO moment, duration, or the RRULE

    @classmethod
    def parse(cls, text: str) -> DeadlineRule:
        cleaned = " ".join(text.split())
        lowered = cleaned.lower()
        if lowered in ("", "none", "no", "off", "never"):
            return cls("none")
        if lowered.startswith(("rrule:", "freq=")):
            body = cleaned.split(":", 1)[1] if lowered.startswith("rrule:") else cleaned
            body = body.upper().replace(" ", "")
            if ";BYHOUR=" in body or body.startswith("BYHOUR="):
                # Without these the minutes and seconds would be those of the opening moment.
                if "BYMINUTE=" not in body:
                    body += ";BYMINUTE=0"
                if "BYSECOND=" not in body:
                    body += ";BYSECOND=0"
            rule = cls("recurring", body)
            rule._recurrence(datetime(2000, 1, 1, tzinfo=UTC))  # reads it, or raises
            return rule
        try:
            return cls("relative", format_duration(parse_duration(cleaned)))
        except DeadlineError:
            pass
        try:
            moment = date_parser.parse(cleaned)
        except (ValueError, OverflowError) as exc:
            raise DeadlineError(
                f"cannot read the deadline {text!r}",
                text,
                hint="write a duration (48h, 2 days), a UTC date and time (2026-12-01 20:00), "
                "a recurrence (FREQ=WEEKLY;BYDAY=MO,TH;BYHOUR=20) or none",
            ) from exc
        return cls("absolute", _utc(moment).isoformat(timespec="minutes"))

    def _recurrence(self, start: datetime) -> rrule.rrule:
        try:
            recurrence = rrule.rrulestr(self.text, dtstart=start.replace(microsecond=0))
        except (ValueError, TypeError) as exc:
            raise DeadlineError(
                f"cannot read the recurrence {self.text!r}: {exc}",
                self.text,
                hint="an RFC 5545 RRULE, e.g. FREQ=WEEKLY;BYDAY=MO,TH;BYHOUR=20",
            ) from exc
        if not isinstance(recurrence, rrule.rrule):
            raise DeadlineError(f"one RRULE only, not a set: {self.text!r}", self.text)
        return recurrence

    def deadline_for(self, opened_at: datetime) -> datetime | None:
        """The deadline of a phase that opens at `opened_at` (None: no deadline)."""
        opened_at = _utc(opened_at)
        if self.kind == "none":
            return None
        if self.kind == "relative":
            return opened_at + parse_duration(self.text)
        if self.kind == "absolute":
            moment = _utc(datetime.fromisoformat(self.text))
            return moment if moment > opened_at else None
        occurrence = self._recurrence(opened_at).after(opened_at, inc=False)
        return None if occurrence is None else _utc(occurrence)

    def __str__(self) -> str:
        if self.kind == "none":
            return "none"
        if self.kind == "absolute":
            return format_moment(datetime.fromisoformat(self.text))
        if self.kind == "relative":
            return f"{self.text} after each phase opens"
        return self.text

    def timing(self, phases: str) -> str:
        """The rule with the phases it times, for a duration, which starts again with each:
        "12h after each phase opens: the fleets, then each turn" (`phases` in the game's
        words; a moment or a recurrence reads the same whatever the phase)."""
        return f"{self}: {phases}" if self.kind == "relative" else str(self)

    @property
    def stored(self) -> str:
        """What the store keeps: parse(stored) == self."""
        return "" if self.kind == "none" else self.text

    def passed(self, now: datetime) -> bool:
        """An absolute deadline at or before `now`: no phase could ever have it."""
        return self.kind == "absolute" and _utc(datetime.fromisoformat(self.text)) <= _utc(now)

    def reminder_text(self, reminder: timedelta) -> str:
        """What the reminder setting will actually do under this rule (see reminder_moment)."""
        if reminder <= timedelta(0):
            return "no reminder"
        before = f"reminder {format_duration(reminder)} before"
        if self.kind == "relative":
            phase = parse_duration(self.text)
            if phase <= reminder:
                return f"reminder half-way through each phase ({format_duration(phase / 2)} before)"
            return before
        if self.kind == "none":
            return before
        return f"{before}, or half-way through a shorter phase"


def reminder_moment(
    opened_at: datetime | None, deadline: datetime, reminder: timedelta
) -> datetime | None:
    """When a phase's reminder goes: `reminder` before its deadline, or half-way through the
    phase when that would fall before the phase opened (a 12h deadline with reminders 1d
    before); None when there is no reminder."""
    if reminder <= timedelta(0):
        return None
    moment = deadline - reminder
    if opened_at is not None and moment <= opened_at:
        moment = opened_at + (deadline - opened_at) / 2
    return moment
