//! Placement: pieces laid on cells, each in one of its possible places,
//! every cell covered by one piece (or by at most one).
//!
//! # Background
//!
//! Shikaku cuts the grid into rectangles, one per clue, of the clue's area;
//! LITS lays one tetromino in every region; pentomino and polyomino packing
//! puzzles, Tetroid, Statue Park and many others lay given shapes. In each,
//! a *piece* has a list of possible *placements* (the sets of cells it can
//! cover), and every cell is covered by exactly one piece (Shikaku) or by
//! at most one (LITS). [`Model::placement`] says this over one variable per
//! cell, the *cell label*: a cell covered by piece `p` takes `p`'s value,
//! an uncovered cell (with [`Cover::AtMost`]) the empty value. The labels
//! themselves make the covering exact: a cell has one value, so one piece.
//!
//! One propagator per piece keeps the piece's *live* placements: those
//! still possible, i.e. every cell they cover can still take the piece's
//! value, and no cell outside them is already fixed to it (and, for a
//! tagged piece, the tag can still take the placement's tag). Then:
//!
//! - a placement is ruled out when a cell it would cover is *taken*: the
//!   piece's value has left that cell's domain ("placement ruled out");
//! - a cell no live placement covers loses the piece's value ("not
//!   reachable");
//! - a cell every live placement covers is fixed to the piece's value
//!   ("covered by every placement");
//! - with a tag variable, a tag no live placement has is removed;
//! - a piece with no live placement fails.
//!
//! This is *domain consistent for each piece on its own*: after a call,
//! every value left in a cell of the piece (the piece's, or another) and in
//! its tag is used by a live placement. It does not solve the exact cover
//! as a whole (two pieces that can only share one cell are found out when
//! one of them takes it, not before); a search over the labels does the
//! rest, and Shikaku's and LITS's published puzzles need little of it.
//!
//! **Explanations.** A cell that loses a piece's value is explained by why
//! each placement over it died: a cell of that placement that had lost the
//! value (`x != p`), a cell outside it that was fixed to it (`x == p`), or
//! the tag (`tag != t`), one each, chosen greedily so that one literal
//! covers as many placements as it can. A cell fixed to the piece is
//! explained the same way by the placements that do not cover it, and a
//! failure by all of them.
//!
//! # Practical
//!
//! - Placements are stored as bitsets over the piece's candidate cells
//!   (the union of its placements), the live ones as a bitset in trailed
//!   state words. A call reads the candidate cells' domains once
//!   (`O(cells)`), and returns at once if nothing the piece depends on has
//!   changed since its last call (its excluded and fixed cells only grow on
//!   a branch, so a count of them tells); otherwise it tests each live
//!   placement against the excluded and fixed cells (`O(live x cells / 64)`
//!   word operations) and collects the union and intersection of the
//!   survivors. No allocation per call (the solver's scratch buffers). One
//!   call reaches the piece's fixpoint ([`idempotent`](Constraint::idempotent)).
//! - Posting restricts every cell's initial domain to the values of the
//!   pieces that can cover it (and the empty value): a cell no piece can
//!   cover, under [`Cover::Exactly`], makes the model unsatisfiable (not an
//!   error). Pieces that can cover a common cell must have different
//!   values; the empty value must differ from every piece's.
//! - [`rectangles`] and [`polyominoes`] list the placements of the usual
//!   shapes on a grid, so a family does not enumerate them by hand.
//!
//! ```
//! use csp_core::constraints::placement::{Cover, Piece, rectangles};
//! use csp_core::{Model, Solver};
//! // A 2x3 Shikaku: a 4 at r1c1 and a 2 at r2c3.
//! let mut model = Model::new();
//! let cells = model.new_vars(6, 0..=1)?; // the label: which clue's rectangle
//! let pieces = [
//!     Piece::new(0, rectangles(2, 3, 0, 0, 4)),
//!     Piece::new(1, rectangles(2, 3, 1, 2, 2)),
//! ];
//! model.placement(&cells, &pieces, Cover::Exactly)?;
//! assert_eq!(Solver::new(&model).count(None).count, 1); // 2x2, then the 2x1 at the right
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # References
//!
//! The live set of placements is compact-table's live set of tuples
//! (Demeulenaere et al., CP 2016) with the tuples stored by what they
//! cover; D. E. Knuth, *Dancing links* (2000), for exact cover by
//! placements; D. H. Redelmeier, *Counting polyominoes: yet another
//! attack*, Discrete Mathematics 36 (1981), for [`polyominoes`].

