//! Star Battle: place stars so that every row, column and region holds
//! exactly STARS of them, and no two stars touch, not even diagonally.

use super::shading::{self, Regions, Shading};
use crate::family::{
    Built, Cell, Family, FamilyInfo, GenerateError, GenerateOptions, Generated, Level, ParseError,
    RecordShape, Violation,
};
use crate::render::{Canvas, RenderOptions};
use crate::text::{Reader, header_numbers};
use csp_core::{ConstraintId, Deduction, Limits, Literal, ModelError, Value, VarId};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

mod generate;
mod pigeonhole;
mod strip;

use pigeonhole::Pigeonhole;

/// The largest number of rows or columns read.
pub const MAX_SIDE: usize = 64;

/// The smallest grid [`Family::generate`] makes.
pub const MIN_GENERATED: usize = 5;
/// The largest grid [`Family::generate`] makes.
pub const MAX_GENERATED: usize = 30;

/// Search nodes one uniqueness proof may take while generating.
const GENERATE_NODE_LIMIT: u64 = 100_000;

/// The stars per unit of generated puzzles of side `n`, as published
/// collections size them: one up to 9x9, two up to 13x13, then one more
/// for every three or four rows.
pub fn stars_for_size(n: usize) -> usize {
    match n {
        0..=9 => 1,
        10..=13 => 2,
        14..=16 => 3,
        17..=20 => 4,
        21..=24 => 5,
        _ => 6,
    }
}

/// Star Battle (also Two Not Touch): regions given, stars placed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StarBattle;

/// A Star Battle puzzle: the grid's size, the stars per unit and the
/// regions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StarBattlePuzzle {
    rows: usize,
    cols: usize,
    stars: usize,
    regions: Regions,
}

impl StarBattlePuzzle {
    /// A puzzle of `stars` stars per row, column and region; `None` if the
    /// regions are not a `rows x cols` grid.
    pub fn new(rows: usize, cols: usize, stars: usize, regions: Regions) -> Option<Self> {
        (regions.labels().len() == rows * cols).then_some(StarBattlePuzzle {
            rows,
            cols,
            stars,
            regions,
        })
    }

    /// Rows of the grid.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns of the grid.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Stars in every row, column and region.
    pub fn stars(&self) -> usize {
        self.stars
    }

    /// The regions.
    pub fn regions(&self) -> &Regions {
        &self.regions
    }

    fn header(&self) -> String {
        format!("{} {} {}", self.rows, self.cols, self.stars)
    }
}

const LEVELS: &[Level] = &[
    Level {
        name: "easy",
        about: "a full row, column or region empties the rest of it; one needing all its open cells fills them; a star empties its eight neighbours",
    },
    Level {
        name: "hard",
        about: "needs trial and error (search) after the easy deductions",
    },
];

fn record_lines(header: &str) -> Option<usize> {
    match header_numbers(header)?.as_slice() {
        [rows, _, _] => Some(*rows),
        _ => None,
    }
}

static INFO: FamilyInfo = FamilyInfo {
    name: "star-battle",
    title: "Star Battle",
    rules: "Place stars so that every row, column and region holds exactly STARS of them; no two stars touch, not even diagonally.",
    levels: LEVELS,
    shape: RecordShape::Header {
        lines: record_lines,
        one_line: |_| false,
    },
    default_size: (10, 10),
};

/// How the no-touching rule is posted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Touch {
    /// A clause per pair of touching cells.
    Pairs,
    /// At most one star in every 2x2 window (two cells touch exactly when
    /// they share one).
    Windows,
}

