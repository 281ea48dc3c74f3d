//! Othello perft, "mode 1" (a pass is a ply; a game finished before full depth is one leaf).

use qipu::core::game::{Game, PerftQuery};
use qipu::othello::Othello;
use qipu::othello::rules::Board;
use qipu::othello::rules::perft::perft;

const COUNTS: [u64; 12] = [
    4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288, 24571284, 212258800, 1939886636,
];

#[test]
fn perft_to_depth_9() {
    for (i, &n) in COUNTS.iter().enumerate().take(9) {
        assert_eq!(perft(&Board::start(), i as u32 + 1), n, "depth {}", i + 1);
    }
}

#[test]
fn divide_and_threads_give_the_same_total() {
    let one = Othello
        .perft(
            None,
            PerftQuery {
                depth: 7,
                divide: true,
                jobs: 1,
            },
        )
        .unwrap();
    let two = Othello
        .perft(
            None,
            PerftQuery {
                depth: 7,
                divide: true,
                jobs: 2,
            },
        )
        .unwrap();
    assert_eq!(one.total, COUNTS[6]);
    assert_eq!(two.total, COUNTS[6]);
    assert_eq!(one.divide, two.divide);
    let names: Vec<&str> = one.divide.iter().map(|(m, _)| m.as_str()).collect();
    assert_eq!(names, ["d3", "c4", "f5", "e6"]);
    assert_eq!(one.divide.iter().map(|(_, n)| n).sum::<u64>(), one.total);
}

#[test]
fn perft_from_a_board_string() {
    let start = "---------------------------OX------XO--------------------------- X";
    assert_eq!(
        Othello
            .perft(
                Some(start),
                PerftQuery {
                    depth: 5,
                    divide: false,
                    jobs: 1
                }
            )
            .unwrap()
            .total,
        COUNTS[4]
    );
    // White to move in the start position: the same count by symmetry.
    let white = start.replace(" X", " O");
    assert_eq!(
        Othello
            .perft(
                Some(&white),
                PerftQuery {
                    depth: 5,
                    divide: false,
                    jobs: 1
                }
            )
            .unwrap()
            .total,
        COUNTS[4]
    );
    assert!(
        Othello
            .perft(
                Some("nonsense"),
                PerftQuery {
                    depth: 3,
                    divide: false,
                    jobs: 1
                }
            )
            .is_err()
    );
}

/// Long: depths 10-12 (seconds to a minute in release). Run with `--ignored --release`.
#[test]
#[ignore]
fn perft_deep() {
    for (i, &n) in COUNTS.iter().enumerate().skip(9) {
        let t = std::time::Instant::now();
        let total = perft(&Board::start(), i as u32 + 1);
        assert_eq!(total, n, "depth {}", i + 1);
        println!(
            "perft {} = {total} in {:.3} s",
            i + 1,
            t.elapsed().as_secs_f64()
        );
    }
}
