//! Pictures of puzzles: a small SVG canvas in cell units that every
//! family draws on ([`Family::render`](crate::Family::render)).
//!
//! The output is plain SVG 1.1: thin grid lines, thick region borders,
//! digits and clues as `<text>` (so they stay selectable, searchable and
//! readable by screen readers), givens in black and filled-in values in
//! blue, shapes (stars, bulbs, pearls, tents, trees, loop lines) as paths.
//! It scales to any size (a `viewBox` in cell units, `width`/`height` in
//! points from [`RenderOptions::cell_size`]).
//!
//! Text names the font family [`FONT_FAMILY`] (Noto Sans) first, with
//! common sans-serif faces and the generic `sans-serif` after it. The
//! optional features turn these documents into other formats, with Noto
//! Sans embedded so that text renders the same on a machine without fonts:
//!
//! - `png`: `png::to_png` and `png::rasterize` (with resvg);
//! - `pdf`: `Booklet::to_pdf`, a printable booklet of many puzzles (with
//!   svg2pdf). [`Booklet`] itself, which lays the pages out as SVG, needs
//!   no feature.
//!
//! ```
//! use gridcsp_puzzles::render::{Canvas, Ink};
//! let mut c = Canvas::new(2, 2, "A 2x2 grid");
//! c.grid_lines();
//! c.text(0, 0, "1", Ink::Given);
//! c.outer_border();
//! let svg = c.finish(40.0);
//! assert!(svg.starts_with("<svg"));
//! assert!(svg.contains(">1</text>"));
//! ```

use crate::family::Cell;
use std::fmt::Write;

mod booklet;
#[cfg(any(feature = "png", feature = "pdf"))]
mod fonts;
#[cfg(feature = "png")]
pub mod png;

pub use booklet::Booklet;
#[cfg(feature = "pdf")]
pub use booklet::PdfPages;

/// The font family the pictures' text asks for first. The `png` and `pdf`
/// features embed it (Noto Sans, Apache-2.0, from the `ttf-noto-sans`
/// crate), so no system font is needed.
pub const FONT_FAMILY: &str = "Noto Sans";

/// Why a picture could not be made.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum RenderError {
    /// The input is not an SVG document that can be read.
    #[error("not a readable SVG document: {0}")]
    Svg(String),
    /// The picture would be empty or too large to allocate.
    #[error("a picture of {width}x{height} pixels cannot be made (each side must be 1 to {max})")]
    Size {
        /// Its width in pixels (or points for a page).
        width: f64,
        /// Its height.
        height: f64,
        /// The largest side allowed.
        max: u32,
    },
    /// The picture would hold more pixels than the budget
    /// (`png::MAX_PIXELS`, with the `png` feature): its
    /// memory would be 4 bytes a pixel, twice over while it is encoded.
    #[error(
        "a picture of {width}x{height} pixels is over the budget of {max} pixels \
         (make the cells smaller)"
    )]
    Pixels {
        /// Its width in pixels.
        width: u32,
        /// Its height.
        height: u32,
        /// The most pixels a picture may have.
        max: u64,
    },
    /// A scale that is not a positive finite number.
    #[error("the scale must be a positive number, not {0}")]
    Scale(f64),
    /// A booklet with no puzzles, or with zero puzzles per page.
    #[error("{0}")]
    Layout(String),
    /// The encoder (PNG or PDF) failed.
    #[error("could not encode the {format}: {message}")]
    Encode {
        /// `PNG` or `PDF`.
        format: &'static str,
        /// What went wrong.
        message: String,
    },
}

/// What to draw besides the puzzle.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct RenderOptions {
    /// Draw the solution (the puzzle's only solution, found by the caller).
    pub solution: bool,
    /// Draw each empty cell's candidates (what propagation leaves) in small
    /// print.
    pub candidates: bool,
    /// Cells to highlight (the cells a hint or a clash names, or those a
    /// step settles).
    pub highlight: Vec<Cell>,
    /// Cells to mark as a step's cause (the cells it reads), in another
    /// colour than [`highlight`](RenderOptions::highlight).
    pub cause: Vec<Cell>,
    /// The side of a cell, in points (1/72 inch). Default 36 (half an inch).
    pub cell_size: f64,
}

