//! Battleships (Bimaru, Solitaire Battleships): a fleet of straight ships
//! of given lengths lies in the grid, no two touching, not even
//! diagonally; the numbers outside the grid count the ship parts in each
//! row and column, and some cells are given (water, a one-cell ship, an
//! end pointing up, down, left or right, a middle part).
//!
//! The model is one 0/1 variable per cell (1: a ship part) and, for the
//! fleet, one 0/1 *start* variable per place a ship can take (a cell, a
//! direction, a length): the start holds exactly when the cells of that
//! place are ship parts and the cells just before and after it are water
//! (clauses both ways, so each start is domain consistent with its
//! cells), and a [`count`](csp_core::Model::count_literals) per length
//! says how many ships of it the fleet has. A clause per pair of
//! diagonal neighbours keeps ships apart (two orthogonal ship parts are
//! then always one straight ship), a clause per run one longer than the
//! longest ship forbids that run, a count per clued row and column, one
//! over the grid (the fleet's size) and clauses around each given part
//! ("a top end has water above and at its sides and a ship part below").
//!
//! This cell model decides more than one [`placement`](csp_core::Model::placement)
//! per ship would: ships of one length are interchangeable there (a
//! count of solutions multiplied by their orders unless the tags are
//! ordered), its cells hold ship names rather than "ship" or "water", and
//! a line count reads ship names through extra variables. The ladder:
//! *easy* is the counts, ships never touching, the longest ship and the
//! givens; *medium* adds the fleet, ship length by ship length; *hard*
//! needs search after both.

use super::grid_text;
use crate::family::{
    Built, Cell, Family, FamilyInfo, GenerateError, GenerateOptions, Generated, Level, ParseError,
    RecordShape, Violation,
};
use crate::generic::Progress;
use crate::render::{Canvas, Ink, RenderOptions};
use crate::text::Reader;
use csp_core::constraints::count::rules as count_rules;
use csp_core::{ConstraintId, Deduction, Limits, Literal, ModelError, RelOp, Value, VarId};
use rand::Rng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use std::cell::RefCell;
use std::rc::Rc;

/// The largest number of rows or columns read.
pub const MAX_SIDE: usize = 64;
/// The longest ship a fleet may have.
pub const MAX_LENGTH: usize = 16;
/// The smallest grid [`Family::generate`] makes.
pub const MIN_GENERATED: usize = 4;
/// The largest grid [`Family::generate`] makes.
pub const MAX_GENERATED: usize = 20;
/// Candidates tried when the options leave the budget to the family.
const ATTEMPTS: u32 = 300;

/// What a cell of a solution (or a given) holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Part {
    /// Water (`-` in a solution, `x` given).
    Water,
    /// A one-cell ship, a submarine (`o`).
    Sub,
    /// The top end of a vertical ship (`n`).
    Top,
    /// The bottom end of a vertical ship (`s`).
    Bottom,
    /// The left end of a horizontal ship (`w`).
    Left,
    /// The right end of a horizontal ship (`e`).
    Right,
    /// A middle part (`m`).
    Middle,
}

impl Part {
    fn letter(self) -> &'static str {
        match self {
            Part::Water => "x",
            Part::Sub => "o",
            Part::Top => "n",
            Part::Bottom => "s",
            Part::Left => "w",
            Part::Right => "e",
            Part::Middle => "m",
        }
    }

    fn of_letter(t: &str) -> Option<Part> {
        Some(match t {
            "x" => Part::Water,
            "o" => Part::Sub,
            "n" => Part::Top,
            "s" => Part::Bottom,
            "w" => Part::Left,
            "e" => Part::Right,
            "m" => Part::Middle,
            _ => return None,
        })
    }

    /// The part as a player names it.
    fn words(self) -> &'static str {
        match self {
            Part::Water => "water",
            Part::Sub => "one-cell ship",
            Part::Top => "top end",
            Part::Bottom => "bottom end",
            Part::Left => "left end",
            Part::Right => "right end",
            Part::Middle => "middle part",
        }
    }
}

/// Battleships (janko.at's Schiffe versenken, Bimaru).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Battleships;

/// A Battleships puzzle: the fleet, the ship parts per row and column and
/// the given cells.
///
/// With the `serde` feature it is a string, its text layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BattleshipsPuzzle {
    rows: usize,
    cols: usize,
    /// Ships of length `i + 1`, as the header lists them.
    fleet: Vec<u32>,
    /// Ship parts per column, left to right (`None`: no clue).
    col_totals: Vec<Option<u32>>,
    /// Ship parts per row, top to bottom.
    row_totals: Vec<Option<u32>>,
    /// Given cells, row-major.
    given: Vec<Option<Part>>,
}

impl BattleshipsPuzzle {
    /// Rows of the grid.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns of the grid.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Ships of each length, shortest first (`fleet()[0]`: one-cell
    /// ships).
    pub fn fleet(&self) -> &[u32] {
        &self.fleet
    }

    /// The ship parts row `i` (`across`) or column `i` holds, if clued.
    pub fn total(&self, across: bool, i: usize) -> Option<u32> {
        let list = if across {
            &self.row_totals
        } else {
            &self.col_totals
        };
        list.get(i).copied().flatten()
    }

    /// The given part of a cell, if any.
    pub fn given(&self, cell: Cell) -> Option<Part> {
        (cell.row < self.rows && cell.col < self.cols)
            .then(|| self.given[cell.row * self.cols + cell.col])
            .flatten()
    }

    fn cell(&self, i: usize) -> Cell {
        Cell::new(i / self.cols, i % self.cols)
    }

    /// The longest ship of the fleet (0: no ship).
    fn longest(&self) -> usize {
        self.fleet.iter().rposition(|&k| k > 0).map_or(0, |i| i + 1)
    }

    /// Ship parts the fleet has.
    fn fleet_cells(&self) -> u32 {
        self.fleet
            .iter()
            .enumerate()
            .map(|(i, &k)| k * (i as u32 + 1))
            .sum()
    }

    /// The neighbour of cell `i` one step `(dr, dc)` away, if on the grid.
    fn step(&self, i: usize, dr: isize, dc: isize) -> Option<usize> {
        let r = (i / self.cols).checked_add_signed(dr)?;
        let c = (i % self.cols).checked_add_signed(dc)?;
        (r < self.rows && c < self.cols).then_some(r * self.cols + c)
    }