impl StarBattle {
    fn model(&self, p: &StarBattlePuzzle, touch: Touch, hall: bool) -> Result<Built, ModelError> {
        let (rows, cols) = (p.rows, p.cols);
        let mut m = csp_core::Model::new();
        let cells = m.new_bools(rows * cols)?;
        let k = p.stars;
        let strips = std::env::var("SB_STRIP").is_ok();
        for r in 0..rows {
            let row = cells[r * cols..(r + 1) * cols].to_vec();
            match strips.then(|| strip::Strip::new(row.clone(), 1, k, "row")).flatten() {
                Some(s) => { m.add(s)?; }
                None => { m.exactly(&row, 1, k)?; }
            }
        }
        for c in 0..cols {
            let col: Vec<VarId> = (0..rows).map(|r| cells[r * cols + c]).collect();
            match strips.then(|| strip::Strip::new(col.clone(), 1, k, "column")).flatten() {
                Some(s) => { m.add(s)?; }
                None => { m.exactly(&col, 1, k)?; }
            }
        }
        if strips {
            for r in 0..rows.saturating_sub(1) {
                let band: Vec<VarId> = (0..cols).flat_map(|c| [cells[r * cols + c], cells[(r + 1) * cols + c]]).collect();
                if let Some(s) = strip::Strip::new(band, 2, 2 * k, "row band") { m.add(s)?; }
            }
            for c in 0..cols.saturating_sub(1) {
                let band: Vec<VarId> = (0..rows).flat_map(|r| [cells[r * cols + c], cells[r * cols + c + 1]]).collect();
                if let Some(s) = strip::Strip::new(band, 2, 2 * k, "column band") { m.add(s)?; }
            }
        }
        for (_, group) in p.regions.groups() {
            let vars: Vec<VarId> = group.iter().map(|&i| cells[i]).collect();
            m.exactly(&vars, 1, k)?;
        }
        match touch {
            Touch::Pairs => {
                for r in 0..rows {
                    for c in 0..cols {
                        let here = cells[r * cols + c];
                        for (dr, dc) in [(0, 1), (1, -1), (1, 0), (1, 1)] {
                            let (rr, cc) = (r as isize + dr, c as isize + dc);
                            if rr < rows as isize && cc >= 0 && cc < cols as isize {
                                let there = cells[rr as usize * cols + cc as usize];
                                m.clause(&[!Literal::from(here), !Literal::from(there)])?;
                            }
                        }
                    }
                }
            }
            Touch::Windows if std::env::var("SB_BANDS").is_ok() => bands(&mut m, &cells, rows, cols, k)?,
            Touch::Windows if std::env::var("SB_NOWIN").is_ok() => {}
            Touch::Windows => {
                for r in 0..rows.saturating_sub(1) {
                    for c in 0..cols.saturating_sub(1) {
                        let i = r * cols + c;
                        m.at_most_one(&[cells[i], cells[i + 1], cells[i + cols], cells[i + cols + 1]])?;
                    }
                }
                if rows == 1 || cols == 1 {
                    for w in cells.windows(2) {
                        m.at_most_one(w)?;
                    }
                }
            }
        }
        let groups = p.regions.groups();
        if hall && rows == cols && groups.len() == rows && rows <= pigeonhole::MAX_PARTS {
            let mut region = vec![0u8; rows * cols];
            for (g, (_, group)) in groups.iter().enumerate() {
                for &i in group {
                    region[i] = g as u8;
                }
            }
            let row: Vec<u8> = (0..rows * cols).map(|i| (i / cols) as u8).collect();
            let col: Vec<u8> = (0..rows * cols).map(|i| (i % cols) as u8).collect();
            for (lines, name) in [(row, "rows and regions"), (col, "columns and regions")] {
                if let Some(c) = Pigeonhole::new(cells.clone(), lines, region.clone(), rows, name) {
                    m.add(c)?;
                }
            }
        }
        let mut built = Built::new(m, rows, cols);
        built.cells = cells.into_iter().map(Some).collect();
        Ok(built)
    }

    /// The shading of a solution's stars, from the model's values.
    fn stars_of(built: &Built, s: &csp_core::Solution) -> Shading {
        let cells = built
            .cells
            .iter()
            .map(|v| v.and_then(|v| s.get(v)) == Some(1))
            .collect();
        Shading::new(built.rows, built.cols, cells)
            .unwrap_or_else(|| unreachable!("a value per cell of the grid"))
    }
}

impl Family for StarBattle {
    type Puzzle = StarBattlePuzzle;
    type Solution = Shading;

    fn info(&self) -> &FamilyInfo {
        &INFO
    }

    fn parse(&self, text: &str) -> Result<StarBattlePuzzle, ParseError> {
        let mut r = Reader::new(text);
        let line = r.line_no();
        let tokens = r.line("a header line 'ROWS COLS STARS'")?;
        let [rows, cols, stars] = tokens.as_slice() else {
            return Err(ParseError::at_line(
                line,
                format!(
                    "expected a header line 'ROWS COLS STARS' (3 numbers), found {} tokens",
                    tokens.len()
                ),
            ));
        };
        let rows = rows.number("ROWS", 1, MAX_SIDE as i64)? as usize;
        let cols = cols.number("COLS", 1, MAX_SIDE as i64)? as usize;
        let stars = stars.number("STARS", 1, MAX_SIDE as i64)? as usize;
        let regions = Regions::read(&mut r, rows, cols)?;
        r.end()?;
        Ok(StarBattlePuzzle {
            rows,
            cols,
            stars,
            regions,
        })
    }

    fn write(&self, p: &StarBattlePuzzle) -> String {
        let mut out = p.header();
        out.push('\n');
        p.regions.write(&mut out);
        out
    }

