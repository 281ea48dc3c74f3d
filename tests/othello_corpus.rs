//! The real WTHOR corpus (../shared/corpus/othello/wthor): every game replays, every finished
//! game's recorded score agrees with the board, and WTHOR -> GGF -> transcript -> WTHOR keeps
//! the games. Skips (with a note) when the corpus is not there.

use qipu::core::game::Game;
use qipu::core::record::{Input, Record};
use qipu::core::rules::Rules;
use qipu::core::verdict::Reason;
use qipu::othello::Othello;
use qipu::othello::notation::stated_score;
use qipu::othello::replay::replay_record;
use qipu::othello::rule_set::Empties;
use qipu::othello::rules::score;
use std::path::{Path, PathBuf};
use std::sync::Arc;

const DIR: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../shared/corpus/othello/wthor"
);

fn corpus_files() -> Option<Vec<PathBuf>> {
    let dir = Path::new(DIR);
    if !dir.is_dir() {
        eprintln!("note: {DIR} is missing; corpus test skipped");
        return None;
    }
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .ok()?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e.eq_ignore_ascii_case("wtb")))
        .collect();
    files.sort();
    Some(files)
}

fn wthor_input(path: &Path) -> Input {
    let bytes = std::fs::read(path).expect("readable corpus file");
    let siblings = ["WTHOR.JOU", "WTHOR.TRN"]
        .iter()
        .filter_map(|n| {
            let b = std::fs::read(Path::new(DIR).join(n)).ok()?;
            Some((n.to_ascii_lowercase(), Arc::from(b)))
        })
        .collect();
    Input {
        name: path.display().to_string(),
        bytes: Arc::from(bytes),
        text: None,
        siblings,
    }
}

fn text_input(name: &str, bytes: Vec<u8>) -> Input {
    let text = String::from_utf8(bytes.clone()).expect("qipu writes UTF-8");
    Input {
        name: name.into(),
        bytes: Arc::from(bytes),
        text: Some(Arc::from(text)),
        siblings: Vec::new(),
    }
}

fn rules() -> Rules {
    Rules::defaults(Othello.rule_table())
}

/// Checks every game of one file; returns (games, finished games).
fn check_file(path: &Path) -> (usize, usize) {
    let rules = rules();
    let records = Othello.read("wthor", &wthor_input(path));
    let (mut games, mut finished) = (0, 0);
    for r in records {
        let r = r.unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let checked = Othello.check(&r, &rules, true);
        assert!(
            checked.error.is_none(),
            "{} game {}: {:?}",
            path.display(),
            r.index,
            checked.error
        );
        let v = checked.verdict.expect("a valid game gets a verdict");
        let claim = r.claim.as_ref().expect("WTHOR states a score");
        assert_eq!(
            v.result,
            claim.result,
            "{} game {}: {}",
            path.display(),
            r.index,
            v.detail
        );
        if v.reason == Reason::GameOver {
            finished += 1;
            let end = replay_record(&r).unwrap().replay.end;
            assert_eq!(
                stated_score(&r),
                Some(score(&end, Empties::Winner)),
                "{} game {}: recorded score vs board",
                path.display(),
                r.index
            );
        } else {
            assert!(v.detail.contains("stopped at ply"), "{}", v.detail);
        }
        games += 1;
    }
    (games, finished)
}

#[test]
fn one_wthor_file_validates_and_scores_agree() {
    let Some(files) = corpus_files() else { return };
    let file = files
        .iter()
        .find(|f| f.ends_with("WTH_1985.wtb"))
        .unwrap_or(&files[0]);
    let (games, finished) = check_file(file);
    assert!(games > 0 && finished > 0 && finished <= games);
    // Names come from WTHOR.JOU / WTHOR.TRN beside the file.
    let r = Othello.read("wthor", &wthor_input(file)).remove(0).unwrap();
    assert!(r.tag("Black").is_some_and(|n| !n.is_empty()));
    assert!(r.tag("Event").is_some_and(|n| !n.is_empty()));
}

/// Long in a debug build (the whole corpus, ~60,000 games): run with `--ignored`.
#[test]
#[ignore]
fn every_wthor_file_validates_and_scores_agree() {
    let Some(files) = corpus_files() else { return };
    let (mut games, mut finished) = (0, 0);
    for f in &files {
        let (g, d) = check_file(f);
        games += g;
        finished += d;
    }
    println!(
        "{games} games, {finished} finished on the board, {} adjudicated",
        games - finished
    );
    assert!(games > 50_000);
}

fn key(r: &Record) -> (Vec<String>, Option<(u32, u32)>) {
    let moves = r
        .moves
        .iter()
        .map(|m| m.text.as_str().to_ascii_lowercase())
        .filter(|m| m != "pass" && m != "pa")
        .collect();
    (moves, stated_score(r))
}

/// WTHOR -> GGF -> transcript -> WTHOR for the given corpus files.
fn round_trip(files: &[PathBuf]) {
    let rules = rules();
    for f in files {
        let original: Vec<Record> = Othello
            .read("wthor", &wthor_input(f))
            .into_iter()
            .map(|r| r.unwrap())
            .collect();
        let ggf = Othello.convert(&original, "ggf", &rules);
        assert!(ggf.failures.is_empty());
        let from_ggf: Vec<Record> = Othello
            .read("ggf", &text_input("x.ggf", ggf.bytes))
            .into_iter()
            .map(|r| r.unwrap())
            .collect();
        let trans = Othello.convert(&from_ggf, "transcript", &rules);
        assert!(trans.failures.is_empty());
        let from_trans: Vec<Record> = Othello
            .read("transcript", &text_input("x.txt", trans.bytes))
            .into_iter()
            .map(|r| r.unwrap())
            .collect();
        let back = Othello.convert(&from_trans, "wthor", &rules);
        assert!(back.failures.is_empty());
        let input = Input {
            name: "back.wtb".into(),
            bytes: Arc::from(back.bytes),
            text: None,
            siblings: Vec::new(),
        };
        let again: Vec<Record> = Othello
            .read("wthor", &input)
            .into_iter()
            .map(|r| r.unwrap())
            .collect();
        assert_eq!(again.len(), original.len());
        for (a, b) in original.iter().zip(&again) {
            assert_eq!(key(a), key(b), "{} game {}", f.display(), a.index);
        }
    }
}

#[test]
fn wthor_to_ggf_to_transcript_to_wthor_keeps_the_games() {
    let Some(files) = corpus_files() else { return };
    let some: Vec<PathBuf> = files
        .into_iter()
        .filter(|f| f.ends_with("WTH_1977.wtb") || f.ends_with("WTH_1983.wtb"))
        .collect();
    round_trip(&some);
}

/// Long in a debug build (the whole corpus): run with `--ignored`.
#[test]
#[ignore]
fn the_whole_corpus_survives_the_round_trip() {
    let Some(files) = corpus_files() else { return };
    round_trip(&files);
}
