"""The referee, one move at a time, against adjudicate (both computed): the same verdict at the
same ply for every sample and a share of CCPD."""

import pytest
import qipu
from qipu import junqi, othello, xiangqi
from conftest import needs_ccpd

BOARD_REASONS = {"resignation", "timeout", "agreement", "unfinished"}


def referee_for(record):
    if record.game == "xiangqi":
        return xiangqi.Referee(fen=record.setup)
    if record.game == "othello":
        return othello.Referee(board=record.setup)
    raise ValueError(record.game)


def compare(record):
    (report,) = list(qipu.adjudicate(record))
    try:
        ref = referee_for(record)
    except qipu.QipuError:
        assert not report["valid"]
        return None
    verdict, at = ref.verdict(), 0
    for i, mv in enumerate(record.moves):
        if ref.is_over():
            break
        try:
            v = ref.push(mv)
        except qipu.QipuError as e:
            assert not report["valid"], (record.source, e)
            assert e.kind == report["error"]["kind"]
            assert e.ply == report["error"]["ply"]
            return None
        if v is not None:
            # A verdict from push ends the game; a claimable draw does not.
            assert ref.is_over() and ref.claimable() is None, record.source
            verdict, at = v, i + 1
            break
        assert not ref.is_over(), record.source
    else:
        # The record stops here: a draw that can be claimed now is its verdict.
        if record.moves:
            verdict = ref.claimable()
            assert verdict == ref.verdict(), record.source
    if not report["valid"]:
        return None
    board = report["verdict"]
    if board["reason"] in BOARD_REASONS:
        assert ref.verdict() is None or not ref.is_over(), record.source
        return False
    assert verdict is not None, (record.source, board)
    for key in ("result", "reason", "ply", "cycle", "sides"):
        assert verdict.get(key) == board.get(key), (record.source, key)
    assert verdict["ply"] == ref.ply
    return True


def test_referee_agrees_on_the_samples(in_root):
    decided = [compare(r) for r in qipu.read(["samples/xiangqi", "samples/othello"])]
    assert decided.count(True) >= 5


def test_referee_agrees_on_every_ccpd_game():
    """Every CCPD game pushed move by move from its start position: adjudicate's verdict,
    reason and ply (issue 20: one verdict whatever asks)."""
    ccpd = needs_ccpd()
    files = qipu.files(str(ccpd))
    decided = [compare(r) for r in qipu.read(files)]
    assert len(decided) == len(files) == 11_746
    assert decided.count(True) >= 800


def test_banned_moves_are_the_moves_that_lose_by_repetition(in_root):
    """At every ply of the CXA repetition cases, a legal move is banned exactly when playing
    it on a copy of the referee loses by the repetition judge (both computed)."""
    lines = open("tests/fixtures/xiangqi-cxa-cases.tsv", encoding="utf-8").read().splitlines()
    header = lines[0].split("\t")
    banned_seen = 0
    for line in lines[1:]:
        case = dict(zip(header, line.split("\t")))
        ref = xiangqi.Referee(fen=case["fen"], params={"repetitions": case["occurrences"]})
        for move in case["moves_iccs"].split():
            if ref.is_over():
                break
            mover_loses = "0-1" if ref.fen().split()[1] == "w" else "1-0"
            banned = ref.banned_moves()
            banned_seen += len(banned)
            for mv in ref.legal_moves():
                v = ref.copy().push(mv)
                loses = bool(v and v.get("cycle") and v["result"] == mover_loses)
                assert (mv in banned) == loses, (case["id"], mv)
            ref.push(move)
    assert banned_seen >= 1


def test_push_after_the_end_and_bad_moves():
    ref = xiangqi.Referee(fen="3k5/1R7/9/9/9/9/9/9/9/R3K4 w")
    v = ref.push("a0a9")
    assert (v["result"], v["reason"], v["ply"]) == ("1-0", "checkmate", 1)
    assert ref.is_over() and ref.legal_moves() == []
    with pytest.raises(qipu.IllegalMoveError) as e:
        ref.push("d9e9")
    assert "game is over" in e.value.message and e.value.ply == 2
    with pytest.raises(qipu.RulesError):
        xiangqi.Referee(rules="nope")


def test_junqi_referee_takes_time_stamps(in_root):
    for path in ["samples/junqi/time-limit.jqr", "samples/junqi/flag-captured.jqr"]:
        (record,) = list(qipu.read(path))
        (report,) = list(qipu.adjudicate(record))
        tags = record.tags
        ref = junqi.Referee(position=tags.get("Position"), layout=tags.get("Layout"))
        verdict = None
        for mv, t in zip(record.moves, record.times):
            verdict = ref.push(mv, time=t)
            if verdict:
                break
        want = report["verdict"]
        assert (verdict["result"], verdict["reason"], verdict["ply"]) == (
            want["result"],
            want["reason"],
            want["ply"],
        ), path


def test_ban_moves_hold_the_banned_moves_and_ban_at_the_repetition(in_root):
    """UCCI's banmoves (`ban_moves()`): every move `banned_moves()` lists is among them, and
    each of them makes a position stand again (its position, after the move, occurred before)."""
    lines = open("tests/fixtures/xiangqi-cxa-cases.tsv", encoding="utf-8").read().splitlines()
    header = lines[0].split("\t")
    extra = 0
    for line in lines[1:]:
        case = dict(zip(header, line.split("\t")))
        ref = xiangqi.Referee(fen=case["fen"])
        seen = {" ".join(ref.fen().split()[:2])}
        for move in case["moves_iccs"].split():
            if ref.is_over():
                break
            ban = ref.ban_moves()
            assert set(ref.banned_moves()) <= set(ban), case["id"]
            for mv in ban:
                after = ref.copy()
                after.push(mv)
                assert " ".join(after.fen().split()[:2]) in seen, (case["id"], mv)
            extra += len(set(ban) - set(ref.banned_moves()))
            ref.push(move)
            seen.add(" ".join(ref.fen().split()[:2]))
    assert extra >= 1
