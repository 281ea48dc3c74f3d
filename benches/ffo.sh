#!/usr/bin/env bash
# FFO endgame test positions (default #40-#49), one thread, solved by qipu and by Edax, side by
# side: time and nodes per position.
#
#   EDAX=/path/to/lEdax-x86-64-v4 benches/ffo.sh          # FIRST=40 LAST=49 by default
#
# Builds nothing of Edax: EDAX is a binary you built (benches/peers.sh builds one from a source
# tree you give it, in ${TMPDIR:-/tmp}/qipu-peers, with a zero-weight data/eval.dat beside it).
# Edax orders its deep endgame moves with its evaluation weights; with zero weights it
# searches a larger tree than with its real ones (which are not distributed with the source),
# so this handicaps it. Edax runs at level 60 (-l 60): at its default level (21) it solves
# exactly only up to 24 empties and runs a selective (probcut) search from 25 — depth "25@98%",
# not a solve. Without EDAX, qipu alone is timed. OUT=dir keeps both raw outputs.
# Positions: tests/fixtures/ffo-40-59.obf (line k of the positions = FFO #(39 + k)).
set -euo pipefail
cd "$(dirname "$0")/.."
FIRST="${FIRST:-40}"
LAST="${LAST:-49}"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
grep -v '^%' tests/fixtures/ffo-40-59.obf | sed -n "$((FIRST - 39)),$((LAST - 39))p" > "$TMP/ffo.obf"

nice -n 10 cargo build --release --quiet
QIPU="${CARGO_TARGET_DIR:-$PWD/target}/release/qipu"
echo "FFO #$FIRST-#$LAST, one thread — $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "load average at the start: $(cut -d' ' -f1-3 /proc/loadavg)"
"$QIPU" solve -j 1 --first-best --json -q "$TMP/ffo.obf" > "$TMP/qipu.json"
if [ -n "${EDAX:-}" ]; then
    (cd "$(dirname "$(dirname "$EDAX")")" && "$EDAX" -n 1 -l 60 -solve "$TMP/ffo.obf") > "$TMP/edax.txt" 2>&1
else
    : > "$TMP/edax.txt"
fi
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
if [ -n "${OUT:-}" ]; then mkdir -p "$OUT" && cp "$TMP/qipu.json" "$TMP/edax.txt" "$OUT/"; fi
python3 - "$FIRST" "$TMP/qipu.json" "$TMP/edax.txt" <<'PY'
import json, re, sys
first = int(sys.argv[1])
qipu = [json.loads(l) for l in open(sys.argv[2])]
edax = {}
for line in open(sys.argv[3]):
    # "  8|   25   +04   0:28.399  487699524 ..." — a depth "25@98%" would be a selective
    # (probcut) search, not a solve: reported, not counted.
    m = re.match(r"\s*(\d+)\|\s*(\d+)(@\d+%)?\s+[<>? ]?([+-]\d+)\s+(?:(\d+):)?(\d+):(\d+\.\d+)\s+(\d+)", line)
    if m:
        if m[3]:
            sys.exit(f"Edax did not solve #{first + int(m[1]) - 1} exactly (depth {m[2]}{m[3]}): {line.strip()}")
        t = int(m[5] or 0) * 3600 + int(m[6]) * 60 + float(m[7])
        edax[int(m[1])] = (int(m[4]), t, int(m[8]))
print(f"{'FFO':>4} {'empties':>7} {'score':>5} | {'qipu s':>8} {'qipu nodes':>12} | {'Edax s':>8} {'Edax nodes':>12} {'score':>5} | {'Edax/qipu':>9}")
tq = te = nq = ne = 0
for i, r in enumerate(qipu, 1):
    s, t, n = r.get("score"), r["time_ms"] / 1e3, r["nodes"]
    tq += t; nq += n
    e = edax.get(i)
    if e:
        te += e[1]; ne += e[2]
        print(f"#{first + i - 1:>3} {r['empties']:>7} {s:>+5} | {t:>8.3f} {n:>12} | {e[1]:>8.3f} {e[2]:>12} {e[0]:>+5} | {e[1] / max(t, 1e-9):>9.2f}")
    else:
        print(f"#{first + i - 1:>3} {r['empties']:>7} {s:>+5} | {t:>8.3f} {n:>12} |")
print(f"total        | {tq:>8.3f} {nq:>12} | {te:>8.3f} {ne:>12}       | {te / max(tq, 1e-9):>9.2f}")
PY
