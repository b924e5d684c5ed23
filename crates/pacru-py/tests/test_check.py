"""`pacru.check` against `pacru check --format json`: the same verdicts, key for key
and byte for byte, on the project's examples, random games and broken copies of them."""

from __future__ import annotations

import io
import json
import os
import pathlib
import random
import re
import threading

import pytest

import pacru
from conftest import as_cli_line

EXAMPLES = ["examples/round1.pgr", "examples/round2.pgr"]


def test_the_examples_give_what_the_cli_prints(cli, root, monkeypatch):
    monkeypatch.chdir(root)
    out, expected = cli.check_json(*EXAMPLES)
    verdicts = list(pacru.check(EXAMPLES))
    assert verdicts == expected
    assert "".join(as_cli_line(v) for v in verdicts).encode() == out
    # Key order too: the dicts list their keys as the JSON lines do.
    assert [list(v) for v in verdicts] == [list(v) for v in expected]
    for one in EXAMPLES:
        assert list(pacru.check(one)) == [v for v in expected if v["file"] == one]
    statuses = {v["status"] for v in verdicts}
    assert statuses == {"ok", "illegal", "malformed", "inconsistent"}


def test_every_kind_of_source_gives_the_same_verdicts(cli, root, monkeypatch):
    monkeypatch.chdir(root)
    path = root / "examples" / "round2.pgr"
    data = path.read_bytes()
    _, by_cli = cli.check_json("examples/round2.pgr")
    unnamed = [dict(v, file="-") for v in by_cli]
    assert list(pacru.check(path)) == [dict(v, file=str(path)) for v in by_cli]
    assert list(pacru.check(data.decode())) == unnamed
    assert list(pacru.check(data)) == unnamed
    assert list(pacru.check(bytearray(data))) == unnamed
    assert list(pacru.check(io.BytesIO(data))) == unnamed
    assert list(pacru.check(io.StringIO(data.decode()))) == unnamed
    with open(path, "rb") as binary, open(path, encoding="utf-8") as text:
        assert list(pacru.check(binary)) == unnamed
        assert list(pacru.check(text, name="round2")) == [dict(v, file="round2") for v in by_cli]
    # What `pacru check -` prints for the same text on standard input.
    stdin = cli.run("check", "--format", "json", "-", input=data, ok_codes=(1,))
    assert "".join(as_cli_line(v) for v in pacru.check(data)).encode() == stdin


def mutate(text: str, rng: random.Random) -> str:
    """A broken copy of one game record: illegal moves, syntax errors, wrong results."""
    lines = text.split("\n")
    movetext = [i for i, line in enumerate(lines) if line and not line.startswith("[")]
    kind = rng.randrange(9)
    if kind == 0 and movetext:  # a move with another destination
        i = rng.choice(movetext)
        fields = list(re.finditer(r"(?<=[-x])[a-i][1-9]", lines[i]))
        if fields:
            m = rng.choice(fields)
            new = rng.choice("abcdefghi") + rng.choice("123456789")
            lines[i] = lines[i][: m.start()] + new + lines[i][m.end() :]
    elif kind == 1:  # a character deleted
        joined = "\n".join(lines)
        at = rng.randrange(len(joined))
        return joined[:at] + joined[at + 1 :]
    elif kind == 2 and movetext:  # a token inserted
        i = rng.choice(movetext)
        words = lines[i].split(" ")
        at = rng.randrange(len(words) + 1)
        token = rng.choice(["pass", "x", "a1-a2", "e5-e6(e6)", "{note}", "$3", "!?", "0-1", "\x00", "é", "\x1b[2J", "resign"])
        words.insert(at, token)
        lines[i] = " ".join(words)
    elif kind == 3:  # another result
        result = rng.choice(["Black", "Red", "Yellow", "Green", "Blue", "draw", "*"])
        for i, line in enumerate(lines):
            if line.startswith("[Result "):
                lines[i] = f'[Result "{result}"]'
        if movetext:
            last = movetext[-1]
            lines[last] = re.sub(r"\S+$", result, lines[last])
    elif kind == 4 and movetext:  # two moves swapped
        i = rng.choice(movetext)
        words = lines[i].split(" ")
        moves = [j for j, w in enumerate(words) if re.fullmatch(r"[a-i][1-9].*", w)]
        if len(moves) >= 2:
            j = rng.randrange(len(moves) - 1)
            a, b = moves[j], moves[j + 1]
            words[a], words[b] = words[b], words[a]
            lines[i] = " ".join(words)
    elif kind == 5:  # cut short
        joined = "\n".join(lines)
        return joined[: rng.randrange(1, len(joined))]
    elif kind == 6:  # a tag repeated or mangled
        i = rng.randrange(len(lines))
        if lines[i].startswith("["):
            lines.insert(i, lines[i] if rng.random() < 0.5 else lines[i].replace('"', "", 1))
    elif kind == 7:  # setup tags that do not fit
        lines.insert(0, rng.choice(['[Players "KRR"]', '[Seats "SX"]', '[Rules "1999"]', '[Position "9/9 K KR"]', '[Players "KRYGB"]']))
    else:  # the blank line after the tags removed
        lines = [line for line in lines if line] + [""]
    return "\n".join(lines)


