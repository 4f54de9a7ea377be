//! Thermometers: fill cells so that every thermometer is filled from its
//! bulb without gaps, and each row and column holds the number of filled
//! cells its count gives.
//!
//! The model is one 0/1 variable per cell (1: filled), a clause per pair of
//! consecutive cells of a thermometer (the cell further from the bulb is
//! filled only if the nearer one is), and `exactly(count)` over each row
//! and column that has a count. The ladder has two rungs: the rules'
//! propagation, then search.

use super::grid_text;
use super::shading::{self, Shading};
use crate::family::{
    Built, Cell, Family, FamilyInfo, GenerateError, GenerateOptions, Generated, Level, ParseError,
    RecordShape, Unique, Violation,
};
use crate::render::{Canvas, Ink, RenderOptions};
use crate::text::{Reader, Token};
use csp_core::{ConstraintId, Deduction, Literal, ModelError, Value, VarId};
use rand::Rng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;

/// The candidates tried when the options leave the budget to the family
/// (`max_attempts` 0): over seeds 1-10 at the default size
/// (`gridcsp <family> generate --json` gives each puzzle's attempts), the
/// rarest level, hard, took 2 at the median and at most 13.
const ATTEMPTS: u32 = 1000;

/// The largest number of rows or columns read.
pub const MAX_SIDE: usize = 64;
/// The smallest grid [`Family::generate`] makes.
pub const MIN_GENERATED: usize = 3;
/// The largest grid [`Family::generate`] makes.
pub const MAX_GENERATED: usize = 12;

/// Random layouts one generator attempt draws before it gives up.
const CANDIDATES_PER_ATTEMPT: usize = 25;

/// Thermometers: thermometers and counts given, mercury filled in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Thermometers;

/// A Thermometers puzzle: the counts and each cell's thermometer and
/// position along it.
///
/// With the `serde` feature it is a string, its text layout (Tatham has
/// no such game), read back by [`Thermometers`]'s parser.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThermometersPuzzle {
    rows: usize,
    cols: usize,
    /// Filled cells per column (`None`: no count).
    col_counts: Vec<Option<usize>>,
    /// Filled cells per row.
    row_counts: Vec<Option<usize>>,
    /// Each cell's (thermometer, position from 1 at the bulb), row-major.
    cells: Vec<(u64, usize)>,
}

impl ThermometersPuzzle {
    /// Rows of the grid.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns of the grid.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The thermometers, by number: their cells' row-major indices from
    /// the bulb up.
    pub fn thermometers(&self) -> BTreeMap<u64, Vec<usize>> {
        let mut map: BTreeMap<u64, Vec<(usize, usize)>> = BTreeMap::new();
        for (i, &(t, k)) in self.cells.iter().enumerate() {
            map.entry(t).or_default().push((k, i));
        }
        map.into_iter()
            .map(|(t, mut v)| {
                v.sort_unstable();
                (t, v.into_iter().map(|(_, i)| i).collect())
            })
            .collect()
    }

    /// The name a player reads for thermometer `t` of the text: the
    /// thermometers numbered from 1 in order of first appearance, row by
    /// row (the first is the one through r1c1), as the other families
    /// number their regions, whatever numbers the text gives them.
    fn number(&self, t: u64) -> u64 {
        let mut seen: Vec<u64> = Vec::new();
        for &(x, _) in &self.cells {
            if !seen.contains(&x) {
                seen.push(x);
            }
            if x == t {
                return seen.len() as u64;
            }
        }
        t
    }

    fn header(&self) -> String {
        format!("{} {}", self.rows, self.cols)
    }

    fn lines(&self) -> Vec<(String, Vec<usize>, Option<usize>)> {
        let (rows, cols) = (self.rows, self.cols);
        let mut out = Vec::with_capacity(rows + cols);
        for r in 0..rows {
            out.push((
                format!("row {}", r + 1),
                (0..cols).map(|c| r * cols + c).collect(),
                self.row_counts[r],
            ));
        }
        for c in 0..cols {
            out.push((
                format!("column {}", c + 1),
                (0..rows).map(|r| r * cols + c).collect(),
                self.col_counts[c],
            ));
        }
        out
    }
}

#[cfg(feature = "serde")]
crate::serde_text::family_text!(ThermometersPuzzle, Thermometers, layout);

const LEVELS: &[Level] = &[
    Level {
        name: "easy",
        about: "a full row or column empties the rest, one needing all its open cells fills them, a filled cell fills the thermometer below it and an empty one empties the thermometer above it",
    },
    Level {
        name: "hard",
        about: "needs trial and error (search) after the easy deductions",
    },
];

