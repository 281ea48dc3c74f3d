//! Text decoding: UTF-8 with or without BOM, UTF-16 with BOM, GB18030/GBK and Big5, chosen by
//! `--encoding` or detected from the content.

use encoding_rs::{BIG5, Encoding, GB18030, UTF_8, UTF_16BE, UTF_16LE};

/// `--encoding`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TextEncoding {
    #[default]
    Auto,
    Utf8,
    Gbk,
    Big5,
}

impl TextEncoding {
    pub fn parse(s: &str) -> Option<TextEncoding> {
        match s.to_ascii_lowercase().replace('_', "-").as_str() {
            "auto" => Some(TextEncoding::Auto),
            "utf-8" | "utf8" => Some(TextEncoding::Utf8),
            "gbk" | "gb18030" | "gb2312" | "cp936" => Some(TextEncoding::Gbk),
            "big5" | "big-5" | "cp950" => Some(TextEncoding::Big5),
            _ => None,
        }
    }
}

/// Decoded text and the name of the encoding that was used.
#[derive(Debug, Clone)]
pub struct Decoded {
    pub text: String,
    pub encoding: &'static str,
    /// Bytes that were not valid in that encoding (replaced by U+FFFD).
    pub malformed: bool,
}

/// Decodes the bytes. A forced encoding is used as given (malformed sequences become
/// U+FFFD and `malformed` says so); `Auto` takes a BOM, else valid UTF-8, else whichever of
/// GB18030 and Big5 reads the text better.
pub fn decode(bytes: &[u8], choice: TextEncoding) -> Decoded {
    match choice {
        TextEncoding::Utf8 => decode_with(bytes, UTF_8),
        TextEncoding::Gbk => decode_with(bytes, GB18030),
        TextEncoding::Big5 => decode_with(bytes, BIG5),
        TextEncoding::Auto => {
            if let Some((enc, _)) = Encoding::for_bom(bytes) {
                return decode_with(bytes, enc);
            }
            if let Ok(s) = std::str::from_utf8(bytes) {
                return Decoded {
                    text: s.to_string(),
                    encoding: "UTF-8",
                    malformed: false,
                };
            }
            let gb = decode_with(bytes, GB18030);
            let big5 = decode_with(bytes, BIG5);
            match (gb.malformed, big5.malformed) {
                (false, true) => gb,
                (true, false) => big5,
                _ => {
                    if score(&big5.text) > score(&gb.text) {
                        big5
                    } else {
                        gb
                    }
                }
            }
        }
    }
}

fn decode_with(bytes: &[u8], enc: &'static Encoding) -> Decoded {
    let (text, used, malformed) = enc.decode(bytes);
    let name = if used == UTF_16LE || used == UTF_16BE {
        "UTF-16"
    } else {
        used.name()
    };
    Decoded {
        text: text.into_owned(),
        encoding: name,
        malformed,
    }
}

/// Frequent characters of game records and of Chinese text in general, in both scripts.
/// Text decoded in the wrong one of GB18030/Big5 turns into rare characters, so the count of
/// frequent ones tells them apart.
const FREQUENT: &str = "车車马馬炮砲包相象仕士帅帥将將兵卒进進退平一二三四五六七八九前后後中\
红紅黑先胜勝负負和局的是了不在有人这這个個上们們来來到时時大地为為子中你说說生国國年着著就那和要她出也得里裏后後自以会會\
赛賽杯年月日第轮輪届屆象棋队隊";

/// Characters scored per candidate decoding: enough to tell the two apart, and a huge file
/// is not scanned twice.
const SCORE_CHARS: usize = 64 * 1024;

fn score(text: &str) -> usize {
    // A bitset over the Basic Multilingual Plane (every frequent character is in it).
    static SET: std::sync::OnceLock<Vec<u64>> = std::sync::OnceLock::new();
    let set = SET.get_or_init(|| {
        let mut bits = vec![0u64; 0x10000 / 64];
        for c in FREQUENT.chars() {
            let i = c as usize;
            if let Some(w) = bits.get_mut(i / 64) {
                *w |= 1 << (i % 64);
            }
        }
        bits
    });
    let frequent = |c: char| {
        let i = c as usize;
        set.get(i / 64).is_some_and(|w| w & (1 << (i % 64)) != 0)
    };
    text.chars()
        .take(SCORE_CHARS)
        .filter(|&c| !c.is_ascii() && frequent(c))
        .count()
}

