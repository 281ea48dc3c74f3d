//! The CXA repetition cases (tests/fixtures/xiangqi-cxa-cases.tsv): one or more per clause of
//! the seed's articles 25–27 and 棋例细则, each naming its clause. Each is played from its FEN
//! and judged at the given occurrence under `code=cxa`; the expected result and reason follow
//! from the clause. A few clauses that need no cycle are checked on single positions below.

use crate::core::verdict::MoveClass;
use crate::xiangqi::repetition::aside::Aside;
use crate::xiangqi::repetition::cxa::{self, Ctx};
use crate::xiangqi::repetition::mate::Budget;
use crate::xiangqi::repetition::threats::{Threat, threats};
use crate::xiangqi::repetition::{Code, MoveInfo, analyse_axf, analyse_cxa};
use crate::xiangqi::replay::board_verdict;
use crate::xiangqi::rule_set::BoardRules;
use crate::xiangqi::rules::{Color, Move, Position, Square};

const CASES: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/xiangqi-cxa-cases.tsv"
));

fn mv(s: &str) -> Move {
    Move::new(
        Square::parse(&s[..2]).unwrap(),
        Square::parse(&s[2..]).unwrap(),
    )
}

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

/// What `side` threatens in `pos` under the CXA (as if it were to move).
fn cxa_threats(pos: &Position, side: Color) -> Vec<Threat> {
    cxa::threats(pos, side, &Aside::none(), &mut Budget::game()).victims
}

/// The CXA analysis of one move (no move before it).
fn analyse(pos: &Position, m: Move) -> MoveInfo {
    analyse_cxa(None, pos, m, &mut Ctx::default())
}

fn judge(fen: &str, moves: &str, occ: u32, code: Code) -> (String, String) {
    let start = Position::from_fen(fen).unwrap();
    let mut pos = start.clone();
    let line: Vec<Move> = moves.split_whitespace().map(mv).collect();
    for &m in &line {
        pos.play(m)
            .unwrap_or_else(|_| panic!("illegal {m} in {fen}"));
    }
    let rules = BoardRules {
        repetitions: occ,
        code,
        ..BoardRules::default()
    };
    let v = board_verdict(&start, &line, &rules).expect("a repetition");
    assert!(v.cycle.is_some());
    (v.result.to_string(), format!("{} | {}", v.reason, v.detail))
}

#[test]
fn cxa_cases_follow_their_clause() {
    let mut n = 0;
    for line in CASES.lines().skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        let [id, clause, fen, moves, expected, reason, occ] = f[..] else {
            panic!("bad fixture line {line}");
        };
        let (got, why) = judge(fen, moves, occ.parse().unwrap(), Code::Cxa);
        assert_eq!(got, expected, "{id} ({clause}): {why}");
        assert!(why.starts_with(reason), "{id} ({clause}): {why}");
        n += 1;
    }
    assert!(n >= 13);
}

/// 一将一捉 is forbidden under the CXA but allowed under the AXF (cxa-08 under axf).
#[test]
fn one_check_one_chase_draws_under_axf() {
    let (r, why) = judge(
        "3k5/9/c8/9/9/9/9/R8/9/5K3 w - - 0 1",
        "a2d2 d9e9 d2a2 e9d9 a2d2 d9e9 d2a2 e9d9",
        3,
        Code::Axf,
    );
    assert_eq!(r, "1/2-1/2", "{why}");
}

/// 长杀 is allowed under the AXF (cxa-09 under axf).
#[test]
fn perpetual_mate_threat_draws_under_axf() {
    let line = CASES.lines().find(|l| l.starts_with("cxa-09")).unwrap();
    let f: Vec<&str> = line.split('\t').collect();
    let (r, why) = judge(f[2], f[3], 2, Code::Axf);
    assert_eq!(r, "1/2-1/2", "{why}");
}

