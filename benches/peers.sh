#!/usr/bin/env bash
# qipu's perft against the engines that are known for it, built on this machine, in one run:
#
#   PIKAFISH_SRC=/path/to/Pikafish EDAX_SRC=/path/to/edax-reversi benches/peers.sh
#
# Downloads nothing. It builds, from source trees you give it (see docs/performance.md for
# where to get them):
#   * Pikafish (Xiangqi), `make build ARCH=x86-64-bmi2` (PIKAFISH_ARCH=...). Its Makefile
#     fetches the NNUE net before building; an empty net file stops that, and the copy built
#     here skips the net check in `Engine::perft` (perft never evaluates a position). The
#     source tree itself is not touched: it is copied first.
#   * Edax (Othello), `make build ARCH=x86-64-v4` on a CPU with AVX-512, x86-64-v3 otherwise
#     (EDAX_ARCH=...). Edax will not start without data/eval.dat: the copy gets one with a
#     valid header and zero weights (enough for perft, which never evaluates).
# and takes Fairy-Stockfish from the Debian package (installed with apt-get when missing and
# the script runs as root; otherwise that peer is left out). A peer whose source is not given
# is left out too.
#
# Then benches/peers_time.py times them against qipu: same position (the start), same depth,
# one thread each, ROUNDS alternating rounds (default 3), the best of each kept, CPU and wall
# time of the computation only, ratios and the load average printed.
#   XQ_DEPTHS=5,6  OTH_DEPTHS=11,12  FSF_DEPTHS=5 (its perft 6 takes minutes)  FSF_ROUNDS=1
# The builds are kept in PEERS_DIR (default ${TMPDIR:-/tmp}/qipu-peers) for the next run.
set -euo pipefail

cd "$(dirname "$0")/.."
ROUNDS="${ROUNDS:-3}"
PEERS_DIR="${PEERS_DIR:-${TMPDIR:-/tmp}/qipu-peers}"
mkdir -p "$PEERS_DIR"
say() { printf '%s\n' "$*" >&2; }
JOBS="$(nproc)"

# --- Pikafish ------------------------------------------------------------------------------
PIKAFISH=""
if [ -n "${PIKAFISH_SRC:-}" ]; then
    ARCH="${PIKAFISH_ARCH:-x86-64-bmi2}"
    B="$PEERS_DIR/pikafish-$ARCH"
    if [ ! -x "$B/src/pikafish" ]; then
        say "building Pikafish ($ARCH) from $PIKAFISH_SRC in $B"
        rm -rf "$B" && mkdir -p "$B"
        (cd "$PIKAFISH_SRC" && tar --exclude=.git -cf - .) | tar -xf - -C "$B"
        : > "$B/src/pikafish.nnue"
        python3 - "$B/src/engine.cpp" <<'EOF'
import re, sys
p = sys.argv[1]
s = open(p).read()
t, n = re.subn(r"(Engine::perft\([^)]*\)\s*\{)\s*verify_network\(\);", r"\1", s, count=1)
if n != 1:
    sys.exit("Engine::perft does not start with verify_network(); this Pikafish is not known here")
open(p, "w").write(t)
EOF
        (cd "$B/src" && nice -n 10 make -j"$JOBS" build ARCH="$ARCH" >"$B/build.log" 2>&1) \
            || { say "Pikafish did not build (see $B/build.log)"; exit 2; }
    fi
    PIKAFISH="$B/src/pikafish"
else
    say "PIKAFISH_SRC not set: Pikafish left out"
fi

# --- Edax ----------------------------------------------------------------------------------
EDAX=""
EDAX_DIR=""
if [ -n "${EDAX_SRC:-}" ]; then
    if [ -z "${EDAX_ARCH:-}" ]; then
        if grep -qw avx512f /proc/cpuinfo; then EDAX_ARCH=x86-64-v4; else EDAX_ARCH=x86-64-v3; fi
    fi
    B="$PEERS_DIR/edax-$EDAX_ARCH"
    if [ ! -x "$B/bin/lEdax-$EDAX_ARCH" ]; then
        say "building Edax ($EDAX_ARCH) from $EDAX_SRC in $B"
        rm -rf "$B" && mkdir -p "$B"
        (cd "$EDAX_SRC" && tar --exclude=.git -cf - .) | tar -xf - -C "$B"
        mkdir -p "$B/bin" "$B/data"
        (cd "$B/src" && nice -n 10 make build CC=gcc ARCH="$EDAX_ARCH" >"$B/build.log" 2>&1) \
            || { say "Edax did not build (see $B/build.log)"; exit 2; }
        # eval.dat: "EDAX" "EVAL" version release build (int32) date (double), then 61 plies
        # of 114,364 int16 weights, all zero.
        python3 - "$B/data/eval.dat" <<'EOF'
import struct, sys
with open(sys.argv[1], "wb") as f:
    f.write(struct.pack("<IIIIId", 0x45444158, 0x4556414C, 4, 6, 0, 0.0))
    f.write(bytes(61 * 114364 * 2))
EOF
    fi
    EDAX="$B/bin/lEdax-$EDAX_ARCH"
    EDAX_DIR="$B"
else
    say "EDAX_SRC not set: Edax left out"
fi

# --- Fairy-Stockfish (Debian package) ----------------------------------------------------------
FSF="$(command -v fairy-stockfish || true)"
[ -z "$FSF" ] && [ -x /usr/games/fairy-stockfish ] && FSF=/usr/games/fairy-stockfish
if [ -z "$FSF" ] && [ "$(id -u)" -eq 0 ]; then
    say "installing fairy-stockfish (apt)"
    { apt-get install -y fairy-stockfish || { apt-get update && apt-get install -y fairy-stockfish; }; } >/dev/null 2>&1 || true
    [ -x /usr/games/fairy-stockfish ] && FSF=/usr/games/fairy-stockfish
fi
[ -z "$FSF" ] && say "fairy-stockfish not installed: left out"

say "building qipu (release)"
nice -n 10 cargo build --release --quiet
QIPU="$PWD/target/release/qipu"

echo "qipu $("$QIPU" --version | awk '{print $2}') perft vs peers — $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "load average at the start: $(cut -d' ' -f1-3 /proc/loadavg)"
[ -n "$PIKAFISH" ] && echo "Pikafish: ${PIKAFISH_ARCH:-x86-64-bmi2} build of $(cd "$PIKAFISH_SRC" && git log -1 --format='%h %cs' 2>/dev/null || echo 'the given tree')"
[ -n "$EDAX" ] && echo "Edax: $EDAX_ARCH build of $(cd "$EDAX_SRC" && git log -1 --format='%h %cs' 2>/dev/null || echo 'the given tree')"
[ -n "$FSF" ] && echo "Fairy-Stockfish: $(dpkg-query -W -f='${Package} ${Version}' fairy-stockfish 2>/dev/null || echo "$FSF")"
python3 benches/peers_time.py "$ROUNDS" "$QIPU" \
    ${PIKAFISH:+pikafish="$PIKAFISH"} ${FSF:+fsf="$FSF"} \
    ${EDAX:+edax="$EDAX"} ${EDAX_DIR:+edax_dir="$EDAX_DIR"} \
    xq_depths="${XQ_DEPTHS:-5,6}" oth_depths="${OTH_DEPTHS:-11,12}" \
    fsf_depths="${FSF_DEPTHS:-5}" fsf_rounds="${FSF_ROUNDS:-1}"
echo "qipu faster = peer's time / qipu's time (best round of each). Edax counts a game that ends"
echo "before the last ply as no leaf (qipu: one leaf), hence its smaller counts from depth 11 on."
