//! The replay pages in a real browser: headless Chromium driven through the DevTools protocol
//! (`browser/cdp.rs`, over a pipe). Pages are made with the qipu binary from the samples and
//! the corpus (`../shared/corpus`, when present); the test steps through a game of each kind
//! with the keyboard and checks the board's `data-fen` at every ply against the position the
//! library computes for the record cut after that ply (`Checked::final_position`), checks that
//! `#ply=N` and `#game=G&ply=N` open at that ply and that a click on a move goes there, that
//! the index filters rows, and that a hostile record (markup and script in its tags, comments,
//! move text and file name) adds no element and runs no script. Screenshots go to
//! `target/tmp/html-browser/` for a person to look at.
//!
//! Chromium is found as `$QIPU_CHROMIUM`, else `chromium`, `chromium-browser`, `google-chrome`
//! on the PATH. Where it is missing or cannot start, each test says so on stderr and is
//! skipped — except in CI (`CI` set), where that fails: `.ci/run` installs Debian's chromium.

use crate::browser::*;
use qipu::core::encoding::TextEncoding;
use qipu::core::game::Game;
use qipu::core::record::{GameKind, Record};
use qipu::core::rules::Rules;
use qipu::driver::input;
use std::ffi::OsStr;
use std::path::Path;

/// Reads a record the way the command line does (detection, decoding), through the library.
fn read_record(path: &Path, index: usize) -> (&'static dyn Game, Record, Rules) {
    let (files, problems) = input::collect(
        &[path.to_string_lossy().into_owned()],
        &input::known_extensions(&qipu::driver::registry::all()),
    );
    assert!(
        problems.is_empty(),
        "{:?}",
        problems.first().map(|p| &p.message)
    );
    let file = &files[0];
    let bytes = input::read_bytes(file).expect("readable");
    let (game, format) = input::detect(
        &qipu::driver::registry::all(),
        &file.display,
        &bytes,
        input::Selection::default(),
    )
    .expect("a known format");
    let (input, _) = input::make_input(file, bytes, format, TextEncoding::Auto)
        .unwrap_or_else(|p| panic!("{}", p.message));
    let record = game
        .read_some(format.id, &input, 0, index + 1)
        .0
        .remove(index)
        .expect("the record reads");
    let rules = Rules::defaults(game.rule_table());
    (game, record, rules)
}

/// The position after every ply, as the library gives it for the record cut after that ply
/// (`Checked::final_position`). Othello's forced passes are plies of their own, as the replay
/// inserts them.
fn positions(game: &dyn Game, record: &Record, rules: &Rules) -> Vec<String> {
    let full = if game.kind() == GameKind::Othello {
        qipu::othello::replay::with_forced_passes(record)
    } else {
        record.clone()
    };
    let plies = game.check(&full, rules, false).plies;
    (0..=plies)
        .map(|n| {
            let mut cut = full.clone();
            cut.moves.truncate(n);
            cut.events.retain(|e| e.after_ply <= n);
            cut.claim = None;
            cut.parse_error = None;
            game.check(&cut, rules, false)
                .final_position
                .expect("a position")
        })
        .collect()
}

/// Writes the page of one game with `qipu show --html`.
fn show_page(path: &Path, index: usize, out: &Path) {
    let o = qipu(&[
        OsStr::new("show"),
        path.as_os_str(),
        OsStr::new("--game-index"),
        OsStr::new(&index.to_string()),
        OsStr::new("--html"),
        out.as_os_str(),
    ]);
    assert!(
        out.exists(),
        "qipu show --html wrote nothing: {}",
        String::from_utf8_lossy(&o.stderr)
    );
}

/// Presses a key: the keyboard event a browser gets from a real key (`Input.dispatchKeyEvent`,
/// a raw key-down: these keys type no text).
fn key(tab: &Tab, name: &str) {
    let code = match name {
        "End" => 35,
        "Home" => 36,
        "ArrowLeft" => 37,
        "ArrowRight" => 39,
        _ => panic!("no key code for {name}"),
    };
    tab.call(
        "Input.dispatchKeyEvent",
        serde_json::json!({
            "type": "rawKeyDown",
            "code": name,
            "key": name,
            "windowsVirtualKeyCode": code,
            "nativeVirtualKeyCode": code,
        }),
    )
    .unwrap_or_else(|e| panic!("{name}: {e}"));
}

