//! The move-by-move referee against `adjudicate`: every game of the samples and of the CCPD
//! corpus is replayed through `Referee::push` one move at a time (its moves as the record
//! writes them) and compared with the adjudication of the record, both computed: the referee
//! gives no verdict before the ply at which adjudication's board verdict falls, gives it
//! exactly there (the same verdict as adjudicating the record cut at that ply), and none at
//! all when the board decided nothing. An invalid record fails in the referee at the same ply
//! with the same error kind.

use qipu::core::game::Game;
use qipu::core::record::{GameKind, Record};
use qipu::core::rules::Rules;
use qipu::driver::open;
use qipu::driver::referee::Referee;
use qipu::driver::report::decided_on_board;
use qipu::driver::settings::Settings;
use std::path::Path;

/// The record's start position in the game's position notation (what `Referee::from_position`
/// takes), and the rules in force for it.
pub(crate) fn start_of(record: &Record, rules: &Rules) -> Option<(Option<String>, Rules)> {
    Some(match record.game {
        GameKind::Junqi => {
            let rules = qipu::junqi::replay::effective_rules(record, rules).ok()?;
            // A layout is given to the referee as the position it sets up.
            let start = qipu::junqi::replay::start_position(record).ok()?;
            let text = qipu::junqi::notation::position::format_position(&start);
            (Some(text), rules.into_owned())
        }
        _ => (record.setup.as_ref().map(|(s, _)| s.clone()), rules.clone()),
    })
}

/// The record cut after `entries` of its moves, without anything that is not a move.
fn cut(record: &Record, entries: usize) -> Record {
    let mut r = record.clone();
    r.moves.truncate(entries);
    r.events.clear();
    r.claim = None;
    r.parse_error = None;
    // The players' names go into a Junqi detail; the referee knows none.
    r.tags.retain(|t| {
        !["Result", "First", "Second"]
            .iter()
            .any(|n| t.name.eq_ignore_ascii_case(n))
    });
    r
}

/// Compares the referee with adjudication on one record; returns whether the board decided.
fn compare(record: &Record, rules: &Rules, what: &str) -> bool {
    let game: &dyn Game = qipu::driver::registry::get(record.game).unwrap();
    let checked = game.check(record, rules, true);
    let Some((start, rules)) = start_of(record, rules) else {
        assert!(checked.error.is_some(), "{what}: bad rules, yet valid");
        return false;
    };
    let mut referee = match Referee::from_position(record.game, &rules, start.as_deref()) {
        Ok(r) => r,
        Err(e) => {
            assert!(
                checked.error.is_some(),
                "{what}: the referee refused the start: {e}"
            );
            return false;
        }
    };
    let decided = checked.verdict.as_ref().filter(|v| decided_on_board(v));
    // A start position that is over already (a set-up) has its verdict at ply 0.
    let mut seen = referee
        .verdict()
        .filter(|_| referee.is_over() || record.moves.is_empty())
        .map(|v| (0, v));
    for (i, entry) in record.moves.iter().enumerate() {
        if referee.is_over() {
            break;
        }
        match referee.push_entry(entry) {
            // A verdict from `push` ends the game; a draw that can be claimed does not.
            Ok(Some(v)) => {
                assert!(referee.is_over(), "{what}: a verdict, yet not over");
                assert_eq!(referee.claimable(), None, "{what}");
                seen = Some((i + 1, v));
                break;
            }
            Ok(None) => {
                assert!(!referee.is_over(), "{what}: over, yet no verdict");
                // What stands after the last move is the record's verdict: a claimable draw.
                if i + 1 == record.moves.len() {
                    seen = referee.claimable().map(|v| (i + 1, v));
                    assert_eq!(
                        seen.as_ref().map(|s| &s.1),
                        referee.verdict().as_ref(),
                        "{what}"
                    );
                }
            }
            // A Junqi record's events can make it invalid earlier: the server's business.
            Err(_) if record.game == GameKind::Junqi && !record.events.is_empty() => return false,
            Err(e) => {
                let want = checked.error.as_ref().unwrap_or_else(|| {
                    panic!(
                        "{what}: the referee refused move {} `{}`: {e}",
                        i + 1,
                        entry.text
                    )
                });
                assert_eq!(Some(e.kind), Some(want.kind), "{what}: {e} / {want}");
                assert_eq!(Some(e.ply), want.ply, "{what}: {e} / {want}");
                return false;
            }
        }
    }
    let Some(v) = checked.verdict.as_ref() else {
        return false;
    };
    match (decided, seen) {
        (None, None) => false,
        (Some(d), Some((entries, r))) => {
            assert_eq!(
                (d.result, d.reason, d.ply, &d.cycle, &d.sides),
                (r.result, r.reason, r.ply, &r.cycle, &r.sides),
                "{what}"
            );
            assert_eq!(r.ply, referee.plies(), "{what}");
            // Adjudicating the moves up to that ply gives the referee's verdict exactly.
            let alone = game.check(&cut(record, entries), &rules, true);
            assert_eq!(alone.verdict.as_ref(), Some(&r), "{what}");
            true
        }
        (d, s) => panic!(
            "{what}: adjudicate {:?} ({v:?}) but the referee {:?}",
            d.map(|d| (d.reason, d.ply)),
            s.map(|(_, s)| (s.reason, s.ply, s.detail))
        ),
    }
}

