#![no_main]
//! CCBridge .cbr records (binary).
use libfuzzer_sys::fuzz_target;
fuzz_target!(|data: &[u8]| {
    qipu_fuzz::run("xiangqi_cbr", data);
});