use crate::constraint::{Conflict, Constraint, ConstraintId, Events, Priority};
use crate::error::ModelError;
use crate::learn::{ExplainContext, Explaining};
use crate::propagation::PropagationContext;
use crate::variable::{Value, VarId};
use crate::{Literal, Model};

/// Rule names used in traces.
pub mod rules {
    /// A cell no live placement of the piece covers.
    pub const NOT_REACHABLE: &str = "placement: no placement covers the cell";
    /// A cell every live placement of the piece covers.
    pub const COVERED: &str = "placement: covered by every placement";
    /// A tag no live placement has.
    pub const TAG: &str = "placement: no placement has the tag";
    /// A piece with no live placement.
    pub const NO_PLACEMENT: &str = "placement: no placement left";
}

/// Whether every cell must be covered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Cover {
    /// Every cell is covered by exactly one piece (Shikaku, Galaxies).
    Exactly,
    /// Every cell is covered by at most one piece; an uncovered cell takes
    /// the value `empty` (LITS: 0 unshaded, the tetromino's cells 1).
    AtMost {
        /// The value of an uncovered cell.
        empty: Value,
    },
}

/// One piece for [`Model::placement`]: the value its cells take and the
/// sets of cells (indices into the cells given to `placement`) it may
/// cover, optionally with a tag per placement (its shape, its
/// orientation) that a variable of the model takes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    value: Value,
    placements: Vec<Vec<usize>>,
    tag: Option<(VarId, Vec<Value>)>,
}

impl Piece {
    /// A piece of value `value` with these possible placements (each a set
    /// of cell indices; order and repeats do not matter).
    pub fn new(value: Value, placements: Vec<Vec<usize>>) -> Piece {
        Piece {
            value,
            placements,
            tag: None,
        }
    }

    /// The same piece with a tag: `var` takes `tags[k]` when the piece is
    /// in placement `k` (LITS: the tetromino's letter). `tags` has one
    /// value per placement.
    pub fn with_tag(mut self, var: VarId, tags: Vec<Value>) -> Piece {
        self.tag = Some((var, tags));
        self
    }

    /// The piece's value.
    pub fn value(&self) -> Value {
        self.value
    }

    /// The possible placements, as given.
    pub fn placements(&self) -> &[Vec<usize>] {
        &self.placements
    }
}

/// The placements of one piece (see the [module docs](self)). Posted by
/// [`Model::placement`], one per piece.
#[derive(Clone, Debug)]
pub struct Placement {
    /// The candidate cells (the union of the placements), in increasing
    /// order of their index in the cells given, then the tag, if any.
    scope: Vec<VarId>,
    /// How many candidate cells (the scope less the tag).
    cells: usize,
    value: Value,
    /// Placement `k` covers the candidate cells of bits
    /// `covers[k * cw..(k + 1) * cw]`.
    covers: Vec<u64>,
    /// Words per placement bitset.
    cw: usize,
    placements: usize,
    /// The tag of each placement (empty without a tag).
    tags: Vec<Value>,
}

/// State: word 0 the signature of the last call (how many cells were
/// excluded or fixed, and tags removed), then the live placements.
const LIVE: usize = 1;
/// Added to the signature for the tag (less its domain size).
const TAG_BASE: u64 = 1 << 32;

impl Placement {
    fn has_tag(&self) -> bool {
        !self.tags.is_empty()
    }

    fn tag_var(&self) -> Option<VarId> {
        self.has_tag().then(|| self.scope[self.cells])
    }

    fn cover(&self, k: usize) -> &[u64] {
        &self.covers[k * self.cw..(k + 1) * self.cw]
    }

    fn covers_cell(&self, k: usize, i: usize) -> bool {
        self.covers[k * self.cw + i / 64] >> (i % 64) & 1 != 0
    }

