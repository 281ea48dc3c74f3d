//! The solver from the command line: `qipu solve` (OBF, --board, records, budgets),
//! `solve --theoretical` and `convert --to wthor` (the WTHOR theoretical score, resumable),
//! `adjudicate --rule unfinished=perfect`.

use crate::common::{ROOT, json, qipu, solver_runs_here};

const WTHOR: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../shared/corpus/othello/wthor"
);

#[test]
fn the_sample_positions_are_solved_as_listed() {
    if !solver_runs_here() {
        return;
    }
    let (code, rows) = json(&["solve", "samples/othello/positions.obf", "-q"]);
    assert_eq!(code, 0, "{rows:?}");
    assert_eq!(rows.len(), 4);
    for r in &rows {
        assert_eq!(r["solved"], true);
        assert_eq!(r["agrees"], true, "{r}");
        assert!(r["nodes"].as_u64().unwrap_or(0) > 0);
        // The PV starts with a best move.
        assert_eq!(r["pv"][0], r["best_moves"][0]);
    }
    assert_eq!(rows[3]["score"], 18);
}

/// One position on two threads (`-j 2`: the parallel search) and on one, with and without
/// the pattern evaluation in the order: every run the file's score and every best move it
/// lists (16-empty positions of real games: fractions of a second).
#[test]
fn one_position_on_two_threads_as_on_one() {
    if !solver_runs_here() {
        return;
    }
    for args in [["-j", "1"], ["-j", "2"]] {
        for order in [&[][..], &["--eval-from", "15"]] {
            let mut a = vec![
                "solve",
                "samples/othello/positions.obf",
                "-q",
                args[0],
                args[1],
            ];
            a.extend_from_slice(order);
            let (code, rows) = json(&a);
            assert_eq!(code, 0, "{a:?}: {rows:?}");
            assert_eq!(rows.len(), 4);
            assert!(rows.iter().all(|r| r["agrees"] == true), "{a:?}: {rows:?}");
            assert_eq!(rows[3]["score"], 18, "{a:?}");
        }
    }
}

