//! The learned-clause store: clauses over [`Lit`]s with two watched
//! literals each, and their deletion by literal block distance.
//!
//! A clause watches its first two literals. A watch sits in a list of the
//! watched literal's variable, by the kind of change that can make the
//! literal false: removing its value (`x == v`), fixing the variable to its
//! value (`x != v`), raising the minimum (`x <= v`), lowering the maximum
//! (`x >= v`). When one of those changes happens, the clause looks for
//! another literal that is not false to watch instead; when there is none,
//! the other watched literal must hold (unit propagation), or, if it is
//! false too, the node fails.

use super::lit::{Kind, Lit};

/// A stored clause.
#[derive(Clone, Debug)]
pub(crate) struct StoredClause {
    /// The literals; the first two are watched.
    pub(crate) lits: Vec<Lit>,
    /// Literal block distance when learned: the number of decision levels
    /// among its literals (Audemard and Simon, IJCAI 2009). Small is good.
    pub(crate) lbd: u32,
    /// Bumped when the clause takes part in a conflict.
    pub(crate) activity: f32,
    pub(crate) deleted: bool,
}

/// A watch: the clause, the bit of the watched literal (to skip, at
/// once, changes of the variable that leave the literal alone) and a
/// *blocker*, another literal of the clause: while it is true the clause
/// is satisfied and is not read at all (MiniSat's blocking literal, Sörensson
/// and Eén 2009), which saves the memory access that dominates unit
/// propagation.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Watch {
    pub(crate) clause: u32,
    pub(crate) bit: u32,
    pub(crate) blocker: Lit,
}

/// Which list of its variable a literal is watched in.
#[inline]
pub(crate) fn list_of(lit: Lit) -> usize {
    4 * lit.var as usize
        + match lit.kind {
            Kind::Eq => 0,
            Kind::Ne => 1,
            Kind::Le => 2,
            Kind::Ge => 3,
        }
}

/// The list of watches of variable `var` triggered by removals (for
/// `x == v` literals), by fixing (`x != v`), by a raised minimum (`x <= v`)
/// and by a lowered maximum (`x >= v`).
pub(crate) const ON_REMOVE: usize = 0;
pub(crate) const ON_FIX: usize = 1;
pub(crate) const ON_MIN: usize = 2;
pub(crate) const ON_MAX: usize = 3;

/// The store.
#[derive(Clone, Debug, Default)]
pub(crate) struct ClauseDb {
    pub(crate) clauses: Vec<StoredClause>,
    /// Indices of deleted clauses, for reuse.
    free: Vec<u32>,
    /// Four lists per variable (see [`list_of`]).
    pub(crate) watches: Vec<Vec<Watch>>,
    /// Clauses alive.
    pub(crate) live: usize,
    pub(crate) clause_bump: f32,
}

impl ClauseDb {
    pub(crate) fn new(num_vars: usize) -> Self {
        ClauseDb {
            watches: vec![Vec::new(); 4 * num_vars],
            clause_bump: 1.0,
            ..ClauseDb::default()
        }
    }

    /// Forgets every clause.
    pub(crate) fn clear(&mut self) {
        self.clauses.clear();
        self.free.clear();
        for w in &mut self.watches {
            w.clear();
        }
        self.live = 0;
        self.clause_bump = 1.0;
    }

    /// Adds a clause of at least two literals, watching its first two, and
    /// returns its index.
    pub(crate) fn add(&mut self, lits: &[Lit], lbd: u32) -> u32 {
        debug_assert!(lits.len() >= 2);
        let clause = StoredClause {
            lits: lits.to_vec(),
            lbd,
            activity: 0.0,
            deleted: false,
        };
        let c = match self.free.pop() {
            Some(c) => {
                self.clauses[c as usize] = clause;
                c
            }
            None => {
                self.clauses.push(clause);
                (self.clauses.len() - 1) as u32
            }
        };
        for (&lit, &other) in lits[..2].iter().zip(lits[..2].iter().rev()) {
            self.watches[list_of(lit)].push(Watch {
                clause: c,
                bit: lit.bit,
                blocker: other,
            });
        }
        self.live += 1;
        c
    }

    /// Marks clause `c` deleted (its watches go when next visited).
    pub(crate) fn delete(&mut self, c: u32) {
        let clause = &mut self.clauses[c as usize];
        if !clause.deleted {
            clause.deleted = true;
            clause.lits = Vec::new();
            self.free.push(c);
            self.live -= 1;
        }
    }

    /// Bumps clause `c`'s activity.
    pub(crate) fn bump(&mut self, c: u32) {
        let a = &mut self.clauses[c as usize].activity;
        *a += self.clause_bump;
        if *a > 1e20 {
            for clause in &mut self.clauses {
                clause.activity *= 1e-20;
            }
            self.clause_bump *= 1e-20;
        }
    }

    /// Ages every clause's activity (newer conflicts weigh more).
    pub(crate) fn decay(&mut self) {
        self.clause_bump /= 0.999;
    }

    /// Drops the watches of deleted clauses from every list (after a
    /// reduction, so that the lists do not fill with dead entries).
    pub(crate) fn sweep_watches(&mut self) {
        let clauses = &self.clauses;
        for list in &mut self.watches {
            list.retain(|w| !clauses[w.clause as usize].deleted);
        }
    }
}
