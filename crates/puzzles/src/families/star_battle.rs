//! Star Battle: place stars so that every row, column and region holds
//! exactly STARS of them, and no two stars touch, not even diagonally.
//!
//! The model: one 0/1 variable per cell; `exactly(STARS)` per region and
//! `at_most_one` per 2x2 window from csp-core's catalogue; each line and
//! each band of two neighbouring lines as a strip (`strip.rs`: the 2x2 block
//! argument, domain consistent on the band with the 2x2 windows); and the
//! pigeonhole rule (`pigeonhole.rs`) between lines and regions (Hall sets
//! over every union of regions and lines). The catalogue has neither rule (one sees a band's adjacency, the
//! other two partitions at once); without them the catalogue's 10x10
//! two-star puzzle takes 483 decisions, with them 32 (41 in the search order
//! below, which cuts the other catalogue puzzle from 262 to 5:
//! `TightestUnit`); `docs/formats/star-battle.md` has the measurements
//! and the ladder.

use super::shading::{self, Regions, Shading};
use crate::family::{
    Built, Cell, Family, FamilyInfo, GenerateError, GenerateOptions, Generated, Level, ParseError,
    RecordShape, Violation,
};
use crate::puzzlink::{Borders, EncodeError, Genre, Url};
use crate::render::{Canvas, RenderOptions};
use crate::text::{Reader, header_numbers};
use csp_core::{ConstraintId, Deduction, ModelError, Value, VarId, VariableOrder};

mod generate;
mod pigeonhole;
mod strip;

use pigeonhole::Pigeonhole;
use std::sync::Arc;
use strip::Strip;

/// The candidates tried when the options leave the budget to the family
/// (`max_attempts` 0): over seeds 1-10 at the default size
/// (`gridcsp <family> generate --json` gives each puzzle's attempts), the
/// rarest level, medium, took 29 at the median and at most 104.
const ATTEMPTS: u32 = 1000;

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
///
/// With the `serde` feature it is a string, its text layout (Tatham has
/// no such game), read back by [`StarBattle`]'s parser.
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

#[cfg(feature = "serde")]
crate::serde_text::family_text!(StarBattlePuzzle, StarBattle, layout);

const LEVELS: &[Level] = &[
    Level {
        name: "easy",
        about: "a full row, column or region empties the rest of it, one needing all its open cells fills them, and a star empties its eight neighbours",
    },
    Level {
        name: "medium",
        about: "plus the 2x2 blocks: a line, or two neighbouring lines, with just enough room for their stars fix where those go",
    },
    Level {
        name: "hard",
        about: "plus the pigeonhole: regions lying within as many lines fill them, lines lying within as many regions fill those",
    },
    Level {
        name: "expert",
        about: "needs trial and error (search) after the hard deductions",
    },
];

fn record_lines(header: &str) -> Option<usize> {
    match header_numbers(header)?.as_slice() {
        [rows, _, _] => Some(*rows),
        _ => None,
    }
}

/// Whether `line` can be a row of the grid `header` announces: as many
/// tokens as columns, each a region number or a hole.
fn is_row(header: &str, line: &str) -> bool {
    let Some(&[_, cols, _]) = header_numbers(header).as_deref() else {
        return false;
    };
    let mut tokens = 0;
    for t in line.split_whitespace() {
        let hole = t == "#" || t == "@";
        if !hole && t.parse::<usize>().is_err() {
            return false;
        }
        tokens += 1;
    }
    tokens == cols
}

static INFO: FamilyInfo = FamilyInfo {
    name: "star-battle",
    title: "Star Battle",
    rules: "Place stars so that every row, column and region holds exactly STARS of them; no two stars touch, not even diagonally.",
    levels: LEVELS,
    shape: RecordShape::HeaderHashRows {
        lines: record_lines,
        one_line: |_| false,
        is_row,
    },
    default_size: (8, 8),
};

