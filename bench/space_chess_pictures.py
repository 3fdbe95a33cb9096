"""Draw the Space Chess board pictures of docs/ (run from the repository root):

    python bench/space_chess_pictures.py    # rewrites docs/space-chess-board.png

The empty board with every cell's name (the strip and the two hemispheres), and the starting
position; prints each file's size and how long drawing took.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from spacechess.engine.position import start  # noqa: E402
from spacechess.pictures import board_picture, empty_board_picture  # noqa: E402


def main() -> None:
    for name, draw in (
        ("space-chess-board.png", empty_board_picture),
        ("space-chess-start.png", lambda: board_picture(start(), "The start: Terrans to act")),
    ):
        t0 = time.perf_counter()
        png = draw()
        ms = (time.perf_counter() - t0) * 1000
        path = ROOT / "docs" / name
        path.write_bytes(png)
        print(f"{path.relative_to(ROOT)}: {len(png) / 1024:.0f} kB, drawn in {ms:.0f} ms")


if __name__ == "__main__":
    main()