/// Byte offset → (line, column), both 1-based; the column counts characters.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let mut start = offset;
    while start > 0 && !text.is_char_boundary(start) {
        start -= 1;
    }
    let before = &text[..start];
    let line = before.bytes().filter(|&b| b == b'\n').count() + 1;
    let line_start = before.rfind('\n').map(|i| i + 1).unwrap_or(0);
    let column = before[line_start..].chars().count() + 1;
    (line, column)
}

/// Byte offsets → (line, column) for many offsets into one text: built once in O(n), each
/// look-up then costs a binary search and at most one checkpoint's worth of characters, so a
/// file with a million errors is not quadratic.
pub struct LineIndex<'a> {
    text: &'a str,
    /// Offsets of the line starts.
    starts: Vec<usize>,
    /// Characters before each `CHECKPOINT`-byte mark (snapped back to a char boundary).
    chars_before: Vec<(usize, usize)>,
}

const CHECKPOINT: usize = 4096;

impl<'a> LineIndex<'a> {
    pub fn new(text: &'a str) -> LineIndex<'a> {
        let mut starts = vec![0];
        starts.extend(memchr::memchr_iter(b'\n', text.as_bytes()).map(|i| i + 1));
        let mut chars_before = vec![(0, 0)];
        let mut at = 0;
        let mut count = 0;
        while at + CHECKPOINT < text.len() {
            let mut next = at + CHECKPOINT;
            while !text.is_char_boundary(next) {
                next -= 1;
            }
            count += text[at..next].chars().count();
            chars_before.push((next, count));
            at = next;
        }
        LineIndex {
            text,
            starts,
            chars_before,
        }
    }

    /// Characters before byte `offset` (a char boundary).
    fn chars_to(&self, offset: usize) -> usize {
        let k = self.chars_before.partition_point(|&(b, _)| b <= offset);
        let (b, c) = self.chars_before[k.saturating_sub(1)];
        c + self.text[b..offset].chars().count()
    }

    /// The same answer as [`line_col`].
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let mut offset = offset.min(self.text.len());
        while offset > 0 && !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.starts.partition_point(|&s| s <= offset);
        let line_start = self.starts[line.saturating_sub(1)];
        let column = self.chars_to(offset) - self.chars_to(line_start) + 1;
        (line, column)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn line_index_agrees_with_line_col() {
        let mut t = String::from("ab\n炮二平五\n\n");
        t.push_str(&"马".repeat(5000));
        t.push_str("\nxyz");
        let index = LineIndex::new(&t);
        for off in (0..=t.len() + 2).step_by(7).chain([0, 3, 4, t.len()]) {
            assert_eq!(index.line_col(off), line_col(&t, off), "offset {off}");
        }
    }

    use super::*;

    #[test]
    fn detects_big5_and_gbk() {
        let s = "1. 炮二平五 馬８進７";
        let (big5, _, _) = BIG5.encode(s);
        let d = decode(&big5, TextEncoding::Auto);
        assert_eq!(d.encoding, "Big5");
        assert_eq!(d.text, s);
        let s = "1. 炮二平五 马８进７ 2. 马二进三 车９平８";
        let (gb, _, _) = GB18030.encode(s);
        let d = decode(&gb, TextEncoding::Auto);
        assert_eq!(d.encoding, "gb18030");
        assert_eq!(d.text, s);
    }

    #[test]
    fn bom_and_utf8() {
        let d = decode(b"\xEF\xBB\xBFf5d6", TextEncoding::Auto);
        assert_eq!(d.text, "f5d6");
        let d = decode("車".as_bytes(), TextEncoding::Auto);
        assert_eq!(d.encoding, "UTF-8");
    }

    #[test]
    fn forced_encoding_marks_malformed() {
        let d = decode(&[0xff, 0xfe, 0x41], TextEncoding::Utf8);
        assert!(d.malformed);
    }

    #[test]
    fn lines_and_columns() {
        let t = "ab\n車馬x";
        assert_eq!(line_col(t, 0), (1, 1));
        assert_eq!(line_col(t, 3), (2, 1));
        assert_eq!(line_col(t, 9), (2, 3));
    }
}
