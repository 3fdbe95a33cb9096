"""A replay written as one self-contained HTML page: the viewer's script and style inline, every
picture a data: URI, the frames as JSON in the page; nothing is fetched from anywhere (the
page's Content-Security-Policy forbids it). The page holds only the views the Replay holds."""

from __future__ import annotations

import base64
import html
import json
import math
from importlib.resources import files
from typing import Any

from notation.ink import INK
from notation.vector import FONT_FAMILY
from pbem.replay.frames import Replay

OUTLINE = "#{:02x}{:02x}{:02x}".format(*INK)  # a page of pictures only: the pictures' ink

POLICY = (
    "default-src 'none'; img-src data:; style-src 'unsafe-inline'; "
    "script-src 'unsafe-inline'; base-uri 'none'; form-action 'none'"
)


def _uri(png: bytes) -> str:
    return "data:image/png;base64," + base64.b64encode(png).decode("ascii")


def _asset(name: str) -> str:
    return files("pbem.replay").joinpath(name).read_text(encoding="utf-8")


def page_data(replay: Replay) -> dict[str, Any]:
    """The JSON the viewer steps through: pictures sent once each, tiles only for marks shown."""
    pictures: list[list[Any]] = []
    seen: dict[bytes, int] = {}
    layers: list[str] = []
    layer_seen: dict[str, int] = {}
    tiles: dict[str, str] = {}
    styles: set[str] = set()
    frames = []
    for frame in replay.frames:
        views = {}
        for key, shown in frame.views.items():
            indexes = []
            for png in shown.pictures:
                if png not in seen:
                    seen[png] = len(pictures)
                    # Its drawn width: the page never enlarges it past that, nor shrinks
                    # its smallest text under 9 CSS pixels (it scrolls sideways instead).
                    pictures.append([_uri(png), _png_width(png)])
                indexes.append(seen[png])
            boards = []
            for board in shown.boards:
                styles.add(board.style)
                for _, mark in board.marks:
                    tiles.setdefault(f"{board.style}:{mark}", "")
                boards.append(
                    {
                        "title": board.title,
                        "style": board.style,
                        "marks": dict(board.marks),
                        "changed": list(board.changed),
                    }
                )
            drawn = []
            for svg in shown.drawings:
                if svg not in layer_seen:
                    layer_seen[svg] = len(layers)
                    layers.append(svg)
                drawn.append(layer_seen[svg])
            layer = None
            if shown.layer is not None:
                if shown.layer not in layer_seen:
                    layer_seen[shown.layer] = len(layers)
                    layers.append(shown.layer)
                layer = layer_seen[shown.layer]
            views[key] = {
                "lines": list(shown.lines),
                "boards": boards,
                "pictures": indexes,
                "changed": list(shown.changed),
                "layer": layer,
                "drawings": drawn,
            }
        frames.append({"id": frame.id, "label": frame.label, "views": views})
    # The page's key shows a sample mark and its meaning; the pictures' key also says what
    # the opponent knows of the cell, which the replay's boards do not draw.
    made = replay.pieces
    keys = {} if made is None else {s: [list(e) for e in made.keys[s]] for s in sorted(styles)}
    for style, entries in keys.items():
        for mark, _ in entries:
            tiles.setdefault(f"{style}:{mark}", "")
    for name in tiles:
        style, mark = name.split(":", 1)
        assert made is not None  # tiles are only of boards, which only a game of pieces has
        tiles[name] = _uri(made.tile(mark, style))
    grids = None
    if replay.colour_order is not None and styles and made is not None:
        pieces = made.board(replay.colour_order)
        grids = {
            "png": _uri(pieces.png),
            "width": pieces.width,
            "height": pieces.height,
            "tile": pieces.tile_size,
            "cells": {cell: list(xy) for cell, xy in pieces.cells.items()},
            "outlines": [list(box) for box in pieces.outlines],
        }
    return {
        "game": replay.game,
        "title": replay.title,
        "views": [list(v) for v in replay.views],
        "frames": frames,
        "pictures": pictures,
        "tiles": dict(sorted(tiles.items())),
        "keys": keys,
        "grids": grids,
        "outline": OUTLINE if made is None else made.outline,
        "layers": layers,
        "drawing": _drawing(replay),
        "smallest": replay.smallest_text,
        "ended": replay.ended,
    }


