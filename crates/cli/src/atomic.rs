//! Output files that are never destroyed and never left half-written.
//!
//! A regular file (or a path that does not exist yet) is written through a
//! temporary file in the same directory, renamed into place once complete:
//! readers see the old file or the new one, never a part, and a failed or
//! interrupted run removes the temporary file. A symbolic link is followed
//! (to any depth) and its *target* is replaced that way, so the link stays
//! a link. Anything else that is not a regular file (a FIFO, a character
//! or block device such as `/dev/null` or `/dev/stdout`, a socket) is
//! opened and written through directly, never replaced: renaming a file
//! over `/dev/full` as root would replace the device. A directory is an
//! error.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// The most symbolic links followed, as the kernel's own limit.
const MAX_LINKS: usize = 40;

/// An output file being written; [`commit`](Self::commit) makes it whole.
#[derive(Debug)]
pub(crate) struct Output {
    to: To,
}

#[derive(Debug)]
enum To {
    /// A temporary file beside `target`, renamed onto it at the end.
    Renamed {
        file: tempfile::NamedTempFile,
        target: PathBuf,
    },
    /// A special file, written in place.
    Direct(File),
}

impl Output {
    /// Starts writing `path` (see the module docs for what that means for
    /// each kind of file).
    pub(crate) fn create(path: &Path) -> io::Result<Output> {
        let target = resolve(path)?;
        let existing = match fs::metadata(&target) {
            Ok(m) => Some(m),
            Err(e) if e.kind() == io::ErrorKind::NotFound => None,
            Err(e) => return Err(e),
        };
        if let Some(m) = &existing {
            if m.is_dir() {
                return Err(io::Error::new(
                    io::ErrorKind::IsADirectory,
                    format!("{} is a directory", target.display()),
                ));
            }
            if !m.is_file() {
                let file = OpenOptions::new().write(true).open(&target)?;
                return Ok(Output {
                    to: To::Direct(file),
                });
            }
        }
        let dir = match target.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        let name = target.file_name().ok_or_else(|| {
            io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("{} is not a file name", path.display()),
            )
        })?;
        let file = tempfile::Builder::new()
            .prefix(&format!(".{}.", name.to_string_lossy()))
            .suffix(".tmp")
            .tempfile_in(dir)?;
        if let Some(m) = existing {
            // The replacement keeps the old file's permissions.
            file.as_file().set_permissions(m.permissions())?;
        }
        Ok(Output {
            to: To::Renamed { file, target },
        })
    }

    /// Finishes the file: synced and renamed into place, or flushed (a
    /// special file). Dropping an output without committing it removes
    /// its temporary file and leaves the old file as it was.
    pub(crate) fn commit(self) -> io::Result<()> {
        match self.to {
            To::Renamed { file, target } => {
                file.as_file().sync_all()?;
                file.persist(&target).map_err(|e| e.error)?;
                Ok(())
            }
            To::Direct(mut file) => file.flush(),
        }
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match &mut self.to {
            To::Renamed { file, .. } => file.write(buf),
            To::Direct(file) => file.write(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.to {
            To::Renamed { file, .. } => file.flush(),
            To::Direct(file) => file.flush(),
        }
    }
}

/// Writes `bytes` to `path` as [`Output`] does.
pub(crate) fn write_file(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut out = Output::create(path)?;
    out.write_all(bytes)?;
    out.commit()
}

/// `path` with every symbolic link followed (a relative link from the
/// directory that holds it); the last one's target need not exist.
fn resolve(path: &Path) -> io::Result<PathBuf> {
    let mut p = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                let link = fs::read_link(&p)?;
                p = match p.parent() {
                    Some(dir) if link.is_relative() => dir.join(link),
                    _ => link,
                };
            }
            _ => return Ok(p),
        }
    }
    Err(io::Error::other(format!(
        "{}: too many levels of symbolic links",
        path.display()
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("gridcsp-atomic-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("temp dir");
        dir
    }

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .expect("list")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn regular_files_are_replaced_whole_and_leave_nothing_behind() {
        let dir = scratch("regular");
        let path = dir.join("a.svg");
        write_file(&path, b"one").expect("write");
        write_file(&path, b"two").expect("overwrite");
        assert_eq!(fs::read(&path).expect("read"), b"two");
        assert_eq!(names(&dir), ["a.svg"]);
        // A directory in the way: an error, nothing left behind.
        assert!(write_file(&dir, b"x").is_err());
        // Not committed: the old file stays, the temporary file goes.
        let mut out = Output::create(&path).expect("start");
        out.write_all(b"half").expect("write");
        drop(out);
        assert_eq!(fs::read(&path).expect("read"), b"two");
        assert_eq!(names(&dir), ["a.svg"]);
        fs::remove_dir_all(&dir).expect("clean up");
    }

    #[cfg(unix)]
    #[test]
    fn symlinks_are_followed_and_stay_links() {
        use std::os::unix::fs::symlink;
        let dir = scratch("links");
        let target = dir.join("real.svg");
        fs::write(&target, b"old").expect("target");
        symlink("real.svg", dir.join("link.svg")).expect("link");
        symlink("link.svg", dir.join("link2.svg")).expect("link to a link");
        write_file(&dir.join("link2.svg"), b"new").expect("write through links");
        assert_eq!(fs::read(&target).expect("read"), b"new");
        for link in ["link.svg", "link2.svg"] {
            let m = fs::symlink_metadata(dir.join(link)).expect("still there");
            assert!(m.file_type().is_symlink(), "{link} was replaced");
        }
        // A dangling link: its target is made.
        symlink("made.svg", dir.join("dangling.svg")).expect("link");
        write_file(&dir.join("dangling.svg"), b"made").expect("write");
        assert_eq!(fs::read(dir.join("made.svg")).expect("read"), b"made");
        // A loop is an error, not a hang.
        symlink("loop-b", dir.join("loop-a")).expect("link");
        symlink("loop-a", dir.join("loop-b")).expect("link");
        assert!(write_file(&dir.join("loop-a"), b"x").is_err());
        fs::remove_dir_all(&dir).expect("clean up");
    }

    #[cfg(unix)]
    #[test]
    fn special_files_are_written_through_not_replaced() {
        use std::os::unix::fs::FileTypeExt;
        write_file(Path::new("/dev/null"), b"nothing").expect("write to /dev/null");
        let m = fs::metadata("/dev/null").expect("still there");
        assert!(m.file_type().is_char_device(), "/dev/null was replaced");
        // /dev/full takes the open and refuses the bytes: an error, and
        // the device is still a device.
        if Path::new("/dev/full").exists() {
            assert!(write_file(Path::new("/dev/full"), &[0; 1 << 16]).is_err());
            let m = fs::metadata("/dev/full").expect("still there");
            assert!(m.file_type().is_char_device(), "/dev/full was replaced");
        }
    }
}
