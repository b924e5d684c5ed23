"""`pacru.read_games` and `pacru.Game`: reading records, replaying them."""

from __future__ import annotations

import io
import pickle

import pytest

import pacru
from pacru import Colour, Position

TWO_GAMES = """[Event "first"]
[Players "KR"]
[Result "*"]

1. e1-e2 e9-e8 2. a3-b2 *

[Event "second"]
[Players "KRY"]
[Rules "2011"]
[Result "*"]

1. e1-e2 c9-c8 {a comment} g9-h8 *
"""


def games_of(source) -> list:
    return list(pacru.read_games(source))


def test_games_have_tags_moves_and_a_result():
    first, second = games_of(TWO_GAMES)
    assert first.tags == {"Event": "first", "Players": "KR", "Result": "*"}
    assert list(first.tags) == ["Event", "Players", "Result"]
    assert first.moves == [pacru.Move("e1-e2"), pacru.Move("e9-e8"), pacru.Move("a3-b2")]
    assert first.result == "*"
    assert (first.index, first.line, first.file) == (1, 1, "-")
    assert (second.index, second.line) == (2, 7)
    assert second.start_position() == Position.standard(3, rules="2011")
    assert repr(first) == '<Game 1 of "-" (line 1): players KR, 3 plies, result *>'


def test_every_kind_of_source(tmp_path):
    path = tmp_path / "two.pgr"
    path.write_text(TWO_GAMES)
    expected = games_of(TWO_GAMES)
    assert [g.file for g in games_of(path)] == [str(path)] * 2
    assert games_of(str(path))[0].tags == expected[0].tags
    for source in [TWO_GAMES.encode(), io.StringIO(TWO_GAMES), io.BytesIO(TWO_GAMES.encode())]:
        assert games_of(source) == expected
    with open(path, "rb") as binary:
        assert games_of(binary) == expected
    with pytest.raises(FileNotFoundError):
        pacru.read_games(tmp_path / "missing.pgr")
    with pytest.raises(TypeError):
        pacru.read_games(3.5)


def test_replay_gives_every_position():
    first = games_of(TWO_GAMES)[0]
    positions = first.replay()
    start = Position.standard(2)
    assert positions == [start, start.play("e1-e2"), start.play("e1-e2").play("e9-e8"), start.play("e1-e2").play("e9-e8").play("a3-b2")]
    assert positions[-1].to_move is Colour.RED


def test_replay_of_the_examples(root):
    games = []
    reader = pacru.read_games(root / "examples" / "round2.pgr")
    malformed = []
    while True:
        try:
            games.append(next(reader))
        except StopIteration:
            break
        except pacru.MalformedGame as error:
            malformed.append(error)
    assert [g.index for g in games] == [1, 2, 4]
    assert [(e.game, e.line, e.column) for e in malformed] == [(3, 85, 28)]
    assert malformed[0].reason.startswith("unknown token '0-1'")
    assert str(malformed[0]).startswith("game 3, line 85, column 28: unknown token")
    won = games[0].replay()
    assert len(won) == 96 + 1 and won[-1].winner is Colour.RED
    assert won[-1].ppn() == games[0].check()["final_position"]
    with pytest.raises(pacru.IllegalMove) as raised:
        games[1].replay()
    error = raised.value
    assert (error.rule, error.ply, error.move) == ("R4", 27, "f3-g4")
    assert error.reason.startswith("the border crossing into borderland E must place a marker")
    assert error.position.ppn() == games[1].check()["final_position"]
    assert "line 40, column 5" in str(error)
    # An inconsistent result does not stop a replay: the moves are legal.
    assert games[2].check()["status"] == "inconsistent"
    assert games[2].replay()[-1].winner is Colour.BLACK


def test_a_game_whose_tags_describe_no_start_is_malformed():
    text = '[Players "KRY"]\n[Position "9/9/9/9/9/9/9/9/9 Ke1N,Re9S K KR"]\n[Result "*"]\n\n*\n'
    with pytest.raises(pacru.MalformedGame) as raised:
        games_of(text)
    error = raised.value
    assert (error.game, error.line, error.column) == (1, 1, 11)
    assert error.reason == 'Players tag: "KRY" disagrees with the Position tag\'s players "KR"'
    (verdict,) = pacru.check(text)
    assert verdict["status"] == "malformed"
    assert (verdict["error"]["line"], verdict["error"]["column"]) == (1, 11)


