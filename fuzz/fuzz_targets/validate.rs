#![no_main]
//! The whole validate/adjudicate path (detection, decoding, reading, verdicts, reports).
use libfuzzer_sys::fuzz_target;
fuzz_target!(|data: &[u8]| {
    qipu_fuzz::run("validate", data);
});
