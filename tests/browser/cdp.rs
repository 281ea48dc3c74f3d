//! A small client of Chromium's DevTools protocol over `--remote-debugging-pipe`: the browser
//! reads the protocol's JSON messages from its fd 3 and writes its own to fd 4, each message
//! ending with a NUL byte. A thread reads the browser's messages; a call writes its message and
//! takes the read ones until the answer with its `id` comes, keeping the events that a test may
//! wait for (`Page.loadEventFired`) with their session. Each call fails after [`TIMEOUT`]
//! instead of hanging.
//!
//! What the tests use, no more: a tab (`Target.createTarget`, attached with `flatten`, so each
//! message of the tab names its session), navigation, window size, script, keys, clicks and
//! screenshots.

use base64::Engine;
use serde_json::{Value, json};
use std::cell::{Cell, RefCell};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How long a call, a page load or a wait may take before the test fails.
pub const TIMEOUT: Duration = Duration::from_secs(60);

/// The events kept for a later wait; the others are dropped as they come.
const KEPT: &[&str] = &["Page.loadEventFired"];

struct Pipe {
    to_browser: std::io::PipeWriter,
    from_browser: Receiver<Value>,
    next_id: u64,
    /// Events of [`KEPT`] not yet waited for.
    events: Vec<Value>,
}

impl Pipe {
    fn next(&mut self, deadline: Instant, what: &str) -> Result<Value, String> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.from_browser.recv_timeout(left) {
            Ok(m) => Ok(m),
            Err(RecvTimeoutError::Timeout) => Err(format!(
                "{what}: no answer from the browser in {} s",
                TIMEOUT.as_secs()
            )),
            Err(RecvTimeoutError::Disconnected) => {
                Err(format!("{what}: the browser has closed its pipe"))
            }
        }
    }

    fn keep(&mut self, m: Value) {
        if m["method"].as_str().is_some_and(|e| KEPT.contains(&e)) {
            self.events.push(m);
        }
    }
}

/// A running browser and its pipe. [`Browser::stop`] (or dropping it) ends it and removes its
/// profile folder.
pub struct Browser {
    child: Option<Child>,
    profile: PathBuf,
    pipe: RefCell<Pipe>,
}

impl Browser {
    /// Starts `path` with `args` (and `--remote-debugging-pipe`, `--user-data-dir=profile`) and
    /// waits until it answers.
    pub fn launch(path: &Path, args: &[String], profile: &Path) -> Result<Browser, String> {
        let mut command = Command::new(path);
        command
            .args(args)
            .arg("--remote-debugging-pipe")
            .arg(format!("--user-data-dir={}", profile.display()))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        let (child, to_browser, from_browser) =
            sys::spawn(command).map_err(|e| format!("{} does not start: {e}", path.display()))?;
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::Builder::new()
            .name("cdp-reader".into())
            .spawn(move || {
                let mut reader = BufReader::new(from_browser);
                let mut buf = Vec::new();
                loop {
                    buf.clear();
                    match reader.read_until(0, &mut buf) {
                        Ok(0) | Err(_) => return,
                        Ok(_) => {}
                    }
                    if buf.last() == Some(&0) {
                        buf.pop();
                    }
                    let Ok(m) = serde_json::from_slice::<Value>(&buf) else {
                        continue;
                    };
                    if tx.send(m).is_err() {
                        return;
                    }
                }
            })
            .map_err(|e| format!("the pipe's reader: {e}"))?;
        let browser = Browser {
            child: Some(child),
            profile: profile.to_path_buf(),
            pipe: RefCell::new(Pipe {
                to_browser,
                from_browser: rx,
                next_id: 0,
                events: Vec::new(),
            }),
        };
        browser
            .call(None, "Browser.getVersion", json!({}))
            .map_err(|e| format!("{} does not answer: {e}", path.display()))?;
        Ok(browser)
    }

    pub fn process_id(&self) -> Option<u32> {
        self.child.as_ref().map(Child::id)
    }

