//! A strip: a row of slots of which exactly `k` hold a star, no two
//! neighbouring slots both, each slot one or two cells of which at most
//! one holds a star. A row of the grid is a strip of single cells (its `k`
//! stars, no two side by side); two neighbouring rows are a strip of
//! vertical pairs (their `2k` stars: within the band, two stars touch
//! exactly when they are in the same or in neighbouring columns).
//!
//! # Background
//!
//! Seen from its slots, a strip is a path graph: the chosen slots form an
//! independent set of the path, of size `k`, containing the slots that
//! already hold a star and avoiding those with no open cell. The sizes of
//! the independent sets that contain a set `F` of slots and lie within a
//! set `A` form an interval `[|F|, max]` (dropping a slot of a larger set
//! keeps it independent), so a slot can be chosen exactly when
//! `|F + j| <= k <= max_with(j)`, and left out when `|F| <= k <=
//! max_without(j)`. Both maxima come from one forward and one backward
//! pass of the textbook dynamic programme for independent sets on a path
//! (best count with the last slot chosen or not), so the propagator is
//! domain consistent on the slots in O(slots) per call.
//!
//! The two-row strip is the players' "2x2 blocks" argument in full: for
//! every standard size (10x10 with two stars, 14x14 with three, ... 25x25
//! with six) a band of two rows has room for just one star more than the
//! `2k` it needs, so a few emptied columns force stars elsewhere in the
//! band and empty the columns beside them.
//!
//! # Practical
//!
//! - csp-core's counts see a row's cells but not their adjacency; stating
//!   the bands with the catalogue takes a 0/1 indicator per 2x2 window
//!   (`exactly_one` of its cells and its negation) and a count over each
//!   of the band's tilings by windows, one per position of the single
//!   column of an odd width, and still misses the mixed tilings. One
//!   propagator per band is both smaller and complete on the band; with
//!   the pigeonhole rule it cuts the dailyprogrammer puzzle's decisions
//!   from 112 to 32 (docs/formats/star-battle.md).
//! - At most 64 slots: the passes run over arrays on the stack; a call
//!   reads each cell once and allocates nothing.
//! - Woken when a cell is fixed; idempotent (the slot problem is at its
//!   fixpoint after one call).
//!
//! # References
//!
//! G. Pesant, *A regular language membership constraint for finite
//! sequences of variables*, CP 2004 (domain consistency by forward and
//! backward passes over a layered graph; the automaton here has two
//! states, "last slot chosen" or not, with the count kept as a maximum).

use csp_core::{Conflict, Constraint, Events, Priority, PropagationContext, Value, VarId};

/// Rule names used in traces.
pub(crate) mod rules {
    /// A slot that no placement of the strip's stars uses was emptied.
    pub(crate) const EMPTY: &str = "strip: no room for a star here";
    /// A slot every placement uses got its star.
    pub(crate) const NEEDED: &str = "strip: a star is needed here";
}

/// The most slots a strip may have.
pub(crate) const MAX_SLOTS: usize = 64;

const NONE: i32 = i32::MIN / 4;

/// Exactly `k` of the slots hold a star, no two neighbouring slots both,
/// at most one star per slot.
#[derive(Clone, Debug)]
pub(crate) struct Strip {
    /// The cells, slot by slot: slot `j` is `scope[width * j ..][..width]`.
    scope: Vec<VarId>,
    /// Cells per slot: 1 or 2.
    width: usize,
    k: i32,
    name: &'static str,
}

impl Strip {
    /// A strip of `cells.len() / width` slots of `width` (1 or 2) cells
    /// each, `k` of them holding a star. `None` if the sizes do not fit.
    pub(crate) fn new(
        cells: Vec<VarId>,
        width: usize,
        k: usize,
        name: &'static str,
    ) -> Option<Strip> {
        let slots = cells.len().checked_div(width)?;
        if !(1..=2).contains(&width) || cells.len() % width != 0 || slots == 0 || slots > MAX_SLOTS
        {
            return None;
        }
        Some(Strip {
            scope: cells,
            width,
            k: i32::try_from(k).ok()?,
            name,
        })
    }

    fn slots(&self) -> usize {
        self.scope.len() / self.width
    }
}