/// What one rung of the ladder posts on top of the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Strength {
    /// Lines and two-line bands as strips (the 2x2 block argument).
    bands: bool,
    /// The pigeonhole rule between lines and regions.
    pigeonhole: bool,
}

impl Strength {
    /// The strength of ladder level `level` (the top level: everything).
    fn of_level(level: usize) -> Strength {
        Strength {
            bands: level >= 1,
            pigeonhole: level >= 2,
        }
    }
}

impl StarBattle {
    /// The model: the cells' 0/1 variables first (row-major), then the
    /// rules, with the reasoning `strength` asks for.
    fn model(&self, p: &StarBattlePuzzle, strength: Strength) -> Result<Built, ModelError> {
        let (rows, cols, k) = (p.rows, p.cols, p.stars);
        let mut m = csp_core::Model::new();
        let cells = m.new_bools(rows * cols)?;
        // A hole (janko.at's `@`) never holds a star: its variable is 0
        // from the start, so no deduction or search ever names it.
        for (i, &v) in cells.iter().enumerate() {
            if p.regions.is_hole(Cell::new(i / cols, i % cols)) {
                m.fix(v, 0)?;
            }
        }
        let at = |r: usize, c: usize| cells[r * cols + c];
        // Each line holds k stars; as a strip it also knows that no two of
        // them are side by side.
        let lines = (0..rows)
            .map(|r| ((0..cols).map(|c| at(r, c)).collect::<Vec<_>>(), "row"))
            .chain((0..cols).map(|c| ((0..rows).map(|r| at(r, c)).collect(), "column")));
        for (line, name) in lines {
            match strength
                .bands
                .then(|| Strip::new(line.clone(), 1, k, name))
                .flatten()
                .map(|strip| strip.in_run(cells[0], cells.len()))
            {
                Some(strip) => {
                    m.add(strip)?;
                }
                None => {
                    m.exactly(&line, 1, k)?;
                }
            }
        }
        if strength.bands {
            // Two neighbouring lines hold 2k stars, at most one per pair of
            // cells across them, none in neighbouring pairs.
            for r in 0..rows.saturating_sub(1) {
                let band: Vec<VarId> = (0..cols).flat_map(|c| [at(r, c), at(r + 1, c)]).collect();
                if let Some(strip) = Strip::new(band, 2, 2 * k, rules::ROW_BAND) {
                    m.add(strip.in_run(cells[0], cells.len()))?;
                }
            }
            for c in 0..cols.saturating_sub(1) {
                let band: Vec<VarId> = (0..rows).flat_map(|r| [at(r, c), at(r, c + 1)]).collect();
                if let Some(strip) = Strip::new(band, 2, 2 * k, rules::COLUMN_BAND) {
                    m.add(strip.in_run(cells[0], cells.len()))?;
                }
            }
        }
        let groups = p.regions.groups();
        for (_, group) in &groups {
            let vars: Vec<VarId> = group.iter().map(|&i| cells[i]).collect();
            m.exactly(&vars, 1, k)?;
        }
        // Two cells touch exactly when they share a 2x2 window.
        for r in 0..rows.saturating_sub(1) {
            for c in 0..cols.saturating_sub(1) {
                m.at_most_one(&[at(r, c), at(r, c + 1), at(r + 1, c), at(r + 1, c + 1)])?;
            }
        }
        if rows == 1 || cols == 1 {
            for pair in cells.windows(2) {
                m.at_most_one(pair)?;
            }
        }
        if strength.pigeonhole
            && rows == cols
            && groups.len() == rows
            && rows <= pigeonhole::MAX_PARTS
        {
            let mut region = vec![0u8; rows * cols];
            for (g, (_, group)) in groups.iter().enumerate() {
                for &i in group {
                    region[i] = g as u8;
                }
            }
            let row: Vec<u8> = (0..rows * cols).map(|i| (i / cols) as u8).collect();
            let col: Vec<u8> = (0..rows * cols).map(|i| (i % cols) as u8).collect();
            for (lines, name) in [(row, rules::ROWS_REGIONS), (col, rules::COLUMNS_REGIONS)] {
                if let Some(c) = Pigeonhole::new(cells.clone(), lines, region.clone(), rows, name) {
                    m.add(c)?;
                }
            }
        }
        let mut units: Vec<Vec<VarId>> = Vec::with_capacity(rows + cols + groups.len());
        units.extend((0..rows).map(|r| (0..cols).map(|c| at(r, c)).collect()));
        units.extend((0..cols).map(|c| (0..rows).map(|r| at(r, c)).collect()));
        units.extend(
            groups
                .iter()
                .map(|(_, g)| g.iter().map(|&i| cells[i]).collect()),
        );
        let mut built = Built::new(m, rows, cols);
        built.options = built
            .options
            .with_variable_order(VariableOrder::Custom(Arc::new(TightestUnit {
                units,
                stars: k,
            })));
        built.cells = cells
            .into_iter()
            .enumerate()
            .map(|(i, v)| (!p.regions.is_hole(Cell::new(i / cols, i % cols))).then_some(v))
            .collect();
        Ok(built)
    }

