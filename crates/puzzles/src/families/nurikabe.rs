//! Nurikabe: shade cells so that every numbered cell lies in an island of
//! unshaded cells as large as its number, each island holding one number,
//! the shaded cells (the sea) connected, and no 2x2 block all shaded.
//!
//! The model is one 0/1 variable per cell (1: shaded) under csp-core's
//! [`islands`](csp_core::Model::islands) constraint, which also keeps the
//! sea connected, and one clause per 2x2 block. The named deductions are
//! the rules of those two propagators in the player's words; the ladder
//! has two rungs, their propagation and search (no cheaper model solves a
//! useful share of puzzles: the island rules are one propagator).

use super::grid_cells::neighbours;
use super::grid_text;
use super::shading::{self, Shading};
use crate::family::{
    Built, Cell, Family, FamilyInfo, GenerateError, GenerateOptions, Generated, Level, ParseError,
    RecordShape, Unique, Violation,
};
use crate::generic::Progress;
use crate::puzzlink::{Clue, EncodeError, Genre, Url, encode_number16};
use crate::render::{Canvas, Ink, RenderOptions};
use crate::text::Reader;
use csp_core::constraints::islands::rules as isl;
use csp_core::graph::Graph;
use csp_core::{ConstraintId, Deduction, Limits, Literal, ModelError, Value};
use rand::Rng;
use rand::seq::{IndexedRandom, SliceRandom};
use rand_chacha::ChaCha8Rng;

/// The largest number of rows or columns read (janko.at's largest
/// Nurikabe are 36x54 and smaller).
pub const MAX_SIDE: usize = 64;
/// The smallest grid [`Family::generate`] makes.
pub const MIN_GENERATED: usize = 4;
/// The largest grid [`Family::generate`] makes.
pub const MAX_GENERATED: usize = 15;
/// The candidates tried when the options leave the budget to the family.
const ATTEMPTS: u32 = 2000;
/// The clue of a `?` cell: a number not given. Its island holds it and no
/// other number, and may have any size.
pub const UNKNOWN: u32 = csp_core::constraints::islands::ANY_SIZE;

/// Nurikabe (also Islands in the Stream).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Nurikabe;

/// A Nurikabe puzzle: the numbered cells (a number may be [`UNKNOWN`]:
/// a `?`).
///
/// With the `serde` feature it is a string, its text layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NurikabePuzzle {
    rows: usize,
    cols: usize,
    /// The number of each cell, row-major.
    clues: Vec<Option<u32>>,
}

impl NurikabePuzzle {
    /// A puzzle from its numbers, row-major ([`UNKNOWN`] for a `?`);
    /// `None` if the sizes disagree or a number is 0 or larger than the
    /// grid (as the text layout refuses them).
    pub fn new(rows: usize, cols: usize, clues: Vec<Option<u32>>) -> Option<Self> {
        let cells = rows.checked_mul(cols)?;
        let fits = |k: u32| k == UNKNOWN || (k > 0 && k as usize <= cells);
        (cells == clues.len() && clues.iter().flatten().all(|&k| fits(k)))
            .then_some(NurikabePuzzle { rows, cols, clues })
    }

    /// Rows of the grid.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns of the grid.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The number at a cell, if it has one ([`UNKNOWN`] for a `?`).
    pub fn clue(&self, cell: Cell) -> Option<u32> {
        (cell.row < self.rows && cell.col < self.cols)
            .then(|| self.clues[cell.row * self.cols + cell.col])
            .flatten()
    }

    fn header(&self) -> String {
        format!("{} {}", self.rows, self.cols)
    }

    fn cell(&self, i: usize) -> Cell {
        Cell::new(i / self.cols, i % self.cols)
    }

    /// The size cell `i`'s number gives its island: `None` without a
    /// number or for a `?`.
    fn size(&self, i: usize) -> Option<u32> {
        self.clues[i].filter(|&k| k != UNKNOWN)
    }
}

/// A number as the puzzle shows it: its digits, or `?`.
fn clue_text(k: u32) -> String {
    if k == UNKNOWN {
        "?".to_owned()
    } else {
        k.to_string()
    }
}

