//! Input handling: expanding the command line's inputs into files (directories walked
//! recursively, `-` for stdin), detecting each file's game and format, and decoding text.

use crate::core::encoding::{self, TextEncoding};
use crate::core::game::{FormatInfo, Game};
use crate::core::record::{GameKind, Input};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// One file to read.
#[derive(Debug, Clone)]
pub struct FoundFile {
    /// `None` for stdin.
    pub path: Option<PathBuf>,
    /// As shown in reports.
    pub display: String,
    /// Named on the command line (not found by walking a directory): a file of unknown
    /// format is then an error rather than skipped.
    pub explicit: bool,
    /// The path below the directory it was found in (its file name when named directly):
    /// `convert --out-dir` mirrors the tree with it.
    pub relative: PathBuf,
}

/// A problem with an input as a whole (it could not be opened, walked, detected or decoded).
#[derive(Debug, Clone)]
pub struct InputProblem {
    pub source: String,
    pub message: String,
    /// error.kind for the report: `encoding` or `unsupported` or `parse`.
    pub kind: crate::core::error::ErrorKind,
}

/// Every extension some game reads.
pub fn known_extensions(games: &[&'static dyn Game]) -> Vec<&'static str> {
    let mut exts: Vec<&'static str> = games
        .iter()
        .flat_map(|g| g.formats().iter())
        .filter(|f| f.read)
        .flat_map(|f| f.extensions.iter().copied())
        .collect();
    exts.sort_unstable();
    exts.dedup();
    exts
}

fn extension_of(path: &Path) -> Option<String> {
    path.extension()
        .and_then(|e| e.to_str())
        .map(|e| e.to_ascii_lowercase())
}

/// Expands the inputs: files as given, directories walked recursively (sorted, following
/// symbolic links, loops reported and skipped) keeping files with a known extension.
pub fn collect(inputs: &[String], extensions: &[&str]) -> (Vec<FoundFile>, Vec<InputProblem>) {
    let mut files = Vec::new();
    let mut problems = Vec::new();
    for input in inputs {
        if input == "-" {
            files.push(FoundFile {
                path: None,
                display: "<stdin>".to_string(),
                explicit: true,
                relative: PathBuf::from("stdin"),
            });
            continue;
        }
        let path = PathBuf::from(input);
        if path.is_dir() {
            let walker = walkdir::WalkDir::new(&path)
                .follow_links(true)
                .sort_by_file_name();
            for entry in walker {
                match entry {
                    Ok(e) => {
                        if e.file_type().is_file()
                            && extension_of(e.path())
                                .map(|x| extensions.contains(&x.as_str()))
                                .unwrap_or(false)
                        {
                            let relative = e
                                .path()
                                .strip_prefix(&path)
                                .map(|p| p.to_path_buf())
                                .unwrap_or_else(|_| PathBuf::from(e.file_name()));
                            files.push(FoundFile {
                                display: e.path().display().to_string(),
                                path: Some(e.into_path()),
                                explicit: false,
                                relative,
                            });
                        }
                    }
                    Err(err) => {
                        let at = err
                            .path()
                            .map(|p| p.display().to_string())
                            .unwrap_or_else(|| input.clone());
                        let message = if err.loop_ancestor().is_some() {
                            "a symbolic link loops back to a directory above it; skipped"
                                .to_string()
                        } else {
                            format!("cannot read: {err}")
                        };
                        problems.push(InputProblem {
                            source: at,
                            message,
                            kind: crate::core::error::ErrorKind::Unsupported,
                        });
                    }
                }
            }
        } else if path.exists() {
            let relative = path
                .file_name()
                .map(PathBuf::from)
                .unwrap_or_else(|| PathBuf::from(input));
            files.push(FoundFile {
                display: input.clone(),
                path: Some(path),
                explicit: true,
                relative,
            });
        } else {
            problems.push(InputProblem {
                source: input.clone(),
                message: "not found: no such file or directory".to_string(),
                kind: crate::core::error::ErrorKind::NotFound,
            });
        }
    }
    (files, problems)
}

/// Why the bytes of a file (or of stdin) could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    #[error("cannot open: {source}")]
    Open {
        path: std::path::PathBuf,
        source: std::io::Error,
    },
    #[error("cannot read stdin: {source}")]
    Stdin { source: std::io::Error },
}

/// Reads a file's bytes (or stdin).
pub fn read_bytes(file: &FoundFile) -> Result<Vec<u8>, ReadError> {
    match &file.path {
        Some(p) => std::fs::read(p).map_err(|source| ReadError::Open {
            path: p.clone(),
            source,
        }),
        None => {
            let mut buf = Vec::new();
            std::io::stdin()
                .read_to_end(&mut buf)
                .map_err(|source| ReadError::Stdin { source })?;
            Ok(buf)
        }
    }
}

/// The sizes of the files in bytes (0 for stdin or a file whose size cannot be read): what
/// the byte progress bars count.
pub(crate) fn file_sizes(files: &[FoundFile]) -> Vec<u64> {
    files
        .iter()
        .map(|f| {
            f.path
                .as_ref()
                .and_then(|p| std::fs::metadata(p).ok())
                .map_or(0, |m| m.len())
        })
        .collect()
}

/// What `--game` and `--from` ask for.
#[derive(Debug, Clone, Copy, Default)]
pub struct Selection<'a> {
    pub game: Option<GameKind>,
    pub from: Option<&'a str>,
}