    fn header(&self) -> String {
        let mut out = format!("{} {}", self.rows, self.cols);
        for k in &self.fleet {
            out.push_str(&format!(" {k}"));
        }
        out
    }

    fn line(&self, across: bool, i: usize) -> Vec<usize> {
        if across {
            (0..self.cols).map(|c| i * self.cols + c).collect()
        } else {
            (0..self.rows).map(|r| r * self.cols + i).collect()
        }
    }
}

#[cfg(feature = "serde")]
crate::serde_text::family_text!(BattleshipsPuzzle, Battleships);

/// A solved Battleships grid: each cell's part.
///
/// With the `serde` feature it is a string, the solution layout (the
/// puzzle's header line, then rows of `-` for water and the ship letters).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BattleshipsSolution {
    rows: usize,
    cols: usize,
    fleet: Vec<u32>,
    cells: Vec<Part>,
}

impl BattleshipsSolution {
    /// The solution whose ship parts are the `true` cells (row-major),
    /// each lettered by its place in its ship; `None` if the sizes
    /// disagree.
    pub fn from_ships(
        rows: usize,
        cols: usize,
        fleet: Vec<u32>,
        ship: &[bool],
    ) -> Option<BattleshipsSolution> {
        (ship.len() == rows * cols).then(|| BattleshipsSolution {
            rows,
            cols,
            fleet,
            cells: parts_of(rows, cols, ship),
        })
    }

    /// The part at a cell (`None` outside the grid).
    pub fn part(&self, cell: Cell) -> Option<Part> {
        (cell.row < self.rows && cell.col < self.cols)
            .then(|| self.cells[cell.row * self.cols + cell.col])
    }

    /// Whether a cell holds a ship part.
    pub fn is_ship(&self, cell: Cell) -> bool {
        self.part(cell).is_some_and(|p| p != Part::Water)
    }

    fn write(&self) -> String {
        let mut out = format!("{} {}", self.rows, self.cols);
        for k in &self.fleet {
            out.push_str(&format!(" {k}"));
        }
        out.push('\n');
        crate::text::write_rows(
            &mut out,
            self.cells.chunks(self.cols).map(|r| {
                r.iter().map(|&p| match p {
                    Part::Water => "-",
                    p => p.letter(),
                })
            }),
        );
        out
    }

    fn parse(text: &str) -> Result<BattleshipsSolution, ParseError> {
        let mut r = Reader::new(text);
        let (rows, cols, fleet) = read_header(&mut r)?;
        let mut cells = Vec::with_capacity(rows * cols);
        for row in 0..rows {
            for t in grid_text::cells(&mut r, cols, &format!("row {} of the solution", row + 1))? {
                cells.push(match t.text {
                    "-" | "x" | "." => Part::Water,
                    other => Part::of_letter(other).ok_or_else(|| {
                        t.error(format!(
                            "expected '-' (water) or a ship part 'o', 'n', 's', 'w', 'e' or 'm', found '{other}'"
                        ))
                    })?,
                });
            }
        }
        r.end()?;
        Ok(BattleshipsSolution {
            rows,
            cols,
            fleet,
            cells,
        })
    }
}

#[cfg(feature = "serde")]
impl crate::serde_text::TextForm for BattleshipsSolution {
    fn to_text(&self) -> String {
        self.write()
    }

    fn from_text(text: &str) -> Result<Self, ParseError> {
        BattleshipsSolution::parse(text)
    }
}

#[cfg(feature = "serde")]
crate::serde_text::serde_text!(BattleshipsSolution);

const LEVELS: &[Level] = &[
    Level {
        name: "easy",
        about: "the row and column counts, ships never touching, the longest ship and the given parts",
    },
    Level {
        name: "medium",
        about: "also the fleet, length by length: where the ships of a length still fit, and a run that cannot be one of them",
    },
    Level {
        name: "hard",
        about: "needs trial and error (search) after the medium deductions",
    },
];

/// The lines of a record after its header (`R C f1 ... fk`): the column
/// and row totals and the rows.
fn record_lines(line: &str) -> Option<usize> {
    let numbers = crate::text::header_numbers(line)?;
    (numbers.len() >= 3 && (1..=MAX_SIDE).contains(&numbers[0])).then(|| numbers[0] + 2)
}

static INFO: FamilyInfo = FamilyInfo {
    name: "battleships",
    title: "Battleships",
    rules: "Place the fleet in the grid: straight ships of the lengths the header lists, lying across or down, no two touching, not even diagonally; each row and column holds as many ship parts as its number says, and the given parts and water stay.",
    levels: LEVELS,
    shape: RecordShape::Header {
        lines: record_lines,
        one_line: |_| false,
    },
    default_size: (8, 8),
};

/// Battleships' named deductions, easiest first (Tatham has no
/// Battleships).
static RULES: [crate::Rule; 7] = [
    crate::Rule::new(
        "line full",
        "a row or column with all the ship parts its number asks: its other cells are water",
        None,
    ),
    crate::Rule::new(
        "line needs every place",
        "a row or column with only as many open cells as ship parts missing: they are all ship parts",
        None,
    ),
    crate::Rule::new(
        "ships never touch",
        "a cell diagonally next to a ship part is water",
        None,
    ),
    crate::Rule::new(
        "given part",
        "a given part shows its ship: an end has water behind and beside it and the ship goes on in front, a one-cell ship has water all round, a middle part goes on at both sides",
        None,
    ),
    crate::Rule::new(
        "longest ship",
        "a run of ship parts as long as the longest ship ends in water at both ends",
        None,
    ),
    crate::Rule::new(
        "fleet count",
        "every ship of a length placed: a run cannot become another one; as many places left as ships of a length missing: they all hold one",
        None,
    ),
    crate::Rule::new(
        "ship in place",
        "a ship of a length settled at a place: its cells are ship parts, and the cells just before and after it water",
        None,
    ),
];

/// What each constraint of the model says, by constraint index.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Kind {
    /// A row (`across`) or column count.
    Line { across: bool, i: usize, k: u32 },
    /// The fleet's ship parts over the whole grid.
    Total { k: u32 },
    /// Two diagonal neighbours, not both ship parts.
    Touch { a: usize, b: usize },
    /// A run of cells one longer than the longest ship.
    TooLong { cells: Vec<usize> },
    /// A consequence of the given part at `at`.
    Given { at: usize },
    /// The link between a start variable and its cells.
    Ship { place: usize },
    /// The count of ships of length `len`.
    Fleet { len: usize, k: u32 },
}

