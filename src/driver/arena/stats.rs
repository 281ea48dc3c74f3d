//! A match's score as engine authors read it: wins, draws and losses of the first engine, its
//! Elo difference with a 95 % interval, the likelihood of superiority, and the SPRT's
//! log-likelihood ratio (the normal approximation fishtest and cutechess use).

use serde::Serialize;

#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub(crate) struct Score {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

/// An SPRT: H0 elo = elo0 against H1 elo = elo1, with the error rates alpha and beta.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// What the SPRT says so far.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum SprtState {
    Continue,
    /// H1 accepted (the change is at least elo1).
    AcceptH1,
    /// H0 accepted.
    AcceptH0,
}

fn expected(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

fn elo_of(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

impl Score {
    pub(crate) fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The mean score and its variance per game.
    fn mean_var(&self) -> Option<(f64, f64)> {
        let n = self.games() as f64;
        if n == 0.0 {
            return None;
        }
        let (w, d, l) = (
            self.wins as f64 / n,
            self.draws as f64 / n,
            self.losses as f64 / n,
        );
        let mu = w + d / 2.0;
        let var = w * (1.0 - mu).powi(2) + d * (0.5 - mu).powi(2) + l * mu.powi(2);
        Some((mu, var))
    }

    /// The Elo difference and the half-width of its 95 % interval (`None` with no games, or
    /// all won or all lost: infinite).
    pub(crate) fn elo(&self) -> Option<(f64, f64)> {
        let (mu, var) = self.mean_var()?;
        if mu <= 0.0 || mu >= 1.0 {
            return None;
        }
        let n = self.games() as f64;
        let dev = (var / n).sqrt();
        let lo = (mu - 1.959964 * dev).clamp(1e-9, 1.0 - 1e-9);
        let hi = (mu + 1.959964 * dev).clamp(1e-9, 1.0 - 1e-9);
        Some((elo_of(mu), (elo_of(hi) - elo_of(lo)) / 2.0))
    }

    /// The likelihood of superiority, in %.
    pub(crate) fn los(&self) -> Option<f64> {
        let decisive = (self.wins + self.losses) as f64;
        if decisive == 0.0 {
            return None;
        }
        let x = (self.wins as f64 - self.losses as f64) / (2.0 * decisive).sqrt();
        Some(50.0 * (1.0 + erf(x)))
    }

    /// The log-likelihood ratio of the SPRT and its state.
    ///
    /// Half a win and half a loss are added to the counts: with every game the same result
    /// the variance would be 0 and the normal approximation would say nothing (a run of
    /// losses must still accept H0).
    pub(crate) fn sprt(&self, t: &Sprt) -> (f64, SprtState) {
        let n = self.games() as f64 + 1.0;
        let (w, d, l) = (
            (self.wins as f64 + 0.5) / n,
            self.draws as f64 / n,
            (self.losses as f64 + 0.5) / n,
        );
        let mu = w + d / 2.0;
        let var = w * (1.0 - mu).powi(2) + d * (0.5 - mu).powi(2) + l * mu.powi(2);
        let llr = match Some((mu, var)).filter(|_| self.games() > 0) {
            Some((mu, var)) if var > 0.0 => {
                let (s0, s1) = (expected(t.elo0), expected(t.elo1));
                (s1 - s0) * (2.0 * mu - s0 - s1) * n / (2.0 * var)
            }
            _ => 0.0,
        };
        let lower = (t.beta / (1.0 - t.alpha)).ln();
        let upper = ((1.0 - t.beta) / t.alpha).ln();
        let state = if llr >= upper {
            SprtState::AcceptH1
        } else if llr <= lower {
            SprtState::AcceptH0
        } else {
            SprtState::Continue
        };
        (llr, state)
    }

    /// The Elo difference of a score of 0 % (`-∞`) or 100 % (`+∞`).
    pub(crate) fn infinite(&self) -> &'static str {
        if self.wins == 0 { "-∞" } else { "+∞" }
    }

    /// `W-D-L`, Elo with its interval, LOS: the line the progress and the summary print.
    pub(crate) fn line(&self) -> String {
        let mut s = format!(
            "{} games: +{} ={} -{}",
            self.games(),
            self.wins,
            self.draws,
            self.losses
        );
        if let Some((mu, _)) = self.mean_var() {
            s.push_str(&format!(", score {:.1} %", mu * 100.0));
        }
        match self.elo() {
            Some((e, err)) => s.push_str(&format!(", Elo {} ± {err:.1}", signed(e))),
            None if self.games() > 0 => s.push_str(&format!(", Elo {}", self.infinite())),
            None => {}
        }
        if let Some(l) = self.los() {
            s.push_str(&format!(", LOS {l:.1} %"));
        }
        s
    }
}

/// An Elo figure with its sign, `0.0` without one.
pub(crate) fn signed(e: f64) -> String {
    if e.abs() < 0.05 {
        "0.0".to_string()
    } else {
        format!("{e:+.1}")
    }
}

/// The error function (Abramowitz–Stegun 7.1.26, |error| < 1.5e-7: enough for a percentage).
fn erf(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.3275911 * x.abs());
    let y = 1.0
        - (((((1.061405429 * t - 1.453152027) * t) + 1.421413741) * t - 0.284496736) * t
            + 0.254829592)
            * t
            * (-x * x).exp();
    if x >= 0.0 { y } else { -y }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_los_sprt() {
        let even = Score {
            wins: 10,
            draws: 20,
            losses: 10,
        };
        let (e, err) = even.elo().unwrap();
        assert!(e.abs() < 1e-9 && err > 0.0);
        assert!((even.los().unwrap() - 50.0).abs() < 1e-6);
        // 75 % is +190.8 Elo.
        let s = Score {
            wins: 30,
            draws: 0,
            losses: 10,
        };
        assert!((s.elo().unwrap().0 - 190.85).abs() < 0.1);
        let t = Sprt {
            elo0: 0.0,
            elo1: 10.0,
            alpha: 0.05,
            beta: 0.05,
        };
        let strong = Score {
            wins: 600,
            draws: 200,
            losses: 200,
        };
        assert_eq!(strong.sprt(&t).1, SprtState::AcceptH1);
        let weak = Score {
            wins: 200,
            draws: 200,
            losses: 600,
        };
        assert_eq!(weak.sprt(&t).1, SprtState::AcceptH0);
        assert_eq!(Score::default().sprt(&t).1, SprtState::Continue);
        // Nothing but losses still decides.
        let lost = Score {
            wins: 0,
            draws: 0,
            losses: 40,
        };
        assert_eq!(lost.sprt(&t).1, SprtState::AcceptH0);
        assert_eq!(
            Score {
                wins: 0,
                draws: 0,
                losses: 1
            }
            .sprt(&t)
            .1,
            SprtState::Continue
        );
    }
}
