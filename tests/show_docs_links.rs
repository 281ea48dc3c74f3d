//! Every relative link in docs/ (and the README) points at a file that exists, so a new user
//! following the guide never hits a dead link.

use std::path::{Path, PathBuf};

fn markdown_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            markdown_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "md") {
            out.push(p);
        }
    }
}

/// The targets of `[text](target)` links.
fn links(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find("](") {
        rest = &rest[i + 2..];
        if let Some(end) = rest.find(')') {
            out.push(rest[..end].to_string());
            rest = &rest[end..];
        }
    }
    out
}

#[test]
fn relative_links_resolve() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = vec![root.join("README.md")];
    markdown_files(&root.join("docs"), &mut files);
    let mut dead = Vec::new();
    let mut checked = 0;
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        for l in links(&text) {
            if l.starts_with("http") || l.starts_with('#') || l.contains(' ') || l.is_empty() {
                continue;
            }
            let path = l.split('#').next().unwrap_or_default();
            checked += 1;
            if !f.parent().unwrap().join(path).exists() {
                dead.push(format!("{}: {l}", f.display()));
            }
        }
    }
    assert!(checked > 20, "only {checked} links found");
    assert!(dead.is_empty(), "dead links:\n{}", dead.join("\n"));
}