/// A place a ship can take: its first cell, direction and length (a
/// length-1 place has no direction).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Place {
    first: usize,
    across: bool,
    len: usize,
}

/// A literal of the plan: the cell `i` is (`true`) or is not a ship part,
/// or place `k`'s start holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Lit {
    Cell(usize, bool),
    Start(usize, bool),
}

/// The model as data: the places, and each constraint with its kind.
#[derive(Debug)]
struct Plan {
    places: Vec<Place>,
    /// Clauses and counts, in posting order (the easy ones first).
    items: Vec<(Kind, Item)>,
    /// How many items the easy level posts.
    easy: usize,
}

#[derive(Debug)]
enum Item {
    Clause(Vec<Lit>),
    /// Exactly `k` of the literals hold.
    Count(Vec<Lit>, u32),
}

impl Place {
    fn cells(self, p: &BattleshipsPuzzle) -> Vec<usize> {
        let stride = if self.across { 1 } else { p.cols };
        (0..self.len).map(|k| self.first + k * stride).collect()
    }

    /// The cells that must be water for the ship to be exactly here: its
    /// ends' neighbours along its line (all four for a one-cell ship).
    fn ends(self, p: &BattleshipsPuzzle) -> Vec<usize> {
        let (dr, dc) = if self.across { (0, 1) } else { (1, 0) };
        let last = self.first + (self.len - 1) * if self.across { 1 } else { p.cols };
        let mut out: Vec<usize> = [p.step(self.first, -dr, -dc), p.step(last, dr, dc)]
            .into_iter()
            .flatten()
            .collect();
        if self.len == 1 {
            out.extend(p.step(self.first, -dc, -dr));
            out.extend(p.step(self.first, dc, dr));
        }
        out
    }

    fn name(self, p: &BattleshipsPuzzle) -> String {
        let cells = self.cells(p);
        if self.len == 1 {
            format!("a one-cell ship at {}", p.cell(self.first))
        } else {
            format!(
                "a ship of length {} at {}-{}",
                self.len,
                p.cell(cells[0]),
                p.cell(cells[cells.len() - 1])
            )
        }
    }
}

/// Adds clause `lits` with `None` standing for a cell off the grid (never
/// a ship part): a literal "off-grid is a ship part" is dropped, and "off
/// the grid is water" makes the clause true (not posted).
///
/// A clause left empty (a given pointing off the grid) becomes "the given
/// cell `at` is water", which its assumption contradicts: no solution.
fn clause_off_grid(items: &mut Vec<(Kind, Item)>, at: usize, lits: &[(Option<usize>, bool)]) {
    if lits.iter().any(|&(c, ship)| c.is_none() && !ship) {
        return;
    }
    let mut lits: Vec<Lit> = lits
        .iter()
        .filter_map(|&(c, ship)| c.map(|c| Lit::Cell(c, ship)))
        .collect();
    if lits.is_empty() {
        lits.push(Lit::Cell(at, false));
    }
    items.push((Kind::Given { at }, Item::Clause(lits)));
}

fn plan(p: &BattleshipsPuzzle) -> Plan {
    let n = p.rows * p.cols;
    let mut items = Vec::new();
    // Counts first: lines, then the fleet's size.
    for across in [true, false] {
        let lines = if across { p.rows } else { p.cols };
        for i in 0..lines {
            if let Some(k) = p.total(across, i) {
                let lits = p.line(across, i).into_iter().map(|c| Lit::Cell(c, true));
                items.push((Kind::Line { across, i, k }, Item::Count(lits.collect(), k)));
            }
        }
    }
    let k = p.fleet_cells();
    let all = (0..n).map(|c| Lit::Cell(c, true)).collect();
    items.push((Kind::Total { k }, Item::Count(all, k)));
    // Ships never touch diagonally.
    for a in 0..n {
        for dc in [-1, 1] {
            if let Some(b) = p.step(a, 1, dc) {
                let lits = vec![Lit::Cell(a, false), Lit::Cell(b, false)];
                items.push((Kind::Touch { a, b }, Item::Clause(lits)));
            }
        }
    }
    // No run longer than the longest ship.
    let longest = p.longest();
    if longest > 0 {
        for across in [true, false] {
            for first in 0..n {
                let place = Place {
                    first,
                    across,
                    len: longest + 1,
                };
                if fits(p, place) {
                    let cells = place.cells(p);
                    let lits = cells.iter().map(|&c| Lit::Cell(c, false)).collect();
                    items.push((Kind::TooLong { cells }, Item::Clause(lits)));
                }
            }
        }
    }
    // The givens' shapes.
    for at in 0..n {
        let Some(part) = p.given[at] else { continue };
        let (up, down, left, right) = (
            p.step(at, -1, 0),
            p.step(at, 1, 0),
            p.step(at, 0, -1),
            p.step(at, 0, 1),
        );
        // Units: (cell, ship) for the four sides.
        let units: Vec<(Option<usize>, bool)> = match part {
            Part::Water | Part::Middle => Vec::new(),
            Part::Sub => vec![(up, false), (down, false), (left, false), (right, false)],
            Part::Top => vec![(up, false), (left, false), (right, false), (down, true)],
            Part::Bottom => vec![(down, false), (left, false), (right, false), (up, true)],
            Part::Left => vec![(left, false), (up, false), (down, false), (right, true)],
            Part::Right => vec![(right, false), (up, false), (down, false), (left, true)],
        };
        for u in units {
            clause_off_grid(&mut items, at, &[u]);
        }
        if part == Part::Middle {
            // Across (left and right ship parts) or down (up and down).
            for pair in [
                [(left, false), (right, true)],
                [(left, true), (right, false)],
                [(up, false), (down, true)],
                [(up, true), (down, false)],
                [(left, true), (up, true)],
            ] {
                clause_off_grid(&mut items, at, &pair);
            }
        }
    }
    let easy = items.len();
    // The fleet: places, their links, and a count per length.
    let mut places = Vec::new();
    for len in 1..=longest {
        for across in [true, false] {
            if len == 1 && !across {
                continue;
            }
            for first in 0..n {
                let place = Place { first, across, len };
                if fits(p, place) {
                    places.push(place);
                }
            }
        }
    }
    for (k, &place) in places.iter().enumerate() {
        let kind = Kind::Ship { place: k };
        let cells = place.cells(p);
        let ends = place.ends(p);
        let mut back = vec![Lit::Start(k, true)];
        for &c in &cells {
            items.push((
                kind.clone(),
                Item::Clause(vec![Lit::Start(k, false), Lit::Cell(c, true)]),
            ));
            back.push(Lit::Cell(c, false));
        }
        for &c in &ends {
            items.push((
                kind.clone(),
                Item::Clause(vec![Lit::Start(k, false), Lit::Cell(c, false)]),
            ));
            back.push(Lit::Cell(c, true));
        }
        items.push((kind, Item::Clause(back)));
    }
    for len in 1..=longest {
        let k = p.fleet[len - 1];
        let lits = (0..places.len())
            .filter(|&j| places[j].len == len)
            .map(|j| Lit::Start(j, true))
            .collect();
        items.push((Kind::Fleet { len, k }, Item::Count(lits, k)));
    }
    Plan {
        places,
        items,
        easy,
    }
}