def test_games_are_values():
    first, second = games_of(TWO_GAMES)
    again = pickle.loads(pickle.dumps(second))
    assert again == second
    assert (again.index, again.line, again.file, again.tags) == (2, 7, "-", second.tags)
    assert str(again) == str(second)
    assert again.replay() == second.replay()
    assert first != second
    assert str(first) == games_of(str(first))[0].__str__()
    assert str(first).startswith('[Event "first"]\n')


@pytest.mark.parametrize(
    "forge, message",
    [
        (lambda st: st.__setitem__(0, [("Bad Name]", "v"), ("Result", "*")]), "a tag name is a letter"),
        (lambda st: st.__setitem__(0, [("", "v")]), "a tag name is a letter"),
        (lambda st: st.__setitem__(0, [("9Lives", "v")]), "a tag name is a letter"),
        (lambda st: st.__setitem__(0, [("N" * 257, "v")]), "at most 256 characters"),
        (lambda st: st[2].__setitem__(0, (*st[2][0][:2], ["!!!!"], *st[2][0][3:])), "a glyph is"),
        (lambda st: st[2].__setitem__(0, (*st[2][0][:2], ["$1234"], *st[2][0][3:])), "a glyph is"),
        (lambda st: st[2].__setitem__(0, (*st[2][0][:2], ["$"], *st[2][0][3:])), "a glyph is"),
        # Two statements of the result that differ: one would be lost when written.
        (
            lambda st: st.__setitem__(0, [("Result", "Red")]),
            "^the result token '\\*' differs from the game's result: the Result tag is \"Red\"$",
        ),
        (
            lambda st: st.__setitem__(3, "Red"),
            "^the result token 'Red' differs from the game's result: there is no Result tag",
        ),
    ],
    ids=[
        "tag-bracket",
        "tag-empty",
        "tag-digit-first",
        "tag-257",
        "glyph-!!!!",
        "glyph-$1234",
        "glyph-$",
        "result-not-tag",
        "result-without-tag",
    ],
)
def test_a_forged_pickle_is_refused_as_the_reader_would_refuse_it(forge, message):
    # Only what the reader reads can be written back as a record that reads
    # back the same: `[Bad Name] "v"]` or `e1-e2!!!!` would not.
    (game,) = games_of('[Event "x"]\n\n1. e1-e2 ! $12 e9-e8 *\n')
    restore, (state,) = game.__reduce__()
    state = list(state)
    state[2] = list(state[2])
    forge(state)
    with pytest.raises(ValueError, match=message):
        restore(tuple(state))
    # What the reader reads comes back.
    assert restore(game.__reduce__()[1][0]) == game


def test_passes_are_not_moves():
    # Yellow is blocked from the start and removed: its turn is written `pass`.
    text = (
        '[Players "KRY"]\n[Position "9/9/9/9/9/9/9/9/9 Ke1N,Re9S,Ya1S K KRY"]\n'
        '[Result "*"]\n\n1. e1-e2 e9-e8 *\n'
    )
    game = games_of(text)[0]
    assert game.check()["status"] == "ok"
    assert [str(m) for m in game.moves] == ["e1-e2", "e9-e8"]


def test_replay_gives_the_allowed_fields_as_play_does(root):
    # Game 2 of round2.pgr crosses into a borderland without its marker at ply 27:
    # replay's IllegalMove has the candidates in `allowed`, as Position.play's has.
    games = pacru.read_games(root / "examples" / "round2.pgr")
    next(games)
    game = next(games)
    with pytest.raises(pacru.IllegalMove) as replayed:
        game.replay()
    assert (replayed.value.rule, replayed.value.ply, replayed.value.move) == ("R4", 27, "f3-g4")
    with pytest.raises(pacru.IllegalMove) as played:
        replayed.value.position.play("f3-g4")
    assert played.value.allowed == ["h4", "i4", "g5", "h5", "i5", "g6", "h6", "i6"]
    assert replayed.value.allowed == played.value.allowed
    assert replayed.value.reason == played.value.reason
