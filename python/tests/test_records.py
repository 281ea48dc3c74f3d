"""qipu.read, Record, qipu.convert, qipu.files and the exceptions of unreadable input."""

import pytest
import qipu


def test_read_a_file(in_root):
    records = list(qipu.read("samples/xiangqi/chinese.pgn"))
    assert len(records) >= 1
    r = records[0]
    assert (r.game, r.format, r.index) == ("xiangqi", "pgn", 0)
    assert r.moves and isinstance(r.moves[0], str)
    assert "Event" in r.tags or r.tags
    assert r.claimed in ("1-0", "0-1", "1/2-1/2", "*", None)
    assert "qipu.Record" in repr(r)


def test_read_bytes_and_a_directory(in_root):
    data = open("samples/othello/standard.txt", "rb").read()
    from_bytes = list(qipu.read(data))
    assert [r.moves for r in from_bytes] == [r.moves for r in qipu.read("samples/othello/standard.txt")]
    assert {(r.game, r.source) for r in from_bytes} == {("othello", "<bytes>")}
    from_dir = list(qipu.read("samples/othello"))
    assert {x.source for x in from_dir} == set(qipu.files("samples/othello"))


def test_binary_formats(in_root):
    (wthor,) = [r for r in qipu.read("samples/othello/sample.wtb")][:1]
    assert wthor.format == "wthor"
    (xqf,) = list(qipu.read("samples/xiangqi/short-game.xqf"))
    assert xqf.format == "xqf"


def test_an_unreadable_input_raises_with_its_kind(in_root):
    with pytest.raises(qipu.UnsupportedError) as e:
        list(qipu.read(b"\x00\x01 not a record"))
    assert e.value.kind == "unsupported"
    with pytest.raises(qipu.NotFoundError) as e:
        qipu.read("no/such/file.pgn")
    assert e.value.kind == "not-found"


def test_a_parse_error_is_located(in_root):
    (r,) = list(qipu.read("samples/junqi/parse-error-unknown-piece.jqr"))
    err = r.error
    assert err["kind"] == "parse"
    assert err["line"] >= 1 and err["column"] >= 1
    (report,) = list(qipu.validate(r))
    for key in ("kind", "message", "line", "column"):
        assert report["error"][key] == err[key]


def test_convert_text_and_binary(in_root):
    records = list(qipu.read("samples/xiangqi/iccs.pgn"))
    text = qipu.convert(records, "pgn-iccs")
    assert isinstance(text, str) and "[" in text
    again = list(qipu.read(text.encode("utf-8"), game="xiangqi", format="pgn"))
    assert [r.moves for r in again] == [r.moves for r in records]
    wthor = list(qipu.read("samples/othello/standard.txt"))
    data = qipu.convert(wthor, "wthor")
    assert isinstance(data, bytes) and len(data) > 16
    with pytest.raises(qipu.RulesError):
        qipu.convert(records, "ggf")


def test_formats_and_rule_sets():
    ids = {f["id"] for f in qipu.formats()}
    assert {"pgn", "ggf", "wthor", "jqr", "xqf"} <= ids
    sets = qipu.rule_sets()
    assert "axf" in sets["xiangqi"]["presets"]
    assert sets["xiangqi"]["params"]["move-limit"]["default"] == "60"
