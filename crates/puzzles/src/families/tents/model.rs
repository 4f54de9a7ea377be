//! The csp-core model of a Tents puzzle, per level of the ladder, and the
//! ladder's two techniques.
//!
//! # Background
//!
//! A cell can hold a tent only if it is empty and orthogonally next to a
//! tree: each such cell gets a 0/1 variable (1: a tent), every other cell
//! none. Each tree gets a direction variable over the neighbours that are
//! such cells (0 up, 1 right, 2 down, 3 left): where its own tent is. The
//! constraints, posted in this order (the order [`describe`] relies on):
//!
//! 1. for each candidate cell, the number of trees pointing at it equals
//!    its tent variable ([`count_literals`](csp_core::Model::count_literals)
//!    with a variable count): a tent belongs to exactly one tree, a tree
//!    to exactly one tent, so tents and trees pair up one to one;
//! 2. each row count and column count ([`exactly`](csp_core::Model::exactly));
//! 3. at most one tent in every 2x2 window
//!    ([`at_most_one`](csp_core::Model::at_most_one)): two cells touch,
//!    diagonally or not, exactly when a 2x2 window holds both, so this is
//!    "no two tents touch" with a quarter of the constraints of one per
//!    pair (a grid of one row or column uses windows of two cells).
//!
//! The ladder adds techniques that follow Tatham's solver (`tents.c`):
//!
//! - [`Line`] (every level): a row's or column's count and "no two tents
//!   side by side" together, domain consistent along the line by dynamic
//!   programming over (cells seen, tents placed, last cell a tent?) from
//!   both ends; Tatham's Easy solver enumerates the same placements. At
//!   the middle level a line also clears the cells of the next lines that
//!   every placement of its tents touches (Tatham's Tricky row deduction).
//! - [`Corner`] (the middle level): a cell that touches every place left
//!   for some tree's tent, and is not one of them, holds no tent (Tatham's
//!   Tricky rule for a tree with two diagonal places, for any number).
//!
//! # Practical
//!
//! The solving model has no technique: on the bench files search with
//! dom/wdeg over the catalogue constraints was faster than paying for the
//! line programs at every node.
//!
//! # References
//!
//! S. Tatham, *Simon Tatham's Portable Puzzle Collection*, `tents.c` (the
//! rules' precise statement as a perfect matching, and the difficulty
//! levels). G. Pesant, *A regular language membership constraint for
//! finite sequences of variables*, CP 2004 (the forward and backward
//! reachability over a layered graph that [`Line`] specialises).

use super::{Field, KING, ORTHOGONAL, Spot, TentsPuzzle};
use crate::families::words;
use crate::family::{Built, Cell, Reason, Rule};
use crate::generic::Progress;
use csp_core::{
    Conflict, Constraint, ConstraintId, Deduction, Events, Literal, Model, ModelError, Priority,
    PropagationContext, Value, VarId,
};

/// Trace rule names of the techniques.
pub mod rules {
    /// A line's count and "no two side by side" leave one value.
    pub const LINE: &str = "every way to place the line's tents";
    /// Every placement of a line's tents touches this cell of the next line.
    pub const NEXT_LINE: &str = "every way to place the next line's tents touches it";
    /// The cell touches every place left for a tree's tent.
    pub const CORNER: &str = "it touches every place left for a tree's tent";
}

/// The model that solves: the rules alone (search does the rest).
pub(crate) const SOLVE: Option<usize> = None;

/// The structure of a puzzle: candidate cells, trees and their options.
#[derive(Debug)]
pub(crate) struct Layout {
    /// The cells that can hold a tent, row-major.
    pub(crate) spots: Vec<Cell>,
    /// For each square, its index in `spots`.
    index: Vec<Option<u32>>,
    /// The trees, row-major.
    pub(crate) trees: Vec<Cell>,
    /// For each tree, its places: (direction, index in `spots`).
    options: Vec<Vec<(Value, u32)>>,
    /// For each spot, the trees next to it: (tree, direction from the tree).
    claims: Vec<Vec<(u32, Value)>>,
}

