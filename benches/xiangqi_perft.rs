//! perft speed (single thread): `cargo bench --bench xiangqi_perft`.

use criterion::{Criterion, criterion_group, criterion_main};
use qipu::xiangqi::rules::Position;
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let start = Position::start();
    let mut g = c.benchmark_group("xiangqi-perft");
    g.sample_size(10);
    g.bench_function("start perft 4", |b| {
        b.iter(|| assert_eq!(black_box(&start).perft(4), 3_290_240))
    });
    let mid = Position::from_fen(
        "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
    )
    .expect("valid FEN");
    g.bench_function("midgame perft 4", |b| {
        b.iter(|| assert_eq!(black_box(&mid).perft(4), 1_339_047))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
