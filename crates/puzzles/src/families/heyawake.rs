//! Heyawake: the grid is cut into rooms, some numbered. Shade cells so that
//! a numbered room holds that many shaded cells, no two shaded cells touch
//! orthogonally, the unshaded cells are connected, and no straight line of
//! unshaded cells crosses two room borders (it spans at most two rooms).
//!
//! The puzzle is read from janko.at's text layout (the numbers, then the
//! rooms) or a puzz.link `heyawake` URL; see `docs/formats/heyawake.md`. A
//! solution prints `x` for a shaded cell and `-` for an unshaded one.
//!
//! The model is one 0/1 variable per cell (1: unshaded): a two-literal
//! [`clause`](csp_core::Model::clause) per pair of neighbours, an
//! [`exactly`](csp_core::Model::exactly) per numbered room, a clause per
//! *border run* (the cells from just before one border of a row or column
//! to just after the next one: not all unshaded; one per border, so
//! O(cells) clauses, 3,700 at 36x54) and
//! [`connected`](csp_core::Model::connected) over every cell. The ladder:
//! `easy` the propagation of these, `hard` search. (A rung without
//! `connected` was tried: one 7x7 candidate in about 2,400 was solved
//! without it, too rare for a generator's level.)

use super::grid_cells::{areas, neighbours};
use super::grid_text;
use super::shading::{self, Regions, Shading};
use crate::family::{
    Built, Cell, Family, FamilyInfo, GenerateError, GenerateOptions, Generated, Level, ParseError,
    RecordShape, Unique, Violation,
};
use crate::generic::Progress;
use crate::puzzlink::{Borders, Clue, EncodeError, Genre, Url, encode_room_number16, top_cells};
use crate::render::{Canvas, Ink, RenderOptions};
use crate::text::Reader;
use csp_core::constraints::{connected::rules as conn, count::rules as count};
use csp_core::graph::Graph;
use csp_core::{
    ConstraintId, Deduction, Limits, Literal, ModelError, Solver, Value, ValueOrder, VarId,
};
use rand::Rng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

/// The largest number of rows or columns read (janko.at's largest
/// Heyawake are 36x54... wide; see the docs page).
pub const MAX_SIDE: usize = 64;
/// The smallest grid [`Family::generate`] makes.
pub const MIN_GENERATED: usize = 4;
/// The largest grid [`Family::generate`] makes.
pub const MAX_GENERATED: usize = 40;
/// The candidates tried when the options leave the budget to the family.
const ATTEMPTS: u32 = 2000;
/// The decisions the search that plants a shading may take.
const PLANT_NODES: u64 = 5_000;

/// Heyawake (also Heyawacky).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Heyawake;

/// A Heyawake puzzle: the rooms and their numbers.
///
/// With the `serde` feature it is a string, its text layout, read back by
/// [`Heyawake`]'s parser.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeyawakePuzzle {
    rows: usize,
    cols: usize,
    /// The number written in each cell, row-major (at most one per room).
    clues: Vec<Option<u32>>,
    /// The rooms, numbered from 1 in order of first appearance.
    rooms: Regions,
}

impl HeyawakePuzzle {
    /// A puzzle from its numbers (row-major, at most one per room) and its
    /// rooms; `None` if the sizes disagree or a room has two numbers.
    pub fn new(rows: usize, cols: usize, clues: Vec<Option<u32>>, rooms: Regions) -> Option<Self> {
        if rows.checked_mul(cols) != Some(clues.len()) || rooms.labels().len() != clues.len() {
            return None;
        }
        let rooms = Regions::new(rows, cols, shading::canonical_labels(rooms.labels()))?;
        let p = HeyawakePuzzle {
            rows,
            cols,
            clues,
            rooms,
        };
        p.rooms
            .groups()
            .iter()
            .all(|(_, cells)| cells.iter().filter(|&&i| p.clues[i].is_some()).count() <= 1)
            .then_some(p)
    }

    /// Rows of the grid.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns of the grid.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The number written at a cell, if any.
    pub fn clue(&self, cell: Cell) -> Option<u32> {
        (cell.row < self.rows && cell.col < self.cols)
            .then(|| self.clues[cell.row * self.cols + cell.col])
            .flatten()
    }

