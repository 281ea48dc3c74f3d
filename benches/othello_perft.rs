//! Othello perft speed (single thread), from the standard start.

use criterion::{Criterion, criterion_group, criterion_main};
use qipu::othello::rules::Board;
use qipu::othello::rules::perft::perft;
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("othello-perft");
    g.sample_size(10);
    for depth in [8u32, 11] {
        g.bench_function(format!("depth {depth}"), |b| {
            b.iter(|| perft(black_box(&Board::start()), black_box(depth)))
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
