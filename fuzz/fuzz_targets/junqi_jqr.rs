#![no_main]
//! Junqi records (.jqr), and the action and position notations.
use libfuzzer_sys::fuzz_target;
use qipu::junqi::notation::{action, position};
fuzz_target!(|data: &[u8]| {
    let text = qipu_fuzz::as_text(data);
    let _ = action::parse_action(&text);
    let _ = position::parse_position(&text);
    let _ = position::parse_layout(&text);
    qipu_fuzz::read_and_check(&qipu::junqi::Junqi, "jqr", &qipu_fuzz::text_input(&text));
});