#[cfg(feature = "serde")]
crate::serde_text::family_text!(NurikabePuzzle, Nurikabe, layout);

/// The top-left cells of the 2x2 blocks, and each block's four cells.
fn blocks(rows: usize, cols: usize) -> impl Iterator<Item = [usize; 4]> {
    (0..rows.saturating_sub(1)).flat_map(move |r| {
        (0..cols - 1).map(move |c| {
            let i = r * cols + c;
            [i, i + 1, i + cols, i + cols + 1]
        })
    })
}

/// Labels the connected areas of the cells `inside` says: the label of
/// each cell (`usize::MAX` outside) and the cells of each area.
fn label_areas(
    rows: usize,
    cols: usize,
    inside: impl Fn(usize) -> bool,
) -> (Vec<usize>, Vec<Vec<usize>>) {
    let n = rows * cols;
    let mut label = vec![usize::MAX; n];
    let mut areas: Vec<Vec<usize>> = Vec::new();
    for start in 0..n {
        if label[start] != usize::MAX || !inside(start) {
            continue;
        }
        let id = areas.len();
        label[start] = id;
        let mut cells = vec![start];
        let mut k = 0;
        while k < cells.len() {
            let i = cells[k];
            k += 1;
            for j in neighbours(rows, cols, i) {
                if label[j] == usize::MAX && inside(j) {
                    label[j] = id;
                    cells.push(j);
                }
            }
        }
        areas.push(cells);
    }
    (label, areas)
}

const LEVELS: &[Level] = &[
    Level {
        name: "easy",
        about: "the island and sea rules alone: complete islands walled in, cells between two numbers or out of every island's reach shaded, the only way an island or the sea can grow taken, no 2x2 block shaded",
    },
    Level {
        name: "hard",
        about: "needs trial and error (search) after the easy deductions",
    },
];

static INFO: FamilyInfo = FamilyInfo {
    name: "nurikabe",
    title: "Nurikabe",
    rules: "Shade cells so that every number lies in an island of unshaded cells as large as the number, one number per island; the shaded cells are connected and no 2x2 block is all shaded.",
    levels: LEVELS,
    shape: RecordShape::Header {
        lines: grid_text::header_rows,
        one_line: |_| false,
    },
    default_size: (7, 7),
};

/// Nurikabe's named deductions, easiest first (Tatham has no Nurikabe).
static RULES: [crate::Rule; 6] = [
    crate::Rule::new(
        "island complete",
        "an island as large as its number: the cells around it are shaded",
        None,
    ),
    crate::Rule::new(
        "between two numbers",
        "a cell that would join two numbered islands is shaded",
        None,
    ),
    crate::Rule::new(
        "out of reach",
        "a cell no numbered island can reach is shaded",
        None,
    ),
    crate::Rule::new(
        "no 2x2 shaded",
        "a 2x2 block with three shaded cells: the fourth is unshaded",
        None,
    ),
    crate::Rule::new(
        "island must grow",
        "a cell every way of completing an island passes through is unshaded",
        None,
    ),
    crate::Rule::new(
        "sea connected",
        "a cell the shaded cells need to stay connected is shaded (one they cannot reach is unshaded)",
        None,
    ),
];

/// puzz.link's genre: `nurikabe`, the numbers in Number16.
const GENRE: Genre = Genre {
    name: "nurikabe",
    aliases: &[],
};

fn from_puzzlink(url: &Url) -> Result<NurikabePuzzle, ParseError> {
    url.no_flags("nurikabe")?;
    let (rows, cols) = (url.rows, url.cols);
    if rows > MAX_SIDE || cols > MAX_SIDE {
        return Err(url.size_error(format!("over the largest Nurikabe ({MAX_SIDE})")));
    }
    let mut r = url.reader();
    let numbers = r.number16(rows * cols)?;
    r.finish()?;
    let mut clues = Vec::with_capacity(rows * cols);
    for (i, c) in numbers.into_iter().enumerate() {
        clues.push(match c {
            Clue::Empty => None,
            Clue::Number(n) if n > 0 && n as usize <= rows * cols => Some(n),
            Clue::Number(n) => {
                return Err(url.error(format!(
                    "{} holds {n}, not an island's size (1 to {})",
                    Cell::new(i / cols, i % cols),
                    rows * cols
                )));
            }
            Clue::Unknown => Some(UNKNOWN),
        });
    }
    NurikabePuzzle::new(rows, cols, clues).ok_or_else(|| url.error("not a Nurikabe puzzle"))
}

