#![no_main]
//! Xiangqi FEN: the rules engine's position and the formats' placement.
use libfuzzer_sys::fuzz_target;
fuzz_target!(|data: &[u8]| {
    let text = qipu_fuzz::as_text(data);
    if let Ok(pos) = qipu::xiangqi::rules::Position::from_fen(&text) {
        let _ = pos.legal_moves_vec();
        let _ = pos.to_fen();
    }
    let _ = qipu::xiangqi::rules::Position::from_fen_unchecked(&text);
    let _ = qipu::xiangqi::formats::board::Placement::from_fen(&text);
});
