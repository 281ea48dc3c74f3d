"""Boards: push in every notation, move texts, positions, outcomes, errors."""

import pytest
from qipu import junqi, othello, xiangqi
import qipu


def test_xiangqi_board_takes_every_notation():
    b = xiangqi.Board()
    assert len(b.legal_moves()) == 44
    assert b.push("炮二平五") == "h2e2"
    assert b.push("h9g7") == "h9g7"
    assert b.push("H2+3") == "h0g2"
    assert b.turn == "black" and b.ply == 3
    assert b.move_text("i9h9", "chinese") == "车９平８"
    assert b.move_text("i9h9", "wxf") == "R9.8"
    assert b.move_text("i9h9", "iccs-dash") == "I9-H9"
    assert xiangqi.Board(b.fen()).fen() == b.fen()
    assert "Board(" in repr(b) and str(b)


def test_xiangqi_errors_carry_kind_ply_and_move():
    b = xiangqi.Board()
    with pytest.raises(qipu.IllegalMoveError) as e:
        b.push("e0e2")
    assert (e.value.kind, e.value.ply, e.value.move) == ("illegal-move", 1, "e0e2")
    with pytest.raises(qipu.ParseError):
        b.push("nonsense")
    with pytest.raises(qipu.BadSetupError) as e:
        xiangqi.Board("9/9/9 w")
    assert e.value.kind == "bad-setup"
    assert b.ply == 0


def test_xiangqi_check_mate_and_copy():
    b = xiangqi.Board("3k5/1R7/9/9/9/9/9/9/9/R3K4 w - - 0 1")
    c = b.copy()
    b.push("a0a9")
    assert b.is_check()
    out = b.outcome()
    assert (out["result"], out["reason"]) == ("1-0", "checkmate")
    assert c.outcome() is None and c.ply == 0


def test_othello_board():
    b = othello.Board()
    assert sorted(b.legal_moves()) == ["c4", "d3", "e6", "f5"]
    assert b.push("f5") == "f5"
    assert b.counts() == (4, 1)
    assert b.turn == "white"
    assert not b.is_check()
    # A forced pass may be left out; the board plays it.
    p = othello.Board("XO" + "-" * 62 + " O")
    assert p.legal_moves() == ["pass"]
    assert p.push("c1") == "pass c1"
    assert p.outcome()["reason"] == "game-over"
    with pytest.raises(qipu.IllegalMoveError):
        othello.Board().push("a1")


def test_junqi_board():
    b = junqi.Board()
    assert b.legal_moves() == []  # the 50 face-down pieces are unknown: name what a flip shows
    assert b.push("C2=红工兵") == "C2=E"
    assert b.turn == "second"
    assert b.move_text("K3=蓝排长", "chinese").startswith("K3=")
    assert b.fen().split()[0].count("E") == 1
    with pytest.raises(qipu.QipuError):
        b.push("C2-C1")