def _drawing(replay: Replay) -> dict[str, Any] | None:
    drawing = replay.drawing
    if drawing is None:
        return None
    return {
        "width": drawing.width,
        "height": drawing.height,
        "back": drawing.back,
        "defs": drawing.defs,
        "font": FONT_FAMILY,
        "label": drawing.label,
        # The least CSS width that keeps its smallest name 9 pixels high.
        "least": math.ceil(drawing.width * 9 / drawing.smallest),
    }


def _png_width(png: bytes) -> int:
    """A PNG's width, from its header (IHDR comes first, its width at byte 16)."""
    return int.from_bytes(png[16:20], "big")


def json_in_script(value: Any) -> str:
    """JSON to embed in a script element: every `<` written `\\u003c` (and `>` and `&` as
    `\\u003e`, `\\u0026`), so no name or tag can end the element (`</script>`) or open a
    comment state (`<!--`), and the text is still JSON, which the viewer parses as it is."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def replay_html(replay: Replay) -> bytes:
    """The whole page as UTF-8 bytes: the same replay gives the same bytes."""
    title = html.escape(replay.title)
    record = ""
    if replay.record is not None:
        href = "data:text/plain;charset=utf-8;base64," + base64.b64encode(
            replay.record.encode("utf-8")
        ).decode("ascii")
        record = (
            f'<p><a href="{href}" download="{html.escape(replay.record_name)}">'
            f"Download the record</a> (check it with <code>{html.escape(replay.check)}</code>)."
            "</p>"
        )
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="{POLICY}">
<meta name="referrer" content="no-referrer">
<title>{title}: replay</title>
<style>
{_asset("viewer.css")}</style>
</head>
<body>
<header>
<h1>{title}</h1>
<p class="help">Step with the arrow keys (Home and End for the first and last step), the
buttons or the slider; the address names the step, so a link opens there.</p>
</header>
<main>
<div class="controls" role="group" aria-label="Replay controls">
<button type="button" id="first" aria-label="First step">|&#x25C0;</button>
<button type="button" id="prev" aria-label="Previous step">&#x25C0;</button>
<button type="button" id="next" aria-label="Next step">&#x25B6;</button>
<button type="button" id="last" aria-label="Last step">&#x25B6;|</button>
<input type="range" id="slider" min="0" max="0" value="0" aria-label="Step">
<output id="where" aria-live="polite" aria-atomic="true"></output>
</div>
<fieldset id="views"><legend>Whose view</legend></fieldset>
<section id="frame" aria-labelledby="label">
<h2 id="label"></h2>
<div id="boards"></div>
<div id="lines" class="lines" aria-label="Actions and results"></div>
<p id="changed"></p>
<p id="ended" class="ended" hidden></p>
</section>
<nav class="turns" aria-label="Every step"><ol id="turn-list"></ol></nav>
{record}
<noscript><p>The replay steps through the game with JavaScript: allow it for this file.
</p></noscript>
</main>
<script type="application/json" id="replay-data">{json_in_script(page_data(replay))}</script>
<script>
{_asset("viewer.js")}</script>
</body>
</html>
""".encode()


def record_in_page(page: str) -> str | None:
    """The record a replay page offers for download (None: a page of a game in play)."""
    import re

    found = re.search(r'href="data:text/plain;charset=utf-8;base64,([A-Za-z0-9+/=]*)"', page)
    return None if found is None else base64.b64decode(found.group(1)).decode("utf-8")