fn compare_inputs(inputs: &[String], settings: &Settings) -> (usize, usize) {
    let (files, _) = settings.collect(inputs);
    let (mut games, mut decided) = (0, 0);
    for f in &files {
        let Ok(opened) = open::open_file(settings, f) else {
            continue;
        };
        let rules = settings.rules_for(opened.game.kind());
        for (i, rec) in opened.records().into_iter().enumerate() {
            let Ok(rec) = rec else { continue };
            games += 1;
            if compare(&rec, &rules, &format!("{} game {i}", f.display)) {
                decided += 1;
            }
        }
    }
    (games, decided)
}

#[test]
fn the_referee_agrees_with_adjudicate_on_every_sample() {
    for preset in [None, Some("axf")] {
        let settings = Settings::new(None, None, preset, &[]).unwrap();
        let (games, decided) = compare_inputs(&["samples".to_string()], &settings);
        assert!(games >= 50, "{games} sample games");
        assert!(decided >= 15, "{decided} decided on the board");
    }
}

#[test]
fn the_referee_agrees_with_adjudicate_on_ccpd() {
    let ccpd = "../shared/corpus/xiangqi/ccpd";
    if !Path::new(ccpd).is_dir() {
        eprintln!("note: {ccpd} is missing; skipped");
        return;
    }
    for preset in ["cxa", "axf"] {
        let settings = Settings::new(Some(GameKind::Xiangqi), None, Some(preset), &[]).unwrap();
        let (games, decided) = compare_inputs(&[ccpd.to_string()], &settings);
        assert_eq!(games, 11_746);
        assert!(
            decided > 800,
            "{decided} decided on the board under {preset}"
        );
    }
}

#[test]
fn a_push_after_the_end_is_refused_and_changes_nothing() {
    let rules = Referee::default_rules(GameKind::Xiangqi);
    let mut r = Referee::from_position(
        GameKind::Xiangqi,
        &rules,
        Some("3k5/1R7/9/9/9/9/9/9/9/R3K4 w"),
    )
    .unwrap();
    assert!(r.push("a0a9").unwrap().is_some());
    assert!(r.is_over());
    let e = r.push("d9e9").unwrap_err();
    assert_eq!(e.kind, qipu::core::error::ErrorKind::IllegalMove);
    assert!(e.message.contains("the game is over"), "{e}");
    assert_eq!(r.plies(), 1);
    // A bad move is refused with its kind and leaves the referee as it was.
    let mut r = Referee::new(GameKind::Xiangqi, &rules);
    assert_eq!(
        r.push("e0e2").unwrap_err().kind,
        qipu::core::error::ErrorKind::IllegalMove
    );
    assert_eq!(
        r.push("zz").unwrap_err().kind,
        qipu::core::error::ErrorKind::Parse
    );
    assert_eq!(r.plies(), 0);
    assert_eq!(r.push("炮二平五").unwrap(), None);
    assert_eq!(r.push("h9g7").unwrap(), None);
    assert_eq!(r.plies(), 2);
}

#[test]
fn othello_forced_passes_may_be_left_out() {
    let rules = Referee::default_rules(GameKind::Othello);
    let board = format!("XO{} O", "-".repeat(62));
    let mut r = Referee::from_position(GameKind::Othello, &rules, Some(&board)).unwrap();
    assert_eq!(r.legal_moves(), vec!["pass"]);
    let v = r.push("c1").unwrap().expect("the game is over");
    assert_eq!(r.plies(), 2);
    assert_eq!(v.reason.as_str(), "game-over");
    assert_eq!(v.ply, 2);
}

fn loses(mover: qipu::xiangqi::rules::Color, v: &qipu::core::verdict::Verdict) -> bool {
    use qipu::core::record::GameResult;
    let against = match mover {
        qipu::xiangqi::rules::Color::Red => GameResult::SecondWins,
        qipu::xiangqi::rules::Color::Black => GameResult::FirstWins,
    };
    v.cycle.is_some() && v.result == against
}

