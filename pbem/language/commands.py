"""The judge's command language: text in, a list of commands (or errors) out. No game logic.

One command a line, keywords in any case. `fleet` and `orders` may run on over the following
lines, up to a blank line, `end`, or a line that starts with another command. See
docs/commands.md for the language as players read it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from pbem.language.keywords import (
    FLAG_WORDS,
    GENERIC_HINT,
    SETTING_WORDS,
    SYNOPSIS,
    game_words,
    keyword_of,
    setting_hint,
    suggest,
)

TOKEN_WORDS = ("list", "revoke")  # what follows `token NAME [PASSWORD]`
NAME_PATTERN = re.compile(r"^[A-Za-z][A-Za-z0-9_-]{0,23}\Z")  # \Z: no newline after it


class CommandError(ValueError):
    """A line the judge cannot read as a command: what, where, and a hint."""

    def __init__(
        self, message: str, text: str, line: int, column: int = 1, hint: str | None = None
    ) -> None:
        super().__init__(message)
        self.message = message
        self.text = text
        self.line = line
        self.column = column
        self.hint = hint

    def __str__(self) -> str:
        where = f"line {self.line}, column {self.column}"
        text = f"{where}: {self.message}"
        if self.hint:
            text += f" (hint: {self.hint})"
        return text


@dataclass(frozen=True, slots=True)
class Command:
    """A command as read: `keyword` (canonical), its arguments, and where it was."""

    keyword: str
    line: int
    source: str  # the command's line(s) as written, for echoing
    name: str | None = None  # the game's name, where one was given
    password: str | None = None
    turn: int | None = None
    body: str = ""  # fleet or orders text, deadline rule, duration, topic ...
    body_line: int = 0  # the line of `body`'s first character
    body_column: int = 1
    settings: tuple[tuple[str, str], ...] = field(default=())

    @property
    def echo(self) -> str:
        """The command as the reply quotes it: passwords are never repeated."""
        if self.password is None:
            return self.source
        return self.source.replace(self.password, "*" * 6) if self.password else self.source


Parsed = Command | CommandError


_ORDER_TOKEN = re.compile(r"^[bmksBMKS]?[ROYGB][vwxyz][1-5]", re.ASCII)


def _check_name(name: str, line: int, column: int, source: str) -> CommandError | None:
    if NAME_PATTERN.match(name):
        return None
    return CommandError(
        f"{name!r} is not a game name",
        source,
        line,
        column,
        hint="a name starts with a letter and has up to 24 letters, digits, - or _",
    )


def _columns(text: str) -> list[tuple[str, int]]:
    """The words of a line with their 1-based columns."""
    return [(m.group(), m.start() + 1) for m in re.finditer(r"\S+", text)]


def _subject_text(subject: str) -> str:
    cleaned = subject.strip()
    while True:
        match = re.match(r"^(re|fwd?|aw|sv)\s*:\s*", cleaned, re.IGNORECASE)
        if not match:
            return cleaned
        cleaned = cleaned[match.end() :]


def parse_commands(text: str, subject: str = "", first_line: int = 1) -> list[Parsed]:
    """Every command of a submission, in order, with an error in place of each bad line.

    The subject is read as a command line only when the text holds no command at all (so a
    front end that already copied the subject into the text is not answered twice).
    `first_line` is the number the sender gives the text's first line: a front end that put a
    command line of its own before the sender's text counts from there, so positions in the
    answer are positions in what the sender wrote.
    """
    lines = text.splitlines()
    if not any(line.strip() and not line.strip().startswith("#") for line in lines):
        lines = [_subject_text(subject)] if _subject_text(subject) else []
    result: list[Parsed] = []
    index = 0
    while index < len(lines):
        raw = lines[index]
        number = index + first_line
        index += 1
        stripped = raw.strip()
        if not stripped or stripped.startswith("#"):
            continue
        words = _columns(raw)
        first, first_column = words[0]
        keyword = keyword_of(first)
        if keyword is None and ":" in first and keyword_of(first.split(":", 1)[0]):
            # `orders:3` or `fleet:` written without a space
            keyword = keyword_of(first.split(":", 1)[0])
        if keyword is None:
            if first.lower() == "end":
                continue
            hint = suggest(first)
            if _ORDER_TOKEN.match(first):
                hint = "orders go after a sign-on: `game NAME PASSWORD`, then `orders TURN: ...`"
            elif first.upper() in ("DS", "KC", "FS", "PC", "MD", "HS", "LS", "AG", "LG", "HF"):
                hint = "a fleet goes after a sign-on: `game NAME PASSWORD`, then `fleet`"
            result.append(
                CommandError(
                    f"unknown command `{first}`",
                    raw,
                    number,
                    first_column,
                    hint=hint or GENERIC_HINT,
                )
            )
            continue
        rest_start = first_column - 1 + len(first)
        rest = raw[rest_start:]
        if keyword in ("fleet", "orders", "design"):
            # The block runs on over the following lines.
            end = _block_end(lines, index, keyword, bool(rest.strip(" \t:")))
            block_lines = [rest, *lines[index:end]]
            source = "\n".join([raw, *lines[index:end]]).rstrip()
            index = end
            if index < len(lines) and lines[index].strip().lower() == "end":
                index += 1
            result.append(_block(keyword, first, rest, rest_start, block_lines, number, source))
            continue
        result.append(_line(keyword, raw, words, number))
    return result


# The lines of a grid drawing [11.3]: a row, the colours, the letters, a legend.
_GRID_LINE = re.compile(
    r"^\s*([1-5](\s|$)|[ROYGB](\s+[ROYGB]){4}|[v-z](\s+[v-z]){4}|key\b|legend\b)"
)


def _block_end(lines: list[str], start: int, keyword: str, has_head: bool) -> int:
    """Where a fleet or orders block that starts at `start` ends (exclusive): at `end`, at a
    line starting with another command, or at a blank line; blank lines before the first line
    of the block, and inside a grid drawing, do not end it."""
    index = start
    seen = has_head
    while index < len(lines):
        stripped = lines[index].strip()
        if stripped.lower() == "end":
            return index
        if not stripped:
            following = next((line for line in lines[index:] if line.strip()), "")
            if seen and not (keyword == "fleet" and _GRID_LINE.match(following)):
                return index
            index += 1
            continue
        if keyword_of(stripped.split()[0]) is not None:
            return index
        seen = True
        index += 1
    return index


def _block(
    keyword: str,
    first: str,
    rest: str,
    rest_start: int,
    block_lines: list[str],
    number: int,
    source: str,
) -> Parsed:
    """The body keeps the block's lines as they were, so its line k is line number + k - 1
    of the message; only its first line starts further right (at `body_column`)."""
    if ":" in first:
        # `orders:3 ...` written without a space: the rest starts inside the first word.
        tail = first.split(":", 1)[1]
        rest, rest_start = tail + rest, rest_start - len(tail)
    if keyword in ("fleet", "design"):
        head = rest.lstrip(" \t:")
        column = rest_start + len(rest) - len(head) + 1
        body = "\n".join([head, *block_lines[1:]])
        return Command(keyword, number, source, body=body, body_line=number, body_column=column)
    match = re.match(r"\s*(?:turn\s*)?(\d+)?\s*:?", rest, re.IGNORECASE)
    assert match is not None  # every part is optional
    turn = int(match.group(1)) if match.group(1) else None
    body = "\n".join([rest[match.end() :], *block_lines[1:]])
    return Command(
        "orders",
        number,
        source,
        turn=turn,
        body=body,
        body_line=number,
        body_column=rest_start + match.end() + 1,
    )


def _usage(keyword: str) -> str:
    """The command's synopsis, as a hint."""
    return f"`{SYNOPSIS[keyword][0]}`"