/// Finds the game and format of a file: `--from` if given, else each game's sniffer on the
/// name and the first bytes.
pub fn detect(
    games: &[&'static dyn Game],
    name: &str,
    bytes: &[u8],
    sel: Selection<'_>,
) -> Result<(&'static dyn Game, &'static FormatInfo), String> {
    let candidates: Vec<&'static dyn Game> = games
        .iter()
        .copied()
        .filter(|g| sel.game.is_none_or(|k| g.kind() == k))
        .collect();
    let head = &bytes[..bytes.len().min(64 * 1024)];
    if let Some(from) = sel.from {
        let mut found: Vec<(&'static dyn Game, &'static FormatInfo)> = Vec::new();
        for g in &candidates {
            for f in g.formats() {
                if f.read && f.id.eq_ignore_ascii_case(from) {
                    found.push((*g, f));
                }
            }
        }
        return match found.len() {
            0 => Err(format!(
                "unknown input format `{from}`; readable formats: {}",
                readable_ids(&candidates).join(", ")
            )),
            1 => Ok(found[0]),
            _ => {
                // Several games read a format of that name: let the content decide.
                for (g, f) in &found {
                    if g.sniff(name, head) == Some(f.id) {
                        return Ok((*g, *f));
                    }
                }
                Ok(found[0])
            }
        };
    }
    for g in &candidates {
        if let Some(id) = g.sniff(name, head)
            && let Some(f) = g.formats().iter().find(|f| f.id == id && f.read)
        {
            return Ok((*g, f));
        }
    }
    Err(format!(
        "cannot tell the game and format of this file: {}; name them with --game and --from ({}; readable formats: {})",
        what_it_holds(head),
        suggestion(head),
        readable_ids(&candidates).join(", ")
    ))
}

/// Nothing but white space (after a byte-order mark): an input without records.
pub(crate) fn is_blank(bytes: &[u8]) -> bool {
    if let Some(rest) = bytes
        .strip_prefix(b"\xff\xfe")
        .or_else(|| bytes.strip_prefix(b"\xfe\xff"))
    {
        return rest.iter().all(|&b| b.is_ascii_whitespace() || b == 0);
    }
    bytes
        .strip_prefix(b"\xef\xbb\xbf")
        .unwrap_or(bytes)
        .iter()
        .all(u8::is_ascii_whitespace)
}

/// The directories among `inputs` in which no file was found to read.
pub(crate) fn empty_directories<'a>(inputs: &'a [String], files: &[FoundFile]) -> Vec<&'a str> {
    inputs
        .iter()
        .filter(|i| Path::new(i.as_str()).is_dir())
        .filter(|i| {
            let dir = Path::new(i.as_str());
            !files
                .iter()
                .any(|f| f.path.as_deref().is_some_and(|p| p.starts_with(dir)))
        })
        .map(String::as_str)
        .collect()
}

fn is_binary(head: &[u8]) -> bool {
    let start = &head[..head.len().min(512)];
    start.contains(&0) || encoding::decode(start, TextEncoding::Auto).malformed
}

/// What detection saw, for its error: empty, binary (its first bytes), or text (its first
/// line).
fn what_it_holds(head: &[u8]) -> String {
    if head.iter().all(u8::is_ascii_whitespace) {
        return "it is empty".to_string();
    }
    if is_binary(head) {
        let bytes: Vec<String> = head.iter().take(8).map(|b| format!("{b:02x}")).collect();
        return format!(
            "it holds binary data starting with {} (not an XQF, CCBridge or WTHOR header)",
            bytes.join(" ")
        );
    }
    let text = encoding::decode(&head[..head.len().min(4096)], TextEncoding::Auto).text;
    let line = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .unwrap_or("");
    let shown: String = line.chars().take(60).collect();
    let more = if line.chars().count() > 60 { "…" } else { "" };
    format!("it is text, and its first line `{shown}{more}` is no record qipu recognises")
}

/// Which `--game/--from` would help, judged by what the head looks like.
fn suggestion(head: &[u8]) -> &'static str {
    if is_binary(head) {
        return "binary formats: --from xqf, cbr, cbl or wthor";
    }
    let text = encoding::decode(&head[..head.len().min(4096)], TextEncoding::Auto).text;
    let t = text.trim_start();
    if t.starts_with('[') {
        "tags in brackets are PGN: `--game xiangqi --from pgn` for Xiangqi, `--game othello --from pgn-othello` for Othello"
    } else if t.starts_with("(;") {
        "`(;` opens a GGF game: `--game othello --from ggf`"
    } else {
        "Xiangqi moves: `--game xiangqi --from pgn` (or `--from ucci`); Othello moves: `--game othello --from transcript`; Junqi: `--game junqi --from jqr`"
    }
}

