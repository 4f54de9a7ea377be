//! The Skyscrapers model, per level of the grade ladder.
//!
//! Every level builds the same variables (one per cell, row-major, over
//! `1..=n`, the givens fixed) and posts, in this order: an `all_different`
//! per row, then per column, then a `visible_count` per clue (in the order
//! of [`SkyscrapersPuzzle::clues`]). Each level then adds what its
//! reasoning needs (see [`Reasoning`]):
//!
//! - **easy** (level 0): the rows and columns with hidden singles and the
//!   pigeonhole test, each clue on its own: about Tatham's Easy (singles
//!   and simple clue bounds), a little stronger, since `visible_count`
//!   reasons on every height the line can hold.
//! - **hard** (level 1): the rows and columns domain consistent (every
//!   naked and hidden subset, Tatham's "set" deductions in a line), and
//!   each line with a clue checked as a whole against every permutation
//!   its clues (both ends together) and domains allow (a `table` of those
//!   permutations, for sides up to [`TABLE_MAX`]): Tatham's Hard analyses
//!   every clue's possibilities the same way.
//! - **extreme** (level 2): plus, for each height, its column in each row
//!   as a variable (channelled to the cells by clauses) with an
//!   `all_different` over the rows, domain consistent: every X-wing,
//!   swordfish and larger fish of one height; and Tatham's Latin-square
//!   forcing chains (`futoshiki::ForcingChains`, his Extreme rule: a
//!   chain of cells with two heights left, each forcing the next).
//! - **unreasonable** (level 3, the top): search. Solving uses the easy
//!   model, the fastest to search with (see the family's bench).
//!
//! janko.at's layouts change the model so: with empty cells (heights
//! `1..=K`, `K < N`) each cell's domain is `0..=K`, every row and column
//! is a closed `gcc` (each height once, 0 exactly `N - K` times; counting
//! at the easy level, domain consistent above) in place of the
//! `all_different`, and each clue a `regular` automaton over (tallest so
//! far, towers seen) in which 0 hides nothing and is never seen, in place
//! of `visible_count` (whose heights are pairwise distinct). With `D` the
//! two diagonals get the same constraint as a row, posted after the
//! columns. The hard level's tables hold every arrangement of the line's
//! heights and empty cells, the fish are over the heights `1..=K` only
//! (each is still once per row and column, so a height's columns over the
//! rows are a permutation), and the forcing chains, which assume a Latin
//! square of `1..=N`, are left out when there are empty cells: the
//! extreme level is then fish without chains (sound, a little weaker).

use super::{Side, SkyscrapersPuzzle, line_iter};
use crate::families::words;
use crate::family::{Built, Cell, Reason, Rule};
use crate::generic::Progress;
use csp_core::{ConstraintId, Deduction, Grid, Literal, Model, ModelError, Strength, Value, VarId};
use std::sync::OnceLock;

/// The largest side whose lines get a permutation table at the hard level
/// (an 8-cell line has at most 13,068 permutations for one clue; a 9-cell
/// line up to 109,584, too many to build per puzzle).
pub const TABLE_MAX: usize = 8;

/// How strongly a model reasons: the propagation of one ladder level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Reasoning {
    /// The strength of the rows' and columns' `all_different`.
    pub latin: Strength,
    /// Each line with a clue also gets the table of its permutations.
    pub lines: bool,
    /// Each height's columns get an `all_different` over the rows (fish).
    pub fish: bool,
    /// Tatham's Latin-square forcing chains.
    pub forcing: bool,
}

/// The model `solve`, `count` and `uniqueness` use.
pub const SOLVE: Reasoning = Reasoning {
    latin: Strength::HiddenSingles,
    lines: false,
    fish: false,
    forcing: false,
};

impl Reasoning {
    /// The reasoning of ladder level `level` (the top level, search, has
    /// the solving model's).
    pub fn of_level(level: usize) -> Reasoning {
        match level {
            1 => Reasoning {
                latin: Strength::DomainConsistent,
                lines: true,
                fish: false,
                forcing: false,
            },
            2 => Reasoning {
                latin: Strength::DomainConsistent,
                lines: true,
                fish: true,
                forcing: true,
            },
            _ => SOLVE,
        }
    }
}

/// The clues at the two ends of a line, if any.
type ClueFacing = (Option<u32>, Option<u32>);

/// What a constraint of the model stands for, in posting order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Origin {
    Row(usize),
    Column(usize),
    /// The main diagonal (`true`) or the anti-diagonal.
    Diagonal(bool),
    Clue(Side, usize, u32),
    /// The table of a row (`true`) or column's permutations.
    Line(bool, usize),
    /// Each height once per row, over the height-column variables.
    HeightsOfRow(usize),
    /// Height `v` in a different column in every row.
    Fish(u32),
    /// The link between a cell and its row's height-column variable.
    Channel(Cell, u32),
    Forcing,
}

