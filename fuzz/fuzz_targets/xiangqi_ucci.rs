#![no_main]
//! UCCI `position … moves …` lines and bare ICCS move lists.
use libfuzzer_sys::fuzz_target;
fuzz_target!(|data: &[u8]| {
    let text = qipu_fuzz::as_text(data);
    qipu_fuzz::read_and_check(
        &qipu::xiangqi::Xiangqi,
        "ucci",
        &qipu_fuzz::text_input(&text),
    );
});
