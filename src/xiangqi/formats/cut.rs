//! Where a huge Xiangqi text file may be cut between games for streaming
//! (`Game::stream_cut`): each piece must read on its own as the same games as in the whole
//! file, and a cut falls at a line start.

use crate::core::game::{StreamCut, line_start};

/// XQ PGN: before the last game that starts after the first.
pub(crate) fn pgn(text: &str) -> StreamCut {
    match super::pgn_read::split_games(text).last() {
        Some(&(start, _)) if start > 0 => match line_start(text, start) {
            0 => StreamCut::NotYet,
            n => StreamCut::At(n),
        },
        _ => StreamCut::NotYet,
    }
}

/// The starts of the first and the last line whose first word is `position`.
fn position_lines(text: &str) -> Option<(usize, usize)> {
    let mut at = 0usize;
    let mut found: Option<(usize, usize)> = None;
    for line in text.split_inclusive('\n') {
        if line.trim_start().starts_with("position") {
            found = Some(found.map_or((at, at), |(first, _)| (first, at)));
        }
        at += line.len();
    }
    found
}

/// UCCI `position` lines (one game a line): before the last `position` line that has another
/// before it, so that every piece holds one (a file of `position` lines reads every other
/// line as an error, a file without any reads as one bare move list). The last line of the
/// text may be incomplete, so it is never cut at.
pub(crate) fn ucci(text: &str) -> StreamCut {
    let complete = line_start(text, text.len());
    match position_lines(text.get(..complete).unwrap_or("")) {
        Some((first, last)) if last > first => StreamCut::At(last),
        _ => StreamCut::NotYet,
    }
}

/// DhtmlXQ blocks (`[DhtmlXQ]` … `[/DhtmlXQ]`): at the start of the line of the last block,
/// when the block before it is closed before that line.
pub(crate) fn dhtmlxq(text: &str) -> StreamCut {
    const OPEN: &str = "[DhtmlXQ]";
    const CLOSE: &str = "[/DhtmlXQ]";
    let Some(last) = text.rfind(OPEN) else {
        return StreamCut::NotYet;
    };
    let cut = line_start(text, last);
    let before = text.get(..cut).unwrap_or("");
    let (Some(open), Some(close)) = (before.rfind(OPEN), before.rfind(CLOSE)) else {
        return StreamCut::NotYet;
    };
    // The line of the last block holds no end of another block before it.
    let line_head = text.get(cut..last).unwrap_or("");
    if close > open && !line_head.contains(CLOSE) && cut > 0 {
        StreamCut::At(cut)
    } else {
        StreamCut::NotYet
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::record::Input;
    use std::sync::Arc;

    /// Cutting `text` wherever the format says, again and again, gives pieces that read as
    /// the games of the whole text.
    fn pieces_read_as_whole(format: &'static str, text: &str, cut: fn(&str) -> StreamCut) {
        let read = |t: &str| {
            let input = Input {
                name: "t".into(),
                bytes: Arc::from(&[][..]),
                text: Some(Arc::from(t)),
                siblings: Vec::new(),
            };
            <crate::xiangqi::Xiangqi as crate::core::variant::Formats>::read(format, &input)
                .into_iter()
                .map(|r| {
                    r.map(|r| {
                        r.moves
                            .iter()
                            .map(|m| m.text.to_string())
                            .collect::<Vec<_>>()
                    })
                })
                .map(|r| r.map_err(|e| e.message))
                .collect::<Vec<_>>()
        };
        let whole = read(text);
        let mut rest = text;
        let mut pieces = Vec::new();
        // Cut off the front a little at a time, as the stream does.
        while let StreamCut::At(n) = cut(rest) {
            // The stream cuts the front piece: here, the last cut of the text so far is
            // taken as the end of the pieces before it.
            pieces.push(&rest[n..]);
            rest = &rest[..n];
        }
        pieces.push(rest);
        pieces.reverse();
        assert!(pieces.len() > 2, "{format}: {} pieces", pieces.len());
        let joined: Vec<_> = pieces.iter().flat_map(|p| read(p)).collect();
        assert_eq!(joined, whole, "{format}");
    }

    #[test]
    fn ucci_pieces_read_as_the_whole_file() {
        let text = "# games\nposition startpos moves h2e2\nposition startpos moves b2e2 h9g7\n\nposition fen 4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1 moves d0d1\nposition startpos\n";
        pieces_read_as_whole("ucci", text, ucci);
        assert_eq!(ucci("position startpos moves h2e2\n"), StreamCut::NotYet);
        assert_eq!(
            ucci("h2e2 h9g7\nb2e2\n"),
            StreamCut::NotYet,
            "a bare move list is one game"
        );
        // The last line may be incomplete.
        assert_eq!(ucci("position startpos\nposition st"), StreamCut::NotYet);
    }

    #[test]
    fn dhtmlxq_pieces_read_as_the_whole_file() {
        let block = |m: &str| {
            format!("<p>[DhtmlXQ]\n[DhtmlXQ_movelist]{m}[/DhtmlXQ_movelist]\n[/DhtmlXQ]</p>\n")
        };
        let text = [block("7747"), block("7747"), block("1022"), block("7242")].concat();
        pieces_read_as_whole("dhtmlxq", &text, dhtmlxq);
        // Two blocks on one line are not cut apart.
        let one_line = "[DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][/DhtmlXQ][DhtmlXQ]\n";
        assert_eq!(dhtmlxq(one_line), StreamCut::NotYet);
        // An unclosed block runs on: no cut after it.
        let open = "[DhtmlXQ]\n[DhtmlXQ_movelist]7747\n[DhtmlXQ]\n[/DhtmlXQ]\n";
        assert_eq!(dhtmlxq(open), StreamCut::NotYet);
    }
}
