//! Each rule, and each rule with its parameter changed (by `--rule` and by the `[Rules]`
//! tag). Expected plies are recomputed here from the record text where a parameter moves
//! them, not copied from the program.

use crate::core::error::ErrorKind;
use crate::core::game::{Checked, Game};
use crate::core::record::{Input, Record};
use crate::core::rules::Rules;
use crate::junqi::Junqi;
use std::sync::Arc;

fn read(text: &str) -> Record {
    let input = Input {
        name: "t.jqr".into(),
        bytes: Arc::from(text.as_bytes()),
        text: Some(Arc::from(text)),
        siblings: Vec::new(),
    };
    Junqi.read("jqr", &input).remove(0).expect("readable")
}

fn sample(name: &str) -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/samples/junqi/").to_string() + name;
    std::fs::read_to_string(path).expect("sample")
}

fn rules(overrides: &[(&str, &str)]) -> Rules {
    let o: Vec<(String, String)> = overrides
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    Rules::build(Junqi.rule_table(), None, &o).expect("rules")
}

fn check(text: &str, overrides: &[(&str, &str)]) -> Checked {
    Junqi.check(&read(text), &rules(overrides), true)
}

fn reason_ply(c: &Checked) -> (String, usize, String) {
    assert!(c.error.is_none(), "{:?}", c.error);
    let v = c.verdict.as_ref().expect("verdict");
    (
        v.reason.as_str().to_string(),
        v.ply,
        v.result.as_str().to_string(),
    )
}

/// The actions of a record as written (by ply).
fn actions(text: &str) -> Vec<String> {
    read(text)
        .moves
        .into_iter()
        .map(|m| m.text.to_string())
        .collect()
}

#[test]
fn timeouts_parameter() {
    let text = sample("timeouts.jqr");
    assert_eq!(reason_ply(&check(&text, &[])).0, "timeouts");
    // With timeouts=2 the game ends at the first player's (or second's) 2nd timeout.
    let acts = actions(&text);
    let mut seen = [0, 0];
    let mut expected = None;
    for (i, a) in acts.iter().enumerate() {
        if a == "timeout" {
            seen[i % 2] += 1;
            if seen[i % 2] == 2 {
                expected = Some(i + 1);
                break;
            }
        }
    }
    let expected = expected.expect("two timeouts");
    let (reason, ply, _) = reason_ply(&check(&text, &[("timeouts", "2")]));
    assert_eq!((reason.as_str(), ply), ("timeouts", expected));
    // With timeouts=4 nothing ends the game (and a result cannot be claimed before step 50).
    let (reason, _, result) = reason_ply(&check(&text, &[("timeouts", "4")]));
    assert_eq!((reason.as_str(), result.as_str()), ("unfinished", "*"));
}

/// The ply at which one player's (from-to) key first occurs `repeat` times among their last
/// `window + 1` own actions (flips take a slot, attacks clear, timeouts skip).
fn repetition_ply(acts: &[String], window: usize, repeat: usize) -> Option<usize> {
    let mut hist: [Vec<String>; 2] = [Vec::new(), Vec::new()];
    for (i, a) in acts.iter().enumerate() {
        let h = &mut hist[i % 2];
        if a == "timeout" {
            continue;
        }
        if a.contains('x') {
            h.clear();
            continue;
        }
        let n = h.iter().filter(|k| *k == a).count() + 1;
        if n >= repeat {
            return Some(i + 1);
        }
        h.push(a.clone());
        if h.len() > window {
            h.remove(0);
        }
    }
    None
}

#[test]
fn repetition_parameters() {
    let text = sample("repetition.jqr");
    let acts = actions(&text);
    assert_eq!(repetition_ply(&acts, 7, 4), Some(71));
    assert_eq!(reason_ply(&check(&text, &[])).1, 71);
    let three = repetition_ply(&acts, 7, 3).expect("3 repeats happen earlier");
    assert!(three < 71);
    let (reason, ply, result) = reason_ply(&check(&text, &[("repeat", "3")]));
    assert_eq!(
        (reason.as_str(), ply, result.as_str()),
        ("repetition", three, "0-1")
    );
    // A window of 5 earlier actions cannot hold 4 of an A-B / B-A shuttle.
    assert_eq!(repetition_ply(&acts, 5, 4), None);
    assert_ne!(
        reason_ply(&check(&text, &[("repeat-window", "5")])).0,
        "repetition"
    );
    assert_ne!(
        reason_ply(&check(&text, &[("repeat", "5")])).0,
        "repetition"
    );
}