/// Records `(data-ply, data-fen)` of game 0's board each time a step sets it (one round trip
/// to the browser per ply is slow: the log is read once).
const WATCH: &str = "(() => { window.qipuSteps = []; const b = document.querySelector('#g0 .board'); \
    new MutationObserver(ms => { for (const m of ms) if (m.attributeName === 'data-fen') \
    window.qipuSteps.push([Number(b.getAttribute('data-ply')), b.getAttribute('data-fen')]); }) \
    .observe(b, { attributes: true, attributeFilter: ['data-fen'] }); })()";

fn steps(tab: &Tab) -> Vec<(usize, String)> {
    let v = eval_str(tab, "JSON.stringify(window.qipuSteps.splice(0))");
    serde_json::from_str(&v).expect("the step log")
}

/// Steps through the page with the keyboard from the start to the end and back one ply,
/// checking `data-ply` and `data-fen` at each ply; then a click on a move and `#ply=N`.
fn step_through(s: &Session, page: &Path, expected: &[String], shot: &str) {
    let tab = s.open(&url(page, ""));
    let last = expected.len() - 1;
    eval(&tab, WATCH);
    key(&tab, "Home");
    for _ in 0..=last {
        key(&tab, "ArrowRight");
    }
    key(&tab, "ArrowLeft");
    let mut want: Vec<(usize, String)> = expected.iter().cloned().enumerate().collect();
    // One more step at the end stays there; one back is the ply before.
    want.push((last, expected[last].clone()));
    want.push((last - 1, expected[last - 1].clone()));
    let got = steps(&tab);
    assert_eq!(
        got.len(),
        want.len(),
        "one step per key on {}",
        page.display()
    );
    for (g, w) in got.iter().zip(&want) {
        assert_eq!(g, w, "{}", page.display());
    }
    assert_eq!(board_ply(&tab, 0), last - 1);
    key(&tab, "End");
    assert_eq!(board_ply(&tab, 0), last);
    // What shows is that ply's: the visible items are those marked for it.
    let shown = eval(
        &tab,
        "Array.from(document.querySelectorAll('.board g.p')).every(g => \
         (getComputedStyle(g).display !== 'none') === g.classList.contains('on'))",
    );
    assert_eq!(shown, serde_json::Value::Bool(true));
    // A click on a move goes to it.
    let pick = last.min(3);
    tab.find_element(&format!("table.moves button[data-ply=\"{pick}\"]"))
        .expect("the move's button")
        .click()
        .expect("a click");
    assert_eq!(board_ply(&tab, 0), pick);
    assert_eq!(board_fen(&tab, 0), expected[pick]);
    // A new address on the open page goes there too.
    eval(&tab, &format!("location.hash = '#ply={}'", last / 2));
    assert_eq!(board_ply(&tab, 0), last / 2);
    screenshot(&tab, shot);
    tab.close();
    // A page opened with #ply=N opens at ply N.
    for n in [last / 3, last] {
        let tab = s.open(&url(page, &format!("#ply={n}")));
        assert_eq!(board_ply(&tab, 0), n, "#ply={n} of {}", page.display());
        assert_eq!(board_fen(&tab, 0), expected[n]);
        tab.close();
    }
}

fn check_game(path: &Path, index: usize, name: &str) {
    let Some(s) = session() else {
        return;
    };
    let (game, record, rules) = read_record(path, index);
    let expected = positions(game, &record, &rules);
    assert!(
        expected.len() > 4,
        "{} is too short to step",
        path.display()
    );
    let dir = tempfile::tempdir().expect("a temporary folder");
    let page = dir.path().join(format!("{name}.html"));
    show_page(path, index, &page);
    step_through(&s, &page, &expected, &format!("{name}.png"));
}