/// 细则 假根: a cannon root whose screen is the attacker itself vanishes when the attacker
/// captures; with a screen of its own the cannon is a real root.
#[test]
fn cannon_root_without_screen_is_fake() {
    let fake = Position::from_fen("4k3c/9/8R/9/8n/9/9/9/9/3K5 w - - 0 1").unwrap();
    assert!(
        cxa_threats(&fake, Color::Red)
            .iter()
            .any(|t| t.victim == sq("i5"))
    );
    let real = Position::from_fen("4k3c/8n/8R/9/8n/9/9/9/9/3K5 w - - 0 1").unwrap();
    assert!(
        !cxa_threats(&real, Color::Red)
            .iter()
            .any(|t| t.victim == sq("i5"))
    );
}

/// 细则 假根: the king cannot recapture onto a point another piece attacks.
#[test]
fn king_root_onto_attacked_point_is_fake() {
    let fake = Position::from_fen("2b1k4/R3n4/2N6/9/9/9/9/9/9/3K5 w - - 0 1").unwrap();
    assert!(
        cxa_threats(&fake, Color::Red)
            .iter()
            .any(|t| t.victim == sq("e8") && t.attacker == sq("a8"))
    );
    let real = Position::from_fen("2b1k4/R3n4/9/9/9/9/9/9/9/3K5 w - - 0 1").unwrap();
    assert!(cxa_threats(&real, Color::Red).is_empty());
}

/// 细则 凡用作为根的子捉吃对方的子，也按捉处理: the rook protecting the horse b5 moves to
/// attack the unprotected cannon: a chase, though taking would leave the horse unprotected.
#[test]
fn a_root_that_attacks_chases() {
    let pos = Position::from_fen("4k4/9/9/9/1N5c1/9/9/9/1R7/3K5 w - - 0 1").unwrap();
    let info = analyse(&pos, mv("b1h1"));
    assert_eq!(info.class(false), MoveClass::Chase, "{info:?}");
    assert_eq!(info.targets(false), vec![sq("h5")]);
}

/// 2020 24.4 兑: the red rook faces the unprotected black rook, which may take it first
/// without losing by it: an exchange offer, an allowed move (兑属闲; the seed's 捉子兼具兑献
/// clause is for a move that chases one piece while offering another). The AXF reads it the
/// same way.
#[test]
fn facing_a_like_piece_that_may_take_first_is_an_exchange_offer() {
    let pos = Position::from_fen("4k4/9/9/9/r8/9/9/9/1R7/3K5 w - - 0 1").unwrap();
    let info = analyse(&pos, mv("b1b5"));
    assert_eq!(info.class(false), MoveClass::Exchange, "{info:?}");
    assert_eq!(info.targets(false), vec![sq("a5")]);
    assert_eq!(analyse_axf(&pos, mv("b1b5")).class(false), MoveClass::Idle);
    // Pinned to its king on the e-file, the black rook e5 may not take first: a chase.
    let pinned = Position::from_fen("3aka3/9/9/9/4r4/9/9/9/1R2R4/3K5 w - - 0 1").unwrap();
    let info = analyse(&pinned, mv("b1b5"));
    assert_eq!(info.class(false), MoveClass::Chase, "{info:?}");
    assert_eq!(info.targets(false), vec![sq("e5")]);
}

/// 相关子 / 其他棋子和帅同时捉吃: a horse protected once is won by two attackers (rook and
/// the king's support on the exchange), counted by the exchange on its point.
#[test]
fn exchange_sequence_wins_material() {
    // Red rooks a5 and i5 both attack the black horse e5, protected once by the black rook
    // e9 (e6-e8 empty): RxN, RxR, RxR wins material.
    let pos = Position::from_fen("3kr4/9/9/9/R3n3R/9/9/9/9/5K3 w - - 0 1").unwrap();
    assert!(
        cxa_threats(&pos, Color::Red)
            .iter()
            .any(|t| t.victim == sq("e5"))
    );
    // The AXF counts only unprotected or stronger pieces.
    assert!(
        !threats(&pos, Color::Red, Code::Axf)
            .iter()
            .any(|t| t.victim == sq("e5"))
    );
}