def random_records(cli, rng: random.Random) -> str:
    games = []
    for players, rules in [(2, "2004"), (3, "2011"), (4, "2004"), (2, "2011")]:
        text = cli.run(
            "selfplay", "--players", str(players), "--games", "15", "--seed", str(rng.randrange(2**63)),
            "--rules", rules, "--max-plies", str(rng.choice([40, 200, 1000])),
        ).decode()
        games += text.split("\n\n[Event")
    games = [g if g.startswith("[Event") else "[Event" + g for g in games]
    out = []
    for game in games:
        out.append(game if game.endswith("\n") else game + "\n")
        for _ in range(3):
            out.append(mutate(game, rng).rstrip("\n") + "\n")
    return "\n".join(out)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_and_broken_games_give_the_cli_verdicts(cli, tmp_path, seed):
    rng = random.Random(seed)
    path = tmp_path / f"random-{seed}.pgr"
    path.write_text(random_records(cli, rng), encoding="utf-8")
    out, expected = cli.check_json(str(path))
    verdicts = list(pacru.check(str(path)))
    assert len(verdicts) >= 200
    assert "".join(as_cli_line(v) for v in verdicts).encode() == out
    assert verdicts == expected
    statuses = {v["status"] for v in verdicts}
    assert statuses == {"ok", "illegal", "malformed", "inconsistent"}
    # Game by game, through read_games and Game.check, wherever the record parses.
    by_game = {v["game"]: v for v in verdicts}
    reader = pacru.read_games(str(path))
    checked = 0
    while True:
        try:
            game = next(reader)
        except StopIteration:
            break
        except pacru.MalformedGame as error:
            assert by_game[error.game]["status"] == "malformed"
            assert (by_game[error.game]["error"]["line"], by_game[error.game]["error"]["column"]) == (error.line, error.column)
            continue
        assert game.check() == by_game[game.index]
        checked += 1
    assert checked > len(verdicts) // 2


