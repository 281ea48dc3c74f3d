#!/usr/bin/env python3
"""Latency of the referee protocol: every game of a Xiangqi corpus pushed move by move through
one `qipu referee` process, each reply awaited before the next move is sent (as a game server
does). Prints the median, 99th percentile and worst time from a move written to its reply
read, over all moves, and the games and moves pushed.

    python3 benches/referee_latency.py [CORPUS_DIR] [QIPU_BINARY]

The moves are taken in ICCS from `qipu convert --to ucci` (one `position … moves …` line a
game); games that do not replay are left out.
"""
import subprocess
import sys
import time

corpus = sys.argv[1] if len(sys.argv) > 1 else "../shared/corpus/xiangqi/ccpd"
qipu = sys.argv[2] if len(sys.argv) > 2 else "target/release/qipu"

lines = subprocess.run([qipu, "convert", "--to", "ucci", corpus, "-o", "-"],
                       capture_output=True, text=True).stdout.splitlines()
ref = subprocess.Popen([qipu, "referee"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                       text=True, bufsize=1)


def ask(line):
    t = time.perf_counter()
    ref.stdin.write(line + "\n")
    ref.stdin.flush()
    reply = ref.stdout.readline()
    return time.perf_counter() - t, reply


times, games = [], 0
for line in lines:
    if not line.startswith("position"):
        continue
    head, _, moves = line.partition(" moves ")
    ask(head)
    games += 1
    for m in moves.split():
        dt, reply = ask("move " + m)
        times.append(dt)
        if not reply.startswith("ok"):
            break
ref.stdin.close()
ref.wait()
times.sort()
n = len(times)
print(f"{games} games, {n} moves pushed and judged")
print(f"median {times[n // 2] * 1e6:.0f} us, p99 {times[int(n * 0.99)] * 1e6:.0f} us, "
      f"worst {times[-1] * 1e3:.2f} ms, total {sum(times):.1f} s")
