"""Positions and moves: construction, queries, move generation, perft, playing."""

from __future__ import annotations

import copy
import pickle
import subprocess
from pathlib import Path

import pytest

import pacru
from pacru import Colour, Position, Rules

START_2P = "9/9/9/9/9/9/9/9/9 Ke1N,Ka3E,Ki3W,Ki9SW,Ra1NE,Ra7E,Ri7W,Re9S K KR"
PERFT_DATA = Path(__file__).resolve().parents[2] / "pacru-core" / "tests" / "data" / "perft"


def perft_cases():
    """(file:line, PPN, rules, {depth: count}) for every line of the perft data."""
    for path in sorted(PERFT_DATA.glob("*.txt")):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if not line.strip() or line.startswith("#"):
                continue
            ppn, rules, *counts = (part.strip() for part in line.split(";"))
            assert rules.startswith("rules ")
            depths = {}
            for item in counts:
                depth, count = item.split()
                depths[int(depth[1:])] = int(count)
            yield pytest.param(ppn, rules[len("rules ") :], depths, id=f"{path.stem}:{number}")


def test_the_perft_data_is_there():
    assert len(list(perft_cases())) >= 25


@pytest.mark.parametrize("ppn, rules, counts", list(perft_cases()))
def test_perft_equals_the_rust_figures(ppn, rules, counts):
    position = Position(ppn, rules=rules)
    for depth, count in counts.items():
        assert position.perft(depth) == count, f"perft({depth})"
    moves = position.legal_moves()
    assert len(moves) == position.legal_move_count() == counts[1]
    assert len(set(moves)) == len(moves)
    if 2 in counts:
        # The same count through play(), one move at a time.
        assert sum(position.play(move).legal_move_count() for move in moves) == counts[2]
        divided = position.perft_divide(2)
        assert list(divided) == moves and sum(divided.values()) == counts[2]


def test_the_figures_of_the_issue():
    assert Position.standard(2).perft(2) == 734
    assert len(Position.standard(3).legal_moves()) == 23
    assert Position.standard().perft(0) == 1


def test_standard_starts():
    start = Position.standard(2)
    assert start == Position(START_2P) == Position.from_ppn(START_2P)
    assert str(start) == start.ppn() == START_2P
    assert start.to_move is Colour.BLACK
    assert start.players == (Colour.BLACK, Colour.RED)
    assert start.rules is Rules.PACRU_2004
    assert start.target == 42
    assert Position.standard(3).target == 28 and Position.standard(4).target == 24
    three = Position.standard(3, seats="SWE", colours="KRB")
    assert three.ppn() == "9/9/9/9/9/9/9/9/9 Ke1N,Ka3E,Ki3W,Rc1N,Ra5E,Rc9S,Bg1N,Bi5W,Bg9S K KRB"
    # Colours and seats as lists of enums or words give the same position.
    assert three == Position.standard(
        3, seats=[pacru.Seat.SOUTH, "W", "east"], colours=[Colour.BLACK, "Red", "B"]
    )
    assert Position.standard(2, rules=2011).rules is Rules.PACRU_2011
    assert Position.standard(2, rules="2011") != start  # the edition is part of a position


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"players": 5}, "a game has 2 to 4 players, not 5"),
        ({"players": 1}, "a game has 2 to 4 players, not 1"),
        # Ints of any size are a ValueError too, not an OverflowError.
        ({"players": 2**64}, "a game has 2 to 4 players, not 18446744073709551616"),
        ({"players": 3, "colours": "KR"}, "2 colours given for 3 players"),
        ({"players": 2, "colours": "KK"}, "Black is listed twice among the players"),
        ({"players": 2, "seats": "SS"}, "seat S is taken twice"),
        ({"players": 2, "seats": "SWE"}, "3 seats given for 2 players"),
    ],
)
def test_impossible_starts_are_invalid_positions(kwargs, message):
    with pytest.raises(pacru.InvalidPosition) as raised:
        Position.standard(**kwargs)
    assert str(raised.value) == message
    assert raised.value.column is None


@pytest.mark.parametrize(
    "kwargs, error",
    [
        ({"colours": "KX"}, ValueError),
        ({"colours": ["Black", "Purple"]}, ValueError),
        ({"seats": "SX"}, ValueError),
        ({"rules": "1999"}, ValueError),
        ({"rules": 3.5}, TypeError),
        ({"colours": [1, 2]}, TypeError),
    ],
)
def test_bad_arguments_say_what_is_expected(kwargs, error):
    with pytest.raises(error, match="expected|must be given as a str"):
        Position.standard(2, **kwargs)


