#!/usr/bin/env python3
"""Times qipu's perft against Pikafish, Fairy-Stockfish and Edax in one run (benches/peers.sh
builds the peers and calls this). Every engine gets the same position (the start), the same
depth and one thread; the rounds alternate the engines (A B C, then C B A, ...) so that a
change of load on a shared machine hits them alike, and the best round of each is kept.

What is timed is the computation only:
  * qipu: one `qipu perft GAME DEPTH` process (its start, a few milliseconds, is included);
  * Pikafish / Fairy-Stockfish: one UCI process per round, warmed up with `go perft 1`, then
    `go perft DEPTH`, from sending the command to reading its `Nodes searched` line;
  * Edax: its perft command counts every depth from 1 up, so depth D alone is
    `perft D` minus `perft D-1`, both run in the same warmed-up process.
Both the CPU time (every thread of the process, from /proc/PID/task/*/schedstat, in
nanoseconds: it holds under load) and the wall-clock time are measured; the ratios of CPU
time are the ones to read on a loaded machine.

Usage: peers_time.py ROUNDS QIPU [pikafish=PATH] [fsf=PATH] [edax=PATH] [edax_dir=DIR]
       [xq_depths=5,6] [oth_depths=11,12] [fsf_depths=5] [fsf_rounds=N]
"""

import os
import subprocess
import sys
import time


def cpu_ns(pid):
    """CPU time of every thread of a process, in nanoseconds."""
    total = 0
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{tid}/schedstat") as f:
                total += int(f.read().split()[0])
        except (OSError, ValueError, IndexError):
            pass
    return total


class Session:
    """An engine process spoken to line by line."""

    def __init__(self, argv, cwd=None):
        self.p = subprocess.Popen(
            argv,
            cwd=cwd,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            bufsize=1,
        )

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, pred):
        """Reads lines until pred(line) is true; returns that line."""
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("engine closed its output")
            if pred(line):
                return line

    def timed(self, line, pred):
        """(cpu seconds, wall seconds, the line that ended it)."""
        c0, w0 = cpu_ns(self.p.pid), time.perf_counter()
        self.send(line)
        end = self.until(pred)
        w1, c1 = time.perf_counter(), cpu_ns(self.p.pid)
        return (c1 - c0) / 1e9, w1 - w0, end

    def close(self, quit_cmd="quit"):
        try:
            self.send(quit_cmd)
            self.p.stdin.close()
            self.p.wait(timeout=20)
        except Exception:
            self.p.kill()
            self.p.wait()


def qipu_perft(qipu, game, depth):
    w0 = time.perf_counter()
    p = subprocess.Popen([qipu, "perft", game, str(depth)], stdout=subprocess.PIPE, text=True)
    out = p.stdout.read()
    _, status, ru = os.wait4(p.pid, 0)
    w1 = time.perf_counter()
    if status != 0:
        raise RuntimeError(f"qipu perft {game} {depth} failed")
    return ru.ru_utime + ru.ru_stime, w1 - w0, int(out.split()[-1])


def uci_perft(path, depth, variant=None):
    s = Session([path])
    try:
        if variant:
            s.send(f"setoption name UCI_Variant value {variant}")
        s.send("position startpos")
        s.timed("go perft 1", lambda l: l.startswith("Nodes searched"))
        cpu, wall, line = s.timed(f"go perft {depth}", lambda l: l.startswith("Nodes searched"))
        return cpu, wall, int(line.split(":")[1])
    finally:
        s.close()


def edax_perft(path, cwd, depth):
    s = Session([path], cwd=cwd)
    try:
        total = lambda l: l.startswith("Total")
        s.timed("perft 1", total)
        lo_cpu, lo_wall, _ = s.timed(f"perft {depth - 1}", total)
        # The row of depth D is printed before "Total": keep it for the count.
        rows = []

        def row_or_total(l):
            if l.strip().startswith(f"{depth},"):
                rows.append(l)
            return l.startswith("Total")

        cpu, wall, _ = s.timed(f"perft {depth}", row_or_total)
        count = int(rows[0].split(",")[1]) if rows else -1
        return cpu - lo_cpu, wall - lo_wall, count
    finally:
        s.close("q")


def main():
    rounds = int(sys.argv[1])
    qipu = sys.argv[2]
    opt = dict(a.split("=", 1) for a in sys.argv[3:])
    xq_depths = [int(d) for d in opt.get("xq_depths", "5,6").split(",") if d]
    oth_depths = [int(d) for d in opt.get("oth_depths", "11,12").split(",") if d]
    fsf_depths = {int(d) for d in opt.get("fsf_depths", "5").split(",") if d}
    fsf_rounds = int(opt.get("fsf_rounds", "1"))

    cases = []  # (title, known count, [(name, thunk, rounds)])
    for d in xq_depths:
        runs = [("qipu", lambda d=d: qipu_perft(qipu, "xiangqi", d), rounds)]
        if opt.get("pikafish"):
            runs.append(("Pikafish", lambda d=d: uci_perft(opt["pikafish"], d), rounds))
        if opt.get("fsf") and d in fsf_depths:
            runs.append(
                ("Fairy-SF", lambda d=d: uci_perft(opt["fsf"], d, "xiangqi"), min(rounds, fsf_rounds))
            )
        cases.append((f"xiangqi perft {d}", runs))
    for d in oth_depths:
        runs = [("qipu", lambda d=d: qipu_perft(qipu, "othello", d), rounds)]
        if opt.get("edax"):
            runs.append(("Edax", lambda d=d: edax_perft(opt["edax"], opt["edax_dir"], d), rounds))
        cases.append((f"othello perft {d}", runs))

    print(f"# {rounds} alternating rounds, best kept; CPU and wall seconds of the computation")
    results = []
    for title, runs in cases:
        best = {}
        counts = {}
        for r in range(max(n for _, _, n in runs)):
            order = runs if r % 2 == 0 else list(reversed(runs))
            for name, thunk, n in order:
                if r >= n:
                    continue
                cpu, wall, count = thunk()
                counts[name] = count
                b = best.get(name)
                best[name] = (min(cpu, b[0]), min(wall, b[1])) if b else (cpu, wall)
                print(f"#   {title:<18} round {r + 1}: {name:<9} cpu {cpu:8.3f} s  wall {wall:8.3f} s  ({count} leaves)", flush=True)
        results.append((title, best, counts))

    load = open("/proc/loadavg").read().split()[:3]
    print()
    print(f"load average at the end: {' '.join(load)}")
    print(f"{'measurement':<20} {'engine':<10} {'leaves':>14} {'cpu s':>8} {'wall s':>8} {'qipu faster (cpu)':>18} {'(wall)':>7}")
    for title, best, counts in results:
        q = best["qipu"]
        for name, (cpu, wall) in best.items():
            ratio = "" if name == "qipu" else f"{cpu / q[0]:.2f}x"
            wratio = "" if name == "qipu" else f"{wall / q[1]:.2f}x"
            print(f"{title:<20} {name:<10} {counts[name]:>14,} {cpu:8.3f} {wall:8.3f} {ratio:>18} {wratio:>7}")


if __name__ == "__main__":
    main()
