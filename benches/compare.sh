#!/usr/bin/env bash
# qipu side by side with its peers, on the same inputs, in the same run:
#
#   benches/compare.sh            (from the repository root; the corpus at ../shared/corpus
#                                  or QIPU_CORPUS=/path/to/corpus)
#
# Installs what is missing from the package registries (apt: fairy-stockfish; pip: pyffish),
# builds qipu in release mode, runs every measurement a few times keeping the best (the two
# sides of a ratio in alternating rounds), and prints one table of ratios with the load
# average. Timings are wall-clock on whatever machine runs it; nothing is asserted. When
# PIKAFISH_SRC or EDAX_SRC is set, benches/peers.sh (perft against Pikafish, Edax and
# Fairy-Stockfish, built from source) runs after it and prints its own table.
set -euo pipefail

cd "$(dirname "$0")/.."
CORPUS="${QIPU_CORPUS:-$PWD/../shared/corpus}"
ROUNDS="${ROUNDS:-3}"
# pyffish replays this many of the CCPD games (0 = all 11,733, about 25 s on one core), in
# PY_JOBS processes (0 = one per core, as qipu uses every core).
PY_SAMPLE="${PY_SAMPLE:-0}"
PY_JOBS="${PY_JOBS:-0}"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/qipu-compare.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT

say() { printf '%s\n' "$*" >&2; }

# --- peers -------------------------------------------------------------------------------
FSF="$(command -v fairy-stockfish || true)"
[ -z "$FSF" ] && [ -x /usr/games/fairy-stockfish ] && FSF=/usr/games/fairy-stockfish
if [ -z "$FSF" ]; then
    say "installing fairy-stockfish (apt)"
    SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    $SUDO apt-get install -y fairy-stockfish >/dev/null 2>&1 \
        || { $SUDO apt-get update >/dev/null 2>&1 && $SUDO apt-get install -y fairy-stockfish >/dev/null; }
    FSF="$(command -v fairy-stockfish || echo /usr/games/fairy-stockfish)"
fi
PY="${PYTHON:-python3}"
if ! "$PY" -c 'import pyffish' 2>/dev/null; then
    say "installing pyffish (pip)"
    "$PY" -m pip install --quiet pyffish
fi

LOAD_START="$(cut -d' ' -f1-3 /proc/loadavg)"
say "building qipu (release)"
cargo build --release --quiet
QIPU="$PWD/target/release/qipu"

# --- timing helpers ----------------------------------------------------------------------
secs() { "$@" >/dev/null 2>&1 || true; }
# wall CMD...: the wall-clock seconds of one run.
wall() {
    local s e
    s=$(date +%s.%N)
    secs "$@"
    e=$(date +%s.%N)
    echo "$e - $s" | bc -l
}
lower() { if [ -z "$1" ] || [ "$(echo "$2 < $1" | bc -l)" = 1 ]; then echo "$2"; else echo "$1"; fi; }
# best_of CMD...: runs the command ROUNDS times, prints the best wall-clock seconds.
best_of() {
    local best="" t
    for _ in $(seq "$ROUNDS"); do
        t=$(wall "$@")
        best=$(lower "$best" "$t")
    done
    printf '%.3f' "$best"
}
# best_pair "CMD A" "CMD B": ROUNDS alternating rounds (A B, B A, ...); prints "bestA bestB".
best_pair() {
    local a="" b="" r
    for r in $(seq "$ROUNDS"); do
        if [ $((r % 2)) = 1 ]; then
            a=$(lower "$a" "$(wall bash -c "$1")"); b=$(lower "$b" "$(wall bash -c "$2")")
        else
            b=$(lower "$b" "$(wall bash -c "$2")"); a=$(lower "$a" "$(wall bash -c "$1")")
        fi
    done
    printf '%.3f %.3f\n' "$a" "$b"
}

fsf_perft() {
    printf 'setoption name UCI_Variant value xiangqi\nposition startpos\ngo perft %s\nquit\n' "$1" \
        | "$FSF" | grep -iE 'nodes' | tail -1
}

ROWS=()
row() { ROWS+=("$(printf '%-44s %10s %10s %10s %8s' "$@")"); }