/// Whether a place lies inside the grid.
fn fits(p: &BattleshipsPuzzle, place: Place) -> bool {
    let (r, c) = (place.first / p.cols, place.first % p.cols);
    if place.across {
        c + place.len <= p.cols
    } else {
        r + place.len <= p.rows
    }
}

thread_local! {
    /// The last puzzle's plan, for the reasons of its deductions.
    static PLAN: RefCell<Option<(BattleshipsPuzzle, Rc<Plan>)>> = const { RefCell::new(None) };
}

fn cached_plan(p: &BattleshipsPuzzle) -> Rc<Plan> {
    PLAN.with(|cache| {
        let mut cache = cache.borrow_mut();
        if let Some((q, plan)) = cache.as_ref() {
            if q == p {
                return Rc::clone(plan);
            }
        }
        let made = Rc::new(plan(p));
        *cache = Some((p.clone(), Rc::clone(&made)));
        made
    })
}

fn read_header(r: &mut Reader<'_>) -> Result<(usize, usize, Vec<u32>), ParseError> {
    let line = r.line_no();
    let tokens = r.line("a header line 'ROWS COLS' and the fleet")?;
    let what = "a header line 'ROWS COLS f1 f2 ...' (the fleet: ships of length 1, 2, ...)";
    if tokens.len() < 3 {
        return Err(ParseError::at_line(
            line,
            format!("expected {what}, found {} numbers", tokens.len()),
        ));
    }
    let rows = tokens[0].number("ROWS", 1, MAX_SIDE as i64)? as usize;
    let cols = tokens[1].number("COLS", 1, MAX_SIDE as i64)? as usize;
    if tokens.len() - 2 > MAX_LENGTH {
        return Err(tokens[2 + MAX_LENGTH].error(format!(
            "the fleet lists ships up to length {MAX_LENGTH} at most"
        )));
    }
    let fleet = tokens[2..]
        .iter()
        .map(|t| t.number("a fleet count", 0, 9999).map(|k| k as u32))
        .collect::<Result<Vec<u32>, ParseError>>()?;
    Ok((rows, cols, fleet))
}

fn read_totals(
    r: &mut Reader<'_>,
    n: usize,
    max: usize,
    what: &str,
) -> Result<Vec<Option<u32>>, ParseError> {
    r.row(n, what)?
        .iter()
        .map(|t| {
            if t.text == "-" {
                Ok(None)
            } else {
                t.number(&format!("a number of {what}"), 0, max as i64)
                    .map(|k| Some(k as u32))
            }
        })
        .collect()
}

fn parse_text(text: &str) -> Result<BattleshipsPuzzle, ParseError> {
    let mut r = Reader::new(text);
    let (rows, cols, fleet) = read_header(&mut r)?;
    let col_totals = read_totals(&mut r, cols, rows, "the column totals (line 2)")?;
    let row_totals = read_totals(&mut r, rows, cols, "the row totals (line 3)")?;
    let mut given = Vec::with_capacity(rows * cols);
    for row in 0..rows {
        for t in grid_text::cells(&mut r, cols, &format!("row {} of the grid", row + 1))? {
            given.push(match t.text {
                "-" | "." => None,
                other => Some(Part::of_letter(other).ok_or_else(|| {
                    t.error(format!(
                        "expected '-', 'x' (water) or a ship part 'o', 'n', 's', 'w', 'e' or 'm', found '{other}'"
                    ))
                })?),
            });
        }
    }
    r.end()?;
    Ok(BattleshipsPuzzle {
        rows,
        cols,
        fleet,
        col_totals,
        row_totals,
        given,
    })
}

fn total_token(k: Option<u32>) -> String {
    k.map_or_else(|| "-".to_owned(), |k| k.to_string())
}

/// The parts of a grid of ship cells: each ship cell lettered by its
/// neighbours along the grid.
fn parts_of(rows: usize, cols: usize, ship: &[bool]) -> Vec<Part> {
    let at = |r: isize, c: isize| {
        r >= 0
            && c >= 0
            && (r as usize) < rows
            && (c as usize) < cols
            && ship[r as usize * cols + c as usize]
    };
    (0..rows * cols)
        .map(|i| {
            if !ship[i] {
                return Part::Water;
            }
            let (r, c) = ((i / cols) as isize, (i % cols) as isize);
            let (u, d, l, rt) = (at(r - 1, c), at(r + 1, c), at(r, c - 1), at(r, c + 1));
            match (u, d, l, rt) {
                (false, false, false, false) => Part::Sub,
                (false, true, false, false) => Part::Top,
                (true, false, false, false) => Part::Bottom,
                (false, false, false, true) => Part::Left,
                (false, false, true, false) => Part::Right,
                _ => Part::Middle,
            }
        })
        .collect()
}