    /// Sends `method` with `params` (to the tab of `session`, if given) and returns the
    /// answer's `result`.
    pub fn call(
        &self,
        session: Option<&str>,
        method: &str,
        params: Value,
    ) -> Result<Value, String> {
        let mut pipe = self.pipe.borrow_mut();
        pipe.next_id += 1;
        let id = pipe.next_id;
        let mut message = json!({ "id": id, "method": method, "params": params });
        if let Some(s) = session {
            message["sessionId"] = json!(s);
        }
        let mut bytes = serde_json::to_vec(&message).expect("JSON");
        bytes.push(0);
        pipe.to_browser
            .write_all(&bytes)
            .map_err(|e| format!("{method}: the browser's pipe: {e}"))?;
        let deadline = Instant::now() + TIMEOUT;
        loop {
            let mut m = pipe.next(deadline, method)?;
            if m["id"].as_u64() == Some(id) {
                if let Some(e) = m.get("error") {
                    return Err(format!("{method}: {e}"));
                }
                return Ok(m["result"].take());
            }
            pipe.keep(m);
        }
    }

    /// Waits for the event `method` of `session` (one kept from before, or the next).
    fn wait_event(&self, session: &str, method: &str) -> Result<Value, String> {
        let mut pipe = self.pipe.borrow_mut();
        let of = |m: &Value| m["method"] == method && m["sessionId"] == session;
        if let Some(i) = pipe.events.iter().position(of) {
            return Ok(pipe.events.remove(i));
        }
        let deadline = Instant::now() + TIMEOUT;
        loop {
            let m = pipe.next(deadline, method)?;
            if of(&m) {
                return Ok(m);
            }
            pipe.keep(m);
        }
    }

    fn forget_events(&self, session: &str) {
        self.pipe
            .borrow_mut()
            .events
            .retain(|m| m["sessionId"] != session);
    }

    /// A new tab at `about:blank`.
    pub fn new_tab(&self) -> Result<Tab<'_>, String> {
        let target = self.call(None, "Target.createTarget", json!({ "url": "about:blank" }))?;
        let target = target["targetId"]
            .as_str()
            .ok_or("no targetId")?
            .to_string();
        let session = self.call(
            None,
            "Target.attachToTarget",
            json!({ "targetId": target, "flatten": true }),
        )?;
        let session = session["sessionId"]
            .as_str()
            .ok_or("no sessionId")?
            .to_string();
        let tab = Tab {
            browser: self,
            target,
            session,
            at: RefCell::new("about:blank".into()),
            closed: Cell::new(false),
        };
        tab.call("Page.enable", json!({}))?;
        Ok(tab)
    }

    /// Ends the browser: a SIGTERM, as the tests sent before, and a SIGKILL if it has not
    /// ended after a few seconds; then removes its profile.
    pub fn stop(&mut self) {
        let Some(mut child) = self.child.take() else {
            return;
        };
        sys::terminate(&child);
        let deadline = Instant::now() + Duration::from_secs(5);
        while Instant::now() < deadline {
            match child.try_wait() {
                Ok(None) => std::thread::sleep(Duration::from_millis(20)),
                _ => break,
            }
        }
        if !matches!(child.try_wait(), Ok(Some(_))) {
            let _ = child.kill();
            let _ = child.wait();
        }
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        self.stop();
    }
}

/// A tab, closed when dropped.
pub struct Tab<'a> {
    browser: &'a Browser,
    target: String,
    session: String,
    /// The address that the last navigation went to.
    at: RefCell<String>,
    closed: Cell<bool>,
}

/// Script giving the address once the page has loaded (an empty string before).
const LOADED: &str = "document.readyState === 'complete' ? location.href : ''";