# --- Xiangqi perft 5, one thread -----------------------------------------------------------
say "xiangqi perft 5"
Q_PERFT=$("$QIPU" perft xiangqi 5 | tail -1)
F_PERFT=$(fsf_perft 5 | grep -oE '[0-9]+' | tail -1 || true)
[ "$Q_PERFT" = "133312995" ] || say "warning: qipu perft 5 = $Q_PERFT"
[ "$F_PERFT" = "133312995" ] || say "warning: fairy-stockfish perft 5 = $F_PERFT"
read -r T_Q T_F < <(best_pair "'$QIPU' perft xiangqi 5" "$(declare -f fsf_perft); FSF='$FSF' fsf_perft 5")
row "xiangqi perft 5 (133,312,995 leaves, 1 thread)" "${T_Q}s" "${T_F}s" "$(echo "$T_F / $T_Q" | bc -l | xargs printf '%.1fx')" "Fairy-SF"

# --- Othello perft 11, one thread (Edax: benches/peers.sh) ----------------------------------
say "othello perft 11"
T_O=$(best_of "$QIPU" perft othello 11)
row "othello perft 11 (212,258,800 leaves, 1 thread)" "${T_O}s" "-" "-" "Edax**"

# --- CCPD: qipu on the Big5 Chinese-notation files, pyffish on the same games in UCI -------
CCPD="$CORPUS/xiangqi/ccpd"
if [ -d "$CCPD" ]; then
    say "CCPD: converting to UCCI move lists for pyffish"
    "$QIPU" convert -q --to ucci --out-dir "$WORK/ucci" "$CCPD" >/dev/null 2>&1 || true
    cat > "$WORK/replay.py" <<'EOF'
# Replays every game of the UCCI files with pyffish, one call per game:
#   pyffish.get_san_moves("xiangqi", start_fen, moves)
# pyffish turns each UCI move into a move with UCI::to_move, which searches the list of
# LEGAL moves of the position reached so far (own general not left in check, generals not
# facing) and raises ValueError at the first move not in it. So every move of every game is
# checked for legality, exactly as with legal_moves + get_fen per ply, but with one call per
# game instead of two per ply: each pyffish call costs about 2 ms whatever it does, because it
# re-initialises the variant's piece tables (UCI::init_variant) before setting up the position.
# Not checked (qipu validate does not check them either): repetition rules, the result.
# Games are shared out over JOBS processes (default: all cores, as qipu uses them). The timer
# covers the replay only (process start included), not reading the files.
import sys, os, time, multiprocessing as mp
import pyffish as sf

def load(top):
    games = []
    for root, dirs, names in os.walk(top):
        dirs.sort()
        for n in sorted(names):
            for line in open(os.path.join(root, n), encoding="utf-8"):
                w = line.split()
                if not w or w[0] != "position":
                    continue
                if w[1] == "startpos":
                    fen, rest = sf.start_fen("xiangqi"), w[2:]
                else:
                    i = w.index("moves") if "moves" in w else len(w)
                    fen, rest = " ".join(w[2:i]), w[i:]
                moves = rest[1:] if rest and rest[0] == "moves" else []
                # ICCS ranks are 0-9, Fairy-Stockfish's UCI ranks 1-10.
                uci = [m[0] + str(int(m[1]) + 1) + m[2] + str(int(m[3]) + 1) for m in moves]
                games.append((fen, uci))
    return games

def replay(chunk):
    valid = 0
    for fen, moves in chunk:
        try:
            sf.get_san_moves("xiangqi", fen, moves)
            valid += 1
        except ValueError:
            pass
    return valid

if __name__ == "__main__":
    games = load(sys.argv[1])
    n = int(sys.argv[2]) if len(sys.argv) > 2 and int(sys.argv[2]) > 0 else len(games)
    jobs = int(sys.argv[3]) if len(sys.argv) > 3 and int(sys.argv[3]) > 0 else os.cpu_count()
    games = games[:n]
    chunks = [games[i : i + 200] for i in range(0, len(games), 200)]
    t = time.time()
    if jobs == 1:
        valid = sum(map(replay, chunks))
    else:
        with mp.get_context("fork").Pool(jobs) as pool:
            valid = sum(pool.imap_unordered(replay, chunks))
    dt = time.time() - t
    print(f"{len(games)} {valid} {dt:.3f}")