fn to_puzzlink(p: &NurikabePuzzle) -> Result<Url, EncodeError> {
    let clues: Vec<Clue> = p
        .clues
        .iter()
        .map(|&c| match c {
            Some(UNKNOWN) => Clue::Unknown,
            c => Clue::from_option(c),
        })
        .collect();
    Ok(Url::new(
        GENRE.name,
        p.cols,
        p.rows,
        encode_number16(&clues)?,
    ))
}

impl Family for Nurikabe {
    type Puzzle = NurikabePuzzle;
    type Solution = Shading;

    fn info(&self) -> &FamilyInfo {
        &INFO
    }

    fn parse(&self, text: &str) -> Result<NurikabePuzzle, ParseError> {
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
        let clues =
            grid_text::read_numbers_or_unknown(&mut r, rows, cols, "a number", max, Some(UNKNOWN))?;
        r.end()?;
        Ok(NurikabePuzzle { rows, cols, clues })
    }

    fn puzzlink(&self) -> Option<&'static Genre> {
        Some(&GENRE)
    }

    fn from_puzzlink(&self, url: &Url) -> Result<NurikabePuzzle, ParseError> {
        from_puzzlink(url)
    }

    fn to_puzzlink(&self, p: &NurikabePuzzle) -> Result<Url, EncodeError> {
        to_puzzlink(p)
    }

    fn write(&self, p: &NurikabePuzzle) -> String {
        let mut out = p.header();
        out.push('\n');
        let tokens: Vec<String> = p
            .clues
            .iter()
            .map(|c| c.map_or_else(|| "-".to_owned(), clue_text))
            .collect();
        grid_text::write_grid(&mut out, p.rows, p.cols, |r, c| {
            tokens[r * p.cols + c].as_str()
        });
        out
    }

    fn build(&self, p: &NurikabePuzzle) -> Result<Built, ModelError> {
        let (rows, cols) = (p.rows, p.cols);
        let mut m = csp_core::Model::new();
        let cells = m.new_bools(rows * cols)?;
        let clues: Vec<(usize, u32)> = p
            .clues
            .iter()
            .enumerate()
            .filter_map(|(i, &c)| Some((i, c?)))
            .collect();
        m.islands(&cells, &Graph::grid(rows, cols)?, &clues)?;
        for block in blocks(rows, cols) {
            m.clause(&block.map(|i| !Literal::from(cells[i])))?;
        }
        Ok(Built::with_cells(
            m,
            rows,
            cols,
            cells.into_iter().map(Some).collect(),
        ))
    }

    fn decode(&self, _: &NurikabePuzzle, built: &Built, s: &csp_core::Solution) -> Shading {
        Shading::decode(built, s, 1)
    }

    fn write_solution(&self, p: &NurikabePuzzle, s: &Shading) -> String {
        s.write(&p.header())
    }

    fn parse_solution(&self, p: &NurikabePuzzle, text: &str) -> Result<Shading, ParseError> {
        Shading::parse(text, &[p.rows, p.cols], "ROWS COLS", p.rows, p.cols)
    }

    fn check(&self, p: &NurikabePuzzle, s: &Shading) -> Vec<Violation> {
        check(p, s)
    }

    fn check_givens(&self, p: &NurikabePuzzle) -> Vec<Violation> {
        // A `?` island has one cell at least.
        let total: u64 = (0..p.clues.len())
            .filter(|&i| p.clues[i].is_some())
            .map(|i| u64::from(p.size(i).unwrap_or(1)))
            .sum();
        let cells: Vec<Cell> = (0..p.clues.len())
            .filter(|&i| p.clues[i].is_some())
            .map(|i| p.cell(i))
            .collect();
        if total > (p.rows * p.cols) as u64 {
            vec![Violation::new(
                format!(
                    "the islands' numbers add up to {total}, more than the grid's {} cells",
                    p.rows * p.cols
                ),
                cells,
            )]
        } else {
            Vec::new()
        }
    }

    fn value_at(&self, s: &Shading, cell: Cell) -> Option<Value> {
        (cell.row < s.rows() && cell.col < s.cols()).then(|| Value::from(s.is_shaded(cell)))
    }

    fn render(&self, p: &NurikabePuzzle, s: Option<&Shading>, options: &RenderOptions) -> String {
        let candidates = options
            .candidates
            .then(|| crate::generic::candidates(self, p));
        let mut c = Canvas::new(p.rows, p.cols, &format!("Nurikabe {}x{}", p.rows, p.cols));
        c.highlights(options);
        for i in 0..p.rows * p.cols {
            let (r, col) = (i / p.cols, i % p.cols);
            if s.is_some_and(|s| s.cells()[i]) {
                c.fill(r, col, "#222");
            } else if let Some(Some(values)) = candidates.as_ref().and_then(|k| k.get(i)) {
                match values.as_slice() {
                    [1] => c.fill(r, col, "#999"),
                    [0] if p.clues[i].is_none() => c.dot(col as f64 + 0.5, r as f64 + 0.5),
                    _ => {}
                }
            }
        }
        c.grid_lines();
        for (i, clue) in p.clues.iter().enumerate() {
            if let Some(k) = clue {
                c.text(i / p.cols, i % p.cols, &clue_text(*k), Ink::Given);
            }
        }
        c.finish(options.cell_size)
    }

    fn describe(&self, p: &NurikabePuzzle, built: &Built, d: &Deduction, placed: bool) -> String {
        let cell = shading::cell_of(built, d.var)
            .map_or_else(|| built.model.display_var(d.var), |c| c.to_string());
        let what = if (d.value == 1) == placed {
            "is shaded"
        } else {
            "is unshaded"
        };
        format!(
            "{cell} {what}: {}",
            self.describe_constraint(p, built, d.constraint)
        )
    }

    fn describe_constraint(&self, _: &NurikabePuzzle, built: &Built, c: ConstraintId) -> String {
        let Some(k) = built.model.constraint(c) else {
            return c.to_string();
        };
        match k.name() {
            "islands" => "every number's island holds that many cells, one number each".to_owned(),
            "connected" => "the shaded cells are connected".to_owned(),
            "clause" => match shading::scope_cells(built, k.scope()) {
                Some(cells) => {
                    format!("the block {} is not all shaded", shading::cell_list(&cells))
                }
                None => format!("{} {c}", k.name()),
            },
            name => format!("{name} {c}"),
        }
    }

    fn rules(&self) -> &'static [crate::Rule] {
        &RULES
    }

    fn mark(&self, _: &NurikabePuzzle, _: crate::Spot, value: Value) -> Option<[&'static str; 2]> {
        Some(super::words::shaded(value))
    }

    fn reason(
        &self,
        p: &NurikabePuzzle,
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
    ) -> Result<Generated<NurikabePuzzle, Shading>, GenerateError> {
        let (rows, cols) = (options.rows, options.cols);
        let level = crate::generic::generation_level(
            "nurikabe",
            options,
            MIN_GENERATED..=MAX_GENERATED,
            LEVELS,
        )?;
        // A candidate is unique already (an easy one solved by
        // propagation, a hard one by its own searches): the grade of the
        // shared loop tells its level, and nothing else searches it again.
        crate::generic::generate_graded(self, options, level, ATTEMPTS, 20_000, |rng, _| {
            let hard = options.level > 0;
            candidate(rows, cols, !hard, rng)
                .filter(|(p, _)| !hard || !super::quick_grade::solved_at(self, p, 0))
        })
    }
}

