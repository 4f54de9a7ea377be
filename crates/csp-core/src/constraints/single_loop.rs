//! SingleLoop: the chosen edges of a graph form exactly one simple cycle.
//!
//! # Background
//!
//! Slitherlink, Masyu, Yajilin and the other loop puzzles ask for one
//! closed path that never crosses or touches itself. Over 0/1 variables
//! `x_e`, one per edge of an undirected graph (the lattice of points around
//! the cells for Slitherlink, the cell centres for Masyu), [`SingleLoop`]
//! requires the edges with `x_e = 1` to form one simple cycle: every vertex
//! has 0 or 2 chosen edges, and the chosen edges are connected. An empty
//! set of edges is **not** a loop: the constraint asks for exactly one
//! cycle (every loop puzzle has one).
//!
//! Optionally each vertex `v` has a 0/1 variable `y_v` that is 1 exactly
//! when the loop passes through `v` ([`Model::single_loop_with_vertices`]):
//! Masyu's pearls lie on the loop, Yajilin's white cells must all be
//! visited, and the loop's cells can be counted or linked to other rules.
//!
//! Propagation, to a fixpoint inside one call, with `c(v)` the chosen and
//! `o(v)` the open (unfixed) edges at `v`:
//!
//! 1. **Degrees.** `c(v) > 2` fails; `c(v) = 2` removes the other edges at
//!    `v`; `c(v) = 1` with one open edge chooses it, with none fails; `c(v)
//!    = 0` with one open edge removes it (a dead end). `y_v = 0` removes
//!    every edge at `v`; `y_v = 1` needs two edges (two open ones left are
//!    both chosen). `y_v` is fixed to 1 once `c(v) > 0` and to 0 once
//!    `c(v) + o(v) = 0`.
//! 2. **No premature loop (subtours).** The chosen edges form paths (by 1)
//!    and at most one cycle; a union-find over them names each path. An
//!    open edge joining the two ends of one path would close it: that is
//!    removed unless the path holds every chosen edge and every vertex with
//!    `y_v = 1`. A closed cycle with a chosen edge or a required vertex
//!    outside it fails; otherwise every open edge is removed (the loop is
//!    complete). A vertex on no path whose open edges reach both ends
//!    of one path cannot take both (it would close the path through
//!    itself): an edge there in no other allowed pair is removed, and a
//!    required vertex with no allowed pair fails (Tatham's Pearl "Tricky"
//!    deduction on square states).
//! 3. **Bridges and 2-edge-connected components.** A cycle never uses a
//!    *bridge* of the graph of open and chosen edges (an edge whose removal
//!    disconnects it), and lies inside one 2-edge-connected component of
//!    it. So bridges are removed (a chosen bridge fails); chosen edges or
//!    required vertices in two components fail; once one component holds
//!    them, the edges of every other component are removed; and when no
//!    edge lies on any cycle, the node fails (no loop is possible). Bridges
//!    come from one depth-first search with Tarjan's lowpoints.
//!
//! When every edge is fixed, (1) leaves degrees 0 or 2, so the chosen edges
//! are disjoint cycles, and (2) fails unless there is exactly one: the
//! constraint is exact on fixed assignments. The pruning is not complete
//! (deciding whether a loop exists is NP-complete on general graphs, and on
//! Slitherlink's), but every rule is sound.
//!
//! # Practical
//!
//! One call costs `O(n + m α(n))` for `n` vertices and `m` edges (a scan
//! of the edges, the degree worklist, a union-find of the chosen edges,
//! one depth-first search), and a few passes reach the fixpoint; the
//! union-find is built once per call from the chosen edges alone (the
//! lighter set joined under the other), and a later pass of the same call
//! only joins in the edges chosen and the vertices required since. A
//! premature loop is looked for only at the path ends, whose list the
//! vertex shortcuts reuse. The degree rules visit only the vertices an
//! edge or vertex change reached since the last call that ended at the
//! fixpoint (the fixed edges and vertices then are a trailed snapshot,
//! diffed word by word), in the order a stack of every vertex would give,
//! so the removals come in the same order. All buffers come from
//! [`Scratch`](crate::Scratch), so nothing is allocated per call. The depth-first search is skipped when no edge
//! has been removed (and no first loop part chosen) since its last pass
//! that changed nothing: the pieces are the same, so it would change
//! nothing again (one trailed state word).
//!
//! On a grid of points (the graph of [`Graph::grid`](crate::graph::Graph::grid),
//! as [`LoopLattice`] makes it, the edges in any order) the search is
//! skipped whenever it would find nothing, proven from the faces of the
//! drawing (the cells and the outside): an edge is a bridge exactly when
//! one face lies on both of its sides. The faces joined by the removed
//! edges are kept in a union-find over trailed state words, brought up
//! to date from the edges removed since the last pass (a bitset diffed
//! against a trailed copy); each join walks the lighter class, looking
//! for an edge left between the two. Without a new bridge, the graph of
//! the edges left is a set of 2-edge-connected parts, counted by Euler's
//! formula (vertices with an edge, minus edges, plus faces, minus one):
//! one part, or no loop part yet, and the pass would change nothing. So
//! the search runs only when an edge became a bridge, or the remaining
//! edges fell apart around the loop's parts, and the pruning (and the
//! search, node for node) is the same. When the edges (and the vertex
//! variables) are a run of variables (as [`LoopLattice`] makes them), the
//! scan reads their domains as one slice. Building the union-find once per call costs about
//! as much as the scan that any change detection would need anyway, and
//! needs no trailed state. The constraint is woken when an edge or vertex
//! variable is fixed, and runs at priority level 4, after the clue
//! constraints that surround it.
//!
//! [`LoopLattice`] creates the edge variables of the usual layouts: the
//! points around `rows x cols` cells (Slitherlink) or through their centres
//! (Masyu), with the edges around a cell and at a point, and a text drawing
//! of a solution.
//!
//! ```
//! use csp_core::{Model, Solver, constraints::LoopLattice};
//! let mut model = Model::new();
//! let lattice = LoopLattice::around_cells(&mut model, 2, 2)?; // 3 x 3 points
//! model.single_loop(lattice.edges(), lattice.graph())?;
//! // The boundaries of the 13 connected, hole-free sets of the 2 x 2 cells.
//! assert_eq!(Solver::new(&model).count(None).count, 13);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # References
//!
//! The degree and "no subtour" rules are the classic ones of loop-puzzle
//! solvers and of the travelling-salesman subtour elimination (G. Dantzig,
//! R. Fulkerson and S. Johnson, *Solution of a large-scale
//! traveling-salesman problem*, Operations Research 2(4), 1954), used as
//! local rules in Slitherlink programs; Slitherlink is NP-complete (T. Yato,
//! *Complexity and completeness of finding another solution and its
//! application to puzzles*, 2003). Bridges by R. E. Tarjan, *A note on
//! finding the bridges of a graph*, Information Processing Letters 2(6),
//! 1974.

use crate::constraint::{Conflict, Constraint, Events, Priority};
use crate::constraints::connected::check_booleans;
use crate::error::ModelError;
use crate::graph::Graph;
use crate::propagation::PropagationContext;
use crate::search::Solution;
use crate::variable::{Value, VarId};
use crate::{ConstraintId, Model};

/// Rule names used in traces.
pub mod rules {
    /// A vertex has two loop edges: its other edges are removed.
    pub const FULL: &str = "single loop: two edges at a point";
    /// A vertex has one loop edge and one open edge: the loop continues there.
    pub const CONTINUE: &str = "single loop: the line continues";
    /// A vertex has no loop edge and one open edge: that edge is a dead end.
    pub const DEAD_END: &str = "single loop: dead end";
    /// Too many or too few edges at a vertex.
    pub const DEGREE: &str = "single loop: degree";
    /// A vertex on the loop, or off it, by its edges (or the reverse).
    pub const VERTEX: &str = "single loop: point on the loop";
    /// The edge would close a loop that leaves other loop edges out.
    pub const PREMATURE: &str = "single loop: no premature loop";
    /// The loop is closed: every other edge is removed.
    pub const CLOSED: &str = "single loop: loop closed";
    /// An edge on no cycle of the remaining edges.
    pub const BRIDGE: &str = "single loop: bridge";
    /// Loop parts in different 2-edge-connected pieces, or edges outside
    /// the piece that holds them.
    pub const APART: &str = "single loop: outside the loop's piece";
    /// No loop is possible any more.
    pub const NO_LOOP: &str = "single loop: no loop";
}

/// The edges set to 1 form one simple cycle of a [`Graph`]. Post it with
/// [`Model::single_loop`] or [`Model::single_loop_with_vertices`]; see the
/// [module docs](self).
#[derive(Clone, Debug)]
pub struct SingleLoop {
    /// The edge variables, then the vertex variables (if any).
    vars: Vec<VarId>,
    graph: Graph,
    has_vertices: bool,
    /// `(variable index, position in vars)`, sorted by variable: which
    /// edge or vertex a variable is, for explaining its changes.
    positions: Vec<(usize, u32)>,
    /// The faces, when the graph is a grid of points.
    faces: Option<Faces>,
    /// Sweep every vertex with the degree rules at every call (for tests
    /// of the incremental sweep).
    sweep_all: bool,
}

const OPEN: u32 = 0;
const CHOSEN: u32 = 1;
const REMOVED: u32 = 2;

/// Vertex statuses: no variable, or its variable unfixed, 1 or 0.
const V_NONE: u32 = 0;
const V_FREE: u32 = 1;
const V_ON: u32 = 2;
const V_OFF: u32 = 3;

const NO_LABEL: u32 = u32::MAX;

/// State words of a grid's faces (see [`SingleLoop::state_words`]): the
/// flags and face count, then the removed edges at the last sync, then
/// each face's parent and next face, then each root's weight.
const FACE_WORD: usize = 2;
const SNAPSHOT: usize = 3;
/// In the [`FACE_WORD`]: the graph of the edges not removed at the last
/// sync had no bridge (and, if the loop had a part, was connected).
const VALID: u64 = 1;
const LOW: u64 = 0xFFFF_FFFF;

/// An edge whose status at the moment being explained is not read yet.
const UNREAD: u32 = u32::MAX;

/// The working state of one call, in scratch buffers.
struct Work<'b> {
    est: &'b mut [u32],
    vst: &'b mut [u32],
    cdeg: &'b mut [u32],
    odeg: &'b mut [u32],
    queued: &'b mut [u32],
    stack: &'b mut [u32],
    /// The removed edges, as a bitset (for the faces of a grid).
    rm: &'b mut [u64],
    top: usize,
    chosen: usize,
    open: usize,
    required: usize,
    changed: bool,
    /// Whether the union-find of rule 2 is built: then the edges chosen
    /// and the vertices required since are in `fresh` and `fresh_on`, to
    /// be joined in at its next pass instead of rebuilding it.
    built: bool,
    fresh: &'b mut [u32],
    fresh_top: usize,
    fresh_on: &'b mut [u32],
    fresh_on_top: usize,
    /// The path ends (one chosen edge) and the edges that would close a
    /// path too early, found by a pass of rule 2.
    ends: &'b mut [u32],
    ends_top: usize,
    closing: &'b mut [u32],
    closing_top: usize,
    /// A vertex on a cycle of chosen edges, once the union-find met one.
    cycle: Option<usize>,
    /// The vertices whose variable is fixed, as a bitset.
    vfixed: &'b mut [u64],
    /// The fixed edges, as a bitset (the removed and the chosen ones).
    fixed: &'b mut [u64],
    /// The vertices still to visit in the first sweep of the degree rules,
    /// as a bitset: every vertex below `cursor` that may do something.
    dirty: &'b mut [u64],
    /// The first sweep has visited every vertex from here up.
    cursor: usize,
    /// Vertices with an edge not removed.
    live: usize,
    /// The chosen edges found by the scan or chosen before the union-find
    /// of rule 2 is built, in that order.
    chosen_list: &'b mut [u32],
    chosen_top: usize,
    /// Likewise the required vertices.
    required_list: &'b mut [u32],
    required_top: usize,
}