/// 细则 凡形式上捉子，一旦吃子立即会被对方将死者，均按闲着处理 (自毙之子), and 拦: the red
/// rook a2 holds rank 2 against Nd4-c2 mate (the black rooks take d1 and e0 from the king).
/// Taking the unprotected cannon a6 would let Black mate at once, so it is no threat under
/// the CXA; the AXF does not ask.
#[test]
fn capture_that_gets_mated_is_no_threat() {
    let pos = Position::from_fen("5k3/4r4/9/c8/9/3n5/9/R8/7r1/3K5 w - - 0 1").unwrap();
    assert!(pos.is_legal(mv("a2a6")));
    let mut after = pos.clone();
    after.play(mv("a2a6")).unwrap();
    assert!(crate::xiangqi::repetition::threats::has_mate_in_one(&after));
    assert!(
        !cxa_threats(&pos, Color::Red)
            .iter()
            .any(|t| t.victim == sq("a6"))
    );
    assert!(
        threats(&pos, Color::Red, Code::Axf)
            .iter()
            .any(|t| t.victim == sq("a6"))
    );
    // Without the black horse there is no mate: the cannon is threatened.
    let free = Position::from_fen("5k3/4r4/9/c8/9/9/9/R8/7r1/3K5 w - - 0 1").unwrap();
    assert!(
        cxa_threats(&free, Color::Red)
            .iter()
            .any(|t| t.victim == sq("a6"))
    );
}

/// The disputed samples through the referee: verdict, reason, agreement and the cycle in the
/// record's own notation.
#[test]
fn disputed_samples() {
    use crate::core::rules::RuleSet;
    use crate::xiangqi::rule_set::XiangqiRules;
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/xiangqi/disputed");
    let cases = [
        (
            "perpetual-check.pgn",
            "cxa",
            "0-1",
            "perpetual-check",
            false,
        ),
        ("perpetual-chase.pgn", "cxa", "0-1", "perpetual-chase", true),
        (
            "one-check-one-chase.pgn",
            "cxa",
            "0-1",
            "perpetual-attack",
            false,
        ),
        (
            "one-check-one-chase.pgn",
            "axf",
            "1/2-1/2",
            "repetition-draw",
            true,
        ),
        (
            "allowed-draw.pgn",
            "cxa",
            "1/2-1/2",
            "repetition-draw",
            true,
        ),
        (
            "check-line-saved.pgn",
            "cxa",
            "1/2-1/2",
            "repetition-draw",
            true,
        ),
        (
            "check-line-saved.pgn",
            "cxa-1999",
            "1/2-1/2",
            "repetition-draw",
            true,
        ),
    ];
    for (file, preset, result, reason, agrees) in cases {
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        let record = crate::xiangqi::formats::read_pgn(&text).remove(0).unwrap();
        let rules = XiangqiRules::values(Some(preset), &[]).unwrap();
        let checked =
            crate::core::game::Game::check(&crate::xiangqi::Xiangqi, &record, &rules, true);
        let v = checked.verdict.expect("a verdict");
        assert_eq!(
            v.result.to_string(),
            result,
            "{file} {preset}: {}",
            v.detail
        );
        assert_eq!(v.reason.as_str(), reason, "{file} {preset}");
        let claim = record.claim.as_ref().map(|c| c.result);
        assert_eq!(claim == Some(v.result), agrees, "{file} {preset}");
        let cycle = v.cycle.expect("the cycle");
        assert_eq!(cycle[0].move_text, record.moves[cycle[0].ply - 1].text);
    }
}