/// The unshaded areas of what is settled (`now`): each cell's area (or
/// `usize::MAX`), and per area its cells.
/// The cell a deduction is about (`except`) is left out: the step that
/// settles it reads the areas around it as they were.
fn settled_islands(built: &Built, now: &Progress, except: usize) -> (Vec<usize>, Vec<Vec<usize>>) {
    label_areas(built.rows, built.cols, |i| {
        i != except && built.cells[i].and_then(|v| now.value(v)) == Some(0)
    })
}

/// The numbered cells of an area.
fn numbers_in(p: &NurikabePuzzle, area: &[usize]) -> Vec<usize> {
    area.iter()
        .copied()
        .filter(|&i| p.clues[i].is_some())
        .collect()
}

/// "the 3 at r1c2", "the 3 at r1c2 and the 2 at r4c4".
fn name_numbers(p: &NurikabePuzzle, at: &[usize]) -> String {
    let names: Vec<String> = at
        .iter()
        .map(|&i| {
            format!(
                "the {} at {}",
                clue_text(p.clues[i].unwrap_or(0)),
                p.cell(i)
            )
        })
        .collect();
    names.join(" and ")
}

/// The numbered islands (settled so far) that can still reach cell `at`:
/// within their missing size, through cells not shaded and not next to
/// another numbered island. Their numbered cells.
fn reaching(p: &NurikabePuzzle, built: &Built, now: &Progress, at: usize) -> Vec<usize> {
    let (rows, cols) = (p.rows, p.cols);
    let (label, areas) = settled_islands(built, now, at);
    let shaded = |i: usize| built.cells[i].and_then(|v| now.value(v)) == Some(1);
    let numbered: Vec<Option<usize>> = areas
        .iter()
        .map(|a| match numbers_in(p, a).as_slice() {
            [one] => Some(*one),
            _ => None,
        })
        .collect();
    let mut out = Vec::new();
    let mut dist = vec![usize::MAX; rows * cols];
    for (id, area) in areas.iter().enumerate() {
        let Some(clue_cell) = numbered[id] else {
            continue;
        };
        // A `?` island may grow anywhere.
        let k = p.size(clue_cell).map_or(rows * cols, |k| k as usize);
        let Some(budget) = k.checked_sub(area.len()) else {
            continue;
        };
        // Next to another numbered island: out of this one's way.
        let blocked = |i: usize| {
            neighbours(rows, cols, i)
                .chain([i])
                .any(|j| label[j] != usize::MAX && label[j] != id && numbered[label[j]].is_some())
        };
        dist.fill(usize::MAX);
        let mut queue: Vec<usize> = area.clone();
        for &i in area {
            dist[i] = 0;
        }
        let mut q = 0;
        while q < queue.len() {
            let i = queue[q];
            q += 1;
            if dist[i] >= budget {
                continue;
            }
            for j in neighbours(rows, cols, i) {
                if dist[j] == usize::MAX && !shaded(j) && !blocked(j) {
                    dist[j] = dist[i] + 1;
                    queue.push(j);
                }
            }
        }
        if dist[at] != usize::MAX {
            out.push(clue_cell);
        }
    }
    out
}

