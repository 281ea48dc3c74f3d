//! Notation against the real corpus (/work/shared/corpus/xiangqi/ccpd: Big5 PGN with Chinese
//! moves): every game replays with the Chinese resolver, and every move written in ICCS, WXF
//! and Chinese (both scripts, both digit styles) resolves back to the same move. The default
//! run takes a slice; the whole corpus is #[ignore]d. Tests skip when the corpus is missing.

use crate::xiangqi::notation::{
    self, ChineseStyle, Digits, Notation, NotationErrorKind, Script, Style,
};
use crate::xiangqi::rules::{Move, Position};
use std::path::{Path, PathBuf};

const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpus/xiangqi/ccpd");

struct Game {
    path: PathBuf,
    fen: Option<String>,
    moves: Vec<String>,
}

/// A minimal reading of the corpus files (tags, then numbered move tokens and a result); the
/// real PGN reader lives in `formats`.
fn read_game(path: &Path) -> Game {
    let bytes = std::fs::read(path).expect("readable corpus file");
    let (text, _, _) = encoding_rs::BIG5.decode(&bytes);
    let mut fen = None;
    let mut moves = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if let Some(tag) = line.strip_prefix("[FEN \"") {
            fen = tag.strip_suffix("\"]").map(str::to_string);
        } else if !line.starts_with('[') {
            for tok in line.split_whitespace() {
                let is_number =
                    tok.ends_with('.') && tok[..tok.len() - 1].chars().all(|c| c.is_ascii_digit());
                let is_result = matches!(tok, "1-0" | "0-1" | "1/2-1/2" | "*");
                if !is_number && !is_result {
                    moves.push(tok.to_string());
                }
            }
        }
    }
    Game {
        path: path.to_path_buf(),
        fen,
        moves,
    }
}

fn files(dir: &str, limit: usize) -> Option<Vec<PathBuf>> {
    let root = Path::new(CORPUS).join(dir);
    if !root.is_dir() {
        eprintln!("note: {} is missing; skipping", root.display());
        return None;
    }
    let mut v: Vec<PathBuf> = std::fs::read_dir(&root)
        .ok()?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
        .collect();
    v.sort();
    v.truncate(limit);
    Some(v)
}

struct Replayed {
    moves: usize,
    lenient: usize,
    failure: Option<String>,
}

/// Replays a game with the Chinese resolver, checking every move's round trip on the way.
fn replay(game: &Game) -> Replayed {
    let start = match &game.fen {
        Some(f) => Position::from_fen(f),
        None => Ok(Position::start()),
    };
    let mut pos = match start {
        Ok(p) => p,
        Err(e) => {
            return Replayed {
                moves: 0,
                lenient: 0,
                failure: Some(format!("bad set-up: {e}")),
            };
        }
    };
    let mut out = Replayed {
        moves: 0,
        lenient: 0,
        failure: None,
    };
    for (i, tok) in game.moves.iter().enumerate() {
        assert_eq!(notation::detect(tok), Notation::Chinese, "{tok}");
        match notation::chinese::resolve(&pos, tok) {
            Ok((mv, note)) => {
                out.lenient += note.is_some() as usize;
                round_trip(&pos, mv);
                pos.play(mv).expect("resolved moves are legal");
                out.moves += 1;
            }
            Err(e) => {
                out.failure = Some(format!("ply {} `{tok}`: {:?}: {e}", i + 1, e.kind));
                break;
            }
        }
    }
    out
}

fn round_trip(pos: &Position, mv: Move) {
    let styles = [
        Style::Iccs,
        Style::IccsDash,
        Style::Wxf,
        Style::Chinese(ChineseStyle::default()),
        Style::Chinese(ChineseStyle {
            script: Script::Traditional,
            digits: Digits::Ascii,
        }),
    ];
    for style in styles {
        let text = notation::write(pos, mv, style);
        match notation::resolve(pos, &text) {
            Ok((back, note)) => {
                assert_eq!(back, mv, "{style:?} `{text}` in {}", pos.to_fen());
                assert_eq!(note, None, "canonical `{text}` needs no lenient reading");
            }
            Err(e) => panic!("{style:?} `{text}` ({mv}) in {}: {e}", pos.to_fen()),
        }
    }
}

fn run(dirs: &[&str], limit: usize) -> Option<(usize, usize, Vec<String>)> {
    let (mut games, mut ok, mut failures) = (0, 0, Vec::new());
    let (mut moves, mut lenient) = (0, 0);
    for dir in dirs {
        for path in files(dir, limit)? {
            let game = read_game(&path);
            let r = replay(&game);
            games += 1;
            moves += r.moves;
            lenient += r.lenient;
            match r.failure {
                None => ok += 1,
                Some(f) => failures.push(format!("{}: {f}", game.path.display())),
            }
        }
    }
    println!(
        "{ok}/{games} games replay fully ({:.2}%), {moves} moves, {lenient} read leniently",
        100.0 * ok as f64 / games.max(1) as f64
    );
    for f in &failures {
        println!("  {f}");
    }
    Some((games, ok, failures))
}