impl Tab<'_> {
    /// Sends `method` with `params` to the tab.
    pub fn call(&self, method: &str, params: Value) -> Result<Value, String> {
        self.browser.call(Some(&self.session), method, params)
    }

    /// Goes to `url` and waits for the page's load event.
    pub fn navigate_to(&self, url: &str) -> Result<(), String> {
        self.browser.forget_events(&self.session);
        let r = self.call("Page.navigate", json!({ "url": url }))?;
        if let Some(e) = r["errorText"].as_str() {
            return Err(format!("{url}: {e}"));
        }
        // A new document has a load event; a move within the page (a new `#…`) has none and no
        // loader.
        if r.get("loaderId").is_some() {
            self.browser
                .wait_event(&self.session, "Page.loadEventFired")
                .map_err(|e| format!("{url}: {e}"))?;
        }
        // The page has its new address and has loaded (not the blank page it was).
        self.wait_loaded("").map_err(|e| format!("{url}: {e}"))
    }

    /// Waits until the page is at another address than the last one it went to (as after a
    /// click on a link) and has loaded there.
    pub fn wait_until_navigated(&self) -> Result<(), String> {
        let before = self.at.borrow().clone();
        self.wait_loaded(&before)
    }

    fn wait_loaded(&self, before: &str) -> Result<(), String> {
        let deadline = Instant::now() + TIMEOUT;
        loop {
            // While the page changes, script may find no document to run in: it is tried again.
            if let Ok(Value::String(href)) = self.evaluate(LOADED)
                && !href.is_empty()
                && href != before
                && href != "about:blank"
            {
                *self.at.borrow_mut() = href;
                return Ok(());
            }
            if Instant::now() > deadline {
                return Err(format!(
                    "the page has not loaded a new address in {} s",
                    TIMEOUT.as_secs()
                ));
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// The value of `js` (JSON; `null` for `undefined` and what JSON cannot hold); an exception
    /// is an error.
    pub fn evaluate(&self, js: &str) -> Result<Value, String> {
        self.evaluate_with(js, false)
    }

    fn evaluate_with(&self, js: &str, await_promise: bool) -> Result<Value, String> {
        let mut r = self.call(
            "Runtime.evaluate",
            json!({ "expression": js, "returnByValue": true, "awaitPromise": await_promise }),
        )?;
        if let Some(e) = r.get("exceptionDetails") {
            let what = e["exception"]["description"]
                .as_str()
                .or(e["text"].as_str())
                .unwrap_or("an exception");
            return Err(what.to_string());
        }
        Ok(r["result"]["value"].take())
    }

    /// The first element that `selector` matches.
    pub fn find_element(&self, selector: &str) -> Result<Element<'_>, String> {
        let sel = serde_json::to_string(selector).expect("JSON");
        match self.evaluate(&format!("document.querySelector({sel}) !== null"))? {
            Value::Bool(true) => Ok(Element {
                tab: self,
                selector: sel,
            }),
            _ => Err(format!("no element is {selector}")),
        }
    }

    /// A PNG of the page (as the window shows it).
    pub fn capture_screenshot(&self) -> Result<Vec<u8>, String> {
        let r = self.call(
            "Page.captureScreenshot",
            json!({ "format": "png", "fromSurface": true }),
        )?;
        let data = r["data"].as_str().ok_or("no screenshot data")?;
        base64::engine::general_purpose::STANDARD
            .decode(data)
            .map_err(|e| format!("the screenshot: {e}"))
    }

    /// Closes the tab.
    pub fn close(self) {}
}

impl Drop for Tab<'_> {
    fn drop(&mut self) {
        if !self.closed.replace(true) {
            let _ = self.browser.call(
                None,
                "Target.closeTarget",
                json!({ "targetId": self.target }),
            );
            self.browser.forget_events(&self.session);
        }
    }
}

/// An element of a tab, found again by its selector when used.
pub struct Element<'a> {
    tab: &'a Tab<'a>,
    /// The selector, as a JavaScript string.
    selector: String,
}

