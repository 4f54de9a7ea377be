//! Pictures, checked the way a person looks at them: every family's SVG
//! is read back by usvg, rasterised cells hold ink where something is
//! drawn and none where the cell is empty, booklets have the pages they
//! should, and one small instance per family matches its golden SVG.
//!
//! The instances are `tests/golden/<family>.txt`; the golden pictures next
//! to them are `<family>.svg` (the puzzle) and `<family>-solved.svg` (with
//! its solution). After a deliberate change to a drawing, rewrite them:
//!
//! ```text
//! UPDATE_GOLDEN=1 cargo test -p gridcsp-puzzles --test render_pictures
//! ```
//!
//! and look at the pictures (`git diff`, or open them) before committing.
#![cfg(all(feature = "png", feature = "pdf"))]

use gridcsp_puzzles::families::masyu::Masyu;
use gridcsp_puzzles::families::norinori::Norinori;
use gridcsp_puzzles::render::png::{self, Raster};
use gridcsp_puzzles::render::{Booklet, RenderError};
use gridcsp_puzzles::{Cell, Family, Limits, RenderOptions, Solved, families, family};
use std::path::PathBuf;

fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

/// The sample instance of a family.
fn sample(name: &str) -> String {
    let path = golden_dir().join(format!("{name}.txt"));
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("every family needs a sample, {}: {e}", path.display()))
}

/// The picture of a family's sample, with its solution or without.
fn picture(name: &str, solution: bool) -> String {
    let f = family(name).unwrap_or_else(|| panic!("no family {name}"));
    let p = f.load(&sample(name)).expect("the sample reads");
    let options = RenderOptions::default().with_solution(solution);
    p.render(&options, &Limits::default())
}

/// Compares `svg` with the golden file `file`, or rewrites it under
/// `UPDATE_GOLDEN=1`; a mismatch is returned as a message.
fn compare_golden(file: &str, svg: &str) -> Option<String> {
    let path = golden_dir().join(file);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, svg).expect("write the golden file");
        return None;
    }
    match std::fs::read_to_string(&path) {
        Ok(want) if want == svg => None,
        Ok(_) => Some(format!(
            "{} differs from the picture drawn now",
            path.display()
        )),
        Err(e) => Some(format!("{}: {e}", path.display())),
    }
}

#[test]
fn every_family_draws_a_readable_picture_that_matches_its_golden_file() {
    let mut failures = Vec::new();
    for f in families() {
        let name = f.info().name;
        for (solution, file) in [
            (false, format!("{name}.svg")),
            (true, format!("{name}-solved.svg")),
        ] {
            let svg = picture(name, solution);
            // usvg reads it (with the embedded font) and it rasterises.
            match png::rasterize(&svg, 1.0) {
                Ok(r) => assert!(r.width() > 10 && r.height() > 10, "{file}: tiny"),
                Err(e) => failures.push(format!("{file}: {e}")),
            }
            failures.extend(compare_golden(&file, &svg));
        }
    }
    assert!(
        failures.is_empty(),
        "{}\n\nIf the change is deliberate, rewrite the golden files with\n  \
         UPDATE_GOLDEN=1 cargo test -p gridcsp-puzzles --test render_pictures\n\
         and look at them before committing.",
        failures.join("\n")
    );
}

/// Where the cells are in a raster: from the SVG's `viewBox`.
struct Grid {
    raster: Raster,
    min: (f64, f64),
    per_unit: (f64, f64),
}

impl Grid {
    fn new(svg: &str) -> Grid {
        let raster = png::rasterize(svg, 1.0).expect("rasterises");
        let vb = svg
            .split("viewBox=\"")
            .nth(1)
            .and_then(|s| s.split('"').next())
            .expect("a viewBox");
        let v: Vec<f64> = vb
            .split_whitespace()
            .map(|x| x.parse().expect("a number"))
            .collect();
        Grid {
            min: (v[0], v[1]),
            per_unit: (
                f64::from(raster.width()) / v[2],
                f64::from(raster.height()) / v[3],
            ),
            raster,
        }
    }

    /// Pixels of the middle of a cell (the inner 40%) that hold ink.
    fn ink(&self, cell: Cell) -> usize {
        let to_px = |unit: f64, axis: usize| {
            let (min, per) = if axis == 0 {
                (self.min.0, self.per_unit.0)
            } else {
                (self.min.1, self.per_unit.1)
            };
            ((unit - min) * per).round() as u32
        };
        let (x0, x1) = (
            to_px(cell.col as f64 + 0.3, 0),
            to_px(cell.col as f64 + 0.7, 0),
        );
        let (y0, y1) = (
            to_px(cell.row as f64 + 0.3, 1),
            to_px(cell.row as f64 + 0.7, 1),
        );
        (y0..y1)
            .flat_map(|y| (x0..x1).map(move |x| (x, y)))
            .filter(|&(x, y)| {
                self.raster
                    .pixel(x, y)
                    .is_some_and(|p| p[..3].iter().any(|&c| c < 160))
            })
            .count()
    }
}