/// The degree worklist is a stack that starts with every vertex (vertex
/// 0 at the bottom) and pushes a vertex when an edge at it changes, unless
/// it is still waiting: the first sweep pops the vertices from the last
/// down, and a vertex pushed meanwhile is visited next. A vertex that no
/// edge change reached since the last call (or its vertex variable) is at
/// the fixpoint of the degree rules and does nothing when popped, so the
/// sweep skips it: the bottom of the stack is the bitset `dirty` below
/// `cursor`, and only what was pushed above it is on `stack`. The vertices
/// are visited in the same order as with the whole stack.
impl Work<'_> {
    #[inline]
    fn push(&mut self, v: usize) {
        if v < self.cursor {
            // Still waiting in the sweep: now it may do something.
            self.dirty[v / 64] |= 1 << (v % 64);
        } else if self.queued[v] == 0 {
            self.queued[v] = 1;
            self.stack[self.top] = v as u32;
            self.top += 1;
        }
    }

    #[inline]
    fn pop(&mut self) -> Option<usize> {
        if self.top > 0 {
            self.top -= 1;
            let v = self.stack[self.top] as usize;
            self.queued[v] = 0;
            return Some(v);
        }
        while self.cursor > 0 {
            let k = (self.cursor - 1) / 64;
            let below = self.cursor - 64 * k;
            let mask = if below == 64 {
                u64::MAX
            } else {
                (1 << below) - 1
            };
            let bits = self.dirty[k] & mask;
            if bits != 0 {
                let v = 64 * k + 63 - bits.leading_zeros() as usize;
                self.dirty[k] &= !(1 << (v % 64));
                self.cursor = v;
                return Some(v);
            }
            self.cursor = 64 * k;
        }
        None
    }

    #[inline]
    fn mark_fixed(&mut self, e: usize) {
        self.fixed[e / 64] |= 1 << (e % 64);
    }
}

impl SingleLoop {
    /// The graph whose edges the loop uses.
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    fn num_edges(&self) -> usize {
        self.graph.num_edges()
    }

    /// The first state word of the degree sweep's snapshot (see
    /// [`Constraint::state_words`]).
    fn sweep_base(&self) -> usize {
        match &self.faces {
            Some(faces) => SNAPSHOT + self.num_edges().div_ceil(64) + 2 * faces.num_faces(),
            None => 2,
        }
    }

    fn vertex_var(&self, v: usize) -> Option<VarId> {
        self.has_vertices.then(|| self.vars[self.num_edges() + v])
    }

    fn choose(
        &self,
        ctx: &mut PropagationContext<'_>,
        w: &mut Work<'_>,
        e: usize,
    ) -> Result<(), Conflict> {
        ctx.fix(self.vars[e], 1)?;
        w.est[e] = CHOSEN;
        w.mark_fixed(e);
        w.chosen += 1;
        w.open -= 1;
        w.changed = true;
        if w.built {
            w.fresh[w.fresh_top] = e as u32;
            w.fresh_top += 1;
        } else {
            w.chosen_list[w.chosen_top] = e as u32;
            w.chosen_top += 1;
        }
        let (a, b) = self.graph.ends(e);
        for v in [a, b] {
            w.odeg[v] -= 1;
            w.cdeg[v] += 1;
            w.push(v);
        }
        Ok(())
    }

    fn remove(
        &self,
        ctx: &mut PropagationContext<'_>,
        w: &mut Work<'_>,
        e: usize,
    ) -> Result<(), Conflict> {
        ctx.fix(self.vars[e], 0)?;
        w.est[e] = REMOVED;
        w.rm[e / 64] |= 1 << (e % 64);
        w.mark_fixed(e);
        w.open -= 1;
        w.changed = true;
        let (a, b) = self.graph.ends(e);
        for v in [a, b] {
            w.odeg[v] -= 1;
            if w.odeg[v] == 0 && w.cdeg[v] == 0 {
                w.live -= 1;
            }
            w.push(v);
        }
        Ok(())
    }

    /// Removes every open edge at `v`.
    fn remove_open_at(
        &self,
        ctx: &mut PropagationContext<'_>,
        w: &mut Work<'_>,
        v: usize,
    ) -> Result<(), Conflict> {
        for &(_, e) in self.graph.incident(v) {
            if w.est[e as usize] == OPEN {
                self.remove(ctx, w, e as usize)?;
            }
        }
        Ok(())
    }

    /// The degree rules at `v` (rule 1 of the module docs).
    fn degree(
        &self,
        ctx: &mut PropagationContext<'_>,
        w: &mut Work<'_>,
        v: usize,
    ) -> Result<(), Conflict> {
        let (c, o, vs) = (w.cdeg[v], w.odeg[v], w.vst[v]);
        if c > 2 || (vs == V_OFF && c > 0) || (c == 1 && o == 0) || (vs == V_ON && c + o < 2) {
            ctx.set_rule(rules::DEGREE);
            return Err(ctx.conflict());
        }
        if o > 0 {
            if c == 2 || vs == V_OFF {
                ctx.set_rule(rules::FULL);
                self.remove_open_at(ctx, w, v)?;
            } else if c == 1 && o == 1 || c == 0 && vs == V_ON && o == 2 {
                ctx.set_rule(rules::CONTINUE);
                for &(_, e) in self.graph.incident(v) {
                    if w.est[e as usize] == OPEN {
                        self.choose(ctx, w, e as usize)?;
                    }
                }
            } else if c == 0 && o == 1 {
                ctx.set_rule(rules::DEAD_END);
                self.remove_open_at(ctx, w, v)?;
            }
        }
        if w.vst[v] == V_FREE {
            let on = if w.cdeg[v] > 0 {
                true
            } else if w.odeg[v] == 0 {
                false
            } else {
                return Ok(());
            };
            ctx.set_rule(rules::VERTEX);
            if let Some(y) = self.vertex_var(v) {
                ctx.fix(y, Value::from(on))?;
            }
            w.vst[v] = if on { V_ON } else { V_OFF };
            w.vfixed[v / 64] |= 1 << (v % 64);
            w.required += usize::from(on);
            if on && w.built {
                w.fresh_on[w.fresh_on_top] = v as u32;
                w.fresh_on_top += 1;
            } else if on {
                w.required_list[w.required_top] = v as u32;
                w.required_top += 1;
            }
        }
        Ok(())
    }

    fn degrees_to_fixpoint(
        &self,
        ctx: &mut PropagationContext<'_>,
        w: &mut Work<'_>,
    ) -> Result<(), Conflict> {
        while let Some(v) = w.pop() {
            self.degree(ctx, w, v)?;
        }
        Ok(())
    }

    /// Rule 2: union-find over the chosen edges; `uf`, `ce` and `cr` have
    /// one entry per vertex.
    fn subtours(
        &self,
        ctx: &mut PropagationContext<'_>,
        w: &mut Work<'_>,
        uf: &mut [u32],
        ce: &mut [u32],
        cr: &mut [u32],
    ) -> Result<(), Conflict> {
        if w.chosen == 0 {
            return Ok(());
        }
        if w.built {
            // Join in what was chosen or required since the last pass
            // (counts move to the new root).
            for i in 0..w.fresh_top {
                let (a, b) = self.graph.ends(w.fresh[i] as usize);
                if join(uf, ce, cr, a, b) {
                    w.cycle = Some(a);
                }
            }
            for i in 0..w.fresh_on_top {
                let r = find(uf, w.fresh_on[i] as usize);
                cr[r] += 1;
            }
        } else {
            for (v, p) in uf.iter_mut().enumerate() {
                *p = v as u32;
            }
            ce.fill(0);
            cr.fill(0);
            // The chosen edges, those of the scan in order first (which
            // sets are joined first names other roots, never other sets).
            for &e in &w.chosen_list[..w.chosen_top] {
                let (a, b) = self.graph.ends(e as usize);
                if join(uf, ce, cr, a, b) {
                    w.cycle = Some(a);
                }
            }
            for &v in &w.required_list[..w.required_top] {
                let r = find(uf, v as usize);
                cr[r] += 1;
            }
            w.built = true;
        }
        w.fresh_top = 0;
        w.fresh_on_top = 0;
        let cycle = w.cycle;
        let (chosen, required) = (w.chosen, w.required);
        let holds_all = |ce: &[u32], cr: &[u32], r: usize| {
            ce[r] as usize == chosen && cr[r] as usize == required
        };
        if let Some(a) = cycle {
            let r = find(uf, a);
            if !holds_all(ce, cr, r) {
                ctx.set_rule(rules::PREMATURE);
                return Err(ctx.conflict());
            }
            if w.open > 0 {
                ctx.set_rule(rules::CLOSED);
                for e in 0..self.num_edges() {
                    if w.est[e] == OPEN {
                        self.remove(ctx, w, e)?;
                    }
                }
            }
            return Ok(());
        }
        ctx.set_rule(rules::PREMATURE);
        // Only an open edge between two path ends (one chosen edge each)
        // can close a path: collected from the ends, then removed in the
        // order of the edges (the removals change no end and no path).
        w.ends_top = 0;
        w.closing_top = 0;
        for end in 0..w.vst.len() {
            if w.cdeg[end] != 1 {
                continue;
            }
            w.ends[w.ends_top] = end as u32;
            w.ends_top += 1;
            for (b, e) in self.graph.incident_edges(end) {
                if b > end && w.est[e] == OPEN && w.cdeg[b] == 1 {
                    let ra = find(uf, end);
                    if ra == find(uf, b) && !holds_all(ce, cr, ra) {
                        w.closing[w.closing_top] = e as u32;
                        w.closing_top += 1;
                    }
                }
            }
        }
        w.closing[..w.closing_top].sort_unstable();
        for i in 0..w.closing_top {
            let e = w.closing[i] as usize;
            self.remove(ctx, w, e)?;
        }
        let holds_all_but = |r: usize, own: usize| {
            ce[r] > 0 && !(ce[r] as usize == chosen && cr[r] as usize + own == required)
        };
        // A vertex off every path whose open edges reach both ends of one
        // path would close it through itself: that pair is not both
        // chosen, so an edge in no other pair goes (and a required vertex
        // with no pair left fails).
        // (Only a neighbour of a path's end can be one: the ends are few.)
        for i in 0..w.ends_top {
            let end = w.ends[i] as usize;
            for (x, e) in self.graph.incident_edges(end) {
                if w.est[e] == OPEN {
                    self.vertex_shortcuts(ctx, w, uf, x, holds_all_but)?;
                }
            }
        }
        Ok(())
    }

    /// Rule 2's vertex part at `x` (see [`subtours`](Self::subtours)):
    /// `closes(r, own)` tells whether closing the path of root `r` through
    /// `x` (required if `own`) would be premature.
    fn vertex_shortcuts(
        &self,
        ctx: &mut PropagationContext<'_>,
        w: &mut Work<'_>,
        uf: &mut [u32],
        x: usize,
        closes: impl Fn(usize, usize) -> bool,
    ) -> Result<(), Conflict> {
        if w.cdeg[x] != 0 || w.odeg[x] < 2 || w.vst[x] == V_OFF {
            return Ok(());
        }
        let mut open = [(0usize, 0usize); 8];
        let mut k = 0;
        for (u, e) in self.graph.incident_edges(x) {
            if w.est[e] == OPEN {
                if k == open.len() {
                    k = 0; // a vertex of high degree: not looked at
                    break;
                }
                open[k] = (e, find(uf, u));
                k += 1;
            }
        }
        if k < 2 {
            return Ok(());
        }
        let own = usize::from(w.vst[x] == V_ON);
        let mut paired = [false; 8];
        let mut any = false;
        for i in 0..k {
            for j in i + 1..k {
                if open[i].1 != open[j].1 || !closes(open[i].1, own) {
                    paired[i] = true;
                    paired[j] = true;
                    any = true;
                }
            }
        }
        if !any && own == 1 {
            return Err(ctx.conflict());
        }
        for i in 0..k {
            if !paired[i] {
                self.remove(ctx, w, open[i].0)?;
            }
        }
        Ok(())
    }

