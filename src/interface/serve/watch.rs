//! The rule file as the server knows it: its current text with a version that grows at
//! each change, and a thread that looks at the file a few times a second. Polling one
//! small file costs nothing and keeps working with editors that save by writing a new
//! file and renaming it over the old one (a file-system watch on the old file is lost
//! then). Anyone waiting for news ([`Pulse`]) is woken when the text changes.

use std::path::PathBuf;
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

/// How often the rule file is looked at.
const POLL: Duration = Duration::from_millis(150);

/// A counter that grows at every change anyone may be waiting for (the rule file
/// changed, the computer moved), with a condition variable to wait on it.
#[derive(Default)]
pub struct Pulse {
    count: Mutex<u64>,
    changed: Condvar,
}

impl Pulse {
    /// Wakes every waiter.
    pub fn beat(&self) {
        let mut n = self.count.lock().unwrap_or_else(|e| e.into_inner());
        *n += 1;
        self.changed.notify_all();
    }

    /// The current count.
    pub fn now(&self) -> u64 {
        *self.count.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Waits until the count differs from `seen` or `timeout` passes.
    pub fn wait(&self, seen: u64, timeout: Duration) {
        let n = self.count.lock().unwrap_or_else(|e| e.into_inner());
        let _ = self
            .changed
            .wait_timeout_while(n, timeout, |n| *n == seen)
            .map_err(|e| e.into_inner());
    }
}

/// The rule file's text as last read.
#[derive(Debug, Clone)]
pub struct Text {
    /// Grows by one at each change of the text (1 for the text read at the start).
    pub version: u64,
    pub text: String,
    /// Why the file could not be read, if it could not the last time (the text is then
    /// the last one read).
    pub unreadable: Option<String>,
}

/// The rule file being served.
pub struct RuleSource {
    /// The path as given on the command line (records name it so).
    pub path: String,
    /// The folder records are saved in and opened from.
    pub folder: PathBuf,
    text: Mutex<Text>,
}

impl RuleSource {
    /// The rule file at `path`, read once now.
    pub fn open(path: &str) -> std::io::Result<RuleSource> {
        let text = std::fs::read_to_string(path)?;
        let folder = std::path::Path::new(path)
            .parent()
            .map(|p| {
                if p.as_os_str().is_empty() {
                    PathBuf::from(".")
                } else {
                    p.to_path_buf()
                }
            })
            .unwrap_or_else(|| PathBuf::from("."));
        let folder = folder.canonicalize()?;
        Ok(RuleSource {
            path: path.to_string(),
            folder,
            text: Mutex::new(Text {
                version: 1,
                text,
                unreadable: None,
            }),
        })
    }

    /// The current text and its version.
    pub fn current(&self) -> Text {
        self.text.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// Reads the file again; whether anything changed (its text, or whether it can be
    /// read).
    pub fn refresh(&self) -> bool {
        let read = std::fs::read_to_string(&self.path);
        let mut t = self.text.lock().unwrap_or_else(|e| e.into_inner());
        match read {
            Ok(text) if text != t.text || t.unreadable.is_some() => {
                if text != t.text {
                    t.version += 1;
                    t.text = text;
                }
                t.unreadable = None;
                true
            }
            Ok(_) => false,
            Err(e) => {
                let why = format!("cannot read {}: {e}", self.path);
                let changed = t.unreadable.as_deref() != Some(why.as_str());
                t.unreadable = Some(why);
                changed
            }
        }
    }

    /// Looks at the file every [`POLL`] from a thread of its own, beating `pulse` at
    /// each change, for as long as the process runs.
    pub fn watch(self: &Arc<Self>, pulse: Arc<Pulse>) {
        let me = Arc::clone(self);
        std::thread::spawn(move || loop {
            std::thread::sleep(POLL);
            if me.refresh() {
                let t = me.current();
                match &t.unreadable {
                    Some(why) => crate::interface::notice::note_line(why),
                    None => crate::interface::notice::note_line(&format!(
                        "{} changed (version {})",
                        me.path, t.version
                    )),
                }
                pulse.beat();
            }
        });
    }
}