    /// The rooms (numbered from 1 in order of first appearance).
    pub fn rooms(&self) -> &Regions {
        &self.rooms
    }

    fn header(&self) -> String {
        format!("{} {}", self.rows, self.cols)
    }

    fn cell(&self, i: usize) -> Cell {
        Cell::new(i / self.cols, i % self.cols)
    }

    /// Every room: its label, its cells and its number, if it has one.
    fn numbered_rooms(&self) -> Vec<(u64, Vec<usize>, Option<u32>)> {
        self.rooms
            .groups()
            .into_iter()
            .map(|(l, cells)| {
                let k = cells.iter().find_map(|&i| self.clues[i]);
                (l, cells, k)
            })
            .collect()
    }

    /// The border runs: per row and column, for each two borders in a row,
    /// the cells from the one before the first to the one after the
    /// second, in line order. Every straight line of cells that crosses two
    /// borders holds one.
    fn border_runs(&self) -> Vec<Vec<usize>> {
        let (rows, cols) = (self.rows, self.cols);
        let labels = self.rooms.labels();
        let mut out = Vec::new();
        let mut line = |cells: Vec<usize>| {
            let borders: Vec<usize> = (0..cells.len().saturating_sub(1))
                .filter(|&k| labels[cells[k]] != labels[cells[k + 1]])
                .collect();
            for w in borders.windows(2) {
                out.push(cells[w[0]..=w[1] + 1].to_vec());
            }
        };
        for r in 0..rows {
            line((0..cols).map(|c| r * cols + c).collect());
        }
        for c in 0..cols {
            line((0..rows).map(|r| r * cols + c).collect());
        }
        out
    }
}

#[cfg(feature = "serde")]
crate::serde_text::family_text!(HeyawakePuzzle, Heyawake, layout);

const LEVELS: &[Level] = &[
    Level {
        name: "easy",
        about: "the named deductions alone: shaded cells apart, what every way a numbered room can hold its shaded cells agrees on, a line of unshaded cells that would cross two room borders, the unshaded cells kept connected",
    },
    Level {
        name: "hard",
        about: "needs trial and error (search) after the easy deductions",
    },
];

fn record_lines(header: &str) -> Option<usize> {
    grid_text::header_size(header, false).and_then(|(rows, _)| rows.checked_mul(2))
}

static INFO: FamilyInfo = FamilyInfo {
    name: "heyawake",
    title: "Heyawake",
    rules: "Shade cells so that a numbered room holds that many shaded cells, no two shaded cells touch, the unshaded cells are connected and no straight line of unshaded cells crosses two room borders.",
    levels: LEVELS,
    shape: RecordShape::Header {
        lines: record_lines,
        one_line: |_| false,
    },
    default_size: (7, 7),
};

/// Heyawake's named deductions, easiest first (Tatham has no Heyawake).
static RULES: [crate::Rule; 6] = [
    crate::Rule::new(
        "shaded cells apart",
        "a cell next to a shaded cell is unshaded",
        None,
    ),
    crate::Rule::new(
        "room full",
        "a numbered room with all its shaded cells: its other cells are unshaded",
        None,
    ),
    crate::Rule::new(
        "room needs every cell",
        "a numbered room with just as many cells left that can be shaded as it still needs: they are shaded",
        None,
    ),
    crate::Rule::new(
        "room patterns",
        "a numbered room's cell that is shaded (or unshaded) in every way the room can hold its shaded cells apart, with what is settled, is so",
        None,
    ),
    crate::Rule::new(
        "one border per line",
        "a straight line of unshaded cells crosses at most one room border: the last open cell of a line that would cross two is shaded",
        None,
    ),
    crate::Rule::new(
        "unshaded connected",
        "a cell whose shading would cut the unshaded cells apart is unshaded (one walled off from them is shaded)",
        None,
    ),
];

/// puzz.link's genre: `heyawake`, the rooms in Border, then a Number16 per
/// room (RoomNumber16).
const GENRE: Genre = Genre {
    name: "heyawake",
    aliases: &[],
};