#[test]
fn a_wrong_answer_in_the_file_is_reported() {
    if !solver_runs_here() {
        return;
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let f = dir.path().join("wrong.obf");
    // The last sample position with a wrong score.
    let text =
        std::fs::read_to_string(format!("{ROOT}/samples/othello/positions.obf")).expect("read");
    let line = text
        .lines()
        .last()
        .expect("a line")
        .replace("B2:+18", "B2:+20");
    std::fs::write(&f, line).expect("write");
    let (code, rows) = json(&["solve", f.to_str().expect("path"), "-q"]);
    assert_eq!(code, 1);
    assert_eq!(rows[0]["agrees"], false);
    assert_eq!(rows[0]["score"], 18);
}

#[test]
fn boards_budgets_and_bad_input() {
    if !solver_runs_here() {
        return;
    }
    // A finished board: nothing to play, the score is the disc count with empties to the winner.
    let full = format!("{}-- O", "X".repeat(62));
    let (code, rows) = json(&["solve", "--board", &full, "-q"]);
    assert_eq!(code, 0);
    assert_eq!(rows[0]["score"], -64); // White to move, no White disc: 62 + 2 empties to Black
    assert_eq!(rows[0]["pv"].as_array().map(Vec::len), Some(0));
    // FFO #40 (20 empties) with 1000 nodes: not solved, exit 1.
    let ffo40 = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X";
    let (code, rows) = json(&["solve", "--board", ffo40, "--nodes", "1000", "-q"]);
    assert_eq!(code, 1);
    assert_eq!(rows[0]["solved"], false);
    for bad in [
        vec!["solve"],
        vec!["solve", "--board", "XO X"],
        vec!["solve", "no-such.obf"],
    ] {
        qipu().args(&bad).assert().code(2);
    }
}

#[test]
fn a_record_at_a_ply() {
    if !solver_runs_here() {
        return;
    }
    // The unfinished sample at its end, and two plies before (over a tiny budget).
    let (code, rows) = json(&["solve", "samples/othello/unfinished.txt", "-q"]);
    assert_eq!(code, 0);
    assert_eq!(rows[0]["empties"], 22);
    assert_eq!(rows[0]["score"], 24); // Black to move: 44-20
    let (code, rows) = json(&[
        "solve",
        "samples/othello/unfinished.txt",
        "--ply",
        "36",
        "--nodes",
        "1000",
        "-q",
    ]);
    assert_eq!(
        (code, &rows[0]["empties"], &rows[0]["solved"]),
        (1, &24.into(), &false.into())
    );
    qipu()
        .args(["solve", "samples/othello/unfinished.txt", "--ply", "99"])
        .assert()
        .code(2);
}

#[test]
fn unfinished_games_decided_by_perfect_play() {
    if !solver_runs_here() {
        return;
    }
    let (_, rows) = json(&["adjudicate", "samples/othello/unfinished.txt", "-q"]);
    assert_eq!(rows[0]["verdict"]["reason"], "unfinished");
    let (_, rows) = json(&[
        "adjudicate",
        "samples/othello/unfinished.txt",
        "--rule",
        "unfinished=perfect",
        "-q",
    ]);
    let v = &rows[0]["verdict"];
    assert_eq!(v["reason"], "perfect-play", "{v}");
    assert_eq!(v["result"], "1-0");
    assert!(v["detail"].as_str().unwrap_or("").contains("44-20"), "{v}");
    let (_, rows) = json(&[
        "adjudicate",
        "samples/othello/unfinished.txt",
        "--rule",
        "unfinished=perfect",
        "--rule",
        "perfect-empties=20",
        "-q",
    ]);
    let v = &rows[0]["verdict"];
    assert_eq!(v["reason"], "unfinished");
    assert!(
        v["detail"]
            .as_str()
            .unwrap_or("")
            .contains("perfect-empties=20"),
        "{v}"
    );
}

/// The theoretical score written to WTHOR: computed (at a small depth, to be quick), the
/// header's depth byte set, and a second run with the same cache solves nothing new.
#[test]
fn wthor_theoretical_scores_resume_from_the_cache() {
    if !solver_runs_here() {
        return;
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let d = |n: &str| dir.path().join(n).to_string_lossy().into_owned();
    qipu()
        .args([
            "convert",
            "--to",
            "transcript",
            &format!("{WTHOR}/WTH_1977.wtb"),
            "-o",
            &d("g.txt"),
            "-q",
        ])
        .assert()
        .success();
    let run = |out: &str| {
        qipu()
            .args([
                "convert",
                "--to",
                "wthor",
                &d("g.txt"),
                "-o",
                &d(out),
                "--depth",
                "14",
            ])
            .args(["--solve-cache", &d("cache.txt"), "-q"])
            .assert()
            .success();
        std::fs::read(d(out)).expect("output")
    };
    let first = run("a.wtb");
    let cached = std::fs::read_to_string(d("cache.txt")).expect("cache");
    assert_eq!(cached.lines().count(), 12);
    assert_eq!(first[14], 14, "the header's depth byte");
    let second = run("b.wtb");
    assert_eq!(
        std::fs::read_to_string(d("cache.txt")).expect("cache"),
        cached
    );
    assert_eq!(first[16..], second[16..]);
    // Each byte is Black's discs under perfect play from 14 empties: check two by the solver.
    let (_, rows) = json(&[
        "solve",
        &d("g.txt"),
        "--game-index",
        "0",
        "--ply",
        "46",
        "-q",
    ]);
    let black = rows[0]["score"].as_i64().expect("score");
    let side_black = rows[0]["board"].as_str().expect("board").ends_with('X');
    let discs = (64 + if side_black { black } else { -black }) / 2;
    assert_eq!(i64::from(first[16 + 7]), discs);
    // --no-theoretical copies the real score.
    qipu()
        .args([
            "convert",
            "--to",
            "wthor",
            &d("g.txt"),
            "-o",
            &d("c.wtb"),
            "--no-theoretical",
            "-q",
        ])
        .assert()
        .success();
    let copy = std::fs::read(d("c.wtb")).expect("output");
    assert_eq!(copy[16 + 6], copy[16 + 7]);
    assert_eq!(copy[14], 0);
}

/// `--eval-from` reaches the check's searches (it was read by `solve` alone): without the
/// pattern evaluation in the order (60) the check finds the same scores by another tree.
#[test]
fn the_check_orders_its_searches_as_told() {
    if !solver_runs_here() {
        return;
    }
    let file = format!("{WTHOR}/WTH_1977.wtb");
    let run = |extra: &[&str]| -> (String, u64) {
        let mut a = vec![
            "solve",
            "--theoretical",
            "--depth",
            "16",
            "-j",
            "1",
            "--json",
        ];
        a.extend_from_slice(&["--no-progress", &file]);
        a.extend_from_slice(extra);
        let out = qipu().args(&a).output().expect("run qipu");
        assert!(
            out.status.code() == Some(0) || out.status.code() == Some(1),
            "{a:?}"
        );
        let summary = String::from_utf8_lossy(&out.stderr).into_owned();
        let nodes = summary
            .rsplit("nodes: ")
            .next()
            .and_then(|t| t.trim().parse().ok())
            .unwrap_or_else(|| panic!("no node count: {summary}"));
        (String::from_utf8_lossy(&out.stdout).into_owned(), nodes)
    };
    let (rows, nodes) = run(&[]);
    let (rows_60, nodes_60) = run(&["--eval-from", "60"]);
    assert_eq!(rows.lines().count(), 12);
    assert_eq!(rows, rows_60);
    assert_ne!(nodes, nodes_60);
}

/// The federation's own bytes (WTH_1977, 12 games, depth 24): minutes of solving.
#[test]
#[ignore = "minutes: cargo test --release --test othello_solve_cli -- --ignored"]
fn the_federations_theoretical_scores_agree() {
    let (code, rows) = json(&[
        "solve",
        "--theoretical",
        &format!("{WTHOR}/WTH_1977.wtb"),
        "-q",
    ]);
    assert_eq!(code, 0);
    assert_eq!(rows.len(), 12);
    assert!(rows.iter().all(|r| r["agrees"] == true), "{rows:?}");
}

/// The check starts its search from the stored byte, and still finds a wrong byte: WTH_1977's
/// games written with their scores from 14 empties, then three bytes changed (by 1, 5 and 30
/// discs): those three games disagree and show the true score, the other nine agree.
#[test]
fn a_wrong_theoretical_byte_is_found_and_corrected() {
    if !solver_runs_here() {
        return;
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let d = |n: &str| dir.path().join(n).to_string_lossy().into_owned();
    qipu()
        .args([
            "convert",
            "--to",
            "wthor",
            &format!("{WTHOR}/WTH_1977.wtb"),
            "-o",
            &d("a.wtb"),
            "--depth",
            "14",
            "--recompute-theoretical",
            "-q",
        ])
        .assert()
        .success();
    let mut bytes = std::fs::read(d("a.wtb")).expect("output");
    let truth: Vec<u8> = (0..12).map(|g| bytes[16 + 68 * g + 7]).collect();
    for (g, by) in [(1usize, 1i32), (4, -5), (9, 30)] {
        let at = 16 + 68 * g + 7;
        bytes[at] = (i32::from(bytes[at]) + by).clamp(0, 64) as u8;
        assert_ne!(bytes[at], truth[g]);
    }
    std::fs::write(d("b.wtb"), &bytes).expect("write");
    let (code, rows) = json(&["solve", "--theoretical", "--depth", "14", &d("b.wtb"), "-q"]);
    assert_eq!(code, 1, "a disagreement is an invalid input");
    assert_eq!(rows.len(), 12);
    for (g, r) in rows.iter().enumerate() {
        let changed = [1, 4, 9].contains(&g);
        assert_eq!(r["agrees"], !changed, "game {}: {r}", g + 1);
        assert_eq!(r["computed"], truth[g], "game {}: {r}", g + 1);
        assert_eq!(r["stored"], bytes[16 + 68 * g + 7], "game {}: {r}", g + 1);
    }
}
