"""Pictures as SVG text from the very drawing code that makes their PNGs: `VectorDraw` takes the
calls a game's drawing makes on a Pillow `ImageDraw` (polygon, line, ellipse, arc, rectangle,
text) and writes each as an SVG element, so a page's vector board and a mail's PNG are one
description drawn twice and cannot drift apart.

Why our own writer rather than an SVG library: the page sends one layer per step, and what it
weighs is decided here (coordinates to a tenth of a pixel, repeated shapes drawn once as a
`<symbol>` and placed with `<use>`, no style an element does not need); Pillow measures the
text, so labels are laid out alike in both. The output is plain SVG 1.1 text a browser draws
as is; `svg_document` wraps a body as a standalone file.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any
from xml.sax.saxutils import escape

from PIL import Image, ImageDraw

__all__ = ["FONT_FAMILY", "VectorDraw", "colour", "number", "svg_document"]

FONT_FAMILY = "DejaVu Sans, Verdana, Arial, sans-serif"
Colour = tuple[int, ...] | str | None
LONG_TEXT = 8  # characters from which a text is held to the length Pillow measures


def number(value: float) -> str:
    """A coordinate to a tenth of a pixel, without trailing zeros: `12`, `3.5`, `-0.1`."""
    text = f"{value:.1f}"
    if text.endswith(".0"):
        text = text[:-2]
    return "0" if text == "-0" else text


def colour(value: Colour) -> str:
    """`#rrggbb` of an RGB tuple (or a name given as it is); `none` for None."""
    if value is None:
        return "none"
    if isinstance(value, str):
        return value
    return "#{:02x}{:02x}{:02x}".format(*value[:3])


@cache
def _measure() -> ImageDraw.ImageDraw:
    return ImageDraw.Draw(Image.new("RGB", (1, 1)))


# Pillow's anchors (two letters: across, then down) as SVG's text-anchor and baseline.
_ACROSS = {"l": None, "m": "middle", "r": "end"}
_DOWN = {"a": "hanging", "t": "hanging", "m": "central", "s": None, "b": "text-after-edge"}
_DOWN["d"] = "text-after-edge"


def _size(font: Any) -> int:
    return int(getattr(font, "size", 11))


class VectorDraw:
    """Stands where a Pillow ImageDraw would and writes SVG elements instead (`elements`).

    `symbol(key, size, paint)` draws `paint` once into a `<symbol>` (in `defs`) and places a
    `<use>` of it; later calls with the same key place it again, scaled and turned."""

    def __init__(self, defs: dict[str, str] | None = None, prefix: str = "s") -> None:
        self.elements: list[str] = []
        self.defs: dict[str, str] = {} if defs is None else defs
        self.prefix = prefix

    # -- what Pillow's ImageDraw offers and the drawings use ------------------------------------
    def polygon(
        self, xy: Sequence[Any], fill: Colour = None, outline: Colour = None, width: int = 1
    ) -> None:
        points = " ".join(f"{number(p[0])},{number(p[1])}" for p in _points(xy))
        self.elements.append(f"<polygon points='{points}'{_paint(fill, outline, width)}/>")

    def line(self, xy: Sequence[Any], fill: Colour = None, width: int = 1, **_: Any) -> None:
        points = _points(xy)
        if len(points) == 2:
            (x0, y0), (x1, y1) = points
            self.elements.append(
                f"<line x1='{number(x0)}' y1='{number(y0)}' x2='{number(x1)}' y2='{number(y1)}'"
                f" stroke='{colour(fill)}' stroke-width='{width}'/>"
            )
            return
        joined = " ".join(f"{number(x)},{number(y)}" for x, y in points)
        self.elements.append(
            f"<polyline points='{joined}' fill='none' stroke='{colour(fill)}'"
            f" stroke-width='{width}'/>"
        )

    def ellipse(
        self, xy: Sequence[Any], fill: Colour = None, outline: Colour = None, width: int = 1
    ) -> None:
        (x0, y0), (x1, y1) = _points(xy)
        cx, cy, rx, ry = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2, (y1 - y0) / 2
        # Pillow draws the outline inside the box: the SVG stroke is centred on its path.
        inset = width / 2 if outline is not None else 0
        rx, ry = max(0.0, rx - inset), max(0.0, ry - inset)
        paint = _paint(fill, outline, width)
        if abs(rx - ry) < 0.05:
            self.elements.append(
                f"<circle cx='{number(cx)}' cy='{number(cy)}' r='{number(rx)}'{paint}/>"
            )
        else:
            self.elements.append(
                f"<ellipse cx='{number(cx)}' cy='{number(cy)}' rx='{number(rx)}'"
                f" ry='{number(ry)}'{paint}/>"
            )

    def arc(
        self, xy: Sequence[Any], start: float, end: float, fill: Colour = None, width: int = 1
    ) -> None:
        (x0, y0), (x1, y1) = _points(xy)
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        rx, ry = (x1 - x0) / 2 - width / 2, (y1 - y0) / 2 - width / 2
        a, b = math.radians(start), math.radians(end)
        sx, sy = cx + rx * math.cos(a), cy + ry * math.sin(a)
        ex, ey = cx + rx * math.cos(b), cy + ry * math.sin(b)
        large = 1 if (end - start) % 360 > 180 else 0
        self.elements.append(
            f"<path d='M{number(sx)} {number(sy)}A{number(rx)} {number(ry)} 0 {large} 1 "
            f"{number(ex)} {number(ey)}' fill='none' stroke='{colour(fill)}'"
            f" stroke-width='{width}'/>"
        )

    def rectangle(
        self, xy: Sequence[Any], fill: Colour = None, outline: Colour = None, width: int = 1
    ) -> None:
        (x0, y0), (x1, y1) = _points(xy)
        inset = width / 2 if outline is not None else 0
        self.elements.append(
            f"<rect x='{number(x0 + inset)}' y='{number(y0 + inset)}'"
            f" width='{number(max(0.0, x1 - x0 - 2 * inset))}'"
            f" height='{number(max(0.0, y1 - y0 - 2 * inset))}'{_paint(fill, outline, width)}/>"
        )

    def text(
        self,
        xy: Sequence[float],
        text: str,
        fill: Colour = None,
        font: Any = None,
        anchor: str | None = None,
        **_: Any,
    ) -> None:
        across, down = (anchor or "la")[0], (anchor or "la")[1]
        attrs = f" x='{number(xy[0])}' y='{number(xy[1])}' font-size='{_size(font)}'"
        if fill is not None and colour(fill) != "#141414":
            attrs += f" fill='{colour(fill)}'"
        if _ACROSS[across]:
            attrs += f" text-anchor='{_ACROSS[across]}'"
        if _DOWN[down]:
            attrs += f" dominant-baseline='{_DOWN[down]}'"
        if len(text) >= LONG_TEXT and font is not None:
            # As long as Pillow lays it out, whatever font the browser has: a line of words
            # keeps to the room the drawing gave it.
            length = number(self.textlength(text, font=font))
            attrs += f" textLength='{length}' lengthAdjust='spacingAndGlyphs'"
        self.elements.append(f"<text{attrs}>{escape(text)}</text>")

    def text_up(
        self, xy: Sequence[float], text: str, fill: Colour = None, font: Any = None
    ) -> None:
        """Text read from the bottom up, centred at `xy`."""
        x, y = number(xy[0]), number(xy[1])
        self.elements.append(
            f"<text x='{x}' y='{y}' font-size='{_size(font)}' fill='{colour(fill)}'"
            f" text-anchor='middle' dominant-baseline='central'"
            f" transform='rotate(-90 {x} {y})'>{escape(text)}</text>"
        )

    def textlength(self, text: str, font: Any = None, **kwargs: Any) -> float:
        return _measure().textlength(text, font=font, **kwargs)

    def textbbox(self, xy: Sequence[float], text: str, font: Any = None, **kwargs: Any) -> Any:
        return _measure().textbbox(xy, text, font=font, **kwargs)

    # -- what a page adds: shapes drawn once and placed again -----------------------------------
    def symbol(
        self,
        key: str,
        reach: float,
        paint: Callable[[Any], None],
        x: float,
        y: float,
        scale: float = 1.0,
        turn: float = 0.0,
    ) -> None:
        """`paint(draw)` draws the shape round (0, 0) within `reach` pixels; it is kept once
        as `<symbol id=key>` and placed at (x, y), `scale`d and turned `turn` degrees."""
        ident = f"{self.prefix}{key}"
        if ident not in self.defs:
            inner = VectorDraw(self.defs, self.prefix)
            paint(inner)
            r = number(reach)
            self.defs[ident] = (
                f"<symbol id='{ident}' viewBox='-{r} -{r} {number(2 * reach)} {number(2 * reach)}'"
                f" overflow='visible'>{''.join(inner.elements)}</symbol>"
            )
        side = 2 * reach * scale
        place = f" x='{number(-side / 2)}' y='{number(-side / 2)}'"
        size = f" width='{number(side)}' height='{number(side)}'"
        move = f"translate({number(x)} {number(y)})"
        if abs(turn) > 0.05:
            move += f" rotate({number(turn)})"
        self.elements.append(f"<use href='#{ident}'{place}{size} transform='{move}'/>")

    def body(self) -> str:
        return "".join(self.elements)

    def defs_text(self) -> str:
        return "".join(self.defs[k] for k in sorted(self.defs))


def _points(xy: Sequence[Any]) -> list[tuple[float, float]]:
    if xy and not isinstance(xy[0], (tuple, list)):
        flat = list(xy)
        return [(float(flat[i]), float(flat[i + 1])) for i in range(0, len(flat), 2)]
    return [(float(p[0]), float(p[1])) for p in xy]


def _paint(fill: Colour, outline: Colour, width: int) -> str:
    out = f" fill='{colour(fill)}'"
    if outline is not None:
        out += f" stroke='{colour(outline)}'"
        if width != 1:
            out += f" stroke-width='{width}'"
    return out


def svg_document(
    width: int,
    height: int,
    body: str,
    defs: str = "",
    title: str = "",
    inline: bool = False,
    smallest: int | None = None,
) -> str:
    """A standalone SVG file of `body` on a white `width` x `height` canvas that scales to any
    width (viewBox), in the pictures' ink and font; `inline`: for a web page's HTML, which
    gives it the SVG namespace itself (no address in the page); `smallest`: the least pixels
    of its words, said on its root for a page to keep them readable."""
    named = f"<title>{escape(title)}</title>" if title else ""
    space = "" if inline else ' xmlns="http://www.w3.org/2000/svg"'
    if smallest is not None:  # a page keeps these words at least 9 CSS pixels high
        space += f' data-smallest-text="{smallest}"'
    return (
        f'<svg{space} viewBox="0 0 {width} {height}"'
        f' width="{width}" height="{height}" font-family="{FONT_FAMILY}" fill="#141414"'
        f' role="img">{named}'
        f'<defs>{defs}</defs><rect width="{width}" height="{height}" fill="#fff"/>{body}</svg>'
    )
