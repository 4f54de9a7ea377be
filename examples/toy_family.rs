//! A puzzle family in one file: the worked example of
//! `docs/adding-a-family.md`.
//!
//! The toy is a Latin square: an N x N grid with some digits given, to be
//! filled so that every digit from 1 to N appears once in each row and once
//! in each column. Implementing [`Family`] (the text format, the model, the
//! rule check and the picture) is all it takes: solving, counting,
//! uniqueness, grading, explanations and hints come from the trait's
//! defaults, and the object-safe [`AnyFamily`] (what the command line, the
//! Python package and the web page use) from the blanket implementation.
//!
//! Run with `cargo run --example toy_family`.

use gridcsp::csp_core::{self, Grid, Limits, Model, ModelError, Strength, Value};
use gridcsp::puzzles::render::{Canvas, Ink, RenderOptions};
use gridcsp::puzzles::text::{self, Reader};
use gridcsp::puzzles::{
    AnyFamily, Built, Cell, Family, FamilyInfo, Level, ParseError, RecordShape, Unique, Violation,
};

/// The largest side the toy reads.
const MAX_SIDE: usize = 9;

/// A Latin square: its side and its digits, row-major, 0 for an empty
/// cell. The puzzle (the givens) and its solution (every cell filled) are
/// the same type.
#[derive(Clone, Debug, PartialEq)]
pub struct Square {
    n: usize,
    digits: Vec<Value>,
}

/// The family. It holds nothing: everything is in the puzzle.
#[derive(Debug)]
pub struct ToyLatin;

/// The family's name, rules, ladder and record shape.
static INFO: FamilyInfo = FamilyInfo {
    name: "toy-latin",
    title: "Toy Latin square",
    rules: "Fill the grid with digits from 1 to N so that each digit appears \
            once in each row and once in each column.",
    levels: &[
        Level {
            name: "easy",
            about: "solved by propagation alone",
        },
        Level {
            name: "hard",
            about: "needs search",
        },
    ],
    // A record is a header `N N` and N lines of cells.
    shape: RecordShape::Header {
        lines: side_from_header,
        one_line: |_| false,
    },
    default_size: (4, 4),
};

/// The lines after a header `N N`, or `None` if it is not one.
fn side_from_header(header: &str) -> Option<usize> {
    match text::header_numbers(header)?.as_slice() {
        &[rows, cols] if rows == cols => Some(rows),
        _ => None,
    }
}

// ---- The model: what a reader should see first. ----

impl Family for ToyLatin {
    type Puzzle = Square;
    type Solution = Square;

    fn info(&self) -> &FamilyInfo {
        &INFO
    }

    /// One variable per cell over 1..=N, one AllDifferent per row and per
    /// column; the givens are assumptions, so explanations start from them.
    fn build(&self, p: &Square) -> Result<Built, ModelError> {
        let n = p.n;
        let mut m = Model::new();
        let grid = Grid::new_unnamed(&mut m, n, n, 1..=n as Value)?;
        for row in 0..n {
            m.all_different_with(grid.row(row), Strength::HiddenSingles)?;
        }
        for col in grid.columns() {
            m.all_different_with(&col, Strength::HiddenSingles)?;
        }
        let cells = grid.cells().iter().map(|&v| Some(v)).collect();
        let mut built = Built::with_cells(m, n, n, cells);
        built.assumptions = grid
            .cells()
            .iter()
            .zip(&p.digits)
            .filter(|&(_, &d)| d != 0)
            .map(|(&v, &d)| (v, d))
            .collect();
        Ok(built)
    }

    /// The grid from a solution of the model.
    fn decode(&self, p: &Square, built: &Built, s: &csp_core::Solution) -> Square {
        let digits = built
            .cells
            .iter()
            .map(|v| v.and_then(|v| s.get(v)).unwrap_or(0))
            .collect();
        Square { n: p.n, digits }
    }

    /// The rules, checked on the grid itself (not through the model, so
    /// that the check also tests the model).
    fn check(&self, p: &Square, s: &Square) -> Vec<Violation> {
        let n = p.n;
        let cell = |i: usize| Cell::new(i / n, i % n);
        let mut out = Vec::new();
        if s.n != n {
            out.push(Violation::new(
                format!("the solution is {0}x{0}, the puzzle {1}x{1}", s.n, n),
                Vec::new(),
            ));
            return out;
        }
        for (i, (&given, &d)) in p.digits.iter().zip(&s.digits).enumerate() {
            if !(1..=n as Value).contains(&d) {
                out.push(Violation::new("a cell without a digit", vec![cell(i)]));
            } else if given != 0 && d != given {
                out.push(Violation::new(
                    format!("the given {given} is changed"),
                    vec![cell(i)],
                ));
            }
        }
        for k in 0..n {
            let lines = [
                (
                    format!("row {}", k + 1),
                    (0..n).map(|c| k * n + c).collect(),
                ),
                (
                    format!("column {}", k + 1),
                    (0..n).map(|r| r * n + k).collect(),
                ),
            ];
            for (name, line) in lines {
                let line: Vec<usize> = line;
                for d in 1..=n as Value {
                    let at: Vec<Cell> = line
                        .iter()
                        .filter(|&&i| s.digits[i] == d)
                        .map(|&i| cell(i))
                        .collect();
                    if at.len() > 1 {
                        out.push(Violation::new(format!("{d} twice in {name}"), at));
                    }
                }
            }
        }
        out
    }

