#![no_main]
//! Encoding detection and decoding (auto, UTF-8, GBK, Big5) and offset -> line:column.
use libfuzzer_sys::fuzz_target;
use qipu::core::encoding::{TextEncoding, decode, line_col};
fuzz_target!(|data: &[u8]| {
    for enc in [
        TextEncoding::Auto,
        TextEncoding::Utf8,
        TextEncoding::Gbk,
        TextEncoding::Big5,
    ] {
        let d = decode(data, enc);
        let n = d.text.len();
        for off in [0, n / 3, n / 2, n.saturating_sub(1), n, n + 7] {
            let _ = line_col(&d.text, off);
        }
    }
});