def test_bad_ppn_is_an_invalid_position_with_its_column():
    with pytest.raises(pacru.InvalidPosition) as raised:
        Position("9/9/9/9/9/9/9/9/9 Ke1N,Kz3E K KR")
    assert raised.value.column == 25
    assert "column 25" in str(raised.value)
    assert isinstance(raised.value, ValueError) and isinstance(raised.value, pacru.Error)
    for text in ["", "garbage", "\x00\x01", "9/9/9/9/9/9/9/9/9 Ke1N,Ke1N K KR", "é" * 10_000]:
        with pytest.raises(pacru.InvalidPosition):
            Position(text)


@pytest.mark.parametrize(
    "text",
    ["bad", "9/9/9/9/9/9/9/9/9 Ke1N,Kz3E K KR", "9/9/9/9/9/9/9/9/9 Ke1N,Ka3Q K KR", "9/9/9/9/9/9/9/9 K K KR"],
)
def test_bad_ppn_has_the_column_the_cli_gives(cli, text):
    with pytest.raises(pacru.InvalidPosition) as raised:
        Position(text)
    done = subprocess.run([str(cli.path), "show", text], capture_output=True, check=False)
    assert done.returncode == 2
    stderr = done.stderr.decode()
    assert f"column {raised.value.column}:" in stderr, stderr


def test_queries():
    position = Position("9/9/9/9/9/9/9/1R2R4/9 Ra1W,Rc1W,Ra7S,Ri9N R KR")
    assert position.field_count(Colour.RED) == 2 == position.field_count("R")
    assert position.field_count("Black") == 0
    assert position.fields("Red") == ["b2", "e2"]
    assert position.colour_at("b2") is Colour.RED and position.colour_at("E5") is None
    assert position.chevron_at("a7") == pacru.Chevron(Colour.RED, "a7", "S")
    assert position.chevron_at("a6") is None
    assert position.chevrons() == [
        pacru.Chevron(Colour.RED, "a1", "W"),
        pacru.Chevron(Colour.RED, "c1", "W"),
        pacru.Chevron(Colour.RED, "a7", "S"),
        pacru.Chevron(Colour.RED, "i9", "N"),
    ]
    # Red is the last player with chevrons: the game is over.
    assert position.is_finished()
    assert position.winner is Colour.RED
    assert position.legal_moves() == [] and position.legal_move_count() == 0
    assert not Position.standard().is_finished() and Position.standard().winner is None
    with pytest.raises(ValueError, match="not a field"):
        position.colour_at("j1")
    with pytest.raises(ValueError, match="not a colour"):
        position.field_count("Purple")


def test_play_returns_a_new_position():
    start = Position.standard()
    moves = start.legal_moves()
    # The order of `pacru moves`: byte order of the text.
    assert [str(m) for m in moves[:3]] == ["a3-b2", "a3-b3", "a3-b4(a4)"]
    assert [str(m) for m in moves] == sorted(str(m) for m in moves)
    after = start.play("e1-e2")
    assert after.to_move is Colour.RED and start.to_move is Colour.BLACK
    assert start.play("e1-e2") == after == start.play(pacru.Move("E1-E2"))
    assert start.is_legal("e1-e2") and not start.is_legal("e1-e5")


def test_an_illegal_move_names_its_rule_and_reason():
    start = Position.standard()
    with pytest.raises(pacru.IllegalMove) as raised:
        start.play("a3-b4")
    error = raised.value
    assert error.rule == "R4"
    assert error.reason.startswith("the border crossing into borderland W must place a marker")
    assert error.move == "a3-b4"
    assert error.position == start
    assert error.allowed == ["a4", "b4", "c4", "a5", "b5", "c5", "a6", "b6", "c6"]
    assert str(error) == f"illegal move a3-b4: R4: {error.reason}"
    assert isinstance(error, ValueError)
    again = pickle.loads(pickle.dumps(error))
    assert (again.rule, again.reason, again.move, again.position) == ("R4", error.reason, "a3-b4", start)
    with pytest.raises(pacru.IllegalMove) as raised:
        start.play("i9-i7")
    assert raised.value.rule.startswith("R")