    fn run(
        &self,
        ctx: &mut PropagationContext<'_>,
        s: &mut crate::Scratch,
    ) -> Result<(), Conflict> {
        let cw = self.cw;
        let lw = self.placements.div_ceil(64);
        // s.words: [excluded cw][fixed cw][union cw][intersection cw][live lw]
        s.words.resize(4 * cw + lw, 0);
        let (excluded, rest) = s.words.split_at_mut(cw);
        let (fixed, rest) = rest.split_at_mut(cw);
        let (union, rest) = rest.split_at_mut(cw);
        let (inter, live) = rest.split_at_mut(cw);
        let mut signature = 0u64;
        for (i, &x) in self.scope[..self.cells].iter().enumerate() {
            if !ctx.contains(x, self.value) {
                excluded[i / 64] |= 1 << (i % 64);
                signature += 1;
            } else if ctx.is_fixed(x) {
                fixed[i / 64] |= 1 << (i % 64);
                signature += 1;
            }
        }
        let tag = self.tag_var();
        if let Some(t) = tag {
            signature += TAG_BASE - u64::from(ctx.size(t));
        }
        let state = ctx.state();
        if state[0] == signature + 1 {
            return Ok(()); // nothing changed since the last fixpoint
        }
        live.copy_from_slice(&state[LIVE..LIVE + lw]);
        union.fill(0);
        inter.fill(u64::MAX);
        let mut left = 0usize;
        for (wk, word) in live.iter_mut().enumerate() {
            let mut bits = *word;
            while bits != 0 {
                let k = 64 * wk + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let p = self.cover(k);
                let dead = (0..cw).any(|j| p[j] & excluded[j] != 0 || fixed[j] & !p[j] != 0)
                    || tag.is_some_and(|t| !ctx.contains(t, self.tags[k]));
                if dead {
                    *word &= !(1 << (k % 64));
                } else {
                    left += 1;
                    for j in 0..cw {
                        union[j] |= p[j];
                        inter[j] &= p[j];
                    }
                }
            }
        }
        ctx.set_states(LIVE, live);
        if left == 0 {
            ctx.set_rule(rules::NO_PLACEMENT);
            return Err(ctx.conflict());
        }
        for (i, &x) in self.scope[..self.cells].iter().enumerate() {
            let (j, b) = (i / 64, 1u64 << (i % 64));
            if excluded[j] & b != 0 || fixed[j] & b != 0 {
                continue;
            }
            if union[j] & b == 0 {
                ctx.set_rule(rules::NOT_REACHABLE);
                ctx.remove(x, self.value)?;
                signature += 1;
            } else if inter[j] & b != 0 {
                ctx.set_rule(rules::COVERED);
                ctx.fix(x, self.value)?;
                signature += 1;
            }
        }
        if let Some(t) = tag {
            let before = ctx.size(t);
            let live = &s.words[4 * cw..];
            ctx.set_rule(rules::TAG);
            let values = &mut s.values;
            values.clear();
            values.extend(ctx.iter(t));
            for &v in values.iter() {
                let supported = live.iter().enumerate().any(|(wk, &word)| {
                    let mut bits = word;
                    while bits != 0 {
                        let k = 64 * wk + bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        if self.tags[k] == v {
                            return true;
                        }
                    }
                    false
                });
                if !supported {
                    ctx.remove(t, v)?;
                }
            }
            signature += u64::from(before - ctx.size(t));
        }
        ctx.set_state(0, signature + 1);
        Ok(())
    }
}

