#![no_main]
//! WTHOR databases (binary).
use libfuzzer_sys::fuzz_target;
fuzz_target!(|data: &[u8]| {
    qipu_fuzz::read_and_check(
        &qipu::othello::Othello,
        "wthor",
        &qipu_fuzz::binary_input(data),
    );
});