impl Element<'_> {
    /// Clicks the middle of the element's first box (the first line of a link that wraps: the
    /// middle of its whole rectangle may fall between the lines, on its parent) with the
    /// mouse's left button, scrolled into view first if it is not all visible.
    pub fn click(&self) -> Result<&Self, String> {
        let js = format!(
            "(async () => {{ const e = document.querySelector({}); if (!e) return null; \
             const seen = await new Promise(done => {{ const o = new IntersectionObserver(es => \
             {{ done(es[0].intersectionRatio); o.disconnect(); }}); o.observe(e); }}); \
             if (seen !== 1) e.scrollIntoView({{ block: 'center', inline: 'center', behavior: 'instant' }}); \
             const r = e.getClientRects()[0] || e.getBoundingClientRect(); \
             return [r.left + r.width / 2, r.top + r.height / 2]; }})()",
            self.selector
        );
        let at = self.tab.evaluate_with(&js, true)?;
        let (Some(x), Some(y)) = (at[0].as_f64(), at[1].as_f64()) else {
            return Err(format!("the element {} is gone", self.selector));
        };
        self.tab.call(
            "Input.dispatchMouseEvent",
            json!({ "type": "mouseMoved", "x": x, "y": y }),
        )?;
        for kind in ["mousePressed", "mouseReleased"] {
            self.tab.call(
                "Input.dispatchMouseEvent",
                json!({ "type": kind, "x": x, "y": y, "button": "left", "clickCount": 1 }),
            )?;
        }
        Ok(self)
    }
}

/// Starting the browser with the pipe at its fds 3 and 4, and stopping it.
#[cfg(unix)]
mod sys {
    use std::io::{PipeReader, PipeWriter};
    use std::os::fd::{AsRawFd, OwnedFd};
    use std::os::unix::process::CommandExt;
    use std::process::{Child, Command};

    unsafe extern "C" {
        fn dup2(old: std::ffi::c_int, new: std::ffi::c_int) -> std::ffi::c_int;
        fn kill(pid: std::ffi::c_int, signal: std::ffi::c_int) -> std::ffi::c_int;
    }

    /// What the `kill` command sends by default: Chromium ends its helper processes on it.
    const SIGTERM: std::ffi::c_int = 15;

    /// A file descriptor above 4, so that putting the two ends at 3 and 4 in the browser's
    /// process cannot overwrite one with the other (the copies below 5 are held until then).
    fn above_4(fd: OwnedFd, low: &mut Vec<OwnedFd>) -> std::io::Result<OwnedFd> {
        let mut fd = fd;
        while fd.as_raw_fd() < 5 {
            let copy = fd.try_clone()?;
            low.push(fd);
            fd = copy;
        }
        Ok(fd)
    }

    /// Runs `command` with the browser's ends of two pipes at its fds 3 (what it reads) and 4
    /// (what it writes); returns the process and our ends.
    pub fn spawn(mut command: Command) -> std::io::Result<(Child, PipeWriter, PipeReader)> {
        let (browser_reads, to_browser) = std::io::pipe()?;
        let (from_browser, browser_writes) = std::io::pipe()?;
        let mut low = Vec::new();
        let fd3 = above_4(OwnedFd::from(browser_reads), &mut low)?;
        let fd4 = above_4(OwnedFd::from(browser_writes), &mut low)?;
        let (r, w) = (fd3.as_raw_fd(), fd4.as_raw_fd());
        // SAFETY: runs in the forked child before exec and only calls dup2, which is
        // async-signal-safe; the copies at 3 and 4 are not close-on-exec, the originals are.
        unsafe {
            command.pre_exec(move || {
                if dup2(r, 3) < 0 || dup2(w, 4) < 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
        let child = command.spawn()?;
        // The browser's ends are its own now: the pipe ends when the browser does.
        drop((fd3, fd4, low));
        Ok((child, to_browser, from_browser))
    }

    /// Asks the browser to end (SIGTERM, as the shell's `kill`).
    pub fn terminate(child: &Child) {
        if let Ok(pid) = std::ffi::c_int::try_from(child.id()) {
            // SAFETY: signals the browser's own process, which has not been waited for yet.
            unsafe {
                kill(pid, SIGTERM);
            }
        }
    }
}

/// Elsewhere the pipe's ends cannot be put at given descriptors: the browser tests skip.
#[cfg(not(unix))]
mod sys {
    use std::io::{PipeReader, PipeWriter};
    use std::process::{Child, Command};

    pub fn spawn(_: Command) -> std::io::Result<(Child, PipeWriter, PipeReader)> {
        Err(std::io::Error::other(
            "the tests' DevTools client needs Unix (--remote-debugging-pipe at fds 3 and 4)",
        ))
    }

    pub fn terminate(_: &Child) {}
}