    /// The 2-edge-connected pieces of the graph of the edges not removed
    /// (statuses `est`), by one iterative depth-first search with Tarjan's
    /// lowpoints: the number of pieces, and each vertex's piece in
    /// `buf[6n..7n]` (`NO_LABEL` for a vertex that `isolated` skips).
    /// `buf` has 7 entries per vertex.
    fn label_pieces(&self, est: &[u32], isolated: impl Fn(usize) -> bool, buf: &mut [u32]) -> u32 {
        let n = self.graph.num_vertices();
        let (disc, rest) = buf.split_at_mut(n);
        let (low, rest) = rest.split_at_mut(n);
        let (next, rest) = rest.split_at_mut(n);
        let (pedge, rest) = rest.split_at_mut(n);
        let (dstack, rest) = rest.split_at_mut(n);
        let (vstack, rest) = rest.split_at_mut(n);
        let label = &mut rest[..n];
        disc.fill(0);
        next.fill(0);
        label.fill(NO_LABEL);
        let mut time = 0u32;
        let mut labels = 0u32;
        for s in 0..n {
            if disc[s] != 0 || isolated(s) {
                continue;
            }
            time += 1;
            disc[s] = time;
            low[s] = time;
            pedge[s] = u32::MAX;
            dstack[0] = s as u32;
            let mut dtop = 1usize;
            vstack[0] = s as u32;
            let mut vtop = 1usize;
            while dtop > 0 {
                let v = dstack[dtop - 1] as usize;
                let inc = self.graph.incident(v);
                let k = next[v] as usize;
                if k < inc.len() {
                    next[v] += 1;
                    let (u, e) = inc[k];
                    if est[e as usize] == REMOVED || e == pedge[v] {
                        continue;
                    }
                    let u = u as usize;
                    if disc[u] == 0 {
                        time += 1;
                        disc[u] = time;
                        low[u] = time;
                        pedge[u] = e;
                        dstack[dtop] = u as u32;
                        dtop += 1;
                        vstack[vtop] = u as u32;
                        vtop += 1;
                    } else {
                        low[v] = low[v].min(disc[u]);
                    }
                } else {
                    dtop -= 1;
                    if dtop > 0 {
                        let p = dstack[dtop - 1] as usize;
                        low[p] = low[p].min(low[v]);
                    }
                    if low[v] == disc[v] {
                        // v heads a 2-edge-connected component.
                        loop {
                            vtop -= 1;
                            let x = vstack[vtop] as usize;
                            label[x] = labels;
                            if x == v {
                                break;
                            }
                        }
                        labels += 1;
                    }
                }
            }
        }
        labels
    }

    /// Rule 3: bridges and 2-edge-connected components (see
    /// [`label_pieces`](Self::label_pieces)). `buf` has 7 entries per vertex.
    fn bridges(
        &self,
        ctx: &mut PropagationContext<'_>,
        w: &mut Work<'_>,
        buf: &mut [u32],
    ) -> Result<(), Conflict> {
        let n = self.graph.num_vertices();
        let labels = self.label_pieces(w.est, |v| w.cdeg[v] + w.odeg[v] == 0, buf);
        let (disc, rest) = buf.split_at_mut(n);
        let label = &rest[5 * n..6 * n];
        // Per component: loop edges and required vertices (reuse `disc`).
        let demand = &mut disc[..labels as usize];
        demand.fill(0);
        let mut cyclic_edges = 0usize;
        for e in 0..self.num_edges() {
            if w.est[e] == REMOVED {
                continue;
            }
            let (a, b) = self.graph.ends(e);
            if label[a] != label[b] {
                ctx.set_rule(rules::BRIDGE);
                if w.est[e] == CHOSEN {
                    return Err(ctx.conflict());
                }
                self.remove(ctx, w, e)?;
            } else {
                cyclic_edges += 1;
                if w.est[e] == CHOSEN {
                    demand[label[a] as usize] += 1;
                }
            }
        }
        if w.required > 0 {
            for v in 0..n {
                if w.vst[v] == V_ON {
                    if label[v] == NO_LABEL {
                        ctx.set_rule(rules::DEGREE);
                        return Err(ctx.conflict());
                    }
                    demand[label[v] as usize] += 1;
                }
            }
        }
        let mut home = None;
        for (l, &d) in demand.iter().enumerate() {
            if d > 0 {
                if home.is_some() {
                    ctx.set_rule(rules::APART);
                    return Err(ctx.conflict());
                }
                home = Some(l as u32);
            }
        }
        match home {
            None if cyclic_edges == 0 => {
                ctx.set_rule(rules::NO_LOOP);
                Err(ctx.conflict())
            }
            None => Ok(()),
            Some(l) => {
                ctx.set_rule(rules::APART);
                for e in 0..self.num_edges() {
                    if w.est[e] == OPEN && label[self.graph.ends(e).0] != l {
                        self.remove(ctx, w, e)?;
                    }
                }
                Ok(())
            }
        }
    }

    /// Brings the faces of a grid up to date with the removed edges `rm`
    /// (statuses `est`): each edge removed since the last sync joins the
    /// faces on its sides (a union-find over the faces in trailed state
    /// words, by weight, with each class a ring of its faces). Returns
    /// whether an edge not removed now has one face on both sides, that
    /// is, is a bridge. One on both sides at the last sync would have
    /// been a bridge then, so such an edge has its two faces joined by
    /// this sync: walking the lighter class of each join finds it.
    fn sync_faces(
        &self,
        ctx: &mut PropagationContext<'_>,
        faces: &Faces,
        est: &[u32],
        rm: &[u64],
    ) -> bool {
        let nf = faces.num_faces();
        let pn = SNAPSHOT + rm.len();
        let wt = pn + nf;
        let find = |state: &[u64], mut f: usize| loop {
            let p = (state[pn + f] >> 32) as usize;
            if p == f {
                return f;
            }
            f = p;
        };
        let mut joins = 0u64;
        let mut bridge = false;
        for (k, &now) in rm.iter().enumerate() {
            let last = ctx.state()[SNAPSHOT + k];
            let mut new = now & !last;
            if new == 0 {
                continue;
            }
            ctx.set_state(SNAPSHOT + k, last | new);
            while new != 0 {
                let e = 64 * k + new.trailing_zeros() as usize;
                new &= new - 1;
                let (p, q) = faces.sides[e];
                let s = ctx.state();
                let (rp, rq) = (find(s, p as usize), find(s, q as usize));
                if rp == rq {
                    continue;
                }
                let (a, b) = if s[wt + rp] < s[wt + rq] {
                    (rp, rq)
                } else {
                    (rq, rp)
                };
                if !bridge {
                    let mut g = a;
                    'walk: loop {
                        for &f in faces.edges_of(g) {
                            let f = f as usize;
                            if est[f] != REMOVED {
                                let (x, y) = faces.sides[f];
                                let h = if x as usize == g { y } else { x };
                                if find(s, h as usize) == b {
                                    bridge = true;
                                    break 'walk;
                                }
                            }
                        }
                        g = (s[pn + g] & LOW) as usize;
                        if g == a {
                            break;
                        }
                    }
                }
                let (na, nb) = (s[pn + a] & LOW, s[pn + b] & LOW);
                let weight = s[wt + a] + s[wt + b];
                ctx.set_state(pn + a, (b as u64) << 32 | nb);
                ctx.set_state(pn + b, (b as u64) << 32 | na);
                ctx.set_state(wt + b, weight);
                joins += 1;
            }
        }
        if joins > 0 {
            let word = ctx.state()[FACE_WORD];
            ctx.set_state(FACE_WORD, word - (joins << 32));
        }
        bridge
    }

    /// The number of connected parts with an edge of the graph of the
    /// edges not removed, by Euler's formula for plane graphs (vertices
    /// with an edge, minus edges, plus faces, minus one); `faces` is the
    /// number of faces (after [`sync_faces`](Self::sync_faces)).
    fn parts(&self, w: &Work<'_>, faces: u64) -> i64 {
        w.live as i64 - (w.chosen + w.open) as i64 + faces as i64 - 1
    }
}

/// The faces of the graph drawn as a grid of points (`rows x cols`, both at
/// least 2): the cells between the points and the outer face, and the two
/// faces on the sides of each edge. Rule 3 uses them to tell, from the
/// edges removed since its last pass, whether that pass would find
/// anything now (see [`SingleLoop::sync_faces`]).
#[derive(Clone, Debug)]
struct Faces {
    /// Per edge, the faces on its two sides.
    sides: Vec<(u32, u32)>,
    /// Face `f`'s edges are `edges[offsets[f]..offsets[f + 1]]`.
    offsets: Vec<u32>,
    edges: Vec<u32>,
}

impl Faces {
    /// The faces of `graph` if it is the grid of some `rows x cols` points,
    /// both at least 2: point `(r, c)` is vertex `r * cols + c`, joined to
    /// its orthogonal neighbours (as [`Graph::grid`] makes it, the edges in
    /// any order and either direction).
    fn of_grid(graph: &Graph) -> Option<Faces> {
        let n = graph.num_vertices();
        (2..=n / 2)
            .filter(|&r| n % r == 0 && n / r >= 2)
            .find_map(|r| Faces::of_grid_sized(graph, r, n / r))
    }

    fn of_grid_sized(graph: &Graph, rows: usize, cols: usize) -> Option<Faces> {
        let m = graph.num_edges();
        if rows * (cols - 1) + (rows - 1) * cols != m {
            return None;
        }
        let cells = (rows - 1) * (cols - 1);
        let outer = cells as u32;
        let cell = |r: usize, c: usize| (r * (cols - 1) + c) as u32;
        let mut sides = Vec::with_capacity(m);
        for (x, y) in graph.edges() {
            let (a, b) = (x.min(y), x.max(y));
            let (r, c) = (a / cols, a % cols);
            if b == a + 1 && c + 1 < cols {
                // Horizontal: the cells above and below.
                let above = if r > 0 { cell(r - 1, c) } else { outer };
                let below = if r + 1 < rows { cell(r, c) } else { outer };
                sides.push((above, below));
            } else if b == a + cols {
                // Vertical: the cells left and right.
                let left = if c > 0 { cell(r, c - 1) } else { outer };
                let right = if c + 1 < cols { cell(r, c) } else { outer };
                sides.push((left, right));
            } else {
                return None;
            }
        }
        // The graph is simple, so its `m` edges are the grid's `m` edges.
        let mut offsets = vec![0u32; cells + 2];
        for &(p, q) in &sides {
            offsets[p as usize + 1] += 1;
            offsets[q as usize + 1] += 1;
        }
        for f in 0..=cells {
            offsets[f + 1] += offsets[f];
        }
        let mut fill = offsets.clone();
        let mut edges = vec![0u32; 2 * m];
        for (e, &(p, q)) in sides.iter().enumerate() {
            for f in [p, q] {
                edges[fill[f as usize] as usize] = e as u32;
                fill[f as usize] += 1;
            }
        }
        Some(Faces {
            sides,
            offsets,
            edges,
        })
    }

    fn num_faces(&self) -> usize {
        self.offsets.len() - 1
    }

    fn edges_of(&self, f: usize) -> &[u32] {
        &self.edges[self.offsets[f] as usize..self.offsets[f + 1] as usize]
    }
}

