//! perft against the reference counts in tests/fixtures/xiangqi-perft.txt. The default run
//! checks every count below 2,000,000 (a few seconds in debug); the deep counts and the speed
//! measurement are #[ignore]d (run them with `cargo test --release -- --ignored`).

use qipu::core::game::{Game, PerftQuery};
use qipu::xiangqi::Xiangqi;
use qipu::xiangqi::rules::Position;
use std::time::Instant;

struct Case {
    id: String,
    fen: String,
    counts: Vec<(u32, u64)>,
}

fn cases() -> Vec<Case> {
    let text = include_str!("fixtures/xiangqi-perft.txt");
    let mut out: Vec<Case> = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, rest) = line.split_once(' ').expect("key and value");
        match key {
            "id" => out.push(Case {
                id: rest.to_string(),
                fen: String::new(),
                counts: Vec::new(),
            }),
            "fen" => out.last_mut().expect("id first").fen = rest.to_string(),
            "perft" => {
                let (d, n) = rest.split_once(' ').expect("depth and count");
                out.last_mut()
                    .expect("id first")
                    .counts
                    .push((d.parse().unwrap(), n.parse().unwrap()));
            }
            _ => panic!("unknown fixture line {line}"),
        }
    }
    assert!(out.len() >= 4);
    out
}

fn run(limit: u64, min: u64) {
    for case in cases() {
        let pos = Position::from_fen(&case.fen).unwrap_or_else(|e| panic!("{}: {e}", case.id));
        assert_eq!(pos.to_fen(), case.fen, "{}: FEN round trip", case.id);
        for &(depth, expected) in &case.counts {
            if expected >= limit || expected < min {
                continue;
            }
            let start = Instant::now();
            let got = pos.perft(depth);
            println!("{} perft {depth} = {got} in {:?}", case.id, start.elapsed());
            assert_eq!(got, expected, "{} perft {depth}", case.id);
        }
    }
}

#[test]
fn perft_shallow() {
    run(2_000_000, 0);
}

#[test]
fn divide_sums_to_the_total_and_jobs_do_not_change_it() {
    let perft = |depth, divide, jobs| {
        Xiangqi
            .perft(
                None,
                PerftQuery {
                    depth,
                    divide,
                    jobs,
                },
            )
            .unwrap()
    };
    let three = perft(3, true, 1);
    assert_eq!(three.divide.len(), 44);
    assert_eq!(
        three.divide.iter().map(|(_, n)| n).sum::<u64>(),
        three.total
    );
    assert!(three.divide.iter().any(|(m, _)| m == "h2e2"));
    assert!(three.divide.is_sorted(), "sorted by ICCS text");
    // Threads share the root moves from depth 4.
    let one = perft(4, true, 1);
    let two = perft(4, true, 2);
    assert_eq!(one.total, 3_290_240);
    assert_eq!(two.total, one.total);
    assert_eq!(two.divide, one.divide);
    assert_eq!(perft(4, false, 2).total, one.total);
    assert!(perft(4, false, 2).divide.is_empty());
    assert_eq!(perft(0, false, 1).total, 1);
}

/// Deep counts: minutes in debug, seconds in release.
#[test]
#[ignore]
fn perft_deep() {
    run(u64::MAX, 2_000_000);
}

/// The speed measurement: perft 5 from the start, single thread (release).
#[test]
#[ignore]
fn perft_speed() {
    let pos = Position::start();
    let start = Instant::now();
    let n = pos.perft(5);
    let t = start.elapsed();
    println!(
        "perft 5 from the start: {n} in {t:?} ({:.1} Mnps)",
        n as f64 / t.as_secs_f64() / 1e6
    );
    assert_eq!(n, 133_312_995);
}

/// Builds a FEN from ten ranks of codes (0–13 a piece, more an empty point).
fn fen_of(ranks: &[Vec<u8>], black: bool) -> String {
    let letters: Vec<char> = "KABNRCPkabnrcp".chars().collect();
    let mut rows = Vec::new();
    for rank in ranks {
        let (mut row, mut empty) = (String::new(), 0);
        for &c in rank {
            match letters.get(c as usize) {
                Some(&l) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push(l);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    format!("{} {}", rows.join("/"), if black { 'b' } else { 'w' })
}

proptest::proptest! {
    /// Any FEN-like text is read or refused with reasons — never a panic.
    #[test]
    fn arbitrary_fen_text_never_panics(text in "[1-9kabnrcpKABNRCPHEhex/ wbr0-]{0,60}") {
        let _ = Position::from_fen(&text);
        let _ = Position::from_fen_unchecked(&text);
    }

    /// Any placement (even impossible ones, kingless or crowded) reads, writes back to the
    /// same FEN, and plays without panics; when the set-up is possible, perft 2 equals the
    /// sum over the legal moves.
    #[test]
    fn arbitrary_placements(
        ranks in proptest::collection::vec(proptest::collection::vec(0u8..40, 9), 10),
        black in proptest::bool::ANY,
    ) {
        let fen = fen_of(&ranks, black);
        let pos = Position::from_fen_unchecked(&fen).unwrap();
        proptest::prop_assert_eq!(Position::from_fen_unchecked(&pos.to_fen()).unwrap(), pos.clone());
        let _ = pos.setup_problems();
        let n2 = pos.perft(2);
        if pos.setup_problems().is_empty() {
            let mut sum = 0;
            for mv in pos.legal_moves_vec() {
                let mut p = pos.clone();
                p.play(mv).unwrap();
                sum += p.legal_moves_vec().len() as u64;
            }
            proptest::prop_assert_eq!(n2, sum);
        }
    }
}