    /// The shading of a solution's stars, from the model's values.
    fn stars_of(built: &Built, s: &csp_core::Solution) -> Shading {
        Shading::decode(built, s, 1)
    }
}

/// Constraint names of the model, read back by `describe_constraint`.
mod rules {
    /// Two neighbouring rows as one strip.
    pub(super) const ROW_BAND: &str = "row band";
    /// Two neighbouring columns as one strip.
    pub(super) const COLUMN_BAND: &str = "column band";
    /// The pigeonhole rule between rows and regions.
    pub(super) const ROWS_REGIONS: &str = "rows and regions";
    /// The pigeonhole rule between columns and regions.
    pub(super) const COLUMNS_REGIONS: &str = "columns and regions";
}

/// The search order: branch on the first open cell of the unit (row,
/// column or region) with the fewest ways left to place its missing stars
/// (the binomial of its open cells and missing stars), as players pick the
/// most constrained region first.
///
/// Measured on the catalogue's two 10x10 two-star puzzles with the full
/// model: dom/wdeg needs 32 and 262 decisions, this order 41 and 5, and
/// the slower of the two puzzles drops from 13 ms to 1 ms
/// (`docs/formats/star-battle.md`).
#[derive(Debug)]
struct TightestUnit {
    /// Every row, column and region.
    units: Vec<Vec<VarId>>,
    /// Stars per unit.
    stars: usize,
}

impl csp_core::VariableSelector for TightestUnit {
    fn select(&self, d: &csp_core::Domains<'_>) -> Option<VarId> {
        let mut best: Option<(u64, VarId)> = None;
        for unit in &self.units {
            let (mut stars, mut open, mut first) = (0usize, 0u64, None);
            for &v in unit {
                match d.value(v) {
                    None => {
                        open += 1;
                        first.get_or_insert(v);
                    }
                    Some(1) => stars += 1,
                    Some(_) => {}
                }
            }
            let Some(first) = first else { continue };
            let need = self.stars.saturating_sub(stars) as u64;
            // C(open, need), exact until it saturates; 0 when the unit
            // cannot be completed (that branch fails at once).
            let mut ways: u64 = u64::from(need <= open);
            for i in 0..need.min(open) {
                ways = ways.saturating_mul(open - i) / (i + 1);
            }
            if best.is_none_or(|(b, _)| ways < b) {
                best = Some((ways, first));
            }
        }
        best.map(|(_, v)| v)
    }
}

/// puzz.link's genre: `starbattle`, the stars per unit, a `/`, then the
/// regions in Border.
const GENRE: Genre = Genre {
    name: "starbattle",
    aliases: &[],
};