impl Battleships {
    fn model(&self, p: &BattleshipsPuzzle, level: usize) -> Result<Built, ModelError> {
        let plan = cached_plan(p);
        let n = p.rows * p.cols;
        let mut m = csp_core::Model::new();
        let cells = m.new_vars(n, 0..=1)?;
        let starts: Vec<VarId> = if level >= 1 {
            m.new_vars(plan.places.len(), 0..=1)?
        } else {
            Vec::new()
        };
        let lit = |l: Lit| match l {
            Lit::Cell(c, ship) => Literal::eq(cells[c], Value::from(ship)),
            Lit::Start(k, on) => Literal::eq(starts[k], Value::from(on)),
        };
        let upto = if level >= 1 {
            plan.items.len()
        } else {
            plan.easy
        };
        for (_, item) in &plan.items[..upto] {
            match item {
                Item::Clause(lits) => {
                    let lits: Vec<Literal> = lits.iter().map(|&l| lit(l)).collect();
                    m.clause(&lits)?;
                }
                Item::Count(lits, k) => {
                    let lits: Vec<Literal> = lits.iter().map(|&l| lit(l)).collect();
                    m.count_literals(&lits, RelOp::Eq, i64::from(*k))?;
                }
            }
        }
        let mut built =
            Built::with_cells(m, p.rows, p.cols, cells.iter().copied().map(Some).collect());
        built.assumptions = (0..n)
            .filter_map(|i| p.given[i].map(|g| (cells[i], Value::from(g != Part::Water))))
            .collect();
        Ok(built)
    }
}

fn cells_words(p: &BattleshipsPuzzle, cells: &[usize]) -> String {
    match cells {
        [] => String::new(),
        [a] => p.cell(*a).to_string(),
        [a, .., b] => format!("{}-{}", p.cell(*a), p.cell(*b)),
    }
}

fn parts(k: u32) -> &'static str {
    if k == 1 { "ship part" } else { "ship parts" }
}

fn reason(
    p: &BattleshipsPuzzle,
    built: &Built,
    d: &Deduction,
    placed: bool,
    now: &Progress,
) -> crate::Reason {
    let plan = cached_plan(p);
    let Some((kind, _)) = plan.items.get(d.constraint.index()) else {
        return crate::Reason::new(RULES[2].name, "", Vec::new());
    };
    let ship = (d.value == 1) == placed;
    match kind {
        Kind::Line { across, i, k } => {
            let line = super::words::line_name(*across, *i);
            let reads = super::words::line_cells(*across, *i, p.rows, p.cols);
            if d.rule == count_rules::FULL || !ship {
                crate::Reason::new(
                    RULES[0].name,
                    format!("{line} has its {k} {}", parts(*k)),
                    reads,
                )
            } else {
                crate::Reason::new(
                    RULES[1].name,
                    format!(
                        "{line} needs {k} {} and has only that many places left",
                        parts(*k)
                    ),
                    reads,
                )
            }
        }
        Kind::Total { k } => {
            let reads = (0..p.rows * p.cols).map(|i| p.cell(i)).collect();
            crate::Reason::new(
                RULES[5].name,
                format!("the fleet has {k} {} in all", parts(*k)),
                reads,
            )
        }
        Kind::Touch { a, b } => {
            let cell = built.cell_of(d.var);
            let other = if cell == Some(p.cell(*a)) { *b } else { *a };
            crate::Reason::new(
                RULES[2].name,
                format!("it touches the ship part at {} diagonally", p.cell(other)),
                vec![p.cell(other)],
            )
        }
        Kind::TooLong { cells } => {
            let cell = built.cell_of(d.var);
            let others: Vec<Cell> = cells
                .iter()
                .map(|&c| p.cell(c))
                .filter(|&c| Some(c) != cell)
                .collect();
            crate::Reason::new(
                RULES[4].name,
                format!(
                    "{} are ship parts and the longest ship has length {}",
                    others
                        .iter()
                        .map(Cell::to_string)
                        .collect::<Vec<_>>()
                        .join(", "),
                    cells.len() - 1
                ),
                others,
            )
        }
        Kind::Given { at } => {
            let part = p.given[*at].unwrap_or(Part::Water);
            crate::Reason::new(
                RULES[3].name,
                format!("the given {} at {}", part.words(), p.cell(*at)),
                vec![p.cell(*at)],
            )
        }
        Kind::Ship { place } => {
            let place = plan.places[*place];
            let mut reads: Vec<usize> = place.cells(p);
            reads.extend(place.ends(p));
            let reads: Vec<Cell> = reads
                .into_iter()
                .map(|c| p.cell(c))
                .filter(|&c| Some(c) != built.cell_of(d.var))
                .collect();
            // Forward (the ship is there) or backward (it cannot be).
            let start_on = built
                .model
                .constraint(d.constraint)
                .and_then(|k| {
                    k.scope()
                        .iter()
                        .find(|&&v| built.cell_of(v).is_none())
                        .map(|&v| now.value(v))
                })
                .flatten();
            let cause = match start_on {
                Some(1) => format!("{} lies there", place.name(p)),
                _ => format!(
                    "otherwise {} would lie there, and the fleet has no more of them",
                    place.name(p)
                ),
            };
            crate::Reason::new(RULES[6].name, cause, reads)
        }
        Kind::Fleet { len, k } => {
            let what = if *len == 1 {
                "one-cell ships".to_owned()
            } else {
                format!("ships of length {len}")
            };
            let cause = if d.rule == count_rules::FULL {
                format!("the fleet's {k} {what} are all placed")
            } else {
                format!("the fleet's {k} {what} have only that many places left")
            };
            crate::Reason::new(RULES[5].name, cause, Vec::new())
        }
    }
}

fn describe_constraint(p: &BattleshipsPuzzle, c: ConstraintId) -> String {
    let plan = cached_plan(p);
    let Some((kind, _)) = plan.items.get(c.index()) else {
        return c.to_string();
    };
    match kind {
        Kind::Line { across, i, k } => format!(
            "{} holds {k} {}",
            super::words::line_name(*across, *i),
            parts(*k)
        ),
        Kind::Total { k } => format!("the fleet has {k} {} in all", parts(*k)),
        Kind::Touch { a, b } => format!(
            "ships never touch: {} and {} are not both ship parts",
            p.cell(*a),
            p.cell(*b)
        ),
        Kind::TooLong { cells } => format!(
            "no ship is longer than the longest: {} is not all ship parts",
            cells_words(p, cells)
        ),
        Kind::Given { at } => format!(
            "the given {} at {}",
            p.given[*at].unwrap_or(Part::Water).words(),
            p.cell(*at)
        ),
        Kind::Ship { place } => format!("{} or not", plan.places[*place].name(p)),
        Kind::Fleet { len, k } => format!("the fleet has {k} ships of length {len}"),
    }
}

