#![no_main]
//! One Xiangqi move token in each notation: Chinese, WXF, ICCS.
use libfuzzer_sys::fuzz_target;
fuzz_target!(|data: &[u8]| {
    qipu_fuzz::run("xiangqi_notation", data);
});