fn from_puzzlink(url: &Url) -> Result<StarBattlePuzzle, ParseError> {
    url.no_flags("star-battle")?;
    let (rows, cols) = (url.rows, url.cols);
    if rows > MAX_SIDE || cols > MAX_SIDE {
        return Err(url.size_error(format!("over the largest Star Battle ({MAX_SIDE})")));
    }
    let mut r = url.reader();
    let count = r.until_slash();
    let stars = match count.parse::<usize>() {
        Ok(k) if k >= 1 && count.bytes().all(|b| b.is_ascii_digit()) => k,
        _ => {
            return Err(r.error(format!(
                "expected the stars per row, column and region (1 or more) before the \
                 regions, found {count:?}"
            )));
        }
    };
    let borders = r.border(rows, cols)?;
    r.finish()?;
    let labels = borders.regions().into_iter().map(|l| l as u64).collect();
    Regions::new(rows, cols, labels)
        .and_then(|regions| StarBattlePuzzle::new(rows, cols, stars, regions))
        .ok_or_else(|| url.error("not a Star Battle puzzle"))
}

fn to_puzzlink(p: &StarBattlePuzzle) -> Result<Url, EncodeError> {
    if p.regions.has_holes() {
        return Err(EncodeError::new(
            "puzz.link's Star Battle has no holes ('@' cells outside every region)",
        ));
    }
    let borders = Borders::from_regions(p.rows, p.cols, p.regions.labels())?;
    let body = format!("{}/{}", p.stars, borders.encode());
    Ok(Url::new(GENRE.name, p.cols, p.rows, body))
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
        let regions = Regions::read_with_holes(&mut r, rows, cols)?;
        r.end()?;
        Ok(StarBattlePuzzle {
            rows,
            cols,
            stars,
            regions,
        })
    }

    fn puzzlink(&self) -> Option<&'static Genre> {
        Some(&GENRE)
    }

    fn from_puzzlink(&self, url: &Url) -> Result<StarBattlePuzzle, ParseError> {
        from_puzzlink(url)
    }

    fn to_puzzlink(&self, p: &StarBattlePuzzle) -> Result<Url, EncodeError> {
        to_puzzlink(p)
    }

    fn write(&self, p: &StarBattlePuzzle) -> String {
        let mut out = p.header();
        out.push('\n');
        p.regions.write(&mut out);
        out
    }

    fn build(&self, p: &StarBattlePuzzle) -> Result<Built, ModelError> {
        self.model(p, Strength::of_level(LEVELS.len() - 1))
    }

    fn build_for_level(&self, p: &StarBattlePuzzle, level: usize) -> Result<Built, ModelError> {
        self.model(p, Strength::of_level(level))
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
        c.highlights(options);
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
        _: &StarBattlePuzzle,
        _: crate::Spot,
        value: Value,
    ) -> Option<[&'static str; 2]> {
        Some(if value == 1 {
            ["holds a star", "hold stars"]
        } else {
            ["holds no star", "hold no star"]
        })
    }

    fn reason(
        &self,
        p: &StarBattlePuzzle,
        built: &Built,
        d: &Deduction,
        placed: bool,
        now: &crate::generic::Progress,
    ) -> crate::Reason {
        star_reason(p, built, d, placed, now)
    }

    fn describe_constraint(&self, p: &StarBattlePuzzle, built: &Built, c: ConstraintId) -> String {
        let Some(k) = built.model.constraint(c) else {
            return c.to_string();
        };
        let Some(cells) = scope_cells(built, k.scope()) else {
            return format!("{} {c}", k.name());
        };
        let stars = stars_word(p.stars);
        let first = cells.first().copied().unwrap_or(Cell::new(0, 0));
        match k.name() {
            rules::ROW_BAND => {
                return format!(
                    "rows {} and {} hold {} between them, no two touching",
                    first.row + 1,
                    first.row + 2,
                    stars_word(2 * p.stars)
                );
            }
            rules::COLUMN_BAND => {
                return format!(
                    "columns {} and {} hold {} between them, no two touching",
                    first.col + 1,
                    first.col + 2,
                    stars_word(2 * p.stars)
                );
            }
            rules::ROWS_REGIONS => {
                return "pigeonhole: regions lying within as many rows fill them, and rows \
                        lying within as many regions fill those"
                    .to_owned();
            }
            rules::COLUMNS_REGIONS => {
                return "pigeonhole: regions lying within as many columns fill them, and \
                        columns lying within as many regions fill those"
                    .to_owned();
            }
            _ => {}
        }
        if let Some(line) = shading::line_name(&cells, p.rows, p.cols) {
            return format!("{line} holds {stars}, no two side by side");
        }
        let region = first_region(p, &cells);
        match region {
            Some(l) if cells.len() == region_size(p, l) && k.name() != "at most one" => {
                format!("region {} holds {stars}", p.regions.number(l))
            }
            _ => {
                let cells: Vec<Cell> = cells
                    .into_iter()
                    .filter(|&c| !p.regions.is_hole(c))
                    .collect();
                format!("stars do not touch ({})", shading::cell_list(&cells))
            }
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
        crate::generic::generate_graded(
            self,
            options,
            level,
            ATTEMPTS,
            GENERATE_NODE_LIMIT,
            |rng, limits| {
                let placed = generate::placement(n, stars, rng)?;
                let region = generate::regions(n, stars, &placed, rng)?;
                let (puzzle, solution) =
                    generate::make_unique(n, stars, &placed, region, rng, limits)?;
                let (puzzle, _) = generate::steer(puzzle, &placed, options.level, rng, limits)?;
                Some((puzzle, solution))
            },
        )
    }
}

