//! The solver from the command line: `qipu solve` (OBF, --board, records, budgets),
//! `solve --theoretical` and `convert --to wthor` (the WTHOR theoretical score, resumable),
//! `adjudicate --rule unfinished=perfect`.

mod common;

use common::{ROOT, json, qipu};

const WTHOR: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../shared/corpus/othello/wthor"
);

fn solver_runs_here() -> bool {
    qipu::othello::solve::cpu_ok()
}

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

#[test]
fn where_the_game_was_lost() {
    if !solver_runs_here() {
        return;
    }
    let (code, rows) = json(&[
        "solve",
        "--analyze",
        "samples/othello/standard.txt",
        "--game-index",
        "0",
        "--from-empties",
        "14",
        "-q",
    ]);
    assert_eq!(code, 0);
    let moves = rows[0]["moves"].as_array().expect("moves");
    assert_eq!(moves.len(), 14);
    // Each move's "before" is the previous move's "after", seen from the other side.
    for w in moves.windows(2) {
        assert_eq!(w[1]["before"].as_i64(), w[0]["after"].as_i64().map(|a| -a));
    }
    assert_eq!(
        rows[0]["decisive"],
        "move 50, g7 (White): 0 → −8, best was a8"
    );
}

/// `adjudicate --explain` says where an Othello game was lost: every move from 18 empties on
/// (the default `analysis-empties`) with the mover's score before and after it and what it
/// lost, and the decisive mistake; `analysis-empties=0` leaves it out.
#[test]
fn explain_says_where_the_game_was_lost() {
    if !solver_runs_here() {
        return;
    }
    let out = qipu()
        .args(["adjudicate", "--explain", "samples/othello/sample.wtb"])
        .output()
        .expect("run qipu");
    let err = String::from_utf8_lossy(&out.stderr);
    let game1 = err.split("game 2:").next().unwrap_or("");
    assert!(
        game1.contains(
            "  note: where the game was lost: move 46, a2 (White): 14 → 0, best was c8 (lost 14)\n"
        ),
        "{err}"
    );
    assert!(
        game1.contains("note: perfect play from 18 empty squares on"),
        "{err}"
    );
    for line in [
        "      move 43, a5 (Black): −8 → −8                 lost 0\n",
        "      move 46, a2 (White): 14 → 0, best was c8     lost 14  ← decisive\n",
        "      move 60, a1 (White): −8 → −8                 lost 0\n",
    ] {
        assert!(game1.contains(line), "{line:?} in {err}");
    }
    assert_eq!(game1.matches("      move ").count(), 18, "{err}");
    // Off: no note at all.
    let out = qipu()
        .args(["adjudicate", "--explain", "samples/othello/sample.wtb"])
        .args(["--rule", "analysis-empties=0"])
        .output()
        .expect("run qipu");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("note:"), "{err}");
}

/// The HTML page of an Othello game carries the same analysis: the move list marks each
/// judged move's loss, the decisive mistake is named in the ruling, a table lists every move.
#[test]
fn the_page_shows_where_the_game_was_lost() {
    if !solver_runs_here() {
        return;
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let page = dir.path().join("lost.html");
    qipu()
        .args(["adjudicate", "samples/othello/sample.wtb", "-q", "--html"])
        .arg(&page)
        .assert()
        .success();
    let html = std::fs::read_to_string(&page).expect("the page");
    let g0 = html
        .split("<section class=\"game\" id=\"g1\"")
        .next()
        .unwrap_or("");
    assert!(
        g0.contains(
            "<dt>lost at</dt><dd class=\"lost-at\"><button type=\"button\" data-ply=\"46\">move 46, a2 (White): 14 → 0, best was c8</button> (lost 14)</dd>"
        ),
        "{g0}"
    );
    assert!(
        g0.contains("<button type=\"button\" class=\"mv judged lost mistake\" data-ply=\"46\">a2<span class=\"loss\" title=\"move 46, a2 (White): 14 → 0, best was c8, lost 14\">−14</span></button>"),
        "{g0}"
    );
    assert_eq!(g0.matches("class=\"mv judged").count(), 18);
    assert!(
        g0.contains("<tr class=\"mistake\"><td><button type=\"button\" data-ply=\"46\">46</button></td><td>White</td><td>a2</td><td>14</td><td>0</td><td>14</td><td>c8</td></tr>"),
        "{g0}"
    );
    assert!(g0.contains("the decisive mistake, lost 14: move 46, a2 (White): 14 → 0, best was c8"));
    // Without the analysis the page has none of it.
    let page2 = dir.path().join("plain.html");
    qipu()
        .args(["adjudicate", "samples/othello/sample.wtb", "-q", "--html"])
        .arg(&page2)
        .args(["--rule", "analysis-empties=0"])
        .assert()
        .success();
    let html = std::fs::read_to_string(&page2).expect("the page");
    // (The page's style sheet names the classes: the markup is what must not have them.)
    assert!(!html.contains("class=\"lost-at\"") && !html.contains("class=\"mv judged"));
    assert!(!html.contains("<table class=\"analysis\">"));
}
