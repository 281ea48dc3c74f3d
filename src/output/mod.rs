//! What the commands write beside the reports: the HTML pages ([`html`]), and writing outputs
//! safely: never over an input, never over an existing file unless forced, and always
//! atomically (a temporary file in the same directory, then a rename), so that an
//! interrupted or failing write leaves no half-written output.

pub(crate) mod fit;
pub(crate) mod html;
pub mod report;
#[cfg(test)]
mod svg_render_tests;
pub(crate) mod table;

use std::io::Write;
use std::path::{Path, PathBuf};

/// Why an output was not written.
#[derive(Debug, thiserror::Error)]
pub(crate) enum OutputError {
    #[error("refusing to write {0}: it is one of the inputs")]
    IsInput(PathBuf),
    #[error("refusing to overwrite {0}: it exists (use --force to replace it)")]
    Exists(PathBuf),
    #[error("cannot write {path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
}

/// The canonical form of a path that may not exist yet (its parent canonicalised).
pub(crate) fn canonical(path: &Path) -> PathBuf {
    if let Ok(p) = path.canonicalize() {
        return p;
    }
    match (path.parent(), path.file_name()) {
        (Some(parent), Some(name)) => {
            let parent = if parent.as_os_str().is_empty() {
                Path::new(".")
            } else {
                parent
            };
            parent
                .canonicalize()
                .map(|p| p.join(name))
                .unwrap_or_else(|_| path.to_path_buf())
        }
        _ => path.to_path_buf(),
    }
}

/// Refuses a target that is an input, or (without `force`) that exists, before anything is
/// written.
fn check_target(path: &Path, inputs: &[PathBuf], force: bool) -> Result<(), OutputError> {
    if inputs.contains(&canonical(path)) {
        return Err(OutputError::IsInput(path.to_path_buf()));
    }
    if path.exists() && !force {
        return Err(OutputError::Exists(path.to_path_buf()));
    }
    Ok(())
}