fn record_lines(header: &str) -> Option<usize> {
    grid_text::header_size(header, false).and_then(|(rows, _)| rows.checked_add(2))
}

static INFO: FamilyInfo = FamilyInfo {
    name: "thermometers",
    title: "Thermometers",
    rules: "Fill every thermometer from its bulb without gaps so that each row and column holds as many filled cells as its count.",
    levels: LEVELS,
    shape: RecordShape::Header {
        lines: record_lines,
        one_line: |_| false,
    },
    default_size: (6, 6),
};

/// A count: a number from 0 to `max`, or `-` (none).
fn count(t: &Token<'_>, what: &str, max: usize) -> Result<Option<usize>, ParseError> {
    if t.text == "-" {
        return Ok(None);
    }
    if !t.text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(t.error(format!(
            "expected {what} (a number or '-'), found '{}'",
            t.text
        )));
    }
    Ok(Some(t.number(what, 0, max as i64)? as usize))
}

/// A cell `T.K`: thermometer T (a non-negative integer), position K from 1.
fn thermometer_cell(t: &Token<'_>) -> Result<(u64, usize), ParseError> {
    let bad = || {
        t.error(format!(
            "expected 'T.K' (thermometer T, position K from 1 at the bulb), found '{}'",
            t.text
        ))
    };
    let (a, b) = t.text.split_once('.').ok_or_else(bad)?;
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|c| c.is_ascii_digit());
    if !digits(a) || !digits(b) {
        return Err(bad());
    }
    let therm = a
        .parse::<u64>()
        .map_err(|_| t.error("thermometer number too large"))?;
    let pos = b
        .parse::<usize>()
        .map_err(|_| t.error("position too large"))?;
    if pos == 0 {
        return Err(t.error("positions count from 1 (the bulb)"));
    }
    Ok((therm, pos))
}

impl Thermometers {
    fn model(&self, p: &ThermometersPuzzle) -> Result<Built, ModelError> {
        let (rows, cols) = (p.rows, p.cols);
        let mut m = csp_core::Model::new();
        let cells = m.new_bools(rows * cols)?;
        for (_, therm) in p.thermometers() {
            for pair in therm.windows(2) {
                // Filled above only if filled below.
                m.clause(&[
                    !Literal::from(cells[pair[1]]),
                    Literal::from(cells[pair[0]]),
                ])?;
            }
        }
        for (_, line, k) in p.lines() {
            if let Some(k) = k {
                let vars: Vec<VarId> = line.iter().map(|&i| cells[i]).collect();
                m.exactly(&vars, 1, k)?;
            }
        }
        let mut built = Built::new(m, rows, cols);
        built.cells = cells.into_iter().map(Some).collect();
        Ok(built)
    }
}

/// Thermometers' named deductions, easiest first (Tatham has no
/// Thermometers).
static RULES: [crate::Rule; 4] = [
    crate::Rule::new(
        "line full",
        "a row or column with its count of filled cells: the rest of it is empty",
        None,
    ),
    crate::Rule::new(
        "line needs every cell",
        "a row or column needing all its open cells: they are filled",
        None,
    ),
    crate::Rule::new(
        "fills from the bulb",
        "a filled cell fills its thermometer down to the bulb",
        None,
    ),
    crate::Rule::new(
        "empties to the top",
        "an empty cell empties its thermometer up to the top",
        None,
    ),
];

impl Family for Thermometers {
    type Puzzle = ThermometersPuzzle;
    type Solution = Shading;

    fn info(&self) -> &FamilyInfo {
        &INFO
    }