/// The cells of a constraint's scope, in scope order, holes included
/// (the cells are the model's first variables, row-major, a hole's
/// too): a row through a hole is still the whole row. `None` if one of
/// its variables is not a cell's.
fn scope_cells(built: &Built, scope: &[VarId]) -> Option<Vec<Cell>> {
    let n = built.rows * built.cols;
    scope
        .iter()
        .map(|&v| {
            (v.index() < n).then(|| Cell::new(v.index() / built.cols, v.index() % built.cols))
        })
        .collect()
}

/// The region of a set of cells, if they all lie in one.
fn first_region(p: &StarBattlePuzzle, cells: &[Cell]) -> Option<u64> {
    let l = p.regions.label(*cells.first()?)?;
    cells
        .iter()
        .all(|&c| p.regions.label(c) == Some(l))
        .then_some(l)
}

/// The number of cells of region `l`.
fn region_size(p: &StarBattlePuzzle, l: u64) -> usize {
    p.regions.labels().iter().filter(|&&x| x == l).count()
}

/// Star Battle's named deductions, easiest first (Tatham has no Star
/// Battle).
static RULES: [crate::Rule; 8] = [
    crate::Rule::new(
        "stars never touch",
        "the eight neighbours of a star hold no star",
        None,
    ),
    crate::Rule::new(
        "line full",
        "a row or column with all its stars: no star in the rest of it",
        None,
    ),
    crate::Rule::new(
        "region full",
        "a region with all its stars: no star in the rest of it",
        None,
    ),
    crate::Rule::new(
        "line needs every place",
        "a row or column with only as many open cells as missing stars: a star in each",
        None,
    ),
    crate::Rule::new(
        "region needs every place",
        "a region with only as many open cells as missing stars: a star in each",
        None,
    ),
    crate::Rule::new(
        "room in a line",
        "a row or column with just enough room for its stars, none side by side, fixes where they go",
        None,
    ),
    crate::Rule::new(
        "room in two lines",
        "two neighbouring rows (or columns) hold twice the stars, at most one per pair of cells across them: just enough room fixes where they go",
        None,
    ),
    crate::Rule::new(
        "pigeonhole",
        "k regions lying within k rows (or columns) take all their stars, and k rows lying within k regions take all those regions' stars",
        None,
    ),
];

