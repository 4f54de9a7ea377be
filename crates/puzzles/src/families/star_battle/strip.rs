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
//! domain consistent on the slots (with the 2x2 windows, see below) in
//! O(slots) per call.
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
//! - While the slots have room for a star more than they still need, the
//!   programme deduces only what the 2x2 windows the model also posts say
//!   (a star empties its neighbours, which is all that stops an open slot
//!   from taking a star or going without then), so a call stops after the
//!   forward pass, before the arrays; only a strip with just enough room
//!   (or its stars all placed) runs both passes.
//! - Woken when a cell is fixed; idempotent (the slot problem is at its
//!   fixpoint after one call).
//!
//! # References
//!
//! G. Pesant, *A regular language membership constraint for finite
//! sequences of variables*, CP 2004 (domain consistency by forward and
//! backward passes over a layered graph; the automaton here has two
//! states, "last slot chosen" or not, with the count kept as a maximum).

use csp_core::{Conflict, Constraint, Events, Literal, Priority, PropagationContext, Value, VarId};

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
    /// The grid's cells as one run of variables (`first`, `len`), when the
    /// scope lies in it: each cell's place in the run, so that a call reads
    /// the domains as one slice.
    run: Option<(VarId, usize, Vec<u32>)>,
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
            run: None,
        })
    }

    /// The same strip, reading its cells' domains from the run of `len`
    /// variables from `first` (the grid's cells, created one after the
    /// other) when every cell lies in it; unchanged otherwise.
    pub(crate) fn in_run(mut self, first: VarId, len: usize) -> Strip {
        let places: Option<Vec<u32>> = self
            .scope
            .iter()
            .map(|v| {
                let at = v.index().checked_sub(first.index())?;
                (at < len).then_some(at as u32)
            })
            .collect();
        self.run = places.map(|p| (first, len, p));
        self
    }

    /// Whether each cell is open or a star, as two words of slot bits (a
    /// slot is open-or-star when one of its cells is), and the stars; a
    /// conflict when one slot holds two stars.
    fn read(&self, ctx: &mut PropagationContext<'_>) -> Result<(u64, u64, i32), Conflict> {
        let (m, w) = (self.slots(), self.width);
        let (mut open_or_star, mut starred) = (0u64, 0u64);
        let mut two = false;
        // Bit 0 of a 0/1 cell's word is the value 0, bit 1 the value 1.
        let mut note = |j: usize, word: u64| match word {
            2 => {
                two |= starred >> j & 1 == 1;
                starred |= 1 << j;
                open_or_star |= 1 << j;
            }
            3 => open_or_star |= 1 << j,
            _ => {}
        };
        let run = self
            .run
            .as_ref()
            .filter(|(first, _, _)| ctx.mask(*first).is_some_and(|(base, _)| base == 0))
            .and_then(|(first, len, places)| Some((ctx.words_of_run(*first, *len)?, places)));
        match run {
            Some((words, places)) => {
                for (i, &at) in places.iter().enumerate() {
                    note(i / w, words[at as usize]);
                }
            }
            None => {
                let d = ctx.domains();
                for (i, &v) in self.scope.iter().enumerate() {
                    let word = match d.value(v) {
                        Some(1) => 2,
                        Some(_) => 1,
                        None => 3,
                    };
                    note(i / w, word);
                }
            }
        }
        if two {
            // Two stars in one slot touch.
            return Err(ctx.conflict());
        }
        let stars = (starred & if m == 64 { u64::MAX } else { (1 << m) - 1 }).count_ones();
        Ok((open_or_star, starred, stars as i32))
    }

    fn slots(&self) -> usize {
        self.scope.len() / self.width
    }
}

impl Constraint for Strip {
    /// Explained by what the slots' dynamic programme reads: the stars,
    /// and the slots with no open cell (a slot's emptied cell beside an
    /// open one changes nothing, so it is not named). Shorter where the
    /// rule is local: a star in the same slot empties its other cell; `k`
    /// stars elsewhere empty the rest; two stars in one slot fail.
    fn explain(&self, ctx: &mut csp_core::ExplainContext<'_>, what: csp_core::Explaining) {
        let w = self.width;
        let slot_of = |var: VarId| self.scope.iter().position(|&v| v == var).map(|i| i / w);
        let stars = |ctx: &csp_core::ExplainContext<'_>, skip: Option<usize>| {
            self.scope
                .iter()
                .enumerate()
                .filter(|&(i, &v)| Some(i / w) != skip && ctx.value(v) == Some(1))
                .count()
        };
        let push_stars = |ctx: &mut csp_core::ExplainContext<'_>, skip: Option<usize>| {
            for (i, &v) in self.scope.iter().enumerate() {
                if Some(i / w) != skip && ctx.value(v) == Some(1) {
                    ctx.push(Literal::eq(v, 1));
                }
            }
        };
        match what {
            csp_core::Explaining::Removal { var, value: 1 } => {
                let Some(j) = slot_of(var) else {
                    ctx.push_scope(self.scope());
                    return;
                };
                let cells = &self.scope[w * j..w * j + w];
                if let Some(&star) = cells.iter().find(|&&v| ctx.value(v) == Some(1)) {
                    ctx.push(Literal::eq(star, 1));
                    return;
                }
                if stars(ctx, Some(j)) >= self.k as usize {
                    push_stars(ctx, Some(j));
                    return;
                }
            }
            csp_core::Explaining::Failure => {
                for slot in self.scope.chunks(w) {
                    if slot.iter().all(|&v| ctx.value(v) == Some(1)) && w == 2 {
                        ctx.push(Literal::eq(slot[0], 1));
                        ctx.push(Literal::eq(slot[1], 1));
                        return;
                    }
                }
                if stars(ctx, None) > self.k as usize {
                    push_stars(ctx, None);
                    return;
                }
            }
            _ => {}
        }
        // The dynamic programme: every star, every slot with no open cell,
        // and the other cells of the changed cell's slot.
        let own = match what {
            csp_core::Explaining::Removal { var, .. } => slot_of(var),
            _ => None,
        };
        for (j, slot) in self.scope.chunks(w).enumerate() {
            let empty = slot.iter().all(|&v| ctx.value(v) == Some(0));
            for &v in slot {
                match ctx.value(v) {
                    Some(1) => ctx.push(Literal::eq(v, 1)),
                    Some(0) if empty || Some(j) == own => ctx.push(Literal::eq(v, 0)),
                    _ => {}
                }
            }
        }
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
        // Slots with an open cell or a star, and slots with a star.
        let (open_or_star, starred, stars) = self.read(ctx)?;
        if stars < self.k {
            // The most stars the slots can take (forward pass, no arrays).
            let (mut out, mut chosen) = (0i32, NONE);
            for j in 0..m {
                let next_out = if starred >> j & 1 == 1 {
                    NONE
                } else {
                    out.max(chosen)
                };
                chosen = if open_or_star >> j & 1 == 1 && out >= 0 {
                    out + 1
                } else {
                    NONE
                };
                out = next_out;
            }
            if out.max(chosen) > self.k {
                // Room for a star more than needed: every open slot not
                // beside a star can take one or go without (from a largest
                // placement, add it and drop its neighbours, or drop it),
                // so nothing follows here that the 2x2 windows (a star
                // empties its neighbours) do not say already.
                return Ok(());
            }
        }
        let mut avail = [false; MAX_SLOTS];
        let mut forced = [false; MAX_SLOTS];
        for j in 0..m {
            avail[j] = open_or_star >> j & 1 == 1;
            forced[j] = starred >> j & 1 == 1;
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