    fn build(&self, p: &StarBattlePuzzle) -> Result<Built, ModelError> {
        let touch = if std::env::var("SB_PAIRS").is_ok() { Touch::Pairs } else { Touch::Windows };
        let mut b = self.model(p, touch, std::env::var("SB_HALL").is_ok())?;
        if let Ok(v) = std::env::var("SB_VAL") {
            b.options = b.options.with_value_order(if v == "desc" { csp_core::ValueOrder::Descending } else { csp_core::ValueOrder::Ascending });
        }
        if std::env::var("SB_UNIT").is_ok() {
            let (rows, cols) = (p.rows, p.cols);
            let cells: Vec<VarId> = b.cells.iter().flatten().copied().collect();
            let mut units: Vec<Vec<VarId>> = Vec::new();
            for r in 0..rows { units.push(cells[r*cols..(r+1)*cols].to_vec()); }
            for c in 0..cols { units.push((0..rows).map(|r| cells[r*cols+c]).collect()); }
            for (_, g) in p.regions.groups() { units.push(g.iter().map(|&i| cells[i]).collect()); }
            b.options = b.options.with_variable_order(csp_core::VariableOrder::Custom(std::sync::Arc::new(UnitSelector { units, stars: p.stars })));
        }
        if let Ok(v) = std::env::var("SB_VAR") {
            b.options = b.options.with_variable_order(match v.as_str() { "mrv" => csp_core::VariableOrder::MrvDegree, "input" => csp_core::VariableOrder::Input, _ => csp_core::VariableOrder::DomWdeg });
        }
        Ok(b)
    }

    fn build_for_level(&self, p: &StarBattlePuzzle, level: usize) -> Result<Built, ModelError> {
        let _ = level;
        self.model(p, Touch::Pairs, false)
    }

    fn decode(&self, _: &StarBattlePuzzle, built: &Built, s: &csp_core::Solution) -> Shading {
        Self::stars_of(built, s)
    }

    fn write_solution(&self, p: &StarBattlePuzzle, s: &Shading) -> String {
        s.write(&p.header())
    }

    fn parse_solution(&self, p: &StarBattlePuzzle, text: &str) -> Result<Shading, ParseError> {
        Shading::parse(
            text,
            &[p.rows, p.cols, p.stars],
            "ROWS COLS STARS",
            p.rows,
            p.cols,
        )
    }

    fn check(&self, p: &StarBattlePuzzle, s: &Shading) -> Vec<Violation> {
        check(p, s)
    }

    fn check_givens(&self, p: &StarBattlePuzzle) -> Vec<Violation> {
        check_givens(p)
    }

    fn value_at(&self, s: &Shading, cell: Cell) -> Option<Value> {
        (cell.row < s.rows() && cell.col < s.cols()).then(|| Value::from(s.is_shaded(cell)))
    }

    fn render(&self, p: &StarBattlePuzzle, s: Option<&Shading>, options: &RenderOptions) -> String {
        let candidates = options
            .candidates
            .then(|| crate::generic::candidates(self, p));
        let mut c = Canvas::new(
            p.rows,
            p.cols,
            &format!("Star Battle {}x{}, {} stars", p.rows, p.cols, p.stars),
        );
        c.highlight(&options.highlight);
        c.grid_lines();
        shading::draw_regions(&mut c, &p.regions);
        for r in 0..p.rows {
            for col in 0..p.cols {
                let cell = Cell::new(r, col);
                if let Some(s) = s {
                    if s.is_shaded(cell) {
                        c.star(r, col);
                    }
                } else if let Some(Some(values)) =
                    candidates.as_ref().and_then(|k| k.get(r * p.cols + col))
                {
                    match values.as_slice() {
                        [1] => c.star(r, col),
                        [0] => c.cross(r, col),
                        _ => {}
                    }
                }
            }
        }
        c.finish(options.cell_size)
    }

    fn describe(&self, p: &StarBattlePuzzle, built: &Built, d: &Deduction, placed: bool) -> String {
        let cell = shading::cell_of(built, d.var)
            .map_or_else(|| built.model.display_var(d.var), |c| c.to_string());
        let star = (d.value == 1) == placed;
        let what = if star {
            "holds a star"
        } else {
            "holds no star"
        };
        format!("{cell} {what}: {}", self.describe_constraint(p, built, d.constraint))
    }