/// 不变作和 is a draw if neither side changes: when the record goes on past a drawn
/// repetition, the players did change, so it does not end the game (a forbidden repetition
/// still does). The detail says so.
#[test]
fn a_drawn_repetition_the_players_leave_does_not_end_the_game() {
    use crate::core::game::Game;
    use crate::core::record::Input;
    use crate::core::rules::Rules;
    use crate::xiangqi::Xiangqi;
    let cycle = "1. A7-A9 E9-E8 2. A9-A8 E8-E9 3. A8-A7 I5-G4 4. A7-A9 E9-E8 5. A9-A8 E8-E9 \
                 6. A8-A7 G4-I5 7. A7-A9 E9-E8 8. A9-A8 E8-E9 9. A8-A7 I5-G4 10. A7-A9 E9-E8 \
                 11. A9-A8 E8-E9 12. A8-A7 G4-I5";
    let game = |tail: &str, result: &str| {
        format!(
            "[Game \"Chinese Chess\"]\n[FEN \"4k4/9/R8/9/8n/9/9/9/9/3K5 w - - 0 1\"]\n\
             [Format \"ICCS\"]\n[Result \"{result}\"]\n\n{cycle} {tail} {result}\n"
        )
    };
    let rules = Rules::defaults(Xiangqi.rule_table());
    let verdict = |text: String| {
        let input = Input {
            name: "t.pgn".into(),
            bytes: std::sync::Arc::from(text.as_bytes()),
            text: Some(std::sync::Arc::from(text.as_str())),
            siblings: Vec::new(),
        };
        let rec = Xiangqi.read("pgn", &input).remove(0).expect("record");
        Xiangqi.check(&rec, &rules, true).verdict.expect("verdict")
    };
    // Ending at the third occurrence: the draw stands.
    let v = verdict(game("", "1/2-1/2"));
    assert_eq!(v.reason.as_str(), "repetition-draw");
    assert_eq!(v.ply, 24);
    // Going on (the rook leaves the a-file): no draw by repetition; the record's result
    // stands as implied, and the detail names the repetition that was left.
    let v = verdict(game("13. A7-B7", "1-0"));
    assert_eq!(v.reason.as_str(), "resignation", "{}", v.detail);
    assert!(v.detail.contains("the players went on"), "{}", v.detail);
}

// ---- Issue 20: how a gain is weighed (kinds 1–3), labels (kind 5), the editions (kind 4) ----

fn analyse_under(pos: &Position, m: Move, code: Code) -> MoveInfo {
    analyse_cxa(None, pos, m, &mut Ctx::new(code))
}

/// Kind 1: a capture rejected directly as 兑 is not admitted again through a line of checks.
/// Ra4-a5 faces the black rook e5, which may take first (the rook a0 takes back): an exchange
/// offer. Red's N b6-c8+ and R×e5 after any king step would win the rook by a check, but the
/// same capture was rejected directly: the move is 兑, not 捉. The 1999 edition reads it the
/// same (issue 31: 捉子兼具兑献 is a move that chases another piece while it offers; a plain
/// offer is 兑, allowed — "兑属闲").
#[test]
fn a_victim_rejected_as_an_exchange_is_not_won_through_a_check() {
    let pos = Position::from_fen("3aka3/9/9/1N7/4r4/R8/9/9/9/R2K5 w - - 0 1").unwrap();
    for code in [Code::Cxa, Code::Cxa1999] {
        let info = analyse_under(&pos, mv("a4a5"), code);
        assert_eq!(info.class(false), MoveClass::Exchange, "{code:?} {info:?}");
        assert_eq!(info.targets(false), vec![sq("e5")]);
    }
}

/// Kind 1, 兑 inside a line of checks: a like piece may take first only when its side has the
/// move. R i8-i9 stands behind the cannon g9: C g9-g7 will check by discovery, the only answer
/// is K e9-e8, and C g7×c7 (over the horse e7) wins the black cannon. The black cannon could
/// take g7 over the same screen, but only with a free move, and the check takes that move
/// away: the capture is no exchange offer (it was weighed as one once, with the side to move
/// swapped after the answer), and R i8-i9 chases c7.
#[test]
fn a_like_piece_that_must_answer_a_check_cannot_take_first() {
    let pos = Position::from_fen("4k1C2/8R/2c1N4/9/9/9/9/9/9/3K5 w - - 0 1").unwrap();
    let info = analyse(&pos, mv("i8i9"));
    assert_eq!(info.class(false), MoveClass::Chase, "{info:?}");
    assert_eq!(info.targets(false), vec![sq("c7")]);
    // With the black cannon rooted (the rook c3 takes back) the line wins nothing: idle.
    let pos = Position::from_fen("4k1C2/8R/2c1N4/9/9/9/2r6/9/9/3K5 w - - 0 1").unwrap();
    let info = analyse(&pos, mv("i8i9"));
    assert_eq!(info.class(false), MoveClass::Idle, "{info:?}");
}

