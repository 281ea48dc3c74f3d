#![no_main]
//! Junqi records (.jqr), and the action and position notations.
use libfuzzer_sys::fuzz_target;
fuzz_target!(|data: &[u8]| {
    qipu_fuzz::run("junqi_jqr", data);
});
