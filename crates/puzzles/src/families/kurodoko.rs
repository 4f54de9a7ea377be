//! Kurodoko (Tatham's Range): shade cells so that every number counts the
//! unshaded cells it sees along its row and column (up to a shaded cell
//! or the edge, the cell itself included), no two shaded cells touch
//! orthogonally, the unshaded cells are connected, and numbered cells stay
//! unshaded.
//!
//! The puzzle is read from janko.at's text layout or a Tatham Range game
//! ID (`7x7:d7b3e8...`); see `docs/formats/kurodoko.md`. A solution prints
//! `x` for a shaded cell and `-` for an unshaded one.
//!
//! The model is one 0/1 variable per cell (1: unshaded): csp-core's
//! [`sight_count`](csp_core::Model::sight_count) per number (its four arms,
//! the number less one for the cell itself), a two-literal
//! [`clause`](csp_core::Model::clause) per pair of neighbours and
//! [`connected`](csp_core::Model::connected) over every cell. Tatham's
//! Range has no levels, so the ladder is the model's named deductions
//! (`easy`) and search (`hard`).

use super::grid_cells::{areas, neighbours};
use super::grid_text;
use super::shading::Shading;
use crate::family::{
    Built, Cell, Family, FamilyInfo, GenerateError, GenerateOptions, Generated, Level, ParseError,
    RecordShape, Unique, Violation,
};
use crate::generic::Progress;
use crate::puzzlink::{Clue, EncodeError, Genre, Url, encode_number16};
use crate::render::{Canvas, Ink, RenderOptions};
use crate::text::Reader;
use csp_core::constraints::{connected::rules as conn, sight::rules as sight};
use csp_core::graph::Graph;
use csp_core::{ConstraintId, Deduction, Limits, Literal, ModelError, Value, VarId};
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

/// The largest number of rows or columns read (janko.at's largest
/// Kurodoko are smaller).
pub const MAX_SIDE: usize = 64;
/// The smallest grid [`Family::generate`] makes.
pub const MIN_GENERATED: usize = 4;
/// The largest grid [`Family::generate`] makes.
pub const MAX_GENERATED: usize = 20;
/// The candidates tried when the options leave the budget to the family.
const ATTEMPTS: u32 = 500;

/// Kurodoko (also Kuromasu; Tatham's Range).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Kurodoko;

/// A Kurodoko puzzle: the numbered cells.
///
/// With the `serde` feature it is a string: its game ID (Tatham's Range),
/// read back by [`Kurodoko`]'s parser.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KurodokoPuzzle {
    rows: usize,
    cols: usize,
    /// The number of each cell, row-major.
    clues: Vec<Option<u32>>,
}

impl KurodokoPuzzle {
    /// A puzzle from its numbers, row-major; `None` if the sizes disagree
    /// or a number is 0 or more than a cell can see (`rows + cols - 1`).
    pub fn new(rows: usize, cols: usize, clues: Vec<Option<u32>>) -> Option<Self> {
        let max = max_number(rows, cols);
        (rows.checked_mul(cols) == Some(clues.len())
            && clues.iter().flatten().all(|&k| (1..=max).contains(&k)))
        .then_some(KurodokoPuzzle { rows, cols, clues })
    }

    /// Rows of the grid.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns of the grid.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The number at a cell, if it has one.
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
}

#[cfg(feature = "serde")]
crate::serde_text::family_text!(KurodokoPuzzle, Kurodoko);

/// The largest number a cell of a `rows x cols` grid can see.
fn max_number(rows: usize, cols: usize) -> u32 {
    u32::try_from((rows + cols).saturating_sub(1)).unwrap_or(u32::MAX)
}

/// The four lines of sight of cell `i` (up, left, right, down), each
/// nearest first.
fn arms(rows: usize, cols: usize, i: usize) -> [Vec<usize>; 4] {
    let (r, c) = (i / cols, i % cols);
    [
        (0..r).rev().map(|k| k * cols + c).collect(),
        (0..c).rev().map(|k| r * cols + k).collect(),
        (c + 1..cols).map(|k| r * cols + k).collect(),
        (r + 1..rows).map(|k| k * cols + c).collect(),
    ]
}

/// The cells cell `i` sees when `open` says which cells are unshaded,
/// itself included.
fn seen(rows: usize, cols: usize, i: usize, open: impl Fn(usize) -> bool) -> usize {
    1 + arms(rows, cols, i)
        .iter()
        .map(|arm| arm.iter().take_while(|&&j| open(j)).count())
        .sum::<usize>()
}

