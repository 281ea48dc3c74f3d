//! Issue 32, part 1: every output fits its width — `adjudicate --explain`, `solve`, `formats`
//! and the summary line at 40, 80 and 120 columns and piped. Each is checked line by line (no
//! line wider than the width, no word broken: the words are the piped output's words, or
//! cut with `…`) and against golden files in tests/golden/widths/ where the output does not
//! depend on the clock (`QIPU_BLESS=1 cargo test --release --test suite cli_widths` writes
//! them).

use assert_cmd::Command;
use unicode_width::UnicodeWidthStr;

fn qipu(args: &[&str]) -> (String, String) {
    let out = Command::cargo_bin("qipu")
        .unwrap()
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        .args(args)
        .output()
        .unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn golden(name: &str, got: &str) {
    let path = format!(
        "{}/tests/golden/widths/{name}.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    if std::env::var_os("QIPU_BLESS").is_some() {
        std::fs::create_dir_all(std::path::Path::new(&path).parent().unwrap()).unwrap();
        std::fs::write(&path, got).unwrap();
    }
    let want = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{path}: {e} (QIPU_BLESS=1 writes it)"));
    assert_eq!(got, want, "{name} changed (QIPU_BLESS=1 rewrites {path})");
}

/// No line wider than `width`, unless it is one word that cannot be broken.
fn fits(text: &str, width: usize, what: &str) {
    for l in text.lines() {
        assert!(
            l.width() <= width || l.split_whitespace().count() <= 2,
            "{what}: wider than {width}: {l:?}\n{text}"
        );
    }
}

const TABLE_CHARS: &[char] = &[
    '│', '┆', '┌', '┐', '└', '┘', '─', '┬', '┴', '├', '┤', '╞', '╡', '═', '╪', '┼',
];

/// The words of a text, table borders left out.
fn words(text: &str) -> Vec<String> {
    text.split(|c: char| c.is_whitespace() || TABLE_CHARS.contains(&c))
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

/// Every word of `narrow`'s table rows is a word of `wide`, or one cut with `…`.
fn no_word_broken(narrow: &str, wide: &str, what: &str) {
    let all = words(wide);
    let rows: String = narrow
        .lines()
        .filter(|l| l.starts_with('│'))
        .collect::<Vec<_>>()
        .join("\n");
    // Numbers are checked apart (never cut); the clock's differ from run to run.
    for w in words(&rows)
        .into_iter()
        .filter(|w| w.parse::<f64>().is_err())
    {
        let whole = all.contains(&w);
        let cut = w
            .strip_suffix('…')
            .is_some_and(|stem| all.iter().any(|a| a.starts_with(stem)));
        let cut_path = w
            .strip_prefix('…')
            .is_some_and(|tail| all.iter().any(|a| a.ends_with(tail)));
        let path_tail = all.iter().any(|a| a.ends_with(&format!("/{w}")));
        let cut_inside = w.contains('…') && {
            let (a, b) = w.split_once('…').unwrap();
            all.iter().any(|x| x.starts_with(a) && x.ends_with(b))
        };
        assert!(
            whole || cut || cut_path || path_tail || cut_inside,
            "{what}: `{w}` is not a whole word of the wide output\n{narrow}"
        );
    }
}

const WIDTHS: [usize; 3] = [40, 80, 120];

#[test]
fn explain_wraps_between_words_and_says_the_cycle_once() {
    let file = "samples/xiangqi/disputed/perpetual-chase.pgn";
    let (_, piped) = qipu(&["adjudicate", "--explain", file]);
    // Piped: a paragraph a line, the cycle in the table only.
    let head = piped.lines().next().unwrap();
    assert!(head.contains("perpetual-chase at ply 8"), "{piped}");
    assert!(
        !head.contains("车八平九"),
        "the headline lists the cycle again: {head}"
    );
    let in_rows = piped
        .lines()
        .filter(|l| {
            l.trim_start().starts_with(|c: char| c.is_ascii_digit()) && l.contains("车八平九")
        })
        .count();
    assert!(in_rows > 0, "{piped}");
    assert_eq!(piped.matches("车八平九").count(), in_rows, "{piped}");
    golden("explain-piped", &piped);
    for w in WIDTHS {
        let (_, text) = qipu(&["adjudicate", "--explain", "--width", &w.to_string(), file]);
        fits(&text, w, &format!("--explain at {w}"));
        // Wrapping only moves words to the next line: the same words in the same order.
        assert_eq!(words(&text), words(&piped), "--explain at {w}:\n{text}");
        golden(&format!("explain-{w}"), &text);
    }
}

#[test]
fn solve_fits_every_width_and_never_cuts_a_number() {
    let file = "samples/othello/positions.obf";
    let (wide, _) = qipu(&["solve", "-q", "-j", "1", "--width", "400", file]);
    for w in WIDTHS {
        let (text, _) = qipu(&["solve", "-q", "-j", "1", "--width", &w.to_string(), file]);
        fits(&text, w, &format!("solve at {w}"));
        no_word_broken(&text, &wide, &format!("solve at {w}"));
        for word in words(&text) {
            assert!(
                !(word.ends_with('…') && word.starts_with(|c: char| c.is_ascii_digit())),
                "solve at {w}: a number cut: {word}"
            );
        }
        if w < 120 {
            // Without the clock's columns: the same every run.
            golden(&format!("solve-{w}"), &text);
        }
    }
    let (piped, _) = qipu(&["solve", "-q", "-j", "1", file]);
    fits(&piped, 100, "solve piped");
    assert!(piped.contains("not shown at 100 columns"), "{piped}");
}

#[test]
fn formats_fits_every_width_and_wraps_its_prose_between_words() {
    let (wide, _) = qipu(&["formats", "--width", "400"]);
    for w in WIDTHS {
        let (text, _) = qipu(&["formats", "--width", &w.to_string()]);
        fits(&text, w, &format!("formats at {w}"));
        no_word_broken(&text, &wide, &format!("formats at {w}"));
        golden(&format!("formats-{w}"), &text);
    }
    let (piped, _) = qipu(&["formats"]);
    fits(&piped, 100, "formats piped");
    golden("formats-piped", &piped);
}

#[test]
fn the_summary_line_keeps_each_name_with_its_count() {
    for w in WIDTHS {
        let (out, _) = qipu(&["adjudicate", "-q", "--width", &w.to_string(), "samples/"]);
        let lines: Vec<&str> = out.lines().collect();
        let first = lines
            .iter()
            .rposition(|l| l.starts_with('└'))
            .expect("the table's end")
            + 1;
        let summary = &lines[first..];
        assert!(summary.len() > 1, "at {w} the summary wraps: {summary:?}");
        // Each line but the last ends between units: after `,` `;` or `:`.
        for l in &summary[..summary.len() - 1] {
            assert!(
                l.ends_with(',') || l.ends_with(';') || l.ends_with(':'),
                "at {w}, a unit split across lines: {l:?}\n{}",
                summary.join("\n")
            );
        }
        fits(&summary.join("\n"), w, "summary");
    }
}
