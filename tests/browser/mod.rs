//! What the browser tests share: finding and starting headless Chromium (one browser for a
//! test binary, one test at a time, stopped when the test binary exits), opening pages,
//! running script in them, screenshots.

#![allow(dead_code)]

use headless_chrome::protocol::cdp::Emulation;
use headless_chrome::protocol::cdp::Page::CaptureScreenshotFormatOption;
use headless_chrome::{Browser, LaunchOptions, Tab};
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};
use std::time::Duration;

pub const QIPU: &str = env!("CARGO_BIN_EXE_qipu");

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

pub fn corpus(rel: &str) -> Option<PathBuf> {
    let p = root().join("../shared/corpus").join(rel);
    p.exists().then_some(p)
}

pub fn screenshots() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("html-browser");
    std::fs::create_dir_all(&dir).expect("the screenshot folder");
    dir
}

pub fn find_chromium() -> Result<PathBuf, String> {
    if let Some(p) = std::env::var_os("QIPU_CHROMIUM") {
        return Ok(PathBuf::from(p));
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    for name in [
        "chromium",
        "chromium-browser",
        "google-chrome",
        "google-chrome-stable",
    ] {
        for dir in std::env::split_paths(&path) {
            let p = dir.join(name);
            if p.is_file() {
                return Ok(p);
            }
        }
    }
    Err("no chromium, chromium-browser or google-chrome on the PATH (set QIPU_CHROMIUM)".into())
}

pub fn launch() -> Result<Browser, String> {
    let path = find_chromium()?;
    let profile = std::env::temp_dir().join(format!("qipu-html-browser-{}", std::process::id()));
    let args: Vec<&OsStr> = [
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--hide-scrollbars",
    ]
    .iter()
    .map(OsStr::new)
    .collect();
    let options = LaunchOptions::default_builder()
        .path(Some(path.clone()))
        .headless(true)
        .sandbox(false)
        .window_size(Some((1200, 1400)))
        .user_data_dir(Some(profile))
        .idle_browser_timeout(Duration::from_secs(600))
        .args(args)
        .build()
        .map_err(|e| e.to_string())?;
    Browser::new(options).map_err(|e| format!("{} does not start: {e}", path.display()))
}

/// The process id of the shared browser, stopped at exit: the browser lives in a static, which
/// is never dropped, and Chromium does not end with the process that started it (each test run
/// used to leave its browser running for the ten minutes of its idle timeout).
static CHROMIUM: AtomicU32 = AtomicU32::new(0);

unsafe extern "C" {
    fn atexit(callback: extern "C" fn()) -> std::ffi::c_int;
}

extern "C" fn stop_chromium() {
    let pid = CHROMIUM.load(Ordering::SeqCst);
    if pid != 0 {
        let _ = Command::new("kill").arg(pid.to_string()).status();
    }
}

fn launch_shared() -> Result<Browser, String> {
    let browser = launch()?;
    if let Some(pid) = browser.get_process_id() {
        CHROMIUM.store(pid, Ordering::SeqCst);
        // SAFETY: registers a plain function with the C library's exit handlers; it only reads
        // an atomic and runs `kill`.
        unsafe {
            atexit(stop_chromium);
        }
    }
    Ok(browser)
}

/// The browser all tests share (one at a time: the machine has two cores).
pub struct Session {
    pub browser: Browser,
}

pub fn session() -> Option<MutexGuard<'static, Session>> {
    static BROWSER: OnceLock<Result<Mutex<Session>, String>> = OnceLock::new();
    match BROWSER.get_or_init(|| launch_shared().map(|browser| Mutex::new(Session { browser }))) {
        Ok(m) => Some(m.lock().unwrap_or_else(|e| e.into_inner())),
        Err(why) => {
            if std::env::var_os("CI").is_some() {
                panic!("headless Chromium is needed in CI and cannot be used: {why}");
            }
            eprintln!("SKIPPED (no browser test ran): headless Chromium cannot be used: {why}");
            None
        }
    }
}

impl Session {
    /// A tab whose window is `width` × `height` CSS pixels (a phone's when narrower than
    /// 600: the page's viewport meta is honoured), at `url`.
    pub fn open_at(&self, url: &str, width: u32, height: u32) -> Arc<Tab> {
        let tab = self.browser.new_tab().expect("a tab");
        tab.set_default_timeout(Duration::from_secs(60));
        tab.call_method(Emulation::SetDeviceMetricsOverride {
            width,
            height,
            device_scale_factor: 1.0,
            mobile: width < 600,
            scale: None,
            screen_width: None,
            screen_height: None,
            position_x: None,
            position_y: None,
            dont_set_visible_size: None,
            screen_orientation: None,
            viewport: None,
            display_feature: None,
            device_posture: None,
        })
        .expect("the window size is set");
        tab.navigate_to(url).expect("navigates");
        tab.wait_until_navigated().expect("loads");
        tab
    }

    pub fn open(&self, url: &str) -> Arc<Tab> {
        let tab = self.browser.new_tab().expect("a tab");
        tab.set_default_timeout(Duration::from_secs(60));
        tab.navigate_to(url).expect("navigates");
        tab.wait_until_navigated().expect("loads");
        tab
    }
}

pub fn url(path: &Path, hash: &str) -> String {
    let p = path.canonicalize().expect("the page exists");
    let mut u = String::from("file://");
    for b in p.to_string_lossy().bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'/' | b'-' | b'_' | b'.' | b'~' => {
                u.push(char::from(b))
            }
            _ => u.push_str(&format!("%{b:02X}")),
        }
    }
    u.push_str(hash);
    u
}

pub fn eval(tab: &Tab, js: &str) -> serde_json::Value {
    tab.evaluate(js, false)
        .unwrap_or_else(|e| panic!("{js}: {e}"))
        .value
        .unwrap_or(serde_json::Value::Null)
}

pub fn eval_str(tab: &Tab, js: &str) -> String {
    match eval(tab, js) {
        serde_json::Value::String(s) => s,
        v => v.to_string(),
    }
}

/// The board of game `G` of the page (`#gG .board`).
pub fn board_ply(tab: &Tab, game: usize) -> usize {
    eval_str(
        tab,
        &format!("document.querySelector('#g{game} .board').getAttribute('data-ply')"),
    )
    .parse()
    .expect("data-ply is a number")
}

pub fn board_fen(tab: &Tab, game: usize) -> String {
    eval_str(
        tab,
        &format!("document.querySelector('#g{game} .board').getAttribute('data-fen')"),
    )
}

pub fn screenshot(tab: &Tab, name: &str) {
    let png = tab
        .capture_screenshot(CaptureScreenshotFormatOption::Png, None, None, true)
        .expect("a screenshot");
    std::fs::write(screenshots().join(name), png).expect("the screenshot is saved");
}

pub fn qipu(args: &[&OsStr]) -> std::process::Output {
    Command::new(QIPU).args(args).output().expect("qipu runs")
}