def test_pass_is_refused_under_r2_as_the_referee_and_the_server_refuse_it():
    # `pass` is no move: a record may write it for a player removed as blocked,
    # and anywhere else `pacru check` and the server refuse it under R2, in
    # these words; so does a position.
    start = Position.standard()
    for text in ["pass", "PASS", "Pass"]:
        with pytest.raises(pacru.IllegalMove) as raised:
            start.play(text)
        error = raised.value
        assert (error.rule, error.move, error.position) == ("R2", "pass", start)
        assert error.reason == (
            "a player who can move must move: pass stands only for a player removed as blocked, "
            "right after the move that blocked them"
        )
        assert str(error) == f"illegal move pass: R2: {error.reason}"
        assert start.is_legal(text) is False
    # It is still not a move.
    with pytest.raises(pacru.InvalidMove):
        pacru.Move("pass")
    # The referee's verdict on the same text in a record: the same rule and words.
    (verdict,) = pacru.check('[Result "*"]\n\n1. pass *\n')
    assert (verdict["error"]["rule"], verdict["error"]["message"]) == ("R2", error.reason)


def test_text_that_is_not_a_move_is_an_invalid_move():
    with pytest.raises(pacru.InvalidMove) as raised:
        Position.standard().play("e1-")
    assert raised.value.text == "e1-" and raised.value.column == 4
    for text in ["", "zz", "e1-e2(", "\x1b[31m"]:
        with pytest.raises(pacru.InvalidMove):
            pacru.Move(text)
    with pytest.raises(TypeError, match="a move must be a pacru.Move or a str"):
        Position.standard().play(42)


def test_move_text_is_at_most_65536_characters():
    # As in the npm package: a longer text is an InvalidMove before it is read,
    # and the message quotes only its start.
    longest = "e1-e2(" + "*," * 32764 + "*)"
    assert len(longest) == 65536
    assert str(pacru.Move(longest)).startswith("e1-e2(*,*,")
    start = Position.standard()
    for text in [longest[:-1] + ",*)", "e1-e2(" + "a1," * 10_000_000 + "a1)"]:
        for read in [pacru.Move, start.play, start.is_legal]:
            with pytest.raises(pacru.InvalidMove, match="a move is at most 65536 characters long$") as raised:
                read(text)
            assert raised.value.column == 65537 and raised.value.text == text
            assert len(str(raised.value)) < 200


def test_ppn_text_is_at_most_65536_characters():
    ppn = str(Position.standard())
    too_long = ppn + " " * (65537 - len(ppn))
    for read in [Position, Position.from_ppn]:
        with pytest.raises(pacru.InvalidPosition, match="a position in PPN is at most 65536 characters long$") as raised:
            read(too_long)
        assert raised.value.column == 65537


def test_a_lone_surrogate_is_no_move_no_position_and_no_value():
    # A str with half of a UTF-16 pair (what `surrogateescape` makes of a byte that
    # is not UTF-8) is not text: the documented errors, located, never Python's
    # UnicodeEncodeError from inside the bindings.
    start = Position.standard()
    for read in [pacru.Move, start.play, start.is_legal]:
        with pytest.raises(pacru.InvalidMove, match="column 6: a move holds a lone surrogate") as raised:
            read("e1-e2\udcff")
        assert raised.value.column == 6 and raised.value.text == "e1-e2\ufffd"
    for read in [Position, Position.from_ppn]:
        with pytest.raises(pacru.InvalidPosition, match="column 3: a position holds a lone surrogate") as raised:
            read("9/\ud800")
        assert raised.value.column == 3
    for call in [
        lambda: start.colour_at("e\udcff"),
        lambda: start.field_count("\ud800"),
        lambda: Position.standard(2, colours="K\udcff"),
        lambda: Position.standard(2, seats="S\udcff"),
    ]:
        with pytest.raises(ValueError, match="is not a") as error:
            call()
        assert not isinstance(error.value, UnicodeError)


def test_move_text_forgives_letter_case_and_spaces_after_commas_only():
    # What the README and docs/notation.md say the move reader accepts.
    assert str(pacru.Move("A3-A5(*, E5)")) == "a3-a5(*,e5)"
    assert str(pacru.Move("e3<<(d1,  c1, b2,a1)")) == "e3<<(a1,c1,d1,b2)"
    for text, column in [(" e1-e2", 1), ("e1-e2 ", 6), ("e1-e2\t", 6), ("e1-e2 (e3)", 6), ("a3-a5( *)", 7)]:
        with pytest.raises(pacru.InvalidMove) as raised:
            pacru.Move(text)
        assert raised.value.column == column, text


