//! Where an Othello game was lost, by perfect play: `solve --analyze`, `adjudicate --explain`
//! (the text, and the `analysis` object of the JSON and YAML reports) and the HTML page. The
//! decisive mistake is the last move of the side that lost that turned its draw or win into a
//! loss; every result-changing move is listed (docs/games/othello.md).

use crate::common::{json_lines as json_rows, qipu, solver_runs_here};
use serde_json::{Value, json};

const WTHOR: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../shared/corpus/othello/wthor"
);

fn stdout_of(args: &[&str]) -> String {
    let out = qipu().args(args).output().expect("run qipu");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn where_the_game_was_lost() {
    if !solver_runs_here() {
        return;
    }
    let (code, rows) = json_rows(&[
        "solve",
        "--analyze",
        "samples/othello/standard.txt",
        "--game-index",
        "0",
        "--from-empties",
        "14",
        "-q",
        "--json",
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
    assert_eq!(rows[0]["loser"], "White");
    assert_eq!(rows[0]["result_changes"], json!([50]));
    assert_eq!(rows[0]["lost_before"], false);
    // Every best move: h5 and b2 both keep Black's +8 at ply 55.
    assert_eq!(moves[8]["ply"], 55);
    assert_eq!(moves[8]["best"], json!(["b2", "h5"]));
}

/// `adjudicate --explain` says where an Othello game was lost: every move from 18 empties on
/// (the default `analysis-empties`) with the mover's score before and after it and what it
/// lost, every move that changed the result, and the decisive mistake — White's draw thrown
/// into a loss at move 50, not its win thrown into a draw at move 46;
/// `analysis-empties=0` leaves it out.
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
            "  note: where the game was lost: move 50, g7 (White): 0 → −8, best was a8 (draw → loss, lost 8)\n"
        ),
        "{err}"
    );
    assert!(
        game1.contains("note: perfect play from 18 empty squares on"),
        "{err}"
    );
    assert!(
        game1.contains(
            "  note: the result under perfect play changed at move 46 (White): win → draw; move 50 (White): draw → loss\n"
        ),
        "{err}"
    );
    for line in [
        "      move 43, a5 (Black): −8 → −8                 lost 0\n",
        "      move 46, a2 (White): 14 → 0, best was c8     lost 14  ← win → draw\n",
        "      move 50, g7 (White): 0 → −8, best was a8     lost 8   ← decisive: draw → loss\n",
        "      move 60, a1 (White): −8 → −8                 lost 0\n",
    ] {
        assert!(game1.contains(line), "{line:?} in {err}");
    }
    assert_eq!(game1.matches("      move ").count(), 18, "{err}");
    assert_eq!(game1.matches("← decisive").count(), 1, "{err}");
    // The second game: White was lost already at ply 43, the first move judged.
    let game2 = err.split("game 2:").nth(1).unwrap_or("");
    assert!(
        game2.contains(
            "  note: where the game was lost: before ply 43, the first move judged: White was already lost there under perfect play (−12)\n"
        ),
        "{err}"
    );
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
            "<dt>lost at</dt><dd class=\"lost-at\"><button type=\"button\" data-ply=\"50\">move 50, g7 (White): 0 → −8, best was a8</button> (draw → loss, lost 8)</dd>"
        ),
        "{g0}"
    );
    assert!(
        g0.contains(
            "<dt>result changed</dt><dd class=\"changes\"><button type=\"button\" data-ply=\"46\">move 46 (White)</button> win → draw; <button type=\"button\" data-ply=\"50\">move 50 (White)</button> draw → loss</dd>"
        ),
        "{g0}"
    );
    assert!(
        g0.contains("<button type=\"button\" class=\"mv judged lost mistake\" data-ply=\"50\">g7<span class=\"loss\" title=\"move 50, g7 (White): 0 → −8, best was a8, lost 8\">−8</span></button>"),
        "{g0}"
    );
    assert_eq!(g0.matches("class=\"mv judged lost mistake\"").count(), 1);
    assert_eq!(g0.matches("class=\"mv judged").count(), 18);
    assert!(
        g0.contains("<tr class=\"mistake\"><td><button type=\"button\" data-ply=\"50\">50</button></td><td>White</td><td>g7</td><td>0</td><td>−8</td><td>8</td><td>a8</td><td>draw → loss</td></tr>"),
        "{g0}"
    );
    assert!(
        g0.contains("<tr class=\"lost changed\"><td><button type=\"button\" data-ply=\"46\">46</button></td><td>White</td><td>a2</td><td>14</td><td>0</td><td>14</td><td>c8</td><td>win → draw</td></tr>"),
        "{g0}"
    );
    assert!(g0.contains(
        "the decisive mistake (draw → loss), lost 8: move 50, g7 (White): 0 → −8, best was a8"
    ));
    assert!(g0.contains(
        "the result changed (win → draw), lost 14: move 46, a2 (White): 14 → 0, best was c8"
    ));
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