impl Family for Battleships {
    type Puzzle = BattleshipsPuzzle;
    type Solution = BattleshipsSolution;

    fn info(&self) -> &FamilyInfo {
        &INFO
    }

    fn parse(&self, text: &str) -> Result<BattleshipsPuzzle, ParseError> {
        parse_text(text)
    }

    fn write(&self, p: &BattleshipsPuzzle) -> String {
        let mut out = p.header();
        out.push('\n');
        for list in [&p.col_totals, &p.row_totals] {
            let tokens: Vec<String> = list.iter().map(|&k| total_token(k)).collect();
            out.push_str(&tokens.join(" "));
            out.push('\n');
        }
        crate::text::write_rows(
            &mut out,
            p.given
                .chunks(p.cols)
                .map(|r| r.iter().map(|g| g.map_or("-", Part::letter))),
        );
        out
    }

    fn build(&self, p: &BattleshipsPuzzle) -> Result<Built, ModelError> {
        self.model(p, 1)
    }

    fn build_for_level(&self, p: &BattleshipsPuzzle, level: usize) -> Result<Built, ModelError> {
        self.model(p, level.min(1))
    }

    fn decode(
        &self,
        p: &BattleshipsPuzzle,
        built: &Built,
        s: &csp_core::Solution,
    ) -> BattleshipsSolution {
        let ship = super::shading::cells_valued(built, s, 1);
        BattleshipsSolution {
            rows: p.rows,
            cols: p.cols,
            fleet: p.fleet.clone(),
            cells: parts_of(p.rows, p.cols, &ship),
        }
    }

    fn write_solution(&self, _: &BattleshipsPuzzle, s: &BattleshipsSolution) -> String {
        s.write()
    }

    fn parse_solution(
        &self,
        p: &BattleshipsPuzzle,
        text: &str,
    ) -> Result<BattleshipsSolution, ParseError> {
        let s = BattleshipsSolution::parse(text)?;
        if (s.rows, s.cols, &s.fleet) != (p.rows, p.cols, &p.fleet) {
            return Err(ParseError::at(
                1,
                1,
                format!("expected the puzzle's header line '{}'", p.header()),
            ));
        }
        Ok(s)
    }

    fn check(&self, p: &BattleshipsPuzzle, s: &BattleshipsSolution) -> Vec<Violation> {
        check(p, s)
    }

    fn check_givens(&self, p: &BattleshipsPuzzle) -> Vec<Violation> {
        let mut out = Vec::new();
        for across in [true, false] {
            let n = if across { p.rows } else { p.cols };
            let len = if across { p.cols } else { p.rows } as u32;
            for i in 0..n {
                if let Some(k) = p.total(across, i) {
                    if k > len {
                        out.push(Violation::new(
                            format!(
                                "{} asks for {k} ship parts in {len} cells",
                                super::words::line_name(across, i)
                            ),
                            super::words::line_cells(across, i, p.rows, p.cols),
                        ));
                    }
                }
            }
        }
        let longest = p.longest();
        if longest > p.rows.max(p.cols) {
            out.push(Violation::new(
                format!("a ship of length {longest} does not fit in the grid"),
                Vec::new(),
            ));
        }
        if (p.fleet_cells() as usize) > p.rows * p.cols {
            out.push(Violation::new(
                "the fleet has more ship parts than the grid has cells",
                Vec::new(),
            ));
        }
        for i in 0..p.rows * p.cols {
            let Some(part) = p.given[i] else { continue };
            let sides = |dr: isize, dc: isize| p.step(i, dr, dc);
            let off = match part {
                Part::Top => sides(1, 0).is_none(),
                Part::Bottom => sides(-1, 0).is_none(),
                Part::Left => sides(0, 1).is_none(),
                Part::Right => sides(0, -1).is_none(),
                Part::Middle => {
                    (sides(0, -1).is_none() || sides(0, 1).is_none())
                        && (sides(-1, 0).is_none() || sides(1, 0).is_none())
                }
                _ => false,
            };
            if off {
                out.push(Violation::new(
                    format!(
                        "the given {} at {} points off the grid",
                        part.words(),
                        p.cell(i)
                    ),
                    vec![p.cell(i)],
                ));
            }
        }
        out
    }

    fn value_at(&self, s: &BattleshipsSolution, cell: Cell) -> Option<Value> {
        s.part(cell).map(|part| Value::from(part != Part::Water))
    }

    fn render(
        &self,
        p: &BattleshipsPuzzle,
        s: Option<&BattleshipsSolution>,
        options: &RenderOptions,
    ) -> String {
        let candidates = options
            .candidates
            .then(|| crate::generic::candidates(self, p));
        render(p, s, candidates.as_deref(), options)
    }

    fn rules(&self) -> &'static [crate::Rule] {
        &RULES
    }

    fn mark(
        &self,
        _: &BattleshipsPuzzle,
        _: crate::Spot,
        value: Value,
    ) -> Option<[&'static str; 2]> {
        Some(if value == 1 {
            ["is a ship part", "are ship parts"]
        } else {
            ["is water", "are water"]
        })
    }

    fn describe_constraint(&self, p: &BattleshipsPuzzle, _: &Built, c: ConstraintId) -> String {
        describe_constraint(p, c)
    }

    fn reason(
        &self,
        p: &BattleshipsPuzzle,
        built: &Built,
        d: &Deduction,
        placed: bool,
        now: &Progress,
    ) -> crate::Reason {
        reason(p, built, d, placed, now)
    }

    fn generate(
        &self,
        options: &GenerateOptions,
    ) -> Result<Generated<BattleshipsPuzzle, BattleshipsSolution>, GenerateError> {
        let (rows, cols) = (options.rows, options.cols);
        let level = crate::generic::generation_level(
            "battleships",
            options,
            MIN_GENERATED..=MAX_GENERATED,
            LEVELS,
        )?;
        crate::generic::generate_graded(self, options, level, ATTEMPTS, 50_000, |rng, limits| {
            candidate(rows, cols, options.level, rng, limits)
        })
    }
}