def test_moves_are_values():
    move = pacru.Move("a3-b4(a4)")
    assert str(move) == "a3-b4(a4)" and repr(move) == "Move('a3-b4(a4)')"
    assert move == pacru.Move("A3-B4(A4)") and hash(move) == hash(pacru.Move("a3-b4(a4)"))
    assert move != "a3-b4(a4)" and move != pacru.Move("a3-b4(a5)")
    assert pickle.loads(pickle.dumps(move)) == move
    assert move in Position.standard().legal_moves()


def test_positions_are_values():
    start = Position.standard()
    same = Position(START_2P)
    assert start == same and hash(start) == hash(same) and start is not same
    assert len({start, same, start.play("e1-e2")}) == 2
    assert start != START_2P
    assert pickle.loads(pickle.dumps(start)) == start
    eleven = Position(START_2P, rules="2011")
    assert pickle.loads(pickle.dumps(eleven)).rules is Rules.PACRU_2011
    assert copy.deepcopy(eleven) == eleven
    assert repr(start) == f"Position('{START_2P}')"
    assert repr(eleven) == f"Position('{START_2P}', rules='2011')"
    assert eval(repr(eleven), {"Position": Position}) == eleven


def test_the_diagram_shows_the_board():
    diagram = Position.standard().diagram()
    assert diagram.splitlines()[0].split() == list("abcdefghi")
    assert diagram.splitlines()[1].startswith("   ┏━━━")
    assert diagram.endswith("target 42 fields; Black to move\n")


def test_the_diagram_is_the_one_pacru_show_draws(cli):
    """One drawing: `pacru show` prints the diagram, then the PPN."""
    (game,) = pacru.read_games(pacru.selfplay(players=3, games=1, seed=5))
    positions = [Position.standard(2), Position.standard(4), *game.replay()[::20]]
    for position in positions:
        shown = cli.run("show", "--color", "never", str(position)).decode()
        assert shown == position.diagram() + str(position) + "\n"


def test_perft_depth_must_be_from_0_to_30():
    # As in the npm package: deeper counts would take longer than anyone waits.
    # A finished game (no legal move) answers at once whatever the depth.
    finished = Position("9/9/9/9/9/9/9/1R2R4/9 Ra1W,Rc1W,Ra7S,Ri9N R KR")
    assert finished.perft(30) == 0 and finished.perft_divide(30) == {}
    for depth in [-1, 31, 1000, 2**64, -(2**64)]:
        for position in [finished, Position.standard()]:
            with pytest.raises(ValueError, match=f"depth must be from 0 to 30, not {depth}$"):
                position.perft(depth)
            with pytest.raises(ValueError, match=f"depth must be from 0 to 30, not {depth}$"):
                position.perft_divide(depth)
    with pytest.raises(TypeError):
        finished.perft("3")  # type: ignore[arg-type]


def test_error_messages_show_control_characters_escaped():
    # A traceback prints the message to a terminal: an ESC or a direction override
    # from the text given is shown as `pacru check` shows it (\u{1b}), not sent as
    # it is; the attributes keep the text as given.
    start = Position.standard()
    raised = []
    for call in [
        lambda: pacru.Move("e1\x1b[2J"),
        lambda: start.play("e1-e2\x07"),
        lambda: Position("9/9/9/9/9/9/9/9/9 Ke1N K K\u202eR"),
        lambda: next(pacru.read_games(b'[Players "KR"]\n\n1. e1-e2\x1b[31m *\n')),
        lambda: next(pacru.read_games(b'[Players "K\x1bR"]\n\n1. e1-e2 *\n')).replay(),
    ]:
        with pytest.raises(pacru.Error) as error:
            call()
        raised.append(error.value)
    for error in raised:
        message = str(error)
        assert not any(c in message for c in "\x1b\x07\u202e"), message
        assert "\\u{" in message, message
    assert raised[0].text == "e1\x1b[2J" and raised[0].column == 3
    assert raised[3].reason == "'e1-e2\x1b' is not a move: unexpected '\x1b' after the move"
