//! Notation parsing and end-to-end validation of one record, single thread:
//! `cargo bench --bench notation`.
//!
//! * `pgn read`: splitting and parsing an XQ PGN game (Chinese notation) into a record;
//! * `chinese resolve`: resolving every move of that game against its position;
//! * `validate pgn`: read + replay of the game, as `qipu validate` does per record;
//! * `validate wthor`: read + replay of a WTHOR database in memory (when the corpus is there).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use qipu::core::game::Game;
use qipu::core::record::{GameKind, Input, Record};
use qipu::core::rules::Rules;
use qipu::xiangqi::rules::Position;
use std::hint::black_box;
use std::sync::Arc;

/// A master game written in Chinese notation (simplified characters).
const GAME: &str = "[Game \"Chinese Chess\"]\n[Event \"bench\"]\n[Result \"1-0\"]\n\n\
1. 炮二平五 马8进7 2. 马二进三 车9平8 3. 车一平二 卒7进1 4. 车二进六 马2进3 \
5. 马八进七 卒3进1 6. 车九进一 炮2进1 7. 车二退二 象3进5 8. 兵七进一 炮8进2 \
9. 车九平六 士4进5 1-0\n";

fn input(text: &str) -> Input {
    Input {
        name: "bench.pgn".into(),
        bytes: Arc::from(text.as_bytes()),
        text: Some(Arc::from(text)),
        siblings: Vec::new(),
    }
}

fn bench(c: &mut Criterion) {
    let xq = &qipu::xiangqi::Xiangqi;
    let rules = Rules::defaults(xq.rule_table());
    let inp = input(GAME);
    let record: Record = xq
        .read("pgn", &inp)
        .into_iter()
        .next()
        .and_then(Result::ok)
        .expect("the bench game reads");
    assert_eq!(record.game, GameKind::Xiangqi);
    let plies = record.moves.len() as u64;
    assert!(xq.check(&record, &rules, false).error.is_none());

    let mut g = c.benchmark_group("notation");
    g.throughput(Throughput::Elements(plies));
    g.bench_function("pgn read (plies)", |b| {
        b.iter(|| xq.read("pgn", black_box(&inp)))
    });
    g.bench_function("chinese resolve (plies)", |b| {
        b.iter(|| {
            let mut pos = Position::start();
            for m in &record.moves {
                let (mv, _) =
                    qipu::xiangqi::notation::resolve(&pos, black_box(&m.text)).expect("legal");
                pos.play_unchecked(mv);
            }
            pos
        })
    });
    g.finish();

    let mut g = c.benchmark_group("validate");
    g.throughput(Throughput::Elements(1));
    g.bench_function("pgn read + replay (games)", |b| {
        b.iter(|| {
            for r in xq.read("pgn", black_box(&inp)).iter().flatten() {
                black_box(xq.check(r, &rules, false));
            }
        })
    });
    g.bench_function("pgn read + adjudicate (games)", |b| {
        b.iter(|| {
            for r in xq.read("pgn", black_box(&inp)).iter().flatten() {
                black_box(xq.check(r, &rules, true));
            }
        })
    });
    let wthor = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/corpus/othello/wthor/WTH_1990.wtb");
    if let Ok(bytes) = std::fs::read(&wthor) {
        let oth = &qipu::othello::Othello;
        let orules = Rules::defaults(oth.rule_table());
        let winp = Input {
            name: "WTH_1990.wtb".into(),
            bytes: Arc::from(bytes),
            text: None,
            siblings: Vec::new(),
        };
        let games = oth.read("wthor", &winp).len() as u64;
        g.throughput(Throughput::Elements(games));
        g.bench_function("wthor read + replay (games)", |b| {
            b.iter(|| {
                for r in oth.read("wthor", black_box(&winp)).iter().flatten() {
                    black_box(oth.check(r, &orules, false));
                }
            })
        });
    } else {
        eprintln!("WTHOR corpus not found: the wthor bench is skipped");
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
