//! Printable booklets: many puzzles laid out on pages, a caption above
//! each, the title and the page number on every page, the solutions on
//! pages of their own at the end.
//!
//! The layout is made as one SVG document per page ([`Booklet::pages`],
//! no feature needed: each puzzle's own SVG nested at its place); with
//! the `pdf` feature, `Booklet::to_pdf` (not linked here: it exists only
//! with that feature) converts every page with svg2pdf (vector graphics,
//! the embedded Noto Sans subset into the file, text selectable) and joins
//! them into one PDF with pdf-writer.

use super::{RenderError, escape, num};
use std::fmt::Write;

/// A booklet of puzzles (and their solutions) to print.
///
/// ```
/// use gridcsp_puzzles::render::{Booklet, Canvas};
/// let picture = |title: &str| {
///     let mut c = Canvas::new(3, 3, title);
///     c.grid_lines();
///     c.outer_border();
///     c.finish(36.0)
/// };
/// let mut booklet = Booklet::new("Nine puzzles").with_per_page(4);
/// for i in 1..=9 {
///     booklet.push(&format!("{i}. easy"), picture("puzzle"), Some(picture("solution")));
/// }
/// // 3 pages of puzzles, 3 of solutions.
/// assert_eq!(booklet.page_count(), 6);
/// let pages = booklet.pages()?;
/// assert!(pages[0].contains("Nine puzzles") && pages[0].contains("1 / 6"));
/// # Ok::<(), gridcsp_puzzles::render::RenderError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Booklet {
    title: String,
    per_page: usize,
    page: (f64, f64),
    entries: Vec<Entry>,
}

#[derive(Clone, Debug, PartialEq)]
struct Entry {
    caption: String,
    puzzle: String,
    solution: Option<String>,
}

/// Page margins, in points.
const MARGIN: f64 = 36.0;
/// The band at the top of a page that holds the title.
const HEADER: f64 = 30.0;
/// The band at the bottom that holds the page number.
const FOOTER: f64 = 22.0;
/// The height of a caption above a puzzle.
const CAPTION: f64 = 18.0;
/// The gap between puzzles.
const GAP: f64 = 14.0;

impl Booklet {
    /// An A4 page (portrait), in points.
    pub const A4: (f64, f64) = (595.0, 842.0);
    /// A US Letter page (portrait), in points.
    pub const LETTER: (f64, f64) = (612.0, 792.0);

    /// An empty booklet: A4 pages, four puzzles a page.
    pub fn new(title: &str) -> Booklet {
        Booklet {
            title: title.to_owned(),
            per_page: 4,
            page: Booklet::A4,
            entries: Vec::new(),
        }
    }

    /// Puzzles on each page (solutions too); at least 1, checked when the
    /// pages are made.
    pub fn with_per_page(mut self, k: usize) -> Booklet {
        self.per_page = k;
        self
    }

    /// The page size, width and height in points.
    pub fn with_page_size(mut self, width: f64, height: f64) -> Booklet {
        self.page = (width, height);
        self
    }

    /// Adds a puzzle: its caption (its number and difficulty, say), its
    /// picture and, for the pages at the end, its solution's picture. The
    /// pictures are SVG documents such as
    /// [`Family::render`](crate::Family::render) makes.
    pub fn push(&mut self, caption: &str, puzzle_svg: String, solution_svg: Option<String>) {
        self.entries.push(Entry {
            caption: caption.to_owned(),
            puzzle: puzzle_svg,
            solution: solution_svg,
        });
    }

    /// The number of puzzles.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// No puzzle yet.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Pages: `ceil(N / K)` of puzzles, then `ceil(S / K)` of the `S`
    /// solutions given (0 for a booklet without puzzles or `K = 0`).
    pub fn page_count(&self) -> usize {
        let k = self.per_page;
        if k == 0 {
            return 0;
        }
        let solutions = self.entries.iter().filter(|e| e.solution.is_some()).count();
        self.entries.len().div_ceil(k) + solutions.div_ceil(k)
    }