#[test]
fn a_sudoku_given_holds_ink_and_an_empty_cell_does_not() {
    let text = sample("sudoku");
    let plain = Grid::new(&picture("sudoku", false));
    let solved = Grid::new(&picture("sudoku", true));
    for (i, ch) in text.trim().chars().enumerate() {
        let cell = Cell::new(i / 9, i % 9);
        if ch == '.' {
            assert_eq!(plain.ink(cell), 0, "empty {cell} has ink");
            assert!(solved.ink(cell) > 5, "solved {cell} has no digit");
        } else {
            assert!(plain.ink(cell) > 5, "given {cell} has no ink");
        }
    }
}

#[test]
fn a_shaded_norinori_cell_holds_ink_and_an_unshaded_one_does_not() {
    let p = Norinori.parse(&sample("norinori")).expect("reads");
    let Solved::Solution(s) = Norinori.solve(&p, &Limits::default()).0 else {
        panic!("the sample is solvable")
    };
    let svg = Norinori.render(&p, Some(&s), &RenderOptions::default());
    let grid = Grid::new(&svg);
    let (mut shaded, mut clear) = (0, 0);
    for r in 0..5 {
        for c in 0..5 {
            let cell = Cell::new(r, c);
            if Norinori.value_at(&s, cell) == Some(1) {
                shaded += 1;
                assert!(grid.ink(cell) > 20, "shaded {cell} is blank");
            } else {
                clear += 1;
                assert_eq!(grid.ink(cell), 0, "unshaded {cell} has ink");
            }
        }
    }
    assert!(shaded > 0 && clear > 0);
}

#[test]
fn a_masyu_loop_inks_the_cells_it_passes_and_no_other() {
    let text = sample("masyu");
    let p = Masyu.parse(&text).expect("reads");
    let Solved::Solution(s) = Masyu.solve(&p, &Limits::default()).0 else {
        panic!("the sample is solvable")
    };
    let grid = Grid::new(&Masyu.render(&p, Some(&s), &RenderOptions::default()));
    let pearls: Vec<Vec<bool>> = text
        .lines()
        .skip(1)
        .map(|l| l.split_whitespace().map(|t| t != "-").collect())
        .collect();
    let (mut on, mut off) = (0, 0);
    for (r, row) in pearls.iter().enumerate() {
        for (c, &pearl) in row.iter().enumerate() {
            let cell = Cell::new(r, c);
            if Masyu.value_at(&s, cell) == Some(1) {
                on += 1;
                assert!(grid.ink(cell) > 5, "the loop passes {cell} but it is blank");
            } else if !pearl {
                off += 1;
                assert_eq!(grid.ink(cell), 0, "{cell} is off the loop but has ink");
            }
        }
    }
    assert!(on > 0 && off > 0, "the sample exercises both");
}

#[test]
fn a_booklet_has_its_puzzle_pages_then_its_solution_pages() {
    let svg = picture("sudoku", false);
    let solved = picture("sudoku", true);
    for (n, k) in [(1usize, 1usize), (7, 3), (4, 4), (5, 2)] {
        let mut b = Booklet::new("Test booklet").with_per_page(k);
        for i in 0..n {
            b.push(
                &format!("{}. medium", i + 1),
                svg.clone(),
                Some(solved.clone()),
            );
        }
        let pdf = b.to_pdf().expect("a PDF");
        let doc = lopdf::Document::load_mem(&pdf).expect("lopdf reads it");
        let want = 2 * n.div_ceil(k);
        assert_eq!(doc.get_pages().len(), want, "{n} puzzles at {k} a page");
    }
    // Without solutions: puzzle pages only.
    let mut b = Booklet::new("No solutions").with_per_page(2);
    for _ in 0..3 {
        b.push("x", svg.clone(), None);
    }
    let doc = lopdf::Document::load_mem(&b.to_pdf().expect("a PDF")).expect("reads");
    assert_eq!(doc.get_pages().len(), 2);
    assert!(matches!(
        Booklet::new("empty").to_pdf(),
        Err(RenderError::Layout(_))
    ));
}