const LEVELS: &[Level] = &[
    Level {
        name: "easy",
        about: "the named deductions alone: a number that sees enough walled in, the cells a number must see unshaded, the neighbours of a shaded cell unshaded, the cells the unshaded area needs to stay connected unshaded",
    },
    Level {
        name: "hard",
        about: "needs trial and error (search) after the easy deductions",
    },
];

static INFO: FamilyInfo = FamilyInfo {
    name: "kurodoko",
    title: "Kurodoko",
    rules: "Shade cells so that every number counts the unshaded cells it sees along its row and column up to a shaded cell or the edge, itself included; numbered cells stay unshaded, no two shaded cells touch and the unshaded cells are connected.",
    levels: LEVELS,
    shape: RecordShape::Header {
        lines: grid_text::header_rows,
        one_line: grid_text::is_one_line,
    },
    default_size: (7, 7),
};

/// Kurodoko's named deductions, easiest first (Tatham's Range has no
/// levels).
static RULES: [crate::Rule; 5] = [
    crate::Rule::new(
        "sees enough",
        "a number that already sees its count: the next cell along each line is shaded",
        None,
    ),
    crate::Rule::new(
        "must see",
        "a number that cannot reach its count without them: the cells along a line are unshaded",
        None,
    ),
    crate::Rule::new(
        "shaded cells apart",
        "a cell next to a shaded cell is unshaded",
        None,
    ),
    crate::Rule::new(
        "unshaded connected",
        "a cell whose shading would cut the unshaded cells apart is unshaded (one walled off from them is shaded)",
        None,
    ),
    crate::Rule::new(
        "numbers seen",
        "the cells a number sees cannot add up to it otherwise",
        None,
    ),
];

/// puzz.link's genre: `kurodoko`, the numbers in Number16.
const GENRE: Genre = Genre {
    name: "kurodoko",
    aliases: &[],
};

fn from_puzzlink(url: &Url) -> Result<KurodokoPuzzle, ParseError> {
    url.no_flags("kurodoko")?;
    let (rows, cols) = (url.rows, url.cols);
    if rows > MAX_SIDE || cols > MAX_SIDE {
        return Err(url.size_error(format!("over the largest Kurodoko ({MAX_SIDE})")));
    }
    let mut r = url.reader();
    let numbers = r.number16(rows * cols)?;
    r.finish()?;
    let max = max_number(rows, cols);
    let mut clues = Vec::with_capacity(rows * cols);
    for (i, c) in numbers.into_iter().enumerate() {
        let cell = Cell::new(i / cols, i % cols);
        clues.push(match c {
            Clue::Empty => None,
            Clue::Number(n) if (1..=max).contains(&n) => Some(n),
            Clue::Number(n) => {
                return Err(url.error(format!("{cell} holds {n}: a cell sees 1 to {max} cells")));
            }
            Clue::Unknown => {
                return Err(url.error(format!(
                    "{cell} holds a '?': gridcsp's Kurodoko needs every number"
                )));
            }
        });
    }
    KurodokoPuzzle::new(rows, cols, clues).ok_or_else(|| url.error("not a Kurodoko puzzle"))
}

fn to_puzzlink(p: &KurodokoPuzzle) -> Result<Url, EncodeError> {
    let clues: Vec<Clue> = p.clues.iter().map(|&c| Clue::from_option(c)).collect();
    Ok(Url::new(
        GENRE.name,
        p.cols,
        p.rows,
        encode_number16(&clues)?,
    ))
}

/// Reads a Tatham Range game ID `WxH:desc`: the cells row by row, a
/// number a numbered cell, a letter `a`-`z` a run of 1 to 26 cells
/// without one, `_` between two numbers.
fn parse_game_id(line: &str) -> Result<KurodokoPuzzle, ParseError> {
    let mut cur = grid_text::IdCursor::new(line.trim_end());
    let (rows, cols) = cur.size(MAX_SIDE)?;
    cur.expect_colon()?;
    let n = rows * cols;
    let max = max_number(rows, cols) as usize;
    let mut clues = Vec::with_capacity(n);
    while let Some(ch) = cur.peek() {
        let column = cur.column();
        match ch {
            '1'..='9' => {
                let k = cur.number("a number", 1, max)?;
                clues.push(Some(k as u32));
            }
            'a'..='z' => {
                cur.next_char();
                clues.extend(std::iter::repeat_n(None, ch as usize - 'a' as usize + 1));
            }
            '_' => {
                cur.next_char();
            }
            _ => {
                return Err(ParseError::at(
                    1,
                    column,
                    format!("expected a number, a letter a-z or '_' in the game ID, found '{ch}'"),
                ));
            }
        }
        if clues.len() > n {
            return Err(ParseError::at(
                1,
                column,
                format!("the game ID describes more than the {n} cells of a {cols}x{rows} grid"),
            ));
        }
    }
    if clues.len() < n {
        return Err(cur.error(format!(
            "the game ID describes {} of the {n} cells of a {cols}x{rows} grid",
            clues.len()
        )));
    }
    Ok(KurodokoPuzzle { rows, cols, clues })
}