fn from_puzzlink(url: &Url) -> Result<HeyawakePuzzle, ParseError> {
    url.no_flags("heyawake")?;
    let (rows, cols) = (url.rows, url.cols);
    if rows > MAX_SIDE || cols > MAX_SIDE {
        return Err(url.size_error(format!("over the largest Heyawake ({MAX_SIDE})")));
    }
    let mut r = url.reader();
    let borders = r.border(rows, cols)?;
    let labels = borders.regions();
    let numbers = r.room_number16(cols, &labels)?;
    r.finish()?;
    let mut clues = Vec::with_capacity(rows * cols);
    for (i, c) in numbers.into_iter().enumerate() {
        clues.push(match c {
            Clue::Empty => None,
            Clue::Number(n) if n as usize <= rows * cols => Some(n),
            Clue::Number(n) => {
                return Err(url.error(format!(
                    "the room of {} holds {n}: more than the grid's cells",
                    Cell::new(i / cols, i % cols)
                )));
            }
            Clue::Unknown => {
                return Err(url.error(format!(
                    "the room of {} holds a '?': gridcsp's Heyawake reads numbers only",
                    Cell::new(i / cols, i % cols)
                )));
            }
        });
    }
    let rooms = Regions::new(rows, cols, labels.iter().map(|&l| l as u64).collect())
        .ok_or_else(|| url.error("not a Heyawake puzzle"))?;
    HeyawakePuzzle::new(rows, cols, clues, rooms).ok_or_else(|| url.error("not a Heyawake puzzle"))
}

fn to_puzzlink(p: &HeyawakePuzzle) -> Result<Url, EncodeError> {
    let borders = Borders::from_regions(p.rows, p.cols, p.rooms.labels())?;
    let labels = borders.regions();
    let rooms = p.rooms.groups().len();
    if labels.iter().max().map_or(0, |&m| m + 1) != rooms {
        return Err(EncodeError::new(
            "a room in two pieces: puzz.link's rooms are connected areas",
        ));
    }
    // A room's number goes to its top cell, where puzz.link keeps it.
    let mut clues = vec![Clue::Empty; p.rows * p.cols];
    let tops = top_cells(p.cols, &labels);
    for &t in &tops {
        let room = p.rooms.labels()[t];
        if let Some(k) = (0..clues.len())
            .filter(|&i| p.rooms.labels()[i] == room)
            .find_map(|i| p.clues[i])
        {
            clues[t] = Clue::Number(k);
        }
    }
    Ok(Url::new(
        GENRE.name,
        p.cols,
        p.rows,
        borders.encode() + &encode_room_number16(p.cols, &labels, &clues)?,
    ))
}

/// The room ids of `rows x cols` tokens (any token names a room).
fn read_rooms(r: &mut Reader<'_>, rows: usize, cols: usize) -> Result<Vec<u64>, ParseError> {
    let mut names: Vec<String> = Vec::new();
    let mut labels = Vec::with_capacity(rows * cols);
    for row in 0..rows {
        for t in r.row(cols, &format!("row {} of rooms", row + 1))? {
            let k = match names.iter().position(|n| n == t.text) {
                Some(k) => k,
                None => {
                    names.push(t.text.to_owned());
                    names.len() - 1
                }
            };
            labels.push(k as u64 + 1);
        }
    }
    Ok(labels)
}

/// The most ways a room may hold its shaded cells for its count to be
/// posted as a table of them (beyond, a plain count).
const MAX_PATTERNS: usize = 10_000;

/// Every way `room` (row-major cells of a grid `cols` wide) holds `k`
/// shaded cells (0) no two of which touch, as rows of cell values; `None`
/// past [`MAX_PATTERNS`].
fn room_patterns(cols: usize, room: &[usize], k: usize) -> Option<Vec<Vec<Value>>> {
    fn walk(
        cols: usize,
        room: &[usize],
        k: usize,
        row: &mut Vec<Value>,
        out: &mut Vec<Vec<Value>>,
    ) -> bool {
        let j = row.len();
        let shaded = row.iter().filter(|&&v| v == 0).count();
        if shaded > k || shaded + (room.len() - j) < k {
            return true;
        }
        if j == room.len() {
            out.push(row.clone());
            return out.len() <= MAX_PATTERNS;
        }
        let i = room[j];
        // The room's earlier cells left of and above this one.
        let touches = room[..j]
            .iter()
            .zip(row.iter())
            .any(|(&o, &v)| v == 0 && ((o + 1 == i && i % cols != 0) || o + cols == i));
        for v in [0, 1] {
            if v == 0 && touches {
                continue;
            }
            row.push(v);
            let go_on = walk(cols, room, k, row, out);
            row.pop();
            if !go_on {
                return false;
            }
        }
        true
    }
    let mut out = Vec::new();
    walk(cols, room, k, &mut Vec::with_capacity(room.len()), &mut out).then_some(out)
}