/// `adjudicate --explain --report json`: each adjudicated Othello game's report ends with an
/// `analysis` object — the moves judged (mover's scores before and after, discs lost, every
/// best move), the loser, the decisive mistake, every result-changing move.
#[test]
fn the_json_report_carries_the_analysis() {
    if !solver_runs_here() {
        return;
    }
    let (code, rows) = json_rows(&[
        "adjudicate",
        "--explain",
        "--report",
        "json",
        "-q",
        "samples/othello/sample.wtb",
    ]);
    assert_eq!(code, 0);
    assert_eq!(rows.len(), 6);
    let a = &rows[0]["analysis"];
    assert_eq!(a["from_empties"], 18);
    assert_eq!(a["node_budget"], 50_000_000);
    assert_eq!(
        (&a["first_ply"], &a["judged_from"]),
        (&json!(43), &json!(43))
    );
    assert_eq!(a["complete"], true);
    assert_eq!(a["loser"], "White");
    assert_eq!(a["decisive"], 50);
    assert_eq!(a["lost_before"], false);
    assert_eq!(a["result_changes"], json!([46, 50]));
    assert_eq!(a["note"], Value::Null);
    let moves = a["moves"].as_array().expect("moves");
    assert_eq!(moves.len(), 18);
    assert_eq!(
        moves[3],
        json!({"ply": 46, "side": "White", "move": "a2", "mover_score_before": 14,
               "mover_score_after": 0, "discs_lost": 14, "best": ["c8"]})
    );
    assert_eq!(
        moves[7],
        json!({"ply": 50, "side": "White", "move": "g7", "mover_score_before": 0,
               "mover_score_after": -8, "discs_lost": 8, "best": ["a8"]})
    );
    // The last move's score after it is the game's final disc difference for its mover:
    // White lost 28-36.
    assert_eq!(moves[17]["mover_score_after"], -8);
    assert_eq!(rows[0]["verdict"]["result"], "1-0");
    // The second game: White lost before the moves judged.
    let b = &rows[1]["analysis"];
    assert_eq!(
        (&b["loser"], &b["decisive"], &b["lost_before"]),
        (&json!("White"), &Value::Null, &json!(true))
    );
    // The third is a draw: no loser, no decisive mistake, but the result changed.
    let c = &rows[2]["analysis"];
    assert_eq!((&c["loser"], &c["decisive"]), (&Value::Null, &Value::Null));
    assert_eq!(c["result_changes"], json!([55, 56, 59]));
    assert_eq!(rows[2]["verdict"]["result"], "1/2-1/2");
    // YAML carries the same object.
    let yaml = stdout_of(&[
        "adjudicate",
        "--explain",
        "--report",
        "yaml",
        "-q",
        "samples/othello/sample.wtb",
    ]);
    assert_eq!(yaml.matches("\n  analysis:\n").count(), 6, "{yaml}");
    assert!(yaml.contains("    mover_score_before: 14\n"), "{yaml}");
}

/// Without `--explain` the JSON report has no `analysis` and is otherwise the same, byte for
/// byte: every line with `--explain` is the line without it plus `,"analysis":{…}` at the end
/// (Othello games with a verdict), plus `,"notes":[…]` (a Xiangqi repetition ruling with a
/// dated record: the edition note), or the very same line (the other games).
#[test]
fn without_explain_the_json_report_is_unchanged() {
    if !solver_runs_here() {
        return;
    }
    let plain = stdout_of(&["adjudicate", "--json", "-q", "samples"]);
    let explained = stdout_of(&["adjudicate", "--json", "-q", "--explain", "samples"]);
    assert!(!plain.contains("\"analysis\""));
    let (plain, explained): (Vec<&str>, Vec<&str>) =
        (plain.lines().collect(), explained.lines().collect());
    assert_eq!(plain.len(), explained.len());
    let mut analysed = 0;
    for (p, e) in plain.iter().zip(&explained) {
        match e.find(",\"analysis\":{") {
            Some(at) => {
                analysed += 1;
                assert!(p.contains("\"game\":\"othello\""), "{e}");
                assert_eq!(format!("{}}}", &e[..at]), *p);
            }
            None => match e.find(",\"notes\":[") {
                Some(at) => {
                    assert!(p.contains("\"game\":\"xiangqi\""), "{e}");
                    assert_eq!(format!("{}}}", &e[..at]), *p);
                }
                None => assert_eq!(e, p),
            },
        }
    }
    // Every Othello sample with a verdict: all but the one with an illegal move.
    let othello = plain
        .iter()
        .filter(|l| l.contains("\"game\":\"othello\"") && !l.contains("\"verdict\":null"))
        .count();
    assert_eq!(analysed, othello);
    assert!(analysed >= 10, "{analysed}");
    // analysis-empties=0: no analysis even with --explain.
    let off = stdout_of(&[
        "adjudicate",
        "--json",
        "-q",
        "--explain",
        "--rule",
        "analysis-empties=0",
        "samples/othello",
    ]);
    assert!(!off.contains("\"analysis\""), "{off}");
}