/// Why the engine made a deduction, in the rules of the docs page.
fn reason(p: &NurikabePuzzle, built: &Built, d: &Deduction, now: &Progress) -> crate::Reason {
    let (rows, cols) = (p.rows, p.cols);
    let Some(cell) = built.cell_of(d.var) else {
        return crate::generic::reason(&Nurikabe, p, built, d);
    };
    let at = cell.row * cols + cell.col;
    let name = built
        .model
        .constraint(d.constraint)
        .map_or("", |k| k.name());
    // The numbers of the settled islands next to the cell.
    let next_to = || {
        let (label, areas) = settled_islands(built, now, at);
        let mut ids: Vec<usize> = neighbours(rows, cols, at)
            .map(|j| label[j])
            .filter(|&l| l != usize::MAX)
            .collect();
        ids.sort_unstable();
        ids.dedup();
        let mut nums: Vec<usize> = ids.iter().flat_map(|&l| numbers_in(p, &areas[l])).collect();
        nums.sort_unstable();
        nums
    };
    let cells_of = |at: &[usize]| at.iter().map(|&i| p.cell(i)).collect::<Vec<_>>();
    if name == "clause" {
        let others: Vec<Cell> = shading::scope_cells(
            built,
            built
                .model
                .constraint(d.constraint)
                .map_or(&[][..], |k| k.scope()),
        )
        .unwrap_or_default()
        .into_iter()
        .filter(|&c| c != cell)
        .collect();
        return crate::Reason::new(
            RULES[3].name,
            format!("{} are shaded", shading::cell_list(&others)),
            others,
        );
    }
    if name == "connected" {
        return crate::Reason::new(
            RULES[5].name,
            "the shaded cells must stay connected",
            Vec::new(),
        );
    }
    match d.rule {
        isl::TWO_CLUES => {
            let nums = next_to();
            crate::Reason::new(
                RULES[1].name,
                format!("{} must not join", name_numbers(p, &nums)),
                cells_of(&nums),
            )
        }
        isl::TOO_BIG => {
            let nums = next_to();
            let cause = match nums.as_slice() {
                [one] => format!("the island of {} is complete", name_numbers(p, &[*one])),
                _ => "an island would grow larger than its number".to_owned(),
            };
            crate::Reason::new(RULES[0].name, cause, cells_of(&nums))
        }
        isl::UNREACHABLE => crate::Reason::new(
            RULES[2].name,
            "out of every numbered island's reach",
            Vec::new(),
        ),
        isl::ONLY_WAY | isl::CANNOT_GROW => {
            let nums = reaching(p, built, now, at);
            let cause = match nums.as_slice() {
                [one] => format!(
                    "the island of {} cannot be completed otherwise",
                    name_numbers(p, &[*one])
                ),
                _ => "an island cannot be completed otherwise".to_owned(),
            };
            crate::Reason::new(RULES[4].name, cause, cells_of(&nums))
        }
        _ => crate::generic::reason(&Nurikabe, p, built, d),
    }
}

