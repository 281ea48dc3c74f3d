//! Junqi Fanfanqi (军棋翻翻棋): the `Game` implementation. The engine is in [`rules`], the
//! action text and position notation in [`notation`], the `.jqr` format in [`formats`], the
//! replay in [`replay`], the verdicts in [`judge`], the move-by-move referee in [`referee`].

pub mod formats;
pub mod judge;
pub mod notation;
pub mod referee;
pub mod replay;
pub mod rules;
pub mod show;
pub mod svg;

use crate::core::game::{Game, PerftOutput, PerftQuery, StreamCut, game_modules};
use crate::core::record::GameKind;
use notation::action::action_text;
use notation::position::{STANDARD_TEST_LAYOUT, parse_layout, parse_position};
use rules::Params;

pub struct Junqi;

/// The start position perft uses when none is given: the standard test layout, all face down.
pub fn standard_test_position() -> rules::Position {
    parse_layout(STANDARD_TEST_LAYOUT).unwrap_or_else(|_| rules::Position::empty())
}

impl Game for Junqi {
    game_modules!(GameKind::Junqi);

    fn stream_cut(&self, format: &'static str, text: &str) -> StreamCut {
        if format != formats::jqr::FORMAT_ID {
            return StreamCut::Unsupported;
        }
        formats::cut::stream_cut(text)
    }

    fn perft(&self, position: Option<&str>, query: PerftQuery) -> Result<PerftOutput, String> {
        let pos = match position {
            None => standard_test_position(),
            Some(text) => parse_position(text)
                .map_err(|e| format!("bad Junqi position at byte {}: {}", e.start, e.message))?,
        };
        let params = Params::default();
        let root = pos.legal_actions(&params);
        let count = |a: &rules::Action| {
            let mut next = pos.clone();
            next.apply(*a, &params);
            rules::perft::perft(&next, query.depth.saturating_sub(1), &params)
        };
        let counts: Vec<u64> = if query.depth == 0 {
            Vec::new()
        } else if query.jobs > 1 {
            use rayon::prelude::*;
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(query.jobs)
                .build()
                .map_err(|e| e.to_string())?;
            pool.install(|| root.par_iter().map(count).collect())
        } else {
            root.iter().map(count).collect()
        };
        let total = if query.depth == 0 {
            1
        } else {
            counts.iter().sum()
        };
        let divide = if query.divide {
            root.iter()
                .zip(&counts)
                .map(|(a, n)| (action_text(&pos, *a, true), *n))
                .collect()
        } else {
            Vec::new()
        };
        Ok(PerftOutput { divide, total })
    }
}
