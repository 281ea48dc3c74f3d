#![no_main]
//! One Xiangqi move token in each notation: Chinese, WXF, ICCS.
use libfuzzer_sys::fuzz_target;
use qipu::xiangqi::notation::{chinese, iccs, wxf};
fuzz_target!(|data: &[u8]| {
    let text = qipu_fuzz::as_text(data);
    let _ = chinese::parse(&text);
    let _ = wxf::parse(&text);
    let _ = iccs::parse(&text);
    let _ = qipu::xiangqi::formats::board::parse_iccs_move(&text);
    let _ = qipu::xiangqi::formats::token_notation(&text);
});
