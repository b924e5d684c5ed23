"""The server's 3- and 4-player ratings against an independent implementation.

A real `pacru serve` referees two rated games decided by resignations (the
order of leaving gives the places: the winner first, then the others in
reverse order of leaving); the ratings it then reports are compared with what
the `openskill` package computes for the same places with the model and
parameters `docs/server.md` names: Weng-Lin's Bradley-Terry full-pair model
(openskill's `BradleyTerryFull`), mu 25, sigma 25/3, beta 25/6, no additive
dynamics (tau 0), sigma floor 1e-6 (skillratings' uncertainty tolerance),
shown on the Glicko scale as 1500 + 42 (mu - 25) and 42 sigma."""

from __future__ import annotations

import json
import re
import subprocess
import tempfile
import urllib.request
from pathlib import Path
from typing import Any, Iterator

import pytest
from openskill.models import BradleyTerryFull

from conftest import Cli

SCALE = 42.0


class Server:
    """A `pacru serve` on a temporary database and a free port."""

    def __init__(self, cli: Cli, db: Path) -> None:
        self.process = subprocess.Popen(
            [str(cli.path), "serve", "--db", str(db), "--listen", "127.0.0.1:0",
             "--rate-limit", "1000000"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            env={"NO_COLOR": "1", "PATH": "/usr/bin:/bin"},
        )
        assert self.process.stderr is not None
        seen = []
        for raw in self.process.stderr:
            line = raw.decode(errors="replace")
            seen.append(line)
            found = re.search(r"listening on (http://127\.0\.0\.1:\d+)", line)
            if found:
                self.url = found.group(1)
                break
        else:
            raise AssertionError(f"pacru serve did not listen: {seen}")

    def call(self, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
        request = urllib.request.Request(
            self.url + path, method=method,
            data=None if body is None else json.dumps(body).encode(),
            headers={"Content-Type": "application/json", "Origin": self.url},
        )
        if token:
            request.add_header("Authorization", f"Bearer {token}")
        with urllib.request.urlopen(request, timeout=30) as answer:
            return json.loads(answer.read() or b"null")

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=30)


@pytest.fixture
def server(cli: Cli) -> Iterator[Server]:
    with tempfile.TemporaryDirectory() as tmp:
        running = Server(cli, Path(tmp) / "server.db")
        try:
            yield running
        finally:
            running.stop()


def play_resignations(server: Server, tokens: dict[str, str], seats: list[str]) -> dict[str, int]:
    """A rated game of len(seats) players without a clock, seated in this order,
    in which every player but the last resigns in turn; the places."""
    first = seats[0]
    game = server.call("POST", "/api/games", {"players": len(seats), "rules": "2004",
                                              "rated": True, "clock": None, "invite": seats[1:]},
                       tokens[first])
    for name in seats[1:]:
        game = server.call("POST", f"/api/games/{game['id']}/join", {}, tokens[name])
    assert game["status"] == "playing", game
    for name in seats[:-1]:
        game = server.call("POST", f"/api/games/{game['id']}/resign", {}, tokens[name])
    assert game["status"] == "finished", game
    assert game["winner"] == game["players"][-1]["colour"], game
    # The first to resign is last, the winner first.
    return {name: len(seats) - i for i, name in enumerate(seats)}


def test_three_and_four_player_ratings_agree_with_openskill(server: Server) -> None:
    names = ["ana", "bo", "cy", "di"]
    tokens = {}
    for name in names:
        password = f"password-of-{name}"
        server.call("POST", "/api/account", {"username": name, "password": password})
        tokens[name] = server.call("POST", "/api/token",
                                   {"username": name, "password": password})["token"]
    model = BradleyTerryFull(
        mu=25.0, sigma=25.0 / 3.0, beta=25.0 / 6.0, kappa=0.000001, tau=0.0)
    # One pool per player count, each starting at the start value.
    expected = {pool: {name: model.rating(name=name) for name in names} for pool in ("3", "4")}

    def rate(places: dict[str, int], pool: str) -> None:
        order = list(places)
        teams = [[expected[pool][name]] for name in order]
        rated = model.rate(teams, ranks=[places[name] for name in order])
        for name, team in zip(order, rated):
            expected[pool][name] = team[0]
        for name in order:
            shown = server.call("GET", f"/api/users/{name}")["ratings"][pool]
            want = expected[pool][name]
            assert shown["games"] >= 1
            assert shown["rating"] == pytest.approx(1500.0 + SCALE * (want.mu - 25.0), abs=1e-6), (name, shown)
            assert shown["deviation"] == pytest.approx(SCALE * want.sigma, abs=1e-6), (name, shown)

    # Three new players: places 1, 2, 3 (cy wins; ana resigned first).
    rate(play_resignations(server, tokens, ["ana", "bo", "cy"]), "3")
    # Four new players in the 4-player pool (its own pool: the 3-player
    # game does not count), then a second game from those unequal ratings.
    rate(play_resignations(server, tokens, ["bo", "cy", "di", "ana"]), "4")
    rate(play_resignations(server, tokens, ["di", "ana", "bo", "cy"]), "4")
    # The numbers moved: the comparison is not of start values only.
    assert expected["4"]["ana"].mu != pytest.approx(expected["4"]["bo"].mu)
