//! Integration tests of the Xiangqi format readers and writers: the samples agree with each
//! other, the XQF sample is what the generator below writes, the corpus reads cleanly.

use super::sample;
use crate::core::game::Game;
use crate::core::record::{GameResult, Record};
use crate::xiangqi::Xiangqi;
use crate::xiangqi::formats::{read_dhtmlxq, read_pgn, read_ucci, read_xqf, write_pgn};
use std::path::PathBuf;

const SAMPLE_ICCS: [&str; 14] = [
    "h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "c3c4", "g6g5", "h0h6", "h7i7", "h6g6", "i7i8",
    "b0c2", "d9e8",
];

fn texts(r: &Record) -> Vec<String> {
    r.moves
        .iter()
        .map(|m| m.text.to_ascii_lowercase().replace('-', ""))
        .collect()
}

fn only(mut v: Vec<Result<Record, crate::core::error::RecordError>>) -> Record {
    let r = v.remove(0).expect("a record");
    assert!(r.parse_error.is_none(), "{:?}", r.parse_error);
    r
}

#[test]
fn text_samples_agree() {
    let read = |n: &str| std::fs::read_to_string(sample(n)).unwrap();
    let iccs = only(read_pgn(&read("iccs.pgn")));
    assert_eq!(texts(&iccs), SAMPLE_ICCS);
    assert_eq!(iccs.tag("Format"), Some("ICCS"));
    let dhtml = only(read_dhtmlxq(&read("game.dhtmlxq")));
    assert_eq!(texts(&dhtml), SAMPLE_ICCS);
    assert_eq!(dhtml.moves[8].variations[0].len(), 2);
    assert_eq!(dhtml.moves[5].comments, ["屏风马"]);
    let ucci = read_ucci(&read("game.ucci"));
    assert_eq!(ucci.len(), 2);
    assert_eq!(texts(ucci[0].as_ref().unwrap()), SAMPLE_ICCS);
    let wxf = only(read_pgn(&read("wxf.pgn")));
    assert_eq!(wxf.moves.len(), 14);
    let chinese = read_pgn(&read("chinese.pgn"));
    assert_eq!(chinese.len(), 2);
    let first = chinese[0].as_ref().unwrap();
    assert!(first.parse_error.is_none());
    assert_eq!(first.moves.len(), 14);
    assert_eq!(first.moves[8].variations[0].len(), 2);
    let claim = first.claim.as_ref().unwrap();
    assert_eq!(claim.result, GameResult::FirstWins);
    assert_eq!(
        claim.termination,
        Some(crate::core::record::Termination::Resignation)
    );
    assert_eq!(chinese[1].as_ref().unwrap().moves.len(), 6);
}

/// Builds an unencrypted version-10 XQF file holding the sample game, a comment on the root
/// and on move 6, and one variation (b0c2 c9e7 instead of move 9).
fn sample_xqf() -> Vec<u8> {
    let mut b = vec![0u8; 0x400];
    b[0..3].copy_from_slice(b"XQ\x0a");
    let pieces: [u8; 32] = [
        80, 70, 60, 50, 40, 30, 20, 10, 0, 72, 12, 83, 63, 43, 23, 3, 9, 19, 29, 39, 49, 59, 69,
        79, 89, 17, 77, 6, 26, 46, 66, 86,
    ];
    b[0x10..0x30].copy_from_slice(&pieces);
    let mut put = |at: usize, s: &str| {
        let (bytes, _, _) = encoding_rs::GBK.encode(s);
        b[at] = bytes.len() as u8;
        b[at + 1..at + 1 + bytes.len()].copy_from_slice(&bytes);
    };
    put(0x50, "中炮对屏风马");
    put(0x130, "红方");
    put(0x140, "黑方");
    let sq = |s: &str| {
        let c = s.as_bytes();
        (c[0] - b'a') * 10 + (c[1] - b'0')
    };
    let node = |b: &mut Vec<u8>, mv: Option<&str>, flags: u8, comment: &str| {
        match mv {
            Some(m) => b.extend([sq(&m[0..2]) + 24, sq(&m[2..4]) + 32, flags, 0]),
            None => b.extend([0x18, 0x20, flags, 0xff]),
        }
        let (c, _, _) = encoding_rs::GBK.encode(comment);
        b.extend((c.len() as u32).to_le_bytes());
        b.extend(c.iter());
    };
    node(&mut b, None, 0xf0, "qipu 生成的样例");
    for (i, m) in SAMPLE_ICCS.iter().enumerate() {
        let next = if i + 1 < SAMPLE_ICCS.len() { 0xf0 } else { 0 };
        let var = if i == 8 { 0x0f } else { 0 };
        node(
            &mut b,
            Some(m),
            next | var,
            if i == 5 { "屏风马" } else { "" },
        );
    }
    node(&mut b, Some("b0c2"), 0xf0, "");
    node(&mut b, Some("c9e7"), 0, "");
    b
}