/// A ship of a solution: its first cell, whether it lies across, its
/// length.
type ShipAt = (usize, bool, usize);

/// The ships of a grid of ship cells: (first cell, across, length) of
/// each straight run, or `Err` with two ship cells that touch diagonally.
fn ships_of(rows: usize, cols: usize, ship: &[bool]) -> Result<Vec<ShipAt>, (usize, usize)> {
    let at = |r: usize, c: usize| r < rows && c < cols && ship[r * cols + c];
    let mut out = Vec::new();
    for i in 0..rows * cols {
        let (r, c) = (i / cols, i % cols);
        if !ship[i] {
            continue;
        }
        for dc in [-1isize, 1] {
            if let Some(c2) = c.checked_add_signed(dc) {
                if at(r + 1, c2) {
                    return Err((i, (r + 1) * cols + c2));
                }
            }
        }
        let starts_across = c == 0 || !ship[i - 1];
        let starts_down = r == 0 || !ship[i - cols];
        let across = (c + 1 < cols && ship[i + 1]) || (c > 0 && ship[i - 1]);
        let down = (r + 1 < rows && ship[i + cols]) || (r > 0 && ship[i - cols]);
        if across && starts_across {
            let len = (c..cols).take_while(|&k| at(r, k)).count();
            out.push((i, true, len));
        } else if down && starts_down && !across {
            let len = (r..rows).take_while(|&k| at(k, c)).count();
            out.push((i, false, len));
        } else if !across && !down {
            out.push((i, true, 1));
        }
    }
    Ok(out)
}

/// The rules a solution breaks, from the rules alone.
fn check(p: &BattleshipsPuzzle, s: &BattleshipsSolution) -> Vec<Violation> {
    if (s.rows, s.cols) != (p.rows, p.cols) {
        return vec![Violation::new(
            format!(
                "the solution is {}x{}, the puzzle {}x{}",
                s.rows, s.cols, p.rows, p.cols
            ),
            Vec::new(),
        )];
    }
    let n = p.rows * p.cols;
    let ship: Vec<bool> = s.cells.iter().map(|&c| c != Part::Water).collect();
    let mut out = Vec::new();
    let changed: Vec<Cell> = (0..n)
        .filter(|&i| p.given[i].is_some_and(|g| g != s.cells[i]))
        .map(|i| p.cell(i))
        .collect();
    if !changed.is_empty() {
        out.push(Violation::new("given parts and water must stay", changed));
    }
    let lettered = parts_of(p.rows, p.cols, &ship);
    let wrong: Vec<Cell> = (0..n)
        .filter(|&i| lettered[i] != s.cells[i])
        .map(|i| p.cell(i))
        .collect();
    if !wrong.is_empty() {
        out.push(Violation::new(
            "ship parts are lettered by their place in their ship",
            wrong,
        ));
    }
    for across in [true, false] {
        let lines = if across { p.rows } else { p.cols };
        for i in 0..lines {
            if let Some(k) = p.total(across, i) {
                let cells = p.line(across, i);
                let got = cells.iter().filter(|&&c| ship[c]).count() as u32;
                if got != k {
                    out.push(Violation::new(
                        format!(
                            "{} must hold {k} {} but holds {got}",
                            super::words::line_name(across, i),
                            parts(k)
                        ),
                        cells.into_iter().map(|c| p.cell(c)).collect(),
                    ));
                }
            }
        }
    }
    match ships_of(p.rows, p.cols, &ship) {
        Err((a, b)) => out.push(Violation::new(
            "ships never touch, not even diagonally",
            vec![p.cell(a), p.cell(b)],
        )),
        Ok(ships) => {
            let longest = ships
                .iter()
                .map(|s| s.2)
                .max()
                .unwrap_or(0)
                .max(p.fleet.len());
            for len in 1..=longest {
                let want = p.fleet.get(len - 1).copied().unwrap_or(0) as usize;
                let got: Vec<Cell> = ships
                    .iter()
                    .filter(|s| s.2 == len)
                    .map(|s| p.cell(s.0))
                    .collect();
                if got.len() != want {
                    out.push(Violation::new(
                        format!(
                            "the fleet has {want} ships of length {len}, the grid {}",
                            got.len()
                        ),
                        got,
                    ));
                }
            }
        }
    }
    out
}

/// Draws the grid, the totals (columns below, rows at the right), the
/// given parts (dark) and a solution's (grey): a one-cell ship a disc,
/// other parts a filled square with their letter, water a wave mark.
fn render(
    p: &BattleshipsPuzzle,
    s: Option<&BattleshipsSolution>,
    candidates: Option<&[Option<Vec<Value>>]>,
    options: &RenderOptions,
) -> String {
    let (rows, cols) = (p.rows, p.cols);
    let mut c = Canvas::new(rows, cols, &format!("Battleships {rows}x{cols}"))
        .with_margins(0.0, 0.0, 1.0, 1.0);
    c.highlights(options);
    for i in 0..rows * cols {
        let (r, col) = (i / cols, i % cols);
        let (part, given) = if let Some(g) = p.given[i] {
            (Some(g), true)
        } else if let Some(s) = s {
            (Some(s.cells[i]), false)
        } else if let Some(Some(values)) = candidates.and_then(|k| k.get(i)) {
            match values.as_slice() {
                [1] => {
                    c.fill(r, col, "#bbb");
                    (None, false)
                }
                [0] => (Some(Part::Water), false),
                _ => (None, false),
            }
        } else {
            (None, false)
        };
        match part {
            Some(Part::Water) => c.text(r, col, "~", if given { Ink::Given } else { Ink::Filled }),
            Some(Part::Sub) => c.circle(r, col, 0.35, true),
            Some(part) => {
                c.fill(r, col, if given { "#333" } else { "#888" });
                c.text(r, col, part.letter(), Ink::Filled);
            }
            None => {}
        }
    }
    c.grid_lines();
    c.outer_border();
    for i in 0..cols {
        if let Some(k) = p.col_totals[i] {
            c.text_at(
                i as f64 + 0.5,
                rows as f64 + 0.5,
                &k.to_string(),
                Ink::Clue,
                0.55,
            );
        }
    }
    for i in 0..rows {
        if let Some(k) = p.row_totals[i] {
            c.text_at(
                cols as f64 + 0.5,
                i as f64 + 0.5,
                &k.to_string(),
                Ink::Clue,
                0.55,
            );
        }
    }
    c.finish(options.cell_size)
}

