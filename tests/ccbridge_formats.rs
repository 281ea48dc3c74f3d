//! CCBridge (象棋桥) records: every game of the corpus's two libraries reads with the main
//! line an independent reader (the `cchess` Python library) gives, from the CLI every game is
//! valid, and the single-game files (.cbr, .cbf) read with their tags, comments and claims.
//!
//! The reference, tests/fixtures/ccbridge/cchess-mainlines.tsv, was written once by
//! tests/fixtures/ccbridge/make_mainlines.py (its header says how).

use assert_cmd::Command;
use qipu::core::record::{GameResult, Record};
use qipu::xiangqi::formats::{cbf, ccbridge};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

const FIXTURE: &str = include_str!("fixtures/ccbridge/cchess-mainlines.tsv");
const START_BOARD: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR";

fn binary(name: &str) -> Option<PathBuf> {
    let p = Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/corpus/xiangqi/binary"
    ))
    .join(name);
    if p.is_file() {
        Some(p)
    } else {
        eprintln!("note: corpus file {} missing, test skipped", p.display());
        None
    }
}

struct Reference {
    title: String,
    start: String,
    moves: Vec<String>,
}

/// The fixture rows of one file, by record block.
fn reference(file: &str) -> HashMap<usize, Reference> {
    FIXTURE
        .lines()
        .skip(1)
        .filter_map(|l| {
            let c: Vec<&str> = l.split('\t').collect();
            (c.first() == Some(&file)).then(|| {
                let moves: Vec<String> = c[5].split_whitespace().map(str::to_string).collect();
                assert_eq!(moves.len(), c[4].parse::<usize>().unwrap(), "{l}");
                (
                    c[1].parse().unwrap(),
                    Reference {
                        title: c[2].to_string(),
                        start: c[3].to_string(),
                        moves,
                    },
                )
            })
        })
        .collect()
}

fn read_library(bytes: &[u8]) -> Vec<Record> {
    // A slice at a time, as the batch commands read it.
    let mut games = Vec::new();
    loop {
        let (recs, more) = ccbridge::read_cbl_range(bytes, games.len(), 7);
        let got = recs.len();
        games.extend(recs.into_iter().map(|r| r.expect("every record reads")));
        if !more || got == 0 {
            break;
        }
    }
    games
}

fn check_library(file: &str, expected_games: usize) {
    let Some(path) = binary(file) else { return };
    let bytes = std::fs::read(&path).unwrap();
    let first = bytes
        .windows(16)
        .position(|w| w == ccbridge::RECORD_MAGIC)
        .unwrap();
    let reference = reference(file);
    let games = read_library(&bytes);
    assert_eq!(games.len(), expected_games, "{file}");
    let mut matched = Vec::new();
    for (i, g) in games.iter().enumerate() {
        assert_eq!(g.index, i);
        assert!(
            g.parse_error.is_none(),
            "{file} game {i}: {:?}",
            g.parse_error
        );
        let block = (g.span.start - first) / 4096;
        let r = &reference[&block];
        let ours: Vec<&str> = g.moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(ours, r.moves, "{file} game {i} (record {block}): main line");
        let start = g
            .setup
            .as_ref()
            .map_or(START_BOARD, |(fen, _)| fen.split(' ').next().unwrap_or(""));
        assert_eq!(start, r.start, "{file} game {i}: start position");
        assert_eq!(g.tag("Title"), Some(r.title.as_str()), "{file} game {i}");
        matched.push(block);
    }
    // What cchess lists and qipu does not: chapter headings (no move) and deleted records,
    // whose moves are those of a game qipu reads.
    for (block, r) in &reference {
        if matched.contains(block) {
            continue;
        }
        assert!(
            r.moves.is_empty()
                || games.iter().any(|g| g
                    .moves
                    .iter()
                    .map(|m| m.text.as_str())
                    .eq(r.moves.iter().map(String::as_str))),
            "{file}: record {block} ({}) is not read and is no heading or copy",
            r.title
        );
    }
}

#[test]
fn library_1956_reads_as_cchess_reads_it() {
    check_library("game-01.cbl", 93);
}

#[test]
fn library_1989_reads_as_cchess_reads_it() {
    // 38 records: two chapter headings, one deleted copy, 35 games (the library's name says
    // 35局).
    check_library("game-02.cbl", 35);
    let Some(path) = binary("game-02.cbl") else {
        return;
    };
    let games = read_library(&std::fs::read(path).unwrap());
    assert_eq!(
        games[0].tag("Section"),
        Some("龙化杯象棋名师邀请赛对局（男子组20局）")
    );
    assert_eq!(
        games[34].tag("Section"),
        Some("龙化杯象棋名师邀请赛对局（女子组15局）")
    );
    assert_eq!(games[0].tag("Red"), Some("徐天红"));
    assert_eq!(games[0].tag("Event"), Some("1989年龙化杯象棋名师邀请赛"));
    assert_eq!(games[0].claim.as_ref().unwrap().result, GameResult::Draw);
}

#[test]
fn libraries_validate_from_the_cli() {
    let (Some(a), Some(b)) = (binary("game-01.cbl"), binary("game-02.cbl")) else {
        return;
    };
    let out = Command::cargo_bin("qipu")
        .unwrap()
        .args(["validate", "--report", "json"])
        .arg(&a)
        .arg(&b)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<serde_json::Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 93 + 35);
    assert!(lines.iter().all(|l| l["valid"] == true));
}

#[test]
fn single_records_read() {
    let Some(cbr) = binary("test.cbr") else {
        return;
    };
    let recs = ccbridge::read_cbr(&std::fs::read(cbr).unwrap());
    let r = recs[0].as_ref().unwrap();
    assert_eq!(
        r.tag("Title"),
        Some("黄丹青讲座004-破解新式弃马局的攻防要领")
    );
    assert_eq!(r.moves.len(), 28);
    assert!(
        r.moves.iter().any(|m| !m.variations.is_empty()),
        "test.cbr has variations"
    );
    assert!(r.moves.iter().any(|m| !m.comments.is_empty()));
    let Some(cbf_path) = binary("test2.cbf") else {
        return;
    };
    let text = std::fs::read_to_string(cbf_path).unwrap();
    let r = cbf::read_cbf(text.trim_start_matches('\u{feff}'))
        .remove(0)
        .unwrap();
    assert_eq!(r.tag("Title"), Some("第十局 当头炮抵当头炮局(和)"));
    assert_eq!(r.claim.unwrap().result, GameResult::Draw);
    assert_eq!(r.moves.len(), 75);
    assert_eq!(r.comments, ["顺炮横车弃马对直车不受弃马局"]);
}