/// The lines that get a permutation table: rows then columns with a clue
/// at either end (`true` for a row).
fn tabled_lines(p: &SkyscrapersPuzzle) -> Vec<(bool, usize)> {
    let n = p.size();
    if n > TABLE_MAX {
        return Vec::new();
    }
    let rows = (0..n)
        .filter(|&i| p.clue(Side::Left, i).is_some() || p.clue(Side::Right, i).is_some())
        .map(|i| (true, i));
    let cols = (0..n)
        .filter(|&i| p.clue(Side::Top, i).is_some() || p.clue(Side::Bottom, i).is_some())
        .map(|i| (false, i));
    rows.chain(cols).collect()
}

/// Every constraint's origin at the given reasoning, in posting order.
fn origins(p: &SkyscrapersPuzzle, reasoning: Reasoning) -> Vec<Origin> {
    let n = p.size();
    let mut out: Vec<Origin> = (0..n).map(Origin::Row).collect();
    out.extend((0..n).map(Origin::Column));
    if p.diagonals() {
        out.extend([Origin::Diagonal(true), Origin::Diagonal(false)]);
    }
    out.extend(p.clues().map(|(s, i, k)| Origin::Clue(s, i, k)));
    if reasoning.lines {
        out.extend(tabled_lines(p).into_iter().map(|(r, i)| Origin::Line(r, i)));
    }
    if reasoning.fish {
        let k = p.tallest();
        out.extend((0..n).map(Origin::HeightsOfRow));
        out.extend((1..=k as u32).map(Origin::Fish));
        for r in 0..n {
            for c in 0..n {
                for v in 1..=k as u32 {
                    // Two clauses per (cell, height).
                    out.push(Origin::Channel(Cell::new(r, c), v));
                    out.push(Origin::Channel(Cell::new(r, c), v));
                }
            }
        }
    }
    if reasoning.forcing && p.blanks() == 0 {
        out.push(Origin::Forcing);
    }
    out
}

/// Every arrangement of `tallest` heights and `n - tallest` empty cells
/// (0) in a line of `n`, with the towers seen from each end: the table of
/// the hard level with empty cells (`n <= TABLE_MAX`, at most `n!` rows).
fn arrangements(n: usize, tallest: usize) -> Permutations {
    let mut line: Vec<Value> = std::iter::repeat_n(0, n - tallest)
        .chain(1..=tallest as Value)
        .collect();
    let mut lines = vec![line.clone()];
    // The next permutation in lexicographic order (each distinct
    // arrangement of the multiset once), from the sorted line.
    while let Some(i) = (1..n).rev().find(|&i| line[i - 1] < line[i]) {
        let j = (i..n).rev().find(|&j| line[j] > line[i - 1]).unwrap_or(i);
        line.swap(i - 1, j);
        line[i..].reverse();
        lines.push(line.clone());
    }
    Permutations::with_seen(lines)
}

/// The clue "`seen` towers are seen" over a line of heights `0..=tallest`
/// where 0 is an empty cell, as an automaton: a state is (the tallest
/// height so far, the towers seen), 0 and a lower height leave it, a
/// taller height is seen. Distinctness is the lines' `gcc`.
fn visible_with_blanks(tallest: usize, seen: usize) -> Result<csp_core::Dfa, ModelError> {
    let state = |t: usize, c: usize| t * (seen + 1) + c;
    let mut transitions = Vec::new();
    for t in 0..=tallest {
        for c in 0..=seen {
            transitions.push((state(t, c), 0, state(t, c)));
            for h in 1..=tallest {
                if h < t {
                    transitions.push((state(t, c), h as Value, state(t, c)));
                } else if h > t && c < seen {
                    transitions.push((state(t, c), h as Value, state(h, c + 1)));
                }
            }
        }
    }
    let accepting: Vec<usize> = (0..=tallest).map(|t| state(t, seen)).collect();
    csp_core::Dfa::new((tallest + 1) * (seen + 1), 0, &accepting, &transitions)
}

