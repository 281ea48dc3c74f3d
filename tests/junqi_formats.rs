//! The `.jqr` reader and writer through the `Game` trait: convert keeps every sample's
//! verdict, show prints the position, and no input makes the reader or referee panic.

use proptest::prelude::*;
use qipu::core::game::{Game, PerftQuery, ShowOptions};
use qipu::core::record::{Input, Record};
use qipu::core::rules::Rules;
use qipu::junqi::Junqi;
use std::sync::Arc;

fn input(text: &str) -> Input {
    Input {
        name: "t.jqr".into(),
        bytes: Arc::from(text.as_bytes()),
        text: Some(Arc::from(text)),
        siblings: Vec::new(),
    }
}

fn rules() -> Rules {
    Rules::defaults(Junqi.rule_table())
}

fn samples() -> Vec<(String, String)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/samples/junqi");
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let path = e.unwrap().path();
        if path.extension().is_some_and(|x| x == "jqr") {
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            out.push((name, std::fs::read_to_string(&path).unwrap()));
        }
    }
    out.sort();
    out
}

fn summary(rec: &Record) -> (usize, Option<String>, Option<(String, usize, String)>) {
    let c = Junqi.check(rec, &rules(), true);
    (
        c.plies,
        c.error.map(|e| e.kind.to_string()),
        c.verdict
            .map(|v| (v.reason.to_string(), v.ply, v.result.to_string())),
    )
}

#[test]
fn convert_keeps_every_verdict() {
    for (name, text) in samples() {
        let recs: Vec<Record> = Junqi
            .read("jqr", &input(&text))
            .into_iter()
            .filter_map(Result::ok)
            .collect();
        if recs.is_empty() {
            continue;
        }
        let out = Junqi.convert(&recs, "jqr", &rules());
        assert!(out.failures.is_empty());
        let written = String::from_utf8(out.bytes).unwrap();
        let again: Vec<Record> = Junqi
            .read("jqr", &input(&written))
            .into_iter()
            .map(|r| r.unwrap())
            .collect();
        assert_eq!(again.len(), recs.len(), "{name}");
        if recs[0].parse_error.is_some() {
            continue; // the writer writes only what was read
        }
        assert_eq!(summary(&recs[0]), summary(&again[0]), "{name}\n{written}");
    }
    assert!(Junqi.convert(&[], "pgn", &rules()).bytes.is_empty());
}

#[test]
fn show_prints_the_position_at_a_ply() {
    let text = samples()
        .into_iter()
        .find(|(n, _)| n == "flag-captured.jqr")
        .unwrap()
        .1;
    let rec = Junqi.read("jqr", &input(&text)).remove(0).unwrap();
    let opts = ShowOptions {
        ply: Some(60),
        ..ShowOptions::default()
    };
    let shown = Junqi.show(&rec, &rules(), &opts).unwrap();
    // The mid-game fixture of src/junqi/tests/perft.rs is this very position.
    assert!(
        shown.diagram.contains("*BM*dc*x/*G*B*P*b*L/*x3*l/1L1*p1/1D*e1F/2*d1g/m*f2c/2*e1*D/1*lT*R*E/L1*CP1/r*E3/*tel*bR 1 r brr 60 6 0/0 0/0"),
        "{}",
        shown.diagram
    );
    assert!(shown.diagram.contains("红司令"));
    assert!(shown.svg.is_none());
    let pic = Junqi
        .show(
            &rec,
            &rules(),
            &ShowOptions {
                ply: Some(60),
                svg: true,
                ..ShowOptions::default()
            },
        )
        .unwrap()
        .svg
        .expect("an svg");
    // One line a link, a tile for each of the 23 face-down and the face-up pieces.
    assert_eq!(pic.matches("<line ").count(), 133);
    assert_eq!(pic.matches("stroke-width=\"4\"").count(), 35);
    assert!(pic.starts_with("<svg") && pic.trim_end().ends_with("</svg>"));
    let start = Junqi
        .show(
            &rec,
            &rules(),
            &ShowOptions {
                ply: Some(0),
                ..ShowOptions::default()
            },
        )
        .unwrap();
    assert!(start.diagram.contains("face down 50"), "{}", start.diagram);
}

#[test]
fn sniffs_by_extension_and_content() {
    assert_eq!(Junqi.sniff("a.JQR", b""), Some("jqr"));
    assert_eq!(
        Junqi.sniff("a.txt", b"[Game  \"Junqi Fanfanqi\"]"),
        Some("jqr")
    );
    assert_eq!(Junqi.sniff("a.pgn", b"[Event \"x\"]\n1. e4"), None);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn arbitrary_text_never_panics(s in "\\PC{0,200}") {
        for r in Junqi.read("jqr", &input(&s)).into_iter().flatten() {
            let _ = Junqi.check(&r, &rules(), true);
        }
    }

    #[test]
    fn cut_and_spliced_samples_never_panic(i in 0usize..40, a in 0usize..4000, b in 0usize..4000, junk in "[ A-L0-9x=\\-@:#?*/{}\\[\\]\"红蓝工兵司令]{0,12}") {
        let all = samples();
        let text = &all[i % all.len()].1;
        let cut = |n: usize| {
            let mut n = n.min(text.len());
            while !text.is_char_boundary(n) { n -= 1; }
            n
        };
        let (x, y) = (cut(a.min(b)), cut(a.max(b)));
        let mutated = format!("{}{}{}", &text[..x], junk, &text[y..]);
        for r in Junqi.read("jqr", &input(&mutated)).into_iter().flatten() {
            let c = Junqi.check(&r, &rules(), true);
            if let Some(sp) = c.error.and_then(|e| e.span) {
                prop_assert!(sp.start <= sp.end && sp.end <= mutated.len());
            }
            let _ = Junqi.show(&r, &rules(), &ShowOptions::default());
        }
    }

    #[test]
    fn arbitrary_positions_never_panic(s in "[0-5MGDBRTCPEXLFmgdbrtcpexlf?*/ 12rb\\-]{0,90}") {
        if let Ok(p) = qipu::junqi::notation::position::parse_position(&s) {
            let _ = p.legal_actions(&qipu::junqi::rules::Params::default());
            let query = PerftQuery { depth: 2, divide: false, jobs: 1 };
            let _ = Junqi.perft(Some(&s), query);
        }
    }
}
