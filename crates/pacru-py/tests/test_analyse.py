"""`pacru.analyse` against `pacru analyse`: the same analysis, key for key, and the
same annotated records, byte for byte; the budget's arguments checked as the CLI
checks its options."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import pacru

NODES = 100
SEED = 5


def games_of(path: str) -> list[pacru.Game]:
    """The games of `path` that parse (as `pacru analyse` reads them)."""
    games = []
    reader = pacru.read_games(path)
    while True:
        try:
            games.append(next(reader))
        except pacru.MalformedGame:
            continue
        except StopIteration:
            return games


def cli_analyse(cli, path: str, *args: str) -> bytes:
    return cli.run("analyse", "--nodes", str(NODES), "--seed", str(SEED), *args, path, ok_codes=(0, 1))


@pytest.mark.parametrize("path", ["examples/round1.pgr", "examples/round2.pgr"])
def test_the_analysis_is_what_the_cli_gives(cli, root, monkeypatch, path):
    monkeypatch.chdir(root)
    analyses = [pacru.analyse(game, nodes=NODES, seed=SEED) for game in games_of(path)]
    lines: list[dict[str, Any]] = [
        json.loads(line) for line in cli_analyse(cli, path, "--format", "json").decode().splitlines()
    ]
    assert [a.as_dict() for a in analyses] == lines
    # Key order too, as for the verdicts.
    assert [list(a.as_dict()) for a in analyses] == [list(line) for line in lines]
    assert [list(a.plies[0]) for a in analyses if a.plies] == [
        list(line["plies"][0]) for line in lines if line["plies"]
    ]
    # The command copies a game that does not parse as it was read: its lines
    # from its first to the next game's first, without the blank lines after it.
    verdicts = list(pacru.check(path))
    record_lines = Path(path).read_text(encoding="utf-8").split("\n")

    def as_read(k: int) -> str:
        end = verdicts[k + 1]["line"] - 1 if k + 1 < len(verdicts) else len(record_lines)
        part = record_lines[verdicts[k]["line"] - 1 : end]
        while part and not part[-1].strip():
            part.pop()
        return "\n".join(part) + "\n"

    analysed = iter(analyses)
    texts = [as_read(k) if v["status"] == "malformed" else next(analysed).annotated() for k, v in enumerate(verdicts)]
    assert any(v["status"] == "malformed" for v in verdicts) == path.endswith("round2.pgr")
    assert "\n".join(texts).encode() == cli_analyse(cli, path)
    if path.endswith("round2.pgr"):
        # The illegal and the inconsistent game are analysed too, with their status.
        assert {line["status"] for line in lines} == {"ok", "illegal", "inconsistent"}


def test_the_properties_are_the_dicts_parts(root, monkeypatch):
    monkeypatch.chdir(root)
    game = games_of("examples/round1.pgr")[3]
    analysis = pacru.analyse(game, nodes=NODES, seed=SEED)
    line = analysis.as_dict()
    assert analysis.players == (
        pacru.Colour.BLACK,
        pacru.Colour.RED,
        pacru.Colour.YELLOW,
        pacru.Colour.GREEN,
    )
    assert list(analysis.players) == line["players"]
    assert analysis.annotator == line["annotator"]
    assert analysis.annotator.endswith(f"{NODES} nodes a ply, seed {SEED}")
    assert analysis.plies == line["plies"]
    assert analysis.after == line["after"]
    assert (line["file"], line["game"], line["line"]) == (game.file, game.index, game.line)
    assert repr(analysis) == (
        f"<pacru.Analysis of examples/round1.pgr game 4: {len(game.moves)} plies, {analysis.annotator}>"
    )


def test_every_ply_is_judged_with_its_loss_and_mark(root, monkeypatch):
    monkeypatch.chdir(root)
    game = games_of("examples/round1.pgr")[0]
    analysis = pacru.analyse(game, nodes=NODES, seed=SEED)
    positions = game.replay()
    assert [ply["ply"] for ply in analysis.plies] == list(range(1, len(game.moves) + 1))
    assert [ply["move"] for ply in analysis.plies] == [str(m) for m in game.moves]
    for ply, before, after in zip(analysis.plies, positions, positions[1:]):
        assert ply["mover"] == before.to_move
        assert len(ply["scores"]) == 2 and all(0 <= s <= 1 for s in ply["scores"])
        assert before.is_legal(ply["best"])
        assert ply["pv"][0] == ply["best"] and len(ply["pv"]) <= 8
        if ply["best"] == ply["move"]:
            assert ply["loss"] == 0
        mark = "blunder" if ply["loss"] >= 0.2 else "mistake" if ply["loss"] >= 0.1 else None
        assert ply["mark"] == mark
        # A decided position (a sure win) needs no simulation.
        assert ply["simulations"] >= NODES or max(ply["scores"]) == 1
    # The game is over: the scores after it are its result (Black won).
    assert positions[-1].winner == pacru.Colour.BLACK
    assert analysis.after == [1.0, 0.0]


def test_a_node_budget_and_a_seed_decide_the_analysis(root, monkeypatch):
    monkeypatch.chdir(root)
    game = games_of("examples/round1.pgr")[1]
    first = pacru.analyse(game, nodes=NODES, seed=SEED).as_dict()
    assert pacru.analyse(game, nodes=NODES, seed=SEED).as_dict() == first
    other = pacru.analyse(game, nodes=NODES, seed=SEED + 1)
    assert other.annotator.endswith(f"seed {SEED + 1}")
    assert pacru.analyse(game).annotator.endswith("5000 nodes a ply, seed 0")


def test_a_time_budget(root, monkeypatch):
    monkeypatch.chdir(root)
    (game,) = pacru.read_games('[Result "*"]\n\n1. e1-e2 e9-e8 *\n')
    analysis = pacru.analyse(game, movetime=5)
    assert analysis.annotator.endswith("5 ms a ply, seed 0")
    assert [ply["move"] for ply in analysis.plies] == ["e1-e2", "e9-e8"]
    assert all(ply["simulations"] >= 1 for ply in analysis.plies)


def test_the_annotated_record_passes_the_referee_and_reads_back(root, monkeypatch):
    monkeypatch.chdir(root)
    for game in games_of("examples/round2.pgr"):
        text = pacru.analyse(game, nodes=50, seed=1).annotated()
        (verdict,) = pacru.check(text)
        assert verdict["status"] == game.check()["status"]
        assert verdict["plies"] == game.check()["plies"]
        (again,) = pacru.read_games(text)
        assert str(again) == text
        assert again.tags["Annotator"].endswith("50 nodes a ply, seed 1")
        # Analysing the annotated record replaces the analysis.
        assert pacru.analyse(again, nodes=50, seed=1).annotated() == text


def test_an_illegal_game_is_analysed_up_to_its_illegal_move(root, monkeypatch):
    monkeypatch.chdir(root)
    (game,) = [g for g in games_of("examples/round2.pgr") if g.check()["status"] == "illegal"]
    analysis = pacru.analyse(game, nodes=50)
    assert len(analysis.plies) == game.check()["plies"] < len(game.moves)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"nodes": 10, "movetime": 10}, "give movetime or nodes, not both"),
        ({"nodes": 0}, "nodes must be from 1 to 2**63 - 1, not 0"),
        ({"movetime": -3}, "movetime must be from 1 to 2**63 - 1 ms, not -3"),
        # Ints of any size are a ValueError too, not an OverflowError.
        ({"nodes": 2**64}, "nodes must be from 1 to 2**63 - 1, not 18446744073709551616"),
        ({"movetime": -(2**70)}, "movetime must be from 1 to 2**63 - 1 ms, not -1180591620717411303424"),
        ({"seed": -1}, "seed must be an int from 0 to 2**64 - 1, not -1"),
        ({"seed": "7"}, "seed must be an int from 0 to 2**64 - 1, not '7'"),
    ],
)
def test_bad_budgets_are_refused_with_the_reason(kwargs, message):
    (game,) = pacru.read_games('[Result "*"]\n\n1. e1-e2 *\n')
    with pytest.raises(ValueError) as raised:
        pacru.analyse(game, **kwargs)
    assert str(raised.value) == message


def test_only_games_are_analysed():
    with pytest.raises(TypeError):
        pacru.analyse('[Result "*"]\n\n1. e1-e2 *\n')  # type: ignore[arg-type]
