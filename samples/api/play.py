"""A sample program that plays one seat of any of the judge's three games through its API, to
the end, with a simple strategy: the standard library only. docs/api.md walks through it.

    python samples/api/play.py --url http://127.0.0.1:8080 --token sst_... --game duel

It reads its seat's view (GET /api/games/NAME), sends a turn as notation when the view says it
is its move (POST /api/games/NAME/orders, or fleet, design), and otherwise waits on its
stream of events (GET /api/games/NAME/stream, one JSON object a line), which it opens again
after the last event it saw when the connection drops. When the view holds `choices` (what the
seat may do now) it picks from them; otherwise it writes simple notation of its own, and a
turn the judge refuses (the refusal comes back as data) is tried again more modestly.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import time
import urllib.error
import urllib.request
from typing import Any

CELLS = [c + x + n for c in "ROYGB" for x in "vwxyz" for n in "12345"]  # Spaceships' space
DESIGN = "{} E-SAI(Gf)I(Xf)IIV\n{} E-AI(Mf)(Gf)IIID"  # two ships of Spaceship Battles
NAMES = [("Lancer", "Kite"), ("Raider", "Hawk"), ("Falcon", "Wasp"), ("Comet", "Dart")]


class Api:
    """The judge's API for one token and one game."""

    def __init__(self, url: str, token: str, game: str) -> None:
        self.base = f"{url.rstrip('/')}/api/games/{game}"
        self.token = token
        self.stream: Any = None
        self.last = 0  # the last event id seen: a dropped stream resumes after it

    def call(self, path: str = "", text: str | None = None) -> tuple[int, dict[str, Any]]:
        data = None if text is None else text.encode()
        request = urllib.request.Request(
            self.base + path, data=data, method="POST" if data is not None else "GET"
        )
        request.add_header("Authorization", f"Bearer {self.token}")
        request.add_header("Content-Type", "text/plain; charset=utf-8")
        while True:
            try:
                with urllib.request.urlopen(request, timeout=60) as answer:
                    return answer.status, json.load(answer)
            except urllib.error.HTTPError as error:
                if error.code == 429:  # too many requests: wait as told
                    time.sleep(float(error.headers.get("Retry-After", "5")))
                    continue
                return error.code, json.load(error)

    def view(self) -> dict[str, Any]:
        status, view = self.call()
        if status != 200:
            sys.exit(f"the judge refused: {view}")
        self.last = max(self.last, view["last_event"])
        return view

    def wait(self) -> dict[str, Any] | None:
        """The next event after the last seen (None: a keep-alive, or the stream closed)."""
        if self.stream is None:
            request = urllib.request.Request(f"{self.base}/stream?since={self.last}")
            request.add_header("Authorization", f"Bearer {self.token}")
            self.stream = urllib.request.urlopen(request, timeout=60)
        try:
            line = self.stream.readline()
        except OSError:  # the connection dropped: open it again after the last event
            line = b""
        if not line:
            self.stream = None
            return None
        if not line.strip():
            return None  # a keep-alive
        event = json.loads(line)
        if event.get("type") == "closed":
            self.stream = None
            return None
        self.last = event["id"]
        return event


def turn_for(view: dict[str, Any], tries: int, struck: set[str]) -> tuple[str, str]:
    """The command and notation text to send: simpler with each refused try."""
    kind, choices, status = view["kind"], view.get("choices") or {}, view["status"]
    if view["phase"] in ("joining", "setup"):
        if kind == "spaceships":
            return "fleet", "random"
        names = NAMES[(tries + (view["seat"] == "B")) % len(NAMES)]  # unique in a battle
        return "design", DESIGN.format(*names)
    if kind == "spaceships":
        found = re.search(r"(\d+) conventional strike", status)
        count = max(0, (int(found.group(1)) if found else 1) - tries)
        cells = random.sample([c for c in CELLS if c not in struck] or CELLS, count)
        struck.update(cells)
        return "orders", " ".join(cells)
    if kind == "battles":
        ours = re.findall(rf"^\s+{view['seat']} (\w+) ", status, re.M)
        theirs = re.findall(rf"^\s+[^{view['seat']}\s] (\w+) ", status, re.M)
        if tries or not ours or not theirs:
            return "orders", ""  # stay, or hold fire
        if "movement" in status.split("Turn")[-1]:
            return "orders", "; ".join(f"{ship} F" for ship in ours)
        return "orders", "; ".join(f"{ship} > {theirs[0]}" for ship in ours)
    # Space Chess: a legal action when the view lists them (each tool's pairs: a ship's cell,
    # then where it goes or fires, and the action's notation), a shot first; else `pass`.
    actions = [
        text
        for tool in choices.get("tools", [])
        for ends in tool.get("pairs", {}).values()
        for text in ends.values()
    ]
    shots = [text for text in actions if ">" in text]
    if actions and tries < 3:
        return "orders", random.choice(shots or actions)
    return "orders", "pass"


def play(url: str, token: str, game: str) -> int:
    api, struck, started, turns = Api(url, token, game), set(), time.monotonic(), 0
    while True:
        view = api.view()
        if view["over"]:
            said = view["status"].splitlines()
            print(f"{game}: over after {turns} turns sent, {time.monotonic() - started:.1f} s")
            print("\n".join(said[-3:]))
            return 0
        if not view.get("your_move"):
            api.wait()
            continue
        for tries in range(6):
            command, text = turn_for(view, tries, struck)
            status, said = api.call(f"/{command}", text)
            if said.get("accepted"):
                turns += 1
                break
            if status != 422:
                sys.exit(f"the judge refused: {said}")
            error = said["errors"][0]
            print(
                f"refused at line {error['line']}, column {error['column']}: "
                f"{error['message']} ({error['hint']})",
                file=sys.stderr,
            )
        else:
            sys.exit("every try was refused")


def main() -> int:
    parser = argparse.ArgumentParser(description="Play a seat of a judge's game to the end.")
    parser.add_argument("--url", required=True, help="the judge's web server")
    parser.add_argument("--token", required=True, help="the seat's API token (sst_...)")
    parser.add_argument("--game", required=True, help="the game's name")
    arguments = parser.parse_args()
    return play(arguments.url, arguments.token, arguments.game)


if __name__ == "__main__":
    sys.exit(main())