/// Kind 2: a capture that the opponent answers with a check winning more back (抽将) is no
/// gain. R b1-a1 attacks the unprotected cannon a6, but after R×a6 the black horse's step
/// e4-c5 checks with the rook e8 and forks the rook a6 (an interposition on e6 is taken by
/// the rook e8): no chase. Without the rook e8 the horse is pinned and the cannon is won.
#[test]
fn a_capture_refuted_by_a_check_is_no_chase() {
    let pos = Position::from_fen("4k4/4r4/9/c8/9/4n4/9/9/1R7/4K4 w - - 0 1").unwrap();
    let info = analyse(&pos, mv("b1a1"));
    assert_eq!(info.class(false), MoveClass::Idle, "{info:?}");
    let pos = Position::from_fen("4k4/9/9/c8/9/4n4/9/9/1R7/4K4 w - - 0 1").unwrap();
    let info = analyse(&pos, mv("b1a1"));
    assert_eq!(info.class(false), MoveClass::Chase, "{info:?}");
    assert_eq!(info.targets(false), vec![sq("a6")]);
}

/// Kind 2, the reverse (相关子, 24.3): the king's step off the e-file takes the check away
/// from the horse's fork, so the rook's standing attack on a6 becomes a chase, new although the
/// attack on the point stood before.
#[test]
fn a_king_step_that_takes_the_refutation_away_chases() {
    let pos = Position::from_fen("4k4/4r4/9/c8/9/4n4/9/9/R8/4K4 w - - 0 1").unwrap();
    assert!(
        !cxa_threats(&pos, Color::Red)
            .iter()
            .any(|t| t.victim == sq("a6"))
    );
    let info = analyse(&pos, mv("e0d0"));
    assert_eq!(info.class(false), MoveClass::Chase, "{info:?}");
    assert_eq!(info.targets(false), vec![sq("a6")]);
}

/// Kind 3: the black pawn f1 checks; the only answer (K e1-e0: d1 and e2 are the horse c3's,
/// f1 faces the black king) opens the rook a1's line to it, and the pawn cannot take first: the
/// attack is the checker's own doing (自毙), not a chase. Without the horse K e1-d1 answers too,
/// and K e1-e0, which opens the rook's line to the checker, is still idle (issue 31, kind 7):
/// a king's answer to a check is the king's own step (允许帅（将）本身步步叫吃…按闲着处理), and
/// what it opens against the checking piece is no chase (the arbiters of a 1989 team
/// championship called such a 將4平5 閒); it was read as a chase before. A king's answer that
/// opens an attack on another piece stays a chase (图8; the Tiantian case 11).
#[test]
fn a_checker_attacked_by_every_answer_is_not_chased() {
    let pos = Position::from_fen("5k3/4a4/9/9/9/9/2n6/9/R3Kp3/9 w - - 0 1").unwrap();
    let legal: Vec<String> = pos.legal_moves_vec().iter().map(|m| m.iccs()).collect();
    assert_eq!(legal, vec!["e1e0"]);
    let info = analyse(&pos, mv("e1e0"));
    assert_eq!(info.class(false), MoveClass::Idle, "{info:?}");
    assert!(info.note.is_some_and(|n| n.contains("自毙")), "{info:?}");
    let pos = Position::from_fen("5k3/4a4/9/9/9/9/9/9/R3Kp3/9 w - - 0 1").unwrap();
    assert!(pos.is_legal(mv("e1d1")));
    for code in [Code::Cxa, Code::Cxa1999] {
        let info = analyse_under(&pos, mv("e1e0"), code);
        assert_eq!(info.class(false), MoveClass::Idle, "{code:?} {info:?}");
        assert!(
            info.note.is_some_and(|n| n.contains("king's answer")),
            "{info:?}"
        );
    }
}

/// Kind 4: the editions. cxa-13 (a pawn's chase against a perpetual attacker): 2020 图14 keeps
/// the pawn idle, Black's perpetual chase loses; the 1999 text counts the pawn's chases as 捉
/// when both sides attack (发生互打时，兵（卒）叫吃子均按捉处理): both forbidden, a draw.
#[test]
fn the_1999_edition_counts_a_pawns_chase_against_a_perpetual_attacker() {
    let line = CASES.lines().find(|l| l.starts_with("cxa-13")).unwrap();
    let f: Vec<&str> = line.split('\t').collect();
    let (r2020, why) = judge(f[2], f[3], 3, Code::Cxa);
    assert_eq!(r2020, "1-0", "{why}");
    let (r1999, why) = judge(f[2], f[3], 3, Code::Cxa1999);
    assert_eq!(r1999, "1/2-1/2", "{why}");
    assert!(why.contains("1999 edition"), "{why}");
    assert!(why.contains("Red 长捉"), "{why}");
}

