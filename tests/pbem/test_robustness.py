"""Bad input never crashes the judge: whatever the text, the sender gets an answer and no game
is left half-changed."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pbem_support import FLEET_A, FLEET_B, Table

from pbem.messages import Inbound
from pbem.store import open_store

WORDS = [
    "help",
    "list",
    "create",
    "join",
    "observe",
    "status",
    "history",
    "game",
    "fleet",
    "orders",
    "resign",
    "master",
    "deadline",
    "process",
    "cancel",
    "end",
    "alpha",
    "beta",
    "1",
    "2",
    "3:",
    "1:",
    "turn",
    "Gx3",
    "Rx4",
    "mYv3",
    "m",
    "k",
    "kGx1",
    "bRv1Rx1",
    "bRv",
    "sGz1",
    "DS",
    "KC",
    "FS2",
    "Ow9",
    "Zz2",
    "48h",
    "FREQ=DAILY",
    "private",
    "fleet=cost:24",
    "colours=RYGOB",
    ";",
    ",",
    ":",
    "(DS)",
    "wrong-pass-word",
    "\u00e9t\u00e9",
    "R O Y G B",
]


def _fresh_table() -> tuple[Table, str]:
    table = Table(open_store(":memory:"))
    table.person("gm@example.org").send("create alpha deadline 48h")
    alice, bob = table.person("alice@example.org"), table.person("bob@example.org")
    alice.join()
    bob.join()
    alice.fleet(FLEET_A)
    bob.fleet(FLEET_B)
    assert alice.password
    return table, alice.password


_TABLE, _PASSWORD = _fresh_table()

lines = st.lists(
    st.one_of(st.sampled_from(WORDS), st.just("PASSWORD"), st.text(max_size=6)), max_size=8
).map(" ".join)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(lines, min_size=1, max_size=6))
def test_any_text_gets_an_answer_and_never_raises(text_lines: list[str]) -> None:
    text = "\n".join(text_lines).replace("PASSWORD", _PASSWORD)
    replies = _TABLE.judge.handle(Inbound("alice@example.org", text))
    assert replies and replies[0].to == ("alice@example.org",)
    assert replies[0].body.strip()
