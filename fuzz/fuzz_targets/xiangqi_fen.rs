#![no_main]
//! Xiangqi FEN: the rules engine's position and the formats' placement.
use libfuzzer_sys::fuzz_target;
fuzz_target!(|data: &[u8]| {
    qipu_fuzz::run("xiangqi_fen", data);
});