    /// Every page as an SVG document, `width x height` points: the puzzle
    /// pages, then the solution pages.
    pub fn pages(&self) -> Result<Vec<String>, RenderError> {
        let (w, h) = self.page;
        if self.entries.is_empty() {
            return Err(RenderError::Layout(
                "a booklet needs at least one puzzle".into(),
            ));
        }
        if self.per_page == 0 {
            return Err(RenderError::Layout(
                "a booklet needs at least one puzzle per page".into(),
            ));
        }
        let small = 2.0 * MARGIN + HEADER + FOOTER + CAPTION + 10.0;
        if !(w.is_finite() && h.is_finite() && w >= small && h >= small && w.max(h) <= 14_400.0) {
            return Err(RenderError::Size {
                width: w,
                height: h,
                max: 14_400,
            });
        }
        let puzzles: Vec<(&str, &str)> = self
            .entries
            .iter()
            .map(|e| (e.caption.as_str(), e.puzzle.as_str()))
            .collect();
        let solutions: Vec<(&str, &str)> = self
            .entries
            .iter()
            .filter_map(|e| Some((e.caption.as_str(), e.solution.as_deref()?)))
            .collect();
        let total = self.page_count();
        let mut pages = Vec::with_capacity(total);
        let heading = format!("{}: solutions", self.title);
        for (chunks, heading) in [(&puzzles, &self.title), (&solutions, &heading)] {
            for chunk in chunks.chunks(self.per_page) {
                let number = pages.len() + 1;
                pages.push(self.page_svg(heading, chunk, number, total)?);
            }
        }
        Ok(pages)
    }

    /// Rows and columns of puzzles on a page: the grid that gives a square
    /// puzzle the most room.
    fn grid(&self, k: usize) -> (usize, usize) {
        let (w, h) = self.area();
        let side = |cols: usize| {
            let rows = k.div_ceil(cols);
            let sw = (w - GAP * (cols - 1) as f64) / cols as f64;
            let sh = (h - GAP * (rows - 1) as f64) / rows as f64 - CAPTION;
            (sw.min(sh), rows)
        };
        let best = (1..=k.max(1))
            .max_by(|&a, &b| side(a).0.total_cmp(&side(b).0).then(b.cmp(&a)))
            .unwrap_or(1);
        (side(best).1, best)
    }

    /// The width and height left for puzzles on a page.
    fn area(&self) -> (f64, f64) {
        let (w, h) = self.page;
        (w - 2.0 * MARGIN, h - 2.0 * MARGIN - HEADER - FOOTER)
    }

    fn page_svg(
        &self,
        heading: &str,
        items: &[(&str, &str)],
        number: usize,
        total: usize,
    ) -> Result<String, RenderError> {
        let (w, h) = self.page;
        let mut out = String::new();
        let _ = writeln!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{}pt\" \
             height=\"{}pt\" viewBox=\"0 0 {} {}\">\n<title>{} ({number} / {total})</title>\n\
             <rect width=\"{}\" height=\"{}\" fill=\"white\"/>",
            num(w),
            num(h),
            num(w),
            num(h),
            escape(heading),
            num(w),
            num(h)
        );
        let font = format!("font-family:'{}',sans-serif", super::FONT_FAMILY);
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" style=\"{font};font-size:16px;font-weight:bold;\
             text-anchor:middle;fill:#000\">{}</text>",
            num(w / 2.0),
            num(MARGIN + 16.0),
            escape(heading)
        );
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" style=\"{font};font-size:10px;text-anchor:middle;\
             fill:#000\">{number} / {total}</text>",
            num(w / 2.0),
            num(h - MARGIN)
        );
        let (rows, cols) = self.grid(self.per_page);
        let (aw, ah) = self.area();
        let sw = (aw - GAP * (cols - 1) as f64) / cols as f64;
        let sh = (ah - GAP * (rows - 1) as f64) / rows as f64;
        for (i, (caption, svg)) in items.iter().enumerate() {
            let (r, c) = (i / cols, i % cols);
            let x = MARGIN + c as f64 * (sw + GAP);
            let y = MARGIN + HEADER + r as f64 * (sh + GAP);
            let _ = writeln!(
                out,
                "<text x=\"{}\" y=\"{}\" style=\"{font};font-size:11px;text-anchor:middle;\
                 fill:#000\">{}</text>",
                num(x + sw / 2.0),
                num(y + 12.0),
                escape(caption)
            );
            let (view_box, inner) = split_svg(svg)?;
            let _ = writeln!(
                out,
                "<svg x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" viewBox=\"{}\" \
                 preserveAspectRatio=\"xMidYMin meet\">\n{inner}</svg>",
                num(x),
                num(y + CAPTION),
                num(sw),
                num(sh - CAPTION),
                escape(view_box)
            );
        }
        out.push_str("</svg>\n");
        Ok(out)
    }

    /// The booklet as a PDF file (feature `pdf`).
    #[cfg(feature = "pdf")]
    pub fn to_pdf(&self) -> Result<Vec<u8>, RenderError> {
        use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref, TextStr};
        use std::collections::BTreeMap;

        let pages = self.pages()?;
        let (w, h) = (self.page.0 as f32, self.page.1 as f32);
        let failed = |message: String| RenderError::Encode {
            format: "PDF",
            message,
        };
        let mut alloc = Ref::new(1);
        let catalog = alloc.bump();
        let tree_id = alloc.bump();
        let info_id = alloc.bump();
        let mut pdf = Pdf::new();
        let mut kids = Vec::with_capacity(pages.len());
        for svg in &pages {
            let tree = super::fonts::parse(svg)?;
            let (chunk, root) = svg2pdf::to_chunk(&tree, svg2pdf::ConversionOptions::default())
                .map_err(|e| failed(e.to_string()))?;
            let mut map = BTreeMap::new();
            let chunk = chunk.renumber(|old| *map.entry(old.get()).or_insert_with(|| alloc.bump()));
            let root = *map
                .get(&root.get())
                .ok_or_else(|| failed("svg2pdf gave no picture".into()))?;
            let page_id = alloc.bump();
            let content_id = alloc.bump();
            kids.push(page_id);
            let mut page = pdf.page(page_id);
            page.media_box(Rect::new(0.0, 0.0, w, h));
            page.parent(tree_id);
            page.contents(content_id);
            page.resources().x_objects().pair(Name(b"P"), root);
            page.finish();
            let mut content = Content::new();
            content.transform([w, 0.0, 0.0, h, 0.0, 0.0]);
            content.x_object(Name(b"P"));
            pdf.stream(content_id, &content.finish());
            pdf.extend(&chunk);
        }
        let count = i32::try_from(kids.len()).map_err(|_| failed("too many pages".into()))?;
        pdf.pages(tree_id).kids(kids).count(count);
        pdf.catalog(catalog).pages(tree_id);
        pdf.document_info(info_id)
            .title(TextStr(&self.title))
            .creator(TextStr("gridcsp"));
        Ok(pdf.finish())
    }
}

