#![no_main]
//! Generic Game Format (GGS) games and archives.
use libfuzzer_sys::fuzz_target;
fuzz_target!(|data: &[u8]| {
    let text = qipu_fuzz::as_text(data);
    qipu_fuzz::read_and_check(
        &qipu::othello::Othello,
        "ggf",
        &qipu_fuzz::text_input(&text),
    );
});
