//! The pages' layout in a real browser (headless Chromium, see `browser/`), from the page's own
//! geometry at each window size, not only by screenshot (issue 23):
//!
//! * no page scrolls sideways at any width from 360 to 1920 px (the Junqi page too);
//! * under 640 px the index is a list of cards: the file name whole on its own line, the
//!   verdict and the agreement inside the window;
//! * a game page shows its board and its step buttons in the first screen at 1280×800 and
//!   390×844;
//! * the board's characters are in the script of the move list (simplified or traditional);
//! * a move's tag (闲, 捉 …) stays readable on the highlighted move;
//! * at 390×844 and 1280×800 (issue 32), on the indexes and a game page of each game, no table
//!   cell or heading breaks a word (a file name, a move, "ply 60"), nothing scrolls sideways,
//!   not even inside a box, and a phone shows the claimed result and the verdict in the first
//!   screen.
//!
//! Screenshots of the first screen go to `target/tmp/html-browser/fit-*.png` and `words-*.png`.

use crate::browser::*;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};

/// Window sizes: phones, a small tablet, laptops, a desktop.
const SIZES: [(u32, u32); 8] = [
    (360, 740),
    (390, 844),
    (600, 900),
    (800, 800),
    (1024, 768),
    (1280, 800),
    (1440, 900),
    (1920, 1080),
];

/// Where the first screen must hold a game's board and step buttons.
const FIRST_SCREEN: [(u32, u32); 2] = [(1280, 800), (390, 844)];

/// The box of the first element `sel` matches: `[left, top, right, bottom]` in CSS pixels of
/// the window, or `null`.
const BOX: &str = "(sel) => { const e = document.querySelector(sel); if (!e) return null; \
    const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }";

fn geometry(tab: &Tab, selectors: &[&str]) -> serde_json::Value {
    let list = serde_json::to_string(selectors).expect("selectors");
    let js = format!(
        "JSON.stringify((() => {{ const box = {BOX}; const d = document.documentElement; \
         const out = {{ w: innerWidth, h: innerHeight, scroll: d.scrollWidth }}; \
         for (const s of {list}) out[s] = box(s); return out; }})())"
    );
    serde_json::from_str(&eval_str(tab, &js)).expect("the geometry")
}

fn rect(g: &serde_json::Value, sel: &str) -> [f64; 4] {
    let v = g[sel]
        .as_array()
        .unwrap_or_else(|| panic!("no `{sel}` on the page"));
    let n = |i: usize| v[i].as_f64().expect("a number");
    [n(0), n(1), n(2), n(3)]
}

/// The pages: the index and the game pages of the samples (`adjudicate --html-dir`), by the
/// source file of each game (its first game).
struct Pages {
    _dir: tempfile::TempDir,
    out: PathBuf,
}

impl Pages {
    fn make() -> Pages {
        Pages::of("samples")
    }

    /// The pages of the games under `samples` (a folder of the repository).
    fn of(samples: &str) -> Pages {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let out = dir.path().join("out");
        let o = qipu(&[
            OsStr::new("adjudicate"),
            root().join(samples).as_os_str(),
            OsStr::new("--html-dir"),
            out.as_os_str(),
            OsStr::new("-q"),
        ]);
        assert!(
            out.join("index.html").is_file(),
            "{}",
            String::from_utf8_lossy(&o.stderr)
        );
        Pages { _dir: dir, out }
    }

    fn index(&self) -> PathBuf {
        self.out.join("index.html")
    }

    /// The page of game `n` (from 1) of the sample whose path ends with `source`.
    fn game(&self, source: &str, n: usize) -> PathBuf {
        let index = std::fs::read_to_string(self.index()).expect("the index");
        let mut seen = 0;
        for cell in index.split("<td class=\"source\"><a href=\"").skip(1) {
            let (href, rest) = cell.split_once("\">").expect("a link");
            let name = text_of(rest.split("</a>").next().unwrap_or_default());
            if name.ends_with(source) {
                seen += 1;
                if seen == n {
                    return self.out.join(href);
                }
            }
        }
        panic!("no page for game {n} of {source}");
    }
}

/// The text of a piece of markup (its tags left out; the samples' names hold no entity).
fn text_of(html: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    out
}