/// The first 200 master games: all replay, every move round-trips.
#[test]
fn corpus_slice_replays_and_round_trips() {
    let Some((games, ok, failures)) = run(&["master-games-by-opening"], 200) else {
        return;
    };
    assert_eq!(games, 200);
    assert!(ok * 1000 >= games * 995, "{failures:#?}");
}

/// The whole corpus (about 11,700 games; a minute or so in debug).
#[test]
#[ignore]
fn whole_corpus_replays() {
    let dirs = [
        "computer-games",
        "endgame",
        "full-game-tactics",
        "master-games-by-opening",
        "mating-exercises",
        "midgame",
        "opening-lines",
    ];
    let Some((games, ok, failures)) = run(&dirs, usize::MAX) else {
        return;
    };
    assert!(ok * 1000 >= games * 995, "{} failures", failures.len());
}

#[test]
fn detection_and_error_kinds() {
    assert_eq!(notation::detect("h2e2"), Notation::Iccs);
    assert_eq!(notation::detect("H2-E2"), Notation::Iccs);
    assert_eq!(notation::detect("C2.5"), Notation::Wxf);
    assert_eq!(notation::detect("H8+7"), Notation::Wxf);
    assert_eq!(notation::detect("炮二平五"), Notation::Chinese);
    let pos = Position::start();
    let kind = |t: &str| notation::resolve(&pos, t).unwrap_err().kind;
    assert_eq!(kind("Z2.5"), NotationErrorKind::Parse);
    assert_eq!(kind("C2+9"), NotationErrorKind::Illegal);
    assert_eq!(kind("炮二进九"), NotationErrorKind::Illegal);
    // The rook on i0 is blocked by the horse.
    assert_eq!(kind("R1.2"), NotationErrorKind::Illegal);
    let e = notation::resolve(&pos, "C2+9")
        .unwrap_err()
        .to_record_error();
    assert_eq!(e.kind.as_str(), "illegal-move");
}

/// The rule cases (/work/shared/corpus/xiangqi/rule-cases/axf.tsv) are set-ups and ICCS move
/// lists: every set-up is possible and every move resolves.
#[test]
fn rule_cases_replay_in_iccs() {
    let path = Path::new(CORPUS).join("../rule-cases/axf.tsv");
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("note: {} is missing; skipping", path.display());
        return;
    };
    let mut cases = 0;
    let mut impossible = Vec::new();
    for line in text.lines().skip(1) {
        let cols: Vec<&str> = line.split('\t').collect();
        let [id, _, fen, moves, ..] = cols[..] else {
            panic!("bad line {line}");
        };
        let mut pos = match Position::from_fen(fen) {
            Ok(p) => p,
            Err(e) => {
                // A composed diagram may hold a pawn no game can reach; replay it anyway.
                println!("{id}: {e}");
                impossible.push(id);
                Position::from_fen_unchecked(fen).unwrap()
            }
        };
        for tok in moves.split_whitespace() {
            let (mv, _) =
                notation::iccs::resolve(&pos, tok).unwrap_or_else(|e| panic!("{id}: {e}"));
            round_trip(&pos, mv);
            pos.play(mv).unwrap();
        }
        cases += 1;
    }
    assert!(cases > 200);
    // axf-102 (diagrams 71-75) has a Black pawn on i7, behind its start rank.
    assert_eq!(impossible, vec!["axf-102"]);
}