impl Constraint for Strip {
    /// Explained by its scope's domains: it reads nothing else, and what
    /// it deduces from them follows from the puzzle's rules.
    fn explain(&self, ctx: &mut csp_core::ExplainContext<'_>, _what: csp_core::Explaining) {
        ctx.push_scope(self.scope());
    }

    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        let mut chosen = 0;
        let mut last = false;
        for slot in values.chunks(self.width) {
            let stars = slot.iter().filter(|&&v| v == 1).count();
            if stars > 1 || (stars == 1 && last) {
                return false;
            }
            last = stars == 1;
            chosen += i32::from(last);
        }
        chosen == self.k
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let m = self.slots();
        let w = self.width;
        let mut avail = [false; MAX_SLOTS];
        let mut forced = [false; MAX_SLOTS];
        let mut stars = 0i32;
        {
            let d = ctx.domains();
            for j in 0..m {
                for &v in &self.scope[w * j..w * j + w] {
                    match d.value(v) {
                        Some(1) => {
                            if forced[j] {
                                // Two stars in one slot touch.
                                return Err(ctx.conflict());
                            }
                            forced[j] = true;
                            avail[j] = true;
                        }
                        Some(_) => {}
                        None => avail[j] = true,
                    }
                }
                stars += i32::from(forced[j]);
            }
        }
        // Forward: best count on slots 0..=j with j left out (a) or chosen (b).
        let (mut a, mut b) = ([NONE; MAX_SLOTS + 1], [NONE; MAX_SLOTS + 1]);
        // index i stands for slot i - 1; index 0 is "before the strip".
        a[0] = 0;
        for j in 0..m {
            a[j + 1] = if forced[j] { NONE } else { a[j].max(b[j]) };
            b[j + 1] = if avail[j] && a[j] >= 0 {
                a[j] + 1
            } else {
                NONE
            };
        }
        // Backward: best count on slots j..m with j left out (ra) or chosen (rb).
        let (mut ra, mut rb) = ([NONE; MAX_SLOTS + 1], [NONE; MAX_SLOTS + 1]);
        // index j stands for slot j; index m is "after the strip".
        ra[m] = 0;
        for j in (0..m).rev() {
            ra[j] = if forced[j] {
                NONE
            } else {
                ra[j + 1].max(rb[j + 1])
            };
            rb[j] = if avail[j] && ra[j + 1] >= 0 {
                ra[j + 1] + 1
            } else {
                NONE
            };
        }
        let best = a[m].max(b[m]);
        if best < self.k || stars > self.k {
            ctx.set_rule(if stars > self.k {
                rules::EMPTY
            } else {
                rules::NEEDED
            });
            return Err(ctx.conflict());
        }
        for j in 0..m {
            let (before_out, after_out) = (a[j], ra[j + 1]);
            let with = before_out + 1 + after_out;
            let can_choose = avail[j]
                && before_out >= 0
                && after_out >= 0
                && stars + i32::from(!forced[j]) <= self.k
                && with >= self.k;
            let (before, after) = (a[j].max(b[j]), ra[j + 1].max(rb[j + 1]));
            let can_leave = !forced[j] && before >= 0 && after >= 0 && before + after >= self.k;
            let cells = &self.scope[w * j..w * j + w];
            if !can_choose {
                ctx.set_rule(rules::EMPTY);
                for &v in cells {
                    ctx.fix(v, 0)?;
                }
            } else if !can_leave && !forced[j] {
                // The slot needs its star: where only one cell is open, there.
                let open: usize = cells.iter().filter(|&&v| !ctx.is_fixed(v)).count();
                if open == 1 {
                    ctx.set_rule(rules::NEEDED);
                    for &v in cells {
                        if !ctx.is_fixed(v) {
                            ctx.fix(v, 1)?;
                        }
                    }
                }
            } else if forced[j] && w == 2 {
                // At most one star per slot.
                ctx.set_rule(rules::EMPTY);
                for &v in cells {
                    if !ctx.is_fixed(v) {
                        ctx.fix(v, 0)?;
                    }
                }
            }
        }
        Ok(())
    }

    fn events(&self) -> Events {
        Events::FIXED
    }

    fn priority(&self) -> Priority {
        Priority::NORMAL
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn name(&self) -> &str {
        self.name
    }
}
