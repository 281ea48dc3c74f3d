//! Fits the pattern weights of the Othello move order (`src/othello/solve/eval.rs`) to the
//! exact scores of `examples/othello_labels.rs`: ridge regression (least squares with a
//! penalty on the weights' squares) by conjugate gradients, one set of weights a stage of
//! empties. The penalty is chosen on the labels held out (every tenth generator index), then
//! the weights are fitted again on all of them and written deflated to `OUT`.
//!
//!     cargo run --release --example othello_fit -- LABELS... OUT > LOG
//!
//! (`OUT` is `src/othello/solve/weights.bin`, `LOG` beside it as `weights.log`.) Several label
//! files are read as one (`examples/othello_labels.rs`, `examples/othello_wthor_labels.rs`).

use qipu::othello::notation::parse_board;
use qipu::othello::solve::eval::{FEATURES, SCALE, STAGE_EMPTIES, STAGE_SIZE, features, stage};
use std::collections::HashSet;
use std::io::BufRead;

/// One labelled position: its features, its exact score, whether it is held out.
struct Sample {
    f: [u32; FEATURES],
    y: f64,
    test: bool,
}

/// `Xᵀ X v + λ v` over `samples`.
fn normal_times(samples: &[&Sample], v: &[f64], lambda: f64) -> Vec<f64> {
    let mut out: Vec<f64> = v.iter().map(|x| x * lambda).collect();
    for s in samples {
        let xv: f64 = s.f.iter().map(|&i| v[i as usize]).sum();
        for &i in &s.f {
            out[i as usize] += xv;
        }
    }
    out
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// The ridge weights for `samples` (conjugate gradients, `iters` steps at most).
fn fit(samples: &[&Sample], lambda: f64, iters: usize) -> Vec<f64> {
    let mut b = vec![0.0; STAGE_SIZE];
    for s in samples {
        for &i in &s.f {
            b[i as usize] += s.y;
        }
    }
    let mut w = vec![0.0; STAGE_SIZE];
    let mut r = b;
    let mut p = r.clone();
    let mut rr = dot(&r, &r);
    let start = rr;
    for _ in 0..iters {
        if rr <= start * 1e-12 {
            break;
        }
        let ap = normal_times(samples, &p, lambda);
        let alpha = rr / dot(&p, &ap);
        for k in 0..STAGE_SIZE {
            w[k] += alpha * p[k];
            r[k] -= alpha * ap[k];
        }
        let next = dot(&r, &r);
        let beta = next / rr;
        rr = next;
        for k in 0..STAGE_SIZE {
            p[k] = r[k] + beta * p[k];
        }
    }
    w
}

/// The root mean square error of `w` on `samples`, with the weights rounded as stored.
fn rms(samples: &[&Sample], w: &[f64]) -> f64 {
    let q: Vec<f64> = w.iter().map(|x| quantise(*x) as f64 / SCALE).collect();
    let se: f64 = samples
        .iter()
        .map(|s| {
            let e = s.f.iter().map(|&i| q[i as usize]).sum::<f64>() - s.y;
            e * e
        })
        .sum();
    (se / samples.len().max(1) as f64).sqrt()
}

fn quantise(w: f64) -> i16 {
    (w * SCALE).round().clamp(-32000.0, 32000.0) as i16
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 2 {
        eprintln!("usage: othello_fit LABELS... OUT");
        std::process::exit(2);
    }
    let out_path = args.pop().unwrap_or_default();
    // Each distinct position once (the first line of it).
    let mut seen = HashSet::new();
    let mut stages: Vec<Vec<Sample>> = STAGE_EMPTIES.iter().map(|_| Vec::new()).collect();
    let (mut lines, mut bad) = (0, 0);
    for labels in &args {
        let file = match std::fs::File::open(labels) {
            Ok(f) => f,
            Err(e) => {
                eprintln!("{labels}: {e}");
                std::process::exit(1);
            }
        };
        for line in std::io::BufReader::new(file).lines().map_while(Result::ok) {
            lines += 1;
            let w: Vec<&str> = line.split(' ').collect();
            let parsed = (w.len() == 4)
                .then(|| {
                    let index: u64 = w[0].parse().ok()?;
                    let board = parse_board(&format!("{} {}", w[1], w[2])).ok()?;
                    let score: i32 = w[3].parse().ok()?;
                    Some((index, board, score))
                })
                .flatten();
            let Some((index, board, score)) = parsed else {
                bad += 1;
                continue;
            };
            if !seen.insert((board.black, board.white, board.to_move)) {
                continue;
            }
            let (p, o) = board.sides();
            stages[stage(board.empties())].push(Sample {
                f: features(p, o),
                y: f64::from(score),
                test: index % 10 == 0,
            });
        }
    }
    println!(
        "{}: {lines} lines ({bad} unreadable), {} distinct positions",
        args.join(" "),
        seen.len()
    );
    let mut out = Vec::with_capacity(2 * STAGE_SIZE * STAGE_EMPTIES.len());
    let mut low = 0;
    for (k, samples) in stages.iter().enumerate() {
        let train: Vec<&Sample> = samples.iter().filter(|s| !s.test).collect();
        let test: Vec<&Sample> = samples.iter().filter(|s| s.test).collect();
        let all: Vec<&Sample> = samples.iter().collect();
        let mean = train.iter().map(|s| s.y).sum::<f64>() / train.len().max(1) as f64;
        let base_rms = (test.iter().map(|s| (s.y - mean).powi(2)).sum::<f64>()
            / test.len().max(1) as f64)
            .sqrt();
        println!(
            "stage {k} (empties {low}–{}): {} positions, {} held out; held-out RMS of the mean score: {base_rms:.2} discs",
            STAGE_EMPTIES[k],
            samples.len(),
            test.len()
        );
        let mut best = (f64::MAX, 1.0);
        for lambda in [1.0, 3.0, 10.0, 30.0, 100.0] {
            let w = fit(&train, lambda, 200);
            let (tr, te) = (rms(&train, &w), rms(&test, &w));
            println!("  lambda {lambda:>5}: RMS {tr:.2} discs fitted, {te:.2} held out");
            if te < best.0 {
                best = (te, lambda);
            }
        }
        let w = fit(&all, best.1, 200);
        println!(
            "  kept lambda {}, fitted again on all {} positions: RMS {:.2} discs",
            best.1,
            all.len(),
            rms(&all, &w)
        );
        out.extend(w.iter().flat_map(|x| quantise(*x).to_le_bytes()));
        low = STAGE_EMPTIES[k] + 1;
    }
    let packed = miniz_oxide::deflate::compress_to_vec(&out, 10);
    if let Err(e) = std::fs::write(&out_path, &packed) {
        eprintln!("{out_path}: {e}");
        std::process::exit(1);
    }
    println!(
        "{out_path}: {} bytes ({} weights)",
        packed.len(),
        out.len() / 2
    );
}
