"""Tournaments on the club page (issue 45, item 3): the list on the club page, a tournament's
page with its standings, tie-breaks and crosstable as worked out by hand, its rounds' games
linked; and the swap test: a hidden fleet placed otherwise changes no byte of a tournament's
pages [1.4]."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

from web_support import FLEET_A, FLEET_B, FLEET_B_SWAPPED

from pbem.storage.store import open_store

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tournament_support import game_of, new_table, play_swiss  # noqa: E402


def _cells(page: str) -> list[list[str]]:
    body = page.split('<table class="cross">', 1)[1].split("</table>", 1)[0]
    rows = body.split("<tbody>", 1)[1].split("<tr>")[1:]
    return [
        [re.sub(r"<[^>]+>", "", c) for c in re.findall(r"<td[^>]*>(.*?)</td>", r)] for r in rows
    ]


async def test_a_finished_swiss_shows_its_standings_and_crosstable(
    tmp_path: Path, client_for: Any
) -> None:
    url = str(tmp_path / "club.sqlite3")
    store = open_store(url)
    table, gm, p = new_table(store)
    play_swiss(table, gm, p)
    store.close()
    client = await client_for(url)
    index = await (await client.get("/")).text()
    assert '<a href="/tournaments/Spring">Spring</a>' in index and ">over<" in index
    answer = await client.get("/tournaments/Spring")
    page = await answer.text()
    assert answer.status == 200 and "@example.org" not in page
    # Place, player, points, Buchholz, Sonneborn-Berger, then the crosstable by place
    # (Ann, Eve, Fay, Ben, Dan, Cat), as worked out by hand in test_tournament_rules.
    assert _cells(page) == [
        ["1", "Ann", "2½", "4½", "3½", "X", "", "½", "1", "1", ""],
        ["2", "Eve", "2", "4½", "2¾", "", "X", "½", "½", "1", ""],
        ["3", "Fay", "2", "4½", "2¼", "½", "½", "X", "", "", "1"],
        ["4", "Ben", "1½", "4½", "1", "0", "½", "", "X", "", "1"],
        ["5", "Dan", "1", "4½", "0", "0", "0", "", "", "X", "1"],
        ["6", "Cat", "0", "4½", "0", "", "", "0", "0", "0", "X"],
    ]
    assert '<a href="/games/Spring-r3-1">Spring-r3-1</a>' in page and "<h2>Round 1</h2>" in page
    assert '<a href="/players/Ann">Ann</a>' in page
    assert (await client.get("/tournaments/Nope")).status == 404


async def test_swap_b_fleet_a_tournaments_pages_byte_for_byte_1_4(
    tmp_path: Path, client_for: Any
) -> None:
    """Round 1 of a Spaceships round robin, its first game's fleets in: B's hidden fleet placed
    otherwise changes nothing on the tournament's page, the club page or a player's page."""
    paths = ("/", "/tournaments/Fleet", "/players/Ann", "/players/Dan")
    bodies = []
    for name, fleet in (("one", FLEET_B), ("two", FLEET_B_SWAPPED)):
        url = str(tmp_path / f"{name}.sqlite3")
        store = open_store(url)
        table, gm, p = new_table(store)
        made = gm.send("tournament create Fleet spaceships robin round=3d").body
        master = re.search(r"master password: (\S+)", made)
        assert master
        for n in (1, 2, 3, 4):
            p[n].send("tournament join Fleet")
        gm.send(f"tournament start Fleet {master.group(1)}")
        game, _, pw_a = game_of(p[1], 1)
        _, _, pw_b = game_of(p[4], 1)
        assert "accepted" in p[1].send(f"game {game} {pw_a}\nfleet {FLEET_A}").body
        assert "begins" in p[4].send(f"game {game} {pw_b}\nfleet {fleet}").body.lower()
        store.close()
        client = await client_for(url)
        bodies.append([await (await client.get(path)).read() for path in paths])
    for path, one, two in zip(paths, *bodies, strict=True):
        assert one == two, f"{path} tells B's fleets apart"