def _missing(message: str, raw: str, number: int, hint: str | None) -> CommandError:
    """Something the command needs is missing: point just past the end of the line."""
    return CommandError(message, raw, number, len(raw.rstrip()) + 1, hint=hint)


def _line(keyword: str, raw: str, words: list[tuple[str, int]], number: int) -> Parsed:
    args = words[1:]

    def need_name() -> tuple[str, int] | CommandError:
        if not args:
            return _missing(f"`{keyword}` needs a game name", raw, number, _usage(keyword))
        return args[0]

    if keyword == "tournament":  # its words are read by pbem.club.tournament_commands
        return Command(keyword, number, raw, body=raw[words[0][1] - 1 + len(words[0][0]) :])
    if keyword in ("help", "list", "process", "cancel", "endmatch", "ladder", "link", "pictures"):
        return Command(keyword, number, raw, body=" ".join(w for w, _ in args).lower())
    if keyword in ("join", "observe", "unobserve", "create", "newpassword", "rematch", "web"):
        got = need_name()
        if isinstance(got, CommandError):
            return got
        name, column = got
        problem = _check_name(name, number, column, raw)
        if problem:
            return problem
        if keyword == "create":
            settings = _settings(args[1:], raw, number)
            if isinstance(settings, CommandError):
                return settings
            return Command(keyword, number, raw, name=name, settings=settings)
        if keyword == "rematch" and len(args) > 1:  # the old game's password (pbem.club.rematch)
            password = raw[args[1][1] - 1 :].strip()
            return Command(keyword, number, raw, name=name, password=password)
        return Command(keyword, number, raw, name=name, body=" ".join(w for w, _ in args[1:]))
    if keyword in ("game", "master"):
        got = need_name()
        if isinstance(got, CommandError):
            return got
        name, column = got
        if len(args) < 2:
            return _missing(
                f"`{keyword} {name}` needs the password of the game",
                raw,
                number,
                "the password came in the reply to your `join` (or `create`)",
            )
        password = raw[args[1][1] - 1 :].strip()
        return Command(keyword, number, raw, name=name, password=password)
    if keyword == "token":  # `token [NAME [PASSWORD]] [list | revoke ID | revoke all]`
        rest = list(args)
        name = password = None
        if rest and rest[0][0].lower() not in TOKEN_WORDS:
            name, column = rest.pop(0)
            problem = _check_name(name, number, column, raw)
            if problem:
                return problem
            if rest and rest[0][0].lower() not in TOKEN_WORDS:
                password = rest.pop(0)[0]
        body = " ".join(w for w, _ in rest)
        return Command(keyword, number, raw, name=name, password=password, body=body)
    if keyword in ("status", "history", "resign", "draw"):
        turn = None
        if keyword == "draw" and args and args[-1][0].isdigit():
            # `draw 12`, `draw NAME PASSWORD 12`: the turn the draw is for (a password is
            # words, never digits alone)
            turn, args = int(args[-1][0]), args[:-1]
            raw_end = words[-1][1] - 1
        else:
            raw_end = len(raw)
        if not args:
            return Command(keyword, number, raw, turn=turn)
        name = args[0][0]
        password = raw[args[1][1] - 1 : raw_end].strip() if len(args) > 1 else None
        return Command(keyword, number, raw, name=name, password=password, turn=turn)
    # master settings: the rest of the line is the value
    value = raw[words[0][1] - 1 + len(words[0][0]) :].strip()
    if not value:
        return _missing(f"`{keyword}` needs a value", raw, number, _usage(keyword))
    return Command(keyword, number, raw, body=value, body_line=number, body_column=args[0][1])


