"""`pacru.selfplay` against `pacru selfplay`: the same bytes for the same arguments."""

from __future__ import annotations

import pytest

import pacru


@pytest.mark.parametrize(
    "players, games, seed, rules, max_plies",
    [
        (2, 1, 0, "2004", 1000),
        (3, 1, 42, "2004", 12),
        (2, 30, 7, "2011", 1000),
        (3, 25, 2**64 - 1, "2004", 300),
        (4, 25, 123456789, "2011", 50),
        (4, 3, 5, "2004", 0),
    ],
)
def test_the_same_records_as_the_cli(cli, players, games, seed, rules, max_plies):
    expected = cli.run(
        "selfplay", "--players", str(players), "--games", str(games), "--seed", str(seed),
        "--rules", rules, "--max-plies", str(max_plies),
    ).decode()
    text = pacru.selfplay(players, games, seed, rules=rules, max_plies=max_plies)
    assert text == expected
    assert text.count("[Event ") == games


def test_the_readme_example():
    text = pacru.selfplay(3, 1, 42, max_plies=12)
    assert text.endswith("\n1. i3-h4(i4) a5-b5 g9-h8 2. a3-b2 b5-c5 h8-i7 3. b2-c2 c9-d8(d7) i5-h6 4. e1-e2\nd8-e8 g1-f2(f3) *\n")


def test_the_records_are_ok_to_the_referee():
    text = pacru.selfplay(4, 20, 3, rules=pacru.Rules.PACRU_2011)
    verdicts = list(pacru.check(text))
    assert len(verdicts) == 20 and all(v["status"] == "ok" for v in verdicts)
    assert pacru.selfplay(2, 0, 1) == ""


@pytest.mark.parametrize(
    "args, kwargs, message",
    [
        ((1, 1, 1), {}, "players must be 2, 3 or 4"),
        ((5, 1, 1), {}, "players must be 2, 3 or 4"),
        ((2, -1, 1), {}, "games must be from 0 to 2\\*\\*63 - 1, not -1$"),
        # Ints of any size are a ValueError too, not an OverflowError.
        ((2**64, 1, 1), {}, "players must be 2, 3 or 4, not 18446744073709551616$"),
        ((2, 2**64, 1), {}, "games must be from 0 to 2\\*\\*63 - 1, not 18446744073709551616$"),
        ((2, 1, 1), {"max_plies": 2**64}, "max_plies must be from 0 to 2\\*\\*32 - 1, not 18446744073709551616$"),
        ((2, 1, -1), {}, "seed must be an int from 0 to 2\\*\\*64 - 1"),
        ((2, 1, 2**64), {}, "seed must be an int"),
        ((2, 1, 1), {"max_plies": -3}, "max_plies must be"),
        ((2, 1, 1), {"rules": "2020"}, "not a rules edition"),
    ],
)
def test_bad_arguments(args, kwargs, message):
    with pytest.raises(ValueError, match=message):
        pacru.selfplay(*args, **kwargs)
