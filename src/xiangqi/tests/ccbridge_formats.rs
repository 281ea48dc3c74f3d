//! CCBridge (象棋桥) records: every game of the corpus's two libraries reads with the main
//! line an independent reader (the `cchess` Python library) gives, from the CLI every game is
//! valid, and the single-game files (.cbr, .cbf) read with their tags, comments and claims.
//!
//! The reference, tests/fixtures/ccbridge/cchess-mainlines.tsv, was written once by
//! tests/fixtures/ccbridge/make_mainlines.py (its header says how).

use crate::core::record::{GameResult, Record};
use crate::xiangqi::formats::{cbf, ccbridge};
use std::collections::HashMap;
use std::path::PathBuf;

const FIXTURE: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/ccbridge/cchess-mainlines.tsv"
));
const START_BOARD: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR";

fn binary(name: &str) -> Option<PathBuf> {
    super::corpus(&format!("binary/{name}"))
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

// ---- The samples: samples/xiangqi/ccbridge.cbr and ccbridge.cbl are written by the
// generator below (a record laid out as CCBridge lays it out, see ccbridge.rs), so the
// bytes are known; `QIPU_WRITE_SAMPLES=1 cargo test --release --lib ccbridge_formats`
// rewrites them.

const SAMPLE_LINE: [&str; 14] = [
    "h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "c3c4", "g6g5", "h0h6", "h7i7", "h6g6", "i7i8",
    "b0c2", "d9e8",
];

fn put_utf16(b: &mut [u8], at: usize, width: usize, text: &str) {
    for (i, u) in text.encode_utf16().take(width / 2 - 1).enumerate() {
        b[at + 2 * i..at + 2 * i + 2].copy_from_slice(&u.to_le_bytes());
    }
}

fn board_index(sq: &str) -> u8 {
    let c = sq.as_bytes();
    (9 - (c[1] - b'0')) * 9 + (c[0] - b'a')
}

/// One CCBridge record: the tags, the start position, the moves (with a comment on the
/// first move and, when `variation`, an alternative to the third: b0c2 i9h9).
fn sample_record(
    tags: &[(usize, usize, &str)],
    result: u8,
    moves: &[&str],
    variation: bool,
) -> Vec<u8> {
    let mut b = vec![0u8; 2214];
    b[..16].copy_from_slice(ccbridge::RECORD_MAGIC);
    b[19] = 2;
    for &(at, width, text) in tags {
        put_utf16(&mut b, at, width, text);
    }
    b[2076] = result;
    b[2112] = 1;
    b[2116] = 1;
    // A heading (no move) has an empty board.
    let back = [0x1, 0x2, 0x3, 0x4, 0x5, 0x4, 0x3, 0x2, 0x1];
    for (file, code) in back.iter().enumerate().filter(|_| !moves.is_empty()) {
        b[2120 + file] = 0x20 | code;
        b[2120 + 81 + file] = 0x10 | code;
    }
    for file in [1, 7].into_iter().filter(|_| !moves.is_empty()) {
        b[2120 + 2 * 9 + file] = 0x26;
        b[2120 + 7 * 9 + file] = 0x16;
    }
    for file in [0, 2, 4, 6, 8].into_iter().filter(|_| !moves.is_empty()) {
        b[2120 + 3 * 9 + file] = 0x27;
        b[2120 + 6 * 9 + file] = 0x17;
    }
    b[2210..2214].copy_from_slice(&[0xff; 4]);
    let comment = |b: &mut Vec<u8>, text: &str| {
        let units: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
        b.extend((units.len() as u32).to_le_bytes());
        b.extend(units);
    };
    // The start position's node, with its comment.
    let root_flags = if moves.is_empty() { 0x01 } else { 0x00 } | 0x04;
    b.extend([root_flags, 0, 0, 0]);
    comment(&mut b, "qipu 生成的样例");
    for (i, m) in moves.iter().enumerate() {
        let mut flags = if i + 1 == moves.len() { 0x01 } else { 0 };
        if variation && i == 2 {
            flags |= 0x02;
        }
        if i == 0 {
            flags |= 0x04;
        }
        b.extend([flags, 0, board_index(&m[..2]), board_index(&m[2..])]);
        if i == 0 {
            comment(&mut b, "中炮");
        }
    }
    if variation {
        b.extend([0x00, 0, board_index("b0"), board_index("c2")]);
        b.extend([0x01, 0, board_index("i9"), board_index("h9")]);
    }
    b
}

fn sample_tags<'a>(title: &'a str, red: &'a str, black: &'a str) -> Vec<(usize, usize, &'a str)> {
    vec![
        (180, 128, title),
        (692, 64, "qipu 样例赛"),
        (884, 64, "2024-05-01"),
        (948, 64, "北京"),
        (1076, 64, red),
        (1300, 64, black),
    ]
}