/// The fleet generated for a grid: the classic triangle (one longest
/// ship, two of the next length, ...) with the longest ship the longest
/// (up to 6 and the grid's longer side) that keeps the fleet within 32% of
/// the grid (10x10: the classic 4 3 2 1).
pub fn fleet_for(rows: usize, cols: usize) -> Vec<u32> {
    let area = rows * cols;
    let mut longest = 1;
    for len in 1..=rows.max(cols).min(6) {
        let cells: usize = (1..=len).map(|l| l * (len - l + 1)).sum();
        if cells * 100 <= area * 32 {
            longest = len;
        }
    }
    (1..=longest).map(|l| (longest - l + 1) as u32).collect()
}

/// Lays `fleet` at random, longest ships first, none touching; `None`
/// when a ship finds no room.
fn lay_fleet(rows: usize, cols: usize, fleet: &[u32], rng: &mut ChaCha8Rng) -> Option<Vec<bool>> {
    let mut ship = vec![false; rows * cols];
    for len in (1..=fleet.len()).rev() {
        for _ in 0..fleet[len - 1] {
            let mut placed = false;
            for _ in 0..200 {
                let across = rng.random_bool(0.5);
                let (h, w) = if across { (1, len) } else { (len, 1) };
                if h > rows || w > cols {
                    continue;
                }
                let r0 = rng.random_range(0..=rows - h);
                let c0 = rng.random_range(0..=cols - w);
                let free = (r0.saturating_sub(1)..(r0 + h + 1).min(rows)).all(|r| {
                    (c0.saturating_sub(1)..(c0 + w + 1).min(cols)).all(|c| !ship[r * cols + c])
                });
                if free {
                    for r in r0..r0 + h {
                        for c in c0..c0 + w {
                            ship[r * cols + c] = true;
                        }
                    }
                    placed = true;
                    break;
                }
            }
            if !placed {
                return None;
            }
        }
    }
    Some(ship)
}

/// A unique puzzle of level `target` or below: a random fleet with every
/// total and every ship part given (unique, and solved by the easy
/// deductions without a search), then the given parts in random order,
/// then (while the level is below `target`) the totals in random order,
/// each taken away if the puzzle stays unique at a level of at most
/// `target` and below the top level: that test is root propagation
/// alone, no search. For the top level (`hard`) the clues left then
/// (parts and totals, in random order) are tried one by one until taking
/// one leaves a unique puzzle that needs a search: a search per try, but
/// few tries (a search per clue, most of them stopped by the node limit,
/// took 20-110 s per 15x15 candidate).
fn candidate(
    rows: usize,
    cols: usize,
    target: usize,
    rng: &mut ChaCha8Rng,
    limits: &Limits,
) -> Option<(BattleshipsPuzzle, BattleshipsSolution)> {
    use super::quick_grade::level_at_most;
    let fleet = fleet_for(rows, cols);
    let ship = lay_fleet(rows, cols, &fleet, rng)?;
    let cells = parts_of(rows, cols, &ship);
    let count = |line: Vec<usize>| Some(line.iter().filter(|&&c| ship[c]).count() as u32);
    let mut puzzle = BattleshipsPuzzle {
        rows,
        cols,
        fleet: fleet.clone(),
        col_totals: (0..cols)
            .map(|c| count((0..rows).map(|r| r * cols + c).collect()))
            .collect(),
        row_totals: (0..rows)
            .map(|r| count((0..cols).map(|c| r * cols + c).collect()))
            .collect(),
        given: (0..rows * cols)
            .map(|i| ship[i].then_some(cells[i]))
            .collect(),
    };
    let solution = BattleshipsSolution {
        rows,
        cols,
        fleet,
        cells,
    };
    let top = Battleships.info().levels.len() - 1;
    let cap = target.min(top - 1);
    let mut level = level_at_most(&Battleships, &puzzle, limits, cap)?;
    let mut givens: Vec<usize> = (0..rows * cols).filter(|&i| ship[i]).collect();
    givens.shuffle(rng);
    for i in givens {
        let old = puzzle.given[i].take();
        match level_at_most(&Battleships, &puzzle, limits, cap) {
            Some(l) => level = l,
            None => puzzle.given[i] = old,
        }
    }
    // Totals: (true, row) or (false, column), taken only to reach `cap`.
    let mut totals: Vec<(bool, usize)> = (0..rows)
        .map(|i| (true, i))
        .chain((0..cols).map(|i| (false, i)))
        .collect();
    totals.shuffle(rng);
    for &(across, i) in &totals {
        if level >= cap {
            break;
        }
        let old = total_mut(&mut puzzle, across, i).take();
        match level_at_most(&Battleships, &puzzle, limits, cap) {
            Some(l) => level = l,
            None => *total_mut(&mut puzzle, across, i) = old,
        }
    }
    if target < top {
        return Some((puzzle, solution));
    }
    // One clue more taken for `hard`: a part (`Ok`) or a total (`Err`).
    let mut clues: Vec<Result<usize, (bool, usize)>> = (0..rows * cols)
        .filter(|&i| puzzle.given[i].is_some())
        .map(Ok)
        .chain(
            totals
                .into_iter()
                .filter(|&(across, i)| {
                    if across {
                        puzzle.row_totals[i].is_some()
                    } else {
                        puzzle.col_totals[i].is_some()
                    }
                })
                .map(Err),
        )
        .collect();
    clues.shuffle(rng);
    for clue in clues {
        let old_given = clue.ok().and_then(|i| puzzle.given[i].take());
        let old_total = clue
            .err()
            .and_then(|(across, i)| total_mut(&mut puzzle, across, i).take());
        if level_at_most(&Battleships, &puzzle, limits, top) == Some(top) {
            return Some((puzzle, solution));
        }
        match clue {
            Ok(i) => puzzle.given[i] = old_given,
            Err((across, i)) => *total_mut(&mut puzzle, across, i) = old_total,
        }
    }
    None
}

/// The total of row `i` (`across`) or column `i`.
fn total_mut(p: &mut BattleshipsPuzzle, across: bool, i: usize) -> &mut Option<u32> {
    if across {
        &mut p.row_totals[i]
    } else {
        &mut p.col_totals[i]
    }
}
