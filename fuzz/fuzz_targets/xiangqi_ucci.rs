#![no_main]
//! UCCI `position … moves …` lines and bare ICCS move lists.
use libfuzzer_sys::fuzz_target;
fuzz_target!(|data: &[u8]| {
    qipu_fuzz::run("xiangqi_ucci", data);
});
