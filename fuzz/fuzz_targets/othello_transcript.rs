#![no_main]
//! Othello transcripts (f5d6c3…), and the move and board notations.
use libfuzzer_sys::fuzz_target;
fuzz_target!(|data: &[u8]| {
    let text = qipu_fuzz::as_text(data);
    let _ = qipu::othello::notation::parse_move(&text);
    let _ = qipu::othello::notation::parse_board(&text);
    qipu_fuzz::read_and_check(
        &qipu::othello::Othello,
        "transcript",
        &qipu_fuzz::text_input(&text),
    );
});