#[test]
fn no_capture_limit_parameter_and_rules_tag() {
    let text = sample("no-capture-limit.jqr");
    let acts = actions(&text);
    let quiet_ply = |limit: usize| {
        let mut n = 0;
        acts.iter().position(|a| {
            n = if a.contains('x') { 0 } else { n + 1 };
            n >= limit
        })
    };
    assert_eq!(quiet_ply(80).map(|i| i + 1), Some(263));
    let forty = quiet_ply(40).expect("40 quiet steps") + 1;
    let (reason, ply, result) = reason_ply(&check(&text, &[("no-capture-limit", "40")]));
    assert_eq!(
        (reason.as_str(), ply, result.as_str()),
        ("no-capture-limit", forty, "1/2-1/2")
    );
    // 100: the record ends before; its claimed draw stands as an (implied) agreement.
    let (reason, ply, _) = reason_ply(&check(&text, &[("no-capture-limit", "100")]));
    assert_eq!((reason.as_str(), ply), ("agreement", acts.len()));
    // The same through the record's [Rules] tag; the command line wins over the tag.
    let tagged = text.replacen("[Result", "[Rules \"no-capture-limit=40\"]\n[Result", 1);
    assert_eq!(reason_ply(&check(&tagged, &[])).1, forty);
    let sixty = quiet_ply(60).expect("60 quiet steps") + 1;
    assert_eq!(
        reason_ply(&check(&tagged, &[("no-capture-limit", "60")])).1,
        sixty
    );
}

#[test]
fn step_and_time_limits() {
    let text = sample("step-limit.jqr");
    assert_eq!(reason_ply(&check(&text, &[])).1, 300);
    let (reason, ply, _) = reason_ply(&check(&text, &[("step-limit", "200")]));
    assert_eq!((reason.as_str(), ply), ("step-limit", 200));
    let text = sample("time-limit.jqr");
    // Actions are stamped 50 s apart: 2 hours = action 144.
    let (reason, ply, _) = reason_ply(&check(&text, &[("time-limit", "2h")]));
    assert_eq!((reason.as_str(), ply), ("time-limit", 7200 / 50));
    let (reason, _, _) = reason_ply(&check(&text, &[("time-limit", "4h")]));
    assert_eq!(reason, "agreement");
}

#[test]
fn resign_and_draw_parameters() {
    let early = sample("illegal-early-resign.jqr");
    assert_eq!(
        check(&early, &[]).error.map(|e| e.kind),
        Some(ErrorKind::IllegalMove)
    );
    let c = check(&early, &[("min-steps-to-resign-or-draw", "10")]);
    assert_eq!(reason_ply(&c), ("resignation".into(), 11, "1-0".into()));
    let offers = sample("illegal-4th-draw-offer.jqr");
    assert!(check(&offers, &[]).error.is_some());
    let c = check(&offers, &[("draw-offers", "4")]);
    assert!(c.error.is_none(), "{:?}", c.error);
}

#[test]
fn color_parameter() {
    // Both flip blue; then the second player moves the blue engineer.
    let text = "[Game \"Junqi Fanfanqi\"]\n[Layout \"BMdcx/GBPbL/x1t1l/DL1pg/P1e1F/mXdTE/Cfrcc/X1e1D/Cl1RE/L1C1p/rETPR/telbp\"]\n1. C2=蓝营长 2. E2=蓝工兵 3. A0=红旅长 4. E2-E1 *";
    let own = check(text, &[]);
    let e = own.error.expect("color=own: no colours yet");
    assert_eq!((e.kind, e.ply), (ErrorKind::IllegalMove, Some(4)));
    assert!(e.message.contains("colours are not set"));
    assert!(check(text, &[("color", "any")]).error.is_none());
    let tagged = text.replace("[Layout", "[Rules \"color=any\"]\n[Layout");
    assert!(check(&tagged, &[]).error.is_none());
}

#[test]
fn suicide_parameter_and_outcome_marks() {
    let text = sample("illegal-weaker-attack.jqr");
    assert!(check(&text, &[]).error.is_some());
    assert!(check(&text, &[("suicide", "yes")]).error.is_none());
    // A wrong written outcome is an error at the attack.
    let wrong = sample("weaker-attack-suicide-yes.jqr").replace("F0xG0<", "F0xG0>");
    let e = check(&wrong, &[]).error.expect("outcome mismatch");
    assert_eq!((e.kind, e.ply), (ErrorKind::IllegalMove, Some(5)));
    assert!(e.message.contains("outcome"), "{}", e.message);
}

fn position_game(position: &str, moves: &str) -> String {
    format!("[Game \"Junqi Fanfanqi\"]\n[Position \"{position}\"]\n{moves} *\n")
}

/// Why the game playing `moves` from `board` (with the other fields of the position
/// ` 1 r rbr 40 0 0/0 0/0`) is refused, if it is.
fn refusal(board: &str, moves: &str) -> Option<crate::core::error::RecordError> {
    let position = format!("{board} 1 r rbr 40 0 0/0 0/0");
    check(&position_game(&position, moves), &[]).error
}