impl Layout {
    pub(crate) fn new(field: &Field) -> Layout {
        let cols = field.cols();
        let trees: Vec<Cell> = field.cells_with(Spot::Tree).collect();
        let mut index = vec![None; field.spots().len()];
        let mut spots = Vec::new();
        for (i, &s) in field.spots().iter().enumerate() {
            let cell = Cell::new(i / cols, i % cols);
            if s != Spot::Tree
                && field
                    .around(cell, ORTHOGONAL)
                    .any(|n| field.get(n) == Some(Spot::Tree))
            {
                index[i] = Some(spots.len() as u32);
                spots.push(cell);
            }
        }
        let mut options = Vec::with_capacity(trees.len());
        let mut claims = vec![Vec::new(); spots.len()];
        for (t, &tree) in trees.iter().enumerate() {
            let mut here = Vec::new();
            for (dir, &(dr, dc)) in ORTHOGONAL.iter().enumerate() {
                let n = tree
                    .row
                    .checked_add_signed(dr)
                    .zip(tree.col.checked_add_signed(dc))
                    .filter(|&(r, c)| r < field.rows() && c < cols)
                    .and_then(|(r, c)| index[r * cols + c]);
                if let Some(s) = n {
                    here.push((dir as Value, s));
                    claims[s as usize].push((t as u32, dir as Value));
                }
            }
            options.push(here);
        }
        Layout {
            spots,
            index,
            trees,
            options,
            claims,
        }
    }

    fn spot(&self, r: usize, c: usize, cols: usize) -> Option<u32> {
        self.index[r * cols + c]
    }
}

/// What each constraint of a model stands for, in posting order.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Origin {
    Claim(Cell),
    Row(usize, usize),
    Column(usize, usize),
    Window(Cell),
    Line(bool, usize, usize),
    Corner,
}

/// The posting plan shared by [`build`] and [`describe`]: each line's
/// spots, the windows, and the origins in order.
struct Plan {
    origins: Vec<Origin>,
    /// The rows' then the columns' spots with their positions along the
    /// line: (across, line, count, positions).
    lines: Vec<(bool, usize, usize, Vec<Option<u32>>)>,
    windows: Vec<Vec<u32>>,
    /// A count that no spot can meet (a line without spots asking for
    /// tents).
    impossible: Option<String>,
}

fn plan(p: &TentsPuzzle, layout: &Layout, level: Option<usize>) -> Plan {
    let (rows, cols) = (p.field.rows(), p.field.cols());
    let mut origins: Vec<Origin> = layout.spots.iter().map(|&c| Origin::Claim(c)).collect();
    let mut lines = Vec::new();
    let mut impossible = None;
    for (across, counts, len) in [(true, &p.rows, cols), (false, &p.columns, rows)] {
        for (i, k) in counts.iter().enumerate() {
            let Some(k) = *k else { continue };
            let positions: Vec<Option<u32>> = (0..len)
                .map(|j| {
                    if across {
                        layout.spot(i, j, cols)
                    } else {
                        layout.spot(j, i, cols)
                    }
                })
                .collect();
            if positions.iter().all(Option::is_none) {
                if k > 0 {
                    let what = if across { "row" } else { "column" };
                    impossible.get_or_insert(format!(
                        "{what} {} asks for {k} tents but has no cell next to a tree",
                        i + 1
                    ));
                }
                continue;
            }
            origins.push(if across {
                Origin::Row(i, k)
            } else {
                Origin::Column(i, k)
            });
            lines.push((across, i, k, positions));
        }
    }
    let (h, w) = (rows.min(2), cols.min(2));
    let mut windows = Vec::new();
    for r in 0..=rows - h {
        for c in 0..=cols - w {
            let here: Vec<u32> = (r..r + h)
                .flat_map(|rr| (c..c + w).filter_map(move |cc| layout.spot(rr, cc, cols)))
                .collect();
            if here.len() >= 2 {
                origins.push(Origin::Window(Cell::new(r, c)));
                windows.push(here);
            }
        }
    }
    if level.is_some() {
        origins.extend(lines.iter().map(|(a, i, k, _)| Origin::Line(*a, *i, *k)));
    }
    if level.is_some_and(|l| l >= 1) {
        origins.push(Origin::Corner);
    }
    Plan {
        origins,
        lines,
        windows,
        impossible,
    }
}