/// Kind 1, the pawn clause read as its arbiters applied it: 发生互打时 means both sides chase
/// perpetually. Red's rook alternates check and chase (一将一捉); Black answers the checks with
/// the king and steps a pawn to attack the unprotected horse d3 and back. The pawn's step stays
/// idle under the 1999 edition too (it was counted as 捉 against any perpetual attacker).
#[test]
fn the_1999_pawn_clause_needs_both_sides_to_chase() {
    let fen = "5k3/1n7/9/9/1R7/2p6/3N5/9/9/3K5 w - - 0 1";
    let lap = "b5f5 f9e9 f5b5 c4d4 b5e5 e9f9 e5b5 d4c4 ";
    for code in [Code::Cxa, Code::Cxa1999] {
        let (result, why) = judge(fen, &lap.repeat(2), 3, code);
        assert_eq!(result, "0-1", "{code:?} {why}");
        assert!(why.contains("Red 两将两捉, Black 四闲"), "{code:?} {why}");
    }
}

// ---- Issue 31: labels as the arbiters print them (kind 4) ----

/// Kind 4: a piece that must stay on its line to keep a cannon's attack on its king blocked is
/// 拦 on every move (长拦), also pinned: the black rook between the red cannon e1 and the
/// advisor e8 (without the rook, the advisor is the cannon's screen) moves along the file.
#[test]
fn a_pinned_blocker_blocks() {
    let pos = Position::from_fen("4k4/4a4/9/9/4r4/9/9/9/4C4/4K4 b - - 0 1").unwrap();
    for step in ["e5e6", "e5e3"] {
        let info = analyse(&pos, mv(step));
        assert_eq!(info.class(false), MoveClass::Block, "{step} {info:?}");
        assert_eq!(info.targets(false), vec![sq("e1")], "{step}");
    }
}

/// Kind 4: a pawn's step that is another piece's chase is 闲兼捉 (the pawn's own step idle,
/// the chase it makes judged: 攻择严): P a5-b5 opens the rook a2's file to the unprotected
/// horse a8.
#[test]
fn a_pawn_step_that_lets_another_piece_chase_is_idle_and_chase() {
    let pos = Position::from_fen("4k4/n8/9/9/P8/9/9/R8/9/3K5 w - - 0 1").unwrap();
    let info = analyse(&pos, mv("a5b5"));
    assert_eq!(info.class(false), MoveClass::Chase, "{info:?}");
    assert_eq!(info.also, Some(MoveClass::Idle), "{info:?}");
    assert_eq!(info.targets(false), vec![sq("a8")]);
}

/// Kind 4: a line of checks belongs to the piece that wins at its end. C a1-e1 guards e8
/// (over the pawn e5), so that P e7-e8+ drives the king to f9 (its only square) and the cannon
/// d2 takes the horse d9 (over the pawn d5) that the king protected: the cannon's chase, made by
/// the other cannon's move, where the pawn's first check made it a pawn's (idle) threat before.
#[test]
fn a_line_of_checks_is_the_chase_of_the_piece_that_wins() {
    let pos = Position::from_fen("3nk4/9/4P4/9/3PP4/9/9/3C5/C8/3K5 w - - 0 1").unwrap();
    let info = analyse(&pos, mv("a1e1"));
    assert_eq!(info.class(false), MoveClass::Chase, "{info:?}");
    assert_eq!(info.targets(false), vec![sq("d9")], "{info:?}");
    assert!(info.chases.iter().all(|t| !t.by_pawn), "{info:?}");
}