fn name(page: &Path) -> String {
    page.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

#[test]
#[ignore = "browser (headless Chromium, minutes): .ci/run runs it: cargo test --release --test suite -- --ignored html_browser:: html_layout::"]
fn no_page_scrolls_sideways_and_the_first_screen_holds_the_board() {
    let Some(s) = session() else {
        return;
    };
    let pages = Pages::make();
    let games = [
        ("junqi", pages.game("junqi/agreement.jqr", 1)),
        ("xiangqi", pages.game("disputed/perpetual-chase.pgn", 1)),
        ("othello", pages.game("othello/standard.txt", 1)),
        ("invalid", pages.game("othello/illegal.txt", 1)),
    ];
    let mut failures = Vec::new();
    for (w, h) in SIZES {
        let tab = s.open_at(&url(&pages.index(), ""), w, h);
        let g = geometry(
            &tab,
            &[
                "table.games tbody tr",
                "table.games tbody tr td.source",
                "table.games tbody tr td.verdict",
                "table.games tbody tr td.agrees",
            ],
        );
        let scroll = g["scroll"].as_f64().unwrap_or(f64::MAX);
        if scroll > f64::from(w) {
            failures.push(format!("index at {w}×{h}: {scroll} px wide"));
        }
        if w < 640 {
            // Cards: the file name has the card's whole width, the verdict and the agreement
            // are on lines of their own, inside the window.
            let card = rect(&g, "table.games tbody tr");
            let source = rect(&g, "table.games tbody tr td.source");
            let verdict = rect(&g, "table.games tbody tr td.verdict");
            let agrees = rect(&g, "table.games tbody tr td.agrees");
            if source[2] - source[0] < 0.85 * (card[2] - card[0]) || verdict[1] < source[3] {
                failures.push(format!(
                    "index at {w}×{h}: the file name is not on a line of its own ({source:?} in {card:?})"
                ));
            }
            for (what, b) in [("verdict", verdict), ("agrees", agrees)] {
                if b[2] > f64::from(w) || b[3] > f64::from(h) {
                    failures.push(format!("index at {w}×{h}: {what} {b:?} is off screen"));
                }
            }
        }
        screenshot(&tab, &format!("fit-index-{w}x{h}.png"));
        tab.close();
        for (kind, page) in &games {
            let tab = s.open_at(&url(page, ""), w, h);
            let g = geometry(&tab, &[".board svg", ".controls"]);
            let scroll = g["scroll"].as_f64().unwrap_or(f64::MAX);
            if scroll > f64::from(w) {
                failures.push(format!("{kind} page at {w}×{h}: {scroll} px wide"));
            }
            if FIRST_SCREEN.contains(&(w, h)) && g[".board svg"].is_array() {
                for sel in [".board svg", ".controls"] {
                    let b = rect(&g, sel);
                    if b[0] < 0.0 || b[1] < 0.0 || b[2] > f64::from(w) || b[3] > f64::from(h) {
                        failures.push(format!(
                            "{kind} page at {w}×{h}: `{sel}` {b:?} is not in the first screen"
                        ));
                    }
                }
            }
            screenshot(&tab, &format!("fit-{kind}-{}-{w}x{h}.png", name(page)));
            tab.close();
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The characters of the board's pieces and of the move list, in one script: a simplified
/// record's board says 车 马 帅, a traditional one's 車 馬 帥.
#[test]
#[ignore = "browser (headless Chromium, minutes): .ci/run runs it: cargo test --release --test suite -- --ignored html_browser:: html_layout::"]
fn the_board_speaks_the_script_of_the_move_list() {
    let Some(s) = session() else {
        return;
    };
    let pages = Pages::make();
    let chars =
        "(sel) => Array.from(document.querySelectorAll(sel)).map(e => e.textContent).join('')";
    for (n, script) in [(1, "simplified"), (2, "traditional")] {
        let page = pages.game("xiangqi/chinese.pgn", n);
        let tab = s.open(&url(&page, ""));
        let board = eval_str(&tab, &format!("({chars})('svg.defs text')"));
        let moves = eval_str(&tab, &format!("({chars})('table.moves button.mv')"));
        let (mine, other) = if script == "simplified" {
            ("车马帅将", "車馬帥將傌俥")
        } else {
            ("車馬帥將", "车马帅将")
        };
        assert!(
            moves.chars().any(|c| mine.contains(c)),
            "game {n}: the move list is not {script}: {moves}"
        );
        assert!(
            board.chars().any(|c| mine.contains(c)) && !board.chars().any(|c| other.contains(c)),
            "game {n}: a {script} move list beside the board's {board}"
        );
        tab.close();
    }
}

/// A move's tag on the highlighted move: its text and its background differ enough to read
/// (WCAG contrast ratio 4.5 or more). The 闲 tag was white on light grey.
#[test]
#[ignore = "browser (headless Chromium, minutes): .ci/run runs it: cargo test --release --test suite -- --ignored html_browser:: html_layout::"]
fn a_tag_on_the_highlighted_move_is_readable() {
    let Some(s) = session() else {
        return;
    };
    let pages = Pages::make();
    let page = pages.game("disputed/perpetual-chase.pgn", 1);
    let tab = s.open(&url(&page, ""));
    let js = "JSON.stringify(Array.from(document.querySelectorAll('button[aria-current] .kind')).map(k => { \
        const c = getComputedStyle(k); return [k.textContent, c.color, c.backgroundColor]; }))";
    let tags: Vec<(String, String, String)> =
        serde_json::from_str(&eval_str(&tab, js)).expect("the tags");
    assert!(
        !tags.is_empty(),
        "the deciding move is highlighted, with its tag"
    );
    for (text, color, background) in &tags {
        let ratio = contrast(rgb(color), rgb(background));
        assert!(
            ratio >= 4.5,
            "`{text}`: {color} on {background}, contrast {ratio:.2}"
        );
    }
    screenshot(&tab, "fit-highlighted-tag.png");
    tab.close();
}

/// `rgb(r, g, b)` or `rgba(r, g, b, a)` as three channels 0–255.
fn rgb(css: &str) -> [f64; 3] {
    let inner = css
        .split_once('(')
        .and_then(|(_, r)| r.strip_suffix(')'))
        .unwrap_or_else(|| panic!("not a colour: {css}"));
    let v: Vec<f64> = inner
        .split(',')
        .map(|x| x.trim().parse().expect("a channel"))
        .collect();
    [v[0], v[1], v[2]]
}

/// The WCAG contrast ratio of two colours.
fn contrast(a: [f64; 3], b: [f64; 3]) -> f64 {
    let lum = |c: [f64; 3]| {
        let ch = |x: f64| {
            let s = x / 255.0;
            if s <= 0.03928 {
                s / 12.92
            } else {
                ((s + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * ch(c[0]) + 0.7152 * ch(c[1]) + 0.0722 * ch(c[2])
    };
    let (x, y) = (lum(a), lum(b));
    (x.max(y) + 0.05) / (x.min(y) + 0.05)
}

/// The two sizes of issue 32: a phone and a laptop.
const FIT: [(u32, u32); 2] = [(390, 844), (1280, 800)];

/// The page's problems of fit, as a list of texts (empty: none), from its geometry:
///
/// * the page, or any element that clips or scrolls its content, is wider than its box;
/// * a word of a table cell, a caption, a heading, a ruling's value or the run's summary lies
///   on more than one line: a word is a run of text without a space, ending after each `/` (a path may break
///   after a folder's name), measured with a `Range` over it; "ply 60" counts as one word;
/// * with `fold`: the claimed result and the verdict (their values as the page's ruling panel
///   gives them) are not in the first screen — no visible element inside the window holds the
///   word `claimed` (`verdict`) and then its value.
const FIT_JS: &str = r#"(fold) => {
  const W = innerWidth, H = innerHeight, out = [];
  const norm = t => t.replace(/\s+/g, ' ').trim();
  const label = e => {
    let s = e.tagName.toLowerCase();
    if (typeof e.className === 'string' && e.className.trim()) s += '.' + e.className.trim().split(/\s+/).join('.');
    return s;
  };
  const where = e => {
    const p = [];
    for (let x = e; x && x !== document.body && p.length < 4; x = x.parentElement) p.unshift(label(x));
    return p.join(' > ');
  };
  const d = document.documentElement;
  if (d.scrollWidth > W + 1) out.push(`the page is ${d.scrollWidth} px wide in a window of ${W}`);
  for (const e of document.querySelectorAll('body *')) {
    if (getComputedStyle(e).overflowX === 'visible' || e.clientWidth === 0) continue;
    if (e.scrollWidth > e.clientWidth + 1)
      out.push(`${where(e)} scrolls sideways: ${e.scrollWidth} px of content in ${e.clientWidth}`);
  }
  // The lines a range lies on: its boxes, grouped where they overlap vertically.
  const lines = r => {
    const seen = [];
    for (const b of r.getClientRects()) {
      if (b.width === 0 || b.height === 0) continue;
      if (!seen.some(([t, u]) => b.top < u - 1 && b.bottom > t + 1)) seen.push([b.top, b.bottom]);
    }
    return seen.length;
  };
  const broken = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const cell = n.parentElement && n.parentElement.closest('td, th, caption, h1, h2, dd, .summary');
    if (!cell) continue;
    // Words (a path may break after its `/`), `ply N`, and a unit with a `/` that is no path
    // (`games/s`, `1/2-1/2`: no dot, one `/`), which is one word.
    const unit = w => w.includes('/') && !w.includes('.') && w.split('/').length === 2;
    for (const [re, keep] of [[/[^ \t\n\r\f\/]+\/?/g, () => true], [/ply\s+\d+/g, () => true], [/\S+/g, unit]]) {
      for (const m of n.data.matchAll(re)) {
        if (!keep(m[0])) continue;
        const r = document.createRange();
        r.setStart(n, m.index);
        r.setEnd(n, m.index + m[0].length);
        const k = lines(r);
        if (k > 1) broken.push(`${where(cell)}: "${m[0]}" is broken over ${k} lines`);
      }
    }
  }
  out.push(...broken.slice(0, 12));
  if (broken.length > 12) out.push(`… and ${broken.length - 12} more broken words`);
  if (fold) {
    const ruling = {};
    for (const dt of document.querySelectorAll('dl.ruling dt'))
      if (dt.nextElementSibling) ruling[norm(dt.textContent)] = norm(dt.nextElementSibling.textContent);
    const inside = e => {
      const b = e.getBoundingClientRect();
      return b.width > 0 && b.height > 0 && b.top >= 0 && b.left >= 0 && b.bottom <= H && b.right <= W
        && (!e.checkVisibility || e.checkVisibility({ visibilityProperty: true, opacityProperty: true }));
    };
    for (const k of ['claimed', 'verdict']) {
      const v = ruling[k];
      if (!v) { out.push(`the ruling panel has no ${k}`); continue; }
      const shown = Array.from(document.querySelectorAll('body *')).some(e => {
        const t = norm(e.textContent), at = t.indexOf(k);
        return at >= 0 && t.indexOf(v, at + k.length) >= 0 && inside(e);
      });
      if (!shown) out.push(`the ${k} result "${v}" is not in the first screen`);
    }
  }
  return out;
}"#;

/// Issue 32: at 390×844 and 1280×800, on the indexes (of every sample, and of each game's
/// samples alone) and on a game page of each game (two Xiangqi rulings with their cycle
/// tables), no table cell, caption, heading or ruling value breaks a word — not a file name
/// ("othell|o", "block.|pgn"), not a move ("炮一平|二"), not "ply 60" — nothing scrolls
/// sideways, the document or a box inside it, and on the phone a game page shows its claimed
/// result and its verdict in the first screen. Screenshots: `target/tmp/html-browser/words-*.png`.
#[test]
#[ignore = "browser (headless Chromium, minutes): .ci/run runs it: cargo test --release --test suite -- --ignored html_browser:: html_layout::"]
fn no_cell_breaks_a_word_nothing_scrolls_and_the_ruling_is_in_the_first_screen() {
    let Some(s) = session() else {
        return;
    };
    let all = Pages::make();
    let alone: Vec<(&str, Pages)> = ["othello", "xiangqi", "junqi"]
        .into_iter()
        .map(|g| (g, Pages::of(&format!("samples/{g}"))))
        .collect();
    // (name, page, what the page must hold, whether it is a game's page)
    let mut pages = vec![(
        "index-samples".to_string(),
        all.index(),
        "table.games",
        false,
    )];
    for (g, p) in &alone {
        pages.push((format!("index-{g}"), p.index(), "table.games", false));
    }
    for (what, source, must) in [
        (
            "xiangqi-perpetual-chase",
            "disputed/perpetual-chase.pgn",
            "table.cycle",
        ),
        ("xiangqi-block", "disputed/block.pgn", "table.cycle"),
        ("othello-standard", "othello/standard.txt", "table.moves"),
        ("junqi-agreement", "junqi/agreement.jqr", "table.moves"),
    ] {
        pages.push((what.to_string(), all.game(source, 1), must, true));
    }
    let mut failures = Vec::new();
    for (w, h) in FIT {
        for (what, page, must, game) in &pages {
            let tab = s.open_at(&url(page, ""), w, h);
            let has = eval(&tab, &format!("document.querySelector('{must}') !== null"));
            assert_eq!(has, serde_json::json!(true), "{what}: no `{must}`");
            let fold = *game && w < 640;
            let js = format!("JSON.stringify(({FIT_JS})({fold}))");
            let problems: Vec<String> =
                serde_json::from_str(&eval_str(&tab, &js)).expect("the problems");
            failures.extend(
                problems
                    .into_iter()
                    .map(|p| format!("{what} at {w}×{h}: {p}")),
            );
            screenshot(&tab, &format!("words-{what}-{w}x{h}.png"));
            if *must == "table.cycle" {
                eval(
                    &tab,
                    "document.querySelector('table.cycle').scrollIntoView()",
                );
                screenshot(&tab, &format!("words-{what}-{w}x{h}-cycle.png"));
            }
            tab.close();
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