#[test]
#[ignore = "browser (headless Chromium, minutes): .ci/run runs it: cargo test --release --test suite -- --ignored html_browser:: html_layout::"]
fn xiangqi_steps_with_the_keyboard_in_chinese_notation() {
    check_game(
        &root().join("samples/xiangqi/chinese.pgn"),
        0,
        "xiangqi-chinese",
    );
}

#[test]
#[ignore = "browser (headless Chromium, minutes): .ci/run runs it: cargo test --release --test suite -- --ignored html_browser:: html_layout::"]
fn xiangqi_corpus_game_steps_with_the_keyboard() {
    let Some(path) = corpus("xiangqi/ccpd/master-games-by-opening/00001.pgn") else {
        eprintln!("SKIPPED: ../shared/corpus is missing");
        return;
    };
    check_game(&path, 0, "xiangqi-ccpd");
}

#[test]
#[ignore = "browser (headless Chromium, minutes): .ci/run runs it: cargo test --release --test suite -- --ignored html_browser:: html_layout::"]
fn othello_steps_with_the_keyboard() {
    check_game(&root().join("samples/othello/standard.txt"), 0, "othello");
    if let Some(wthor) = corpus("othello/wthor/WTH_1990.wtb") {
        // Game 1 has a forced pass the record leaves out: a ply of its own on the page.
        check_game(&wthor, 1, "othello-wthor-pass");
    }
}

#[test]
#[ignore = "browser (headless Chromium, minutes): .ci/run runs it: cargo test --release --test suite -- --ignored html_browser:: html_layout::"]
fn junqi_steps_with_the_keyboard() {
    check_game(&root().join("samples/junqi/repetition.jqr"), 0, "junqi");
}

#[test]
#[ignore = "browser (headless Chromium, minutes): .ci/run runs it: cargo test --release --test suite -- --ignored html_browser:: html_layout::"]
fn a_ruling_opens_at_the_deciding_ply_with_the_cycle_marked() {
    let Some(s) = session() else {
        return;
    };
    let dir = tempfile::tempdir().expect("a temporary folder");
    let page = dir.path().join("ruling.html");
    let path = root().join("samples/xiangqi/disputed/perpetual-chase.pgn");
    show_page(&path, 0, &page);
    let tab = s.open(&url(&page, ""));
    assert_eq!(board_ply(&tab, 0), 8, "opens at the deciding ply");
    assert_eq!(
        eval(
            &tab,
            "document.querySelectorAll('table.moves .mv.cycle').length"
        ),
        serde_json::json!(8)
    );
    assert_eq!(
        eval(
            &tab,
            "document.querySelectorAll('table.moves .kind.chase').length"
        ),
        serde_json::json!(4)
    );
    assert_eq!(
        eval(&tab, "document.querySelectorAll('.mv.decides').length"),
        serde_json::json!(1)
    );
    // The buttons step too. Ply 1 chases a7: a target mark shows on the board there and at
    // no ply without a target.
    let click = |go: &str| {
        tab.find_element(&format!("button[data-go=\"{go}\"]"))
            .expect("the button")
            .click()
            .expect("a click");
    };
    click("first");
    assert_eq!(board_ply(&tab, 0), 0);
    click("next");
    assert_eq!(board_ply(&tab, 0), 1);
    let marks = "Array.from(document.querySelectorAll('.board g.p.on .target')).length";
    assert_eq!(eval(&tab, marks), serde_json::json!(1));
    key(&tab, "ArrowRight");
    assert_eq!(eval(&tab, marks), serde_json::json!(0));
    assert!(eval_str(&tab, "document.body.textContent").contains("长捉"));
    tab.find_element("button[data-ply=\"3\"]")
        .expect("a cycle move")
        .click()
        .expect("a click");
    assert_eq!(eval(&tab, marks), serde_json::json!(1));
    click("decides");
    assert_eq!(board_ply(&tab, 0), 8);
    click("prev");
    assert_eq!(board_ply(&tab, 0), 7);
    screenshot(&tab, "ruling-perpetual-chase.png");
    tab.close();
}