impl Default for RenderOptions {
    fn default() -> Self {
        RenderOptions {
            solution: false,
            candidates: false,
            highlight: Vec::new(),
            cause: Vec::new(),
            cell_size: 36.0,
        }
    }
}

impl RenderOptions {
    /// Draws the solution too.
    pub fn with_solution(mut self, on: bool) -> RenderOptions {
        self.solution = on;
        self
    }

    /// Draws the candidates of empty cells.
    pub fn with_candidates(mut self, on: bool) -> RenderOptions {
        self.candidates = on;
        self
    }

    /// Highlights these cells.
    pub fn with_highlight(mut self, cells: Vec<Cell>) -> RenderOptions {
        self.highlight = cells;
        self
    }

    /// Marks these cells as a step's cause.
    pub fn with_cause(mut self, cells: Vec<Cell>) -> RenderOptions {
        self.cause = cells;
        self
    }

    /// Sets the side of a cell in points.
    pub fn with_cell_size(mut self, points: f64) -> RenderOptions {
        self.cell_size = points;
        self
    }
}

/// How text is inked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ink {
    /// A given (black, bold).
    Given,
    /// A value filled in by the solver (blue).
    Filled,
    /// A clue outside or on a block (black, smaller).
    Clue,
    /// A pencil mark (grey, small).
    Candidate,
}

impl Ink {
    fn class(self) -> &'static str {
        match self {
            Ink::Given => "given",
            Ink::Filled => "filled",
            Ink::Clue => "clue",
            Ink::Candidate => "cand",
        }
    }
}

/// A drawing in cell units: `(0, 0)` is the top-left corner of cell r1c1,
/// `(cols, rows)` the bottom-right corner of the grid. A margin of `margin`
/// cells on each side holds outside clues (drawn at negative coordinates or
/// beyond the grid).
#[derive(Debug, Clone)]
pub struct Canvas {
    rows: usize,
    cols: usize,
    /// The drawing's width and height in cell units (the grid's, unless
    /// made with [`Canvas::sized`]).
    extent: (f64, f64),
    /// Margins in cells: left, top, right, bottom.
    margin: [f64; 4],
    title: String,
    body: String,
}

/// Formats a coordinate with at most three decimals and no trailing zeros.
fn num(x: f64) -> String {
    let s = format!("{x:.3}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_owned()
    } else {
        s.to_owned()
    }
}

/// Escapes text for an SVG text node or attribute.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            _ => out.push(ch),
        }
    }
    out
}

impl Canvas {
    /// An empty `rows x cols` drawing; `title` is the picture's accessible
    /// name (`<title>`).
    pub fn new(rows: usize, cols: usize, title: &str) -> Canvas {
        Canvas {
            rows,
            cols,
            extent: (cols as f64, rows as f64),
            margin: [0.25; 4],
            title: title.to_owned(),
            body: String::new(),
        }
    }

    /// A free drawing of `width x height` units with no grid of its own
    /// (for layouts with gaps between cells, such as Futoshiki's signs);
    /// draw on it with [`rect`](Canvas::rect), [`text_at`](Canvas::text_at)
    /// and [`raw`](Canvas::raw).
    pub fn sized(width: f64, height: f64, title: &str) -> Canvas {
        Canvas {
            rows: 0,
            cols: 0,
            extent: (width, height),
            margin: [0.25; 4],
            title: title.to_owned(),
            body: String::new(),
        }
    }