/// Tents' named deductions, easiest first.
pub(crate) static RULES: [Rule; 7] = [
    Rule::new(
        "tree pairing",
        "each tree has its own tent next to it: a cell no tree is left to pair with is grass, a tree's last free place is its tent",
        Some("Easy"),
    ),
    Rule::new(
        "tents never touch",
        "the cells around a tent, diagonals too, are grass",
        Some("Easy"),
    ),
    Rule::new(
        "line full",
        "a row or column with all its tents: the rest of it is grass",
        Some("Easy"),
    ),
    Rule::new(
        "line needs every place",
        "a row or column with only as many places as it needs tents: a tent on each",
        Some("Easy"),
    ),
    Rule::new(
        "line placements",
        "every way to place a line's tents, none side by side, agrees on a cell",
        Some("Easy"),
    ),
    Rule::new(
        "next line",
        "every way to place a line's tents touches a cell of the next line: it is grass",
        Some("Tricky"),
    ),
    Rule::new(
        "tree's corner",
        "a cell that touches every place left for a tree's tent (and is not one) is grass",
        Some("Tricky"),
    ),
];

/// The deduction `d` of a level's model of `p` in the player's words.
pub(crate) fn reason(
    p: &TentsPuzzle,
    built: &Built,
    d: &Deduction,
    placed: bool,
    now: &Progress,
) -> Reason {
    let layout = Layout::new(&p.field);
    let plan = plan(p, &layout, Some(1));
    let tent = (d.value == 1) == placed;
    let line = |across: bool, i: usize| words::line_name(across, i);
    let cells = |across: bool, i: usize| words::line_cells(across, i, built.rows, built.cols);
    match plan.origins.get(d.constraint.index()) {
        Some(Origin::Claim(cell)) => {
            let trees: Vec<Cell> = layout
                .trees
                .iter()
                .copied()
                .filter(|t| t.row.abs_diff(cell.row) + t.col.abs_diff(cell.col) == 1)
                .collect();
            let cause = if tent {
                format!("a tree next to {cell} has no other place for its tent")
            } else {
                format!("no tree next to {cell} is left to pair with it")
            };
            Reason::new(RULES[0].name, cause, trees)
        }
        Some(&Origin::Row(i, k) | &Origin::Column(i, k)) => {
            let across = matches!(plan.origins[d.constraint.index()], Origin::Row(..));
            let tents = match k {
                0 => "no tents".to_owned(),
                1 => "one tent".to_owned(),
                k => format!("{k} tents"),
            };
            if tent {
                // One sentence, the rule's bracket the only one: "row 1
                // needs one tent and has only one place left for it".
                let places = match k {
                    1 => "only one place left for it".to_owned(),
                    k => format!("only {k} places left for them"),
                };
                Reason::new(
                    RULES[3].name,
                    format!("{} needs {tents} and has {places}", line(across, i)),
                    cells(across, i),
                )
            } else if k == 0 {
                Reason::new(
                    RULES[2].name,
                    format!("{} needs no tents", line(across, i)),
                    cells(across, i),
                )
            } else {
                Reason::new(
                    RULES[2].name,
                    format!("{} has its {tents}", line(across, i)),
                    cells(across, i),
                )
            }
        }
        Some(Origin::Window(_)) => {
            let at = words::holders(built, now, d.constraint, &Deduction { value: 1, ..*d });
            let cause = match at.first() {
                Some(t) => format!("it touches the tent at {t}"),
                None => "it touches a tent".to_owned(),
            };
            Reason::new(RULES[1].name, cause, at)
        }
        Some(&Origin::Line(across, i, k)) if d.rule == rules::NEXT_LINE => Reason::new(
            RULES[5].name,
            format!(
                "every way to place the {k} tents of {} touches it",
                line(across, i)
            ),
            cells(across, i),
        ),
        Some(&Origin::Line(across, i, k)) => Reason::new(
            RULES[4].name,
            format!(
                "every way to place the {k} tents of {} agrees",
                line(across, i)
            ),
            cells(across, i),
        ),
        _ => Reason::new(
            RULES[6].name,
            "it touches every place left for a tree's tent",
            Vec::new(),
        ),
    }
}

/// A constraint of the model of `p` (any level) in words.
pub(crate) fn describe(p: &TentsPuzzle, c: ConstraintId) -> String {
    let layout = Layout::new(&p.field);
    let plan = plan(p, &layout, Some(1));
    match plan.origins.get(c.index()) {
        Some(Origin::Claim(cell)) => {
            format!("the trees next to {cell} (a tent there is one tree's)")
        }
        Some(Origin::Row(i, k)) => format!("row {} ({k} tents)", i + 1),
        Some(Origin::Column(i, k)) => format!("column {} ({k} tents)", i + 1),
        Some(Origin::Window(cell)) => format!("the 2x2 square from {cell} (tents never touch)"),
        Some(Origin::Line(true, i, k)) => format!("row {} ({k} tents, none side by side)", i + 1),
        Some(Origin::Line(false, i, k)) => {
            format!("column {} ({k} tents, none side by side)", i + 1)
        }
        Some(Origin::Corner) => "the places left for the trees' tents".to_owned(),
        None => c.to_string(),
    }
}