/// Issue 31, kind 6: a line of checks chases only a piece the defender cannot save. R a0-a1
/// makes R a1-e1+ possible; Black has two answers: the king's only square d8 (f8 faces the red
/// king f0), or the elephant g5 interposing on e7. After the interposition the elephant i7 has
/// lost its root and the rook i5 takes it; after K e8-d8 R i5×i7 is answered by E g5×i7 (the
/// other elephant takes the rook back: nothing won) and the line goes on for the advisor d9
/// instead. The defender answers the check so as to save the elephant, so R a0-a1 does not
/// chase it (it was read as a chase of i7, the victim of the first answer tried); nor the
/// advisor, which the interposition saves.
#[test]
fn a_line_of_checks_chases_only_what_every_answer_loses() {
    let fen = "3a5/4k4/8b/9/6b1R/9/7p1/B8/9/R1B2K3 w - - 0 1";
    let pos = Position::from_fen(fen).unwrap();
    // The elephant i7 is protected: the rook's capture is no threat by itself.
    assert!(
        !cxa_threats(&pos, Color::Red)
            .iter()
            .any(|t| t.victim == sq("i7"))
    );
    for code in [Code::Cxa, Code::Cxa1999] {
        let info = analyse_under(&pos, mv("a0a1"), code);
        assert!(
            info.chases.iter().all(|t| t.victim != sq("i7")),
            "{code:?} {info:?}"
        );
        assert_eq!(info.class(false), MoveClass::Idle, "{code:?} {info:?}");
    }
    // The cycle: both sides idle, a draw (Red was 一捉一闲).
    let moves = "a0a1 h3g3 a1a0 g3h3 a0a1 h3g3 a1a0 g3h3";
    for code in [Code::Cxa, Code::Cxa1999] {
        let (result, why) = judge(fen, moves, 3, code);
        assert_eq!(result, "1/2-1/2", "{why}");
        assert!(why.contains("Red 两闲"), "{code:?} {why}");
    }
    // With d8 covered (the red horse b7) the interposition is the only answer, and the
    // elephant i7 is lost whatever Black does: a chase.
    let pos = Position::from_fen("3a5/4k4/1N6b/9/6b1R/9/7p1/B8/9/R1B2K3 w - - 0 1").unwrap();
    let info = analyse(&pos, mv("a0a1"));
    assert_eq!(info.class(false), MoveClass::Chase, "{info:?}");
    assert_eq!(info.targets(false), vec![sq("i7")], "{info:?}");
}

/// Issue 31, kind 5: check-backs deeper than one check (2020 图3's mechanism, on the board
/// built for it in docs/rules/xiangqi-repetition.md). R d1 attacks the black horse c1, whose
/// roots are lines of checks that win the rook back after R×c1: with the black rook on h1 and
/// the elephant on e2, R h1-h0+ E e2-g0 R×g0+ A e1-f0 R×f0+ K e0-e1 R f0-f1+ K e1-e0 R×c1 (four
/// checks; A e1-f0 at once is the same line a check shorter); the elephant's retreat to g0
/// stops the check, so 相五退三 chases c1. With the rook on g1, R×g0+ starts the same line
/// (three checks) while the elephant stands on g0, and the elephant's return to e2, which takes
/// back on g0, chases c1 again. Both were idle while check-backs were searched one check deep
/// and a line that won the advisor on the way was not followed to the rook.
#[test]
fn a_check_back_of_several_checks_is_a_root() {
    let fen = "5k3/9/9/9/9/9/9/4B4/2nRA2r1/4K4 w - - 0 1";
    let pos = Position::from_fen(fen).unwrap();
    for code in [Code::Cxa, Code::Cxa1999] {
        let info = analyse_under(&pos, mv("e2g0"), code);
        assert_eq!(info.class(false), MoveClass::Chase, "{code:?} {info:?}");
        assert_eq!(info.targets(false), vec![sq("c1")], "{code:?} {info:?}");
    }
    let mut pos = pos;
    for m in ["e2g0", "h1g1"] {
        pos.play(mv(m)).unwrap();
    }
    for code in [Code::Cxa, Code::Cxa1999] {
        let info = analyse_under(&pos, mv("g0e2"), code);
        assert_eq!(info.class(false), MoveClass::Chase, "{code:?} {info:?}");
        assert_eq!(info.targets(false), vec![sq("c1")], "{code:?} {info:?}");
    }
}