    /// A rectangle outline (`thick` or thin) at `(x, y)`, `w x h` units.
    pub fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, thick: bool) {
        self.raw(&format!(
            "<rect class=\"{}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>",
            if thick { "thick" } else { "thin" },
            num(x),
            num(y),
            num(w),
            num(h)
        ));
    }

    /// Sets the margins (in cells) around the grid: left, top, right, bottom.
    pub fn with_margins(mut self, left: f64, top: f64, right: f64, bottom: f64) -> Canvas {
        self.margin = [left, top, right, bottom];
        self
    }

    /// Rows of the grid.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns of the grid.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Appends raw SVG (already escaped) to the drawing.
    pub fn raw(&mut self, svg: &str) {
        self.body.push_str(svg);
        self.body.push('\n');
    }

    /// Thin lines around every cell.
    pub fn grid_lines(&mut self) {
        let mut d = String::new();
        for r in 1..self.rows {
            let _ = write!(d, "M0 {r}H{}", self.cols);
        }
        for c in 1..self.cols {
            let _ = write!(d, "M{c} 0V{}", self.rows);
        }
        if !d.is_empty() {
            self.raw(&format!("<path class=\"thin\" d=\"{d}\"/>"));
        }
    }

    /// Thin lines around the cells for which `present` holds only.
    pub fn cell_outlines(&mut self, present: impl Fn(usize, usize) -> bool) {
        let mut d = String::new();
        for r in 0..self.rows {
            for c in 0..self.cols {
                if present(r, c) {
                    let _ = write!(d, "M{c} {r}h1v1h-1z");
                }
            }
        }
        if !d.is_empty() {
            self.raw(&format!("<path class=\"thin\" d=\"{d}\"/>"));
        }
    }

    /// A thick line around the whole grid.
    pub fn outer_border(&mut self) {
        self.raw(&format!(
            "<rect class=\"thick\" x=\"0\" y=\"0\" width=\"{}\" height=\"{}\"/>",
            self.cols, self.rows
        ));
    }

    /// Thick lines between cells of different regions (`region(r, c)`, any
    /// label), and around the grid.
    pub fn region_borders<L: PartialEq>(&mut self, region: impl Fn(usize, usize) -> L) {
        let mut d = String::new();
        for r in 0..self.rows {
            for c in 0..self.cols {
                if c + 1 < self.cols && region(r, c) != region(r, c + 1) {
                    let _ = write!(d, "M{} {r}v1", c + 1);
                }
                if r + 1 < self.rows && region(r, c) != region(r + 1, c) {
                    let _ = write!(d, "M{c} {}h1", r + 1);
                }
            }
        }
        if !d.is_empty() {
            self.raw(&format!("<path class=\"thick\" d=\"{d}\"/>"));
        }
        self.outer_border();
    }

    /// Fills a cell: `"black"` for a block or a shaded cell, or any SVG colour.
    pub fn fill(&mut self, row: usize, col: usize, colour: &str) {
        self.raw(&format!(
            "<rect x=\"{col}\" y=\"{row}\" width=\"1\" height=\"1\" fill=\"{}\"/>",
            escape(colour)
        ));
    }

    /// Highlights cells (a hint's or a clash's): a yellow wash under the rest.
    pub fn highlight(&mut self, cells: &[Cell]) {
        for c in cells {
            self.raw(&format!(
                "<rect class=\"hl\" x=\"{}\" y=\"{}\" width=\"1\" height=\"1\"/>",
                c.col, c.row
            ));
        }
    }

    /// The washes of `options`: its cause cells in light blue, then its
    /// highlighted cells in yellow (a cell in both is yellow).
    pub fn highlights(&mut self, options: &RenderOptions) {
        for c in &options.cause {
            self.raw(&format!(
                "<rect class=\"cause\" x=\"{}\" y=\"{}\" width=\"1\" height=\"1\"/>",
                c.col, c.row
            ));
        }
        self.highlight(&options.highlight);
    }

    /// Text centred in a cell.
    pub fn text(&mut self, row: usize, col: usize, text: &str, ink: Ink) {
        self.text_at(col as f64 + 0.5, row as f64 + 0.5, text, ink, 0.6);
    }

    /// Text centred at `(x, y)` (cell units) with the given font size (cells).
    pub fn text_at(&mut self, x: f64, y: f64, text: &str, ink: Ink, size: f64) {
        self.raw(&format!(
            "<text class=\"{}\" x=\"{}\" y=\"{}\" font-size=\"{}\">{}</text>",
            ink.class(),
            num(x),
            num(y + 0.35 * size),
            num(size),
            escape(text)
        ));
    }

    /// Pencil marks: `values` of `1..=max` laid out on a small square grid
    /// inside the cell.
    pub fn candidates(&mut self, row: usize, col: usize, values: &[i32], max: i32) {
        let side = (1..).find(|k| k * k >= max.max(1)).unwrap_or(1);
        let step = 1.0 / f64::from(side);
        for &v in values {
            let i = v - 1;
            if i < 0 {
                continue;
            }
            let (r, c) = (i / side, i % side);
            let x = col as f64 + (f64::from(c) + 0.5) * step;
            let y = row as f64 + (f64::from(r) + 0.5) * step;
            self.text_at(x, y, &v.to_string(), Ink::Candidate, 0.8 * step);
        }
    }

    /// A dashed outline just inside the boundary of a group of cells (a
    /// Killer or KenKen cage), with `label` in its top-left cell's corner.
    pub fn cage(&mut self, cells: &[Cell], label: &str) {
        let inside = |r: isize, c: isize| {
            r >= 0 && c >= 0 && cells.contains(&Cell::new(r as usize, c as usize))
        };
        let e = 0.08;
        let mut d = String::new();
        for cell in cells {
            let (r, c) = (cell.row as isize, cell.col as isize);
            let (x, y) = (cell.col as f64, cell.row as f64);
            // Inset each side that lies on the cage's boundary.
            let top = !inside(r - 1, c);
            let bottom = !inside(r + 1, c);
            let left = !inside(r, c - 1);
            let right = !inside(r, c + 1);
            let x0 = x + if left { e } else { 0.0 };
            let x1 = x + 1.0 - if right { e } else { 0.0 };
            let y0 = y + if top { e } else { 0.0 };
            let y1 = y + 1.0 - if bottom { e } else { 0.0 };
            if top {
                let _ = write!(d, "M{} {}H{}", num(x0), num(y0), num(x1));
            }
            if bottom {
                let _ = write!(d, "M{} {}H{}", num(x0), num(y1), num(x1));
            }
            if left {
                let _ = write!(d, "M{} {}V{}", num(x0), num(y0), num(y1));
            }
            if right {
                let _ = write!(d, "M{} {}V{}", num(x1), num(y0), num(y1));
            }
        }
        self.raw(&format!("<path class=\"cage\" d=\"{d}\"/>"));
        if let Some(first) = cells.iter().min() {
            self.raw(&format!(
                "<text class=\"corner\" x=\"{}\" y=\"{}\" font-size=\"0.24\">{}</text>",
                num(first.col as f64 + 0.12),
                num(first.row as f64 + 0.32),
                escape(label)
            ));
        }
    }

    /// A Kakuro clue block: black with a white diagonal, the down sum in
    /// the lower-left triangle and the right sum in the upper-right one.
    pub fn clue_block(&mut self, row: usize, col: usize, down: Option<&str>, right: Option<&str>) {
        let (x, y) = (col as f64, row as f64);
        self.raw(&format!(
            "<rect x=\"{col}\" y=\"{row}\" width=\"1\" height=\"1\" fill=\"#222\"/>\
             <path class=\"diag\" d=\"M{col} {row}l1 1\"/>"
        ));
        if let Some(t) = down {
            self.raw(&format!(
                "<text class=\"rev\" x=\"{}\" y=\"{}\" font-size=\"0.3\">{}</text>",
                num(x + 0.3),
                num(y + 0.85),
                escape(t)
            ));
        }
        if let Some(t) = right {
            self.raw(&format!(
                "<text class=\"rev\" x=\"{}\" y=\"{}\" font-size=\"0.3\">{}</text>",
                num(x + 0.72),
                num(y + 0.4),
                escape(t)
            ));
        }
    }

    /// A circle in a cell: a pearl (`filled`: black, else white with a
    /// black ring) or a bulb.
    pub fn circle(&mut self, row: usize, col: usize, radius: f64, filled: bool) {
        self.raw(&format!(
            "<circle class=\"{}\" cx=\"{}\" cy=\"{}\" r=\"{}\"/>",
            if filled { "solid" } else { "ring" },
            num(col as f64 + 0.5),
            num(row as f64 + 0.5),
            num(radius)
        ));
    }

    /// A five-pointed star in a cell.
    pub fn star(&mut self, row: usize, col: usize) {
        let (cx, cy) = (col as f64 + 0.5, row as f64 + 0.5);
        let mut d = String::new();
        for k in 0..10 {
            let r = if k % 2 == 0 { 0.38 } else { 0.16 };
            let a = std::f64::consts::PI * (f64::from(k) / 5.0 - 0.5);
            let _ = write!(
                d,
                "{}{} {}",
                if k == 0 { "M" } else { "L" },
                num(cx + r * a.cos()),
                num(cy + r * a.sin())
            );
        }
        self.raw(&format!("<path class=\"solid\" d=\"{d}z\"/>"));
    }

    /// A tent (a triangle) in a cell.
    pub fn tent(&mut self, row: usize, col: usize) {
        let (x, y) = (col as f64, row as f64);
        self.raw(&format!(
            "<path class=\"tent\" d=\"M{} {}L{} {}L{} {}z\"/>",
            num(x + 0.5),
            num(y + 0.15),
            num(x + 0.85),
            num(y + 0.82),
            num(x + 0.15),
            num(y + 0.82)
        ));
    }

    /// A tree (a green crown on a trunk) in a cell.
    pub fn tree(&mut self, row: usize, col: usize) {
        let (x, y) = (col as f64, row as f64);
        self.raw(&format!(
            "<rect fill=\"#7a5230\" x=\"{}\" y=\"{}\" width=\"0.12\" height=\"0.3\"/>\
             <circle fill=\"#2e7d32\" cx=\"{}\" cy=\"{}\" r=\"0.28\"/>",
            num(x + 0.44),
            num(y + 0.55),
            num(x + 0.5),
            num(y + 0.42)
        ));
    }

    /// A cross (a cell marked empty) in a cell.
    pub fn cross(&mut self, row: usize, col: usize) {
        let (x, y) = (col as f64, row as f64);
        self.raw(&format!(
            "<path class=\"mark\" d=\"M{} {}l0.3 0.3m0 -0.3l-0.3 0.3\"/>",
            num(x + 0.35),
            num(y + 0.35)
        ));
    }

    /// A thick line segment of a loop or a path, in cell units (from
    /// corner points for Slitherlink, from cell centres for Masyu).
    pub fn line(&mut self, from: (f64, f64), to: (f64, f64)) {
        self.raw(&format!(
            "<path class=\"loop\" d=\"M{} {}L{} {}\"/>",
            num(from.0),
            num(from.1),
            num(to.0),
            num(to.1)
        ));
    }

    /// A dot at a lattice point (the corners of a Slitherlink grid).
    pub fn dot(&mut self, x: f64, y: f64) {
        self.raw(&format!(
            "<circle class=\"solid\" cx=\"{}\" cy=\"{}\" r=\"0.06\"/>",
            num(x),
            num(y)
        ));
    }

    /// A white ring centred at a point in cell units (Galaxies' dots, at
    /// a cell's centre, an edge's midpoint or a corner).
    pub fn ring(&mut self, x: f64, y: f64, radius: f64) {
        self.raw(&format!(
            "<circle class=\"ring\" cx=\"{}\" cy=\"{}\" r=\"{}\"/>",
            num(x),
            num(y),
            num(radius)
        ));
    }

    /// A thick diagonal across a cell: `\` (top-left to bottom-right) when
    /// `back`, else `/` (Slant).
    pub fn diagonal(&mut self, row: usize, col: usize, back: bool) {
        let (x, y) = (col as f64, row as f64);
        if back {
            self.line((x, y), (x + 1.0, y + 1.0));
        } else {
            self.line((x + 1.0, y), (x, y + 1.0));
        }
    }

    /// A clue on a lattice point (a corner of cells, Slant's numbers): the
    /// text in a white ring centred at `(x, y)`.
    pub fn point_clue(&mut self, x: f64, y: f64, text: &str) {
        self.raw(&format!(
            "<circle class=\"ring\" cx=\"{}\" cy=\"{}\" r=\"0.22\"/>",
            num(x),
            num(y)
        ));
        self.text_at(x, y, text, Ink::Given, 0.32);
    }

    /// The finished SVG document, `cell_size` points per cell.
    pub fn finish(self, cell_size: f64) -> String {
        let [l, t, r, b] = self.margin;
        let w = self.extent.0 + l + r;
        let h = self.extent.1 + t + b;
        let mut out = String::new();
        let _ = write!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" \
             width=\"{}pt\" height=\"{}pt\" viewBox=\"{} {} {} {}\" role=\"img\" \
             aria-label=\"{}\">\n<title>{}</title>\n",
            num(w * cell_size),
            num(h * cell_size),
            num(-l),
            num(-t),
            num(w),
            num(h),
            escape(&self.title),
            escape(&self.title)
        );
        out.push_str(STYLE);
        let _ = writeln!(
            out,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"white\"/>",
            num(-l),
            num(-t),
            num(w),
            num(h)
        );
        out.push_str(&self.body);
        out.push_str("</svg>\n");
        out
    }
}