impl Heyawake {
    /// The model (the same at both levels: the top level adds search).
    fn model(&self, p: &HeyawakePuzzle) -> Result<Built, ModelError> {
        let (rows, cols) = (p.rows, p.cols);
        let mut m = csp_core::Model::new();
        let cells = m.new_bools(rows * cols)?;
        for i in 0..rows * cols {
            for j in neighbours(rows, cols, i).filter(|&j| j > i) {
                m.clause(&[Literal::from(cells[i]), Literal::from(cells[j])])?;
            }
        }
        for (_, room, k) in p.numbered_rooms() {
            let Some(k) = k else { continue };
            let vars: Vec<VarId> = room.iter().map(|&i| cells[i]).collect();
            match room_patterns(cols, &room, k as usize) {
                Some(patterns) if !patterns.is_empty() => {
                    m.table(&vars, &patterns)?;
                }
                _ => {
                    m.exactly(&vars, 0, k as usize)?;
                }
            }
        }
        for run in p.border_runs() {
            let lits: Vec<Literal> = run.iter().map(|&i| !Literal::from(cells[i])).collect();
            m.clause(&lits)?;
        }
        m.connected(&cells, &Graph::grid(rows, cols)?)?;
        Ok(Built::with_cells(
            m,
            rows,
            cols,
            cells.into_iter().map(Some).collect(),
        ))
    }
}

impl Family for Heyawake {
    type Puzzle = HeyawakePuzzle;
    type Solution = Shading;

    fn info(&self) -> &FamilyInfo {
        &INFO
    }

    fn parse(&self, text: &str) -> Result<HeyawakePuzzle, ParseError> {
        let mut r = Reader::new(text);
        let h = grid_text::header(&mut r, MAX_SIDE)?;
        if let Some(t) = h.extra.first() {
            return Err(t.error(format!(
                "expected a header line 'ROWS COLS', found '{}' after it",
                t.text
            )));
        }
        let (rows, cols) = (h.rows, h.cols);
        let max = u32::try_from(rows * cols).unwrap_or(u32::MAX);
        let mut clues = Vec::with_capacity(rows * cols);
        let mut at = Vec::with_capacity(rows * cols);
        for row in 0..rows {
            for t in r.row(cols, &format!("row {} of numbers", row + 1))? {
                clues.push(match t.text {
                    "-" => None,
                    s if s.bytes().all(|b| b.is_ascii_digit()) => {
                        Some(t.number("a room's number of shaded cells", 0, i64::from(max))? as u32)
                    }
                    s => {
                        return Err(t.error(format!(
                            "expected '-' or a room's number of shaded cells, found '{s}'"
                        )));
                    }
                });
                at.push((t.line, t.column));
            }
        }
        let labels = read_rooms(&mut r, rows, cols)?;
        r.end()?;
        let mut numbered: Vec<(u64, usize)> = Vec::new();
        for i in (0..rows * cols).filter(|&i| clues[i].is_some()) {
            if let Some(&(_, first)) = numbered.iter().find(|(l, _)| *l == labels[i]) {
                let (line, column) = at[i];
                return Err(ParseError::at(
                    line,
                    column,
                    format!(
                        "a second number in the room of {}: a room has at most one",
                        Cell::new(first / cols, first % cols)
                    ),
                ));
            }
            numbered.push((labels[i], i));
        }
        let rooms =
            Regions::new(rows, cols, labels).unwrap_or_else(|| unreachable!("a room per cell"));
        Ok(HeyawakePuzzle {
            rows,
            cols,
            clues,
            rooms,
        })
    }

