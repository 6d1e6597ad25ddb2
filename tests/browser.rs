//! A real browser looks at the pictures: headless Chromium takes screenshots of a
//! rendered hexagon, a square board of points and the HTML report, and the screenshots
//! are decoded and their pixels counted, so a picture that a browser draws blank (or
//! without its stones, its edges or its plots) fails.
//!
//! Chromium comes from the system's packages (`.ci/run` installs it). Where it cannot
//! be found these tests say so and pass, except under CI (`CI` set), where they fail.

use crate::common::*;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Chromium, or `None` after saying why the test is skipped.
fn browser(test: &str) -> Option<PathBuf> {
    find_browser(test, &CHROMIUM)
}

/// A screenshot's pixels as RGB.
struct Shot {
    pixels: Vec<[u8; 3]>,
}

impl Shot {
    /// Pixels within `tolerance` of a colour on every channel.
    fn near(&self, rgb: [u8; 3], tolerance: u8) -> usize {
        self.pixels
            .iter()
            .filter(|p| (0..3).all(|i| p[i].abs_diff(rgb[i]) <= tolerance))
            .count()
    }

    /// The share of pixels that are not the white page.
    fn ink(&self) -> f64 {
        let white = self.near([255, 255, 255], 12);
        1.0 - white as f64 / self.pixels.len().max(1) as f64
    }
}

/// Takes a screenshot of `page` (a file) at `size` with headless Chromium.
fn screenshot(chrome: &Path, page: &Path, size: (u32, u32), dir: &Path) -> Shot {
    let png = dir.join(format!(
        "{}.png",
        page.file_stem().unwrap().to_string_lossy()
    ));
    let profile = dir.join(format!(
        "profile-{}",
        page.file_stem().unwrap().to_string_lossy()
    ));
    let o = Command::new(chrome)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(format!("--screenshot={}", png.display()))
        .arg(format!("--window-size={},{}", size.0, size.1))
        .arg(format!("file://{}", page.display()))
        .output()
        .expect("Chromium starts");
    assert!(
        png.is_file(),
        "no screenshot of {}: {}",
        page.display(),
        String::from_utf8_lossy(&o.stderr)
    );
    let file = std::io::BufReader::new(std::fs::File::open(&png).unwrap());
    let mut reader = png::Decoder::new(file).read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert_eq!((info.width, info.height), size);
    let step = info.color_type.samples();
    assert_eq!(info.bit_depth, png::BitDepth::Eight);
    let pixels = buf[..info.buffer_size()]
        .chunks_exact(step)
        .map(|p| match step {
            1 | 2 => [p[0], p[0], p[0]],
            _ => [p[0], p[1], p[2]],
        })
        .collect();
    Shot { pixels }
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("weft-browser-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Renders a position with `weft render` into `dir`.
fn render(dir: &Path, name: &str, args: &[&str]) -> PathBuf {
    let out = dir.join(format!("{name}.svg"));
    let mut all = vec!["render"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["-o", out.to_str().unwrap()]);
    let o = weft(&all);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    out
}

/// The colours the pictures use (style.rs), as RGB.
const CELL: [u8; 3] = [0xee, 0xdf, 0xb9];
const DARK_STONE: [u8; 3] = [0x1c, 0x1c, 0x1c];
const BLUE: [u8; 3] = [0x00, 0x72, 0xb2];
const ORANGE: [u8; 3] = [0xe6, 0x9f, 0x00];
const GREEN: [u8; 3] = [0x00, 0x9e, 0x73];

#[test]
fn a_browser_draws_a_hexagon_and_a_square_board() {
    let Some(chrome) = browser("a_browser_draws_a_hexagon_and_a_square_board") else {
        return;
    };
    let dir = scratch("boards");
    // Windborne's hexagon of side 5 in its placement phase: disks and pawns.
    let hexagon = render(
        &dir,
        "hexagon",
        &[
            "games/windborne.game",
            "--size",
            "5",
            "--moves",
            "e5,e5 d4,d4 f6,c3",
        ],
    );
    let shot = screenshot(&chrome, &hexagon, (520, 520), &dir);
    assert!(shot.ink() > 0.3, "the hexagon is blank: {:.3}", shot.ink());
    assert!(
        shot.near(CELL, 4) > 20_000,
        "hex cells: {}",
        shot.near(CELL, 4)
    );
    assert!(shot.near(DARK_STONE, 6) > 300, "a dark disk");
    // Hex on a rhombus: both players' edges.
    let rhombus = render(
        &dir,
        "rhombus",
        &["games/hex.game", "--size", "6", "--moves", "c3 d4"],
    );
    let shot = screenshot(&chrome, &rhombus, (520, 420), &dir);
    assert!(
        shot.near(BLUE, 10) > 500,
        "blue edges: {}",
        shot.near(BLUE, 10)
    );
    assert!(
        shot.near(ORANGE, 10) > 500,
        "orange edges: {}",
        shot.near(ORANGE, 10)
    );
    // A square board of points with stones and both players' edges.
    let square = render(
        &dir,
        "square",
        &[
            "games/crosswind.game",
            "--moves",
            "e5 d4 e4 d5",
            "--numbers",
        ],
    );
    let shot = screenshot(&chrome, &square, (480, 560), &dir);
    assert!(
        shot.ink() > 0.3,
        "the square board is blank: {:.3}",
        shot.ink()
    );
    assert!(
        shot.near(CELL, 4) > 40_000,
        "the board: {}",
        shot.near(CELL, 4)
    );
    assert!(shot.near(DARK_STONE, 6) > 800, "black stones");
    assert!(
        shot.near(BLUE, 10) > 1_000 && shot.near(ORANGE, 10) > 1_000,
        "edges"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_browser_shows_the_report_s_plots() {
    let Some(chrome) = browser("a_browser_shows_the_report_s_plots") else {
        return;
    };
    let dir = scratch("report");
    let page = dir.join("report.html");
    let o = weft(&[
        "check",
        "games/crosswind.game",
        "--size",
        "5",
        "--playouts",
        "300",
        "--html",
        page.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let shot = screenshot(&chrome, &page, (1100, 4200), &dir);
    assert!(shot.ink() > 0.1, "the page is blank: {:.3}", shot.ink());
    // The wins chart's blue and orange bars, the histogram's blue bars, the glyphs'
    // green bars, and the boards of the heatmaps.
    assert!(
        shot.near(BLUE, 8) > 10_000,
        "blue bars: {}",
        shot.near(BLUE, 8)
    );
    assert!(
        shot.near(ORANGE, 8) > 3_000,
        "orange bars: {}",
        shot.near(ORANGE, 8)
    );
    assert!(
        shot.near(GREEN, 8) > 3_000,
        "glyph bars: {}",
        shot.near(GREEN, 8)
    );
    let viridis_dark = shot.near([0x44, 0x01, 0x54], 40) + shot.near([0x21, 0x91, 0x8c], 40);
    assert!(
        viridis_dark + shot.near([0xfd, 0xe7, 0x25], 40) > 2_000,
        "heatmaps"
    );
    let _ = std::fs::remove_dir_all(dir);
}