/// The rules a solution breaks, from the rules alone.
fn check(p: &NurikabePuzzle, s: &Shading) -> Vec<Violation> {
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
    let covered: Vec<Cell> = (0..rows * cols)
        .filter(|&i| shaded[i] && p.clues[i].is_some())
        .map(|i| p.cell(i))
        .collect();
    if !covered.is_empty() {
        out.push(Violation::new("numbered cells stay unshaded", covered));
    }
    let (_, islands) = label_areas(rows, cols, |i| !shaded[i]);
    for area in &islands {
        let cells: Vec<Cell> = area.iter().map(|&i| p.cell(i)).collect();
        match numbers_in(p, area).as_slice() {
            [] => out.push(Violation::new("an island without a number", cells)),
            [one] => {
                let Some(k) = p.size(*one).map(|k| k as usize) else {
                    continue; // a `?`: any size
                };
                if k != area.len() {
                    out.push(Violation::new(
                        format!(
                            "the island of the {k} at {} has {} cells",
                            p.cell(*one),
                            area.len()
                        ),
                        cells,
                    ));
                }
            }
            more => out.push(Violation::new(
                format!("one island holds {} numbers", more.len()),
                more.iter().map(|&i| p.cell(i)).collect(),
            )),
        }
    }
    let (_, seas) = label_areas(rows, cols, |i| shaded[i]);
    if seas.len() > 1 {
        let mut cells: Vec<Cell> = seas.iter().skip(1).flatten().map(|&i| p.cell(i)).collect();
        cells.sort_unstable();
        out.push(Violation::new(
            format!("the shaded cells fall into {} parts", seas.len()),
            cells,
        ));
    }
    for block in blocks(rows, cols) {
        if block.iter().all(|&i| shaded[i]) {
            out.push(Violation::new(
                "a 2x2 block is all shaded",
                block.iter().map(|&i| p.cell(i)).collect(),
            ));
        }
    }
    out
}

/// Whether the shaded cells other than `without` are connected.
fn sea_connected(rows: usize, cols: usize, shaded: &[bool], without: usize) -> bool {
    let (_, seas) = label_areas(rows, cols, |i| shaded[i] && i != without);
    seas.len() <= 1
}