/// The directory an output goes to.
fn parent_dir(path: &Path) -> PathBuf {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// Writes `bytes` to `path` atomically. `inputs` are the canonical paths of every input file.
pub(crate) fn write_atomic(
    path: &Path,
    bytes: &[u8],
    inputs: &[PathBuf],
    force: bool,
) -> Result<(), OutputError> {
    check_target(path, inputs, force)?;
    stage(&parent_dir(path), bytes)
        .map_err(|e| match e {
            OutputError::Io { source, .. } => OutputError::Io {
                path: path.to_path_buf(),
                source,
            },
            e => e,
        })?
        .commit(path, inputs, force)
}

/// A new temporary file in `dir` (made when missing).
fn temporary(dir: &Path) -> Result<tempfile::NamedTempFile, OutputError> {
    let io = |source| OutputError::Io {
        path: dir.to_path_buf(),
        source,
    };
    std::fs::create_dir_all(dir).map_err(io)?;
    tempfile::Builder::new()
        .prefix(".qipu-")
        .suffix(".tmp")
        .tempfile_in(dir)
        .map_err(io)
}

/// Puts a finished temporary file in place at `path`: with ordinary permissions (those of the
/// file it replaces, else readable by all, as the umask would make a new file; a temporary
/// file is private, 0600), over an existing file only when `force`. No fsync: the rename is
/// what makes the write atomic for readers and against an interrupted run; syncing every file
/// of a batch conversion costs more than the conversion.
fn place(tmp: tempfile::TempPath, path: &Path, force: bool) -> Result<(), OutputError> {
    let io = |source| OutputError::Io {
        path: path.to_path_buf(),
        source,
    };
    let perms = match std::fs::metadata(path) {
        Ok(m) => Some(m.permissions()),
        Err(_) => default_permissions(),
    };
    if let Some(perms) = perms {
        std::fs::set_permissions(&tmp, perms).map_err(io)?;
    }
    if force {
        tmp.persist(path).map_err(|e| io(e.error))?;
    } else {
        // Never replace a file that appeared meanwhile.
        tmp.persist_noclobber(path).map_err(|e| {
            if e.error.kind() == std::io::ErrorKind::AlreadyExists {
                OutputError::Exists(path.to_path_buf())
            } else {
                io(e.error)
            }
        })?;
    }
    Ok(())
}

/// An output written to a temporary file in its destination's directory, not in place yet
/// (a batch writes many outputs on worker threads and names them in order on one): dropped
/// uncommitted, the temporary file is removed.
#[derive(Debug)]
pub(crate) struct Staged {
    tmp: tempfile::TempPath,
}

/// Writes `bytes` to a temporary file in `dir` (made when missing). No file descriptor stays
/// open, so a batch can hold many.
pub(crate) fn stage(dir: &Path, bytes: &[u8]) -> Result<Staged, OutputError> {
    let mut tmp = temporary(dir)?;
    tmp.write_all(bytes).map_err(|source| OutputError::Io {
        path: dir.to_path_buf(),
        source,
    })?;
    Ok(Staged {
        tmp: tmp.into_temp_path(),
    })
}

impl Staged {
    /// Puts the output in place at `path` (in the directory it was staged in): never over an
    /// input, over an existing file only when `force`.
    pub(crate) fn commit(
        self,
        path: &Path,
        inputs: &[PathBuf],
        force: bool,
    ) -> Result<(), OutputError> {
        if inputs.contains(&canonical(path)) {
            return Err(OutputError::IsInput(path.to_path_buf()));
        }
        place(self.tmp, path, force)
    }
}

/// An output being written a part at a time (`convert -o` of many inputs): a temporary file
/// beside it, put in place by [`commit`] (dropped without a commit, it leaves nothing behind).
///
/// [`commit`]: AtomicFile::commit
pub(crate) struct AtomicFile {
    path: PathBuf,
    tmp: tempfile::NamedTempFile,
    out: Option<std::io::BufWriter<std::fs::File>>,
    force: bool,
}

impl AtomicFile {
    /// Refuses an input and (without `force`) an existing file before anything is written.
    pub(crate) fn create(
        path: &Path,
        inputs: &[PathBuf],
        force: bool,
    ) -> Result<AtomicFile, OutputError> {
        check_target(path, inputs, force)?;
        let tmp = temporary(&parent_dir(path)).map_err(|e| match e {
            OutputError::Io { source, .. } => OutputError::Io {
                path: path.to_path_buf(),
                source,
            },
            e => e,
        })?;
        let out = tmp
            .as_file()
            .try_clone()
            .map_err(|source| OutputError::Io {
                path: path.to_path_buf(),
                source,
            })?;
        Ok(AtomicFile {
            path: path.to_path_buf(),
            tmp,
            out: Some(std::io::BufWriter::with_capacity(1 << 16, out)),
            force,
        })
    }

    pub(crate) fn path(&self) -> &Path {
        &self.path
    }

    pub(crate) fn write_all(&mut self, bytes: &[u8]) -> Result<(), OutputError> {
        match &mut self.out {
            Some(out) => out.write_all(bytes).map_err(|e| OutputError::Io {
                path: self.path.clone(),
                source: e,
            }),
            None => Ok(()),
        }
    }

    /// Puts the finished file in place over its path.
    pub(crate) fn commit(mut self) -> Result<(), OutputError> {
        if let Some(out) = self.out.take() {
            out.into_inner().map(drop).map_err(|e| OutputError::Io {
                path: self.path.clone(),
                source: e.into_error(),
            })?;
        }
        place(self.tmp.into_temp_path(), &self.path, self.force)
    }
}

#[cfg(unix)]
fn default_permissions() -> Option<std::fs::Permissions> {
    use std::os::unix::fs::PermissionsExt;
    Some(std::fs::Permissions::from_mode(0o644))
}

#[cfg(not(unix))]
fn default_permissions() -> Option<std::fs::Permissions> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_inputs_and_existing_files() {
        let dir = tempfile::tempdir().unwrap();
        let input = dir.path().join("in.pgn");
        std::fs::write(&input, "x").unwrap();
        let inputs = vec![canonical(&input)];
        let e = write_atomic(&input, b"y", &inputs, true).unwrap_err();
        assert!(matches!(e, OutputError::IsInput(_)));
        assert_eq!(std::fs::read(&input).unwrap(), b"x");

        let out = dir.path().join("sub/out.pgn");
        write_atomic(&out, b"1", &inputs, false).unwrap();
        assert_eq!(std::fs::read(&out).unwrap(), b"1");
        let e = write_atomic(&out, b"2", &inputs, false).unwrap_err();
        assert!(matches!(e, OutputError::Exists(_)));
        write_atomic(&out, b"3", &inputs, true).unwrap();
        assert_eq!(std::fs::read(&out).unwrap(), b"3");
        // No temporary file is left behind.
        let left: Vec<_> = std::fs::read_dir(dir.path().join("sub"))
            .unwrap()
            .flatten()
            .map(|e| e.file_name())
            .collect();
        assert_eq!(left.len(), 1, "{left:?}");
        // Staged outputs: in place only when committed, never over an input.
        let staged = stage(&dir.path().join("sub"), b"4").unwrap();
        let e = staged.commit(&input, &inputs, true).unwrap_err();
        assert!(matches!(e, OutputError::IsInput(_)));
        let dropped = stage(&dir.path().join("sub"), b"5").unwrap();
        drop(dropped);
        let staged = stage(&dir.path().join("sub"), b"6").unwrap();
        let e = staged.commit(&out, &inputs, false).unwrap_err();
        assert!(matches!(e, OutputError::Exists(_)));
        stage(&dir.path().join("sub"), b"7")
            .unwrap()
            .commit(&dir.path().join("sub/new.pgn"), &inputs, false)
            .unwrap();
        assert_eq!(std::fs::read(dir.path().join("sub/new.pgn")).unwrap(), b"7");
        let mut left: Vec<_> = std::fs::read_dir(dir.path().join("sub"))
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        left.sort();
        assert_eq!(left, ["new.pgn", "out.pgn"]);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&out).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o644, "{mode:o}");
        }
    }
}
