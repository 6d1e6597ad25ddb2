//! A few lines of SVG writing: the document, shapes with their attributes, and text
//! escaped for XML. The pictures are simple enough that a drawing library would add
//! nothing but a dependency; every number is written with one decimal.

use std::fmt::Write;

/// A point in pixels, `y` growing downwards.
pub type Pt = (f64, f64);

/// Text made safe for XML content and attribute values.
///
/// ```
/// assert_eq!(weft::interface::picture::svg::escape("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
/// ```
pub fn escape(text: &str) -> String {
    let mut s = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => s.push_str("&amp;"),
            '<' => s.push_str("&lt;"),
            '>' => s.push_str("&gt;"),
            '"' => s.push_str("&quot;"),
            '\'' => s.push_str("&apos;"),
            c => s.push(c),
        }
    }
    s
}

/// An SVG document being written.
pub struct Svg {
    out: String,
}

impl Svg {
    /// A document of `width x height` pixels with a title (shown on hover, read by
    /// screen readers).
    pub fn new(width: f64, height: f64, title: &str) -> Svg {
        let mut out = String::new();
        let _ = write!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" \
             viewBox=\"0 0 {width:.0} {height:.0}\" role=\"img\" font-family=\"sans-serif\">\n\
             <title>{}</title>\n",
            escape(title)
        );
        Svg { out }
    }

    /// Opens a group with these attributes (e.g. `class="pieces"`).
    pub fn open(&mut self, attrs: &str) {
        let _ = writeln!(self.out, "<g {attrs}>");
    }

    pub fn close(&mut self) {
        self.out.push_str("</g>\n");
    }

    pub fn rect(&mut self, (x, y): Pt, (w, h): Pt, attrs: &str) {
        let _ = writeln!(
            self.out,
            "<rect x=\"{x:.1}\" y=\"{y:.1}\" width=\"{w:.1}\" height=\"{h:.1}\" {attrs}/>"
        );
    }

    pub fn circle(&mut self, (x, y): Pt, r: f64, attrs: &str) {
        let _ = writeln!(
            self.out,
            "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{r:.1}\" {attrs}/>"
        );
    }

    pub fn line(&mut self, (x1, y1): Pt, (x2, y2): Pt, attrs: &str) {
        let _ = writeln!(
            self.out,
            "<line x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\" {attrs}/>"
        );
    }

    /// A closed polygon; `inner` is written inside the element (e.g. a `<title>`).
    pub fn polygon(&mut self, points: &[Pt], attrs: &str, inner: &str) {
        let mut p = String::new();
        for (i, (x, y)) in points.iter().enumerate() {
            let sep = if i == 0 { "" } else { " " };
            let _ = write!(p, "{sep}{x:.1},{y:.1}");
        }
        if inner.is_empty() {
            let _ = writeln!(self.out, "<polygon points=\"{p}\" {attrs}/>");
        } else {
            let _ = writeln!(
                self.out,
                "<polygon points=\"{p}\" {attrs}>{inner}</polygon>"
            );
        }
    }

    /// Text centred on `at` (horizontally and vertically).
    pub fn text(&mut self, (x, y): Pt, size: f64, text: &str, attrs: &str) {
        let _ = writeln!(
            self.out,
            "<text x=\"{x:.1}\" y=\"{y:.1}\" font-size=\"{size:.1}\" text-anchor=\"middle\" \
             dominant-baseline=\"central\" {attrs}>{}</text>",
            escape(text)
        );
    }

    /// Text starting at `at`, on its baseline.
    pub fn text_left(&mut self, (x, y): Pt, size: f64, text: &str, attrs: &str) {
        let _ = writeln!(
            self.out,
            "<text x=\"{x:.1}\" y=\"{y:.1}\" font-size=\"{size:.1}\" {attrs}>{}</text>",
            escape(text)
        );
    }

    /// The finished document.
    pub fn finish(mut self) -> String {
        self.out.push_str("</svg>\n");
        self.out
    }
}