/// On real games (a year of the federation's WTHOR database), the analysis holds together: the
/// loser is the side the verdict says lost, its decisive mistake is its own move from a draw or
/// a win to a loss after which it stays lost, the scores chain from move to move, a move lost
/// discs exactly when it is not among the best moves, and `result_changes` are exactly the
/// moves whose result dropped.
#[test]
fn the_analysis_of_real_games_holds_together() {
    let file = format!("{WTHOR}/WTH_1977.wtb");
    if !solver_runs_here() || !std::path::Path::new(&file).exists() {
        eprintln!("skipped: no solver or no corpus");
        return;
    }
    let (_, rows) = json_rows(&["adjudicate", "--explain", "--json", "-q", &file]);
    assert_eq!(rows.len(), 12);
    let (mut decisive_seen, mut before_seen) = (0, 0);
    for r in &rows {
        let a = &r["analysis"];
        assert_eq!(a["complete"], true, "{r}");
        let moves = a["moves"].as_array().expect("moves");
        assert!(!moves.is_empty());
        let score = |m: &Value, k: &str| m[k].as_i64().unwrap_or(i64::MIN);
        for w in moves.windows(2) {
            let sign = if w[0]["side"] == w[1]["side"] { 1 } else { -1 };
            assert_eq!(
                score(&w[1], "mover_score_before"),
                sign * score(&w[0], "mover_score_after"),
                "{r}"
            );
        }
        let mut changes = Vec::new();
        for m in moves {
            let (b, af) = (
                score(m, "mover_score_before"),
                score(m, "mover_score_after"),
            );
            assert_eq!(m["discs_lost"].as_i64(), Some(b - af));
            assert!(b >= af, "{m}");
            if m["move"] != "pass" {
                let best = m["best"].as_array().expect("best");
                assert_eq!(best.contains(&m["move"]), b == af, "{m}");
            }
            if af.signum() < b.signum() {
                changes.push(m["ply"].clone());
            }
        }
        assert_eq!(a["result_changes"], Value::Array(changes), "{r}");
        let loser = match r["verdict"]["result"].as_str() {
            Some("1-0") => json!("White"),
            Some("0-1") => json!("Black"),
            _ => Value::Null,
        };
        assert_eq!(a["loser"], loser, "{r}");
        let loser_score = |m: &Value| {
            let s = score(m, "mover_score_after");
            if m["side"] == loser { s } else { -s }
        };
        match a["decisive"].as_u64() {
            Some(ply) => {
                decisive_seen += 1;
                assert_eq!(a["lost_before"], false);
                let i = moves
                    .iter()
                    .position(|m| m["ply"].as_u64() == Some(ply))
                    .expect("the decisive move is among the moves judged");
                let m = &moves[i];
                assert_eq!(m["side"], loser, "{r}");
                assert!(score(m, "mover_score_before") >= 0, "{r}");
                // Lost from there to the end.
                assert!(moves[i..].iter().all(|m| loser_score(m) < 0), "{r}");
            }
            None if loser != Value::Null => {
                before_seen += 1;
                assert_eq!(a["lost_before"], true, "{r}");
                let first = &moves[0];
                let s = score(first, "mover_score_before");
                assert!(if first["side"] == loser { s < 0 } else { s > 0 }, "{r}");
            }
            None => {}
        }
    }
    // This year has both kinds.
    assert!(
        decisive_seen >= 3 && before_seen >= 3,
        "{decisive_seen} {before_seen}"
    );
}
