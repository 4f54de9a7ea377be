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
        if self.entries.is_empty() {
            return Err(RenderError::Layout(
                "a booklet needs at least one puzzle".into(),
            ));
        }
        self.check_layout()?;
        let puzzles: Vec<(&str, Option<&str>)> = self
            .entries
            .iter()
            .map(|e| (e.caption.as_str(), Some(e.puzzle.as_str())))
            .collect();
        let solutions: Vec<(&str, Option<&str>)> = self
            .entries
            .iter()
            .filter_map(|e| Some((e.caption.as_str(), Some(e.solution.as_deref()?))))
            .collect();
        let total = self.page_count();
        let mut pages = Vec::with_capacity(total);
        let heading = self.solutions_heading();
        for (chunks, heading) in [(&puzzles, &self.title), (&solutions, &heading)] {
            for chunk in chunks.chunks(self.per_page) {
                let number = pages.len() + 1;
                pages.push(self.page_svg(heading, chunk, number, total)?);
            }
        }
        Ok(pages)
    }

    /// The heading of the solution pages.
    fn solutions_heading(&self) -> String {
        format!("{}: solutions", self.title)
    }

    /// Whether the page size and the puzzles per page make a layout.
    fn check_layout(&self) -> Result<(), RenderError> {
        let (w, h) = self.page;
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
        Ok(())
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
        items: &[(&str, Option<&str>)],
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
            // A slot without a picture (a puzzle that could not be made)
            // keeps its caption, so the numbers stay in place.
            let Some(svg) = svg else {
                continue;
            };
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

    /// The booklet as a PDF file (feature `pdf`), made page by page as
    /// [`PdfPages`] streams it.
    #[cfg(feature = "pdf")]
    pub fn to_pdf(&self) -> Result<Vec<u8>, RenderError> {
        let pages = self.pages()?;
        let mut pdf = PdfPages::new(Vec::new(), self.layout(), pages.len())?;
        for page in &pages {
            pdf.svg_page(page)?;
        }
        pdf.finish()
    }

    /// This booklet's title, page size and puzzles per page, without its
    /// puzzles: the layout `PdfPages` (feature `pdf`) streams pages with.
    pub fn layout(&self) -> Booklet {
        Booklet {
            entries: Vec::new(),
            ..self.clone()
        }
    }
}

/// A booklet written as PDF page by page, for booklets of any length:
/// each page is converted (svg2pdf) and written out as soon as it is
/// given, so memory holds one page, not the booklet (plus 8 bytes per PDF
/// object for the cross-reference table written at the end, and 4 per
/// page for the page list). The page count is announced at the start,
/// since every page shows `page / pages`. Feature `pdf`.
///
/// ```
/// use gridcsp_puzzles::render::{Booklet, Canvas, PdfPages};
/// let mut c = Canvas::new(2, 2, "puzzle");
/// c.outer_border();
/// let picture = c.finish(36.0);
/// let layout = Booklet::new("Two pages").with_per_page(1);
/// let mut pdf = PdfPages::new(Vec::new(), layout, 2)?;
/// pdf.page(false, &[("1. easy", Some(&picture))])?;
/// pdf.page(true, &[("1. easy", None)])?; // a slot without a picture
/// let bytes = pdf.finish()?;
/// assert!(bytes.starts_with(b"%PDF-") && bytes.ends_with(b"%%EOF"));
/// # Ok::<(), gridcsp_puzzles::render::RenderError>(())
/// ```
#[cfg(feature = "pdf")]
#[derive(Debug)]
pub struct PdfPages<W: std::io::Write> {
    layout: Booklet,
    out: W,
    /// Bytes written so far.
    written: u64,
    /// Where each object starts, by object number less one.
    offsets: Vec<u64>,
    /// The page objects, in order.
    kids: Vec<i32>,
    /// Pages announced.
    total: usize,
}

/// The fixed objects: the catalog, the page tree and the document info;
/// the pages' objects follow, numbered in the order they are written.
#[cfg(feature = "pdf")]
const CATALOG: i32 = 1;
#[cfg(feature = "pdf")]
const PAGE_TREE: i32 = 2;
#[cfg(feature = "pdf")]
const INFO: i32 = 3;