#[test]
fn xqf_sample_is_the_generated_one() {
    let bytes = sample_xqf();
    super::assert_sample_is("short-game.xqf", &bytes);
    let r = read_xqf(&bytes).unwrap();
    assert!(r.parse_error.is_none());
    assert_eq!(texts(&r), SAMPLE_ICCS);
    assert_eq!(r.setup, None);
    assert_eq!(r.tag("Title"), Some("中炮对屏风马"));
    assert_eq!(r.comments, ["qipu 生成的样例"]);
    assert_eq!(r.moves[5].comments, ["屏风马"]);
    assert_eq!(texts_of(&r.moves[8].variations[0]), ["b0c2", "c9e7"]);
    assert_eq!(r.moves[0].span.start, first_move_at());
}

/// Where the sample's first move record starts: after the root record and its GBK comment.
fn first_move_at() -> usize {
    0x408 + encoding_rs::GBK.encode("qipu 生成的样例").0.len()
}

fn texts_of(line: &[crate::core::record::MoveEntry]) -> Vec<&str> {
    line.iter().map(|m| m.text.as_str()).collect()
}

#[test]
fn xqf_broken_files_never_panic() {
    let bytes = sample_xqf();
    for len in [
        0,
        1,
        2,
        3,
        100,
        0x3ff,
        0x400,
        0x403,
        0x404,
        0x40a,
        bytes.len() - 3,
    ] {
        let cut = &bytes[..len];
        match read_xqf(cut) {
            Err(e) => assert!(e.span.is_some(), "error with a span at {len}"),
            Ok(r) => {
                if len < bytes.len() {
                    assert!(
                        r.parse_error.is_some() || !r.warnings.is_empty(),
                        "cut at {len}"
                    );
                }
            }
        }
    }
    // A move with a square off the board.
    let mut bad = bytes.clone();
    let first = first_move_at();
    bad[first] = 200;
    let e = read_xqf(&bad).unwrap().parse_error.unwrap();
    assert_eq!(e.ply, Some(1));
    assert_eq!(e.span.unwrap().start, first);
    // Deterministic byte noise over the whole file (header keys, flags, lengths).
    let mut seed: u32 = 12345;
    for _ in 0..2000 {
        let mut m = bytes.clone();
        for _ in 0..4 {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
            let at = (seed >> 8) as usize % m.len();
            m[at] = (seed >> 3) as u8;
        }
        if seed.is_multiple_of(3) {
            m[2] = 0x12;
        }
        let _ = read_xqf(&m);
    }
}

#[test]
fn xqf_corpus_reads() {
    let Some(dir) = super::corpus("binary") else {
        return;
    };
    let mut n = 0;
    for e in std::fs::read_dir(&dir).unwrap() {
        let p = e.unwrap().path();
        if p.extension().and_then(|e| e.to_str()) != Some("xqf") {
            continue;
        }
        let r = read_xqf(&std::fs::read(&p).unwrap());
        let r = r.unwrap_or_else(|e| panic!("{}: {e}", p.display()));
        assert!(
            r.parse_error.is_none(),
            "{}: {:?}",
            p.display(),
            r.parse_error
        );
        n += 1;
    }
    assert!(n >= 20, "{n} xqf files");
    // The same game saved unencrypted (version 10) and encrypted (version 18).
    let v10 = read_xqf(&std::fs::read(dir.join("test1.xqf")).unwrap()).unwrap();
    let v18 = read_xqf(&std::fs::read(dir.join("test.xqf")).unwrap()).unwrap();
    assert_eq!(texts(&v10), texts(&v18));
    assert_eq!(&texts(&v18)[..4], ["c3c4", "h9g7", "g3g4", "b7c7"]);
    assert_eq!(v18.tag("Red"), Some("柳大华"));
    assert_eq!(v18.claim.as_ref().unwrap().result, GameResult::SecondWins);
    let g = read_xqf(&std::fs::read(dir.join("game-00.xqf")).unwrap()).unwrap();
    assert_eq!(&texts(&g)[..3], ["h2e2", "b9c7", "h0g2"]);
    assert!(g.tag("Title").unwrap().contains("黄松轩"));
    let wild = read_xqf(&std::fs::read(dir.join("WildHouse.xqf")).unwrap()).unwrap();
    assert!(wild.setup.is_some());
    assert!(wild.moves.iter().any(|m| !m.variations.is_empty()));
    let empty = read_xqf(&std::fs::read(dir.join("EmptyTest.xqf")).unwrap()).unwrap();
    assert!(empty.moves.is_empty());
}