    fn describe_constraint(&self, p: &StarBattlePuzzle, built: &Built, c: ConstraintId) -> String {
        let Some(k) = built.model.constraint(c) else {
            return c.to_string();
        };
        let Some(cells) = shading::scope_cells(built, k.scope()) else {
            return format!("{} {c}", k.name());
        };
        if let Some(line) = shading::line_name(&cells, p.rows, p.cols) {
            return format!("{line} holds {}", stars_word(p.stars));
        }
        if cells.len() <= 4 && k.name() != "count" {
            return format!("stars do not touch ({})", shading::cell_list(&cells));
        }
        match cells.first().and_then(|&c| p.regions.label(c)) {
            Some(l) => format!("region {l} holds {}", stars_word(p.stars)),
            None => format!("{} {c}", k.name()),
        }
    }

    fn generate(
        &self,
        options: &GenerateOptions,
    ) -> Result<Generated<StarBattlePuzzle, Shading>, GenerateError> {
        let n = options.rows;
        if options.rows != options.cols || !(MIN_GENERATED..=MAX_GENERATED).contains(&n) {
            return Err(GenerateError::BadOptions(format!(
                "star-battle generates square grids of {MIN_GENERATED}x{MIN_GENERATED} to \
                 {MAX_GENERATED}x{MAX_GENERATED}, not {}x{}",
                options.rows, options.cols
            )));
        }
        let Some(level) = LEVELS.get(options.level) else {
            return Err(GenerateError::BadOptions(format!(
                "star-battle has levels 0 to {}, not {}",
                LEVELS.len() - 1,
                options.level
            )));
        };
        let stars = stars_for_size(n);
        let mut rng = ChaCha8Rng::seed_from_u64(options.seed);
        let limits = Limits {
            nodes: Some(GENERATE_NODE_LIMIT),
            ..Limits::default()
        };
        for attempt in 1..=options.max_attempts {
            let Some(placed) = generate::placement(n, stars, &mut rng) else {
                continue;
            };
            let Some(region) = generate::regions(n, stars, &placed, &mut rng) else {
                continue;
            };
            let Some((puzzle, solution)) =
                generate::make_unique(n, stars, &placed, region, &mut rng, &limits)
            else {
                continue;
            };
            let Ok(grade) = self.grade(&puzzle, &limits) else {
                continue;
            };
            if grade.rank == options.level {
                return Ok(Generated {
                    puzzle,
                    solution,
                    grade,
                    attempts: attempt,
                });
            }
        }
        Err(GenerateError::GaveUp {
            level: level.name,
            attempts: options.max_attempts,
        })
    }
}

/// For each band of two rows (and of two columns) and each tiling of it by
/// 2x2 windows (and one 2x1 piece where the width is odd), the pieces'
/// star indicators sum to 2 STARS. Returns nothing; posts the windows'
/// exactly-one-with-indicator constraints too (which subsume at most one
/// per window).
fn bands(m: &mut csp_core::Model, cells: &[VarId], rows: usize, cols: usize, k: usize) -> Result<(), ModelError> {
    let piece = |m: &mut csp_core::Model, vars: &[VarId]| -> Result<VarId, ModelError> {
        let ind = m.new_bool()?;
        let mut lits = vec![!Literal::from(ind)];
        lits.extend(vars.iter().map(|&v| Literal::from(v)));
        m.exactly_one(&lits)?;
        Ok(ind)
    };
    let mut win = vec![None; rows * cols];
    for r in 0..rows.saturating_sub(1) {
        for c in 0..cols.saturating_sub(1) {
            let i = r * cols + c;
            win[i] = Some(piece(m, &[cells[i], cells[i + 1], cells[i + cols], cells[i + cols + 1]])?);
        }
    }
    for transposed in [false, true] {
        let (h, w) = if transposed { (cols, rows) } else { (rows, cols) };
        let at = |r: usize, c: usize| if transposed { c * cols + r } else { r * cols + c };
        for r in 0..h.saturating_sub(1) {
            let window = |c: usize| if transposed { win[at(r, c) - 0].or(None) } else { win[at(r, c)] };
            let _ = window;
            let wv = |c: usize| -> VarId {
                // top-left corner of the 2x2 window covering band rows r, r+1 and columns c, c+1
                let (rr, cc) = if transposed { (c, r) } else { (r, c) };
                win[rr * cols + cc].unwrap_or_else(|| unreachable!())
            };
            if w % 2 == 0 {
                let t: Vec<VarId> = (0..w).step_by(2).map(wv).collect();
                m.exactly(&t, 1, 2 * k)?;
            } else {
                for s in (0..w).step_by(2) {
                    let single = piece(m, &[cells[at(r, s)], cells[at(r + 1, s)]])?;
                    let mut t = Vec::new();
                    let mut c = 0;
                    while c < w {
                        if c == s { t.push(single); c += 1; } else { t.push(wv(c)); c += 2; }
                    }
                    m.exactly(&t, 1, 2 * k)?;
                }
            }
        }
    }
    Ok(())
}

