//! The page's HTML, CSS and JavaScript, built into the binary: the page needs no network,
//! no CDN and no file beside the binary.

/// The page (`GET /`).
pub const PAGE: &str = include_str!("assets/page.html");
/// Its style sheet (`GET /page.css`).
pub const STYLE: &str = include_str!("assets/page.css");
/// Its script (`GET /page.js`): plain JavaScript for current Chromium and Firefox.
pub const SCRIPT: &str = include_str!("assets/page.js");