/// The deduction `d` in the player's words.
fn star_reason(
    p: &StarBattlePuzzle,
    built: &Built,
    d: &Deduction,
    placed: bool,
    now: &crate::generic::Progress,
) -> crate::Reason {
    use crate::Reason;
    let star = (d.value == 1) == placed;
    let Some(k) = built.model.constraint(d.constraint) else {
        return Reason::new(RULES[0].name, "", Vec::new());
    };
    let cells = scope_cells(built, k.scope()).unwrap_or_default();
    let first = cells.first().copied().unwrap_or(Cell::new(0, 0));
    let stars_in = |cells: &[Cell]| {
        cells
            .iter()
            .filter(|&&c| built.var(c).and_then(|v| now.value(v)) == Some(1))
            .count()
    };
    match k.name() {
        rules::ROW_BAND | rules::COLUMN_BAND => {
            let (what, a) = if k.name() == rules::ROW_BAND {
                ("rows", first.row)
            } else {
                ("columns", first.col)
            };
            return Reason::new(
                RULES[6].name,
                format!(
                    "{what} {} and {} have just enough room for {} between them",
                    a + 1,
                    a + 2,
                    stars_word(2 * p.stars)
                ),
                cells,
            );
        }
        rules::ROWS_REGIONS | rules::COLUMNS_REGIONS => {
            let rows = k.name() == rules::ROWS_REGIONS;
            let cell = shading::cell_of(built, d.var).unwrap_or(first);
            let cause = pigeonhole_cause(p, built, now, cell, rows).unwrap_or_else(|| {
                let lines = if rows { "rows" } else { "columns" };
                format!("some regions lie within as many {lines} and take all their stars")
            });
            return Reason::new(RULES[7].name, cause, Vec::new());
        }
        _ => {}
    }
    if let Some(line) = shading::line_name(&cells, p.rows, p.cols) {
        let full = stars_in(&cells) >= p.stars;
        let room = d.rule == strip::rules::EMPTY || d.rule == strip::rules::NEEDED;
        return match (star, full, room) {
            (false, true, _) => Reason::new(
                RULES[1].name,
                format!("{line} has its {}", stars_word(p.stars)),
                cells,
            ),
            (_, _, true) => Reason::new(
                RULES[5].name,
                format!("{line} has just enough room for {}", stars_word(p.stars)),
                cells,
            ),
            _ => Reason::new(
                RULES[3].name,
                format!("{line} has only as many open cells as missing stars"),
                cells,
            ),
        };
    }
    match first_region(p, &cells) {
        Some(l) if cells.len() == region_size(p, l) && k.name() != "at most one" => {
            if star {
                Reason::new(
                    RULES[4].name,
                    format!(
                        "region {} has only as many open cells as missing stars",
                        p.regions.number(l)
                    ),
                    cells,
                )
            } else {
                Reason::new(
                    RULES[2].name,
                    format!(
                        "region {} has its {}",
                        p.regions.number(l),
                        stars_word(p.stars)
                    ),
                    cells,
                )
            }
        }
        _ => {
            let at: Vec<Cell> = cells
                .iter()
                .copied()
                .filter(|&c| built.var(c).and_then(|v| now.value(v)) == Some(1))
                .collect();
            let cause = match at.first() {
                Some(c) => format!("it touches the star at {c}"),
                None => "it touches a star".to_owned(),
            };
            Reason::new(RULES[0].name, cause, at)
        }
    }
}