/// The explanation of a piece's deductions: why each placement of a set
/// died, at the moment being explained.
impl Placement {
    /// The literal that kills placement `k` at the moment (`Some`), the one
    /// of the candidates of `k` that also kills most of `targets`.
    fn killer(&self, ctx: &ExplainContext<'_>, k: usize, targets: &[usize]) -> Option<Killer> {
        let mut best: Option<(usize, Killer)> = None;
        let consider = |killer: Killer, best: &mut Option<(usize, Killer)>| {
            let hits = targets.iter().filter(|&&q| self.kills(killer, q)).count();
            if best.is_none_or(|(h, _)| hits > h) {
                *best = Some((hits, killer));
            }
        };
        for (i, &x) in self.scope[..self.cells].iter().enumerate() {
            if self.covers_cell(k, i) {
                if !ctx.contains(x, self.value) {
                    consider(Killer::Excluded(i), &mut best);
                }
            } else if ctx.value(x) == Some(self.value) {
                consider(Killer::Fixed(i), &mut best);
            }
        }
        if let Some(t) = self.tag_var() {
            if !ctx.contains(t, self.tags[k]) {
                consider(Killer::Tag(self.tags[k]), &mut best);
            }
        }
        best.map(|(_, killer)| killer)
    }

    /// Whether `killer` rules out placement `k`.
    fn kills(&self, killer: Killer, k: usize) -> bool {
        match killer {
            Killer::Excluded(i) => self.covers_cell(k, i),
            Killer::Fixed(i) => !self.covers_cell(k, i),
            Killer::Tag(v) => self.tags[k] == v,
        }
    }

    fn literal(&self, killer: Killer) -> Literal {
        match killer {
            Killer::Excluded(i) => Literal::ne(self.scope[i], self.value),
            Killer::Fixed(i) => Literal::eq(self.scope[i], self.value),
            Killer::Tag(v) => Literal::ne(self.scope[self.cells], v),
        }
    }

    /// Pushes a reason for the death of every placement `pick` accepts;
    /// `false` if one of them was not dead.
    fn explain_dead(&self, ctx: &mut ExplainContext<'_>, pick: impl Fn(usize) -> bool) -> bool {
        let targets: Vec<usize> = (0..self.placements).filter(|&k| pick(k)).collect();
        let mut chosen: Vec<Killer> = Vec::new();
        for &k in &targets {
            if chosen.iter().any(|&c| self.kills(c, k)) {
                continue;
            }
            let Some(killer) = self.killer(ctx, k, &targets) else {
                return false;
            };
            chosen.push(killer);
        }
        for c in chosen {
            let literal = self.literal(c);
            ctx.push(literal);
        }
        true
    }
}

/// One reason a placement is ruled out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Killer {
    /// Candidate cell `i`, covered by the placement, lost the value.
    Excluded(usize),
    /// Candidate cell `i`, not covered by it, was fixed to the value.
    Fixed(usize),
    /// The tag lost this value.
    Tag(Value),
}

impl Constraint for Placement {
    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        let cells = &values[..self.cells];
        (0..self.placements).any(|k| {
            cells
                .iter()
                .enumerate()
                .all(|(i, &v)| (v == self.value) == self.covers_cell(k, i))
                && (!self.has_tag() || values[self.cells] == self.tags[k])
        })
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        if self.placements == 0 {
            ctx.set_rule(rules::NO_PLACEMENT);
            return Err(ctx.conflict());
        }
        let mut s = ctx.take_scratch();
        let result = self.run(ctx, &mut s);
        ctx.give_back_scratch(s);
        result
    }

    fn explain(&self, ctx: &mut ExplainContext<'_>, what: Explaining) {
        let ok = match what {
            Explaining::Removal { var, value } => {
                if Some(var) == self.tag_var() {
                    self.explain_dead(ctx, |k| self.tags[k] == value)
                } else if let Some(i) = self.scope[..self.cells].iter().position(|&x| x == var) {
                    if value == self.value {
                        self.explain_dead(ctx, |k| self.covers_cell(k, i))
                    } else {
                        self.explain_dead(ctx, |k| !self.covers_cell(k, i))
                    }
                } else {
                    false
                }
            }
            Explaining::Failure => self.explain_dead(ctx, |_| true),
        };
        if !ok {
            ctx.push_scope(self.scope());
        }
    }

    fn events(&self) -> Events {
        Events::DOMAIN
    }

    fn priority(&self) -> Priority {
        Priority::new(2)
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn name(&self) -> &str {
        "placement"
    }

    fn state_words(&self) -> usize {
        LIVE + self.placements.div_ceil(64)
    }

    fn init_state(&self, _: &crate::Domains<'_>, state: &mut [u64]) {
        for k in 0..self.placements {
            state[LIVE + k / 64] |= 1 << (k % 64);
        }
    }
}