def test_a_big_file_read_in_parallel_gives_the_cli_verdicts(cli, tmp_path):
    # Over 2 MiB: the file is cut into parts refereed on every core; the
    # verdicts must still be those of one sequential reading, broken games too.
    rng = random.Random(7)
    chunk = random_records(cli, rng)
    text = "\n".join([chunk] * (2_600_000 // len(chunk) + 1))
    path = tmp_path / "big.pgr"
    path.write_text(text, encoding="utf-8")
    out, expected = cli.check_json(str(path))
    verdicts = list(pacru.check(path))
    assert len(verdicts) == len(expected) > 1000
    assert "".join(as_cli_line(v) for v in verdicts).encode() == out
    # The same text as a stream is read on one thread.
    assert list(pacru.check(text.encode())) == [dict(v, file="-") for v in expected]
    # Leaving the loop early stops the threads.
    for n, verdict in enumerate(pacru.check(path)):
        if n == 100:
            assert verdict == expected[100]
            break


def test_the_rules_option_applies_to_games_without_a_rules_tag(cli, tmp_path):
    text = cli.run("selfplay", "--players", "4", "--games", "40", "--seed", "9", "--rules", "2011").decode()
    text = text.replace('[Rules "2011"]\n', "")
    path = tmp_path / "no-rules-tag.pgr"
    path.write_text(text)
    for rules in ["2004", "2011"]:
        out, expected = cli.check_json(str(path), rules=rules)
        assert list(pacru.check(path, rules=rules)) == expected
        assert list(pacru.check(path, rules=pacru.Rules(rules))) == expected
    assert list(pacru.check(path)) == cli.check_json(str(path))[1]


@pytest.mark.parametrize(
    "data",
    [
        b"",
        b"\x00\xff\xfe garbage \x80\x81",
        bytes(range(256)) * 50,
        b"[Event \"x\"]\n" * 5000,
        b"1. " + b"e1-e2 " * 100_000 + b"*\n",
        b"{" + b"a" * 3_000_000,
        b"[Result \"*\"]\n\n1. e1-e2 e9-e8 *\n" * 2000,
    ],
    ids=["empty", "binary", "all-bytes", "tags-only", "one-long-line", "endless-comment", "many-games"],
)
def test_hostile_input_gives_the_cli_verdicts(cli, tmp_path, data):
    path = tmp_path / "hostile.pgr"
    path.write_bytes(data)
    out, expected = cli.check_json(str(path))
    verdicts = list(pacru.check(path))
    assert verdicts == expected
    assert "".join(as_cli_line(v) for v in verdicts).encode() == out


def test_a_file_whose_name_is_not_utf8_is_read_as_the_cli_reads_it(cli, tmp_path):
    # os.listdir gives such a name as a str with lone surrogates (surrogateescape);
    # it names the file for pacru as it does for open(), and the verdicts' `file`
    # is written as `pacru check` writes it.
    raw = os.fsencode(tmp_path) + b"/caf\xe9.pgr"
    with open(raw, "wb") as record:
        record.write(b'[Result "*"]\n\n1. e1-e2 e9-e8 *\n')
    path = os.fsdecode(raw)
    out, expected = cli.check_json(path)
    assert expected[0]["file"].endswith("caf\ufffd.pgr") and expected[0]["status"] == "ok"
    for given in [path, pathlib.Path(path), [path]]:
        verdicts = list(pacru.check(given))
        assert verdicts == expected
        assert "".join(as_cli_line(v) for v in verdicts).encode() == out
    (game,) = pacru.read_games(pathlib.Path(path))
    assert game.file == expected[0]["file"] and len(game.moves) == 2
    # Record text with such a byte, decoded with surrogateescape: the bytes of the file.
    data = b'[Result "*"]\n\n1. e1-e2\xff *\n'
    (verdict,) = pacru.check(data.decode(errors="surrogateescape"))
    assert (verdict["status"], verdict["error"]["move"]) == ("malformed", "e1-e2\ufffd")
    assert list(pacru.check(data)) == [verdict]
    # And a file opened in text mode with errors="surrogateescape".
    with open(raw, "wb") as record:
        record.write(data)
    with open(raw, encoding="utf-8", errors="surrogateescape") as text:
        assert list(pacru.check(text)) == [verdict]


def test_the_docstring_says_what_an_input_that_cannot_be_read_does():
    # It raises, as the README says: no verdict is ever "unreadable".
    doc = pacru.check.__doc__
    assert "OSError" in doc
    assert 'or, for an input that cannot be read, `"unreadable"`' not in " ".join(doc.split())
    assert "`\"inconsistent\"`)" in doc


def test_input_that_cannot_be_read_raises_os_errors(tmp_path):
    with pytest.raises(FileNotFoundError) as raised:
        pacru.check(str(tmp_path / "missing.pgr"))
    assert raised.value.filename == str(tmp_path / "missing.pgr")
    with pytest.raises(IsADirectoryError, match="is a directory"):
        pacru.check(tmp_path)
    with pytest.raises(FileNotFoundError):
        pacru.check([str(tmp_path / "missing.pgr")])
    with pytest.raises(TypeError, match="expected a path"):
        pacru.check(42)
    with pytest.raises(TypeError, match=r"paths only \(str or path objects\), not int"):
        pacru.check(["a.pgr", 3])


class Fspath:
    """An os.PathLike whose path is `path`."""

    def __init__(self, path: str) -> None:
        self.path = path

    def __fspath__(self) -> str:
        return self.path


def test_a_path_with_a_lone_surrogate_no_byte_made_is_an_os_error(tmp_path):
    # A lone surrogate that os.fsdecode never makes (it makes U+DC80 to U+DCFF)
    # names no file: an OSError, as for a path that cannot be read, naming the
    # path, not Python's UnicodeEncodeError.
    path = str(tmp_path / "a\ud800.pgr")
    shown = str(tmp_path / "a\\u{d800}.pgr")
    for given in [path, pathlib.Path(path), Fspath(path), [path], ["b.pgr", path]]:
        for read in [pacru.check, pacru.read_games]:
            if isinstance(given, list) and read is not pacru.check:
                continue
            with pytest.raises(OSError) as raised:
                read(given)
            assert not isinstance(raised.value, UnicodeError)
            message = str(raised.value)
            assert message.startswith(f"{shown}: the path holds a lone surrogate (\\u{{d800}})"), message
            assert "names no file" in message
    # Beside a surrogate that a byte made, the one that no byte made is named.
    with pytest.raises(OSError, match=r"holds a lone surrogate \(\\u\{dfff\}\)"):
        pacru.check(str(tmp_path / "b\udc80\udfff.pgr"))


def test_record_text_with_a_lone_surrogate_no_byte_made_is_malformed_there():
    # Record text as a str holding a lone surrogate that no byte made: malformed at
    # its token, as `pacru check` finds the bytes surrogatepass writes for it, not
    # Python's UnicodeEncodeError for the whole argument.
    text = '[Result "*"]\n\n1. e1-e2\ud800 *\n'
    (verdict,) = pacru.check(text)
    assert verdict["status"] == "malformed"
    assert (verdict["error"]["line"], verdict["error"]["column"]) == (3, 4)
    assert "not valid UTF-8" in verdict["error"]["message"]
    assert list(pacru.check(text.encode("utf-8", "surrogatepass"))) == [verdict]
    with pytest.raises(pacru.MalformedGame, match="line 3, column 4"):
        list(pacru.read_games(text))
    # Beside a surrogate that a byte made, each stands for its own bytes.
    mixed = '[Result "*"]\n\n1. e1-e2\udc80\ud800 *\n'
    assert list(pacru.check(mixed)) == list(pacru.check(b'[Result "*"]\n\n1. e1-e2\x80\xed\xa0\x80 *\n'))


def test_bytes_like_objects_are_record_text():
    record = b'[Result "*"]\n\n1. e1-e2 e9-e8 *\n'
    expected = list(pacru.check(record))
    assert expected[0]["status"] == "ok"
    for source in [bytearray(record), memoryview(record), memoryview(b"xx" + record)[2:]]:
        assert list(pacru.check(source)) == expected
        assert [str(g) for g in pacru.read_games(source)] == [str(g) for g in pacru.read_games(record)]
    # A type that is none of them is named with the types that are.
    with pytest.raises(TypeError, match=r"record text \(str, bytes, bytearray or memoryview\)"):
        pacru.check(42)


class FailingFile(io.RawIOBase):
    """A file that gives one good game, then fails."""

    def __init__(self) -> None:
        self.calls = 0

    def readable(self) -> bool:
        return True

    def read(self, size: int = -1) -> bytes:
        self.calls += 1
        if self.calls == 1:
            return b'[Result "*"]\n\n1. e1-e2 e9-e8 *\n\n[Result "*"]\n\n1. e1-e2'
        raise ConnectionError("the network went away")


def test_an_error_of_a_file_object_reaches_the_caller():
    verdicts = pacru.check(FailingFile())
    first = next(verdicts)
    assert (first["status"], first["plies"]) == ("ok", 2)
    with pytest.raises(ConnectionError, match="the network went away"):
        next(verdicts)
    assert list(verdicts) == []


class EndlessGames(io.RawIOBase):
    """An endless stream of games, counting how much of it was read."""

    GAME = b'[Result "*"]\n\n1. e1-e2 e9-e8 *\n\n'

    def __init__(self) -> None:
        self.served = 0

    def readable(self) -> bool:
        return True

    def read(self, size: int = -1) -> bytes:
        chunk = self.GAME * max(1, size // len(self.GAME))
        self.served += len(chunk)
        return chunk


def test_check_and_read_games_stream():
    stream = EndlessGames()
    verdicts = pacru.check(stream)
    for _ in range(10_000):
        assert next(verdicts)["status"] == "ok"
    assert stream.served < 2_000_000
    stream = EndlessGames()
    games = pacru.read_games(stream)
    for _ in range(10_000):
        assert len(next(games).moves) == 2
    assert stream.served < 2_000_000


def test_verdicts_are_json_dicts_in_the_order_of_the_cli_keys(root):
    verdict = next(pacru.check(root / "examples" / "round2.pgr"))
    assert list(verdict) == ["file", "game", "line", "status", "plies", "result", "winner", "final_position", "error"]
    broken = list(pacru.check(root / "examples" / "round2.pgr"))[1]
    assert list(broken["error"]) == ["ply", "line", "column", "move", "rule", "message"]
    assert json.loads(json.dumps(broken)) == broken


@pytest.mark.parametrize("iterate", [pacru.check, pacru.read_games], ids=["check", "read_games"])
def test_threads_sharing_one_iterator_get_each_item_once(iterate):
    # As when a pool of workers takes games from one queue: each thread goes
    # on while the others read; together they get every game exactly once.
    games = 3000
    record = pacru.selfplay(2, games, seed=3, max_plies=60)
    items = iterate(record)
    taken: list[int] = []
    errors: list[BaseException] = []
    start = threading.Barrier(4)

    def take():
        start.wait()
        try:
            for item in items:
                taken.append(item["game"] if isinstance(item, dict) else item.index)
        except Exception as error:  # noqa: BLE001 (kept for the assertion)
            errors.append(error)

    threads = [threading.Thread(target=take) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert sorted(taken) == list(range(1, games + 1))


@pytest.mark.parametrize("iterate", [pacru.check, pacru.read_games], ids=["check", "read_games"])
def test_a_file_object_that_iterates_its_own_reader_is_an_error(iterate):
    # Its read() asks the iterator that is waiting for it: an error, not a hang.
    class Looping:
        def read(self, size: int) -> bytes:
            return next(items)  # type: ignore[no-any-return]

    items = iterate(Looping())
    with pytest.raises(RuntimeError, match="already being iterated by this thread"):
        next(items)