/// Each height of `1..=tallest` once on `line`, and 0 on the rest: a
/// closed `gcc` (counting at `latin` below domain consistency).
fn heights_once(
    model: &mut Model,
    line: &[VarId],
    tallest: usize,
    latin: Strength,
) -> Result<ConstraintId, ModelError> {
    let blanks = line.len() - tallest;
    let bounds: Vec<(Value, usize, usize)> = std::iter::once((0, blanks, blanks))
        .chain((1..=tallest as Value).map(|v| (v, 1, 1)))
        .collect();
    let strength = if latin == Strength::DomainConsistent {
        csp_core::GccStrength::DomainConsistent
    } else {
        csp_core::GccStrength::Counting
    };
    let options = csp_core::GccOptions::default()
        .closed()
        .with_strength(strength);
    model.gcc_with(line, &bounds, options)
}

/// Every permutation of `1..=n` (`n <= TABLE_MAX`) with the towers seen
/// from its start and from its end, computed once per side.
struct Permutations {
    lines: Vec<Vec<Value>>,
    seen: Vec<(u32, u32)>,
}

impl Permutations {
    fn of(n: usize) -> &'static Permutations {
        static ALL: [OnceLock<Permutations>; TABLE_MAX + 1] =
            [const { OnceLock::new() }; TABLE_MAX + 1];
        ALL[n].get_or_init(|| {
            let mut lines = Vec::new();
            let mut line: Vec<Value> = (1..=n as Value).collect();
            // Heap's algorithm, iterative.
            let mut c = vec![0usize; n];
            lines.push(line.clone());
            let mut i = 0;
            while i < n {
                if c[i] < i {
                    if i % 2 == 0 {
                        line.swap(0, i);
                    } else {
                        line.swap(c[i], i);
                    }
                    lines.push(line.clone());
                    c[i] += 1;
                    i = 0;
                } else {
                    c[i] = 0;
                    i += 1;
                }
            }
            Permutations::with_seen(lines)
        })
    }

    /// The lines with the towers each shows from its start and its end.
    fn with_seen(lines: Vec<Vec<Value>>) -> Permutations {
        let seen = lines
            .iter()
            .map(|l| {
                let heights = l.iter().map(|&v| v as u32);
                (super::seen(heights.clone()), super::seen(heights.rev()))
            })
            .collect();
        Permutations { lines, seen }
    }

    /// The permutations that show `a` towers from the start and `b` from
    /// the end (either may be absent).
    fn showing(&self, a: Option<u32>, b: Option<u32>) -> Vec<&[Value]> {
        self.lines
            .iter()
            .zip(&self.seen)
            .filter(|(_, (x, y))| a.is_none_or(|a| a == *x) && b.is_none_or(|b| b == *y))
            .map(|(l, _)| l.as_slice())
            .collect()
    }
}

