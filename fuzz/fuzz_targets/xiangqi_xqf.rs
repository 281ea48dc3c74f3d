#![no_main]
//! XQF binary records (all versions, encrypted ones too).
use libfuzzer_sys::fuzz_target;
fuzz_target!(|data: &[u8]| {
    qipu_fuzz::read_and_check(
        &qipu::xiangqi::Xiangqi,
        "xqf",
        &qipu_fuzz::binary_input(data),
    );
});
