//! Format readers never panic: random and mangled input is read, replayed and adjudicated
//! without a panic, and a GGF/transcript written by qipu reads back to the same games.

use proptest::prelude::*;
use qipu::core::game::Game;
use qipu::core::record::Input;
use qipu::core::rules::Rules;
use qipu::othello::Othello;
use std::sync::Arc;

fn input(bytes: Vec<u8>, text: bool) -> Input {
    let t = text.then(|| Arc::from(String::from_utf8_lossy(&bytes).into_owned()));
    Input {
        name: "fuzz".into(),
        bytes: Arc::from(bytes),
        text: t,
        siblings: Vec::new(),
    }
}

fn exercise(format: &'static str, inp: &Input) {
    let rules = Rules::defaults(Othello.rule_table());
    let records: Vec<_> = Othello.read(format, inp).into_iter().flatten().collect();
    for r in &records {
        let _ = Othello.check(r, &rules, true);
        let _ = Othello.show(r, &rules, &Default::default());
    }
    for to in ["transcript", "ggf", "wthor"] {
        let _ = Othello.convert(&records, to, &rules);
    }
}

const GGF: &str = "(;GM[Othello]PB[a]PW[b]TY[8]RE[+2.000:r]BO[8 ---------------------------O*------*O--------------------------- *]B[f5//1]W[d6]B[c3];)";

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn transcript_never_panics(s in "[a-hA-H1-9 .\\-@#pPaAsS*/\\n0]{0,80}") {
        exercise("transcript", &input(s.into_bytes(), true));
    }

    #[test]
    fn ggf_never_panics(cut in 0usize..GGF.len(), junk in "[\\[\\];()A-Z\\\\a-h1-8/:+-]{0,6}") {
        let mut s = GGF.to_string();
        s.insert_str(cut, &junk);
        exercise("ggf", &input(s.into_bytes(), true));
    }

    #[test]
    fn wthor_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        exercise("wthor", &input(bytes, false));
    }
}

#[test]
fn a_game_written_as_ggf_and_transcript_reads_back_the_same() {
    let rules = Rules::defaults(Othello.rule_table());
    let records: Vec<_> = Othello
        .read("ggf", &input(GGF.as_bytes().to_vec(), true))
        .into_iter()
        .flatten()
        .collect();
    let ggf = Othello.convert(&records, "ggf", &rules);
    assert_eq!(ggf.games, 1);
    let text = String::from_utf8(ggf.bytes).unwrap();
    assert!(text.contains("RE[+2.000:r]"), "{text}");
    assert!(text.contains("B[f5//1]"), "{text}");
    let again: Vec<_> = Othello
        .read("ggf", &input(text.into_bytes(), true))
        .into_iter()
        .flatten()
        .collect();
    assert_eq!(again[0].moves.len(), 3);
    assert_eq!(again[0].tag("Black"), Some("a"));
    let trans = Othello.convert(&again, "transcript", &rules);
    assert_eq!(String::from_utf8(trans.bytes).unwrap(), "f5d6c3 33-31\n");
}

#[test]
fn a_ggf_result_text_is_kept() {
    let rules = Rules::defaults(Othello.rule_table());
    let text = GGF.replace("RE[+2.000:r]", "RE[+3.50:t]");
    let records: Vec<_> = Othello
        .read("ggf", &input(text.into_bytes(), true))
        .into_iter()
        .flatten()
        .collect();
    let out = String::from_utf8(Othello.convert(&records, "ggf", &rules).bytes).unwrap();
    assert!(out.contains("RE[+3.50:t]"), "{out}");
}

#[test]
fn illegal_games_are_conversion_failures() {
    let rules = Rules::defaults(Othello.rule_table());
    let records: Vec<_> = Othello
        .read("transcript", &input(b"f5d6\nf5a1\n".to_vec(), true))
        .into_iter()
        .flatten()
        .collect();
    let out = Othello.convert(&records, "ggf", &rules);
    assert_eq!(out.games, 1);
    assert_eq!(out.failures.len(), 1);
    assert_eq!(out.failures[0].0, 1);
}