    fn write(&self, p: &HeyawakePuzzle) -> String {
        let mut out = p.header();
        out.push('\n');
        grid_text::write_numbers(&mut out, p.rows, p.cols, &p.clues);
        p.rooms.write(&mut out);
        out
    }

    fn puzzlink(&self) -> Option<&'static Genre> {
        Some(&GENRE)
    }

    fn from_puzzlink(&self, url: &Url) -> Result<HeyawakePuzzle, ParseError> {
        from_puzzlink(url)
    }

    fn to_puzzlink(&self, p: &HeyawakePuzzle) -> Result<Url, EncodeError> {
        to_puzzlink(p)
    }

    fn build(&self, p: &HeyawakePuzzle) -> Result<Built, ModelError> {
        self.model(p)
    }

    fn decode(&self, _: &HeyawakePuzzle, built: &Built, s: &csp_core::Solution) -> Shading {
        Shading::decode(built, s, 0)
    }

    fn write_solution(&self, p: &HeyawakePuzzle, s: &Shading) -> String {
        s.write(&p.header())
    }

    fn parse_solution(&self, p: &HeyawakePuzzle, text: &str) -> Result<Shading, ParseError> {
        Shading::parse(text, &[p.rows, p.cols], "ROWS COLS", p.rows, p.cols)
    }

    fn check(&self, p: &HeyawakePuzzle, s: &Shading) -> Vec<Violation> {
        check(p, s)
    }

    fn check_givens(&self, p: &HeyawakePuzzle) -> Vec<Violation> {
        p.numbered_rooms()
            .into_iter()
            .filter_map(|(_, room, k)| {
                let k = k? as usize;
                // No two shaded cells touch: at most the larger colour
                // class of the room's chessboard colouring.
                let dark = room.iter().filter(|&&i| (i / p.cols + i % p.cols) % 2 == 0);
                let dark = dark.count();
                let most = dark.max(room.len() - dark);
                (k > most).then(|| {
                    Violation::new(
                        format!(
                            "a room of {} cells cannot hold {k} shaded cells apart",
                            room.len()
                        ),
                        room.iter().map(|&i| p.cell(i)).collect(),
                    )
                })
            })
            .collect()
    }

    fn value_at(&self, s: &Shading, cell: Cell) -> Option<Value> {
        (cell.row < s.rows() && cell.col < s.cols()).then(|| Value::from(!s.is_shaded(cell)))
    }

    fn render(&self, p: &HeyawakePuzzle, s: Option<&Shading>, options: &RenderOptions) -> String {
        let candidates = options
            .candidates
            .then(|| crate::generic::candidates(self, p));
        let mut c = Canvas::new(p.rows, p.cols, &format!("Heyawake {}x{}", p.rows, p.cols));
        c.highlights(options);
        for i in 0..p.rows * p.cols {
            let (r, col) = (i / p.cols, i % p.cols);
            if s.is_some_and(|s| s.cells()[i]) {
                c.fill(r, col, "#777");
            } else if let Some(Some(values)) = candidates.as_ref().and_then(|k| k.get(i)) {
                match values.as_slice() {
                    [0] => c.fill(r, col, "#999"),
                    [1] => c.dot(col as f64 + 0.5, r as f64 + 0.5),
                    _ => {}
                }
            }
        }
        c.grid_lines();
        shading::draw_regions(&mut c, &p.rooms);
        for (i, clue) in p.clues.iter().enumerate() {
            if let Some(k) = clue {
                c.text(i / p.cols, i % p.cols, &k.to_string(), Ink::Given);
            }
        }
        c.finish(options.cell_size)
    }

    fn describe(&self, p: &HeyawakePuzzle, built: &Built, d: &Deduction, placed: bool) -> String {
        let cell = built
            .cell_of(d.var)
            .map_or_else(|| built.model.display_var(d.var), |c| c.to_string());
        let what = if (d.value == 1) == placed {
            "is unshaded"
        } else {
            "is shaded"
        };
        format!(
            "{cell} {what}: {}",
            self.describe_constraint(p, built, d.constraint)
        )
    }

    fn describe_constraint(&self, p: &HeyawakePuzzle, built: &Built, c: ConstraintId) -> String {
        let Some(k) = built.model.constraint(c) else {
            return c.to_string();
        };
        let cells = shading::scope_cells(built, k.scope()).unwrap_or_default();
        match (k.name(), cells.len()) {
            ("count", _) => match room_of(p, &cells) {
                Some((cell, n)) => format!("the room of {cell} holds {n} shaded cells"),
                None => "a room holds its number of shaded cells".to_owned(),
            },
            ("table", _) => match room_of(p, &cells) {
                Some((cell, n)) => {
                    format!("the room of {cell} holds {n} shaded cells, no two touching")
                }
                None => "a room holds its number of shaded cells".to_owned(),
            },
            ("clause", 2) => "no two shaded cells touch".to_owned(),
            ("clause", _) => format!(
                "the line {} crosses two room borders",
                shading::cell_list(&cells)
            ),
            ("connected", _) => "the unshaded cells are connected".to_owned(),
            (name, _) => format!("{name} {c}"),
        }
    }

    fn rules(&self) -> &'static [crate::Rule] {
        &RULES
    }

    fn mark(&self, _: &HeyawakePuzzle, _: crate::Spot, value: Value) -> Option<[&'static str; 2]> {
        // 1: the cell stays unshaded.
        Some(super::words::shaded(1 - value))
    }

    fn reason(
        &self,
        p: &HeyawakePuzzle,
        built: &Built,
        d: &Deduction,
        _: bool,
        now: &Progress,
    ) -> crate::Reason {
        reason(p, built, d, now)
    }

    fn generate(
        &self,
        options: &GenerateOptions,
    ) -> Result<Generated<HeyawakePuzzle, Shading>, GenerateError> {
        let (rows, cols) = (options.rows, options.cols);
        let level = crate::generic::generation_level(
            "heyawake",
            options,
            MIN_GENERATED..=MAX_GENERATED,
            LEVELS,
        )?;
        crate::generic::generate_graded(self, options, level, ATTEMPTS, 20_000, |rng, limits| {
            let found = candidate(rows, cols, options.level, rng, limits)?;
            (super::quick_grade::level_of(self, &found.0, limits) == Some(options.level))
                .then_some(found)
        })
    }
}

