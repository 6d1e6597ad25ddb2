//! Ctrl-C: stops a search in progress, else ends the program (exit code 130, as the
//! default action of the signal would, less the signal).

use std::sync::atomic::{AtomicBool, Ordering};

static SEARCHING: AtomicBool = AtomicBool::new(false);
static STOP: AtomicBool = AtomicBool::new(false);

/// Installs the handler (once per process; a second call changes nothing).
pub(crate) fn install() {
    let _ = ctrlc::set_handler(|| {
        if SEARCHING.load(Ordering::SeqCst) {
            STOP.store(true, Ordering::SeqCst);
        } else {
            std::process::exit(130);
        }
    });
}

/// The flag a search polls.
pub(crate) fn flag() -> &'static AtomicBool {
    &STOP
}

/// Marks a search in progress for as long as it lives.
pub(crate) struct Searching;

impl Searching {
    pub(crate) fn start() -> Searching {
        STOP.store(false, Ordering::SeqCst);
        SEARCHING.store(true, Ordering::SeqCst);
        Searching
    }
}

impl Drop for Searching {
    fn drop(&mut self) {
        SEARCHING.store(false, Ordering::SeqCst);
        STOP.store(false, Ordering::SeqCst);
    }
}