/// Joins the sets of `a` and `b` by the chosen edge between them, the
/// lighter set (by chosen edges `ce`) under the other, the counts `ce` and
/// `cr` moving to the root; returns whether they were one set already (the
/// edge closes a cycle).
#[inline]
fn join(uf: &mut [u32], ce: &mut [u32], cr: &mut [u32], a: usize, b: usize) -> bool {
    let (ra, rb) = (find(uf, a), find(uf, b));
    if ra == rb {
        ce[ra] += 1;
        return true;
    }
    let (light, heavy) = if ce[ra] < ce[rb] { (ra, rb) } else { (rb, ra) };
    uf[light] = heavy as u32;
    ce[heavy] += ce[light] + 1;
    cr[heavy] += cr[light];
    false
}

/// The root of `v`'s set, halving the path on the way.
#[inline]
fn find(uf: &mut [u32], mut v: usize) -> usize {
    while uf[v] as usize != v {
        let p = uf[v] as usize;
        uf[v] = uf[p];
        v = p;
    }
    v
}

/// Why an edge is fixed, a vertex decided, or the node failed, rebuilt
/// from the domains of the moment (for learning: see
/// [`Constraint::explain`]). Each rule names only the edges and vertices it
/// read: a degree by the edges at its vertex, a premature loop by the path
/// it would close and one loop part off it, a bridge or a piece apart by
/// the removed edges of a cut (the border of one side, with at most one
/// bridge crossing it) and the loop part on the other side. Edges are read
/// from the moment lazily, so an explanation costs what it names, not the
/// whole graph. A vertex shortcut is explained by the removed edges at its
/// vertex, the path it would close and one loop part off it.
impl SingleLoop {
    /// Edge `e`'s status at the moment being explained.
    fn status(&self, ctx: &crate::ExplainContext<'_>, e: usize) -> u32 {
        match ctx.value(self.vars[e]) {
            Some(1) => CHOSEN,
            Some(_) => REMOVED,
            None => OPEN,
        }
    }

    /// Vertex `v`'s status at the moment being explained.
    fn vertex_status(&self, ctx: &crate::ExplainContext<'_>, v: usize) -> u32 {
        match self.vertex_var(v).map(|y| ctx.value(y)) {
            None => V_NONE,
            Some(None) => V_FREE,
            Some(Some(1)) => V_ON,
            Some(Some(_)) => V_OFF,
        }
    }

    /// Edge `f`'s status at the moment being explained, read from the
    /// context on first use (`est` starts [`UNREAD`]).
    fn lazy_status(&self, ctx: &crate::ExplainContext<'_>, est: &mut [u32], f: usize) -> u32 {
        if est[f] == UNREAD {
            est[f] = self.status(ctx, f);
        }
        est[f]
    }

    /// Which edge (`e < m`) or vertex (`m + v`) `var` is.
    fn position(&self, var: VarId) -> Option<usize> {
        let i = self
            .positions
            .binary_search_by_key(&var.index(), |p| p.0)
            .ok()?;
        Some(self.positions[i].1 as usize)
    }

    /// Edge and vertex statuses at the moment being explained.
    fn statuses(&self, ctx: &crate::ExplainContext<'_>) -> (Vec<u32>, Vec<u32>) {
        let est = (0..self.num_edges()).map(|e| self.status(ctx, e)).collect();
        let vst = (0..self.graph.num_vertices())
            .map(|v| self.vertex_status(ctx, v))
            .collect();
        (est, vst)
    }

    /// Pushes `edge == value` for the edges at `v` of status `status`
    /// other than `skip`, at most `limit` of them.
    fn push_at(
        &self,
        ctx: &mut crate::ExplainContext<'_>,
        est: &[u32],
        v: usize,
        status: u32,
        skip: Option<usize>,
        limit: usize,
    ) {
        let value = Value::from(status == CHOSEN);
        let mut k = 0;
        for (_, e) in self.graph.incident_edges(v) {
            if Some(e) != skip && est[e] == status && k < limit {
                ctx.push(crate::Literal::eq(self.vars[e], value));
                k += 1;
            }
        }
    }

    fn push_vertex(&self, ctx: &mut crate::ExplainContext<'_>, v: usize, on: bool) {
        if let Some(y) = self.vertex_var(v) {
            ctx.push(crate::Literal::eq(y, Value::from(on)));
        }
    }

    /// Rule 1 for edge `e` set to `to` (0 or 1) by one of its ends.
    fn explain_degree(
        &self,
        ctx: &mut crate::ExplainContext<'_>,
        est: &[u32],
        vst: &[u32],
        e: usize,
        to: Value,
    ) -> bool {
        let (a, b) = self.graph.ends(e);
        for v in [a, b] {
            let (mut c, mut o) = (0, 0);
            for (_, f) in self.graph.incident_edges(v) {
                if f != e {
                    match est[f] {
                        CHOSEN => c += 1,
                        OPEN => o += 1,
                        _ => {}
                    }
                }
            }
            if to == 0 {
                if c >= 2 {
                    self.push_at(ctx, est, v, CHOSEN, Some(e), 2);
                    return true;
                }
                if vst[v] == V_OFF {
                    self.push_vertex(ctx, v, false);
                    return true;
                }
                if c == 0 && o == 0 {
                    self.push_at(ctx, est, v, REMOVED, Some(e), usize::MAX);
                    return true;
                }
            } else {
                if c == 1 && o == 0 {
                    self.push_at(ctx, est, v, CHOSEN, Some(e), 1);
                    self.push_at(ctx, est, v, REMOVED, Some(e), usize::MAX);
                    return true;
                }
                if vst[v] == V_ON && c == 0 && o == 1 {
                    self.push_vertex(ctx, v, true);
                    self.push_at(ctx, est, v, REMOVED, Some(e), usize::MAX);
                    return true;
                }
            }
        }
        false
    }

    /// Rule 2: edge `e` would close a path that leaves other loop parts
    /// out, or the loop is closed already. Also the failure of a closed
    /// loop that leaves loop parts out (`e` = `None`).
    fn explain_subtour(
        &self,
        ctx: &mut crate::ExplainContext<'_>,
        est: &[u32],
        vst: &[u32],
        e: Option<usize>,
    ) -> bool {
        let n = self.graph.num_vertices();
        let mut uf: Vec<u32> = (0..n as u32).collect();
        let mut cycle = None;
        for (f, &st) in est.iter().enumerate() {
            if st == CHOSEN {
                let (a, b) = self.graph.ends(f);
                let (ra, rb) = (find(&mut uf, a), find(&mut uf, b));
                if ra == rb {
                    cycle = Some(ra);
                } else {
                    uf[ra] = rb as u32;
                }
            }
        }
        // The component whose edges explain it: a closed loop, or the path
        // that `e` would close.
        let comp = match (cycle, e) {
            (Some(r), _) => find(&mut uf, r),
            (None, Some(e)) => {
                let (a, b) = self.graph.ends(e);
                let ra = find(&mut uf, a);
                if ra != find(&mut uf, b) || est.iter().all(|&s| s != CHOSEN) {
                    return false;
                }
                ra
            }
            (None, None) => return false,
        };
        // Something of the loop outside it (a chosen edge or a required
        // vertex), unless the loop is closed and `e` is removed anyway.
        let mut witness = None;
        for (f, &st) in est.iter().enumerate() {
            if st == CHOSEN && find(&mut uf, self.graph.ends(f).0) != comp {
                witness = Some(crate::Literal::eq(self.vars[f], 1));
                break;
            }
        }
        if witness.is_none() {
            for (v, &st) in vst.iter().enumerate().take(n) {
                if st == V_ON && find(&mut uf, v) != comp {
                    witness = self.vertex_var(v).map(|y| crate::Literal::eq(y, 1));
                    break;
                }
            }
        }
        if witness.is_none() && cycle.is_none() {
            return false; // closing this path would finish the loop
        }
        if e.is_none() && witness.is_none() {
            return false; // a closed loop that holds everything is no failure
        }
        for (f, &st) in est.iter().enumerate() {
            if st == CHOSEN && find(&mut uf, self.graph.ends(f).0) == comp {
                ctx.push(crate::Literal::eq(self.vars[f], 1));
            }
        }
        if let Some(w) = witness {
            ctx.push(w);
        }
        true
    }

    /// Rule 3's bridges: edge `e` is on no cycle of the edges left, because
    /// every other edge leaving one side is removed. Reads the statuses of
    /// the edges of `e`'s side only.
    fn explain_bridge(
        &self,
        ctx: &mut crate::ExplainContext<'_>,
        est: &mut [u32],
        e: usize,
    ) -> bool {
        let (a, b) = self.graph.ends(e);
        let seen = self.side(ctx, est, a, Some(e));
        if seen[b] {
            return false;
        }
        self.push_border(ctx, &seen, Some(e));
        true
    }

    /// The vertices `from` reaches over the edges not removed other than
    /// `skip` (statuses read lazily into `est`).
    fn side(
        &self,
        ctx: &crate::ExplainContext<'_>,
        est: &mut [u32],
        from: usize,
        skip: Option<usize>,
    ) -> Vec<bool> {
        let mut seen = vec![false; self.graph.num_vertices()];
        let mut stack = vec![from];
        seen[from] = true;
        while let Some(v) = stack.pop() {
            for (u, f) in self.graph.incident_edges(v) {
                if Some(f) != skip && !seen[u] && self.lazy_status(ctx, est, f) != REMOVED {
                    seen[u] = true;
                    stack.push(u);
                }
            }
        }
        seen
    }

    /// Pushes `edge == 0` for every edge other than `skip` that leaves the
    /// vertices `seen` (all removed, when `seen` is a [`side`](Self::side)).
    fn push_border(&self, ctx: &mut crate::ExplainContext<'_>, seen: &[bool], skip: Option<usize>) {
        for v in (0..seen.len()).filter(|&v| seen[v]) {
            for (u, f) in self.graph.incident_edges(v) {
                if Some(f) != skip && !seen[u] {
                    ctx.push(crate::Literal::eq(self.vars[f], 0));
                }
            }
        }
    }

    /// Rule 2 read along one path: edge `e` is removed because its ends are
    /// the two ends of one path of chosen edges and something of the loop
    /// (a chosen edge or a required vertex) lies off that path. Reads the
    /// edges at the path's vertices and the edges up to the first witness,
    /// not the whole graph; `false` when the chosen edges at `e`'s ends do
    /// not make such a path (the whole-graph version decides then).
    fn explain_closing_path(
        &self,
        ctx: &mut crate::ExplainContext<'_>,
        est: &mut [u32],
        e: usize,
    ) -> bool {
        let n = self.graph.num_vertices();
        let (a, b) = self.graph.ends(e);
        let mut on_path = vec![false; n];
        on_path[a] = true;
        let mut path = Vec::new();
        let (mut v, mut came) = (a, e);
        while v != b {
            let next = self
                .graph
                .incident_edges(v)
                .find(|&(_, f)| f != came && self.lazy_status(ctx, est, f) == CHOSEN);
            let Some((u, f)) = next else { break };
            if on_path[u] {
                return false; // a cycle: not a path
            }
            on_path[u] = true;
            path.push(f);
            (v, came) = (u, f);
        }
        if v != b || path.is_empty() {
            return false;
        }
        let mut witness = None;
        for f in (0..self.num_edges()).filter(|&f| f != e) {
            let (x, y) = self.graph.ends(f);
            if !on_path[x] && !on_path[y] && self.lazy_status(ctx, est, f) == CHOSEN {
                witness = Some(crate::Literal::eq(self.vars[f], 1));
                break;
            }
        }
        if witness.is_none() && self.has_vertices {
            witness = (0..n)
                .find(|&v| !on_path[v] && self.vertex_status(ctx, v) == V_ON)
                .and_then(|v| self.vertex_var(v))
                .map(|y| crate::Literal::eq(y, 1));
        }
        let Some(witness) = witness else {
            return false; // closing this path would finish the loop
        };
        for &f in &path {
            ctx.push(crate::Literal::eq(self.vars[f], 1));
        }
        ctx.push(witness);
        true
    }