/// The numbered room whose count constraint reads `cells`: its numbered
/// cell and its number.
fn room_of(p: &HeyawakePuzzle, cells: &[Cell]) -> Option<(Cell, u32)> {
    let first = *cells.first()?;
    let room = p.rooms.label(first)?;
    (0..p.clues.len())
        .filter(|&i| p.rooms.labels()[i] == room)
        .find_map(|i| Some((p.cell(i), p.clues[i]?)))
}

/// Why the engine made a deduction, in the rules of the docs page.
fn reason(p: &HeyawakePuzzle, built: &Built, d: &Deduction, now: &Progress) -> crate::Reason {
    let Some(cell) = built.cell_of(d.var) else {
        return crate::generic::reason(&Heyawake, p, built, d);
    };
    let Some(k) = built.model.constraint(d.constraint) else {
        return crate::generic::reason(&Heyawake, p, built, d);
    };
    let cells = shading::scope_cells(built, k.scope()).unwrap_or_default();
    let state = |c: Cell| built.var(c).and_then(|v| now.value(v));
    match (k.name(), cells.len()) {
        ("clause", 2) => {
            let shaded: Vec<Cell> = cells
                .iter()
                .copied()
                .filter(|&c| c != cell && state(c) == Some(0))
                .collect();
            let cause = match shaded.as_slice() {
                [one] => format!("{one} is shaded"),
                _ => "a neighbour is shaded".to_owned(),
            };
            crate::Reason::new(RULES[0].name, cause, shaded)
        }
        ("clause", _) => {
            let others: Vec<Cell> = cells.iter().copied().filter(|&c| c != cell).collect();
            crate::Reason::new(
                RULES[4].name,
                format!(
                    "with {} unshaded, the line {} would cross two room borders",
                    shading::cell_list(&others),
                    shading::cell_list(&cells)
                ),
                others,
            )
        }
        ("count", _) => {
            let (named, reads) = match room_of(p, &cells) {
                Some((at, n)) => (format!("the {n} at {at}"), vec![at]),
                None => ("a room's number".to_owned(), Vec::new()),
            };
            if d.rule == count::NEEDED {
                crate::Reason::new(
                    RULES[2].name,
                    format!("{named} needs every cell of its room left"),
                    reads,
                )
            } else {
                crate::Reason::new(
                    RULES[1].name,
                    format!("{named} has all its shaded cells"),
                    reads,
                )
            }
        }
        ("table", _) => {
            let (named, reads) = match room_of(p, &cells) {
                Some((at, n)) => (format!("the {n} at {at}"), vec![at]),
                None => ("a room's number".to_owned(), Vec::new()),
            };
            crate::Reason::new(
                RULES[3].name,
                format!("as in every way the room of {named} holds its shaded cells apart"),
                reads,
            )
        }
        ("connected", _) => {
            let cause = if d.rule == conn::UNREACHABLE {
                "it is walled off from the other unshaded cells"
            } else {
                "the unshaded cells must stay connected"
            };
            crate::Reason::new(RULES[5].name, cause, Vec::new())
        }
        _ => crate::generic::reason(&Heyawake, p, built, d),
    }
}

