//! Writing outputs safely: never over an input, never over an existing file unless forced,
//! and always atomically (a temporary file in the same directory, then a rename), so that an
//! interrupted or failing write leaves no half-written output.

use std::io::Write;
use std::path::{Path, PathBuf};

/// Why an output was not written.
#[derive(Debug, thiserror::Error)]
pub enum OutputError {
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
pub fn canonical(path: &Path) -> PathBuf {
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

/// Writes `bytes` to `path` atomically. `inputs` are the canonical paths of every input file.
pub fn write_atomic(
    path: &Path,
    bytes: &[u8],
    inputs: &[PathBuf],
    force: bool,
) -> Result<(), OutputError> {
    let mut f = AtomicFile::create(path, inputs, force)?;
    f.write_all(bytes)?;
    f.commit()
}

/// An output being written: a temporary file beside it, renamed over it by [`commit`]
/// (dropped without a commit, it leaves nothing behind). For outputs written a part at a
/// time (`convert -o` of many inputs).
///
/// [`commit`]: AtomicFile::commit
pub struct AtomicFile {
    path: PathBuf,
    tmp: tempfile::NamedTempFile,
    out: Option<std::io::BufWriter<std::fs::File>>,
    force: bool,
}

impl AtomicFile {
    /// Refuses an input and (without `force`) an existing file before anything is written.
    pub fn create(path: &Path, inputs: &[PathBuf], force: bool) -> Result<AtomicFile, OutputError> {
        let target = canonical(path);
        if inputs.contains(&target) {
            return Err(OutputError::IsInput(path.to_path_buf()));
        }
        if path.exists() && !force {
            return Err(OutputError::Exists(path.to_path_buf()));
        }
        let io = |source| OutputError::Io {
            path: path.to_path_buf(),
            source,
        };
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        };
        std::fs::create_dir_all(&dir).map_err(io)?;
        let tmp = tempfile::Builder::new()
            .prefix(".qipu-")
            .suffix(".tmp")
            .tempfile_in(&dir)
            .map_err(io)?;
        let out = tmp.as_file().try_clone().map_err(io)?;
        Ok(AtomicFile {
            path: path.to_path_buf(),
            tmp,
            out: Some(std::io::BufWriter::with_capacity(1 << 16, out)),
            force,
        })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    fn io(&self, source: std::io::Error) -> OutputError {
        OutputError::Io {
            path: self.path.clone(),
            source,
        }
    }

    pub fn write_all(&mut self, bytes: &[u8]) -> Result<(), OutputError> {
        match &mut self.out {
            Some(out) => out.write_all(bytes).map_err(|e| OutputError::Io {
                path: self.path.clone(),
                source: e,
            }),
            None => Ok(()),
        }
    }

    /// Renames the finished file over its path.
    pub fn commit(mut self) -> Result<(), OutputError> {
        if let Some(out) = self.out.take() {
            out.into_inner()
                .map_err(|e| self.io(e.into_error()))
                .map(drop)?;
        }
        // No fsync: the rename is what makes the write atomic for readers and against an
        // interrupted run; syncing every file of a batch conversion costs more than the
        // conversion.
        let path = self.path.clone();
        let io = |source| OutputError::Io {
            path: path.clone(),
            source,
        };
        // A temporary file is private (0600); an output is an ordinary file: the permissions
        // of the file it replaces, else readable by all (as the umask would make a new file).
        let perms = match std::fs::metadata(&path) {
            Ok(m) => Some(m.permissions()),
            Err(_) => default_permissions(),
        };
        if let Some(perms) = perms {
            self.tmp.as_file().set_permissions(perms).map_err(io)?;
        }
        if self.force {
            self.tmp.persist(&path).map_err(|e| io(e.error))?;
        } else {
            // Never replace a file that appeared meanwhile.
            self.tmp.persist_noclobber(&path).map_err(|e| {
                if e.error.kind() == std::io::ErrorKind::AlreadyExists {
                    OutputError::Exists(path.clone())
                } else {
                    io(e.error)
                }
            })?;
        }
        Ok(())
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
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&out).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o644, "{mode:o}");
        }
    }
}