    /// Rule 2's vertex part read at one vertex: `x` has no chosen edge and
    /// two edges not removed, which reach the two ends of one path of
    /// chosen edges, and something of the loop (a chosen edge, or a
    /// required vertex other than `x`) lies off that path. Taking one of
    /// the two edges forces the other and closes the path through `x`, so
    /// edge `e` (one of them) is removed; with `e` = `None`, the failure of
    /// such an `x` that must be on the loop. Pushes the removed edges at
    /// `x`, the path and the witness (and `x`'s variable for a failure).
    fn explain_shortcut(
        &self,
        ctx: &mut crate::ExplainContext<'_>,
        est: &mut [u32],
        x: usize,
        e: Option<usize>,
    ) -> bool {
        let mut left = [(0usize, 0usize); 2];
        let mut k = 0;
        for (u, f) in self.graph.incident_edges(x) {
            match self.lazy_status(ctx, est, f) {
                REMOVED => {}
                OPEN if k < 2 => {
                    left[k] = (u, f);
                    k += 1;
                }
                _ => return false,
            }
        }
        if k != 2 || e.is_some_and(|e| e != left[0].1 && e != left[1].1) {
            return false;
        }
        let ((a, from_x), (b, _)) = (left[0], left[1]);
        let n = self.graph.num_vertices();
        let mut on_path = vec![false; n];
        on_path[a] = true;
        let mut path = Vec::new();
        let (mut v, mut came) = (a, from_x);
        while v != b {
            let next = self
                .graph
                .incident_edges(v)
                .find(|&(_, f)| f != came && self.lazy_status(ctx, est, f) == CHOSEN);
            let Some((u, f)) = next else { break };
            if on_path[u] {
                return false; // a cycle: not a path
            }
            on_path[u] = true;
            path.push(f);
            (v, came) = (u, f);
        }
        if v != b || path.is_empty() {
            return false;
        }
        let mut witness = None;
        for f in 0..self.num_edges() {
            let (p, q) = self.graph.ends(f);
            if !(on_path[p] && on_path[q]) && self.lazy_status(ctx, est, f) == CHOSEN {
                witness = Some(crate::Literal::eq(self.vars[f], 1));
                break;
            }
        }
        if witness.is_none() && self.has_vertices {
            witness = (0..n)
                .find(|&v| v != x && !on_path[v] && self.vertex_status(ctx, v) == V_ON)
                .and_then(|v| self.vertex_var(v))
                .map(|y| crate::Literal::eq(y, 1));
        }
        let Some(witness) = witness else {
            return false; // closing this path through `x` would finish the loop
        };
        for (_, f) in self.graph.incident_edges(x) {
            if est[f] == REMOVED {
                ctx.push(crate::Literal::eq(self.vars[f], 0));
            }
        }
        for &f in &path {
            ctx.push(crate::Literal::eq(self.vars[f], 1));
        }
        ctx.push(witness);
        if e.is_none() {
            self.push_vertex(ctx, x, true);
        }
        true
    }

    /// The 2-edge-connected pieces of the edges not removed at the moment
    /// being explained (`est` read whole): each vertex's piece, `NO_LABEL`
    /// for a vertex whose edges are all removed.
    fn pieces_of(&self, est: &[u32]) -> Vec<u32> {
        let n = self.graph.num_vertices();
        let mut buf = vec![0u32; 7 * n];
        let isolated = |v| self.graph.incident_edges(v).all(|(_, f)| est[f] == REMOVED);
        self.label_pieces(est, isolated, &mut buf);
        buf.split_off(6 * n)
    }

    /// The loop's parts at the moment (`est`, `vst` read whole): each
    /// chosen edge (by its first end) and required vertex, with the
    /// literal that makes it a part of the loop.
    fn loop_parts<'s>(
        &'s self,
        est: &'s [u32],
        vst: &'s [u32],
    ) -> impl Iterator<Item = (usize, crate::Literal)> + 's {
        let edges = (0..self.num_edges())
            .filter(|&f| est[f] == CHOSEN)
            .map(|f| (self.graph.ends(f).0, crate::Literal::eq(self.vars[f], 1)));
        let vertices = (0..self.graph.num_vertices())
            .filter(|&v| vst[v] == V_ON)
            .filter_map(|v| self.vertex_var(v).map(|y| (v, crate::Literal::eq(y, 1))));
        edges.chain(vertices)
    }

    /// Rule 3's pieces: vertices `from` and `to` lie in different
    /// 2-edge-connected pieces (`label`) of the edges not removed, so no
    /// cycle through `from`'s piece reaches `to`. Pushes the removed edges
    /// of a cut between them that every other edge of which is removed: the
    /// border of `from`'s connected part, or of its side of the first
    /// bridge on a path to `to`.
    fn push_apart(
        &self,
        ctx: &mut crate::ExplainContext<'_>,
        est: &mut [u32],
        label: &[u32],
        from: usize,
        to: usize,
    ) -> bool {
        let n = self.graph.num_vertices();
        // A path from `from` to `to` over the edges not removed.
        let mut parent = vec![u32::MAX; n];
        let mut seen = vec![false; n];
        let mut queue = std::collections::VecDeque::from([from]);
        seen[from] = true;
        while let Some(v) = queue.pop_front() {
            for (u, f) in self.graph.incident_edges(v) {
                if !seen[u] && est[f] != REMOVED {
                    seen[u] = true;
                    parent[u] = f as u32;
                    queue.push_back(u);
                }
            }
        }
        let mut cut = None;
        if seen[to] {
            // The bridge nearest `from` on that path.
            let mut v = to;
            while v != from {
                let f = parent[v] as usize;
                let (a, b) = self.graph.ends(f);
                if label[a] != label[b] {
                    cut = Some(f);
                }
                v = if a == v { b } else { a };
            }
            if cut.is_none() {
                return false; // one piece after all
            }
            seen = self.side(ctx, est, from, cut);
            if seen[to] {
                return false;
            }
        }
        self.push_border(ctx, &seen, cut);
        true
    }

    /// Rule 3's removal of edge `e`, outside the piece that holds a part
    /// of the loop.
    fn explain_outside(
        &self,
        ctx: &mut crate::ExplainContext<'_>,
        est: &mut [u32],
        vst: &[u32],
        e: usize,
    ) -> bool {
        let label = self.pieces_of(est);
        let (from, other_end) = self.graph.ends(e);
        if label[from] != label[other_end] {
            return false; // a bridge, not inside a piece
        }
        let Some((to, part)) = self
            .loop_parts(est, vst)
            .find(|&(v, _)| label[v] != label[from])
        else {
            return false;
        };
        if !self.push_apart(ctx, est, &label, from, to) {
            return false;
        }
        ctx.push(part);
        true
    }

    /// Rule 3's failures: a chosen bridge, loop parts in two pieces, or no
    /// cycle left at all.
    fn explain_pieces_failure(
        &self,
        ctx: &mut crate::ExplainContext<'_>,
        est: &mut [u32],
        vst: &[u32],
    ) -> bool {
        let label = self.pieces_of(est);
        let m = self.num_edges();
        let bridge = |f: usize| {
            let (a, b) = self.graph.ends(f);
            label[a] != label[b]
        };
        if let Some(g) = (0..m).find(|&g| est[g] == CHOSEN && bridge(g)) {
            if self.explain_bridge(ctx, est, g) {
                ctx.push(crate::Literal::eq(self.vars[g], 1));
                return true;
            }
            return false;
        }
        let apart = {
            let mut parts = self.loop_parts(est, vst);
            parts.next().map(|(first, lit)| {
                let other = parts.find(|&(v, _)| label[v] != label[first]);
                (first, lit, other)
            })
        };
        if let Some((first, lit, other)) = apart {
            let Some((other, lit2)) = other else {
                return false;
            };
            if !self.push_apart(ctx, est, &label, first, other) {
                return false;
            }
            ctx.push(lit);
            ctx.push(lit2);
            return true;
        }
        if (0..m).all(|f| est[f] == REMOVED || bridge(f)) {
            // No cycle is left: the edges not removed make a forest.
            for f in (0..m).filter(|&f| est[f] == REMOVED) {
                ctx.push(crate::Literal::eq(self.vars[f], 0));
            }
            return true;
        }
        false
    }

    /// Rule 1's failures at one vertex.
    fn explain_degree_failure(
        &self,
        ctx: &mut crate::ExplainContext<'_>,
        est: &[u32],
        vst: &[u32],
    ) -> bool {
        for (v, &vs) in vst.iter().enumerate().take(self.graph.num_vertices()) {
            let (mut c, mut o) = (0, 0);
            for (_, f) in self.graph.incident_edges(v) {
                match est[f] {
                    CHOSEN => c += 1,
                    OPEN => o += 1,
                    _ => {}
                }
            }
            if c > 2 {
                self.push_at(ctx, est, v, CHOSEN, None, 3);
            } else if vs == V_OFF && c > 0 {
                self.push_vertex(ctx, v, false);
                self.push_at(ctx, est, v, CHOSEN, None, 1);
            } else if c == 1 && o == 0 {
                self.push_at(ctx, est, v, CHOSEN, None, 1);
                self.push_at(ctx, est, v, REMOVED, None, usize::MAX);
            } else if vs == V_ON && c + o < 2 {
                self.push_vertex(ctx, v, true);
                self.push_at(ctx, est, v, REMOVED, None, usize::MAX);
            } else {
                continue;
            }
            return true;
        }
        false
    }
}

impl Constraint for SingleLoop {
    fn explain(&self, ctx: &mut crate::ExplainContext<'_>, what: crate::Explaining) {
        let m = self.num_edges();
        // An edge's rules that read little first: its degree rule reads only
        // the edges at its ends, a path it would close reads along the path,
        // a bridge the edges of its side.
        if let crate::Explaining::Removal { var, value } = what {
            if let Some(v) = self.position(var).and_then(|i| i.checked_sub(m)) {
                // A vertex: on the loop by a chosen edge at it, off it by
                // every edge at it removed.
                let edges = || self.graph.incident_edges(v).map(|(_, f)| f);
                if value == 0 {
                    if let Some(f) = edges().find(|&f| self.status(ctx, f) == CHOSEN) {
                        ctx.push(crate::Literal::eq(self.vars[f], 1));
                        return;
                    }
                } else if edges().all(|f| self.status(ctx, f) == REMOVED) {
                    for f in edges() {
                        ctx.push(crate::Literal::eq(self.vars[f], 0));
                    }
                    return;
                }
            }
            if let Some(e) = self.position(var).filter(|&e| e < m) {
                let (a, b) = self.graph.ends(e);
                let mut est = vec![UNREAD; m];
                let mut vst = vec![V_NONE; self.graph.num_vertices()];
                for v in [a, b] {
                    for (_, f) in self.graph.incident_edges(v) {
                        self.lazy_status(ctx, &mut est, f);
                    }
                    vst[v] = self.vertex_status(ctx, v);
                }
                if self.explain_degree(ctx, &est, &vst, e, 1 - value) {
                    return;
                }
                if value == 1
                    && (self.explain_closing_path(ctx, &mut est, e)
                        || self.explain_bridge(ctx, &mut est, e)
                        || self.explain_shortcut(ctx, &mut est, a, Some(e))
                        || self.explain_shortcut(ctx, &mut est, b, Some(e)))
                {
                    return;
                }
            }
        }
        let (mut est, vst) = self.statuses(ctx);
        let done = match what {
            crate::Explaining::Removal { var, value } => {
                let to = 1 - value;
                match self.position(var) {
                    Some(e) if e < m => {
                        to == 0
                            && (self.explain_subtour(ctx, &est, &vst, Some(e))
                                || self.explain_outside(ctx, &mut est, &vst, e))
                    }
                    Some(i) => {
                        // A vertex variable: on the loop by a chosen edge,
                        // off it with every edge removed.
                        let v = i - m;
                        if to == 1 {
                            let on = self.graph.incident_edges(v).any(|(_, f)| est[f] == CHOSEN);
                            if on {
                                self.push_at(ctx, &est, v, CHOSEN, None, 1);
                            }
                            on
                        } else if self.graph.incident_edges(v).all(|(_, f)| est[f] == REMOVED) {
                            self.push_at(ctx, &est, v, REMOVED, None, usize::MAX);
                            true
                        } else {
                            false
                        }
                    }
                    None => false,
                }
            }
            crate::Explaining::Failure => {
                self.explain_degree_failure(ctx, &est, &vst)
                    || self.explain_subtour(ctx, &est, &vst, None)
                    || (0..vst.len())
                        .filter(|&x| vst[x] == V_ON)
                        .any(|x| self.explain_shortcut(ctx, &mut est, x, None))
                    || self.explain_pieces_failure(ctx, &mut est, &vst)
            }
        };
        if !done {
            ctx.push_scope(self.scope());
        }
    }