/// The `viewBox` of an SVG document's root and what is inside the root.
fn split_svg(svg: &str) -> Result<(&str, &str), RenderError> {
    let bad = |what: &str| RenderError::Svg(format!("a booklet's picture {what}"));
    let start = svg
        .find("<svg")
        .ok_or_else(|| bad("has no <svg> element"))?;
    let open_end = start
        + svg[start..]
            .find('>')
            .ok_or_else(|| bad("has an unfinished <svg> tag"))?;
    let tag = &svg[start..open_end];
    let attr = "viewBox=\"";
    let vb = tag
        .find(attr)
        .map(|i| i + attr.len())
        .ok_or_else(|| bad("has no viewBox"))?;
    let vb_end = vb
        + tag[vb..]
            .find('"')
            .ok_or_else(|| bad("has a broken viewBox"))?;
    let close = svg
        .rfind("</svg>")
        .filter(|&c| c > open_end)
        .ok_or_else(|| bad("has no </svg>"))?;
    Ok((&tag[vb..vb_end], &svg[open_end + 1..close]))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn picture() -> String {
        let mut c = super::super::Canvas::new(2, 2, "p");
        c.outer_border();
        c.finish(36.0)
    }

    #[test]
    fn pages_are_puzzles_then_solutions() {
        for (n, k, with_solutions) in [
            (1usize, 1usize, 1usize),
            (5, 2, 5),
            (7, 4, 3),
            (4, 4, 0),
            (3, 9, 3),
        ] {
            let mut b = Booklet::new("T").with_per_page(k);
            for i in 0..n {
                b.push(
                    &i.to_string(),
                    picture(),
                    (i < with_solutions).then(picture),
                );
            }
            let pages = b.pages().expect("pages");
            let want = n.div_ceil(k) + with_solutions.div_ceil(k);
            assert_eq!(pages.len(), want, "{n} puzzles at {k} a page");
            assert_eq!(b.page_count(), want);
            assert!(pages[0].contains(&format!("1 / {want}")));
            let on_first = pages[0].matches("<svg x=").count();
            assert_eq!(on_first, n.min(k));
        }
    }

    #[test]
    fn bad_layouts_are_errors() {
        let mut b = Booklet::new("T");
        assert!(matches!(b.pages(), Err(RenderError::Layout(_))));
        b.push("1", picture(), None);
        assert!(b.clone().pages().is_ok());
        assert!(matches!(
            b.clone().with_per_page(0).pages(),
            Err(RenderError::Layout(_))
        ));
        assert!(matches!(
            b.clone().with_page_size(10.0, f64::NAN).pages(),
            Err(RenderError::Size { .. })
        ));
        b.push("2", "<svg>no view box</svg>".into(), None);
        assert!(matches!(b.pages(), Err(RenderError::Svg(_))));
    }

    #[test]
    fn grids_use_the_page() {
        let b = Booklet::new("T");
        assert_eq!(b.grid(1), (1, 1));
        assert_eq!(b.grid(2), (2, 1), "portrait: one above the other");
        assert_eq!(b.grid(4), (2, 2));
        let landscape = Booklet::new("T").with_page_size(842.0, 595.0);
        assert_eq!(landscape.grid(2), (1, 2));
    }
}
