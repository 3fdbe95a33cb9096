"""How long the tests wait, on the clock, for what must come (a bot going idle, a reply): long
enough for a machine busy with other work, so a test never fails by chance, and still a bound,
so a test of something truly stuck fails rather than hangs."""

from __future__ import annotations

# simcord's own wait for the bot to finish what a member set off is 5 s: a busy machine takes
# that long for a big file. Every simulated Discord in the tests uses this one.
SETTLE_SECONDS = 60.0