/// The model of `puzzle` with the propagation of `reasoning`.
pub fn build(puzzle: &SkyscrapersPuzzle, reasoning: Reasoning) -> Result<Built, ModelError> {
    let n = puzzle.size();
    let k = puzzle.tallest();
    let blanks = puzzle.blanks() > 0;
    let mut model = Model::new();
    let lowest = Value::from(!blanks);
    let grid = Grid::new_unnamed(&mut model, n, n, lowest..=k as Value)?;
    let at = |c: Cell| grid.cells()[c.row * n + c.col];
    // A line's heights: each once (and the empty cells).
    let once = |model: &mut Model, line: &[VarId]| {
        if blanks {
            heights_once(model, line, k, reasoning.latin)
        } else {
            model.all_different_with(line, reasoning.latin)
        }
    };
    for (i, &var) in grid.cells().iter().enumerate() {
        if let Some(v) = puzzle.given(Cell::new(i / n, i % n)) {
            model.fix(var, v as Value)?;
        }
    }
    for r in 0..n {
        once(&mut model, grid.row(r))?;
    }
    let mut line = Vec::with_capacity(n);
    for c in 0..n {
        line.clear();
        line.extend((0..n).map(|r| grid.cells()[r * n + c]));
        once(&mut model, &line)?;
    }
    if puzzle.diagonals() {
        for main in [true, false] {
            line.clear();
            line.extend(super::diagonal_cells(n, main).into_iter().map(at));
            once(&mut model, &line)?;
        }
    }
    // The automata of the clues with empty cells, one per (clue, count).
    let mut automata: Vec<(u32, csp_core::Dfa)> = Vec::new();
    for (side, i, seen) in puzzle.clues() {
        line.clear();
        line.extend(line_iter(n, side, i).map(at));
        if blanks {
            let j = match automata.iter().position(|(s, _)| *s == seen) {
                Some(j) => j,
                None => {
                    automata.push((seen, visible_with_blanks(k, seen as usize)?));
                    automata.len() - 1
                }
            };
            model.regular(&line, &automata[j].1)?;
        } else {
            model.visible_count(&line, seen as usize)?;
        }
    }
    let tabled = if reasoning.lines {
        tabled_lines(puzzle)
    } else {
        Vec::new()
    };
    if !tabled.is_empty() {
        let with_blanks;
        let all = if blanks {
            with_blanks = arrangements(n, k);
            &with_blanks
        } else {
            Permutations::of(n)
        };
        // Tables are shared by the lines with the same pair of clues.
        let mut cache: Vec<(ClueFacing, Vec<&[Value]>)> = Vec::new();
        for (row, i) in tabled {
            let (first, last) = if row {
                (Side::Left, Side::Right)
            } else {
                (Side::Top, Side::Bottom)
            };
            let key = (puzzle.clue(first, i), puzzle.clue(last, i));
            let at_cache = match cache.iter().position(|(k, _)| *k == key) {
                Some(j) => j,
                None => {
                    cache.push((key, all.showing(key.0, key.1)));
                    cache.len() - 1
                }
            };
            line.clear();
            line.extend(line_iter(n, first, i).map(at));
            model.table(&line, &cache[at_cache].1)?;
        }
    }
    if reasoning.fish {
        // place[r][v - 1]: the column of height v in row r (heights
        // `1..=K`: each is once in every row and column, empty cells or
        // not).
        let place: Vec<Vec<VarId>> = (0..n)
            .map(|_| model.new_vars(k, 0..=n as Value - 1))
            .collect::<Result<_, _>>()?;
        for row in &place {
            model.all_different_with(row, Strength::DomainConsistent)?;
        }
        for v in 0..k {
            let column: Vec<VarId> = place.iter().map(|row| row[v]).collect();
            model.all_different_with(&column, Strength::DomainConsistent)?;
        }
        for (r, row) in place.iter().enumerate() {
            for c in 0..n {
                let x = at(Cell::new(r, c));
                for v in 1..=k {
                    let y = row[v - 1];
                    let (v, c) = (v as Value, c as Value);
                    model.clause(&[Literal::ne(x, v), Literal::eq(y, c)])?;
                    model.clause(&[Literal::ne(y, c), Literal::eq(x, v)])?;
                }
            }
        }
    }
    if reasoning.forcing && !blanks {
        model.add(futoshiki::ForcingChains::new(n, grid.cells().to_vec()))?;
    }
    let cells = grid.cells().iter().copied().map(Some).collect();
    let mut built = Built::with_cells(model, n, n, cells);
    if reasoning.fish {
        built.options = built.options.with_decision_vars(grid.cells());
    }
    Ok(built)
}

/// The deduction `d` of a model [`build`] made, in the player's words.
pub(crate) fn reason(
    puzzle: &SkyscrapersPuzzle,
    built: &Built,
    d: &Deduction,
    placed: bool,
    now: &Progress,
) -> Reason {
    let n = puzzle.size;
    let what = describe(puzzle, d.constraint);
    let reads = words::scope_cells(built, d.constraint);
    let line = |across: bool, i: usize| words::line_cells(across, i, n, n);
    match origins(puzzle, Reasoning::of_level(2)).get(d.constraint.index()) {
        Some(Origin::Row(_) | Origin::Column(_) | Origin::Diagonal(_)) if puzzle.blanks() > 0 => {
            gcc_reason(puzzle, built, now, d, placed, &what)
        }
        Some(Origin::Row(_) | Origin::Column(_) | Origin::Diagonal(_)) => {
            words::house_reason(built, now, d, placed, &what)
        }
        Some(Origin::Clue(side, i, k)) => Reason::new(
            RULES[4].name,
            format!(
                "{k} {} must be seen {}",
                if *k == 1 { "tower" } else { "towers" },
                side.place(*i)
            ),
            reads,
        ),
        Some(&Origin::Line(across, i)) => Reason::new(
            RULES[5].name,
            format!(
                "every order of {} that both its clues allow",
                words::line_name(across, i)
            ),
            line(across, i),
        ),
        Some(Origin::Fish(_) | Origin::HeightsOfRow(_) | Origin::Channel(..)) => Reason::new(
            RULES[6].name,
            "a height's places in some lines lie in as many crossing lines",
            Vec::new(),
        ),
        _ => Reason::new(
            RULES[7].name,
            "each height of a cell with two left leads to the same result",
            Vec::new(),
        ),
    }
}

