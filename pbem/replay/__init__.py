"""Replays as web pages: a game's record turned into frames (what each reader may see after
each turn) and written as one self-contained HTML file. See docs/replay.md.

Floor 1 of the core (docs/architecture.md, "The core's rooms"): it imports only the root's plain
values and pbem.registry."""