/// The variables of the cells of `at`.
fn vars(built: &Built, at: &[usize]) -> Vec<VarId> {
    at.iter().filter_map(|&i| built.cells[i]).collect()
}

impl Family for Kurodoko {
    type Puzzle = KurodokoPuzzle;
    type Solution = Shading;

    fn info(&self) -> &FamilyInfo {
        &INFO
    }

    fn parse(&self, text: &str) -> Result<KurodokoPuzzle, ParseError> {
        if grid_text::is_one_line(text) {
            return grid_text::parse_one_line(text, parse_game_id);
        }
        let mut r = Reader::new(text);
        let h = grid_text::header(&mut r, MAX_SIDE)?;
        if let Some(t) = h.extra.first() {
            return Err(t.error(format!(
                "expected a header line 'ROWS COLS', found '{}' after it",
                t.text
            )));
        }
        let (rows, cols) = (h.rows, h.cols);
        let clues = grid_text::read_numbers(
            &mut r,
            rows,
            cols,
            "a number of cells seen",
            max_number(rows, cols),
        )?;
        r.end()?;
        Ok(KurodokoPuzzle { rows, cols, clues })
    }

    fn write(&self, p: &KurodokoPuzzle) -> String {
        let mut out = p.header();
        out.push('\n');
        grid_text::write_numbers(&mut out, p.rows, p.cols, &p.clues);
        out
    }

    fn write_game_id(&self, p: &KurodokoPuzzle) -> Option<String> {
        let mut out = format!("{}x{}:", p.cols, p.rows);
        let mut run = 0;
        for &g in &p.clues {
            match g {
                None => run += 1,
                Some(k) => {
                    if run > 0 {
                        flush_run(&mut out, &mut run);
                    } else if !out.ends_with(':') {
                        out.push('_');
                    }
                    out.push_str(&k.to_string());
                }
            }
        }
        flush_run(&mut out, &mut run);
        Some(out)
    }

