#![no_main]
//! DhtmlXQ / 东萍 UBB blocks.
use libfuzzer_sys::fuzz_target;
fuzz_target!(|data: &[u8]| {
    let text = qipu_fuzz::as_text(data);
    qipu_fuzz::read_and_check(
        &qipu::xiangqi::Xiangqi,
        "dhtmlxq",
        &qipu_fuzz::text_input(&text),
    );
});
