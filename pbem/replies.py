"""The direct reply to a submission as one text: what the front end has to say first, an
answer per command in order, the lines that hold no command (a greeting above, a sign-off
below) answered together after them, and, once at the end, what to do (the commands most
used, when nothing in the message was a command) or one line saying where the list of
commands is (when only some lines were not), and where the help of a command written wrong is.

Every line of the sender's that a reply quotes goes through `passwords.mask`, whatever went
wrong with it: a password is never quoted back, not even from a line the judge could not read.
"""

from __future__ import annotations

from collections.abc import Sequence

from notation.errors import around
from pbem.language.commands import Command, CommandError, Parsed
from pbem.language.keywords import GENERIC_HINT, keyword_of
from pbem.steps.passwords import mask

# A run of lines that hold no command is quoted this far; the reply says how many more.
QUOTED_LINES = 3
# A line quoted back is cut after this many characters, so that with `> ` and what the cut
# says it stays within the 400 the Discord side allows a line (not cut twice there); an error's
# line shows only the part around its column, notation.errors.REACH either side.
QUOTED_WIDTH = 360
# The skipped lines' own paragraph says they were skipped: this only says where help is.
POINTER = "Send `help` for the list of commands."


def quote(text: str) -> str:
    """The sender's lines as the reply quotes them: `> ` in front, passwords masked, an
    over-long line cut (masked first: a password cut in two would no longer look like one)."""
    return "\n".join("> " + _cut(mask(line)) for line in text.splitlines())


def _cut(line: str) -> str:
    if len(line) <= QUOTED_WIDTH:
        return line
    return f"{line[:QUOTED_WIDTH]}... ({len(line) - QUOTED_WIDTH} more characters)"


def no_command(error: CommandError) -> bool:
    """A line that starts with no command and nothing like one: a greeting, a sign-off, prose.
    (A near miss such as `ordres` gets an answer of its own, with its hint.)"""
    return _unknown(error) and error.hint == GENERIC_HINT


def answered(parsed: Sequence[Parsed]) -> tuple[list[Parsed], list[CommandError]]:
    """The lines answered one by one, in order, and those with no command (a greeting, a
    sign-off, a remark between commands), which one paragraph answers together."""
    skipped = [i for i in parsed if isinstance(i, CommandError) and no_command(i)]
    return [i for i in parsed if not any(i is s for s in skipped)], skipped


def _lines(numbers: list[int]) -> str:
    if len(numbers) == 1:
        return f"line {numbers[0]}"
    if numbers == list(range(numbers[0], numbers[-1] + 1)):
        return f"lines {numbers[0]}-{numbers[-1]}"
    return "lines " + ", ".join(map(str, numbers[:-1])) + f" and {numbers[-1]}"


def unreadable(skipped: list[CommandError]) -> str:
    """The one answer to every line of a message that holds no command: the first few quoted,
    one line saying they were skipped."""
    quoted = [quote(error.text.strip()) for error in skipped[:QUOTED_LINES]]
    if len(skipped) > QUOTED_LINES:
        quoted.append(f"> ... ({len(skipped) - QUOTED_LINES} more lines)")
    where = _lines([e.line for e in skipped])
    starts = "starts" if len(skipped) == 1 else "start"
    return "\n".join(quoted) + f"\nSkipped: {where} {starts} with no command."


def _unknown(error: CommandError) -> bool:
    return error.message.startswith("unknown command")


def _misread(parsed: Sequence[Parsed]) -> list[str]:
    """The commands the judge knew but could not read as written (`create` with no name), in
    order, each once: the sender did write commands, so the reply points at their help."""
    keywords: list[str] = []
    for item in parsed:
        if isinstance(item, CommandError) and not _unknown(item) and item.text.split():
            keyword = keyword_of(item.text.split()[0].split(":")[0])
            if keyword is not None and keyword not in keywords:
                keywords.append(keyword)
    return keywords


def error_answer(error: CommandError) -> str:
    """The answer to a line that is not a command as written, with its hint; of a long line
    only the part around the column the error names."""
    # Masked whole before it is cut: a password cut in two would no longer look like one.
    shown, _place = around(mask(error.text.strip()), error.column - _indent(error.text))
    return f"> {shown}\nNot understood: {mask(str(error), positional=False)}"


def _indent(text: str) -> int:
    return len(text) - len(text.lstrip())


# What to do, for a message in which nothing was a command: short, the commonest commands.
FIRST_STEPS = """\
Write each command at the start of a line of your mail's text, one command a line.
The commands most used:
  list                    the games you may join
  join NAME               take a seat in a game; the reply has your password
  game NAME PASSWORD      sign on, then on the lines below:
    fleet ...             your fleet
    orders TURN: ...      your orders for a turn
  status NAME             who has sent what, the deadline
Send `help` for every command, `help orders` for more about one."""


def compose(
    notes: Sequence[str],
    sections: Sequence[str],
    parsed: Sequence[Parsed],
    script: bool = True,
) -> str:
    """The reply's body. When nothing in the message was a command, it says so first and ends
    with what to do; when only some lines were not, it ends with one line saying so. A
    front end's one command (`script=False`) gets its answer alone: the sender wrote no
    message of commands, so there is none to advise on."""
    parts = [*notes]
    misread = _misread(parsed) if script else []
    read = not script or bool(misread) or any(isinstance(item, Command) for item in parsed)
    if not read:
        parts.append(
            "The judge found no command in your message."
            if parsed
            else "The judge found no command in your message: it holds no text of your own "
            "(quoted text, signatures and the subject of a reply to the judge are not read)."
        )
    parts += sections
    if not read:
        parts.append(FIRST_STEPS)
    elif any(isinstance(item, CommandError) and _unknown(item) for item in parsed):
        parts.append(POINTER)
    if misread:
        asked = " or ".join(f"`help {keyword}`" for keyword in misread)
        parts.append(f"Send {asked} for how to write it.")
    return "\n\n".join(part.rstrip() for part in parts if part.strip()) + "\n"
