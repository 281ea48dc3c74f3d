#![no_main]
//! CCBridge .cbl libraries (binary, read a slice at a time).
use libfuzzer_sys::fuzz_target;
fuzz_target!(|data: &[u8]| {
    qipu_fuzz::run("xiangqi_cbl", data);
});