/// Random set-ups crowded with pawns on two or three files (doubled, tripled, 3-2 splits, four
/// or five on a file) and a few other pieces, for both sides to move: every legal move,
/// written in every style, resolves back to itself without a lenient reading.
#[test]
fn crowded_random_setups_round_trip() {
    use crate::xiangqi::rules::{Color, Kind, Piece, Square};
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n) as u8
    };
    let (mut tried, mut checked) = (0, 0);
    let (mut tandem, mut with_file) = (0, 0);
    let mut kinds = std::collections::BTreeSet::new();
    while checked < 150 && tried < 5000 {
        tried += 1;
        let side = if next(2) == 0 {
            Color::Red
        } else {
            Color::Black
        };
        let mut pos = Position::empty(side);
        let put = |pos: &mut Position, f: u8, r: u8, c: Color, k: Kind| {
            let sq = Square::new(f, r).unwrap();
            if pos.piece_at(sq).is_none() {
                pos.set_piece(sq, Some(Piece::new(c, k)));
            }
        };
        put(&mut pos, 3 + next(3), next(3), Color::Red, Kind::King);
        put(&mut pos, 3 + next(3), 7 + next(3), Color::Black, Kind::King);
        for color in [Color::Red, Color::Black] {
            let files = [next(9), next(9), next(9)];
            for _ in 0..5 {
                let f = files[next(3) as usize];
                // Beyond the river, where pawns may stand on any file.
                let r = match color {
                    Color::Red => 5 + next(5),
                    Color::Black => next(5),
                };
                put(&mut pos, f, r, color, Kind::Pawn);
            }
            for kind in [Kind::Rook, Kind::Horse, Kind::Cannon] {
                put(&mut pos, next(9), next(10), color, kind);
            }
            for (f, r) in [(3, 0), (5, 0), (4, 1), (3, 2), (5, 2)] {
                if next(3) == 0 {
                    let r = if color == Color::Red { r } else { 9 - r };
                    put(&mut pos, f, r, color, Kind::Advisor);
                }
            }
        }
        if !pos.setup_problems().is_empty() || !pos.has_legal_move() {
            continue;
        }
        checked += 1;
        for mv in pos.legal_moves_vec() {
            round_trip(&pos, mv);
            let cn = notation::write(&pos, mv, Style::Chinese(ChineseStyle::default()));
            if cn.starts_with(['前', '中', '后', '一', '二', '三', '四', '五']) {
                tandem += 1;
                kinds.insert(cn.chars().next());
                if cn.chars().count() == 5 {
                    with_file += 1;
                }
            }
        }
    }
    assert_eq!(checked, 150, "only {checked} usable set-ups in {tried}");
    println!(
        "{tandem} tandem moves, {with_file} with the file restored, {} prefixes",
        kinds.len()
    );
    // The set-ups must exercise the tandem forms, including the two-file one.
    assert!(tandem > 200 && with_file > 20, "{tandem} {with_file}");
    assert!(kinds.len() >= 5, "{kinds:?}");
}

proptest::proptest! {
    /// Any text, in any notation, gives a move or an error — never a panic.
    #[test]
    fn arbitrary_text_never_panics(
        text in "[a-iA-Z0-9+\\-.=前中后後一二三四五六七八九１２３４５６７８９车車马馬炮包兵卒相象仕士帅将進进退平 ]{0,7}"
    ) {
        let pos = Position::start();
        for n in [Notation::Iccs, Notation::Wxf, Notation::Chinese] {
            if let Ok((mv, _)) = notation::resolve_as(&pos, &text, n) {
                proptest::prop_assert!(pos.is_legal(mv));
            }
        }
        let crowded = Position::from_fen("3k5/2P6/2P3P2/2P3P2/9/9/9/9/9/4K4 w - - 0 1").unwrap();
        let _ = notation::resolve(&crowded, &text);
    }
}

/// What Fairy-Stockfish (pyffish 0.0.90) writes in WXF for moves of pieces that share a file
/// with a like piece (tests/fixtures/wxf-fairy-stockfish.tsv, made by the script beside it):
/// every line is read as the move it names (or, for the two-digit form WXF and Fairy-Stockfish
/// read differently, with a note naming both), and qipu's own WXF reads back to the move.
#[test]
fn fairy_stockfish_tandem_forms() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/wxf-fairy-stockfish.tsv"
    );
    let text = std::fs::read_to_string(path).expect("fixture");
    let (mut failures, mut ambiguous) = (Vec::new(), Vec::new());
    let mut lines = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let cols: Vec<&str> = line.split('\t').collect();
        let [fen, iccs, wxf] = cols[..] else {
            panic!("bad fixture line {line}")
        };
        lines += 1;
        let pos = Position::from_fen(fen).expect(fen);
        match notation::resolve(&pos, wxf) {
            Ok((mv, _)) if mv.iccs() == iccs => {}
            // `33.4` on a file of three pawns while another file holds two is WXF's middle
            // pawn and Fairy-Stockfish's rear one: read as WXF's, with a note naming both.
            Ok((mv, Some(note)))
                if note.contains("Fairy-Stockfish's pawn counted from the front")
                    && note.contains(&format!("({iccs})")) =>
            {
                ambiguous.push(format!("{wxf} {mv}"));
            }
            Ok((mv, _)) => failures.push(format!("`{wxf}` read as {mv}, not {iccs}: {fen}")),
            Err(e) => failures.push(format!("`{wxf}` ({iccs}): {e}: {fen}")),
        }
        let Some(mv) = pos.legal_moves_vec().into_iter().find(|m| m.iccs() == iccs) else {
            failures.push(format!("{iccs} is not legal in {fen}"));
            continue;
        };
        let ours = notation::write(&pos, mv, Style::Wxf);
        match notation::resolve(&pos, &ours) {
            Ok((back, _)) if back == mv => {}
            other => failures.push(format!("qipu's `{ours}` ({iccs}): {other:?}: {fen}")),
        }
    }
    assert!(lines > 300, "{lines} lines");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(ambiguous.len() <= 2, "{ambiguous:?}");
}