/// Shared styles: line weights and the text inks. Presentation attributes
/// would repeat these on every element; a style sheet keeps files small.
const STYLE: &str = "<style>\
.thin{fill:none;stroke:#888;stroke-width:0.03}\
.thick{fill:none;stroke:#000;stroke-width:0.08;stroke-linecap:square}\
.cage{fill:none;stroke:#333;stroke-width:0.025;stroke-dasharray:0.08 0.06}\
.diag{stroke:#fff;stroke-width:0.03}\
.hl{fill:#fff3a0}\
.cause{fill:#cfe3ff}\
.loop{stroke:#1a4fa0;stroke-width:0.12;stroke-linecap:round}\
.mark{stroke:#999;stroke-width:0.05}\
.solid{fill:#000}\
.ring{fill:#fff;stroke:#000;stroke-width:0.05}\
.tent{fill:#c77c1e;stroke:#000;stroke-width:0.03}\
text{font-family:'Noto Sans','DejaVu Sans',Helvetica,Arial,sans-serif;text-anchor:middle}\
.given{font-weight:bold;fill:#000}\
.filled{fill:#1a4fa0}\
.clue{fill:#000}\
.cand{fill:#777}\
.rev{fill:#fff}\
.corner{text-anchor:start;fill:#000}\
</style>\n";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short_and_text_is_escaped() {
        assert_eq!(num(1.0), "1");
        assert_eq!(num(0.25), "0.25");
        assert_eq!(num(-0.0001), "0");
        assert_eq!(escape("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
    }

    #[test]
    fn a_canvas_has_its_size_title_and_shapes() {
        let mut c = Canvas::new(2, 3, "Test <grid>");
        c.grid_lines();
        c.region_borders(|_, col| col < 2);
        c.star(0, 0);
        c.cage(&[Cell::new(0, 0), Cell::new(0, 1)], "7");
        let svg = c.finish(10.0);
        assert!(svg.contains("viewBox=\"-0.25 -0.25 3.5 2.5\""), "{svg}");
        assert!(svg.contains("width=\"35pt\" height=\"25pt\""));
        assert!(svg.contains("<title>Test &lt;grid&gt;</title>"));
        assert!(svg.contains("M2 0v1M2 1v1"), "{svg}");
        assert!(svg.contains("class=\"cage\""));
        assert!(svg.ends_with("</svg>\n"));
    }
}