/// Reads the CCPD PGN files whose index is a multiple of `step` (Big5); returns (files, games,
/// moves, files with a parse error, warnings).
fn read_ccpd(step: usize) -> Option<(usize, usize, usize, Vec<String>, usize)> {
    let dir = super::corpus("ccpd")?;
    let mut files: Vec<PathBuf> = Vec::new();
    let mut stack = vec![dir];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().and_then(|e| e.to_str()) == Some("pgn") {
                files.push(p);
            }
        }
    }
    files.sort();
    let (mut n, mut games, mut moves, mut bad, mut warnings) = (0, 0, 0, Vec::new(), 0);
    for p in files.iter().step_by(step) {
        let bytes = std::fs::read(p).unwrap();
        let (text, _, had_errors) = encoding_rs::BIG5.decode(&bytes);
        assert!(!had_errors, "{} is not Big5", p.display());
        n += 1;
        for r in read_pgn(&text) {
            games += 1;
            match r {
                Ok(r) if r.parse_error.is_none() && r.claim.is_some() => {
                    moves += r.moves.len();
                    warnings += r.warnings.len();
                }
                Ok(r) => bad.push(format!("{}: {:?}", p.display(), r.parse_error)),
                Err(e) => bad.push(format!("{}: {e}", p.display())),
            }
        }
    }
    Some((n, games, moves, bad, warnings))
}

#[test]
fn ccpd_slice_reads_without_errors() {
    let Some((files, games, moves, bad, _)) = read_ccpd(97) else {
        return;
    };
    assert!(files > 100, "{files}");
    assert_eq!(games, files, "one game a file");
    assert!(bad.is_empty(), "{bad:#?}");
    assert!(moves > files * 20);
}

/// The whole CCPD corpus (11,746 files); slow in debug builds.
#[test]
#[ignore]
fn ccpd_whole_corpus_reads_without_errors() {
    let Some((files, games, moves, bad, warnings)) = read_ccpd(1) else {
        return;
    };
    println!(
        "ccpd: {files} files, {games} games, {moves} moves, {} with errors, {warnings} warnings",
        bad.len()
    );
    assert!(bad.is_empty(), "{bad:#?}");
}

#[test]
fn pgn_writer_output_reads_back() {
    let text = std::fs::read_to_string(sample("chinese.pgn")).unwrap();
    let rec = only(read_pgn(&text));
    let moves: Vec<String> = rec.moves.iter().map(|m| m.text.to_string()).collect();
    let out = write_pgn(&rec, &moves, "Chinese");
    let back = only(read_pgn(&out));
    assert_eq!(texts(&back), texts(&rec));
    assert_eq!(back.moves[5].comments, rec.moves[5].comments);
    assert_eq!(back.claim.unwrap().result, GameResult::FirstWins);
    assert_eq!(Xiangqi.sniff("x.pgn", out.as_bytes()), Some("pgn"));
}

fn check_spans(text: &str, r: &Record) {
    let ok = |s: crate::core::span::Span| {
        s.start <= s.end
            && s.end <= text.len()
            && text.is_char_boundary(s.start)
            && text.is_char_boundary(s.end)
    };
    assert!(ok(r.span), "record span {:?}", r.span);
    for m in &r.moves {
        assert!(ok(m.span), "move span {:?} in {text:?}", m.span);
    }
    if let Some(s) = r.parse_error.as_ref().and_then(|e| e.span) {
        assert!(ok(s), "error span {s:?} in {text:?}");
    }
}

/// Random texts made of format fragments: the text readers never panic and every span they
/// give lies on character boundaries inside the text.
#[test]
fn text_readers_survive_noise() {
    const PIECES: [&str; 24] = [
        "[Event \"x\"]",
        "[FEN \"",
        "\"]",
        "\n",
        " ",
        "1.",
        "2...",
        "炮二平五",
        "馬８進７",
        "H2-E2",
        "C2.5",
        "{",
        "}",
        "(",
        ")",
        ";",
        "$1",
        "!?",
        "1-0",
        "*",
        "[DhtmlXQ]",
        "[DhtmlXQ_movelist]7747",
        "[/DhtmlXQ_movelist]",
        "position startpos moves h2e2",
    ];
    let mut seed: u64 = 7;
    for _ in 0..3000 {
        let mut text = String::new();
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        let n = (seed >> 59) as usize + 1;
        for _ in 0..n * 3 {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            text.push_str(PIECES[(seed >> 33) as usize % PIECES.len()]);
        }
        for r in read_pgn(&text)
            .into_iter()
            .chain(read_dhtmlxq(&text))
            .chain(read_ucci(&text))
        {
            match r {
                Ok(r) => check_spans(&text, &r),
                Err(e) => {
                    if let Some(s) = e.span {
                        assert!(
                            s.end <= text.len() && text.is_char_boundary(s.start),
                            "{text:?}"
                        );
                    }
                }
            }
        }
    }
}