    fn scope(&self) -> &[VarId] {
        &self.vars
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        let m = self.num_edges();
        let n = self.graph.num_vertices();
        let mut degree = vec![0u32; n];
        let mut uf: Vec<u32> = (0..n as u32).collect();
        let mut chosen = 0;
        for (e, _) in values[..m].iter().enumerate().filter(|(_, x)| **x == 1) {
            let (a, b) = self.graph.ends(e);
            degree[a] += 1;
            degree[b] += 1;
            let (ra, rb) = (find(&mut uf, a), find(&mut uf, b));
            uf[ra] = rb as u32;
            chosen += 1;
        }
        if chosen == 0 || degree.iter().any(|&d| d != 0 && d != 2) {
            return false;
        }
        if self.has_vertices && (0..n).any(|v| (values[m + v] == 1) != (degree[v] == 2)) {
            return false;
        }
        // Degrees 0 or 2: disjoint cycles; one cycle if the edges are connected.
        let first = (0..m)
            .find(|&e| values[e] == 1)
            .map(|e| self.graph.ends(e).0);
        let root = first.map(|a| find(&mut uf, a));
        (0..n).all(|v| degree[v] == 0 || Some(find(&mut uf, v)) == root)
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let n = self.graph.num_vertices();
        let m = self.num_edges();
        let mut s = ctx.take_scratch();
        // [est m][vst n][cdeg n][odeg n][queued n][stack n][uf n][ce n][cr n][bridges 7n]
        // [fresh m][fresh_on n][chosen_list m][ends n][closing n][required_list n]
        s.indices.resize(3 * m + 19 * n, 0);
        let (est, rest) = s.indices.split_at_mut(m);
        let (vst, rest) = rest.split_at_mut(n);
        let (cdeg, rest) = rest.split_at_mut(n);
        let (odeg, rest) = rest.split_at_mut(n);
        let (queued, rest) = rest.split_at_mut(n);
        let (stack, rest) = rest.split_at_mut(n);
        let (uf, rest) = rest.split_at_mut(n);
        let (ce, rest) = rest.split_at_mut(n);
        let (cr, rest) = rest.split_at_mut(n);
        let (bridge_buf, rest) = rest.split_at_mut(7 * n);
        let (fresh, rest) = rest.split_at_mut(m);
        let (fresh_on, rest) = rest.split_at_mut(n);
        let (chosen_list, rest) = rest.split_at_mut(m);
        let (ends, rest) = rest.split_at_mut(n);
        let (closing, required_list) = rest.split_at_mut(n);
        let (mw, nw) = (m.div_ceil(64), n.div_ceil(64));
        // [removed mw][fixed mw][dirty nw][vfixed nw]
        s.words.resize(2 * mw + 2 * nw, 0);
        let (rm, rest) = s.words.split_at_mut(mw);
        let (fixed, rest) = rest.split_at_mut(mw);
        let (dirty, vfixed) = rest.split_at_mut(nw);
        let mut w = Work {
            est,
            vst,
            cdeg,
            odeg,
            queued,
            stack,
            rm,
            top: 0,
            chosen: 0,
            open: 0,
            required: 0,
            changed: false,
            built: false,
            fresh,
            fresh_top: 0,
            fresh_on,
            fresh_on_top: 0,
            cycle: None,
            vfixed,
            fixed,
            dirty,
            cursor: n,
            live: 0,
            chosen_list,
            chosen_top: 0,
            ends,
            ends_top: 0,
            closing,
            closing_top: 0,
            required_list,
            required_top: 0,
        };
        // The edges' domains as one slice when they are a run of variables
        // based at 0 (checked once, in `init_state`): bit 0 is the value 0,
        // bit 1 the value 1.
        let run = match ctx.state()[1] & 1 {
            1 => ctx.words_of_run(self.vars[0], m),
            _ => None,
        };
        for e in 0..m {
            let status = match run {
                Some(words) => match words[e] {
                    1 => REMOVED,
                    2 => CHOSEN,
                    _ => OPEN,
                },
                None => match ctx.value(self.vars[e]) {
                    Some(0) => REMOVED,
                    Some(_) => CHOSEN,
                    None => OPEN,
                },
            };
            w.est[e] = status;
            let (a, b) = self.graph.ends(e);
            if status == REMOVED {
                w.rm[e / 64] |= 1 << (e % 64);
                w.mark_fixed(e);
            } else if status == CHOSEN {
                w.mark_fixed(e);
                w.chosen_list[w.chosen_top] = e as u32;
                w.chosen_top += 1;
                w.chosen += 1;
                w.cdeg[a] += 1;
                w.cdeg[b] += 1;
            } else if status == OPEN {
                w.open += 1;
                w.odeg[a] += 1;
                w.odeg[b] += 1;
            }
        }
        // The vertices' domains as one slice too, when they are a run.
        let vertex_run = match ctx.state()[1] & 2 {
            2 => ctx.words_of_run(self.vars[m], n),
            _ => None,
        };
        for v in 0..n {
            w.vst[v] = match vertex_run {
                Some(words) => match words[v] {
                    1 => V_OFF,
                    2 => V_ON,
                    _ => V_FREE,
                },
                None => match self.vertex_var(v).map(|y| ctx.value(y)) {
                    None => V_NONE,
                    Some(None) => V_FREE,
                    Some(Some(0)) => V_OFF,
                    Some(Some(_)) => V_ON,
                },
            };
            if w.vst[v] >= V_ON {
                w.vfixed[v / 64] |= 1 << (v % 64);
                if w.vst[v] == V_ON {
                    w.required += 1;
                    w.required_list[w.required_top] = v as u32;
                    w.required_top += 1;
                }
            }
            w.live += usize::from(w.cdeg[v] + w.odeg[v] > 0);
        }
        // The first sweep of the degree rules visits only the vertices an
        // edge or vertex change reached since the last call that ended at
        // the fixpoint (the others would do nothing): the fixed edges and
        // vertices then are a trailed snapshot. The first call, or a
        // constraint told to sweep everything, visits every vertex.
        let base = self.sweep_base();
        let state = ctx.state();
        if self.sweep_all || state[base] == 0 {
            w.dirty.fill(u64::MAX);
        } else {
            let snapshot = &state[base + 1..];
            for (k, (&now, &then)) in w.fixed.iter().zip(snapshot).enumerate() {
                let mut new = now ^ then;
                while new != 0 {
                    let e = 64 * k + new.trailing_zeros() as usize;
                    new &= new - 1;
                    let (a, b) = self.graph.ends(e);
                    w.dirty[a / 64] |= 1 << (a % 64);
                    w.dirty[b / 64] |= 1 << (b % 64);
                }
            }
            if self.has_vertices {
                let snapshot = &snapshot[mw..];
                for (k, (&now, &then)) in w.vfixed.iter().zip(snapshot).enumerate() {
                    w.dirty[k] |= now ^ then;
                }
            }
        }
        let result = (|| {
            loop {
                self.degrees_to_fixpoint(ctx, &mut w)?;
                if w.chosen == 0 && w.open == 0 {
                    ctx.set_rule(rules::NO_LOOP);
                    return Err(ctx.conflict());
                }
                w.changed = false;
                self.subtours(ctx, &mut w, uf, ce, cr)?;
                if w.changed {
                    continue;
                }
                if let (Some(faces), true) = (&self.faces, w.open > 0) {
                    // A grid: the pass finds nothing when no edge is a
                    // bridge (one face on both sides) and the loop's parts,
                    // if any, lie in one connected part (by Euler's
                    // formula); then every part is 2-edge-connected.
                    let bridge = self.sync_faces(ctx, faces, w.est, w.rm);
                    let word = ctx.state()[FACE_WORD];
                    let demand = w.chosen + w.required > 0;
                    if word & VALID != 0 && !bridge && (!demand || self.parts(&w, word >> 32) == 1)
                    {
                        return Ok(());
                    }
                    self.bridges(ctx, &mut w, &mut bridge_buf[..7 * n])?;
                    // Now no edge left is a bridge, and with a loop part
                    // one piece is left.
                    self.sync_faces(ctx, faces, w.est, w.rm);
                    let word = ctx.state()[FACE_WORD];
                    ctx.set_state(FACE_WORD, word | VALID);
                } else if w.open > 0 {
                    // The pieces change only when an edge goes (or the
                    // first loop part appears): a pass that changed nothing
                    // since then would change nothing now.
                    let removed = (m - w.chosen - w.open) as u64;
                    let demand = w.chosen + w.required > 0;
                    let clean = ctx.state()[0];
                    let unchanged =
                        clean & 1 == 1 && clean >> 2 == removed && (clean & 2 != 0 || !demand);
                    if unchanged {
                        return Ok(());
                    }
                    self.bridges(ctx, &mut w, &mut bridge_buf[..7 * n])?;
                    if !w.changed {
                        ctx.set_state(0, removed << 2 | u64::from(demand) << 1 | 1);
                    }
                }
                if !w.changed {
                    return Ok(());
                }
            }
        })();
        if result.is_ok() {
            // Every vertex is at the fixpoint of the degree rules.
            ctx.set_state(base, 1);
            ctx.set_states(base + 1, w.fixed);
            if self.has_vertices {
                ctx.set_states(base + 1 + mw, w.vfixed);
            }
        }
        ctx.give_back_scratch(s);
        result
    }

    fn events(&self) -> Events {
        Events::FIXED
    }

