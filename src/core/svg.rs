//! The SVG document that every game's picture (`show --svg`) stands in.

/// A standalone SVG document `size` (width, height) wide and high: the `defs` its items refer
/// to, the empty `board`, then the `items`, one a line. `font` is the font family of its text
/// when the game sets one.
pub(crate) fn document(
    size: (f64, f64),
    font: Option<&str>,
    defs: &str,
    board: &str,
    items: Vec<String>,
) -> String {
    let (w, h) = size;
    let font = font
        .map(|f| format!(" font-family=\"{f}\""))
        .unwrap_or_default();
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\"{font}>\n<defs>\n{defs}</defs>\n{board}"
    );
    for item in items {
        s.push_str(&item);
        s.push('\n');
    }
    s.push_str("</svg>\n");
    s
}
