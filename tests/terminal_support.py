"""Lines typed at a game's terminal prompt, for the terminal games' tests: an `ask` that
answers each prompt with the next line and then leaves as a person would."""

from __future__ import annotations

from collections.abc import Callable


def typed(lines: list[str], out: list[str], interrupt: bool = False) -> Callable[[str], str]:
    """An `ask` that notes each prompt in `out` and answers it with the next of `lines`; after
    the last, EOF (Ctrl-D), or Ctrl-C where `interrupt`."""
    feed = iter(lines)

    def ask(prompt: str) -> str:
        out.append(prompt)
        try:
            return next(feed)
        except StopIteration:
            if interrupt:
                raise KeyboardInterrupt from None
            raise EOFError from None

    return ask
