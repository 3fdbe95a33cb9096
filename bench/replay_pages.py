"""The replay pages of the three games' long samples: how much they weigh, how long they take to
make, and how soon chromium paints them (issue 33). Run from the repository root:

    python bench/replay_pages.py            # a table, and the targets each figure is held to
    python bench/replay_pages.py --runs 5   # the median of 5 makes and 5 paints

"made in" is the first make in the process (cold: what `spaceships replay` costs; later ones
reuse the drawing's cached layouts); "first paint" is chromium's own first-contentful-paint of
the page opened from a file (headless, Playwright driving Debian's chromium); "board drawn" is
when the step's board is in the page (the viewer has run and the first board or map is laid
out). Each target is issue 33's.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from pbem.replay.games import replay_of_text  # noqa: E402
from pbem.replay.page import replay_html  # noqa: E402

# (sample, what it is, the most bytes, the most seconds to make)
SAMPLES = (
    ("samples/spacechess/long.scr", "Space Chess, 75 turns", 2_000_000, 2.0),
    ("samples/battles/full-battle.sbr", "Spaceship Battles, full battle", 600_000, None),
    ("samples/game-2.6.1-long.ssr", "Spaceships, long game", 300_000, None),
)
FIRST_PAINT = 1.0  # seconds, for every page


def make(path: str) -> tuple[bytes, float]:
    text = (ROOT / path).read_text(encoding="utf-8")
    t0 = time.perf_counter()
    page = replay_html(replay_of_text(text, None, path))
    return page, time.perf_counter() - t0


def paint(browser: object, page_file: Path) -> tuple[float, float]:
    """Seconds to chromium's first contentful paint and to the first board laid out."""
    tab = browser.new_page(viewport={"width": 1280, "height": 900})  # type: ignore[attr-defined]
    try:
        tab.goto(page_file.as_uri(), wait_until="load")
        tab.wait_for_selector("#boards > *", state="attached")
        found = tab.evaluate(
            """() => {
              const p = performance.getEntriesByName('first-contentful-paint')[0];
              const drawn = performance.now();
              return [p ? p.startTime : NaN, drawn];
            }"""
        )
        return found[0] / 1000, found[1] / 1000
    finally:
        tab.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="makes and paints per sample")
    args = parser.parse_args()
    from browser_support import ARGS, chromium_path
    from playwright.sync_api import sync_playwright

    rows = []
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        chromium = chromium_path()
        browser = playwright.chromium.launch(executable_path=chromium, args=ARGS)
        for path, what, most_bytes, most_seconds in SAMPLES:
            makes, paints, drawn = [], [], []
            page = b""
            for _ in range(args.runs):
                page, seconds = make(path)
                makes.append(seconds)
            file = Path(tmp) / (Path(path).stem + ".html")
            file.write_bytes(page)
            for _ in range(args.runs):
                first, board = paint(browser, file)
                paints.append(first)
                drawn.append(board)
            rows.append(
                (
                    what,
                    len(page),
                    most_bytes,
                    makes[0],
                    most_seconds,
                    statistics.median(paints),
                    statistics.median(drawn),
                )
            )
        browser.close()
    print(f"Replay pages of the long samples (paints: median of {args.runs}; issue 33's targets)\n")
    head = f"{'sample':32} {'page':>10} {'target':>9} {'made in':>8} {'target':>7}"
    print(head + f" {'first paint':>12} {'board drawn':>12} {'target':>7}")
    failed = False
    for what, size, most, made, most_made, first, board in rows:
        ok = size <= most and (most_made is None or made < most_made) and first < FIRST_PAINT
        failed |= not ok
        made_target = "-" if most_made is None else f"< {most_made:.0f} s"
        print(
            f"{what:32} {size / 1000:>7.0f} kB {f'<= {most // 1000} kB':>9} {made:>6.2f} s"
            f" {made_target:>7} {first * 1000:>9.0f} ms {board * 1000:>9.0f} ms"
            f" {f'< {FIRST_PAINT * 1000:.0f} ms':>7}  {'ok' if ok else 'MISSED'}"
        )
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