    // ---- Text: the puzzle and solution layouts. ----

    /// `N N`, then N rows of digits or `-` for an empty cell.
    fn parse(&self, input: &str) -> Result<Square, ParseError> {
        let mut r = Reader::new(input);
        let line = r.line_no();
        let [rows, cols] = r.header::<2>("ROWS COLS", 1, MAX_SIDE)?;
        if rows != cols {
            return Err(ParseError::at_line(
                line,
                format!("a Latin square is square, found {rows} rows and {cols} columns"),
            ));
        }
        let mut digits = Vec::with_capacity(rows * rows);
        for row in 0..rows {
            for t in r.row(rows, &format!("row {}", row + 1))? {
                digits.push(if t.is_empty_cell() {
                    0
                } else {
                    t.number("a digit", 1, rows as i64)? as Value
                });
            }
        }
        r.end()?;
        Ok(Square { n: rows, digits })
    }

    fn write(&self, p: &Square) -> String {
        let cells: Vec<String> = p
            .digits
            .iter()
            .map(|&d| if d == 0 { "-".into() } else { d.to_string() })
            .collect();
        let mut out = format!("{0} {0}\n", p.n);
        text::write_rows(
            &mut out,
            cells
                .chunks(p.n.max(1))
                .map(|row| row.iter().map(String::as_str)),
        );
        out
    }

    fn write_solution(&self, _: &Square, s: &Square) -> String {
        self.write(s)
    }

    fn parse_solution(&self, p: &Square, input: &str) -> Result<Square, ParseError> {
        let s = self.parse(input)?;
        if s.n != p.n {
            return Err(ParseError::new(format!(
                "expected a {0}x{0} solution, found {1}x{1}",
                p.n, s.n
            )));
        }
        if let Some(i) = s.digits.iter().position(|&d| d == 0) {
            return Err(ParseError::new(format!(
                "r{}c{} has no digit in the solution",
                i / s.n + 1,
                i % s.n + 1
            )));
        }
        Ok(s)
    }

    fn value_at(&self, s: &Square, cell: Cell) -> Option<Value> {
        let n = s.n;
        (cell.row < n && cell.col < n)
            .then(|| s.digits[cell.row * n + cell.col])
            .filter(|&d| d != 0)
    }

    // ---- The picture, from the shared drawing primitives. ----

    fn render(&self, p: &Square, s: Option<&Square>, options: &RenderOptions) -> String {
        let n = p.n;
        let mut c = Canvas::new(n, n, &format!("Toy Latin square {n}x{n}"));
        c.highlights(options);
        c.grid_lines();
        c.outer_border();
        for i in 0..n * n {
            let (row, col) = (i / n, i % n);
            if p.digits[i] != 0 {
                c.text(row, col, &p.digits[i].to_string(), Ink::Given);
            } else if let Some(d) = s.filter(|s| s.n == n).map(|s| s.digits[i]) {
                c.text(row, col, &d.to_string(), Ink::Filled);
            }
        }
        c.finish(options.cell_size)
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let family = ToyLatin;
    let puzzle = family.parse("4 4\n- - - 4\n- 4 1 -\n2 - - -\n- 3 - -\n")?;

    // The trait's defaults: prove the solution unique, grade, hint.
    let limits = Limits::default();
    let (unique, _stats) = family.uniqueness(&puzzle, &limits);
    let Unique::Unique(solution) = unique else {
        return Err("the toy puzzle should have one solution".into());
    };
    print!("{}", family.write_solution(&puzzle, &solution));
    assert!(family.check(&puzzle, &solution).is_empty());
    println!("grade: {}", family.grade(&puzzle, &limits)?);
    println!("hint: {}", family.hint(&puzzle, &limits)?);

    // The same family through the object-safe layer every tool uses.
    let any: &dyn AnyFamily = &family;
    let loaded = any.load("3 3\n- - -\n- 2 -\n- - 3\n")?;
    let (count, _stats) = loaded.count(Some(100), &limits);
    println!("a 3x3 with two givens: {count:?}");
    Ok(())
}