/// A random solved grid and its numbers, made unique: starting from an
/// all shaded grid, cells of 2x2 shaded blocks are unshaded one by one
/// (those that grow an island first, half the time), never joining two
/// islands, nor growing one past `max`, nor cutting the sea; then each
/// island gets its number at one of its cells, and the numbers move
/// within their islands until the puzzle is unique: by
/// [`easy_numbers`] for `easy`, [`unique_numbers`] otherwise.
fn candidate(
    rows: usize,
    cols: usize,
    easy: bool,
    rng: &mut ChaCha8Rng,
) -> Option<(NurikabePuzzle, Shading)> {
    let n = rows * cols;
    let max = (n / 5).clamp(2, 12);
    let mut shaded = vec![true; n];
    let mut island = vec![usize::MAX; n];
    let mut sizes: Vec<usize> = Vec::new();
    loop {
        let mut open: Vec<usize> = blocks(rows, cols)
            .filter(|b| b.iter().all(|&i| shaded[i]))
            .flatten()
            .collect();
        if open.is_empty() {
            break;
        }
        open.sort_unstable();
        open.dedup();
        open.shuffle(rng);
        if rng.random_bool(0.5) {
            open.sort_by_key(|&i| !neighbours(rows, cols, i).any(|j| !shaded[j]));
        }
        // A cell that joins islands only when no other cell will do: an
        // island's number may stand on any of its cells, so a join that
        // keeps the size at most `max` is as good a solution, and without
        // it a block whose every cell touches two islands ends the grid.
        let fits = |i: usize, join: bool| {
            let mut near: Vec<usize> = neighbours(rows, cols, i)
                .filter(|&j| !shaded[j])
                .map(|j| island[j])
                .collect();
            near.sort_unstable();
            near.dedup();
            let size: usize = near.iter().map(|&k| sizes[k]).sum();
            ((join || near.len() <= 1) && size < max && sea_connected(rows, cols, &shaded, i))
                .then_some((i, near))
        };
        let pick = open
            .iter()
            .find_map(|&i| fits(i, false))
            .or_else(|| open.iter().find_map(|&i| fits(i, true)));
        let (i, near) = pick?;
        shaded[i] = false;
        island[i] = match near.split_first() {
            Some((&id, rest)) => {
                for cell in island.iter_mut() {
                    if rest.contains(cell) {
                        *cell = id;
                    }
                }
                sizes[id] = 1 + near.iter().map(|&k| sizes[k]).sum::<usize>();
                id
            }
            None => {
                sizes.push(1);
                sizes.len() - 1
            }
        };
    }
    let mut clues = vec![None; n];
    let (of_cell, areas) = label_areas(rows, cols, |i| !shaded[i]);
    let mut number_at = Vec::with_capacity(areas.len());
    for area in &areas {
        let &at = area.choose(rng)?;
        clues[at] = Some(area.len() as u32);
        number_at.push(at);
    }
    let puzzle = NurikabePuzzle { rows, cols, clues };
    let solution = Shading::new(rows, cols, shaded)?;
    let moves = Moves {
        of_cell,
        areas,
        number_at,
    };
    if easy {
        easy_numbers(puzzle, solution, moves, rng)
    } else {
        unique_numbers(puzzle, solution, moves, rng)
    }
}

/// The islands of a planted solution and where their numbers stand.
struct Moves {
    /// Each cell's island (`usize::MAX` for a shaded cell).
    of_cell: Vec<usize>,
    /// Each island's cells.
    areas: Vec<Vec<usize>>,
    /// The cell of each island's number.
    number_at: Vec<usize>,
}

impl Moves {
    /// Moves the number of the island of `to` (an unshaded cell) to `to`;
    /// the cell it left.
    fn shift(&mut self, puzzle: &mut NurikabePuzzle, to: usize) -> usize {
        let area = self.of_cell[to];
        let from = self.number_at[area];
        puzzle.clues[from] = None;
        puzzle.clues[to] = Some(self.areas[area].len() as u32);
        self.number_at[area] = to;
        from
    }
}

/// The cells root propagation leaves open (neither shaded nor unshaded),
/// or `None` if the model cannot be built or propagation fails.
fn open_cells(puzzle: &NurikabePuzzle) -> Option<Vec<usize>> {
    let built = Nurikabe.build(puzzle).ok()?;
    let mut s = csp_core::Solver::with_options(&built.model, built.options.clone());
    s.set_assumptions(&built.assumptions).ok()?;
    let d = s.propagate().ok()?;
    Some(
        built
            .cells
            .iter()
            .enumerate()
            .filter(|(_, v)| v.is_some_and(|v| !d.is_fixed(v)))
            .map(|(i, _)| i)
            .collect(),
    )
}

