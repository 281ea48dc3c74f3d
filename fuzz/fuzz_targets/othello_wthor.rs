#![no_main]
//! WTHOR databases (binary).
use libfuzzer_sys::fuzz_target;
fuzz_target!(|data: &[u8]| {
    qipu_fuzz::run("othello_wthor", data);
});