    fn priority(&self) -> Priority {
        Priority::new(4)
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn name(&self) -> &str {
        "single loop"
    }

    /// Word 0 records the last pass of rule 3 that changed nothing: the
    /// number of removed edges then, shifted left by 2, with bit 1 set if
    /// the loop had a part and bit 0 always set (the word is 0 before any
    /// such pass). Word 1, set once, has bit 0 set when the edge variables are a
    /// run of consecutive variables whose values start at 0 (the layouts
    /// of [`LoopLattice`]), so that one slice of the store holds their
    /// domains. On a grid of points, word 0 is unused and the faces
    /// follow: word 2 holds the number of face classes (high half) and
    /// bit 0 set once the edges left at the last sync are known to have
    /// no bridge; then a bitset of the removed edges at the last sync;
    /// then per face its parent and the next face of its class's ring
    /// (high and low halves); then per face its class's weight (the
    /// edges of its faces, read at roots). Bit 1 of word 1 tells the same
    /// of the vertex variables. Last come the degree sweep's words: one
    /// set to 1 once a call ended at the fixpoint, then the bitset of the
    /// edges fixed then, then (with vertex variables) of the vertices.
    fn state_words(&self) -> usize {
        let n = self.graph.num_vertices();
        let vertices = if self.has_vertices { n.div_ceil(64) } else { 0 };
        self.sweep_base() + 1 + self.num_edges().div_ceil(64) + vertices
    }

    fn init_state(&self, domains: &crate::Domains<'_>, state: &mut [u64]) {
        let m = self.num_edges();
        let first = self.vars.first().map_or(0, |v| v.index());
        let run = m > 0
            && self.vars[..m].iter().enumerate().all(|(e, &v)| {
                v.index() == first + e && domains.mask(v).is_some_and(|(base, _)| base == 0)
            });
        let n = self.graph.num_vertices();
        let vertex_run = self.has_vertices
            && n > 0
            && self.vars[m..].iter().enumerate().all(|(v, &y)| {
                y.index() == self.vars[m].index() + v
                    && domains.mask(y).is_some_and(|(base, _)| base == 0)
            });
        state[1] = u64::from(run) | u64::from(vertex_run) << 1;
        if let Some(faces) = &self.faces {
            // Every face a class of its own, weighed by its edges.
            let nf = faces.num_faces();
            state[FACE_WORD] = (nf as u64) << 32;
            let pn = SNAPSHOT + m.div_ceil(64);
            for f in 0..nf {
                state[pn + f] = (f as u64) << 32 | f as u64;
                state[pn + nf + f] = faces.edges_of(f).len() as u64;
            }
        }
    }
}

impl Model {
    /// The edges set to 1 form exactly one simple cycle of `graph` (edge
    /// `i` of the graph is `edges[i]`); no edge at all is not a loop. The
    /// edges must be distinct 0/1 variables. See
    /// [`constraints::single_loop`](crate::constraints::single_loop) for
    /// the propagation, and [`LoopLattice`] for the usual layouts.
    ///
    /// ```
    /// use csp_core::{Model, Solver, graph::Graph};
    /// // A square with one diagonal: three cycles (two triangles, the square).
    /// let g = Graph::new(4, &[(0, 1), (1, 2), (2, 3), (3, 0), (0, 2)])?;
    /// let mut model = Model::new();
    /// let edges = model.new_vars(5, 0..=1)?;
    /// model.single_loop(&edges, &g)?;
    /// assert_eq!(Solver::new(&model).count(None).count, 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn single_loop(
        &mut self,
        edges: &[VarId],
        graph: &Graph,
    ) -> Result<ConstraintId, ModelError> {
        self.post_single_loop(edges, graph, None)
    }

    /// [`single_loop`](Self::single_loop), plus one 0/1 variable per vertex
    /// of `graph` that is 1 exactly when the loop passes through that
    /// vertex (`on_loop[v]` for vertex `v`). Fix one to 1 to make the loop
    /// visit a vertex (a Masyu pearl), to 0 to keep it away.
    pub fn single_loop_with_vertices(
        &mut self,
        edges: &[VarId],
        graph: &Graph,
        on_loop: &[VarId],
    ) -> Result<ConstraintId, ModelError> {
        self.post_single_loop(edges, graph, Some(on_loop))
    }

    fn post_single_loop(
        &mut self,
        edges: &[VarId],
        graph: &Graph,
        on_loop: Option<&[VarId]>,
    ) -> Result<ConstraintId, ModelError> {
        self.post_single_loop_sweeping(edges, graph, on_loop, false)
    }

    fn post_single_loop_sweeping(
        &mut self,
        edges: &[VarId],
        graph: &Graph,
        on_loop: Option<&[VarId]>,
        sweep_all: bool,
    ) -> Result<ConstraintId, ModelError> {
        const NAME: &str = "single loop";
        let invalid = |reason: String| ModelError::InvalidArgument {
            constraint: NAME.to_owned(),
            reason,
        };
        if edges.len() != graph.num_edges() {
            return Err(invalid(format!(
                "{} edge variables for a graph of {} edges",
                edges.len(),
                graph.num_edges()
            )));
        }
        let mut vars = edges.to_vec();
        if let Some(on_loop) = on_loop {
            if on_loop.len() != graph.num_vertices() {
                return Err(invalid(format!(
                    "{} vertex variables for a graph of {} vertices",
                    on_loop.len(),
                    graph.num_vertices()
                )));
            }
            vars.extend_from_slice(on_loop);
        }
        self.check_distinct(NAME, &vars)?;
        check_booleans(self, NAME, &vars)?;
        let mut positions: Vec<(usize, u32)> = (0..vars.len() as u32)
            .map(|i| (vars[i as usize].index(), i))
            .collect();
        positions.sort_unstable();
        let c = SingleLoop {
            vars,
            graph: graph.clone(),
            has_vertices: on_loop.is_some(),
            positions,
            faces: Faces::of_grid(graph),
            sweep_all,
        };
        self.post(Box::new(c), false)
    }
}

/// The edge variables of a lattice of `point_rows x point_cols` points,
/// each joined to its orthogonal neighbours: the board of a loop puzzle.
///
/// For Slitherlink the points are the corners of the cells
/// ([`around_cells`](Self::around_cells)); for Masyu they are the cells'
/// centres ([`through_cells`](Self::through_cells)). Point `(r, c)` is
/// vertex `r * point_cols + c` of [`graph`](Self::graph); the edges are the
/// horizontal ones, row-major, then the vertical ones (the order of
/// [`Graph::grid`]). Edge variables are named after their points, `r1c1-r1c2`.
///
/// ```
/// use csp_core::{Model, Solver, constraints::LoopLattice};
/// // A 1 x 2 Slitherlink: the loop around both cells, or around either one.
/// let mut model = Model::new();
/// let lattice = LoopLattice::around_cells(&mut model, 1, 2)?;
/// model.single_loop(lattice.edges(), lattice.graph())?;
/// let [top, right, bottom, left] = lattice.cell_edges(0, 1).unwrap();
/// model.fix(right, 1)?;
/// model.fix(left, 0)?; // the loop goes around both cells
/// let s = Solver::new(&model).solve().into_solution().unwrap();
/// assert_eq!((s[top], s[bottom]), (1, 1));
/// assert_eq!(lattice.render(&s), "+-+-+\n|   |\n+-+-+\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct LoopLattice {
    rows: usize,
    cols: usize,
    edges: Vec<VarId>,
    graph: Graph,
}

impl LoopLattice {
    /// The lattice of `point_rows x point_cols` points, with a new 0/1
    /// variable per edge.
    pub fn new(
        model: &mut Model,
        point_rows: usize,
        point_cols: usize,
    ) -> Result<LoopLattice, ModelError> {
        let graph = Graph::grid(point_rows, point_cols)?;
        let name = |r: usize, c: usize| format!("r{}c{}", r + 1, c + 1);
        let mut edges = Vec::with_capacity(graph.num_edges());
        for (a, b) in graph.edges() {
            let (ra, ca) = (a / point_cols, a % point_cols);
            let (rb, cb) = (b / point_cols, b % point_cols);
            let label = format!("{}-{}", name(ra, ca), name(rb, cb));
            edges.push(model.new_named_var(label, 0..=1)?);
        }
        Ok(LoopLattice {
            rows: point_rows,
            cols: point_cols,
            edges,
            graph,
        })
    }

    /// The points around `rows x cols` cells (`(rows + 1) x (cols + 1)`
    /// points): the Slitherlink board, where the loop runs along cell sides.
    pub fn around_cells(
        model: &mut Model,
        rows: usize,
        cols: usize,
    ) -> Result<LoopLattice, ModelError> {
        LoopLattice::new(model, rows.saturating_add(1), cols.saturating_add(1))
    }

    /// One point per cell of `rows x cols` cells, at its centre: the Masyu
    /// board, where the loop runs from cell to cell.
    pub fn through_cells(
        model: &mut Model,
        rows: usize,
        cols: usize,
    ) -> Result<LoopLattice, ModelError> {
        LoopLattice::new(model, rows, cols)
    }

    /// Rows of points.
    pub fn point_rows(&self) -> usize {
        self.rows
    }

    /// Columns of points.
    pub fn point_cols(&self) -> usize {
        self.cols
    }

    /// Every edge variable, in the graph's edge order.
    pub fn edges(&self) -> &[VarId] {
        &self.edges
    }

    /// The lattice as a graph (vertex `r * point_cols + c` for point `(r, c)`).
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// The vertex number of point `(r, c)`, if it is in the lattice.
    pub fn point(&self, r: usize, c: usize) -> Option<usize> {
        (r < self.rows && c < self.cols).then(|| r * self.cols + c)
    }

    /// The edge from point `(r, c)` to `(r, c + 1)`.
    pub fn horizontal(&self, r: usize, c: usize) -> Option<VarId> {
        (r < self.rows && c + 1 < self.cols).then(|| self.edges[r * (self.cols - 1) + c])
    }

    /// The edge from point `(r, c)` to `(r + 1, c)`.
    pub fn vertical(&self, r: usize, c: usize) -> Option<VarId> {
        let horizontal = self.rows * self.cols.saturating_sub(1);
        (r + 1 < self.rows && c < self.cols).then(|| self.edges[horizontal + r * self.cols + c])
    }

    /// The edges at point `(r, c)`: up, right, down, left (`None` at the
    /// border or outside the lattice).
    pub fn point_edges(&self, r: usize, c: usize) -> [Option<VarId>; 4] {
        if self.point(r, c).is_none() {
            return [None; 4];
        }
        [
            r.checked_sub(1).and_then(|r| self.vertical(r, c)),
            self.horizontal(r, c),
            self.vertical(r, c),
            c.checked_sub(1).and_then(|c| self.horizontal(r, c)),
        ]
    }

    /// The four sides of the cell whose top-left corner is point `(r, c)`:
    /// top, right, bottom, left (a Slitherlink clue counts them).
    pub fn cell_edges(&self, r: usize, c: usize) -> Option<[VarId; 4]> {
        Some([
            self.horizontal(r, c)?,
            self.vertical(r, c + 1)?,
            self.horizontal(r + 1, c)?,
            self.vertical(r, c)?,
        ])
    }

