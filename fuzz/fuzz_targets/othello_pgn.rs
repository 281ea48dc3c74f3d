#![no_main]
//! Othello PGN (WTHOR archives' form).
use libfuzzer_sys::fuzz_target;
fuzz_target!(|data: &[u8]| {
    qipu_fuzz::run("othello_pgn", data);
});
