//! The layers of the crate only point down (docs/architecture.md): `core` names nothing
//! above it, a game names no other game and nothing of the driver, the output or the command
//! line, the driver names neither the output nor the command line, and the output does not
//! name the command line. Read from the source text, as `grep -rn "crate::driver" src/core`
//! would; a path written in a comment counts too (a doc link is an arrow as well).

use std::path::{Path, PathBuf};

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// Every `PREFIX::NAME` (`crate::xiangqi`, `qipu::core`) in the files below `root` whose NAME is
/// in `names`, as `file:line: text`.
fn mentions(root: &Path, prefix: &str, names: &[&str]) -> Vec<String> {
    let mut paths = Vec::new();
    files(root, &mut paths);
    paths.sort();
    assert!(!paths.is_empty(), "no sources under {}", root.display());
    let mut found = Vec::new();
    for p in paths {
        let text = std::fs::read_to_string(&p).unwrap();
        for (n, line) in text.lines().enumerate() {
            for name in names {
                let needle = format!("{prefix}::{name}");
                let hit = line.match_indices(&needle).any(|(i, _)| {
                    let before = line[..i].chars().next_back();
                    let after = line[i + needle.len()..].chars().next();
                    !before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':')
                        && !after.is_some_and(|c| c.is_alphanumeric() || c == '_')
                });
                if hit {
                    found.push(format!("{}:{}: {}", p.display(), n + 1, line.trim()));
                }
            }
        }
    }
    found
}

/// Every `crate::NAME` of the files below `src/LAYER` whose NAME is in `forbidden`.
fn arrows_up(layer: &str, forbidden: &[&str]) -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("src")
        .join(layer);
    mentions(&root, "crate", forbidden)
}

const GAMES: [&str; 3] = ["xiangqi", "othello", "junqi"];

#[test]
fn core_names_nothing_above_it() {
    let above = ["driver", "output", "cli", "xiangqi", "othello", "junqi"];
    let found = arrows_up("core", &above);
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn games_name_only_core_and_themselves() {
    for game in GAMES {
        let mut above = vec!["driver", "output", "cli"];
        above.extend(GAMES.iter().filter(|g| **g != game));
        let found = arrows_up(game, &above);
        assert!(found.is_empty(), "{}", found.join("\n"));
    }
}

#[test]
fn the_driver_names_neither_output_nor_cli() {
    let found = arrows_up("driver", &["output", "cli"]);
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn the_output_does_not_name_the_cli() {
    let found = arrows_up("output", &["cli"]);
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// The Python package (`python/src`) reaches the library through the crate root's facade and
/// the named `qipu::bindings` surface only: no `qipu::core::…`, `qipu::driver::…`, a game's
/// modules or the output (docs/architecture.md, *What is public*).
#[test]
fn python_uses_only_the_facade_and_the_bindings() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("python")
        .join("src");
    let below = ["core", "driver", "output", "xiangqi", "othello", "junqi"];
    let found = mentions(&root, "qipu", &below);
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// A game's formats read and write; they never judge: nothing under `src/<game>/formats`
/// names the game's `judge` (its scores and results are read by `notation/`, counted by
/// `rules/`).
#[test]
fn formats_do_not_name_the_judge() {
    for game in GAMES {
        let judge = format!("{game}::judge");
        let found = arrows_up(&format!("{game}/formats"), &[judge.as_str()]);
        assert!(found.is_empty(), "{}", found.join("\n"));
    }
}
