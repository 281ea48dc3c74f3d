//! What the browser tests share: finding and starting headless Chromium (one browser for a
//! test binary, one test at a time, stopped when the test binary exits), opening pages,
//! running script in them, screenshots. The DevTools client is [`cdp`], over a pipe to the
//! browser.

#![allow(dead_code)]

pub mod cdp;

use cdp::Browser;
pub use cdp::Tab;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Mutex, MutexGuard, OnceLock, TryLockError};

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

/// Starts headless Chromium with a profile of its own (removed when it stops), talking the
/// DevTools protocol over a pipe (see [`cdp`]).
pub fn launch() -> Result<Browser, String> {
    let path = find_chromium()?;
    let profile = std::env::temp_dir().join(format!("qipu-html-browser-{}", std::process::id()));
    let args: Vec<String> = [
        "--headless",
        "--no-sandbox",
        "--disable-setuid-sandbox",
        "--window-size=1200,1400",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--hide-scrollbars",
        // What the tests' former client (headless_chrome) added by default.
        "--enable-features=NetworkService,NetworkServiceInProcess",
        "--disable-background-timer-throttling",
        "--disable-backgrounding-occluded-windows",
        "--disable-breakpad",
        "--disable-client-side-phishing-detection",
        "--disable-component-extensions-with-background-pages",
        "--disable-default-apps",
        "--disable-dev-shm-usage",
        "--disable-extensions",
        "--disable-features=TranslateUI,BlinkGenPropertyTrees",
        "--disable-hang-monitor",
        "--disable-ipc-flooding-protection",
        "--disable-popup-blocking",
        "--disable-prompt-on-repost",
        "--disable-renderer-backgrounding",
        "--force-color-profile=srgb",
        "--metrics-recording-only",
        "--enable-automation",
        "--password-store=basic",
        "--use-mock-keychain",
    ]
    .map(String::from)
    .to_vec();
    Browser::launch(&path, &args, &profile)
}

/// The browser all tests share (one at a time: the machine has two cores).
pub struct Session {
    pub browser: Browser,
}

static BROWSER: OnceLock<Result<Mutex<Session>, String>> = OnceLock::new();

/// The process id of the shared browser, for [`stop_chromium`] when the session is busy.
static CHROMIUM: AtomicU32 = AtomicU32::new(0);

unsafe extern "C" {
    fn atexit(callback: extern "C" fn()) -> std::ffi::c_int;
}

/// Stops the shared browser at exit: it lives in a static, which is never dropped, and
/// Chromium does not end with the process that started it. It is asked to close, and its
/// profile is removed; if a test still holds it, it is killed.
extern "C" fn stop_chromium() {
    if let Some(Ok(m)) = BROWSER.get() {
        match m.try_lock() {
            Ok(mut s) => return s.browser.stop(),
            Err(TryLockError::Poisoned(e)) => return e.into_inner().browser.stop(),
            Err(TryLockError::WouldBlock) => {}
        }
    }
    let pid = CHROMIUM.load(Ordering::SeqCst);
    if pid != 0 {
        let _ = Command::new("kill").arg(pid.to_string()).status();
    }
}

fn launch_shared() -> Result<Browser, String> {
    let browser = launch()?;
    if let Some(pid) = browser.process_id() {
        CHROMIUM.store(pid, Ordering::SeqCst);
        // SAFETY: registers a plain function with the C library's exit handlers; it stops the
        // browser through the session's lock (never waiting for it) or runs `kill`.
        unsafe {
            atexit(stop_chromium);
        }
    }
    Ok(browser)
}

pub fn session() -> Option<MutexGuard<'static, Session>> {
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
    /// 600: the page's viewport meta is honoured), at `url`. Each call to the browser fails
    /// after [`cdp::TIMEOUT`].
    pub fn open_at(&self, url: &str, width: u32, height: u32) -> Tab<'_> {
        let tab = self.browser.new_tab().expect("a tab");
        tab.call(
            "Emulation.setDeviceMetricsOverride",
            serde_json::json!({
                "width": width,
                "height": height,
                "deviceScaleFactor": 1,
                "mobile": width < 600,
            }),
        )
        .expect("the window size is set");
        tab.navigate_to(url).expect("loads");
        tab
    }

    pub fn open(&self, url: &str) -> Tab<'_> {
        let tab = self.browser.new_tab().expect("a tab");
        tab.navigate_to(url).expect("loads");
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
    tab.evaluate(js).unwrap_or_else(|e| panic!("{js}: {e}"))
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
    let png = tab.capture_screenshot().expect("a screenshot");
    std::fs::write(screenshots().join(name), png).expect("the screenshot is saved");
}

pub fn qipu(args: &[&OsStr]) -> std::process::Output {
    Command::new(QIPU).args(args).output().expect("qipu runs")
}
