#![no_main]
//! DhtmlXQ / 东萍 UBB blocks.
use libfuzzer_sys::fuzz_target;
fuzz_target!(|data: &[u8]| {
    qipu_fuzz::run("xiangqi_dhtmlxq", data);
});