/// The model of `p`: the rules alone (`level` `None`, for solving), or
/// the model of ladder level `level` (0: plus [`Line`]; 1 and above: plus
/// its next-line deduction and [`Corner`]).
pub(crate) fn build(p: &TentsPuzzle, level: Option<usize>) -> Result<Built, ModelError> {
    let layout = Layout::new(&p.field);
    let plan = plan(p, &layout, level);
    if let Some(reason) = plan.impossible {
        return Err(ModelError::InvalidArgument {
            constraint: "tents count".to_owned(),
            reason,
        });
    }
    if let Some(t) = layout.options.iter().position(Vec::is_empty) {
        return Err(ModelError::InvalidArgument {
            constraint: "tents tree".to_owned(),
            reason: format!(
                "the tree at {} has no free cell next to it",
                layout.trees[t]
            ),
        });
    }
    let mut model = Model::new();
    let tents = model.new_bools(layout.spots.len())?;
    let dirs: Vec<VarId> = layout
        .options
        .iter()
        .map(|o| model.new_var(o.iter().map(|&(d, _)| d).collect::<Vec<Value>>()))
        .collect::<Result<_, _>>()?;
    for (s, claims) in layout.claims.iter().enumerate() {
        let lits: Vec<Literal> = claims
            .iter()
            .map(|&(t, d)| Literal::eq(dirs[t as usize], d))
            .collect();
        model.count_literals(&lits, csp_core::RelOp::Eq, tents[s])?;
    }
    for (_, _, k, positions) in &plan.lines {
        let vars: Vec<VarId> = positions
            .iter()
            .flatten()
            .map(|&s| tents[s as usize])
            .collect();
        model.exactly(&vars, 1, *k)?;
    }
    for w in &plan.windows {
        let vars: Vec<VarId> = w.iter().map(|&s| tents[s as usize]).collect();
        model.at_most_one(&vars)?;
    }
    if let Some(level) = level {
        for (across, i, k, positions) in &plan.lines {
            let next = if level >= 1 {
                neighbour_lines(p, &layout, *across, *i, positions.len())
            } else {
                Vec::new()
            };
            model.add(Line::new(*k, positions, &next, &tents))?;
        }
        // A field without trees has nothing for the rule to watch (an
        // empty scope is a model error).
        if level >= 1 && !dirs.is_empty() {
            model.add(Corner::new(&layout, &tents, &dirs))?;
        }
    }
    let cols = p.field.cols();
    let mut built = Built::new(model, p.field.rows(), cols);
    for (s, cell) in layout.spots.iter().enumerate() {
        built.cells[cell.row * cols + cell.col] = Some(tents[s]);
    }
    Ok(built)
}

/// For each position of line `i`, the spots at that position in the lines
/// just before and after it.
fn neighbour_lines(
    p: &TentsPuzzle,
    layout: &Layout,
    across: bool,
    i: usize,
    len: usize,
) -> Vec<[Option<u32>; 2]> {
    let (rows, cols) = (p.field.rows(), p.field.cols());
    let lines = if across { rows } else { cols };
    (0..len)
        .map(|j| {
            let at = |other: Option<usize>| {
                let o = other.filter(|&o| o < lines)?;
                if across {
                    layout.spot(o, j, cols)
                } else {
                    layout.spot(j, o, cols)
                }
            };
            [at(i.checked_sub(1)), at(Some(i + 1))]
        })
        .collect()
}

/// One line's count and "no two tents side by side", domain consistent,
/// with (when `next` is given) the cells of the next lines that every
/// placement touches.
#[derive(Debug)]
struct Line {
    /// The line's spots, then the next lines' (distinct).
    scope: Vec<VarId>,
    /// Tents in the line.
    count: usize,
    /// Each position's index in `scope`, `None` for a cell with no tent.
    positions: Vec<Option<u32>>,
    /// Each position's cells in the lines before and after (indices into
    /// `scope`), empty when the next-line deduction is off.
    next: Vec<[Option<u32>; 2]>,
}

