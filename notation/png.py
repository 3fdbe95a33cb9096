"""Pictures as small PNG files for mail and chat: a drawing of few inks (text drawn without
anti-aliasing) kept exactly in a palette, 4-bit when 16 colours do, packed by oxipng."""

from __future__ import annotations

import io

import oxipng
from PIL import Image

__all__ = ["palette_png"]

_UNFILTERED = oxipng.RowFilter.NoOp


def palette_png(image: Image.Image) -> bytes:
    """`image` (RGB, or already a palette image) as a palette PNG. A drawing of at most 256
    colours keeps every one exactly; more (a photograph) are reduced to 256."""
    if image.mode != "P":
        counted = image.getcolors(256)
        if counted is None:
            image = image.quantize(256, dither=Image.Dither.NONE)
        else:
            palette = Image.new("P", (1, 1))
            kept = sorted(colour for _, colour in counted)
            palette.putpalette([v for c in kept for v in c[:3]])
            image = image.quantize(palette=palette, dither=Image.Dither.NONE)
    used = len(image.getpalette() or []) // 3
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=1, bits=4 if used <= 16 else 8)
    # oxipng (libdeflate, rows unfiltered, which suits a palette drawing) packs it a fifth
    # smaller than zlib at its best, in about the time Pillow takes at its best.
    return bytes(oxipng.optimize_from_memory(out.getvalue(), level=2, filter=[_UNFILTERED]))
