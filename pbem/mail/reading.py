"""Which text of a mail the judge reads (the body, a text attachment or the subject), and what
the sender is told about what was not read.

The body comes first: when it holds a command, it alone is read. A body without commands (a
greeting, "Orders attached.": `fleet` and `orders` act only after a sign-on) gives way to the
text attachments (`.txt`, `.ssr`, any
`text/plain` file) that hold commands, and then to the subject, unless the subject is the
judge's own (a reply to its mail). Every attachment left unread is named in the reply, with
why: nothing is ignored silently.
"""

from __future__ import annotations

from dataclasses import dataclass

from pbem.language.commands import Command, parse_commands
from pbem.language.keywords import ALIASES, SYNOPSIS
from pbem.mail.parts import Attached, MailParts
from pbem.mail.written import command_lines, unarmour

ENCRYPTED_NOTE = (
    "Your mail is encrypted: the judge cannot read encrypted text. Send your commands "
    "unencrypted (a signed mail is fine)."
)
WHERE_COMMANDS_GO = (
    "The judge reads commands in the text of a mail, or, when the text holds none, in "
    "attached text files (.txt or .ssr)."
)


@dataclass(frozen=True, slots=True)
class Reading:
    text: str  # what the judge reads as commands
    notes: tuple[str, ...]  # what to tell the sender first


def has_command(text: str) -> bool:
    """Whether any line of the text starts with a command."""
    return any(isinstance(parsed, Command) for parsed in parse_commands(text))


# Commands a subject may hold in place of a body of prose ("join alpha", "help"): whole on
# one line, needing no sign-on. A subject such as "fleet" or "orders" is a topic, not these.
_ALONE = frozenset(("help", "list", "create", "join", "observe", "unobserve", "status", "history"))


def _stands_alone(subject: str) -> bool:
    parsed = parse_commands(subject)
    return len(parsed) == 1 and isinstance(parsed[0], Command) and parsed[0].keyword in _ALONE


def _acts(text: str) -> bool:
    """Whether a line of the text starts with a command that can act by itself: `fleet` and
    `orders` cannot without a sign-on line, and a body such as "Orders attached." is a
    sentence, not one. (The first words only: this runs for every mail.)"""
    for line in text.split("\n"):
        words = line.split(None, 1)
        if not words:
            continue
        word = words[0].lower().split(":", 1)[0]
        keyword = word if word in SYNOPSIS else ALIASES.get(word)
        if keyword is not None and keyword not in ("fleet", "orders"):
            return True
    return False


def _names(attachments: list[Attached]) -> str:
    names = [a.filename for a in attachments]
    listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return ("the attachment " if len(names) == 1 else "the attachments ") + listed


def _unread(attachments: list[Attached], why: str) -> list[str]:
    if not attachments:
        return []
    return [f"Not read: {_names(attachments)}: {why}."]


def choose_text(parts: MailParts, subject: str, tagged: bool) -> Reading:
    """What the judge reads of a mail whose parts are `parts`. `subject` is the subject
    without reply prefixes and tag; `tagged` says it was the judge's own."""
    notes: list[str] = []
    body = unarmour(parts.body)
    if body.encrypted or parts.encrypted:
        notes.append(ENCRYPTED_NOTE)
    text = command_lines(body.text)
    files = [a for a in parts.attachments if a.text is not None]
    others = [a for a in parts.attachments if a.text is None]
    not_text = "the judge reads no pictures or documents, only text"
    if _acts(text):
        notes += _unread(files, "the text of your mail holds commands, so only it is read")
        notes += _unread(others, not_text)
        return Reading(text, tuple(notes))

    read: list[tuple[Attached, str]] = []
    unread: list[Attached] = []
    for attached in files:
        lines = command_lines(unarmour(attached.text or "").text)
        if has_command(lines):
            read.append((attached, lines))
        else:
            unread.append(attached)
    if read:
        pieces, places, line = [], [], 1
        for attached, lines in read:
            count = len(lines.split("\n"))
            pieces.append(lines)
            places.append(f"{attached.filename} (lines {line}-{line + count - 1})")
            line += count + 1  # a blank line between two files ends any block
        where = (
            "the line numbers below are its own"
            if len(read) == 1
            else "the line numbers below count through " + ", then ".join(places)
        )
        notes.append(
            f"The text of your mail holds no command, so the judge read "
            f"{_names([a for a, _ in read])} ({where})."
        )
        notes += _unread(unread, "it holds no command")
        notes += _unread(others, not_text)
        return Reading("\n\n".join(pieces), tuple(notes))

    notes += _unread(unread, "it holds no command")
    notes += _unread(others, not_text)
    if subject and not tagged and (not text.strip() or _stands_alone(subject)):
        if text.strip():
            notes.append("The text of your mail holds no command, so the judge read its subject.")
        return Reading(subject, tuple(notes))
    if others or unread:
        notes.append(WHERE_COMMANDS_GO)
    return Reading(text, tuple(notes))
