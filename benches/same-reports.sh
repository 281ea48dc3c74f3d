#!/usr/bin/env bash
# Proves that a change for speed changed no output: runs validate and adjudicate (--json and
# the table report) on the whole WTHOR and CCPD corpora, and perft --divide of each game,
# with a base qipu binary and with this tree's release binary, and compares them byte for byte.
#
#   benches/same-reports.sh [BASE_QIPU]
#
# BASE_QIPU is the binary to compare with, built from the commit to compare with (a checkout
# whose work tree has changes is no base); without it the script builds the `main` branch
# (BASE_REF=... for another commit) in a worktree at BASE_DIR (default: a temporary one;
# give a BASE_DIR to keep its build for the next run). The corpus is looked for at
# ../shared/corpus (QIPU_CORPUS=... otherwise). stdout and the exit code are compared; the
# time and games/s of the summary line are blanked first.
set -euo pipefail

cd "$(dirname "$0")/.."
CORPUS="${QIPU_CORPUS:-$PWD/../shared/corpus}"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/qipu-same.XXXXXX")"
cleanup() {
    if [ -n "${BASE_TREE:-}" ]; then git worktree remove --force "$BASE_TREE" >/dev/null 2>&1 || true; fi
    rm -rf "$WORK"
}
trap cleanup EXIT

BASE="${1:-}"
if [ -z "$BASE" ]; then
    if [ -n "${BASE_DIR:-}" ]; then
        [ -d "$BASE_DIR" ] || git worktree add --detach "$BASE_DIR" "${BASE_REF:-main}" >/dev/null
        git -C "$BASE_DIR" checkout --quiet --detach "${BASE_REF:-main}"
        TREE="$BASE_DIR"
    else
        BASE_TREE="$WORK/base"
        git worktree add --detach "$BASE_TREE" "${BASE_REF:-main}" >/dev/null
        TREE="$BASE_TREE"
    fi
    echo "building ${BASE_REF:-main} (release) in $TREE" >&2
    (cd "$TREE" && nice -n 10 cargo build --release --quiet)
    BASE="$TREE/target/release/qipu"
fi
nice -n 10 cargo build --release --quiet
NEW="$PWD/target/release/qipu"

runs=()
for dir in "$CORPUS/othello/wthor" "$CORPUS/xiangqi/ccpd"; do
    [ -d "$dir" ] || { echo "missing $dir: skipped" >&2; continue; }
    for cmd in validate adjudicate; do
        runs+=("$cmd -q --json $dir")
        runs+=("$cmd -q $dir")
    done
done
runs+=("perft xiangqi 4 --divide" "perft othello 9 --divide" "perft junqi 3 --divide")
runs+=("perft xiangqi 5" "perft othello 11")

# "...; 0.68 s, 88622 games/s" at the end of the summary line, or on a line of its own where
# the summary is wrapped to the report's width.
UNTIMED='s/(; |^ *)[0-9.]+ s, [0-9]+ games\/s$/\1(time)/'
fail=0
for i in "${!runs[@]}"; do
    read -r -a args <<< "${runs[$i]}"
    set +e
    "$BASE" "${args[@]}" 2>/dev/null | sed -E "$UNTIMED" > "$WORK/base.$i"; rb=${PIPESTATUS[0]}
    "$NEW" "${args[@]}" 2>/dev/null | sed -E "$UNTIMED" > "$WORK/new.$i"; rn=${PIPESTATUS[0]}
    set -e
    if [ "$rb" = "$rn" ] && cmp -s "$WORK/base.$i" "$WORK/new.$i"; then
        printf 'same  (exit %s, %9s bytes)  qipu %s\n' "$rn" "$(wc -c < "$WORK/new.$i")" "${runs[$i]}"
    else
        printf 'DIFFERENT (exit %s vs %s)  qipu %s\n' "$rb" "$rn" "${runs[$i]}"
        diff "$WORK/base.$i" "$WORK/new.$i" | head -5 || true
        fail=1
    fi
done
if [ "$fail" = 0 ]; then echo "all outputs identical"; else echo "outputs differ" >&2; exit 1; fi