def _settings(
    args: list[tuple[str, int]], raw: str, number: int
) -> tuple[tuple[str, str], ...] | CommandError:
    """`ruleset classic options fleet=cost:24 deadline 2 days private` as (key, value) pairs.

    A setting's value is every word up to the next setting word; words with `=` outside a
    deadline are options (so `fleet=cost:24` needs no `options` in front)."""
    settings: list[tuple[str, str]] = []
    key: str | None = None
    key_column = 1
    values: list[str] = []
    flags: dict[str, str] = {}  # "private"/"rated" -> the word that set it

    def close() -> CommandError | None:
        if key is None:
            return None
        if not values and key != "options":
            hint = setting_hint(key)
            return CommandError(f"`{key}` needs a value", raw, number, key_column, hint)
        settings.append((key, " ".join(values)))
        return None

    for word, column in args:
        lowered = word.lower()
        # The game word leads (`create duel battles ...`); after `vs computer` it is read as
        # the game too (`create duel vs computer battles`), not as a computer level.
        first = key is None and not settings
        game = game_words().get(lowered) if first or (key == "vs" and values) else None
        if game is not None:
            if not any(k == "game" for k, _v in settings):
                settings.append(("game", game))
                continue

        if lowered in SETTING_WORDS or lowered in FLAG_WORDS:
            problem = close()
            if problem:
                return problem
            values = []
            key = "options" if lowered == "option" else lowered
            key_column = column
            if lowered in FLAG_WORDS:
                # private/public and rated/casual (the ladder, pbem.club.ladder): both words of a
                # pair leave it unguessable which was meant, so neither wins.
                flag = "private" if lowered in ("private", "public") else "rated"
                said = flags.setdefault(flag, lowered)
                if said != lowered:
                    return CommandError(
                        f"`{said}` and `{lowered}` contradict each other",
                        raw,
                        number,
                        column,
                        hint=f"write one of them: `{said}` or `{lowered}`",
                    )
                settings.append((flag, "yes" if lowered in ("private", "rated") else "no"))
                key = None
            continue
        if (
            key in (None, "vs", "ruleset", "missing", "reminder", "grace", "news")
            and "=" in word
            and (key is None or values)
        ):
            problem = close()
            if problem:
                return problem
            key, values, key_column = "options", [], column
        if key is None:
            return CommandError(
                f"unknown setting `{word if len(word) <= 40 else word[:40] + '...'}`",
                raw,
                number,
                column,
                hint="settings: vs computer, ruleset, options, deadline, reminder, grace, "
                "missing, news, private, rated, casual",
            )
        values.append(word)
    problem = close()
    if problem:
        return problem
    return tuple(settings)