/// Which regions and lines make the pigeonhole that empties `cell`, in
/// words ("regions 1 and 2 fill rows 3 and 4"), found again from the
/// candidates: up to three regions whose open cells lie within as many
/// lines holding `cell` (or three lines within as many regions).
fn pigeonhole_cause(
    p: &StarBattlePuzzle,
    built: &Built,
    now: &crate::generic::Progress,
    cell: Cell,
    rows: bool,
) -> Option<String> {
    let line_of = |c: Cell| if rows { c.row } else { c.col };
    let open = |c: Cell| built.var(c).is_some_and(|v| now.candidates(v).contains(&1));
    let groups = p.regions.cell_groups();
    let n = if rows { p.rows } else { p.cols };
    let lines = if rows { "rows" } else { "columns" };
    // The lines (as a bit set) where each region may still hold a star,
    // and the regions where each line may.
    let region_lines: Vec<(u64, u64)> = groups
        .iter()
        .map(|(l, cells)| {
            let mask = cells
                .iter()
                .filter(|&&c| open(c))
                .fold(0u64, |m, &c| m | 1 << line_of(c));
            (*l, mask)
        })
        .collect();
    let line_regions: Vec<u64> = (0..n)
        .map(|i| {
            groups
                .iter()
                .enumerate()
                .filter(|(_, (_, cells))| cells.iter().any(|&c| line_of(c) == i && open(c)))
                .fold(0u64, |m, (g, _)| m | 1 << g)
        })
        .collect();
    let here = groups.iter().position(|(_, cells)| cells.contains(&cell))?;
    let list = |bits: u64, name: &str, label: &dyn Fn(usize) -> String| {
        let items: Vec<String> = (0..64).filter(|i| bits >> i & 1 == 1).map(label).collect();
        let word = if items.len() == 1 {
            name.trim_end_matches('s').to_owned()
        } else {
            name.to_owned()
        };
        format!("{word} {}", crate::generic::and_list(&items))
    };
    let region_label = |g: usize| p.regions.number(groups[g].0).to_string();
    let line_label = |i: usize| (i + 1).to_string();
    let g = groups.len();
    for size in 1..=3usize {
        // Regions within `size` lines that hold the cell's line, without
        // the cell's region.
        for set in subsets(g, size) {
            if set >> here & 1 == 1 {
                continue;
            }
            let union = (0..g)
                .filter(|i| set >> i & 1 == 1)
                .fold(0u64, |m, i| m | region_lines[i].1);
            if union.count_ones() as usize == size && union >> line_of(cell) & 1 == 1 {
                return Some(format!(
                    "{} {} {}",
                    list(set, "regions", &region_label),
                    if size == 1 { "fills" } else { "fill" },
                    list(union, lines, &line_label)
                ));
            }
        }
        // Lines within `size` regions that hold the cell's region, without
        // the cell's line.
        for set in subsets(n, size) {
            if set >> line_of(cell) & 1 == 1 {
                continue;
            }
            let union = (0..n)
                .filter(|i| set >> i & 1 == 1)
                .fold(0u64, |m, i| m | line_regions[i]);
            if union.count_ones() as usize == size && union >> here & 1 == 1 {
                return Some(format!(
                    "{} {} {}",
                    list(set, lines, &line_label),
                    if size == 1 { "fills" } else { "fill" },
                    list(union, "regions", &region_label)
                ));
            }
        }
    }
    None
}

/// Every subset of `0..n` (n <= 64) of `size` elements, as bit sets, in
/// increasing order.
fn subsets(n: usize, size: usize) -> Vec<u64> {
    let mut out = Vec::new();
    if size == 0 || size > n || n > 63 {
        return out;
    }
    let mut set: u64 = (1 << size) - 1;
    while set < 1 << n {
        out.push(set);
        // Gosper's hack: the next set of as many bits.
        let c = set & set.wrapping_neg();
        let r = set + c;
        set = (((r ^ set) >> 2) / c) | r;
    }
    out
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
                format!("{name} must hold {} but holds {n}", stars_word(p.stars)),
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
        unit(format!("region {}", p.regions.number(l)), cells);
    }
    for a in s.shaded() {
        if p.regions.is_hole(a) {
            out.push(Violation::new(
                format!("{a} is a hole, outside every region: it cannot hold a star"),
                vec![a],
            ));
        }
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
                    "region {} has {} cells, too few for {}",
                    p.regions.number(l),
                    cells.len(),
                    stars_word(p.stars)
                ),
                cells,
            ));
        }
    }
    out
}
