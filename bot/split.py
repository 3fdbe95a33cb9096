"""Cut text to Discord's limits: 2,000 characters a message, 4,096 an embed's description.

Text is cut between lines where it can be, inside a line only when one line is longer than the
limit; a piece shown as a code block gets its fences counted within the limit. Nothing is
dropped: the pieces, joined, are the text.
"""

from __future__ import annotations

MESSAGE_LIMIT = 2000
EMBED_DESCRIPTION_LIMIT = 4096
EMBED_TITLE_LIMIT = 256
EMBEDS_TOTAL_LIMIT = 6000  # all embeds of one message together
FENCE = "```"


def split_text(text: str, limit: int = MESSAGE_LIMIT) -> list[str]:
    """Pieces of at most `limit` characters, cut at line ends where possible."""
    if limit < 1:
        raise ValueError("the limit must be at least one character")
    pieces: list[str] = []
    current = ""
    for line in text.splitlines(keepends=True):
        while len(line) > limit:  # one line longer than a whole piece
            if current:
                pieces.append(current)
                current = ""
            pieces.append(line[:limit])
            line = line[limit:]
        if len(current) + len(line) > limit:
            pieces.append(current)
            current = ""
        current += line
    if current or not pieces:
        pieces.append(current)
    return [p.rstrip("\n") if p.strip() else p for p in pieces]


def code_blocks(text: str, limit: int = MESSAGE_LIMIT) -> list[str]:
    """The text as code blocks (kept aligned, not read as markdown), each within `limit`."""
    room = limit - len(FENCE) * 2 - 2  # two fences and their newlines
    return [f"{FENCE}\n{piece}\n{FENCE}" for piece in split_text(_defuse(text), room)]


def _defuse(text: str) -> str:
    """A fence inside the text would end the block early: break it with a zero-width space."""
    return text.replace(FENCE, "`\u200b``")


def clip(text: str, limit: int) -> str:
    """One line for a title or a label: cut with an ellipsis if too long."""
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"
