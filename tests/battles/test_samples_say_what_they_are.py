"""A sample that checks with problems on purpose says so, with the count a check finds (issue
47, item 12): `orders-to-roll.sbr` is orders whose dice are not rolled yet."""

from __future__ import annotations

import re
from pathlib import Path

from battles_support import cli

SAMPLES = Path(__file__).resolve().parents[2] / "samples" / "battles"
WORDS = {"ten": 10}


def test_the_orders_sample_says_its_not_rolled_problems_are_meant() -> None:
    path = SAMPLES / "orders-to-roll.sbr"
    said = re.search(
        r"#.*lists (\w+) \"not rolled\" problems \[R13\] on\n# purpose", path.read_text()
    )
    assert said, "the sample does not say its problems are meant"
    code, output = cli("battles", "play", str(path))
    assert code == 1
    assert output.count("not rolled: no dice written") == WORDS[said.group(1)], output