    /// A drawing of the loop in `solution`: `+` for a point on the loop,
    /// `.` for one off it, `-` and `|` for loop edges.
    pub fn render(&self, solution: &Solution) -> String {
        let on = |v: Option<VarId>| v.and_then(|v| solution.get(v)) == Some(1);
        let mut out = String::new();
        for r in 0..self.rows {
            for c in 0..self.cols {
                let touched = self.point_edges(r, c).iter().any(|&e| on(e));
                out.push(if touched { '+' } else { '.' });
                if c + 1 < self.cols {
                    out.push(if on(self.horizontal(r, c)) { '-' } else { ' ' });
                }
            }
            out.push('\n');
            if r + 1 < self.rows {
                for c in 0..self.cols {
                    out.push(if on(self.vertical(r, c)) { '|' } else { ' ' });
                    if c + 1 < self.cols {
                        out.push(' ');
                    }
                }
                out.push('\n');
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Solver;

    #[test]
    fn one_edge_of_a_square_forces_the_others() {
        let mut m = Model::new();
        let lat = LoopLattice::around_cells(&mut m, 1, 1).unwrap();
        m.single_loop(lat.edges(), lat.graph()).unwrap();
        m.fix(lat.edges()[0], 1).unwrap();
        let mut s = Solver::new(&m);
        let d = s.propagate().unwrap();
        assert!(lat.edges().iter().all(|&e| d.value(e) == Some(1)));
        assert_eq!(s.count(None).count, 1);
    }

    #[test]
    fn premature_loops_are_cut() {
        // Two squares side by side sharing an edge (2 x 1 cells): with the
        // left square's three outer sides chosen and an edge of the right
        // square chosen, the shared side would close the left square early.
        let mut m = Model::new();
        let lat = LoopLattice::around_cells(&mut m, 1, 2).unwrap();
        m.single_loop(lat.edges(), lat.graph()).unwrap();
        let [top, shared, bottom, left] = lat.cell_edges(0, 0).unwrap();
        m.fix(top, 1).unwrap();
        m.fix(left, 1).unwrap();
        m.fix(bottom, 1).unwrap();
        m.fix(lat.vertical(0, 2).unwrap(), 1).unwrap();
        let d = Solver::new(&m)
            .propagate()
            .map(|d| d.value(shared))
            .unwrap();
        assert_eq!(d, Some(0));
    }

    #[test]
    fn the_empty_set_is_not_a_loop() {
        let mut m = Model::new();
        let lat = LoopLattice::around_cells(&mut m, 1, 1).unwrap();
        m.single_loop(lat.edges(), lat.graph()).unwrap();
        m.fix(lat.edges()[0], 0).unwrap();
        assert!(Solver::new(&m).propagate().is_err());
    }

    #[test]
    fn vertex_variables_follow_the_loop() {
        let mut m = Model::new();
        let lat = LoopLattice::through_cells(&mut m, 2, 3).unwrap();
        let on = m.new_vars(6, 0..=1).unwrap();
        m.single_loop_with_vertices(lat.edges(), lat.graph(), &on)
            .unwrap();
        // Loops through cell centres of a 2 x 3 board: the two 2x2 squares and the 2x3 ring.
        assert_eq!(Solver::new(&m).count(None).count, 3);
        m.fix(on[0], 1).unwrap();
        m.fix(on[2], 1).unwrap();
        let s = Solver::new(&m).solve().into_solution().unwrap();
        assert!(on.iter().all(|&v| s[v] == 1));
        assert_eq!(lat.render(&s), "+-+-+\n|   |\n+-+-+\n");
    }

    #[test]
    fn bad_input_is_rejected() {
        let mut m = Model::new();
        let g = Graph::grid(2, 2).unwrap();
        let xs = m.new_vars(4, 0..=1).unwrap();
        let wide = m.new_var(0..=3).unwrap();
        assert!(m.single_loop(&xs[..3], &g).is_err());
        let e = m.single_loop(&[xs[0], xs[1], xs[2], wide], &g).unwrap_err();
        assert!(e.to_string().contains("not 0/1"), "{e}");
        assert!(m.single_loop_with_vertices(&xs, &g, &xs[..1]).is_err());
        assert!(matches!(
            m.single_loop_with_vertices(&xs, &g, &xs),
            Err(ModelError::DuplicateVariable { .. })
        ));
    }

    #[test]
    fn a_vertex_shortcut_is_explained_by_its_path_and_a_part_off_it() {
        // 3 x 4 points; x = (0, 0) is a corner with two edges, to the ends
        // (0, 1) and (1, 0) of the path (0, 1)-(1, 1)-(1, 0). Taking either
        // edge at x forces the other and closes that path into a square,
        // while the edge (2, 2)-(2, 3) lies off it: both edges at x go.
        let mut m = Model::new();
        let lat = LoopLattice::new(&mut m, 3, 4).unwrap();
        m.single_loop(lat.edges(), lat.graph()).unwrap();
        let down = lat.vertical(0, 1).unwrap(); // (0, 1)-(1, 1)
        let left = lat.horizontal(1, 0).unwrap(); // (1, 0)-(1, 1)
        let far = lat.horizontal(2, 2).unwrap(); // (2, 2)-(2, 3)
        let [_, x_right, x_down, _] = lat.point_edges(0, 0);
        let (x_right, x_down) = (x_right.unwrap(), x_down.unwrap());
        let mut solver = Solver::new(&m);
        let explained = solver.explain_path(&[(down, 1), (left, 1), (far, 1)]);
        let reason_of = |var: VarId| {
            let e = explained
                .iter()
                .find(|e| e.var == Some(var) && e.value == Some(1))
                .unwrap_or_else(|| panic!("{} is not removed", m.display_var(var)));
            assert!(e.valid, "{:?} names a literal not true before it", e.reason);
            assert_eq!(e.constraint, Some(0));
            let mut reason = e.reason.clone();
            reason.sort_by_key(|l| (l.var(), format!("{l:?}")));
            reason
        };
        // The first edge at x: the shortcut rule, by the path's two edges
        // and the loop edge off it (no edge at x was removed before).
        let mut want = vec![
            crate::Literal::eq(down, 1),
            crate::Literal::eq(left, 1),
            crate::Literal::eq(far, 1),
        ];
        want.sort_by_key(|l| (l.var(), format!("{l:?}")));
        assert_eq!(reason_of(x_right), want);
        // The second: a dead end, by the first one removed.
        assert_eq!(reason_of(x_down), vec![crate::Literal::eq(x_right, 0)]);
        // Without the part off the path the square is a whole loop: the
        // rule does not fire.
        let mut solver = Solver::new(&m);
        let explained = solver.explain_path(&[(down, 1), (left, 1)]);
        assert!(!explained.iter().any(|e| e.var == Some(x_right)));
    }

    #[test]
    fn the_faces_of_a_grid_skip_only_passes_that_find_nothing() {
        // The same lattice of 4 x 5 points, as a grid and with the numbers
        // of two points swapped (no grid to the faces test): the rule-3
        // passes skipped on the grid would have found nothing, so the
        // counts and the searches are the same, node for node.
        let grid = Graph::grid(4, 5).unwrap();
        let swap = |v: usize| match v {
            0 => 1,
            1 => 0,
            v => v,
        };
        let pairs: Vec<(usize, usize)> = grid.edges().map(|(a, b)| (swap(a), swap(b))).collect();
        let swapped = Graph::new(20, &pairs).unwrap();
        assert!(Faces::of_grid(&grid).is_some());
        assert!(Faces::of_grid(&swapped).is_none());
        // The grid's edges reversed and in another order are still a grid.
        let mut shuffled: Vec<(usize, usize)> = grid.edges().map(|(a, b)| (b, a)).collect();
        shuffled.reverse();
        assert!(Faces::of_grid(&Graph::new(20, &shuffled).unwrap()).is_some());
        let search = |g: &Graph, with_vertices: bool, fixes: &[(usize, Value)]| {
            let mut m = Model::new();
            let xs = m.new_vars(g.num_edges(), 0..=1).unwrap();
            if with_vertices {
                let on = m.new_vars(20, 0..=1).unwrap();
                m.single_loop_with_vertices(&xs, g, &on).unwrap();
                m.fix(on[7], 1).unwrap(); // points 7 and 12 keep their numbers
                m.fix(on[12], 0).unwrap();
            } else {
                m.single_loop(&xs, g).unwrap();
            }
            for &(e, value) in fixes {
                m.fix(xs[e], value).unwrap();
            }
            let mut solver = Solver::new(&m);
            let count = solver.count(None).count;
            (count, solver.stats().nodes)
        };
        for (with_vertices, fixes) in [
            (false, vec![]),
            (false, vec![(5, 1), (20, 0)]),
            (true, vec![(9, 0)]),
        ] {
            let on_grid = search(&grid, with_vertices, &fixes);
            assert!(on_grid.0 > 1, "{on_grid:?}");
            assert_eq!(on_grid, search(&swapped, with_vertices, &fixes));
        }
    }

    #[test]
    fn the_degree_sweep_skips_only_vertices_that_do_nothing() {
        // Random clue sums on lattices of points (a grid, and the same grid
        // numbered as no grid), with and without vertex variables: the
        // constraint sweeping only the vertices changed since its last call
        // searches exactly as one sweeping every vertex at every call, node
        // for node and with learning on (where the order of the removals
        // shapes the clauses), through every backtrack and backjump.
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move |k: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % k
        };
        for case in 0..60 {
            let (rows, cols) = (3 + next(4) as usize, 3 + next(4) as usize);
            let grid = Graph::grid(rows, cols).unwrap();
            let graph = if case % 3 == 2 {
                let swap = |v: usize| match v {
                    0 => 1,
                    1 => 0,
                    v => v,
                };
                let pairs: Vec<(usize, usize)> =
                    grid.edges().map(|(a, b)| (swap(a), swap(b))).collect();
                Graph::new(rows * cols, &pairs).unwrap()
            } else {
                grid
            };
            let with_vertices = case % 2 == 1;
            let n = rows * cols;
            let mut clues = Vec::new();
            for r in 0..rows - 1 {
                for c in 0..cols - 1 {
                    if next(3) == 0 {
                        clues.push((r, c, next(4) as i64));
                    }
                }
            }
            let mut vertex_fixes: Vec<(usize, Value)> = Vec::new();
            for v in 0..n {
                if next(5) == 0 {
                    vertex_fixes.push((v, next(3).min(1) as Value));
                }
            }
            let run = |sweep_all: bool, learning: crate::Learning| {
                let mut m = Model::new();
                // Vertex variables first, in some cases, so that the search
                // branches on them and changes a vertex and no edge.
                let first = (case % 4 == 3).then(|| m.new_vars(n, 0..=1).unwrap());
                let xs = m.new_vars(graph.num_edges(), 0..=1).unwrap();
                let on = if with_vertices {
                    let on = first.unwrap_or_else(|| m.new_vars(n, 0..=1).unwrap());
                    for &(v, value) in &vertex_fixes {
                        m.fix(on[v], value).unwrap();
                    }
                    Some(on)
                } else {
                    None
                };
                m.post_single_loop_sweeping(&xs, &graph, on.as_deref(), sweep_all)
                    .unwrap();
                // A clue on the cell whose top left point is (r, c).
                let edge = |a: usize, b: usize| {
                    let (a, b) = (a.min(b), a.max(b));
                    let e = graph
                        .edges()
                        .position(|(x, y)| (x.min(y), x.max(y)) == (a, b));
                    xs[e.unwrap()]
                };
                let id = |v: usize| match v {
                    0 if case % 3 == 2 => 1,
                    1 if case % 3 == 2 => 0,
                    v => v,
                };
                for &(r, c, k) in &clues {
                    let p = |r: usize, c: usize| id(r * cols + c);
                    let around = [
                        edge(p(r, c), p(r, c + 1)),
                        edge(p(r + 1, c), p(r + 1, c + 1)),
                        edge(p(r, c), p(r + 1, c)),
                        edge(p(r, c + 1), p(r + 1, c + 1)),
                    ];
                    m.sum_eq(&around, k).unwrap();
                }
                let options = crate::SearchOptions::default().with_learning(learning);
                let mut solver = Solver::with_options(&m, options);
                let count = solver.count(Some(40)).count;
                let st = solver.stats();
                (count, st.nodes, st.failures, st.decisions, st.propagations)
            };
            for learning in [crate::Learning::Off, crate::Learning::On] {
                let swept = run(true, learning);
                assert_eq!(run(false, learning), swept, "case {case}, {learning:?}");
            }
        }
    }

    #[test]
    fn lattice_accessors() {
        let mut m = Model::new();
        let lat = LoopLattice::around_cells(&mut m, 2, 3).unwrap();
        assert_eq!((lat.point_rows(), lat.point_cols()), (3, 4));
        assert_eq!(lat.edges().len(), 3 * 3 + 2 * 4);
        assert_eq!(m.display_var(lat.horizontal(2, 2).unwrap()), "r3c3-r3c4");
        assert_eq!(m.display_var(lat.vertical(1, 3).unwrap()), "r2c4-r3c4");
        assert_eq!(lat.horizontal(0, 3), None);
        assert_eq!(lat.vertical(2, 0), None);
        assert_eq!(lat.cell_edges(1, 3), None);
        let [up, right, down, left] = lat.point_edges(0, 0);
        assert_eq!((up, left), (None, None));
        assert_eq!(right, lat.horizontal(0, 0));
        assert_eq!(down, lat.vertical(0, 0));
        assert_eq!(lat.point_edges(5, 5), [None; 4]);
        assert_eq!(lat.point(2, 3), Some(11));
    }
}
