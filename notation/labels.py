"""Where a picture's labels go: each at the first of its wanted places that covers the least of
what is already drawn or labelled, so neighbouring names do not print over each other.

A greedy choice, label by label in the order given: enough for the handful of names on a map,
and the same input always gives the same places (pictures are compared byte for byte).
"""

from __future__ import annotations

from collections.abc import Sequence

Box = tuple[float, float, float, float]  # left, top, right, bottom

__all__ = ["Box", "choose_boxes", "overlap"]


def overlap(a: Box, b: Box) -> float:
    """The area two boxes share (0 when they only touch)."""
    width = min(a[2], b[2]) - max(a[0], b[0])
    height = min(a[3], b[3]) - max(a[1], b[1])
    return width * height if width > 0 and height > 0 else 0.0


def choose_boxes(candidates: Sequence[Sequence[Box]], avoid: Sequence[Box]) -> list[Box]:
    """For each label, one of its candidate boxes (best first): the first that covers nothing
    in `avoid` or already chosen, else the one that covers the least."""
    taken = list(avoid)
    chosen: list[Box] = []
    for boxes in candidates:
        best = min(boxes, key=lambda box: sum(overlap(box, other) for other in taken))
        chosen.append(best)
        taken.append(best)
    return chosen
