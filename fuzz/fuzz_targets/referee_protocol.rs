#![no_main]
//! `qipu referee` sessions: each line a protocol command, in a session of each game.
use libfuzzer_sys::fuzz_target;
fuzz_target!(|data: &[u8]| {
    qipu_fuzz::run("referee_protocol", data);
});
