#![no_main]
//! Xiangqi PGN (Chinese, ICCS and WXF move text) read, replayed, adjudicated, re-written.
use libfuzzer_sys::fuzz_target;
fuzz_target!(|data: &[u8]| {
    let text = qipu_fuzz::as_text(data);
    qipu_fuzz::read_and_check(
        &qipu::xiangqi::Xiangqi,
        "pgn",
        &qipu_fuzz::text_input(&text),
    );
});