    fn parse(&self, text: &str) -> Result<ThermometersPuzzle, ParseError> {
        let mut r = Reader::new(text);
        let h = grid_text::header(&mut r, MAX_SIDE)?;
        if let Some(t) = h.extra.first() {
            return Err(t.error(format!(
                "expected a header line 'ROWS COLS', found '{}' after it",
                t.text
            )));
        }
        let (rows, cols) = (h.rows, h.cols);
        let col_counts = r
            .row(cols, "the column counts")?
            .iter()
            .map(|t| count(t, "a column count", rows))
            .collect::<Result<Vec<_>, _>>()?;
        let row_counts = r
            .row(rows, "the row counts")?
            .iter()
            .map(|t| count(t, "a row count", cols))
            .collect::<Result<Vec<_>, _>>()?;
        let mut cells = Vec::with_capacity(rows * cols);
        let mut tokens = Vec::with_capacity(rows * cols);
        for row in 0..rows {
            for t in r.row(cols, &format!("row {} of the grid", row + 1))? {
                cells.push(thermometer_cell(&t)?);
                tokens.push(t);
            }
        }
        r.end()?;
        let p = ThermometersPuzzle {
            rows,
            cols,
            col_counts,
            row_counts,
            cells,
        };
        // Each thermometer: positions 1, 2, ... once each, along a path.
        for (t, therm) in p.thermometers() {
            if let Some(&first) = therm.first() {
                if p.cells[first].1 != 1 {
                    return Err(
                        tokens[first].error(format!("thermometer {t} has no bulb (position 1)"))
                    );
                }
            }
            for (k, pair) in therm.windows(2).enumerate() {
                let (a, b) = (pair[0], pair[1]);
                let tok = &tokens[b];
                if p.cells[b].1 == p.cells[a].1 {
                    return Err(tok.error(format!(
                        "thermometer {t} has two cells at position {}",
                        p.cells[b].1
                    )));
                }
                if p.cells[b].1 != k + 2 {
                    return Err(tok.error(format!("thermometer {t} has no position {}", k + 2)));
                }
                let (ra, ca, rb, cb) = (a / cols, a % cols, b / cols, b % cols);
                if ra.abs_diff(rb) + ca.abs_diff(cb) != 1 {
                    return Err(tok.error(format!(
                        "cell {} of thermometer {t} is not next to cell {}",
                        k + 2,
                        k + 1
                    )));
                }
            }
        }
        Ok(p)
    }

    fn write(&self, p: &ThermometersPuzzle) -> String {
        let mut out = p.header();
        out.push('\n');
        let counts = |v: &[Option<usize>]| {
            v.iter()
                .map(|k| k.map_or_else(|| "-".to_owned(), |k| k.to_string()))
                .collect::<Vec<_>>()
                .join(" ")
        };
        out.push_str(&counts(&p.col_counts));
        out.push('\n');
        out.push_str(&counts(&p.row_counts));
        out.push('\n');
        shading::write_aligned(&mut out, p.rows, p.cols, |i| {
            format!("{}.{}", p.cells[i].0, p.cells[i].1)
        });
        out
    }

    fn build(&self, p: &ThermometersPuzzle) -> Result<Built, ModelError> {
        self.model(p)
    }

    fn decode(&self, _: &ThermometersPuzzle, built: &Built, s: &csp_core::Solution) -> Shading {
        Shading::decode(built, s, 1)
    }

    fn write_solution(&self, p: &ThermometersPuzzle, s: &Shading) -> String {
        s.write(&p.header())
    }

    fn parse_solution(&self, p: &ThermometersPuzzle, text: &str) -> Result<Shading, ParseError> {
        Shading::parse(text, &[p.rows, p.cols], "ROWS COLS", p.rows, p.cols)
    }

    fn check(&self, p: &ThermometersPuzzle, s: &Shading) -> Vec<Violation> {
        if s.rows() != p.rows || s.cols() != p.cols {
            return vec![Violation::new(
                format!(
                    "the solution is {}x{}, the puzzle {}x{}",
                    s.rows(),
                    s.cols(),
                    p.rows,
                    p.cols
                ),
                Vec::new(),
            )];
        }
        let cell = |i: usize| Cell::new(i / p.cols, i % p.cols);
        let mut out = Vec::new();
        for (name, line, k) in p.lines() {
            let filled: Vec<Cell> = line
                .iter()
                .copied()
                .filter(|&i| s.cells()[i])
                .map(cell)
                .collect();
            if let Some(k) = k {
                if filled.len() != k {
                    out.push(Violation::new(
                        format!(
                            "{name} must hold {k} filled cells but holds {}",
                            filled.len()
                        ),
                        if filled.is_empty() {
                            line.into_iter().map(cell).collect()
                        } else {
                            filled
                        },
                    ));
                }
            }
        }
        for (t, therm) in p.thermometers() {
            for pair in therm.windows(2) {
                if s.cells()[pair[1]] && !s.cells()[pair[0]] {
                    out.push(Violation::new(
                        format!(
                            "thermometer {} must fill from its bulb without gaps",
                            p.number(t)
                        ),
                        vec![cell(pair[0]), cell(pair[1])],
                    ));
                }
            }
        }
        out
    }

    fn check_givens(&self, p: &ThermometersPuzzle) -> Vec<Violation> {
        let total = |v: &[Option<usize>]| -> Option<usize> { v.iter().copied().sum() };
        match (total(&p.row_counts), total(&p.col_counts)) {
            (Some(a), Some(b)) if a != b => vec![Violation::new(
                format!("the row counts add up to {a}, the column counts to {b}"),
                Vec::new(),
            )],
            _ => Vec::new(),
        }
    }