/// Every rectangle of `area` cells inside a `rows x cols` grid that
/// contains the cell (`row`, `col`), as sets of row-major cell indices
/// (Shikaku's placements of a clue), by height, then top row, then left
/// column. None if `area` is 0 or the cell is outside the grid.
///
/// ```
/// use csp_core::constraints::placement::rectangles;
/// // A 2 at the corner of a 3x3 grid: across or down.
/// assert_eq!(rectangles(3, 3, 0, 0, 2), vec![vec![0, 1], vec![0, 3]]);
/// ```
pub fn rectangles(
    rows: usize,
    cols: usize,
    row: usize,
    col: usize,
    area: usize,
) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    if row >= rows || col >= cols {
        return out;
    }
    for h in 1..=area.min(rows) {
        if area % h != 0 || area / h > cols {
            continue;
        }
        let w = area / h;
        for top in row.saturating_sub(h - 1)..=row.min(rows - h) {
            for left in col.saturating_sub(w - 1)..=col.min(cols - w) {
                out.push(
                    (top..top + h)
                        .flat_map(|r| (left..left + w).map(move |c| r * cols + c))
                        .collect(),
                );
            }
        }
    }
    out
}

/// Every set of `size` orthogonally connected cells of a `rows x cols`
/// grid inside `within` (row-major cell indices), each once, as sorted
/// index lists in increasing order: the placements of any polyomino of
/// that size in a region (LITS: the tetrominoes of a region, then
/// classified by shape). Redelmeier's enumeration: each set is built from
/// its smallest cell by adding cells larger than it, so none is listed
/// twice. The count grows exponentially with `size`: meant for small
/// pieces.
///
/// ```
/// use csp_core::constraints::placement::polyominoes;
/// // The 2x2 grid holds four L-trominoes.
/// assert_eq!(polyominoes(2, 2, &[0, 1, 2, 3], 3).len(), 4);
/// ```
pub fn polyominoes(rows: usize, cols: usize, within: &[usize], size: usize) -> Vec<Vec<usize>> {
    let n = rows * cols;
    let mut inside = vec![false; n];
    for &c in within {
        if c < n {
            inside[c] = true;
        }
    }
    let neighbours = |c: usize| {
        let (r, k) = (c / cols, c % cols);
        [
            (r > 0).then(|| c - cols),
            (k > 0).then(|| c - 1),
            (k + 1 < cols).then(|| c + 1),
            (r + 1 < rows).then(|| c + cols),
        ]
        .into_iter()
        .flatten()
    };
    let mut out = Vec::new();
    if size == 0 {
        return out;
    }
    let mut seen = vec![false; n];
    let mut current = Vec::with_capacity(size);
    for start in (0..n).filter(|&c| inside[c]) {
        // Grow from `start` through cells larger than it; `seen` marks the
        // cells in the set or ever offered to it on the current path.
        seen[start] = true;
        let allowed = |c: usize| inside[c] && c > start;
        redelmeier(
            &mut current,
            vec![start],
            &mut seen,
            size,
            &allowed,
            &neighbours,
            &mut out,
        );
        seen[start] = false;
    }
    for p in &mut out {
        p.sort_unstable();
    }
    out.sort();
    out
}

/// One step of Redelmeier's enumeration: every set made of `current` and
/// cells of `untried` (then of their new neighbours), of `size` cells.
fn redelmeier<N: Iterator<Item = usize>>(
    current: &mut Vec<usize>,
    mut untried: Vec<usize>,
    seen: &mut [bool],
    size: usize,
    allowed: &dyn Fn(usize) -> bool,
    neighbours: &dyn Fn(usize) -> N,
    out: &mut Vec<Vec<usize>>,
) {
    while let Some(c) = untried.pop() {
        current.push(c);
        if current.len() == size {
            out.push(current.clone());
        } else {
            let mut next = untried.clone();
            let first_new = next.len();
            for u in neighbours(c) {
                if allowed(u) && !seen[u] {
                    seen[u] = true;
                    next.push(u);
                }
            }
            let added: Vec<usize> = next[first_new..].to_vec();
            redelmeier(current, next, seen, size, allowed, neighbours, out);
            for u in added {
                seen[u] = false;
            }
        }
        current.pop();
    }
}