impl Line {
    fn new(
        count: usize,
        positions: &[Option<u32>],
        next: &[[Option<u32>; 2]],
        tents: &[VarId],
    ) -> Line {
        let mut scope = Vec::new();
        let mut place = |s: Option<u32>| {
            s.map(|s| {
                let v = tents[s as usize];
                match scope.iter().position(|&x| x == v) {
                    Some(i) => i as u32,
                    None => {
                        scope.push(v);
                        (scope.len() - 1) as u32
                    }
                }
            })
        };
        let positions: Vec<Option<u32>> = positions.iter().map(|&s| place(s)).collect();
        let next = next.iter().map(|&[a, b]| [place(a), place(b)]).collect();
        Line {
            scope,
            count,
            positions,
            next,
        }
    }
}

/// `(can be empty, can be a tent)` for a position.
fn options(ctx: &PropagationContext<'_>, scope: &[VarId], p: Option<u32>) -> (bool, bool) {
    match p {
        None => (true, false),
        Some(i) => {
            let v = scope[i as usize];
            (ctx.contains(v, 0), ctx.contains(v, 1))
        }
    }
}

impl Constraint for Line {
    /// Explained by its scope's domains: it reads nothing else, and what
    /// it deduces from them follows from the puzzle's rules.
    fn explain(&self, ctx: &mut csp_core::ExplainContext<'_>, _what: csp_core::Explaining) {
        ctx.push_scope(self.scope());
    }

    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        let tent = |p: &Option<u32>| p.is_some_and(|i| values[i as usize] == 1);
        let placed = self.positions.iter().filter(|p| tent(p)).count();
        placed == self.count
            && !self
                .positions
                .windows(2)
                .any(|w| tent(&w[0]) && tent(&w[1]))
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let mut words = ctx.take_words();
        let result = self.run(ctx, &mut words);
        ctx.give_back_words(words);
        result
    }

    fn events(&self) -> Events {
        Events::FIXED
    }

    fn priority(&self) -> Priority {
        Priority::new(4)
    }

    fn name(&self) -> &str {
        "tents line"
    }
}

impl Line {
    /// `words` holds, for `p` in `0..=len`, `fwd[p][last]` then
    /// `bwd[p][prev]`: bit `j` of `fwd[p][last]` says the first `p` cells
    /// can hold `j` tents with the last one a tent iff `last`; bit `t` of
    /// `bwd[p][prev]` says cells `p..` can hold `t` tents after a cell
    /// that is a tent iff `prev`.
    fn run(&self, ctx: &mut PropagationContext<'_>, words: &mut Vec<u64>) -> Result<(), Conflict> {
        let len = self.positions.len();
        let k = self.count;
        if k >= 64 {
            return Ok(());
        }
        let keep = if k == 63 {
            u64::MAX
        } else {
            (1u64 << (k + 1)) - 1
        };
        words.resize(4 * (len + 1), 0);
        let (fwd, bwd) = words.split_at_mut(2 * (len + 1));
        fwd[0] = 1;
        fwd[1] = 0;
        for p in 0..len {
            let (empty, tent) = options(ctx, &self.scope, self.positions[p]);
            let (f0, f1) = (fwd[2 * p], fwd[2 * p + 1]);
            fwd[2 * p + 2] = if empty { f0 | f1 } else { 0 };
            fwd[2 * p + 3] = if tent { (f0 << 1) & keep } else { 0 };
        }
        bwd[2 * len] = 1;
        bwd[2 * len + 1] = 1;
        for p in (0..len).rev() {
            let (empty, tent) = options(ctx, &self.scope, self.positions[p]);
            let (b0, b1) = (bwd[2 * p + 2], bwd[2 * p + 3]);
            let rest = if empty { b0 } else { 0 };
            bwd[2 * p] = rest | if tent { (b1 << 1) & keep } else { 0 };
            bwd[2 * p + 1] = rest;
        }
        // `j` tents before and `t` after make `k` in all.
        let meets = |before: u64, after: u64| {
            (0..=k).any(|j| before >> j & 1 == 1 && after >> (k - j) & 1 == 1)
        };
        if !meets(fwd[2 * len] | fwd[2 * len + 1], 1) {
            return Err(ctx.conflict());
        }
        // Supports computed on these domains stay valid as they narrow.
        for p in 0..len {
            let Some(i) = self.positions[p] else { continue };
            let (f0, f1) = (fwd[2 * p], fwd[2 * p + 1]);
            let (empty, tent) = options(ctx, &self.scope, Some(i));
            let empty_ok = empty && meets(f0 | f1, bwd[2 * p + 2]);
            let tent_ok = tent && k >= 1 && meets(f0 << 1, bwd[2 * p + 3]);
            if empty && !empty_ok {
                ctx.set_rule(rules::LINE);
                ctx.remove(self.scope[i as usize], 0)?;
            }
            if tent && !tent_ok {
                ctx.set_rule(rules::LINE);
                ctx.remove(self.scope[i as usize], 1)?;
            }
        }
        if self.next.is_empty() {
            return Ok(());
        }
        // A cell of the next lines at position `q` is touched by every
        // placement unless one leaves `q - 1..=q + 1` empty.
        for q in 0..len {
            if self.next[q]
                .iter()
                .all(|n| n.is_none_or(|i| !ctx.contains(self.scope[i as usize], 1)))
            {
                continue;
            }
            let a = q.saturating_sub(1);
            let b = (q + 2).min(len);
            let clear = (a..b).all(|p| options(ctx, &self.scope, self.positions[p]).0);
            let avoidable = clear && meets(fwd[2 * a] | fwd[2 * a + 1], bwd[2 * b]);
            if !avoidable {
                for n in self.next[q].into_iter().flatten() {
                    if ctx.contains(self.scope[n as usize], 1) {
                        ctx.set_rule(rules::NEXT_LINE);
                        ctx.remove(self.scope[n as usize], 1)?;
                    }
                }
            }
        }
        Ok(())
    }
}

