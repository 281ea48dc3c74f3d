//! The rule parameters of Junqi Fanfanqi (`--rule KEY=VALUE`, the `[Rules]` tag).

use crate::core::rules::Rules;

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

impl Params {
    pub fn from_rules(r: &Rules) -> Params {
        Params {
            color_any: r.is("color", "any"),
            suicide: r.is("suicide", "yes"),
            timeouts: r.int("timeouts") as u32,
            repeat_window: r.int("repeat-window") as usize,
            repeat: r.int("repeat") as usize,
            no_capture_limit: r.int("no-capture-limit") as u32,
            step_limit: r.int("step-limit") as u32,
            time_limit: r.seconds("time-limit"),
            min_steps: r.int("min-steps-to-resign-or-draw") as usize,
            draw_offers: r.int("draw-offers") as usize,
        }
    }
}
