# %% [markdown]
# # First steps with `pacru` in Python
#
# A tour in cells: run them one by one in an editor that knows the `# %%` markers
# (VS Code, PyCharm, Spyder, or Jupyter with jupytext), or all at once from the
# root of the repository:
#
#     pip install ./crates/pacru-py
#     python examples/python/first_steps.py
#
# The `assert`s say what each cell gives.

# %%
import collections
import json
from pathlib import Path

import pacru

EXAMPLES = Path(__file__).resolve().parents[1]
print("pacru", pacru.__version__)

# %% [markdown]
# ## A position
#
# `Position.standard(players)` is the standard start. Positions print as PPN, the
# one-line position notation, and `diagram()` draws the board.

# %%
start = pacru.Position.standard(2)
print(start)
print(start.diagram())
assert start.to_move is pacru.Colour.BLACK
assert start.players == (pacru.Colour.BLACK, pacru.Colour.RED)
assert start.target == 42

# %% [markdown]
# ## Legal moves and perft
#
# `legal_moves()` lists complete moves: a chevron crossing into another
# borderland names the field it colours, so `a3-b4` comes in nine versions.

# %%
moves = start.legal_moves()
print(len(moves), "moves:", " ".join(str(m) for m in moves))
assert len(moves) == start.legal_move_count() == 28
assert [start.perft(depth) for depth in range(1, 4)] == [28, 734, 16168]
assert len(pacru.Position.standard(3).legal_moves()) == 23

# %% [markdown]
# ## Playing moves
#
# `play` returns a new position; an illegal move raises `pacru.IllegalMove`,
# which names the rule it breaks and why.

# %%
after = start.play("a3-b4(a4)")
print(after.diagram())
assert after.fields("Black") == ["a4"] and after.to_move is pacru.Colour.RED

try:
    start.play("a3-b4")
except pacru.IllegalMove as error:
    print(error.rule, "-", error.reason)
    assert error.rule == "R4" and error.allowed[:3] == ["a4", "b4", "c4"]

# %% [markdown]
# ## A random game, to the end
#
# `pacru.selfplay` writes random games as records, the same bytes as
# `pacru selfplay` for the same arguments. Reading one back gives its tags and
# moves; `replay()` gives every position along the way.

# %%
record = pacru.selfplay(players=3, games=1, seed=2027)
(game,) = pacru.read_games(record)
print(game.tags)
positions = game.replay()
final = positions[-1]
print(f"{len(game.moves)} plies; result {game.result}; winner {final.winner}")
print(final.diagram())
assert len(positions) == len(game.moves) + 1
assert final.is_finished() and game.result == final.winner

# %% [markdown]
# ## How far does each colour get?
#
# A small study: 200 random 2-player games, the field count of each colour at
# the end, and who won.

# %%
wins = collections.Counter()
lengths = []
for game in pacru.read_games(pacru.selfplay(players=2, games=200, seed=1)):
    final = game.replay()[-1]
    wins[str(final.winner or "no winner")] += 1
    lengths.append(len(game.moves))
print("wins:", dict(wins))
print(f"plies: min {min(lengths)}, mean {sum(lengths) / len(lengths):.0f}, max {max(lengths)}")
assert sum(wins.values()) == 200

# %% [markdown]
# ## The referee
#
# `pacru.check` gives one verdict per game, the dicts `pacru check --format json`
# prints as lines: `ok`, `illegal` (with the rule), `malformed` (a syntax error)
# or `inconsistent` (a result the moves do not give).

# %%
files = sorted(str(path) for path in EXAMPLES.glob("*.pgr"))
for verdict in pacru.check(files):
    where = f"{Path(verdict['file']).name} game {verdict['game']}"
    error = verdict["error"]
    if error is None:
        winner = verdict["winner"] or "none yet"
        print(f"{where}: ok, {verdict['plies']} plies, winner {winner}")
    else:
        # A syntax error names no rule: only an illegal move or a wrong result does.
        rule = f"{error['rule']}: " if error["rule"] else ""
        print(f"{where}: {verdict['status']} at line {error['line']}: {rule}{error['message']}")
    print("   ", json.dumps(verdict, ensure_ascii=False, separators=(",", ":"))[:100], "...")

statuses = collections.Counter(v["status"] for v in pacru.check(files))
assert statuses == {"ok": 5, "illegal": 1, "malformed": 1, "inconsistent": 1}

# %% [markdown]
# The same verdicts for text in memory and for open files: the `file` key is
# then `"-"`, as for `pacru check -` reading standard input.

# %%
text = Path(files[-1]).read_text()
from_text = list(pacru.check(text))
from_path = list(pacru.check(files[-1]))
assert [dict(v, file="-") for v in from_path] == from_text
print("done")
