//! Every record in samples/junqi/: the verdict (reason, ply, result) or the error (kind,
//! ply, the text the span points at) its file name promises. Goes through the `Game` trait.

use qipu::core::error::ErrorKind;
use qipu::core::game::{Checked, Game};
use qipu::core::record::{Input, Record};
use qipu::core::rules::Rules;
use qipu::junqi::Junqi;
use std::sync::Arc;

fn load(name: &str) -> (String, Record) {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/samples/junqi/").to_string() + name;
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let input = Input {
        name: name.to_string(),
        bytes: Arc::from(text.as_bytes()),
        text: Some(Arc::from(text.as_str())),
        siblings: Vec::new(),
    };
    assert_eq!(Junqi.sniff(name, text.as_bytes()), Some("jqr"));
    let mut games = Junqi.read("jqr", &input);
    assert_eq!(games.len(), 1, "{name}");
    let rec = games.remove(0).unwrap_or_else(|e| panic!("{name}: {e}"));
    (text, rec)
}

fn rules() -> Rules {
    Rules::defaults(Junqi.rule_table())
}

fn adjudicate(name: &str) -> (String, Checked) {
    let (text, rec) = load(name);
    (text, Junqi.check(&rec, &rules(), true))
}

fn verdict(name: &str, reason: &str, ply: usize, result: &str) {
    let (_, c) = adjudicate(name);
    assert!(c.error.is_none(), "{name}: {:?}", c.error);
    let v = c.verdict.unwrap_or_else(|| panic!("{name}: no verdict"));
    assert_eq!(
        (v.reason.as_str(), v.ply, v.result.as_str()),
        (reason, ply, result),
        "{name}: {}",
        v.detail
    );
}

fn invalid(name: &str, kind: ErrorKind, ply: usize, pointed: &str, says: &str) {
    let (text, c) = adjudicate(name);
    let e = c
        .error
        .unwrap_or_else(|| panic!("{name} should be invalid"));
    assert_eq!(e.kind, kind, "{name}: {e}");
    assert_eq!(e.ply, Some(ply), "{name}: {e}");
    assert_eq!(c.plies, ply - 1, "{name}");
    let span = e.span.expect("a span");
    assert_eq!(&text[span.start..span.end], pointed, "{name}: {e}");
    assert!(e.message.contains(says), "{name}: {}", e.message);
    assert!(c.verdict.is_none());
}

#[test]
fn every_verdict_at_its_ply() {
    verdict("flag-captured.jqr", "flag-captured", 136, "0-1");
    verdict("no-legal-action.jqr", "no-legal-action", 218, "0-1");
    verdict("timeouts.jqr", "timeouts", 21, "0-1");
    verdict("repetition.jqr", "repetition", 71, "0-1");
    verdict("no-capture-limit.jqr", "no-capture-limit", 263, "1/2-1/2");
    verdict("step-limit.jqr", "step-limit", 300, "1/2-1/2");
    verdict("time-limit.jqr", "time-limit", 216, "1/2-1/2");
    verdict("resignation.jqr", "resignation", 60, "0-1");
    verdict("agreement.jqr", "agreement", 72, "1/2-1/2");
    verdict("weaker-attack-suicide-yes.jqr", "unfinished", 5, "*");
    // Claims: implied by the record, disputed, or not allowed before 50 steps.
    verdict("implied-resignation.jqr", "resignation", 70, "1-0");
    verdict("disputed-claim.jqr", "flag-captured", 136, "0-1");
    verdict("claim-before-50-steps.jqr", "unfinished", 20, "*");
}

#[test]
fn every_illegal_action_is_pointed_at() {
    use ErrorKind::IllegalMove;
    invalid("illegal-camp-attack.jqr", IllegalMove, 5, "B1xC1", "camp");
    invalid("illegal-mine-attack.jqr", IllegalMove, 5, "F0xG0", "mine");
    invalid(
        "illegal-flag-attack-mines-alive.jqr",
        IllegalMove,
        5,
        "K1xL1",
        "1 of 3 Blue mines",
    );
    invalid(
        "illegal-engineer-rail-blocked.jqr",
        IllegalMove,
        3,
        "K0-B0",
        "blocked",
    );
    invalid(
        "illegal-move-before-colours.jqr",
        IllegalMove,
        4,
        "C2-C1",
        "colours are not set",
    );
    invalid(
        "illegal-4th-draw-offer.jqr",
        IllegalMove,
        71,
        "draw?",
        "4th draw offer",
    );
    invalid(
        "illegal-early-resign.jqr",
        IllegalMove,
        12,
        "resign",
        "50 steps",
    );
    invalid(
        "illegal-flip-not-in-layout.jqr",
        IllegalMove,
        3,
        "B4=红司令",
        "in the layout",
    );
    invalid(
        "illegal-flip-exceeds-composition.jqr",
        IllegalMove,
        4,
        "A3=红工兵",
        "only 3",
    );
    invalid(
        "illegal-weaker-attack.jqr",
        IllegalMove,
        5,
        "F0xG0",
        "suicide=no",
    );
}

#[test]
fn validate_agrees_with_adjudicate_on_validity() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/samples/junqi");
    let mut n = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        if !name.ends_with(".jqr") {
            continue;
        }
        n += 1;
        let (_, rec) = load(&name);
        let c = Junqi.check(&rec, &rules(), false);
        assert!(c.verdict.is_none());
        let invalid = ["illegal-", "parse-error-", "bad-header-", "bad-setup-"]
            .iter()
            .any(|p| name.starts_with(p));
        assert_eq!(c.error.is_some(), invalid, "{name}: {:?}", c.error);
        if c.error.is_none() {
            // A valid record's claimed result agrees with the verdict.
            let v = Junqi.check(&rec, &rules(), true).verdict.unwrap();
            let claim = rec.claim.as_ref().map(|c| c.result);
            let disputed = name.starts_with("disputed-") || name.starts_with("claim-before-");
            assert_eq!(claim == Some(v.result), !disputed, "{name}: {}", v.detail);
        }
    }
    assert!(n >= 20, "only {n} samples");
}

#[test]
fn the_documented_example_is_valid_and_adjudicates_as_said() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/formats/junqi.md");
    let Ok(doc) = std::fs::read_to_string(path) else {
        eprintln!("note: {path} missing, skipped");
        return;
    };
    let start = doc.find("```jqr\n").expect("an example") + 7;
    let len = doc[start..].find("```").expect("closed");
    let text = &doc[start..start + len];
    let input = Input {
        name: "example.jqr".into(),
        bytes: Arc::from(text.as_bytes()),
        text: Some(Arc::from(text)),
        siblings: Vec::new(),
    };
    let rec = Junqi.read("jqr", &input).remove(0).unwrap();
    assert_eq!(rec.moves.len(), 25);
    let c = Junqi.check(&rec, &rules(), true);
    assert!(c.error.is_none(), "{:?}", c.error);
    let v = c.verdict.unwrap();
    assert_eq!(
        (v.reason.as_str(), v.ply, v.result.as_str()),
        ("resignation", 25, "1-0")
    );
}