fn readable_ids(games: &[&'static dyn Game]) -> Vec<String> {
    games
        .iter()
        .flat_map(|g| g.formats().iter())
        .filter(|f| f.read)
        .map(|f| format!("{} ({})", f.id, f.game))
        .collect()
}

/// Builds the reader's input: decoded text for text formats, the siblings of binary ones.
pub fn make_input(
    file: &FoundFile,
    bytes: Vec<u8>,
    format: &FormatInfo,
    enc: TextEncoding,
) -> Result<(Input, Option<&'static str>), InputProblem> {
    let bytes: Arc<[u8]> = Arc::from(bytes);
    let mut siblings = Vec::new();
    // Only a format that uses companion files looks at the directory (listing it for every
    // file of a directory of 50,000 XQF files would be quadratic).
    if !format.companions.is_empty()
        && let Some(dir) = file.path.as_ref().and_then(|p| p.parent())
    {
        let dir = if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        };
        if let Ok(rd) = std::fs::read_dir(dir) {
            for e in rd.flatten() {
                let Some(n) = e.file_name().to_str().map(str::to_ascii_lowercase) else {
                    continue;
                };
                if format.companions.contains(&n.as_str())
                    && let Ok(b) = std::fs::read(e.path())
                {
                    siblings.push((n, Arc::from(b)));
                }
            }
        }
        siblings.sort();
    }
    if format.binary {
        return Ok((
            Input {
                name: file.display.clone(),
                bytes,
                text: None,
                siblings,
            },
            None,
        ));
    }
    let decoded = encoding::decode(&bytes, enc);
    if let Some(message) = not_text_decoded(&decoded) {
        return Err(InputProblem {
            source: file.display.clone(),
            message,
            kind: crate::core::error::ErrorKind::Encoding,
        });
    }
    let encoding_name = decoded.encoding;
    Ok((
        Input {
            name: file.display.clone(),
            bytes,
            text: Some(Arc::from(decoded.text)),
            siblings,
        },
        Some(encoding_name),
    ))
}

/// Why `bytes` (a whole file, or its head) are no text in the encoding chosen, if they are not.
pub(crate) fn not_text(bytes: &[u8], enc: TextEncoding) -> Option<String> {
    not_text_decoded(&encoding::decode(bytes, enc))
}

/// The same for text decoded already: a NUL, or more than one character in twenty replaced.
pub(crate) fn not_text_decoded(decoded: &encoding::Decoded) -> Option<String> {
    if !decoded.text.contains('\0') && !too_broken(&decoded.text) {
        return None;
    }
    Some(format!(
        "cannot decode this file as text ({}{}): it holds binary data or is in another encoding; try --encoding",
        decoded.encoding,
        if decoded.malformed {
            ", with invalid byte sequences"
        } else {
            ""
        }
    ))
}

/// More than one character in twenty replaced: not text in any encoding we know.
fn too_broken(text: &str) -> bool {
    let mut total = 0usize;
    let mut bad = 0usize;
    for c in text.chars() {
        total += 1;
        if c == '\u{FFFD}' {
            bad += 1;
        }
    }
    total > 0 && bad * 20 > total
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(path: PathBuf) -> FoundFile {
        FoundFile {
            display: path.display().to_string(),
            relative: PathBuf::from(path.file_name().unwrap_or_default()),
            path: Some(path),
            explicit: true,
        }
    }

    #[test]
    fn an_unreadable_file_is_a_read_error_naming_it() {
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("missing.pgn");
        match read_bytes(&found(missing.clone())) {
            Err(e @ ReadError::Open { .. }) => {
                assert!(e.to_string().starts_with("cannot open: "), "{e}");
                assert!(matches!(e, ReadError::Open { path, .. } if path == missing));
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn only_formats_with_companions_read_the_files_beside_them() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("WTHOR.JOU"), b"names").unwrap();
        std::fs::write(dir.path().join("other.bin"), b"x").unwrap();
        let games = crate::driver::registry::all();
        let format = |id: &str| {
            games
                .iter()
                .flat_map(|g| g.formats())
                .find(|f| f.id == id)
                .unwrap()
        };
        let wthor = found(dir.path().join("a.wtb"));
        let (input, _) = make_input(&wthor, vec![0; 16], format("wthor"), TextEncoding::Auto)
            .unwrap_or_else(|_| panic!("wthor input"));
        let names: Vec<&str> = input.siblings.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["wthor.jou"]);
        assert_eq!(&*input.siblings[0].1, b"names");
        // An XQF file never looks at its directory (a directory of many XQF files would
        // otherwise be listed once per file).
        let xqf = found(dir.path().join("a.xqf"));
        let (input, _) = make_input(&xqf, vec![0; 1024], format("xqf"), TextEncoding::Auto)
            .unwrap_or_else(|_| panic!("xqf input"));
        assert!(input.siblings.is_empty());
    }
}
