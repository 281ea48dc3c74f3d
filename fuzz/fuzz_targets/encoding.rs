#![no_main]
//! Encoding detection and decoding (auto, UTF-8, GBK, Big5) and offset -> line:column.
use libfuzzer_sys::fuzz_target;
fuzz_target!(|data: &[u8]| {
    qipu_fuzz::run("encoding", data);
});