EOF
    say "CCPD: pyffish replay"
    read -r PY_GAMES PY_VALID PY_T < <("$PY" "$WORK/replay.py" "$WORK/ucci" "$PY_SAMPLE" "$PY_JOBS")
    NGAMES=$({ "$QIPU" validate -q --json "$CCPD" 2>/dev/null || true; } | wc -l)
    T_QC=$(best_of "$QIPU" validate -q --json "$CCPD")
    T_QU=$(best_of "$QIPU" validate -q --json "$WORK/ucci")
    NUCCI=$({ "$QIPU" validate -q --json "$WORK/ucci" 2>/dev/null || true; } | wc -l)
    R_QC=$(echo "$NGAMES / $T_QC" | bc -l)
    R_QU=$(echo "$NUCCI / $T_QU" | bc -l)
    R_PY=$(echo "$PY_GAMES / $PY_T" | bc -l)
    [ "$PY_VALID" = "$PY_GAMES" ] || say "warning: pyffish found $PY_VALID of $PY_GAMES games valid"
    row "CCPD validate, Big5 Chinese PGN (games/s)" "$(printf '%.0f' "$R_QC")" "$(printf '%.0f' "$R_PY")" "$(echo "$R_QC / $R_PY" | bc -l | xargs printf '%.0fx')" "pyffish"
    row "CCPD validate, same games as UCCI (games/s)" "$(printf '%.0f' "$R_QU")" "$(printf '%.0f' "$R_PY")" "$(echo "$R_QU / $R_PY" | bc -l | xargs printf '%.0fx')" "pyffish"
    read -r T_QA T_QV < <(best_pair "'$QIPU' adjudicate -q --json '$CCPD'" "'$QIPU' validate -q --json '$CCPD'")
    row "CCPD adjudicate / validate (time ratio)" "${T_QA}s" "${T_QV}s" "$(echo "$T_QA / $T_QV" | bc -l | xargs printf '%.2fx')" "qipu"
fi

# --- WTHOR ------------------------------------------------------------------------------------
WTHOR="$CORPUS/othello/wthor"
if [ -d "$WTHOR" ]; then
    say "WTHOR"
    NW=$({ "$QIPU" validate -q --json "$WTHOR" 2>/dev/null || true; } | wc -l)
    read -r T_WA T_W < <(best_pair "'$QIPU' adjudicate -q --json '$WTHOR'" "'$QIPU' validate -q --json '$WTHOR'")
    row "WTHOR validate, end to end (games/s)" "$(printf '%.0f' "$(echo "$NW / $T_W" | bc -l)")" "-" "-" "-"
    row "WTHOR adjudicate / validate (time ratio)" "${T_WA}s" "${T_W}s" "$(echo "$T_WA / $T_W" | bc -l | xargs printf '%.2fx')" "qipu"
    # Replay with the file in memory (benches/throughput.rs, all cores), against the target.
    BENCH=$(QIPU_BENCH=wthor QIPU_CORPUS="$CORPUS" cargo bench --quiet --bench throughput 2>/dev/null || true)
    for what in "replay (records in memory)" "read + replay (bytes in memory)"; do
        LINE=$(printf '%s\n' "$BENCH" | grep -F "wthor $what" || true)
        R=$(printf '%s\n' "$LINE" | awk '{for (i = 2; i <= NF; i++) if ($i == "games/s") print $(i-1)}')
        C=$(printf '%s\n' "$LINE" | awk '{for (i = 2; i <= NF; i++) if ($i == "games/cpu-s") print $(i-1)}')
        [ -n "$R" ] && row "WTHOR $what (games/s)" "$R" "1000000" "$(echo "$R / 1000000" | bc -l | xargs printf '%.2fx')" "target"
        if [ -n "$C" ] && [ "$C" != 0 ]; then
            CC=$(echo "$C * $(nproc)" | bc -l | xargs printf '%.0f')
            row "  the same, games/CPU-s x $(nproc) cores" "$CC" "1000000" "$(echo "$CC / 1000000" | bc -l | xargs printf '%.2fx')" "target"
        fi
    done
fi

# --- the table ------------------------------------------------------------------------------
echo
echo "qipu $("$QIPU" --version | awk '{print $2}') vs peers — $(date -u +%Y-%m-%d), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "load average at the start: $LOAD_START; at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
printf '%-44s %10s %10s %10s %8s\n' "measurement" "qipu" "peer" "ratio" "peer is"
printf '%s\n' "${ROWS[@]}"
echo
echo "ratio = how many times faster qipu is (peer time / qipu time, or qipu rate / peer rate);"
echo "for the adjudicate rows, adjudicate time / validate time (alternating rounds). ** Edax"
echo "is not packaged: benches/peers.sh builds it from source and times it against qipu."
echo "The WTHOR in-memory rows compare with the issue's target of 1,000,000 games/s; the"
echo "games/CPU-s rows are the games per CPU-second of every thread times the cores: an"
echo "estimate of what free cores would do (sharing them slows each CPU-second too)."

if [ -n "${PIKAFISH_SRC:-}${EDAX_SRC:-}" ]; then
    echo
    benches/peers.sh
fi