BLOCKS = ("fleet", "orders", "design")


def parse_one(
    text: str, keyword: str, first_line: int = 1, written_before: int = 0
) -> list[Parsed]:
    """The text as exactly one command `keyword`, never a script (a front end's form or
    option, where each submission is one command): a fleet, design or orders block runs to the
    end of the text whatever its lines look like, so a line that is not part of it is refused
    by the block's own reader; any other command is one line, and a second line is refused.

    The result is that one command or one error: nothing the sender wrote after the command
    can be read as another command. `written_before`: the characters of the first line the
    front end wrote ahead of the sender's text (see Inbound); a block's body and source then
    count from the sender's text."""
    parsed = _parse_one(text, keyword, first_line)
    found = parsed[0]
    if not written_before or not isinstance(found, Command):
        return parsed
    head, *rest = found.body.split("\n")
    column = found.body_column + len(head) - len(head.lstrip())
    if column <= written_before:
        return parsed  # the body starts in what the front end wrote
    found = replace(
        found,
        source=found.source[written_before:],
        body="\n".join([head.lstrip(), *rest]),
        body_column=column - written_before,
    )
    return [found]


def _parse_one(text: str, keyword: str, first_line: int) -> list[Parsed]:
    usage = _usage(keyword) if keyword in SYNOPSIS else GENERIC_HINT
    lines = text.splitlines()
    start = next((i for i, line in enumerate(lines) if line.strip()), None)
    if start is None:
        return [CommandError(f"`{keyword}` is empty", "", first_line, 1, usage)]
    raw = lines[start]
    number = start + first_line
    words = _columns(raw)
    first, first_column = words[0]
    found = keyword_of(first) or keyword_of(first.split(":", 1)[0])
    if found != keyword:
        return [
            CommandError(
                f"expected the command `{keyword}`, not `{first}`"
                if found
                else f"`{first}` is not a command",
                raw,
                number,
                first_column,
                hint=usage,
            )
        ]
    rest_start = first_column - 1 + len(first)
    following = lines[start + 1 :]
    if keyword in BLOCKS:
        # A last line `end` closes a block in the command language: it is not the block's.
        while following and not following[-1].strip():
            following.pop()
        if following and following[-1].strip().lower() == "end":
            following.pop()
        source = "\n".join([raw, *following]).rstrip()
        return [
            _block(
                keyword,
                first,
                raw[rest_start:],
                rest_start,
                [raw[rest_start:], *following],
                number,
                source,
            )
        ]
    extra = next((i for i, line in enumerate(following) if line.strip()), None)
    if extra is not None:
        line = following[extra]
        return [
            CommandError(
                f"`{keyword}` is one line: this line is not part of it, and nothing was done",
                line,
                number + extra + 1,
                len(line) - len(line.lstrip()) + 1,
                hint=f"send only {usage}, on one line",
            )
        ]
    return [_line(keyword, raw, words, number)]
