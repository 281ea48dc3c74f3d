"""Where an Othello game was lost, from Python: ``qipu.adjudicate(..., explain=True)`` gives
exactly the objects of ``qipu adjudicate --explain --report json``, and
``qipu.othello.analyze`` their ``analysis`` object for one game."""

import threading

import pytest

import qipu
from qipu import othello
from conftest import CORPUS, as_dicts, cli_lines

WTHOR_1977 = CORPUS / "othello" / "wthor" / "WTH_1977.wtb"

# samples/othello/standard.txt, the first game: White's win became a draw at ply 46 (a2) and
# the draw a loss at ply 50 (g7); Black won 36-28.
STANDARD_0 = (
    "f5f4e3f6d3e2g4f3e6h4e1d2h3h2g3g5d1c1b1f2h6g6h7d7f1d6f7e7e8f8g8c5c4c2c3c6d8c7b4b3b5a6"
    "a5a4a3a2c8b6b7g7a7a8h8b8h5g2b2g1h1a1 36-28"
)


def test_explain_equals_the_cli_on_the_othello_samples(in_root):
    mine = list(qipu.adjudicate("samples/othello", explain=True))
    assert mine == as_dicts(cli_lines("adjudicate", "--explain", "samples/othello"))
    analysed = [r for r in mine if "analysis" in r]
    # Every Othello sample with a verdict (all but the one with an illegal move).
    assert len(analysed) == sum(1 for r in mine if r["verdict"] is not None)
    assert len(analysed) >= 10
    wtb = [r for r in mine if r["source"].endswith("sample.wtb")]
    a = wtb[0]["analysis"]
    assert (a["loser"], a["decisive"], a["result_changes"]) == ("White", 50, [46, 50])
    decisive = next(m for m in a["moves"] if m["ply"] == 50)
    assert decisive == {
        "ply": 50,
        "side": "White",
        "move": "g7",
        "mover_score_before": 0,
        "mover_score_after": -8,
        "discs_lost": 8,
        "best": ["a8"],
    }


def test_explain_json_lines_are_the_cli_lines(in_root):
    path = "samples/othello/sample.wtb"
    lines = list(qipu.adjudicate(path, explain=True, json_lines=True))
    assert lines == cli_lines("adjudicate", "--explain", path)
    # Without explain: no analysis, the plain report of the CLI.
    plain = list(qipu.adjudicate(path, json_lines=True))
    assert plain == cli_lines("adjudicate", path)
    assert all('"analysis"' not in line for line in plain)
    assert all('"analysis"' in line for line in lines)


def test_params_set_the_analysis_like_the_cli(in_root):
    path = "samples/othello/standard.txt"
    mine = list(qipu.adjudicate(path, explain=True, params={"analysis-empties": 14}))
    assert mine == as_dicts(
        cli_lines("adjudicate", "--explain", "--rule", "analysis-empties=14", path)
    )
    assert mine[0]["analysis"]["first_ply"] == 47
    assert mine[0]["analysis"]["result_changes"] == [50]
    off = list(qipu.adjudicate(path, explain=True, params={"analysis-empties": 0}))
    assert all("analysis" not in r for r in off)


def test_records_are_explained_like_their_file(in_root):
    path = "samples/othello/passes.ggf"
    records = list(qipu.read(path))
    assert list(qipu.adjudicate(records, explain=True)) == list(
        qipu.adjudicate(path, explain=True)
    )


def test_analyze_is_the_reports_analysis(in_root):
    path = "samples/othello/sample.wtb"
    reports = list(qipu.adjudicate(path, explain=True))
    records = list(qipu.read(path))
    assert len(records) == len(reports) == 6
    for record, report in zip(records, reports):
        assert othello.analyze(record) == report["analysis"]


def test_analyze_a_transcript():
    a = othello.analyze(STANDARD_0)
    assert a["first_ply"] == 43 and a["complete"] is True
    assert (a["loser"], a["decisive"], a["lost_before"]) == ("White", 50, False)
    assert a["result_changes"] == [46, 50]
    assert len(a["moves"]) == 18
    # Each move's score before is the one after the move before it, seen by its mover.
    for m0, m1 in zip(a["moves"], a["moves"][1:]):
        sign = 1 if m0["side"] == m1["side"] else -1
        assert m1["mover_score_before"] == sign * m0["mover_score_after"]
    # From 14 empties the win-to-draw of ply 46 is not judged; the decisive move stays.
    a14 = othello.analyze(STANDARD_0, empties=14)
    assert (a14["decisive"], a14["result_changes"]) == (50, [50])
    assert othello.analyze(STANDARD_0, empties=0) is None


def test_a_spent_budget_is_said():
    # On a thread of its own: a fresh transposition table (one a thread).
    out = {}
    t = threading.Thread(target=lambda: out.setdefault("a", othello.analyze(STANDARD_0, nodes=1000)))
    t.start()
    t.join()
    a = out["a"]
    assert a["complete"] is False
    assert a["node_budget"] == 1000
    assert "not analysed within the budget (1000 nodes)" in a["note"]
    assert a["judged_from"] is None or a["judged_from"] > a["first_ply"]


def test_analyze_takes_othello_games_only(in_root):
    xiangqi = next(iter(qipu.read("samples/xiangqi/iccs.pgn")))
    with pytest.raises(qipu.QipuError):
        othello.analyze(xiangqi)
    with pytest.raises(ValueError):
        othello.analyze(STANDARD_0 + "\n" + STANDARD_0)


def test_a_wthor_game_of_the_federation(in_root):
    if not WTHOR_1977.is_file():
        pytest.skip(f"{WTHOR_1977} is missing")
    path = str(WTHOR_1977)
    mine = list(qipu.adjudicate(path, explain=True))
    assert mine == as_dicts(cli_lines("adjudicate", "--explain", path))
    assert len(mine) == 12
    # The eighth game: Black's win became a loss at ply 51 (a5), then White's win a loss at
    # ply 54 (a7): White lost, and its move 54 is the decisive one, not Black's move 51.
    a = mine[7]["analysis"]
    assert (a["loser"], a["decisive"], a["result_changes"]) == ("White", 54, [51, 54])
    assert mine[7]["verdict"]["result"] == "1-0"
    record = list(qipu.read(path))[7]
    assert othello.analyze(record) == a