/// At every ply of each repetition case, every legal move: banned exactly when playing it
/// makes the mover lose by the repetition judge; and the line's own next move is banned
/// exactly when adjudicating the line up to it rules so at that ply (both computed: the
/// rulings follow the judge, whatever it decides).
fn banned_moves_follow_the_judge(tsv: &str, preset: &str) -> (usize, usize) {
    let text = std::fs::read_to_string(tsv).unwrap();
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split('\t').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let (fen_at, moves_at, times_at) = (col("fen"), col("moves_iccs"), col("occurrences"));
    let xiangqi = qipu::driver::registry::get(GameKind::Xiangqi).unwrap();
    let (mut cases, mut banned_found) = (0, 0);
    for line in lines.filter(|l| !l.trim().is_empty()) {
        let f: Vec<&str> = line.split('\t').collect();
        let moves: Vec<&str> = f[moves_at].split_whitespace().collect();
        let params = [("repetitions".to_string(), f[times_at].to_string())];
        let settings = Settings::new(Some(GameKind::Xiangqi), None, Some(preset), &params).unwrap();
        let rules = settings.rules_for(GameKind::Xiangqi);
        // (Some diagrams are impossible set-ups: the referee refuses them, as adjudicate.)
        let Ok(mut referee) = qipu::xiangqi::referee::XiangqiReferee::new(&rules, Some(f[fen_at]))
        else {
            continue;
        };
        cases += 1;
        for (ply, next) in moves.iter().enumerate() {
            if referee.is_over() {
                break;
            }
            let banned: Vec<String> = referee.banned_moves().iter().map(|m| m.iccs()).collect();
            banned_found += banned.len();
            let mover = referee.position().side_to_move();
            for mv in referee.legal_moves() {
                let mut trial = referee.clone();
                let v = trial.push_move(mv).unwrap();
                let lost = v.is_some_and(|v| loses(mover, &v));
                assert_eq!(
                    banned.contains(&mv.iccs()),
                    lost,
                    "{} {preset}: {}",
                    f[0],
                    mv.iccs()
                );
            }
            let mut record = Record::new(GameKind::Xiangqi, "pgn", 0);
            record.setup = Some((f[fen_at].to_string(), Default::default()));
            record.moves = moves[..=ply]
                .iter()
                .map(|m| qipu::core::record::MoveEntry::new(*m, Default::default()))
                .collect();
            let v = xiangqi.check(&record, &rules, true).verdict.unwrap();
            let judged = v.ply == ply + 1 && loses(mover, &v);
            assert_eq!(
                banned.iter().any(|b| b == next),
                judged,
                "{} ply {}",
                f[0],
                ply + 1
            );
            if referee.push(next).is_err() {
                break;
            }
        }
    }
    (cases, banned_found)
}

#[test]
fn banned_moves_on_the_cxa_cases() {
    let (cases, banned) =
        banned_moves_follow_the_judge("tests/fixtures/xiangqi-cxa-cases.tsv", "cxa");
    assert!(cases >= 10, "{cases} cases");
    assert!(banned >= 1, "{banned} banned moves");
}

#[test]
fn banned_moves_on_the_axf_cases() {
    let tsv = "../shared/corpus/xiangqi/rule-cases/axf.tsv";
    if !Path::new(tsv).is_file() {
        eprintln!("note: {tsv} is missing; skipped");
        return;
    }
    let (cases, banned) = banned_moves_follow_the_judge(tsv, "axf");
    assert!(cases >= 150, "{cases} cases");
    assert!(banned >= 30, "{banned} banned moves");
}

