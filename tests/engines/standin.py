#!/usr/bin/env python3
"""A stand-in Xiangqi engine for the match runner's fault tests (tests/match_faults.rs).

It speaks UCI, and UCCI when told `ucci`. It plays a legal move, the first that qipu's own
referee protocol lists (`qipu referee`, the binary named by QIPU_BIN), until its fault is
due: `standin.py FAULT N` misbehaves at its N-th `go` (1 by default):

  good      never misbehaves
  crash     exits with status 3 (what a segfault looks like to the runner: its output closes)
  hang      says nothing more, for ever
  illegal   plays a move the rules refuse (its own piece's square to itself, a1a1 style)
  garbage   answers `bestmove ???` and prints a line of noise
  slow      sleeps 5 s before answering (a loss on time under st=0.2)
  none      answers `bestmove (none)` (claims it has no move)
"""
import os
import subprocess
import sys
import time

fault = sys.argv[1] if len(sys.argv) > 1 else "good"
when = int(sys.argv[2]) if len(sys.argv) > 2 else 1
qipu = subprocess.Popen([os.environ["QIPU_BIN"], "referee"], stdin=subprocess.PIPE,
                        stdout=subprocess.PIPE, text=True, bufsize=1)
ucci = False
position = "position startpos"
goes = 0


def ask(line):
    qipu.stdin.write(line + "\n")
    qipu.stdin.flush()
    return qipu.stdout.readline().strip()


def to_iccs(move):
    """UCI squares (ranks 1-10) to ICCS (0-9)."""
    if ucci:
        return move
    out, i = "", 0
    while i < len(move):
        f = move[i]
        j = i + 1
        while j < len(move) and move[j].isdigit():
            j += 1
        out += f + str(int(move[i + 1:j]) - 1)
        i = j
    return out


def from_iccs(move):
    if ucci:
        return move
    return move[0] + str(int(move[1]) + 1) + move[2] + str(int(move[3]) + 1)


def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


for raw in sys.stdin:
    line = raw.strip()
    if line == "uci":
        say("id name standin-" + fault)
        say("uciok")
    elif line == "ucci":
        ucci = True
        say("id name standin-" + fault)
        say("ucciok")
    elif line == "isready":
        say("readyok")
    elif line.startswith("position"):
        words = line.split()
        if "moves" in words:
            k = words.index("moves")
            head, moves = words[:k], words[k + 1:]
        else:
            head, moves = words, []
        position = " ".join(head)
        if moves:
            position += " moves " + " ".join(to_iccs(m) for m in moves)
    elif line.startswith("go"):
        goes += 1
        due = goes >= when
        if due and fault == "crash":
            sys.exit(3)
        if due and fault == "hang":
            while True:
                time.sleep(60)
        if due and fault == "garbage":
            say("\x07 this is not a protocol line")
            say("bestmove ???")
            continue
        if due and fault == "none":
            say("bestmove (none)")
            continue
        if due and fault == "slow":
            time.sleep(5)
        ask(position)
        legal = ask("legal").split()[1:]
        if due and fault == "illegal":
            # A move from a square to itself: never legal.
            sq = legal[0][:2]
            say("bestmove " + from_iccs(sq + sq))
            continue
        say("bestmove " + (from_iccs(legal[0]) if legal else "(none)"))
    elif line == "quit":
        break
