"""What one mail and one address may make the judge do (issue 32, item 1): the audit's mail of
17,579 `create` lines made as many games and a 7.2 MB reply, sent wherever its From said. Now
a mail runs 40 commands, an address makes 20 games a day, and a reply stays under 128 KiB,
with one line for what was not done and why."""

from __future__ import annotations

import re

from pbem_support import Table

from pbem.steps import limits


def _games(table: Table) -> int:
    return int(table.store.connection.execute("SELECT COUNT(*) FROM games").fetchone()[0])


def test_the_audits_mail_of_thousands_of_creates_makes_twenty_games_and_a_short_reply(
    table: Table,
) -> None:
    lines = [f"create z{n}" for n in range(17_579)]
    text = "\n".join(lines) + "\n"
    assert len(text) > 200 * 1024  # the audit's 247 KiB mail, near enough
    mallory = table.person("mallory@example.org", "Mallory")
    reply = mallory.send(text).body
    assert _games(table) == limits.GAMES_A_DAY == 20
    assert len(reply.encode()) < 40 * 1024, len(reply)  # 7.2 MB before
    assert reply.count("Your master password") == 20
    refused = "you have made 20 games in the last 24 hours, as many as one address may"
    assert reply.count(refused) == limits.MAX_COMMANDS - 20
    beyond = "Not done: lines 41-17579, 17539 more command(s). The judge carries out at most 40"
    assert reply.count(beyond) == 1 and "create z40" not in reply
    # Another mail the same day makes nothing; another address is not held up; a day later
    # the address makes games again.
    assert "you have made 20 games" in mallory.send("create later").body
    assert "Your master password" in table.person("ann@example.org").send("create ann1").body
    table.clock.advance(days=1, seconds=1)
    assert "Your master password" in mallory.send("create later").body


def test_accepting_rematches_counts_toward_the_games_of_a_day(table: Table) -> None:
    gm = table.person("gm@example.org", "Gm")
    for n in range(limits.GAMES_A_DAY):
        gm.send(f"create g{n}")
    assert _games(table) == 20
    cy = table.person("cy@example.org", "Cy")
    cy.create_seated("create solo vs computer random", "solo")
    cy.send(cy.sign_on("solo") + "resign")
    for n in range(limits.GAMES_A_DAY - 1):
        cy.send(f"create c{n}")
    made = cy.send(cy.sign_on("solo") + "rematch solo").body
    assert "you have made 20 games in the last 24 hours" in made
    assert table.store.game("solo-r2", lock=False) is None


def test_a_reply_stays_under_its_bound_and_never_loses_a_password(table: Table) -> None:
    gm = table.person("gm@example.org", "Gm")
    gm.send("create alpha")
    ann = table.person("ann@example.org", "Ann")
    reply = ann.send("\n".join(["help guide"] * 38 + ["join alpha", "help guide"])).body
    size = len(reply.encode())
    assert size <= limits.MAX_REPLY_BYTES + 1024, size
    assert re.search(r"Your password for alpha: \S+", reply)  # a password is always sent
    said = re.search(r"Not sent: the answers to (\d+) of your commands \(the (\d+)\w\w and", reply)
    assert said, reply[-500:]
    assert 5 <= int(said.group(1)) <= 15 and "ask for them in another mail" in reply
    assert reply.count("Not sent:") == 1


def test_forty_commands_are_all_answered_and_the_forty_first_is_not_run(table: Table) -> None:
    ann = table.person("ann@example.org", "Ann")
    reply = ann.send("\n".join(["list"] * 40 + ["create late"])).body
    assert reply.count("> list") == 40 and "> create late" not in reply
    assert "Not done: line 41, 1 more command(s)." in reply
    assert table.store.game("late", lock=False) is None