#[test]
#[ignore = "browser (headless Chromium, minutes): .ci/run runs it: cargo test --release --test suite -- --ignored html_browser:: html_layout::"]
fn an_othello_game_shows_where_it_was_lost() {
    let Some(s) = session() else {
        return;
    };
    let dir = tempfile::tempdir().expect("a temporary folder");
    let page = dir.path().join("lost.html");
    show_page(&root().join("samples/othello/sample.wtb"), 0, &page);
    let tab = s.open(&url(&page, ""));
    // Perfect play from 18 empties: plies 43–60 judged, four of them lost discs, the
    // decisive one (ply 50, g7: White's draw into a loss) highlighted in the move list and the
    // analysis table; ply 46 (White's win into a draw) listed as a result change.
    let count = |sel: &str| eval(&tab, &format!("document.querySelectorAll('{sel}').length"));
    assert_eq!(count("table.moves .mv.judged"), serde_json::json!(18));
    assert_eq!(count("table.moves .mv.judged.lost"), serde_json::json!(4));
    assert_eq!(count("table.moves .mv.mistake"), serde_json::json!(1));
    assert_eq!(count("table.analysis tbody tr"), serde_json::json!(18));
    assert_eq!(count("table.analysis tr.changed"), serde_json::json!(1));
    let mistake = eval_str(
        &tab,
        "document.querySelector('table.moves .mv.mistake').textContent",
    );
    assert_eq!(mistake, "g7−8");
    // The ruling names it; a click goes there and the facts of the ply say it.
    let lost_at = eval_str(&tab, "document.querySelector('dd.lost-at').textContent");
    assert_eq!(
        lost_at,
        "move 50, g7 (White): 0 → −8, best was a8 (draw → loss, lost 8)"
    );
    let changes = eval_str(&tab, "document.querySelector('dd.changes').textContent");
    assert_eq!(
        changes,
        "move 46 (White) win → draw; move 50 (White) draw → loss"
    );
    tab.find_element("dd.lost-at button")
        .expect("the decisive mistake's button")
        .click()
        .expect("a click");
    assert_eq!(board_ply(&tab, 0), 50);
    let facts = eval_str(&tab, "document.querySelector('#g0 ul.facts').textContent");
    assert!(
        facts.contains(
            "the decisive mistake (draw → loss), lost 8: move 50, g7 (White): 0 → −8, best was a8"
        ),
        "{facts}"
    );
    key(&tab, "ArrowRight");
    assert_eq!(board_ply(&tab, 0), 51);
    let facts = eval_str(&tab, "document.querySelector('#g0 ul.facts').textContent");
    assert!(
        facts.contains("perfect play, a best move: move 51, a7 (Black): 8 → 8"),
        "{facts}"
    );
    tab.find_element("dd.changes button")
        .expect("the first result change's button")
        .click()
        .expect("a click");
    assert_eq!(board_ply(&tab, 0), 46);
    let facts = eval_str(&tab, "document.querySelector('#g0 ul.facts').textContent");
    assert!(
        facts.contains(
            "the result changed (win → draw), lost 14: move 46, a2 (White): 14 → 0, best was c8"
        ),
        "{facts}"
    );
    tab.find_element("dd.lost-at button")
        .expect("the decisive mistake's button")
        .click()
        .expect("a click");
    screenshot(&tab, "othello-lost.png");
    tab.close();
}