#[test]
fn board_rules() {
    // An engineer turns corners along the railway (K0 → B0 → B4 → K4), an ordinary piece does not.
    assert!(refusal("?4/5/5/5/5/5/5/5/5/5/E4/4?", "1. K0-K4").is_none());
    assert!(refusal("?4/5/5/5/5/5/5/5/5/5/C4/4?", "1. K0-B4").is_some());
    assert!(refusal("?4/5/5/5/5/5/5/5/5/5/C4/4?", "1. K0-B0").is_none());
    // The mountain: F1 and G1 are not linked.
    let err = refusal("?4/5/5/5/5/1C3/5/5/5/5/5/4?", "1. F1-G1").expect("mountain");
    assert!(err.message.contains("no road step"), "{}", err.message);
    // A piece in a headquarters moves like any other.
    assert!(refusal("?4/5/5/5/5/5/5/5/5/5/5/1C2?", "1. L1-K1").is_none());
    // An engineer takes a mine and moves in; a bomb takes the flag (both go) and wins.
    assert!(refusal("5/5/5/5/5/E4/l4/5/5/5/5/4?", "1. F0xG0>").is_none());
    let flag = position_game(
        "e4/5/5/5/5/X4/f4/5/5/5/5/4? 1 r rbr 40 0 0/0 0/3",
        "1. F0xG0#",
    );
    assert_eq!(
        reason_ply(&check(&flag, &[])),
        ("flag-captured".into(), 1, "1-0".into())
    );
    // Any movable piece may attack a bomb: both go.
    assert!(refusal("?4/5/5/5/5/E4/x4/5/5/5/5/4?", "1. F0xG0=").is_none());
}

#[test]
fn events_rules() {
    let base = sample("resignation.jqr");
    // An action after the resignation is refused, pointing at it.
    let after = base.replace("resign 0-1", "resign 61. timeout 0-1");
    let text = read(&after);
    assert_eq!(text.moves.len(), 61);
    let c = Junqi.check(&text, &rules(&[]), false);
    let e = c.error.expect("after resign");
    assert_eq!((e.ply, c.plies), (Some(61), 60));
    assert!(e.message.contains("ended by resignation"), "{}", e.message);
    let s = e.span.expect("span");
    assert_eq!(&after[s.start..s.end], "timeout");
    // Also when the action would be illegal anyway: the resignation comes first.
    let bad = base.replace("resign 0-1", "resign 61. A0-A1 0-1");
    let e = check(&bad, &[]).error.expect("after resign");
    assert!(e.message.contains("ended by resignation"), "{}", e.message);
    // The record may name who resigns: here the second player, on the first player's turn.
    let named = base.replace("resign 0-1", "resign(2) 1-0");
    assert_eq!(
        reason_ply(&check(&named, &[])),
        ("resignation".into(), 60, "1-0".into())
    );
    // Nobody answers their own offer.
    let own = base.replace("resign 0-1", "draw?(2) draw=(2) 1/2-1/2");
    let e = check(&own, &[]).error.expect("own offer");
    assert!(e.message.contains("their own draw offer"), "{}", e.message);
    let fine = base.replace("resign 0-1", "draw?(2) draw= 1/2-1/2");
    assert_eq!(reason_ply(&check(&fine, &[])).0, "agreement");
    // Accepting a draw nobody offered.
    let lone = base.replace("resign", "draw=");
    let e = check(&lone, &[]).error.expect("no offer");
    assert!(e.message.contains("no draw offer"), "{}", e.message);
    // A bad [Rules] tag is a header error pointing at the tag's value.
    let bad = base.replacen("[Result", "[Rules \"no-capture-limit=zero\"]\n[Result", 1);
    let c = check(&bad, &[]);
    let e = c.error.expect("bad rules");
    assert_eq!(e.kind, ErrorKind::BadHeader);
    let s = e.span.expect("span");
    assert_eq!(&bad[s.start..s.end], "no-capture-limit=zero");
}

/// `--rule` wins over a record's `[Rules]` tag even when it names the default value.
#[test]
fn command_line_rule_wins_over_the_rules_tag_even_at_its_default() {
    use crate::core::rules::{RuleSet, Rules};
    use crate::junqi::rule_set::merge_tag;
    use crate::junqi::rules::Params;
    let cli = Params::values(None, &[("no-capture-limit".into(), "80".into())]).expect("rules");
    let merged = merge_tag(&cli, "no-capture-limit=100, step-limit=200").expect("merge");
    assert_eq!(merged.int("no-capture-limit"), 80);
    assert_eq!(merged.int("step-limit"), 200);
    // The typed values built again from the merged ones.
    let typed = merged.typed.downcast_ref::<Params>();
    assert_eq!(
        typed.map(|p| (p.no_capture_limit, p.step_limit)),
        Some((80, 200))
    );
    let plain = Rules::defaults(Params::TABLE);
    let merged = merge_tag(&plain, "no-capture-limit=100").expect("merge");
    assert_eq!(merged.int("no-capture-limit"), 100);
}
