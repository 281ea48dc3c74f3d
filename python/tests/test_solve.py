"""qipu.othello.solve: the crate's exact solver (the one `qipu solve` runs)."""

import pytest

import qipu
from qipu import othello

# samples/othello/positions.obf, last line: Black to move, B2 gives +18 (Edax agrees).
POSITION = "--OOOOO---OOOO--XXOOOOOO-XOOXOOXXXXXXOOXOOOOXXXO--OOXX----OOOO-- X"


def test_solves_a_position_with_its_best_move_and_line():
    r = othello.solve(POSITION)
    assert r["solved"] is True
    assert r["score"] == 18
    assert "b2" in r["best_moves"]
    assert r["pv"][0] in r["best_moves"]
    assert r["empties"] == 16
    assert r["nodes"] > 0
    # The PV is legal from the position and plays to the end.
    b = othello.Board(POSITION)
    for mv in r["pv"]:
        b.push(mv)
    assert b.legal_moves() == []


def test_a_budget_gives_not_solved():
    ffo40 = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X"
    r = othello.solve(ffo40, nodes=1000)
    assert r["solved"] is False
    assert r["score"] is None


def test_a_bad_board_is_an_error():
    with pytest.raises(qipu.QipuError):
        othello.solve("XO X")
