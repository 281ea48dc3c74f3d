#!/usr/bin/env python3
"""Replays the same games with qipu and the Python libraries people use, in one process, and
prints games/s for each.

    python benches/python_compare.py [--xiangqi DIR] [--othello DIR] [--games N] [--repeat K]

The games: the CCPD corpus (Xiangqi, ../shared/corpus/xiangqi/ccpd) and the WTHOR corpus
(Othello, ../shared/corpus/othello/wthor), read once with qipu into coordinate moves (ICCS
for Xiangqi, squares for Othello), so that every library replays the very same moves.

Each contender replays every game from its start position, checking each move against the
rules as that library's users do:

* qipu, batch: ``qipu.validate(records)`` (the whole replay through the rules, on all cores,
  and with ``jobs=1``);
* qipu, one move at a time from Python: ``Board.push`` per move;
* pyffish (Fairy-Stockfish): ``legal_moves`` then ``get_fen`` per move (xiangqi; flipello is
  its Othello);
* cchess: ``ChessBoard.move_iccs`` per move (its own check: the basic piece rules);
* creversi: ``Board.move_from_str`` per move, when it can be installed (its only release on
  PyPI, 0.0.1, does not build from source: its sdist lacks a header).

A library that refuses a move stops the script (every move is legal: qipu read it). Missing
libraries are skipped with a note.
"""

import argparse
import os
import sys
import time

import qipu

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.normpath(os.path.join(HERE, "..", "..", "shared", "corpus"))


def load(path, game, limit):
    """The games of `path` as (start position or None, coordinate moves), and the records."""
    games, records = [], []
    new = qipu.xiangqi.Board if game == "xiangqi" else qipu.othello.Board
    start = new().fen()
    for rec in qipu.read(path, game=game):
        # From the standard start only (a set-up that writes it out is the start).
        if rec.error is not None or (rec.setup is not None and new(rec.setup).fen() != start):
            continue
        board = new()
        moves = []
        try:
            for m in rec.moves:
                moves.extend(board.push(m).split())
        except qipu.QipuError:
            continue
        games.append(moves)
        records.append(rec)
        if len(games) >= limit:
            break
    return games, records


def timed(name, games, run, repeat):
    best = None
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    rate = len(games) / best
    plies = sum(len(g) for g in games)
    print(f"  {name:<44} {rate:>12,.0f} games/s  {plies / best:>14,.0f} moves/s  ({best:.3f} s)")
    return rate


def qipu_batch(records, jobs):
    def run():
        for r in qipu.validate(records, jobs=jobs, json_lines=True):
            if '"valid":false' in r:
                raise SystemExit(f"qipu: an invalid game: {r[:200]}")

    return run


def qipu_boards(games, board):
    def run():
        for g in games:
            b = board()
            for m in g:
                b.push(m)

    return run


def iccs_to_uci(m):
    """ICCS ranks 0-9 → Fairy-Stockfish's 1-10."""
    return f"{m[0]}{int(m[1]) + 1}{m[2]}{int(m[3]) + 1}"


def pyffish_xiangqi(sf, games):
    start = sf.start_fen("xiangqi")

    def run():
        for g in games:
            fen = start
            for m in g:
                u = iccs_to_uci(m)
                if u not in sf.legal_moves("xiangqi", fen, []):
                    raise SystemExit(f"pyffish: {u} illegal in {fen}")
                fen = sf.get_fen("xiangqi", fen, [u])

    return run


def cchess_replay(cchess, games):
    def run():
        for g in games:
            b = cchess.ChessBoard(cchess.FULL_INIT_FEN)
            for m in g:
                if b.move_iccs(m) is None:
                    raise SystemExit(f"cchess: {m} refused")
                b.next_turn()

    return run


def flipello_square(sq):
    """qipu's Othello square (row 1 at the top) → flipello's drop (rank 1 at the bottom)."""
    return f"P@{sq[0]}{9 - int(sq[1])}"


def pyffish_othello(sf, games):
    start = sf.start_fen("flipello")

    def run():
        for g in games:
            fen = start
            for m in g:
                legal = sf.legal_moves("flipello", fen, [])
                if m == "pass":
                    if len(legal) != 1:
                        raise SystemExit(f"pyffish: no single pass in {legal}")
                    u = legal[0]
                else:
                    u = flipello_square(m)
                    if u not in legal:
                        raise SystemExit(f"pyffish: {u} illegal in {fen}")
                fen = sf.get_fen("flipello", fen, [u])

    return run


def creversi_replay(creversi, games):
    def run():
        for g in games:
            b = creversi.Board()
            for m in g:
                if m == "pass":
                    b.move_pass()
                else:
                    b.move_from_str(m)

    return run


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--xiangqi", default=os.path.join(CORPUS, "xiangqi", "ccpd"))
    ap.add_argument("--othello", default=os.path.join(CORPUS, "othello", "wthor"))
    ap.add_argument("--games", type=int, default=2000, help="games of each game (default 2000)")
    ap.add_argument("--repeat", type=int, default=3, help="runs of each; the best counts")
    ap.add_argument("--only", choices=["xiangqi", "othello"], help="one game only")
    args = ap.parse_args()
    print(f"qipu {qipu.__version__}, Python {sys.version.split()[0]}, {os.cpu_count()} cores")

    if args.only != "othello":
        bench_xiangqi(args)
    if args.only != "xiangqi":
        bench_othello(args)


def bench_xiangqi(args):
    xq, xq_records = load(args.xiangqi, "xiangqi", args.games)
    print(f"\nXiangqi: {len(xq)} CCPD games from the start position, {sum(map(len, xq))} moves")
    timed("qipu.validate (all cores)", xq, qipu_batch(xq_records, None), args.repeat)
    timed("qipu.validate (jobs=1)", xq, qipu_batch(xq_records, 1), args.repeat)
    timed("qipu.xiangqi.Board.push per move", xq, qipu_boards(xq, qipu.xiangqi.Board), args.repeat)
    try:
        import pyffish as sf

        timed("pyffish legal_moves + get_fen per move", xq, pyffish_xiangqi(sf, xq), 1)
    except ImportError:
        print("  pyffish: not installed, skipped")
    try:
        import cchess

        timed("cchess ChessBoard.move_iccs per move", xq, cchess_replay(cchess, xq), 1)
    except ImportError:
        print("  cchess: not installed, skipped")



def bench_othello(args):
    ot, ot_records = load(args.othello, "othello", args.games)
    print(f"\nOthello: {len(ot)} WTHOR games, {sum(map(len, ot))} moves (passes included)")
    timed("qipu.validate (all cores)", ot, qipu_batch(ot_records, None), args.repeat)
    timed("qipu.validate (jobs=1)", ot, qipu_batch(ot_records, 1), args.repeat)
    timed("qipu.othello.Board.push per move", ot, qipu_boards(ot, qipu.othello.Board), args.repeat)
    try:
        import pyffish as sf

        timed("pyffish flipello legal_moves + get_fen", ot, pyffish_othello(sf, ot), 1)
    except ImportError:
        print("  pyffish: not installed, skipped")
    try:
        import creversi

        timed("creversi Board.move_from_str per move", ot, creversi_replay(creversi, ot), 1)
    except ImportError:
        print("  creversi: not installed, skipped (its PyPI release 0.0.1 does not build)")


if __name__ == "__main__":
    main()
