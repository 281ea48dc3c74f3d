//! The rule parameters of Junqi Fanfanqi in the form the engine uses (read from `--rule
//! KEY=VALUE` and the `[Rules]` tag by `junqi::rule_set`).

/// The parameters in the form the engine uses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Params {
    /// `color=any`.
    pub color_any: bool,
    /// `suicide=yes`.
    pub suicide: bool,
    pub timeouts: u32,
    pub repeat_window: usize,
    pub repeat: usize,
    pub no_capture_limit: u32,
    pub step_limit: u32,
    /// Seconds.
    pub time_limit: u64,
    pub min_steps: usize,
    pub draw_offers: usize,
}