    fn puzzlink(&self) -> Option<&'static Genre> {
        Some(&GENRE)
    }

    fn from_puzzlink(&self, url: &Url) -> Result<KurodokoPuzzle, ParseError> {
        from_puzzlink(url)
    }

    fn to_puzzlink(&self, p: &KurodokoPuzzle) -> Result<Url, EncodeError> {
        to_puzzlink(p)
    }

    fn build(&self, p: &KurodokoPuzzle) -> Result<Built, ModelError> {
        let (rows, cols) = (p.rows, p.cols);
        let mut m = csp_core::Model::new();
        let cells = m.new_bools(rows * cols)?;
        for (i, clue) in p.clues.iter().enumerate() {
            let Some(k) = *clue else { continue };
            m.fix(cells[i], 1)?;
            let lines: Vec<Vec<VarId>> = arms(rows, cols, i)
                .iter()
                .map(|arm| arm.iter().map(|&j| cells[j]).collect())
                .collect();
            if lines.iter().all(Vec::is_empty) {
                // A 1x1 grid: its number must be 1.
                if k != 1 {
                    return Err(ModelError::InvalidArgument {
                        constraint: "sight count".to_owned(),
                        reason: format!("a lone cell cannot see {k} cells"),
                    });
                }
                continue;
            }
            m.sight_count(&lines, k - 1)?;
        }
        for i in 0..rows * cols {
            for j in neighbours(rows, cols, i).filter(|&j| j > i) {
                m.clause(&[Literal::from(cells[i]), Literal::from(cells[j])])?;
            }
        }
        m.connected(&cells, &Graph::grid(rows, cols)?)?;
        Ok(Built::with_cells(
            m,
            rows,
            cols,
            cells.into_iter().map(Some).collect(),
        ))
    }

    fn decode(&self, _: &KurodokoPuzzle, built: &Built, s: &csp_core::Solution) -> Shading {
        Shading::decode(built, s, 0)
    }

    fn write_solution(&self, p: &KurodokoPuzzle, s: &Shading) -> String {
        s.write(&p.header())
    }

    fn parse_solution(&self, p: &KurodokoPuzzle, text: &str) -> Result<Shading, ParseError> {
        Shading::parse(text, &[p.rows, p.cols], "ROWS COLS", p.rows, p.cols)
    }

    fn check(&self, p: &KurodokoPuzzle, s: &Shading) -> Vec<Violation> {
        check(p, s)
    }

    fn value_at(&self, s: &Shading, cell: Cell) -> Option<Value> {
        (cell.row < s.rows() && cell.col < s.cols()).then(|| Value::from(!s.is_shaded(cell)))
    }

    fn render(&self, p: &KurodokoPuzzle, s: Option<&Shading>, options: &RenderOptions) -> String {
        let candidates = options
            .candidates
            .then(|| crate::generic::candidates(self, p));
        let mut c = Canvas::new(p.rows, p.cols, &format!("Kurodoko {}x{}", p.rows, p.cols));
        c.highlights(options);
        for i in 0..p.rows * p.cols {
            let (r, col) = (i / p.cols, i % p.cols);
            if s.is_some_and(|s| s.cells()[i]) {
                c.fill(r, col, "#222");
            } else if let Some(Some(values)) = candidates.as_ref().and_then(|k| k.get(i)) {
                match values.as_slice() {
                    [0] => c.fill(r, col, "#999"),
                    [1] if p.clues[i].is_none() => c.dot(col as f64 + 0.5, r as f64 + 0.5),
                    _ => {}
                }
            }
        }
        c.grid_lines();
        for (i, clue) in p.clues.iter().enumerate() {
            if let Some(k) = clue {
                c.text(i / p.cols, i % p.cols, &k.to_string(), Ink::Given);
            }
        }
        c.finish(options.cell_size)
    }

    fn describe(&self, p: &KurodokoPuzzle, built: &Built, d: &Deduction, placed: bool) -> String {
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

    fn describe_constraint(&self, p: &KurodokoPuzzle, built: &Built, c: ConstraintId) -> String {
        let Some(k) = built.model.constraint(c) else {
            return c.to_string();
        };
        match k.name() {
            "sight count" => match clue_of(p, built, c) {
                Some(i) => format!(
                    "the {} at {} sees {} cells",
                    p.clues[i].unwrap_or(0),
                    p.cell(i),
                    p.clues[i].unwrap_or(0)
                ),
                None => "a number sees its count of cells".to_owned(),
            },
            "connected" => "the unshaded cells are connected".to_owned(),
            "clause" => "no two shaded cells touch".to_owned(),
            name => format!("{name} {c}"),
        }
    }

    fn rules(&self) -> &'static [crate::Rule] {
        &RULES
    }

    fn mark(&self, _: &KurodokoPuzzle, _: crate::Spot, value: Value) -> Option<[&'static str; 2]> {
        // 1: the cell stays unshaded.
        Some(super::words::shaded(1 - value))
    }

    fn reason(
        &self,
        p: &KurodokoPuzzle,
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
    ) -> Result<Generated<KurodokoPuzzle, Shading>, GenerateError> {
        let (rows, cols) = (options.rows, options.cols);
        let level = crate::generic::generation_level(
            "kurodoko",
            options,
            MIN_GENERATED..=MAX_GENERATED,
            LEVELS,
        )?;
        crate::generic::generate_graded(self, options, level, ATTEMPTS, 20_000, |rng, limits| {
            let found = candidate(rows, cols, options.level, rng)?;
            (super::quick_grade::level_of(self, &found.0, limits) == Some(options.level))
                .then_some(found)
        })
    }
}

/// Writes a run of cells without a number as letters (`z` for 26).
fn flush_run(out: &mut String, run: &mut usize) {
    while *run > 0 {
        let k = (*run).min(26);
        out.push((b'a' + k as u8 - 1) as char);
        *run -= k;
    }
}

/// The numbered cell whose sight constraint is `c`: the one whose lines
/// of sight are its scope.
fn clue_of(p: &KurodokoPuzzle, built: &Built, c: ConstraintId) -> Option<usize> {
    let scope = built.model.constraint(c)?.scope();
    (0..p.clues.len()).find(|&i| {
        p.clues[i].is_some() && {
            let lines = arms(p.rows, p.cols, i);
            let flat: Vec<usize> = lines.iter().flatten().copied().collect();
            vars(built, &flat).as_slice() == scope
        }
    })
}

