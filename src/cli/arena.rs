//! `qipu match`: engines against each other, every game refereed by the rules (docs/match.md).

use super::{EXIT_OK, EXIT_USAGE, MatchArgs, ReportArg, common};
use crate::driver::arena::engine::{Proto, parse_spec};
use crate::driver::arena::stats::Sprt;
use crate::driver::arena::{
    self, GameOutcome, MatchConfig, ScoreAdjudication, Standings, Tournament,
};
use std::io::Write;
use std::time::Duration;

fn numbers<const N: usize>(text: &str, what: &str) -> Result<[f64; N], String> {
    let v: Vec<f64> = text
        .split(',')
        .map(|x| {
            x.split_once('=')
                .map_or(x, |(_, v)| v)
                .trim()
                .parse::<f64>()
        })
        .collect::<Result<_, _>>()
        .map_err(|_| format!("{what}: `{text}` is not {N} numbers"))?;
    v.try_into()
        .map_err(|_| format!("{what}: `{text}` is not {N} numbers"))
}

fn config(a: &MatchArgs) -> Result<MatchConfig, String> {
    let game = a.game.kind();
    let default_proto = match game {
        crate::GameKind::Othello => Proto::Nboard,
        _ => Proto::Uci,
    };
    let mut engines = Vec::new();
    for text in &a.engine {
        let joined = match &a.each {
            Some(each) => format!("{each} {text}"),
            None => text.clone(),
        };
        let spec = parse_spec(&joined, default_proto)?;
        if !spec.limit.is_set() && !matches!(spec.proto, Proto::Nboard | Proto::Gtp) {
            return Err(format!(
                "engine {}: no limit on its search (nodes=, depth=, st= or tc=)",
                spec.name
            ));
        }
        engines.push(spec);
    }
    // Names tell engines apart in the records and the standings.
    for i in 0..engines.len() {
        if engines[..i].iter().any(|e| e.name == engines[i].name) {
            return Err(format!(
                "two engines are named `{}`: give each a name=",
                engines[i].name
            ));
        }
    }
    let settings = crate::Settings::new(Some(game), None, a.rules.as_deref(), &a.rule)
        .map_err(|e| e.to_string())?;
    let rules = settings.rules_for(game);
    let openings = match &a.openings {
        Some(p) => arena::read_openings(game, p, a.opening_plies)?,
        None => Vec::new(),
    };
    let draw = match &a.draw {
        Some(t) => {
            let [from, count, score] = numbers::<3>(t, "--draw")?;
            Some((from as u32, count as u32, score as i64))
        }
        None => None,
    };
    let resign = match &a.resign {
        Some(t) => {
            let [count, score] = numbers::<2>(t, "--resign")?;
            Some((count as u32, score as i64))
        }
        None => None,
    };
    let sprt = match &a.sprt {
        Some(t) => {
            let [elo0, elo1, alpha, beta] = numbers::<4>(t, "--sprt")?;
            Some(Sprt {
                elo0,
                elo1,
                alpha,
                beta,
            })
        }
        None => None,
    };
    Ok(MatchConfig {
        game,
        engines,
        tournament: if a.gauntlet {
            Tournament::Gauntlet
        } else {
            Tournament::RoundRobin
        },
        games: a.games,
        openings,
        jobs: a.jobs.max(1),
        rules,
        output: a.output.clone().into(),
        banmoves: !a.no_banmoves,
        margin: Duration::from_millis(a.margin_ms),
        hang: Duration::from_secs(a.hang_seconds),
        adjudication: ScoreAdjudication { draw, resign },
        sprt,
        event: a.event.clone(),
        shard: match &a.shard {
            None => None,
            Some(t) => {
                let (k, n) = t
                    .split_once('/')
                    .and_then(|(k, n)| {
                        Some((
                            k.trim().parse::<usize>().ok()?,
                            n.trim().parse::<usize>().ok()?,
                        ))
                    })
                    .filter(|&(k, n)| n >= 1 && (1..=n).contains(&k))
                    .ok_or_else(|| format!("--shard: `{t}` is not K/N with 1 <= K <= N"))?;
                Some((k, n))
            }
        },
    })
}