/// A deduction of a line's `gcc` (with empty cells) in the player's
/// words: the last place of a height or of the empty cells, a height or
/// the empty cells the line already has, or a subset.
fn gcc_reason(
    puzzle: &SkyscrapersPuzzle,
    built: &Built,
    now: &Progress,
    d: &Deduction,
    placed: bool,
    house: &str,
) -> Reason {
    let blanks = puzzle.blanks();
    let what = |v: Value| {
        if v != 0 {
            format!("its {v}")
        } else if blanks == 1 {
            "its empty cell".to_owned()
        } else {
            format!("its {blanks} empty cells")
        }
    };
    let need = |v: Value| if v == 0 { blanks } else { 1 };
    let scope: Vec<VarId> = built
        .model
        .constraint(d.constraint)
        .map_or_else(Vec::new, |k| k.scope().to_vec());
    let cells = |vars: &mut dyn Iterator<Item = &VarId>| -> Vec<Cell> {
        vars.filter_map(|&v| built.cell_of(v)).collect()
    };
    // The other cells that can still hold `v`.
    let places = |v: Value| -> Vec<VarId> {
        scope
            .iter()
            .copied()
            .filter(|&x| x != d.var && now.candidates(x).contains(&v))
            .collect()
    };
    let here = built
        .cell_of(d.var)
        .map_or_else(|| "this cell".to_owned(), |c| c.to_string());
    if placed {
        // Worded as the removals that come with it, so they make one step.
        return Reason::new(
            words::HIDDEN_SINGLE,
            format!(
                "{house} has no other place than {here} for {}",
                what(d.value)
            ),
            cells(&mut places(d.value).iter()),
        );
    }
    if d.rule != csp_core::constraints::cardinality::rules::FLOW {
        // The line has all its `d.value`s elsewhere.
        let holders = words::holders(built, now, d.constraint, d);
        if holders.len() >= need(d.value) {
            return Reason::new(
                words::ELIMINATION,
                format!("{house} has {}", what(d.value)),
                holders,
            );
        }
        // The cell is the last place left for another height (or for the
        // empty cells).
        let needed = now
            .candidates(d.var)
            .iter()
            .copied()
            .find(|&w| w != d.value && places(w).len() < need(w));
        if let Some(w) = needed {
            return Reason::new(
                words::HIDDEN_SINGLE,
                format!("{house} has no other place than {here} for {}", what(w)),
                cells(&mut places(w).iter()),
            );
        }
    }
    Reason::new(
        words::SUBSET,
        format!("the heights and empty cells of {house} fit in its cells only so"),
        cells(&mut scope.iter()),
    )
}

const HOUSE: [Rule; 4] = words::house_rules(Some("Easy"), Some("Hard"));

/// Skyscrapers' named deductions, easiest first, with the level of
/// Tatham's Towers each belongs to.
pub(crate) static RULES: [Rule; 8] = [
    HOUSE[0],
    HOUSE[1],
    HOUSE[2],
    HOUSE[3],
    Rule::new(
        "clue",
        "a clue sees that many towers: the heights its line can still hold allow only some heights in each cell (a 1 sees the tallest first, the clue N an ascending line)",
        Some("Easy"),
    ),
    Rule::new(
        "both clues of a line",
        "every order of a line's heights that both its clues allow agrees on a cell",
        Some("Hard"),
    ),
    Rule::new(
        "single-height fish",
        "a height's places in k rows lying in k columns leave the rest of those columns (X-wing, swordfish)",
        Some("Extreme"),
    ),
    Rule::new(
        "forcing chain",
        "every height of a cell with two left leads to the same removal",
        Some("Extreme"),
    ),
];

/// A constraint of a model [`build`] made, in words: "row 3", "column 2",
/// "the clue 4 left of row 1".
pub fn describe(puzzle: &SkyscrapersPuzzle, c: ConstraintId) -> String {
    match origins(puzzle, Reasoning::of_level(2)).get(c.index()) {
        Some(Origin::Row(r)) => format!("row {}", r + 1),
        Some(Origin::Column(c)) => format!("column {}", c + 1),
        Some(Origin::Diagonal(true)) => "the main diagonal".to_owned(),
        Some(Origin::Diagonal(false)) => "the anti-diagonal".to_owned(),
        Some(Origin::Clue(side, i, k)) => format!("the clue {k} {}", side.place(*i)),
        Some(Origin::Line(true, i)) => format!("the clues of row {} together", i + 1),
        Some(Origin::Line(false, i)) => format!("the clues of column {} together", i + 1),
        Some(Origin::HeightsOfRow(r)) => format!("the heights of row {}", r + 1),
        Some(Origin::Fish(v)) => format!("the columns of height {v} in every row"),
        Some(Origin::Channel(cell, v)) => {
            format!("where height {v} stands in row {}", cell.row + 1)
        }
        Some(Origin::Forcing) => "a forcing chain of cells with two heights left".to_owned(),
        None => format!("constraint {c}"),
    }
}
