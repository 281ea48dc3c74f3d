//! Where a stream of Othello games (transcripts, GGF, Othello PGN) may be cut between games.

use crate::core::game::StreamCut;

/// Where a transcript or GGF text may be cut between games (see `Game::stream_cut`): before
/// the last line that starts a game — a GGF line opening with `(;`, a transcript line that
/// does not follow a board-only line (whose moves are on the next line).
pub(crate) fn stream_cut(format: &str, text: &str) -> StreamCut {
    let ggf = match format {
        "pgn-othello" => return super::pgn::stream_cut(text),
        "ggf" => true,
        "transcript" => false,
        _ => return StreamCut::Unsupported,
    };
    // Scan the lines backwards, skipping the last one (it may be incomplete).
    let mut end = text.trim_end_matches(['\n', '\r']).len();
    end = crate::core::game::line_start(text, end);
    let mut candidate: Option<usize> = None;
    while end > 0 {
        let start = crate::core::game::line_start(text, end - 1);
        let line = text.get(start..end).unwrap_or("").trim();
        if ggf {
            if line.starts_with("(;") && start > 0 {
                return StreamCut::At(start);
            }
        } else if !line.is_empty() && !line.starts_with('#') {
            // After a board-only line, the line that follows belongs to it: the board line
            // becomes the candidate instead.
            if !super::transcript::board_only(line)
                && let Some(c) = candidate
            {
                return StreamCut::At(c);
            }
            candidate = Some(start);
        }
        end = start;
    }
    StreamCut::NotYet
}