pub(crate) fn run(a: &MatchArgs) -> i32 {
    let config = match config(a) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("qipu: {e}");
            return EXIT_USAGE;
        }
    };
    let json = a.json || a.report == ReportArg::Json;
    let quiet = a.quiet;
    let total = arena::schedule(
        config.engines.len(),
        config.tournament,
        config.games,
        config.openings.len(),
    )
    .map(|s| s.len())
    .unwrap_or(0);
    let on_game = move |g: &GameOutcome, s: &Standings| {
        if json {
            let mut o = std::io::stdout().lock();
            let _ = serde_json::to_writer(&mut o, g);
            let _ = writeln!(o);
            let _ = o.flush();
        }
        if !quiet {
            use crate::output::table::glued;
            let line = format!(
                "{} {} {} | {}{}",
                glued(&format!("game {}/{total}:", g.round)),
                glued(&format!("{} - {}", g.first, g.second)),
                glued(&format!("{} {} @{}", g.result, g.reason, g.ply)),
                s.score.line(),
                s.sprt_llr
                    .map_or(String::new(), |l| format!(", LLR {l:.2}")),
            );
            // Wrapped between its parts on a narrow terminal (a line a game when piped).
            common::eprint_glued(&line, None);
        }
    };
    match arena::run(&config, &on_game) {
        Ok(s) => {
            summary(&config, &s, json);
            EXIT_OK
        }
        Err(e) => {
            eprintln!("qipu: {e}");
            EXIT_USAGE
        }
    }
}

/// The summary on stdout (a closed pipe ends it quietly).
fn summary(config: &MatchConfig, s: &Standings, json: bool) {
    let mut o = std::io::stdout().lock();
    if json {
        let _ = serde_json::to_writer(&mut o, &serde_json::json!({ "summary": s }));
        let _ = writeln!(o);
        return;
    }
    let sc = &s.score;
    let games = sc.games();
    let score = if games > 0 {
        format!(
            "{:.1} %",
            (sc.wins as f64 + sc.draws as f64 / 2.0) * 100.0 / games as f64
        )
    } else {
        "-".to_string()
    };
    let elo = sc.elo().map_or(sc.infinite().to_string(), |(e, err)| {
        format!("{} ± {err:.1}", arena::stats::signed(e))
    });
    let los = sc.los().map_or("-".to_string(), |l| format!("{l:.1} %"));
    use crate::output::fit::{Column, Fill, fit, render};
    use crate::output::table::{glued, wrap_glued};
    let columns = [
        Column::new("engine", Fill::Cut { least: 8 }, None),
        Column::new("games", Fill::Whole, None),
        Column::new("+", Fill::Whole, None),
        Column::new("=", Fill::Whole, None),
        Column::new("-", Fill::Whole, None),
        Column::new("score", Fill::Whole, None),
        Column::new("Elo", Fill::Whole, Some(1)),
        Column::new("LOS", Fill::Whole, Some(0)),
    ];
    let row = vec![
        config.engines[0].name.clone(),
        games.to_string(),
        sc.wins.to_string(),
        sc.draws.to_string(),
        sc.losses.to_string(),
        score,
        elo,
        los,
    ];
    let width = common::table_width(None);
    let _ = write!(o, "{}", render(&fit(&columns, &[row], width)));
    let reasons: Vec<String> = s
        .reasons
        .iter()
        .map(|(r, n)| glued(&format!("{r} {n}")))
        .collect();
    let line = format!(
        "{}, {} in {}; endings: {}",
        glued(&format!("{} games played", s.played)),
        glued(&format!("{} already", s.resumed)),
        config.output.display(),
        reasons.join(", ")
    );
    for l in wrap_glued(&line, width, "  ") {
        let _ = writeln!(o, "{l}");
    }
    if let (Some(llr), Some(state)) = (s.sprt_llr, s.sprt) {
        let _ = writeln!(o, "SPRT: LLR {llr:.2}, {state:?}");
    }
}