    fn value_at(&self, s: &Shading, cell: Cell) -> Option<Value> {
        (cell.row < s.rows() && cell.col < s.cols()).then(|| Value::from(s.is_shaded(cell)))
    }

    fn render(
        &self,
        p: &ThermometersPuzzle,
        s: Option<&Shading>,
        options: &RenderOptions,
    ) -> String {
        let (rows, cols) = (p.rows, p.cols);
        let candidates = options
            .candidates
            .then(|| crate::generic::candidates(self, p));
        let mut c = Canvas::new(rows, cols, &format!("Thermometers {rows}x{cols}"))
            .with_margins(0.25, 0.25, 1.0, 1.0);
        c.highlights(options);
        for i in 0..rows * cols {
            let (r, col) = (i / cols, i % cols);
            let filled = match (s, candidates.as_ref().and_then(|k| k.get(i))) {
                (Some(s), _) => s.cells()[i],
                (None, Some(Some(values))) => values.as_slice() == [1],
                _ => false,
            };
            if filled {
                c.fill(r, col, "#9ec5e8");
            }
        }
        c.grid_lines();
        c.outer_border();
        for (_, therm) in p.thermometers() {
            let centre = |i: usize| ((i % cols) as f64 + 0.5, (i / cols) as f64 + 0.5);
            if let Some(&bulb) = therm.first() {
                c.circle(bulb / cols, bulb % cols, 0.3, false);
            }
            for pair in therm.windows(2) {
                c.line(centre(pair[0]), centre(pair[1]));
            }
        }
        for (i, k) in p.col_counts.iter().enumerate() {
            if let Some(k) = k {
                c.text_at(
                    i as f64 + 0.5,
                    rows as f64 + 0.5,
                    &k.to_string(),
                    Ink::Clue,
                    0.55,
                );
            }
        }
        for (i, k) in p.row_counts.iter().enumerate() {
            if let Some(k) = k {
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

    fn describe(
        &self,
        p: &ThermometersPuzzle,
        built: &Built,
        d: &Deduction,
        placed: bool,
    ) -> String {
        let cell = shading::cell_of(built, d.var)
            .map_or_else(|| built.model.display_var(d.var), |c| c.to_string());
        let what = if (d.value == 1) == placed {
            "is filled"
        } else {
            "is empty"
        };
        format!(
            "{cell} {what}: {}",
            self.describe_constraint(p, built, d.constraint)
        )
    }

    fn rules(&self) -> &'static [crate::Rule] {
        &RULES
    }

    fn mark(
        &self,
        _: &ThermometersPuzzle,
        _: crate::Spot,
        value: Value,
    ) -> Option<[&'static str; 2]> {
        Some(if value == 1 {
            ["is filled", "are filled"]
        } else {
            ["is empty", "are empty"]
        })
    }

    fn reason(
        &self,
        p: &ThermometersPuzzle,
        built: &Built,
        d: &Deduction,
        placed: bool,
        _: &crate::generic::Progress,
    ) -> crate::Reason {
        use crate::Reason;
        let filled = (d.value == 1) == placed;
        let cells = built
            .model
            .constraint(d.constraint)
            .and_then(|k| shading::scope_cells(built, k.scope()))
            .unwrap_or_default();
        if let Some(line) = shading::line_name(&cells, p.rows, p.cols) {
            let count = if line.starts_with("row") {
                cells.first().and_then(|c| p.row_counts[c.row])
            } else {
                cells.first().and_then(|c| p.col_counts[c.col])
            }
            .unwrap_or(0);
            let many = match count {
                0 => "no filled cells".to_owned(),
                1 => "one filled cell".to_owned(),
                k => format!("{k} filled cells"),
            };
            return if filled {
                Reason::new(
                    RULES[1].name,
                    format!("{line} needs {many} and has only as many open cells"),
                    cells,
                )
            } else if count == 0 {
                Reason::new(RULES[0].name, format!("{line} needs {many}"), cells)
            } else {
                Reason::new(RULES[0].name, format!("{line} has its {many}"), cells)
            };
        }
        let t = cells
            .first()
            .map_or(0, |a| p.number(p.cells[a.row * p.cols + a.col].0));
        let here = shading::cell_of(built, d.var);
        let other = cells.iter().copied().find(|&c| Some(c) != here);
        let cause = match (other, filled) {
            (Some(o), true) => format!("{o}, further from the bulb of thermometer {t}, is filled"),
            (Some(o), false) => format!("{o}, nearer the bulb of thermometer {t}, is empty"),
            (None, _) => format!("thermometer {t} fills from its bulb"),
        };
        let rule = if filled { RULES[2].name } else { RULES[3].name };
        Reason::new(rule, cause, other.into_iter().collect())
    }

    fn describe_constraint(
        &self,
        p: &ThermometersPuzzle,
        built: &Built,
        c: ConstraintId,
    ) -> String {
        let Some(k) = built.model.constraint(c) else {
            return c.to_string();
        };
        let Some(cells) = shading::scope_cells(built, k.scope()) else {
            return format!("{} {c}", k.name());
        };
        if let Some(line) = shading::line_name(&cells, p.rows, p.cols) {
            let count = if line.starts_with("row") {
                cells.first().and_then(|c| p.row_counts[c.row])
            } else {
                cells.first().and_then(|c| p.col_counts[c.col])
            };
            if let Some(count) = count {
                return format!("{line} holds {count} filled cells");
            }
        }
        match cells.as_slice() {
            [a, _] => {
                let t = p.number(p.cells[a.row * p.cols + a.col].0);
                format!(
                    "thermometer {t} fills from its bulb ({})",
                    shading::cell_list(&cells)
                )
            }
            _ => format!("{} {c}", k.name()),
        }
    }

    fn generate(
        &self,
        options: &GenerateOptions,
    ) -> Result<Generated<ThermometersPuzzle, Shading>, GenerateError> {
        let (rows, cols) = (options.rows, options.cols);
        if !(MIN_GENERATED..=MAX_GENERATED).contains(&rows)
            || !(MIN_GENERATED..=MAX_GENERATED).contains(&cols)
        {
            return Err(GenerateError::BadOptions(format!(
                "thermometers generates grids of {MIN_GENERATED} to {MAX_GENERATED} rows and columns, not {rows}x{cols}"
            )));
        }
        let Some(level) = LEVELS.get(options.level) else {
            return Err(GenerateError::BadOptions(format!(
                "thermometers has levels 0 to {}, not {}",
                LEVELS.len() - 1,
                options.level
            )));
        };
        crate::generic::generate_graded(self, options, level, ATTEMPTS, 50_000, |rng, limits| {
            // Most random layouts have several solutions: an attempt draws
            // candidates until one is unique.
            (0..CANDIDATES_PER_ATTEMPT).find_map(|_| {
                let puzzle = candidate(rows, cols, rng);
                match self.uniqueness(&puzzle, limits).0 {
                    Unique::Unique(s) => Some((puzzle, s)),
                    _ => None,
                }
            })
        })
    }
}

/// A random candidate: the grid cut into straight thermometers of up to 5
/// cells (each laid across or down from a random free cell), a random
/// level of mercury in each, and the counts it makes.
fn candidate(rows: usize, cols: usize, rng: &mut ChaCha8Rng) -> ThermometersPuzzle {
    let n = rows * cols;
    let mut owner = vec![u64::MAX; n];
    let mut cells = vec![(0u64, 0usize); n];
    let mut filled = vec![false; n];
    let mut order: Vec<usize> = (0..n).collect();
    order.shuffle(rng);
    let mut count = 0u64;
    for &start in &order {
        if owner[start] != u64::MAX {
            continue;
        }
        // A direction: right, left, down, up.
        let dirs: [(isize, isize); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
        let (dr, dc) = dirs[rng.random_range(0..4)];
        let want = rng.random_range(2..=5usize);
        let mut path = vec![start];
        while path.len() < want {
            let last = path[path.len() - 1];
            let (lr, lc) = ((last / cols) as isize + dr, (last % cols) as isize + dc);
            if lr < 0 || lc < 0 || lr >= rows as isize || lc >= cols as isize {
                break;
            }
            let next = lr as usize * cols + lc as usize;
            if owner[next] != u64::MAX {
                break;
            }
            path.push(next);
            owner[next] = count;
        }
        owner[start] = count;
        let level = rng.random_range(0..=path.len());
        for (k, &i) in path.iter().enumerate() {
            cells[i] = (count, k + 1);
            filled[i] = k < level;
        }
        count += 1;
    }
    let row_counts = (0..rows)
        .map(|r| Some((0..cols).filter(|&c| filled[r * cols + c]).count()))
        .collect();
    let col_counts = (0..cols)
        .map(|c| Some((0..rows).filter(|&r| filled[r * cols + c]).count()))
        .collect();
    ThermometersPuzzle {
        rows,
        cols,
        col_counts,
        row_counts,
        cells,
    }
}