/// The rules a solution breaks, from the rules alone.
fn check(p: &HeyawakePuzzle, s: &Shading) -> Vec<Violation> {
    let (rows, cols) = (p.rows, p.cols);
    if s.rows() != rows || s.cols() != cols {
        return vec![Violation::new(
            format!(
                "the solution is {}x{}, the puzzle {rows}x{cols}",
                s.rows(),
                s.cols()
            ),
            Vec::new(),
        )];
    }
    let shaded = s.cells();
    let mut out = Vec::new();
    for (_, room, k) in p.numbered_rooms() {
        let Some(k) = k else { continue };
        let got = room.iter().filter(|&&i| shaded[i]).count();
        if got != k as usize {
            let at = room
                .iter()
                .copied()
                .find(|&i| p.clues[i].is_some())
                .map_or_else(String::new, |i| format!(" at {}", p.cell(i)));
            out.push(Violation::new(
                format!("the room of the {k}{at} holds {got} shaded cells"),
                room.iter().map(|&i| p.cell(i)).collect(),
            ));
        }
    }
    for i in 0..rows * cols {
        for j in neighbours(rows, cols, i).filter(|&j| j > i) {
            if shaded[i] && shaded[j] {
                out.push(Violation::new(
                    "two shaded cells touch",
                    vec![p.cell(i), p.cell(j)],
                ));
            }
        }
    }
    for run in p.border_runs() {
        if run.iter().all(|&i| !shaded[i]) {
            out.push(Violation::new(
                "a line of unshaded cells crosses two room borders",
                run.iter().map(|&i| p.cell(i)).collect(),
            ));
        }
    }
    let parts = areas(rows, cols, |i| !shaded[i]);
    if parts.len() > 1 {
        let mut cells: Vec<Cell> = parts.iter().skip(1).flatten().map(|&i| p.cell(i)).collect();
        cells.sort_unstable();
        out.push(Violation::new(
            format!("the unshaded cells fall into {} parts", parts.len()),
            cells,
        ));
    }
    out
}

/// Rooms: the grid cut into random rectangles (from the first free cell,
/// a random free rectangle of sides up to 5, favouring areas 2 to 6).
fn random_rooms(rows: usize, cols: usize, rng: &mut ChaCha8Rng) -> Vec<u64> {
    let n = rows * cols;
    let mut label = vec![0u64; n];
    let mut next = 0;
    for start in 0..n {
        if label[start] != 0 {
            continue;
        }
        let (r0, c0) = (start / cols, start % cols);
        let mut options: Vec<(usize, usize, u32)> = Vec::new();
        let mut width_limit = (cols - c0).min(5);
        for h in 1..=(rows - r0).min(5) {
            width_limit = (0..width_limit)
                .take_while(|&w| label[(r0 + h - 1) * cols + c0 + w] == 0)
                .count();
            for w in 1..=width_limit {
                let weight = match h * w {
                    1 => 1,
                    2..=4 => 8,
                    5..=6 => 4,
                    _ => 1,
                };
                options.push((h, w, weight));
            }
        }
        let total: u32 = options.iter().map(|o| o.2).sum();
        let mut pick = rng.random_range(0..total.max(1));
        let mut chosen = (1, 1);
        for &(h, w, wt) in &options {
            if pick < wt {
                chosen = (h, w);
                break;
            }
            pick -= wt;
        }
        next += 1;
        for r in r0..r0 + chosen.0 {
            for c in c0..c0 + chosen.1 {
                label[r * cols + c] = next;
            }
        }
    }
    label
}

