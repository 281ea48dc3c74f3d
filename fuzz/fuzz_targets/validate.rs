#![no_main]
//! The whole validate/adjudicate path: the first byte picks the file name (so each game's
//! sniffer and every format gets its turn) and the encoding; the rest is the file.
use libfuzzer_sys::fuzz_target;
use qipu::core::encoding::TextEncoding;
const NAMES: [&str; 8] = [
    "g.pgn",
    "g.xqf",
    "g.dhtmlxq",
    "g.ucci",
    "g.txt",
    "g.ggf",
    "g.wtb",
    "g.jqr",
];
fuzz_target!(|data: &[u8]| {
    let Some((&sel, rest)) = data.split_first() else {
        return;
    };
    let name = NAMES[(sel & 7) as usize];
    let enc = match (sel >> 3) & 3 {
        0 => TextEncoding::Auto,
        1 => TextEncoding::Utf8,
        2 => TextEncoding::Gbk,
        _ => TextEncoding::Big5,
    };
    qipu_fuzz::validate_file(name, rest, enc);
});