#[cfg(feature = "pdf")]
impl<W: std::io::Write> PdfPages<W> {
    /// Starts a PDF of `total` pages laid out as `layout` says (its title,
    /// page size and puzzles per page; its puzzles are not used).
    pub fn new(out: W, layout: Booklet, total: usize) -> Result<PdfPages<W>, RenderError> {
        layout.check_layout()?;
        let mut pdf = PdfPages {
            layout,
            out,
            written: 0,
            offsets: vec![0; (INFO - 1) as usize + 1],
            kids: Vec::new(),
            total,
        };
        pdf.write(b"%PDF-1.7\n%\x80\x80\x80\x80\n\n")?;
        Ok(pdf)
    }

    /// Adds the next page: puzzle pages first (`solutions` false), then
    /// solution pages, each of at most the layout's puzzles per page,
    /// each a caption and its picture (`None`: the caption alone).
    pub fn page(
        &mut self,
        solutions: bool,
        items: &[(&str, Option<&str>)],
    ) -> Result<(), RenderError> {
        if items.len() > self.layout.per_page {
            return Err(RenderError::Layout(format!(
                "{} puzzles for a page of {}",
                items.len(),
                self.layout.per_page
            )));
        }
        let heading = if solutions {
            self.layout.solutions_heading()
        } else {
            self.layout.title.clone()
        };
        let number = self.kids.len() + 1;
        let svg = self
            .layout
            .page_svg(&heading, items, number, self.total.max(number))?;
        self.svg_page(&svg)
    }

    /// Adds a whole page given as an SVG document of the page's size.
    fn svg_page(&mut self, svg: &str) -> Result<(), RenderError> {
        use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref};
        use std::collections::BTreeMap;

