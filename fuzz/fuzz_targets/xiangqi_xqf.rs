#![no_main]
//! XQF binary records (all versions, encrypted ones too).
use libfuzzer_sys::fuzz_target;
fuzz_target!(|data: &[u8]| {
    qipu_fuzz::run("xiangqi_xqf", data);
});