/// Whether shading cell `i` keeps the rules a shading builds on: no
/// shaded neighbour, the unshaded cells connected.
fn may_shade(rows: usize, cols: usize, shaded: &mut [bool], i: usize) -> bool {
    if shaded[i] || neighbours(rows, cols, i).any(|j| shaded[j]) {
        return false;
    }
    shaded[i] = true;
    let ok = areas(rows, cols, |j| !shaded[j]).len() == 1;
    shaded[i] = false;
    ok
}

/// A random shading of `blank`'s rooms that keeps every rule but the
/// numbers (none is written yet): a search whose every decision takes a
/// random value, stopped after a few thousand decisions. Laying a shaded
/// cell per line that would cross two borders one at a time, as this
/// generator used to, ran into a line with no cell left to shade in
/// nearly every 10x10 layout, and gave up.
fn plant(blank: &HeyawakePuzzle, rng: &mut ChaCha8Rng) -> Option<Vec<bool>> {
    let built = Heyawake.build(blank).ok()?;
    let options = built
        .options
        .clone()
        .with_value_order(ValueOrder::Random { seed: rng.random() })
        .with_node_limit(PLANT_NODES);
    let s = Solver::with_options(&built.model, options)
        .solve()
        .into_solution()?;
    Some(Heyawake.decode(blank, &built, &s).cells().to_vec())
}

/// A random solved grid on random rooms, and its numbers, unique and of
/// level `level` or near it: a random shading that keeps the rules
/// ([`plant`]), then more cells in random order (each with even odds),
/// wherever the rules allow; every room gets its number, and numbers are taken
/// away in random order while the level's propagation still solves the
/// puzzle (for `hard`, while it stays unique).
fn candidate(
    rows: usize,
    cols: usize,
    level: usize,
    rng: &mut ChaCha8Rng,
    limits: &Limits,
) -> Option<(HeyawakePuzzle, Shading)> {
    let n = rows * cols;
    let rooms = Regions::new(rows, cols, random_rooms(rows, cols, rng))?;
    let mut puzzle = HeyawakePuzzle {
        rows,
        cols,
        clues: vec![None; n],
        rooms,
    };
    // A random shading that keeps the rules on these rooms (found by a
    // search with random values, no room numbered yet), then more cells
    // at random wherever the rules allow.
    let mut shaded = plant(&puzzle, rng)?;
    let mut order: Vec<usize> = (0..n).collect();
    order.shuffle(rng);
    for &i in &order {
        if rng.random_bool(0.5) && may_shade(rows, cols, &mut shaded, i) {
            shaded[i] = true;
        }
    }
    let solution = Shading::new(rows, cols, shaded.clone())?;
    // Every room numbered, the number in its top-left cell (where
    // janko.at and puzz.link write it).
    let mut numbered: Vec<usize> = Vec::new();
    for (_, room, _) in puzzle.numbered_rooms() {
        let &at = room.first()?;
        puzzle.clues[at] = Some(room.iter().filter(|&&i| shaded[i]).count() as u32);
        numbered.push(at);
    }
    let top = LEVELS.len() - 1;
    let keeps = |p: &HeyawakePuzzle| {
        if level < top {
            super::quick_grade::solved_at(&Heyawake, p, level)
        } else {
            // Propagation alone solving it proves it unique, without the
            // search.
            super::quick_grade::solved_at(&Heyawake, p, 0)
                || matches!(Heyawake.uniqueness(p, limits).0, Unique::Unique(_))
        }
    };
    if !keeps(&puzzle) {
        return None;
    }
    numbered.shuffle(rng);
    for &i in &numbered {
        let k = puzzle.clues[i].take();
        if !keeps(&puzzle) {
            puzzle.clues[i] = k;
        }
    }
    Some((puzzle, solution))
}