fn sample_cbr() -> Vec<u8> {
    sample_record(
        &sample_tags("中炮对屏风马", "红方棋手", "黑方棋手"),
        0,
        &SAMPLE_LINE,
        true,
    )
}

/// A library of four slots: a chapter heading and two games.
fn sample_cbl() -> Vec<u8> {
    let slots = 4usize;
    let mut b = vec![0u8; 66624 + slots * 276];
    b[..16].copy_from_slice(ccbridge::LIBRARY_MAGIC);
    b[16] = 3;
    b[52..56].copy_from_slice(&[0xff, 0xff, 0xff, 0x7f]);
    b[60..64].copy_from_slice(&(slots as u32).to_le_bytes());
    put_utf16(&mut b, 64, 512, "qipu 样例棋谱库");
    let records = [
        sample_record(&[(180, 128, "第一章 中炮")], 0, &[], false),
        sample_record(
            &sample_tags("第一局 中炮对屏风马", "甲", "乙"),
            3,
            &SAMPLE_LINE,
            true,
        ),
        sample_record(
            &sample_tags("第二局 中炮缓开车", "丙", "丁"),
            0,
            &SAMPLE_LINE[..6],
            false,
        ),
    ];
    for (i, r) in records.iter().enumerate() {
        let e = 66624 + i * 276;
        b[e..e + 4].copy_from_slice(&7u32.to_le_bytes());
        b[e + 4..e + 8].copy_from_slice(&(i as u32).to_le_bytes());
        b[e + 8..e + 12].copy_from_slice(&1u32.to_le_bytes());
        b[e + 12..e + 16].copy_from_slice(&(r.len() as u32).to_le_bytes());
    }
    for r in records {
        let mut block = r;
        block.resize(4096, 0);
        b.extend(block);
    }
    b
}

#[test]
fn ccbridge_samples_are_the_generated_ones() {
    for (name, bytes) in [
        ("ccbridge.cbr", sample_cbr()),
        ("ccbridge.cbl", sample_cbl()),
    ] {
        super::assert_sample_is(name, &bytes);
    }
    let r = ccbridge::read_cbr(&sample_cbr()).remove(0).unwrap();
    assert!(r.parse_error.is_none());
    let moves: Vec<&str> = r.moves.iter().map(|m| m.text.as_str()).collect();
    assert_eq!(moves, SAMPLE_LINE);
    assert_eq!(r.comments, ["qipu 生成的样例"]);
    assert_eq!(r.moves[0].comments, ["中炮"]);
    let var: Vec<&str> = r.moves[2].variations[0]
        .iter()
        .map(|m| m.text.as_str())
        .collect();
    assert_eq!(var, ["b0c2", "i9h9"]);
    assert_eq!(r.tag("Site"), Some("北京"));
    let games = read_library(&sample_cbl());
    assert_eq!(games.len(), 2);
    assert_eq!(games[1].tag("Section"), Some("第一章 中炮"));
    assert_eq!(games[0].claim.as_ref().unwrap().result, GameResult::Draw);
    assert_eq!(
        ccbridge::library_name(&sample_cbl()).as_deref(),
        Some("qipu 样例棋谱库")
    );
}