        let (w, h) = (self.layout.page.0 as f32, self.layout.page.1 as f32);
        let tree = super::fonts::parse(svg)?;
        let (chunk, root) = svg2pdf::to_chunk(&tree, svg2pdf::ConversionOptions::default())
            .map_err(|e| pdf_failed(e.to_string()))?;
        // New numbers in the order the objects are written, so the
        // offsets come in order too.
        let first = self.next_id();
        let map: BTreeMap<i32, i32> = chunk
            .refs()
            .enumerate()
            .map(|(i, r)| (r.get(), first + i as i32))
            .collect();
        let mut spare = first + map.len() as i32;
        let mut extra = BTreeMap::new();
        let chunk = chunk.renumber(|old| {
            let id = match map.get(&old.get()) {
                Some(&id) => id,
                // A reference to no object of the chunk: a number of its
                // own, left free in the table.
                None => *extra.entry(old.get()).or_insert_with(|| {
                    spare += 1;
                    spare - 1
                }),
            };
            Ref::new(id)
        });
        let root = Ref::new(
            *map.get(&root.get())
                .ok_or_else(|| pdf_failed("svg2pdf gave no picture".into()))?,
        );
        let page_id = Ref::new(spare);
        let content_id = Ref::new(spare + 1);
        let mut pdf = Pdf::new();
        pdf.extend(&chunk);
        let mut page = pdf.page(page_id);
        page.media_box(Rect::new(0.0, 0.0, w, h));
        page.parent(Ref::new(PAGE_TREE));
        page.contents(content_id);
        page.resources().x_objects().pair(Name(b"P"), root);
        page.finish();
        let mut content = Content::new();
        content.transform([w, 0.0, 0.0, h, 0.0, 0.0]);
        content.x_object(Name(b"P"));
        pdf.stream(content_id, &content.finish());
        self.copy_objects(&pdf.finish(), first, content_id.get())?;
        self.kids.push(page_id.get());
        Ok(())
    }

    /// Writes the catalog, the page tree, the document info and the
    /// cross-reference table, and returns the output.
    pub fn finish(mut self) -> Result<W, RenderError> {
        use pdf_writer::{Pdf, Ref, TextStr};
        if self.kids.is_empty() {
            return Err(RenderError::Layout(
                "a booklet needs at least one puzzle".into(),
            ));
        }
        let mut pdf = Pdf::new();
        let kids: Vec<Ref> = self.kids.iter().map(|&k| Ref::new(k)).collect();
        let count = i32::try_from(kids.len()).map_err(|_| pdf_failed("too many pages".into()))?;
        pdf.catalog(Ref::new(CATALOG)).pages(Ref::new(PAGE_TREE));
        pdf.pages(Ref::new(PAGE_TREE)).kids(kids).count(count);
        pdf.document_info(Ref::new(INFO))
            .title(TextStr(&self.layout.title))
            .creator(TextStr("gridcsp"));
        self.copy_objects(&pdf.finish(), CATALOG, INFO)?;
        let xref = self.written;
        let size = self.offsets.len() + 1;
        let mut table = format!("xref\n0 {size}\n0000000000 65535 f\r\n");
        for &offset in &self.offsets {
            if offset == 0 {
                table.push_str("0000000000 00000 f\r\n");
            } else {
                table.push_str(&format!("{offset:010} 00000 n\r\n"));
            }
        }
        table.push_str(&format!(
            "trailer\n<< /Size {size} /Root {CATALOG} 0 R /Info {INFO} 0 R >>\n\
             startxref\n{xref}\n%%EOF"
        ));
        self.write(table.as_bytes())?;
        self.out.flush().map_err(|e| pdf_failed(e.to_string()))?;
        Ok(self.out)
    }

    /// The number of the next object.
    fn next_id(&self) -> i32 {
        self.offsets.len() as i32 + 1
    }

    /// Copies the objects `first..=last` of `pdf` (a whole file that
    /// pdf-writer made, whose cross-reference table says where each
    /// starts) to the output, noting their offsets there.
    fn copy_objects(&mut self, pdf: &[u8], first: i32, last: i32) -> Result<(), RenderError> {
        let bad = || pdf_failed("pdf-writer's cross-reference table did not read".into());
        let tail = pdf.len().saturating_sub(64);
        let at = pdf[tail..]
            .windows(10)
            .rposition(|w| w == b"startxref\n")
            .ok_or_else(bad)?;
        let digits: String = pdf[tail + at + 10..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .map(|&b| char::from(b))
            .collect();
        let xref: usize = digits.parse().map_err(|_| bad())?;
        // "xref\n0 N\n", then 20 bytes an entry, object 0 first.
        let entries = xref
            + pdf[xref..]
                .iter()
                .skip(5)
                .position(|&b| b == b'\n')
                .ok_or_else(bad)?
            + 6;
        let offset_of = |id: i32| -> Option<usize> {
            let e = entries + 20 * usize::try_from(id).ok()?;
            let entry = pdf.get(e..e + 20)?;
            (entry[17] == b'n')
                .then(|| std::str::from_utf8(&entry[..10]).ok()?.parse().ok())
                .flatten()
        };
        let mut starts = Vec::new();
        for id in first..=last {
            starts.push((id, offset_of(id)));
        }
        let begin = starts
            .iter()
            .filter_map(|&(_, o)| o)
            .min()
            .ok_or_else(bad)?;
        let base = self.written;
        self.write(&pdf[begin..xref])?;
        for (id, offset) in starts {
            let index = (id - 1) as usize;
            if self.offsets.len() <= index {
                self.offsets.resize(index + 1, 0);
            }
            if let Some(o) = offset {
                self.offsets[index] = base + (o - begin) as u64;
            }
        }
        Ok(())
    }

    fn write(&mut self, bytes: &[u8]) -> Result<(), RenderError> {
        self.out
            .write_all(bytes)
            .map_err(|e| pdf_failed(format!("cannot write: {e}")))?;
        self.written += bytes.len() as u64;
        Ok(())
    }
}

#[cfg(feature = "pdf")]
fn pdf_failed(message: String) -> RenderError {
    RenderError::Encode {
        format: "PDF",
        message,
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
