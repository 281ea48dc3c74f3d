#![no_main]
//! Generic Game Format (GGS) games and archives.
use libfuzzer_sys::fuzz_target;
fuzz_target!(|data: &[u8]| {
    qipu_fuzz::run("othello_ggf", data);
});