/// Why the engine made a deduction, in the rules of the docs page.
fn reason(p: &KurodokoPuzzle, built: &Built, d: &Deduction, now: &Progress) -> crate::Reason {
    let Some(cell) = built.cell_of(d.var) else {
        return crate::generic::reason(&Kurodoko, p, built, d);
    };
    let name = built
        .model
        .constraint(d.constraint)
        .map_or("", |k| k.name());
    let state = |i: usize| built.cells[i].and_then(|v| now.value(v));
    match name {
        "clause" => {
            let at = cell.row * p.cols + cell.col;
            let shaded: Vec<Cell> = neighbours(p.rows, p.cols, at)
                .filter(|&j| state(j) == Some(0))
                .map(|j| p.cell(j))
                .collect();
            let cause = match shaded.as_slice() {
                [one] => format!("{one} is shaded"),
                _ => "a neighbour is shaded".to_owned(),
            };
            crate::Reason::new(RULES[2].name, cause, shaded)
        }
        "connected" => {
            let cause = if d.rule == conn::UNREACHABLE {
                "it is walled off from the other unshaded cells"
            } else {
                "the unshaded cells must stay connected"
            };
            crate::Reason::new(RULES[3].name, cause, Vec::new())
        }
        "sight count" => {
            let clue = clue_of(p, built, d.constraint);
            let reads: Vec<Cell> = clue.map(|i| p.cell(i)).into_iter().collect();
            let named = clue.map_or_else(
                || "a number".to_owned(),
                |i| format!("the {} at {}", p.clues[i].unwrap_or(0), p.cell(i)),
            );
            if d.rule == sight::SEES_ENOUGH {
                crate::Reason::new(
                    RULES[0].name,
                    format!("{named} already sees its count"),
                    reads,
                )
            } else if d.rule == sight::MUST_SEE {
                crate::Reason::new(
                    RULES[1].name,
                    format!("{named} cannot see enough cells otherwise"),
                    reads,
                )
            } else {
                crate::Reason::new(
                    RULES[4].name,
                    format!("{named} cannot see its count otherwise"),
                    reads,
                )
            }
        }
        _ => crate::generic::reason(&Kurodoko, p, built, d),
    }
}

/// The rules a solution breaks, from the rules alone.
fn check(p: &KurodokoPuzzle, s: &Shading) -> Vec<Violation> {
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
    for (i, clue) in p.clues.iter().enumerate() {
        let Some(k) = *clue else { continue };
        if shaded[i] {
            continue;
        }
        let sees = seen(rows, cols, i, |j| !shaded[j]);
        if sees != k as usize {
            out.push(Violation::new(
                format!("the {k} at {} sees {sees} cells", p.cell(i)),
                vec![p.cell(i)],
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

/// A random solved grid and its numbers, unique and of level `level` or
/// near it: cells are shaded in random order where no neighbour is shaded
/// and the unshaded cells stay connected (each with even odds, so about
/// a fifth of the grid ends shaded); every unshaded cell gets its number,
/// and numbers are taken away in random order while propagation alone
/// still solves the puzzle, then, for a hard puzzle, while it stays
/// unique.
fn candidate(
    rows: usize,
    cols: usize,
    level: usize,
    rng: &mut ChaCha8Rng,
) -> Option<(KurodokoPuzzle, Shading)> {
    use rand::Rng;
    let n = rows * cols;
    let mut shaded = vec![false; n];
    let mut order: Vec<usize> = (0..n).collect();
    order.shuffle(rng);
    for &i in &order {
        if !rng.random_bool(0.5) || neighbours(rows, cols, i).any(|j| shaded[j]) {
            continue;
        }
        shaded[i] = true;
        if areas(rows, cols, |j| !shaded[j]).len() > 1 {
            shaded[i] = false;
        }
    }
    let clues: Vec<Option<u32>> = (0..n)
        .map(|i| (!shaded[i]).then(|| seen(rows, cols, i, |j| !shaded[j]) as u32))
        .collect();
    let solution = Shading::new(rows, cols, shaded)?;
    let mut puzzle = KurodokoPuzzle { rows, cols, clues };
    if !super::quick_grade::solved_at(&Kurodoko, &puzzle, 0) {
        return None;
    }
    order.shuffle(rng);
    for &i in &order {
        let Some(k) = puzzle.clues[i].take() else {
            continue;
        };
        if !super::quick_grade::solved_at(&Kurodoko, &puzzle, 0) {
            puzzle.clues[i] = Some(k);
        }
    }
    if level > 0 {
        let limits = Limits {
            nodes: Some(20_000),
            ..Limits::default()
        };
        order.shuffle(rng);
        for &i in &order {
            let Some(k) = puzzle.clues[i].take() else {
                continue;
            };
            if !matches!(Kurodoko.uniqueness(&puzzle, &limits).0, Unique::Unique(_)) {
                puzzle.clues[i] = Some(k);
            }
        }
    }
    Some((puzzle, solution))
}
