"""Replays as web pages: a game's record turned into frames (what each reader may see after
each turn) and written as one self-contained HTML file. See docs/replay.md."""