/// A repetition drawn with allowed moves on both sides (不变作和) does not end the game: `push`
/// returns no verdict, the draw can be claimed (`claimable`, and `verdict` is what a record
/// stopping here gets), and the next move lets it lapse. A forbidden repetition ends the game.
#[test]
fn a_drawn_repetition_can_be_claimed_but_does_not_end_the_game() {
    let rules = Referee::default_rules(GameKind::Xiangqi);
    // Both sides shuffle (the rook a2 already attacks the cannon a7: 从捉到捉, idle).
    let fen = "4k4/9/c8/9/8n/9/9/R8/9/3K5 w - - 0 1";
    let mut r = Referee::from_position(GameKind::Xiangqi, &rules, Some(fen)).unwrap();
    for (i, mv) in "a2a1 i5g4 a1a2 g4i5 a2a1 i5g4 a1a2 g4i5"
        .split(' ')
        .enumerate()
    {
        assert_eq!(r.push(mv).unwrap(), None, "ply {}", i + 1);
        assert_eq!(r.claimable().is_some(), i == 7, "ply {}", i + 1);
    }
    let draw = r.claimable().unwrap();
    assert_eq!(draw.reason.as_str(), "repetition-draw");
    assert_eq!(draw.ply, 8);
    assert_eq!(r.verdict(), Some(draw));
    assert!(!r.is_over());
    // Played on: the draw lapses.
    assert_eq!(r.push("a2a3").unwrap(), None);
    assert_eq!(r.claimable(), None);
    assert_eq!(r.verdict(), None);
    // A one-sided perpetual check ends the game at the third occurrence.
    let mut r = Referee::from_position(
        GameKind::Xiangqi,
        &rules,
        Some("4k4/R8/9/9/9/9/9/9/9/3K5 w"),
    )
    .unwrap();
    let line: Vec<&str> = "a8a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8 e8e9"
        .split(' ')
        .collect();
    for mv in &line[..7] {
        assert_eq!(r.push(mv).unwrap(), None);
    }
    let v = r
        .push(line[7])
        .unwrap()
        .expect("perpetual check ends the game");
    assert_eq!(v.reason.as_str(), "perpetual-check");
    assert!(r.is_over() && r.claimable().is_none());
}

/// UCCI's `banmoves` at the repetition (`ban_moves`): at every ply of the CXA and AXF cases,
/// every move `banned_moves` lists (it loses at once) is among them; and a legal move is among
/// them exactly when it makes a position stand again and a referee of the same line under
/// `repetitions=2` (built afresh, not a copy) rules that repetition against the mover. Some
/// are banned before the deciding repetition: that is what the UCCI GUI's list adds.
fn ban_moves_at_the_repetition(tsv: &str, preset: &str) -> (usize, usize) {
    let text = std::fs::read_to_string(tsv).unwrap();
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split('\t').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let (fen_at, moves_at) = (col("fen"), col("moves_iccs"));
    let (mut earlier, mut checked) = (0, 0);
    for line in lines.filter(|l| !l.trim().is_empty()) {
        let f: Vec<&str> = line.split('\t').collect();
        let moves: Vec<&str> = f[moves_at].split_whitespace().collect();
        let rules_of = |reps: &str| {
            let params = [("repetitions".to_string(), reps.to_string())];
            Settings::new(Some(GameKind::Xiangqi), None, Some(preset), &params)
                .unwrap()
                .rules_for(GameKind::Xiangqi)
        };
        let (rules, at_two) = (rules_of("3"), rules_of("2"));
        let Ok(mut referee) = qipu::xiangqi::referee::XiangqiReferee::new(&rules, Some(f[fen_at]))
        else {
            continue;
        };
        for (ply, next) in moves.iter().enumerate() {
            if referee.is_over() {
                break;
            }
            let ban: Vec<String> = referee.ban_moves().iter().map(|m| m.iccs()).collect();
            for b in referee.banned_moves() {
                assert!(
                    ban.contains(&b.iccs()),
                    "{} ply {}: {}",
                    f[0],
                    ply + 1,
                    b.iccs()
                );
            }
            let mover = referee.position().side_to_move();
            for mv in referee.legal_moves() {
                let mut fresh =
                    qipu::xiangqi::referee::XiangqiReferee::new(&at_two, Some(f[fen_at])).unwrap();
                for m in &moves[..ply] {
                    if fresh.push(m).unwrap().is_some() {
                        break;
                    }
                }
                if fresh.is_over() {
                    continue;
                }
                let lost = fresh
                    .push_move(mv)
                    .unwrap()
                    .is_some_and(|v| loses(mover, &v));
                assert_eq!(
                    ban.contains(&mv.iccs()),
                    lost,
                    "{} ply {}: {}",
                    f[0],
                    ply + 1,
                    mv.iccs()
                );
                checked += 1;
                if lost && !referee.banned_moves().contains(&mv) {
                    earlier += 1;
                }
            }
            if referee.push(next).is_err() {
                break;
            }
        }
    }
    (checked, earlier)
}

#[test]
fn ban_moves_at_the_repetition_on_the_cases() {
    let (checked, earlier) =
        ban_moves_at_the_repetition("tests/fixtures/xiangqi-cxa-cases.tsv", "cxa");
    assert!(checked > 100, "{checked} moves checked");
    assert!(
        earlier >= 1,
        "no move banned before the deciding repetition"
    );
}
