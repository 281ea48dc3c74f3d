#![no_main]
//! Xiangqi PGN (Chinese, ICCS and WXF move text) read, replayed, adjudicated, re-written.
use libfuzzer_sys::fuzz_target;
fuzz_target!(|data: &[u8]| {
    qipu_fuzz::run("xiangqi_pgn", data);
});
