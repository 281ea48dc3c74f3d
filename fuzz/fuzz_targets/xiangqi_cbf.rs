#![no_main]
//! CCBridge .cbf XML records.
use libfuzzer_sys::fuzz_target;
fuzz_target!(|data: &[u8]| {
    qipu_fuzz::run("xiangqi_cbf", data);
});