#[derive(Debug)]
struct UnitSelector {
    units: Vec<Vec<VarId>>,
    stars: usize,
}

impl csp_core::VariableSelector for UnitSelector {
    fn select(&self, d: &csp_core::Domains<'_>) -> Option<VarId> {
        let mut best: Option<(u64, VarId)> = None;
        for u in &self.units {
            let (mut stars, mut open, mut first) = (0usize, 0u64, None);
            for &v in u {
                match d.size(v) {
                    2 => { open += 1; first.get_or_insert(v); }
                    _ => if d.value(v) == Some(1) { stars += 1 },
                }
            }
            let Some(f) = first else { continue };
            let need = self.stars.saturating_sub(stars) as u64;
            let mut score: u64 = 1;
            for i in 0..need { score = score.saturating_mul(open - i) / (i + 1); }
            if best.is_none_or(|(b, _)| score < b) { best = Some((score, f)); }
        }
        best.map(|(_, v)| v)
    }
}

fn stars_word(k: usize) -> String {
    if k == 1 {
        "one star".to_owned()
    } else {
        format!("{k} stars")
    }
}

/// The rules a solution breaks, from the rules alone.
fn check(p: &StarBattlePuzzle, s: &Shading) -> Vec<Violation> {
    let mut out = Vec::new();
    if s.rows() != p.rows || s.cols() != p.cols {
        out.push(Violation::new(
            format!(
                "the solution is {}x{}, the puzzle {}x{}",
                s.rows(),
                s.cols(),
                p.rows,
                p.cols
            ),
            Vec::new(),
        ));
        return out;
    }
    let mut unit = |name: String, cells: Vec<Cell>| {
        let stars: Vec<Cell> = cells.iter().copied().filter(|&c| s.is_shaded(c)).collect();
        if stars.len() != p.stars {
            let n = stars.len();
            out.push(Violation::new(
                format!(
                    "{name} must hold {} but holds {n}",
                    stars_word(p.stars)
                ),
                if stars.is_empty() { cells } else { stars },
            ));
        }
    };
    for r in 0..p.rows {
        unit(
            format!("row {}", r + 1),
            (0..p.cols).map(|c| Cell::new(r, c)).collect(),
        );
    }
    for c in 0..p.cols {
        unit(
            format!("column {}", c + 1),
            (0..p.rows).map(|r| Cell::new(r, c)).collect(),
        );
    }
    for (l, cells) in p.regions.cell_groups() {
        unit(format!("region {l}"), cells);
    }
    for a in s.shaded() {
        for (dr, dc) in [(0isize, 1isize), (1, -1), (1, 0), (1, 1)] {
            let (r, c) = (a.row as isize + dr, a.col as isize + dc);
            if r >= 0 && c >= 0 {
                let b = Cell::new(r as usize, c as usize);
                if s.is_shaded(b) {
                    out.push(Violation::new("stars must not touch", vec![a, b]));
                }
            }
        }
    }
    out
}

/// The rules no placement of stars can satisfy.
fn check_givens(p: &StarBattlePuzzle) -> Vec<Violation> {
    let mut out = Vec::new();
    let groups = p.regions.cell_groups();
    if p.rows != p.cols {
        out.push(Violation::new(
            format!(
                "a {}x{} grid has no solution: its rows hold {} stars, its columns {}",
                p.rows,
                p.cols,
                p.rows * p.stars,
                p.cols * p.stars
            ),
            Vec::new(),
        ));
    }
    if groups.len() != p.rows {
        out.push(Violation::new(
            format!(
                "{} regions in {} rows: the regions hold {} stars, the rows {}",
                groups.len(),
                p.rows,
                groups.len() * p.stars,
                p.rows * p.stars
            ),
            Vec::new(),
        ));
    }
    let most = p.cols.max(p.rows).div_ceil(2);
    if p.stars > p.cols.div_ceil(2) || p.stars > p.rows.div_ceil(2) {
        out.push(Violation::new(
            format!(
                "{} stars cannot fit in a line of {} cells without touching (at most {most})",
                p.stars,
                p.cols.min(p.rows)
            ),
            Vec::new(),
        ));
    }
    for (l, cells) in groups {
        if cells.len() < p.stars {
            out.push(Violation::new(
                format!(
                    "region {l} has {} cells, too few for {}",
                    cells.len(),
                    stars_word(p.stars)
                ),
                cells,
            ));
        }
    }
    out
}