#[test]
#[ignore = "browser (headless Chromium, minutes): .ci/run runs it: cargo test --release --test suite -- --ignored html_browser:: html_layout::"]
fn an_invalid_game_opens_at_its_first_bad_move() {
    let Some(s) = session() else {
        return;
    };
    let dir = tempfile::tempdir().expect("a temporary folder");
    let page = dir.path().join("illegal.html");
    show_page(&root().join("samples/othello/illegal.txt"), 0, &page);
    let tab = s.open(&url(&page, ""));
    assert_eq!(board_ply(&tab, 0), 11, "the position before the bad ply 12");
    let alert = eval_str(&tab, "document.querySelector('.error-box').textContent");
    assert!(alert.contains("illegal-move at ply 12"), "{alert}");
    assert_eq!(
        eval(
            &tab,
            "document.querySelectorAll('table.moves .mv.bad').length"
        ),
        serde_json::json!(1)
    );
    screenshot(&tab, "invalid-othello.png");
    tab.close();
}

#[test]
#[ignore = "browser (headless Chromium, minutes): .ci/run runs it: cargo test --release --test suite -- --ignored html_browser:: html_layout::"]
fn the_index_and_the_batch_page_filter_and_open_games() {
    let Some(s) = session() else {
        return;
    };
    let dir = tempfile::tempdir().expect("a temporary folder");
    let out = dir.path().join("out");
    let page = dir.path().join("all.html");
    let samples = root().join("samples");
    let o = qipu(&[
        OsStr::new("adjudicate"),
        samples.as_os_str(),
        OsStr::new("--html-dir"),
        out.as_os_str(),
        OsStr::new("--html"),
        page.as_os_str(),
        OsStr::new("--json"),
    ]);
    let reports: Vec<serde_json::Value> = String::from_utf8_lossy(&o.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON report line"))
        .collect();
    let invalid = reports.iter().filter(|r| r["valid"] == false).count();
    assert!(invalid > 0 && invalid < reports.len());
    let pages = std::fs::read_dir(out.join("games"))
        .expect("games/")
        .count();
    assert_eq!(pages, reports.len(), "a page for every sample game");

    let tab = s.open(&url(&out.join("index.html"), ""));
    let rows = "Array.from(document.querySelectorAll('table.games tbody tr')).filter(r => getComputedStyle(r).display !== 'none').length";
    assert_eq!(eval(&tab, rows), serde_json::json!(reports.len()));
    eval(
        &tab,
        "(() => { const s = document.getElementById('f-status'); s.value = 'invalid'; s.dispatchEvent(new Event('change')); })()",
    );
    assert_eq!(eval(&tab, rows), serde_json::json!(invalid));
    screenshot(&tab, "index-invalid.png");
    // Every row links to its game's page, which replays.
    tab.find_element("table.games tbody tr:not([hidden]) a")
        .expect("a link")
        .click()
        .expect("a click");
    tab.wait_until_navigated().expect("the game page loads");
    assert!(eval_str(&tab, "location.pathname").contains("/games/"));
    let first_invalid = reports
        .iter()
        .find(|r| r["valid"] == false)
        .and_then(|r| r["error"]["message"].as_str())
        .expect("an invalid game's error");
    let alert = eval_str(&tab, "document.querySelector('.error-box').textContent");
    assert!(alert.contains(first_invalid), "{alert}");
    tab.close();

    // The batch page: #game=G&ply=N opens game G at ply N.
    let games = eval(
        &s.open(&url(&page, "")),
        "document.querySelectorAll('section.game').length",
    );
    assert_eq!(games, serde_json::json!(reports.len()));
    let g = reports
        .iter()
        .position(|r| {
            r["source"]
                .as_str()
                .is_some_and(|x| x.ends_with("perpetual-check.pgn"))
        })
        .expect("the perpetual check sample");
    let tab = s.open(&url(&page, &format!("#game={g}&ply=5")));
    assert_eq!(board_ply(&tab, g), 5);
    let (game, record, rules) = read_record(
        &root().join("samples/xiangqi/disputed/perpetual-check.pgn"),
        0,
    );
    assert_eq!(board_fen(&tab, g), positions(game, &record, &rules)[5]);
    // The keys step the game that was opened.
    key(&tab, "ArrowRight");
    assert_eq!(board_ply(&tab, g), 6);
    assert!(eval_str(&tab, "location.hash").contains(&format!("game={g}&ply=6")));
    tab.close();
}

const HOSTILE: &str = r#"[Game "Chinese Chess"]
[Event "\"><img src=x onerror=window.pwned=1>"]
[Red "<script>window.pwned=1</script>"]
[Black "' onmouseover='window.pwned=1"]
[Site "</title><b id=injected>x</b>"]
[Result "1-0"]
{</script><script>window.pwned=1</script> before the game}
1. h2e2 {</script><script>window.pwned=1</script>} h9g7 {<img src=x onerror=window.pwned=1>} 2. h0g2 {<!-- --><svg onload=window.pwned=1>} i9h9 1-0

[Game "Chinese Chess"]
[Event "a bad move"]
1. h2e2 <svg/onload=window.pwned=1> 2. h0g2 *
"#;

/// No element of the record's, no script of its ran, the page's own policy is in force.
fn assert_clean(tab: &Tab, what: &str) {
    assert_eq!(
        eval(tab, "typeof window.pwned"),
        serde_json::json!("undefined"),
        "{what}"
    );
    assert_eq!(
        eval(
            tab,
            "document.querySelectorAll('img, b, iframe, object, embed, [onerror], [onload], [onmouseover], #injected, body svg[onload]').length"
        ),
        serde_json::json!(0),
        "{what}"
    );
    // Scripts: the page's one, and the JSON data of each game.
    assert_eq!(
        eval(
            tab,
            "Array.from(document.scripts).filter(s => s.type !== 'application/json').length"
        ),
        serde_json::json!(1),
        "{what}"
    );
    // The Content-Security-Policy blocks any other inline script.
    eval(
        tab,
        "(() => { const s = document.createElement('script'); s.textContent = 'window.pwned = 2'; document.body.appendChild(s); s.remove(); })()",
    );
    assert_eq!(
        eval(tab, "typeof window.pwned"),
        serde_json::json!("undefined"),
        "{what}: the CSP lets an inline script run"
    );
}

#[test]
#[ignore = "browser (headless Chromium, minutes): .ci/run runs it: cargo test --release --test suite -- --ignored html_browser:: html_layout::"]
fn a_hostile_record_adds_no_markup_and_runs_no_script() {
    let Some(s) = session() else {
        return;
    };
    let dir = tempfile::tempdir().expect("a temporary folder");
    let input = dir.path().join("evil <b>name</b>'\".pgn".replace('/', "_"));
    std::fs::write(&input, HOSTILE).expect("the record is written");
    let one = dir.path().join("one.html");
    show_page(&input, 0, &one);
    let bad = dir.path().join("bad.html");
    show_page(&input, 1, &bad);
    let out = dir.path().join("out");
    let all = dir.path().join("all.html");
    qipu(&[
        OsStr::new("adjudicate"),
        input.as_os_str(),
        OsStr::new("--html-dir"),
        out.as_os_str(),
        OsStr::new("--html"),
        all.as_os_str(),
        OsStr::new("-q"),
    ]);
    let pages = [
        one.clone(),
        bad,
        all,
        out.join("index.html"),
        out.join("games/0.html"),
        out.join("games/1.html"),
    ];
    for page in &pages {
        let tab = s.open(&url(page, ""));
        assert_clean(&tab, &page.display().to_string());
        // Step through every ply (the comments are shown as text on the way).
        for _ in 0..6 {
            key(&tab, "ArrowRight");
        }
        key(&tab, "Home");
        assert_clean(&tab, &page.display().to_string());
        tab.close();
    }
    // The texts are there, as text.
    let tab = s.open(&url(&one, "#ply=1"));
    let comment = eval_str(&tab, "document.querySelector('.comment').textContent");
    assert_eq!(comment, "</script><script>window.pwned=1</script>");
    let title = eval_str(&tab, "document.title");
    assert!(title.contains("evil <b>name"), "{title}");
    let tags = eval_str(&tab, "document.querySelector('table.tags').textContent");
    assert!(
        tags.contains("\"><img src=x onerror=window.pwned=1>"),
        "{tags}"
    );
    screenshot(&tab, "hostile.png");
    tab.close();
}