/// Number moves [`climb`] may try: propagation alone, well under a
/// millisecond each at 15x15.
const EASY_MOVES: usize = 150;

/// A local search on where the numbers stand that needs no search of the
/// puzzle: while root propagation leaves cells open,
/// an island's number moves to one of its cells that is open or next to
/// an open cell, and the move is kept if it leaves no more cells open
/// than before (a number on a cell settles that cell and starts the
/// island's deductions there). At most [`EASY_MOVES`] moves; the puzzle
/// reached and its open cells, `None` if propagation fails.
fn climb(
    puzzle: &mut NurikabePuzzle,
    solution: &Shading,
    moves: &mut Moves,
    rng: &mut ChaCha8Rng,
) -> Option<usize> {
    let (rows, cols) = (puzzle.rows, puzzle.cols);
    let mut open = open_cells(puzzle)?;
    for _ in 0..EASY_MOVES {
        if open.is_empty() {
            break;
        }
        let mut near = vec![false; rows * cols];
        for &i in &open {
            near[i] = true;
            for j in neighbours(rows, cols, i) {
                near[j] = true;
            }
        }
        let targets: Vec<usize> = (0..rows * cols)
            .filter(|&i| near[i] && !solution.cells()[i] && puzzle.clues[i].is_none())
            .collect();
        let Some(&to) = targets.choose(rng) else {
            break;
        };
        let from = moves.shift(puzzle, to);
        match open_cells(puzzle) {
            Some(now) if now.len() <= open.len() => open = now,
            _ => {
                moves.shift(puzzle, from);
            }
        }
    }
    Some(open.len())
}

/// An `easy` puzzle from a planted solution: [`climb`] until propagation
/// alone solves it; `None` if it does not within its moves.
fn easy_numbers(
    mut puzzle: NurikabePuzzle,
    solution: Shading,
    mut moves: Moves,
    rng: &mut ChaCha8Rng,
) -> Option<(NurikabePuzzle, Shading)> {
    let open = climb(&mut puzzle, &solution, &mut moves, rng)?;
    (open == 0).then_some((puzzle, solution))
}

/// Decisions all the uniqueness searches of one `hard` candidate may
/// take together: a candidate that needs more is dropped for the next
/// one rather than searched at length.
const HARD_BUDGET: u64 = 20_000;

/// A unique puzzle from a planted solution: while another solution
/// exists, an island's number moves to a cell of the island that
/// solution shades (the planted solution still holds, that one no longer
/// does; both unshade as many cells as the numbers add up to, so such a
/// cell always exists). Up to twice per island, and the searches share
/// [`HARD_BUDGET`] decisions; `None` if still not unique.
fn unique_numbers(
    mut puzzle: NurikabePuzzle,
    solution: Shading,
    mut moves: Moves,
    rng: &mut ChaCha8Rng,
) -> Option<(NurikabePuzzle, Shading)> {
    let n = puzzle.rows * puzzle.cols;
    let mut budget = HARD_BUDGET;
    for _ in 0..=moves.areas.len() * 2 {
        // Solved by root propagation: unique without a search.
        if super::quick_grade::solved_at(&Nurikabe, &puzzle, 0) {
            return Some((puzzle, solution));
        }
        let limits = Limits {
            nodes: Some(budget),
            ..Limits::default()
        };
        let (found, stats) = Nurikabe.uniqueness(&puzzle, &limits);
        budget = budget.saturating_sub(stats.decisions.max(1));
        let other = match found {
            Unique::Unique(s) => return (s == solution).then_some((puzzle, solution)),
            Unique::Multiple(a, b) => {
                if a == solution {
                    b
                } else {
                    a
                }
            }
            Unique::None | Unique::Stopped(_) => return None,
        };
        if budget == 0 {
            return None;
        }
        let targets: Vec<usize> = (0..n)
            .filter(|&i| !solution.cells()[i] && other.cells()[i])
            .collect();
        let &to = targets.choose(rng)?;
        moves.shift(&mut puzzle, to);
    }
    None
}