/// A cell that touches every place left for a tree's tent, and is not one
/// of them, holds no tent.
#[derive(Debug)]
struct Corner {
    /// The spots' tent variables, then the trees' direction variables.
    scope: Vec<VarId>,
    spots: usize,
    /// For each tree, its places: (direction, spot).
    options: Vec<Vec<(Value, u32)>>,
    /// For each spot, the spots it touches (king moves).
    touches: Vec<Vec<u32>>,
}

impl Corner {
    fn new(layout: &Layout, tents: &[VarId], dirs: &[VarId]) -> Corner {
        let touches = layout
            .spots
            .iter()
            .map(|&c| {
                KING.iter()
                    .filter_map(|&(dr, dc)| {
                        let r = c.row.checked_add_signed(dr)?;
                        let col = c.col.checked_add_signed(dc)?;
                        layout
                            .spots
                            .iter()
                            .position(|&s| s == Cell::new(r, col))
                            .map(|i| i as u32)
                    })
                    .collect()
            })
            .collect();
        Corner {
            scope: tents.iter().chain(dirs).copied().collect(),
            spots: tents.len(),
            options: layout.options.clone(),
            touches,
        }
    }
}

impl Constraint for Corner {
    /// Explained by its scope's domains: it reads nothing else, and what
    /// it deduces from them follows from the puzzle's rules.
    fn explain(&self, ctx: &mut csp_core::ExplainContext<'_>, _what: csp_core::Explaining) {
        ctx.push_scope(self.scope());
    }

    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn is_satisfied(&self, _: &[Value]) -> bool {
        // A technique: the rules are the other constraints of the model.
        true
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        for (t, options) in self.options.iter().enumerate() {
            let dir = self.scope[self.spots + t];
            if ctx.is_fixed(dir) {
                continue;
            }
            let mut first = None;
            let mut others = 0usize;
            for &(d, s) in options {
                if ctx.contains(dir, d) {
                    if first.is_none() {
                        first = Some(s);
                    } else {
                        others += 1;
                    }
                }
            }
            let Some(first) = first else { continue };
            if others == 0 {
                continue;
            }
            for &c in &self.touches[first as usize] {
                let var = self.scope[c as usize];
                if !ctx.contains(var, 1) {
                    continue;
                }
                let is_option = options.iter().any(|&(d, s)| s == c && ctx.contains(dir, d));
                let touches_all = options
                    .iter()
                    .filter(|&&(d, _)| ctx.contains(dir, d))
                    .all(|&(_, s)| self.touches[s as usize].contains(&c));
                if !is_option && touches_all {
                    ctx.set_rule(rules::CORNER);
                    ctx.remove(var, 1)?;
                    return Ok(());
                }
            }
        }
        Ok(())
    }

    fn events(&self) -> Events {
        Events::DOMAIN
    }

    fn priority(&self) -> Priority {
        Priority::new(5)
    }

    fn name(&self) -> &str {
        "tents corner"
    }
}
