//! The sample files in samples/othello: each one is read, replayed and adjudicated, and the
//! outcome is the one its comment describes.

use qipu::core::error::ErrorKind;
use qipu::core::game::{Checked, Game, ShowOptions};
use qipu::core::record::{GameResult, Input, Record};
use qipu::core::rules::Rules;
use qipu::core::verdict::Reason;
use qipu::othello::Othello;
use std::sync::Arc;

fn sample(name: &str) -> (Input, &'static str) {
    let path = format!("{}/samples/othello/{name}", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let format = Othello.sniff(name, &bytes).expect("detected as Othello");
    let text = (format != "wthor").then(|| Arc::from(String::from_utf8(bytes.clone()).unwrap()));
    let input = Input {
        name: path,
        bytes: Arc::from(bytes),
        text,
        siblings: Vec::new(),
    };
    (input, format)
}

fn checked(name: &str) -> Vec<(Record, Checked)> {
    let (input, format) = sample(name);
    let rules = Rules::defaults(Othello.rule_table());
    Othello
        .read(format, &input)
        .into_iter()
        .map(|r| {
            let r = r.unwrap_or_else(|e| panic!("{name}: {e}"));
            let c = Othello.check(&r, &rules, true);
            (r, c)
        })
        .collect()
}

fn verdict(c: &Checked) -> (GameResult, Reason) {
    let v = c.verdict.as_ref().expect("a verdict");
    (v.result, v.reason)
}

#[test]
fn standard_transcripts_end_on_the_board() {
    let games = checked("standard.txt");
    assert_eq!(games.len(), 2);
    for (r, c) in &games {
        assert!(c.error.is_none(), "{:?}", c.error);
        // 60 placements, plus any forced pass the transcript leaves out (a ply too).
        assert_eq!(r.moves.len(), 60);
        assert!(c.plies >= 60);
        assert_eq!(verdict(c), (GameResult::FirstWins, Reason::GameOver));
        assert_eq!(
            r.claim.as_ref().map(|c| c.result),
            Some(GameResult::FirstWins)
        );
        assert!(c.warnings.is_empty(), "{:?}", c.warnings);
    }
    assert_eq!(games[1].1.plies, 61, "the second game has one forced pass");
    let detail = &games[0].1.verdict.as_ref().unwrap().detail;
    assert!(detail.contains("36-28"), "{detail}");
}

#[test]
fn empty_squares_go_to_the_winner_unless_told_otherwise() {
    let games = checked("empties.txt");
    let (_, c) = &games[0];
    assert!(c.warnings.is_empty(), "{:?}", c.warnings);
    let v = c.verdict.as_ref().unwrap();
    assert_eq!(
        (v.result, v.reason),
        (GameResult::SecondWins, Reason::GameOver)
    );
    assert!(
        v.detail.contains("Black 0, White 53, 11 empty squares"),
        "{}",
        v.detail
    );
    assert!(v.detail.contains("0-64"), "{}", v.detail);
    // empties=none: the raw count; the stated 0-64 then differs (a warning), same winner.
    let (input, format) = sample("empties.txt");
    let rules = Rules::build(
        Othello.rule_table(),
        None,
        &[("empties".into(), "none".into())],
    )
    .unwrap();
    let r = Othello.read(format, &input).remove(0).unwrap();
    let c = Othello.check(&r, &rules, true);
    let v = c.verdict.unwrap();
    assert!(
        v.detail.contains("0-53") && v.detail.contains("empties=none"),
        "{}",
        v.detail
    );
    assert_eq!(v.result, GameResult::SecondWins);
    assert_eq!(c.warnings.len(), 1);
}

#[test]
fn an_illegal_move_is_pointed_at() {
    let (input, _) = sample("illegal.txt");
    let games = checked("illegal.txt");
    let (_, c) = &games[0];
    let e = c.error.as_ref().unwrap();
    assert_eq!(e.kind, ErrorKind::IllegalMove);
    assert_eq!(e.ply, Some(12));
    assert_eq!(c.plies, 11);
    let span = e.span.unwrap();
    assert_eq!(&input.text()[span.start..span.end], "a1");
    assert!(c.verdict.is_none());
}

#[test]
fn a_board_string_start() {
    let games = checked("board-start.txt");
    let (r, c) = &games[0];
    assert!(r.setup.is_some());
    assert!(c.error.is_none(), "{:?}", c.error);
    assert_eq!(verdict(c), (GameResult::Draw, Reason::GameOver));
}

#[test]
fn ggf_resignation_and_passes() {
    let games = checked("resigned.ggf");
    let (_, c) = &games[0];
    assert!(c.error.is_none(), "{:?}", c.error);
    assert_eq!(verdict(c), (GameResult::SecondWins, Reason::Resignation));

    let games = checked("passes.ggf");
    let (r, c) = &games[0];
    assert!(c.error.is_none(), "{:?}", c.error);
    let passes = r.moves.iter().filter(|m| m.text == "PA").count();
    assert_eq!(passes, 2);
    // 60 discs placed plus the passes, every one a ply.
    let placed = r.moves.len() - passes;
    assert_eq!(c.plies, placed + passes);
    assert_eq!(verdict(c).1, Reason::GameOver);

    let games = checked("stopped-early.ggf");
    let (_, c) = &games[0];
    let v = c.verdict.as_ref().unwrap();
    assert_eq!(v.result, GameResult::SecondWins);
    assert!(v.detail.contains("stopped at ply"), "{}", v.detail);
}

#[test]
fn the_small_wthor_file() {
    let games = checked("sample.wtb");
    assert!((3..=10).contains(&games.len()));
    for (r, c) in &games {
        assert!(c.error.is_none(), "{:?}", c.error);
        assert_eq!(Some(verdict(c).0), r.claim.as_ref().map(|c| c.result));
    }
}

#[test]
fn show_marks_the_position() {
    let (input, format) = sample("standard.txt");
    let r = Othello.read(format, &input).remove(0).unwrap();
    let rules = Rules::defaults(Othello.rule_table());
    let opts = ShowOptions {
        ply: Some(1),
        ..ShowOptions::default()
    };
    let s = Othello.show(&r, &rules, &opts).unwrap();
    assert!(s.diagram.contains("Last move: f5 (ply 1)"));
    assert!(s.diagram.contains("White to move"));
}