impl Model {
    /// Lays `pieces` on `cells` (see the [module
    /// docs](crate::constraints::placement)): each piece covers the cells
    /// of one of its placements, which take its value; with
    /// [`Cover::Exactly`] every cell is covered by one piece, with
    /// [`Cover::AtMost`] by at most one, the others taking the empty
    /// value. Posts one propagator per piece and returns their ids, in the
    /// order of the pieces.
    ///
    /// Restricts each cell's initial domain to the values of the pieces
    /// that can cover it (and the empty value). Errors: a cell index out
    /// of range, a repeated cell, two pieces with the same value that can
    /// cover a common cell, the empty value used by a piece, a tag list
    /// whose length is not the number of placements, a tag variable among
    /// the cells, an empty placement.
    ///
    /// ```
    /// use csp_core::constraints::placement::{Cover, Piece, polyominoes};
    /// use csp_core::{Model, Solver};
    /// // A row of 5 cells holding one domino (1), the rest empty (0).
    /// let mut model = Model::new();
    /// let cells = model.new_vars(5, 0..=1)?;
    /// let domino = Piece::new(1, polyominoes(1, 5, &[0, 1, 2, 3, 4], 2));
    /// model.placement(&cells, &[domino], Cover::AtMost { empty: 0 })?;
    /// assert_eq!(Solver::new(&model).count(None).count, 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn placement(
        &mut self,
        cells: &[VarId],
        pieces: &[Piece],
        cover: Cover,
    ) -> Result<Vec<ConstraintId>, ModelError> {
        const NAME: &str = "placement";
        let invalid = |reason: String| ModelError::InvalidArgument {
            constraint: NAME.to_owned(),
            reason,
        };
        self.check_distinct(NAME, cells)?;
        let n = cells.len();
        // Per cell, the values that may cover it (checked distinct).
        let mut allowed: Vec<Vec<Value>> = vec![Vec::new(); n];
        let mut candidates: Vec<Vec<usize>> = Vec::with_capacity(pieces.len());
        for (p, piece) in pieces.iter().enumerate() {
            if let Cover::AtMost { empty } = cover {
                if piece.value == empty {
                    return Err(invalid(format!("piece {p} has the empty value {empty}")));
                }
            }
            if let Some((var, tags)) = &piece.tag {
                self.check_var(*var)?;
                if tags.len() != piece.placements.len() {
                    return Err(invalid(format!(
                        "piece {p} has {} tags for {} placements",
                        tags.len(),
                        piece.placements.len()
                    )));
                }
                if cells.contains(var) {
                    return Err(invalid(format!("the tag of piece {p} is one of the cells")));
                }
            }
            let mut union: Vec<usize> = Vec::new();
            for placement in &piece.placements {
                if placement.is_empty() {
                    return Err(invalid(format!("piece {p} has an empty placement")));
                }
                for &i in placement {
                    if i >= n {
                        return Err(invalid(format!("piece {p} covers cell {i} of {n}")));
                    }
                    union.push(i);
                }
            }
            union.sort_unstable();
            union.dedup();
            for &i in &union {
                if allowed[i].contains(&piece.value) {
                    return Err(invalid(format!(
                        "two pieces of value {} can cover cell {i}",
                        piece.value
                    )));
                }
                allowed[i].push(piece.value);
            }
            candidates.push(union);
        }
        // Restrict the cells' initial domains.
        for (i, &x) in cells.iter().enumerate() {
            let mut keep = allowed[i].clone();
            if let Cover::AtMost { empty } = cover {
                keep.push(empty);
            }
            let values: Vec<Value> = self.initial_domains().iter(x).collect();
            if values.iter().all(|v| !keep.contains(v)) {
                // Nothing may cover this cell: a piece that cannot be laid.
                let c = Placement {
                    scope: vec![x],
                    cells: 1,
                    value: values.first().copied().unwrap_or(0),
                    covers: Vec::new(),
                    cw: 1,
                    placements: 0,
                    tags: Vec::new(),
                };
                self.post(Box::new(c), false)?;
                continue;
            }
            for v in values {
                if !keep.contains(&v) {
                    self.remove_value(x, v)?;
                }
            }
        }
        let mut ids = Vec::with_capacity(pieces.len());
        for (piece, union) in pieces.iter().zip(&candidates) {
            let cw = union.len().div_ceil(64).max(1);
            let mut covers = vec![0u64; piece.placements.len() * cw];
            let mut kept = 0usize;
            let mut tags = Vec::new();
            let mut seen = std::collections::BTreeSet::new();
            for (k, placement) in piece.placements.iter().enumerate() {
                let mut bits = vec![0u64; cw];
                for &i in placement {
                    let j = union.binary_search(&i).unwrap_or(0);
                    bits[j / 64] |= 1 << (j % 64);
                }
                let tag = piece.tag.as_ref().map(|(_, t)| t[k]);
                if !seen.insert((bits.clone(), tag)) {
                    continue; // the same placement (and tag) twice: kept once
                }
                tags.extend(tag);
                covers[kept * cw..(kept + 1) * cw].copy_from_slice(&bits);
                kept += 1;
            }
            covers.truncate(kept * cw);
            let mut scope: Vec<VarId> = union.iter().map(|&i| cells[i]).collect();
            if let Some((var, _)) = &piece.tag {
                scope.push(*var);
            }
            let mut cells_in_scope = union.len();
            if scope.is_empty() {
                // No placement and no tag: a piece that fails on any cell.
                scope.push(cells.first().copied().ok_or(ModelError::EmptyScope {
                    constraint: NAME.to_owned(),
                })?);
                cells_in_scope = 1;
            }
            let c = Placement {
                cells: cells_in_scope,
                scope,
                value: piece.value,
                covers,
                cw,
                placements: kept,
                tags,
            };
            ids.push(self.post(Box::new(c), false)?);
        }
        Ok(ids)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Solver;

    #[test]
    fn rectangles_contain_the_cell_and_have_the_area() {
        let rects = rectangles(4, 5, 1, 2, 4);
        for r in &rects {
            assert_eq!(r.len(), 4);
            assert!(r.contains(&(5 + 2)));
        }
        // 1x4: lefts 0 and 1; 2x2: 2 tops x 2 lefts; 4x1: top 0 only.
        assert_eq!(rects.len(), 2 + 4 + 1);
        assert!(rectangles(2, 2, 0, 0, 5).is_empty());
        assert!(rectangles(2, 2, 2, 0, 1).is_empty());
    }

    #[test]
    fn polyominoes_are_listed_once() {
        // Fixed tetrominoes in a 4x4 square: 19 shapes' placements.
        let all: Vec<usize> = (0..16).collect();
        let tetros = polyominoes(4, 4, &all, 4);
        let mut sorted = tetros.clone();
        sorted.dedup();
        assert_eq!(sorted.len(), tetros.len());
        // Known count of connected 4-cell subsets of the 4x4 grid graph.
        assert_eq!(tetros.len(), 113);
        // A region shaped like an L of four cells holds one.
        assert_eq!(polyominoes(3, 3, &[0, 3, 6, 7], 4), vec![vec![0, 3, 6, 7]]);
        assert_eq!(polyominoes(3, 3, &[0, 4, 8], 1).len(), 3);
    }

    #[test]
    fn a_cell_every_placement_covers_is_fixed_and_others_lose_the_value() {
        let mut m = Model::new();
        let cells = m.new_vars(6, 0..=1).unwrap();
        // A 1x3 bar in a row of 6 cells, at 1-3 or 2-4: it covers 2 and 3.
        let bar = Piece::new(1, vec![vec![1, 2, 3], vec![2, 3, 4]]);
        m.placement(&cells, &[bar], Cover::AtMost { empty: 0 })
            .unwrap();
        let mut s = Solver::new(&m);
        let d = s.propagate().unwrap();
        assert_eq!(d.value(cells[2]), Some(1));
        assert_eq!(d.value(cells[3]), Some(1));
        assert_eq!(d.value(cells[0]), Some(0));
        assert_eq!(d.value(cells[5]), Some(0));
        assert_eq!(d.value(cells[1]), None);
    }

    #[test]
    fn a_taken_cell_rules_out_placements() {
        let mut m = Model::new();
        let cells = m.new_vars(4, 0..=1).unwrap();
        let a = Piece::new(0, vec![vec![0, 1], vec![1, 2]]);
        let b = Piece::new(1, vec![vec![2, 3], vec![3]]);
        m.placement(&cells, &[a, b], Cover::Exactly).unwrap();
        // Cell 0 can only be a's (b cannot reach it): a lies on 0-1, so b takes 2-3.
        let mut s = Solver::new(&m);
        let d = s.propagate().unwrap();
        let values: Vec<_> = cells.iter().map(|&c| d.value(c)).collect();
        assert_eq!(values, [Some(0), Some(0), Some(1), Some(1)]);
        assert_eq!(s.count(None).count, 1);
    }

    #[test]
    fn tags_follow_the_placements() {
        let mut m = Model::new();
        let cells = m.new_vars(3, 0..=1).unwrap();
        let tag = m.new_var(0..=5).unwrap();
        let p = Piece::new(1, vec![vec![0, 1], vec![1, 2]]).with_tag(tag, vec![4, 2]);
        m.placement(&cells, &[p], Cover::AtMost { empty: 0 })
            .unwrap();
        let mut s = Solver::new(&m);
        let d = s.propagate().unwrap();
        assert_eq!(d.iter(tag).collect::<Vec<_>>(), [2, 4]);
        m.fix(cells[0], 0).unwrap();
        let mut s = Solver::new(&m);
        assert_eq!(s.propagate().unwrap().value(tag), Some(2));
    }

    #[test]
    fn uncoverable_cells_and_pieces_without_placements_are_unsatisfiable() {
        let mut m = Model::new();
        let cells = m.new_vars(3, 0..=1).unwrap();
        m.placement(&cells, &[Piece::new(0, vec![vec![0, 1]])], Cover::Exactly)
            .unwrap();
        assert_eq!(Solver::new(&m).count(None).count, 0);
        let mut m = Model::new();
        let cells = m.new_vars(2, 0..=1).unwrap();
        m.placement(&cells, &[Piece::new(1, vec![])], Cover::AtMost { empty: 0 })
            .unwrap();
        assert_eq!(Solver::new(&m).count(None).count, 0);
    }

    #[test]
    fn bad_input_is_rejected() {
        let mut m = Model::new();
        let cells = m.new_vars(3, 0..=2).unwrap();
        let t = m.new_var(0..=1).unwrap();
        let err = |m: &mut Model, pieces: &[Piece], cover| {
            m.placement(&cells, pieces, cover).unwrap_err()
        };
        assert!(matches!(
            err(&mut m, &[Piece::new(0, vec![vec![3]])], Cover::Exactly),
            ModelError::InvalidArgument { .. }
        ));
        let e = err(
            &mut m,
            &[
                Piece::new(1, vec![vec![0]]),
                Piece::new(1, vec![vec![0, 1]]),
            ],
            Cover::Exactly,
        );
        assert!(e.to_string().contains("two pieces"), "{e}");
        let e = err(
            &mut m,
            &[Piece::new(0, vec![vec![0]])],
            Cover::AtMost { empty: 0 },
        );
        assert!(e.to_string().contains("empty value"), "{e}");
        let e = err(
            &mut m,
            &[Piece::new(1, vec![vec![0], vec![1]]).with_tag(t, vec![0])],
            Cover::Exactly,
        );
        assert!(e.to_string().contains("tags"), "{e}");
        let e = err(&mut m, &[Piece::new(1, vec![vec![]])], Cover::Exactly);
        assert!(e.to_string().contains("empty placement"), "{e}");
        assert!(matches!(
            m.placement(&[cells[0], cells[0]], &[], Cover::Exactly),
            Err(ModelError::DuplicateVariable { .. })
        ));
    }
}
