//! The numbers of Chinese move text: Chinese numerals for Red, digits for Black.

use crate::xiangqi::rules::Color;

/// How Black's numbers are written: full-width `８` (the usual) or ASCII `8`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Digits {
    #[default]
    FullWidth,
    Ascii,
}

pub(crate) const CHINESE_NUMERALS: [char; 9] =
    ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// A number as `color` writes it: Chinese numerals for Red, digits for Black.
pub(crate) fn file_text(color: Color, n: u8, digits: Digits) -> String {
    let i = (n.clamp(1, 9) - 1) as usize;
    match (color, digits) {
        (Color::Red, _) => CHINESE_NUMERALS[i].to_string(),
        (Color::Black, Digits::FullWidth) => char::from_u32('１' as u32 + i as u32)
            .unwrap_or('?')
            .to_string(),
        (Color::Black, Digits::Ascii) => char::from(b'1' + i as u8).to_string(),
    }
}
