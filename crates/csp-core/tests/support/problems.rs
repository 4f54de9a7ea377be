//! Shared by the integration tests (included with `#[path]`): random small
//! problems as data (so proptest can print and shrink them), user
//! constraints written against the plug-in trait, proptest strategies, and
//! a few fixed models (Sudoku, n-queens, pigeonhole).

#![allow(dead_code, reason = "each test binary uses a part of this module")]

use csp_core::{
    Conflict, Constraint, Events, Grid, Model, ModelError, PropagationContext, RelOp,
    SearchOptions, Strength, Value, ValueOrder, VarId, VariableOrder, forward_check,
};
use proptest::prelude::*;

// ---------------------------------------------------------------------------
// User constraints (plug-in trait)
// ---------------------------------------------------------------------------

/// The scope adds up to `total`. Only the two required methods: the engine
/// forward-checks it. The scope may repeat a variable.
#[derive(Clone, Debug)]
pub(crate) struct Sum {
    pub(crate) vars: Vec<VarId>,
    pub(crate) total: i64,
}

impl Constraint for Sum {
    fn scope(&self) -> &[VarId] {
        &self.vars
    }
    fn is_satisfied(&self, values: &[Value]) -> bool {
        values.iter().map(|&v| i64::from(v)).sum::<i64>() == self.total
    }
}

/// The scope's sum is odd (or even). Default propagation, but woken only on
/// fixing and run last.
#[derive(Clone, Debug)]
pub(crate) struct Parity {
    pub(crate) vars: Vec<VarId>,
    pub(crate) odd: bool,
}

impl Constraint for Parity {
    fn scope(&self) -> &[VarId] {
        &self.vars
    }
    fn is_satisfied(&self, values: &[Value]) -> bool {
        (values
            .iter()
            .map(|&v| i64::from(v))
            .sum::<i64>()
            .rem_euclid(2)
            == 1)
            == self.odd
    }
    fn events(&self) -> Events {
        Events::FIXED
    }
    fn priority(&self) -> csp_core::Priority {
        csp_core::Priority::SLOWEST
    }
    fn name(&self) -> &str {
        "parity"
    }
}

/// `lo <= sum(scope) <= hi`, with its own `propagate`: bounds reasoning to a
/// fixpoint, then the default forward checking. Woken on bound changes only.
#[derive(Clone, Debug)]
pub(crate) struct SumBetween {
    pub(crate) vars: Vec<VarId>,
    pub(crate) lo: i64,
    pub(crate) hi: i64,
}

/// The rule name [`SumBetween`] gives its bound deductions.
pub(crate) const SUM_BOUNDS: &str = "sum bounds";

impl Constraint for SumBetween {
    fn scope(&self) -> &[VarId] {
        &self.vars
    }
    fn is_satisfied(&self, values: &[Value]) -> bool {
        let s: i64 = values.iter().map(|&v| i64::from(v)).sum();
        self.lo <= s && s <= self.hi
    }
    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        ctx.set_rule(SUM_BOUNDS);
        loop {
            let min_sum: i64 = self.vars.iter().map(|&v| i64::from(ctx.min(v))).sum();
            let max_sum: i64 = self.vars.iter().map(|&v| i64::from(ctx.max(v))).sum();
            if min_sum > self.hi || max_sum < self.lo {
                return Err(ctx.conflict());
            }
            let mut changed = false;
            // Sound even when a variable repeats: every other occurrence is
            // bounded by its own min / max.
            for &v in &self.vars {
                let (min_v, max_v) = (i64::from(ctx.min(v)), i64::from(ctx.max(v)));
                changed |= ctx.set_max(v, self.hi - (min_sum - min_v))?;
                changed |= ctx.set_min(v, self.lo - (max_sum - max_v))?;
            }
            if !changed {
                break;
            }
        }
        forward_check(self, ctx)
    }
    fn events(&self) -> Events {
        Events::BOUNDS
    }
    fn name(&self) -> &str {
        "sum between"
    }
}

// ---------------------------------------------------------------------------
// Random problems as data
// ---------------------------------------------------------------------------

/// A domain: a range or a set of values.
#[derive(Clone, Debug)]
pub(crate) enum DomSpec {
    Range(Value, Value),
    Set(Vec<Value>),
}

impl DomSpec {
    pub(crate) fn values(&self) -> Vec<Value> {
        match self {
            DomSpec::Range(lo, hi) => (*lo..=*hi).collect(),
            DomSpec::Set(vs) => {
                let mut vs = vs.clone();
                vs.sort_unstable();
                vs.dedup();
                vs
            }
        }
    }
}

/// A constraint over variable indices.
#[derive(Clone, Debug)]
pub(crate) enum ConSpec {
    AllDiff {
        vars: Vec<usize>,
        strength: Strength,
    },
    Rel {
        x: usize,
        op: RelOp,
        y: usize,
        offset: Value,
    },
    Sum {
        vars: Vec<usize>,
        total: i64,
    },
    Parity {
        vars: Vec<usize>,
        odd: bool,
    },
    SumBetween {
        vars: Vec<usize>,
        lo: i64,
        hi: i64,
    },
    /// A given (`Model::fix`); an error if the value is outside the domain.
    Fix {
        x: usize,
        value: Value,
    },
}

/// A whole random problem.
#[derive(Clone, Debug)]
pub(crate) struct Problem {
    pub(crate) domains: Vec<DomSpec>,
    pub(crate) constraints: Vec<ConSpec>,
}

impl Problem {
    /// Builds the model; givens outside their domain must give
    /// `GivenOutsideDomain` and are skipped.
    pub(crate) fn build(&self) -> (Model, Vec<VarId>) {
        self.build_with(None)
    }

    /// Builds the model with every AllDifferent at `strength` (if given).
    pub(crate) fn build_with(&self, strength: Option<Strength>) -> (Model, Vec<VarId>) {
        let mut m = Model::new();
        let xs: Vec<VarId> = self
            .domains
            .iter()
            .map(|d| match d {
                DomSpec::Range(lo, hi) => m.new_var(*lo..=*hi),
                DomSpec::Set(vs) => m.new_var(vs.clone()),
            })
            .collect::<Result<_, _>>()
            .expect("non-empty domains");
        let vars = |idx: &[usize]| idx.iter().map(|&i| xs[i]).collect::<Vec<_>>();
        for c in &self.constraints {
            match c {
                ConSpec::AllDiff {
                    vars: v,
                    strength: s,
                } => {
                    m.all_different_with(&vars(v), strength.unwrap_or(*s))
                        .expect("valid scope");
                }
                ConSpec::Rel { x, op, y, offset } => {
                    m.relation(xs[*x], *op, xs[*y], *offset)
                        .expect("known variables");
                }
                ConSpec::Sum { vars: v, total } => {
                    m.add(Sum {
                        vars: vars(v),
                        total: *total,
                    })
                    .expect("valid scope");
                }
                ConSpec::Parity { vars: v, odd } => {
                    m.add(Parity {
                        vars: vars(v),
                        odd: *odd,
                    })
                    .expect("valid scope");
                }
                ConSpec::SumBetween { vars: v, lo, hi } => {
                    m.add(SumBetween {
                        vars: vars(v),
                        lo: *lo,
                        hi: *hi,
                    })
                    .expect("valid scope");
                }
                ConSpec::Fix { x, value } => {
                    let inside = m.initial_domains().contains(xs[*x], *value);
                    match m.fix(xs[*x], *value) {
                        Ok(()) => assert!(inside, "fix accepted {value} outside the domain"),
                        Err(ModelError::GivenOutsideDomain { value: v, .. }) => {
                            assert!(
                                !inside && v == *value,
                                "fix refused {value} inside the domain"
                            );
                        }
                        Err(e) => panic!("unexpected error {e:?}"),
                    }
                }
            }
        }
        (m, xs)
    }
}

pub(crate) const ALL_OPS: [RelOp; 6] = [
    RelOp::Lt,
    RelOp::Le,
    RelOp::Gt,
    RelOp::Ge,
    RelOp::Eq,
    RelOp::Ne,
];

/// Small domains: ranges and sets within -4..=8, sometimes with a far value
/// (multi-word domains, mixed bases).
pub(crate) fn domain() -> impl Strategy<Value = DomSpec> {
    let near = -4..=8i32;
    let any_value = prop_oneof![6 => -4..=8i32, 1 => prop::sample::select(vec![-70, 64, 70, 130])];
    prop_oneof![
        3 => (near.clone(), 0..=4i32).prop_map(|(lo, len)| DomSpec::Range(lo, lo + len)),
        3 => prop::collection::vec(near, 1..=5).prop_map(DomSpec::Set),
        1 => prop::collection::vec(any_value, 1..=4).prop_map(DomSpec::Set),
    ]
}

fn scope(n: usize, max: usize) -> impl Strategy<Value = Vec<usize>> {
    prop::collection::vec(0..n, 1..=max)
}

/// One random constraint over `n` variables.
pub(crate) fn constraint(n: usize) -> impl Strategy<Value = ConSpec> {
    let all: Vec<usize> = (0..n).collect();
    prop_oneof![
        4 => (prop::sample::subsequence(all, 1..=n).prop_shuffle(),
              prop::sample::select(Strength::ALL.to_vec()))
            .prop_map(|(vars, strength)| ConSpec::AllDiff { vars, strength }),
        4 => (0..n, prop::sample::select(ALL_OPS.to_vec()), 0..n, -3..=3i32)
            .prop_map(|(x, op, y, offset)| ConSpec::Rel { x, op, y, offset }),
        1 => (scope(n, 3), -2..=12i64).prop_map(|(vars, total)| ConSpec::Sum { vars, total }),
        1 => (scope(n, 3), any::<bool>()).prop_map(|(vars, odd)| ConSpec::Parity { vars, odd }),
        2 => (scope(n, 4), -8..=16i64, 0..=6i64)
            .prop_map(|(vars, lo, w)| ConSpec::SumBetween { vars, lo, hi: lo + w }),
        1 => (0..n, -4..=8i32).prop_map(|(x, value)| ConSpec::Fix { x, value }),
    ]
}

/// A random problem of 1..=5 variables and 0..=4 constraints.
pub(crate) fn problem() -> impl Strategy<Value = Problem> {
    (1..=5usize).prop_flat_map(|n| {
        (
            prop::collection::vec(domain(), n),
            prop::collection::vec(constraint(n), 0..=4),
        )
            .prop_map(|(domains, constraints)| Problem {
                domains,
                constraints,
            })
    })
}

/// Random search options without limits or trace.
pub(crate) fn search_options() -> impl Strategy<Value = SearchOptions> {
    let var = prop_oneof![
        Just(VariableOrder::MrvDegree),
        Just(VariableOrder::Mrv),
        Just(VariableOrder::Input),
    ];
    let val = prop_oneof![
        Just(ValueOrder::Ascending),
        Just(ValueOrder::Descending),
        any::<u64>().prop_map(|seed| ValueOrder::Random { seed }),
    ];
    (var, val).prop_map(|(var, val)| {
        SearchOptions::default()
            .with_variable_order(var)
            .with_value_order(val)
    })
}

// ---------------------------------------------------------------------------
// Fixed models
// ---------------------------------------------------------------------------

/// Hard 9x9 Sudokus, each with a unique solution.
pub(crate) const HARD_SUDOKUS: [&str; 3] = [
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    // forum_hardest_1106.txt, lines 1 and 2
    "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
    "........2..8.1.9..5....3.4....1.93...6..3..8...37......4......53.1.7.8..2........",
];

/// A 9x9 Sudoku model (rows, columns, boxes all different at `strength`)
/// and the givens of `puzzle` as assumptions.
pub(crate) fn sudoku(puzzle: &str, strength: Strength) -> (Model, Grid, Vec<(VarId, Value)>) {
    let mut model = Model::new();
    let grid = Grid::new(&mut model, 9, 9, 1..=9).expect("valid grid");
    let boxes = grid.boxes(3, 3).expect("3x3 boxes tile 9x9");
    for group in grid.rows().chain(grid.columns()).chain(boxes) {
        model
            .all_different_with(&group, strength)
            .expect("distinct cells");
    }
    let givens = puzzle
        .bytes()
        .enumerate()
        .filter(|(_, b)| b.is_ascii_digit() && *b != b'0')
        .map(|(i, b)| (grid.cells()[i], Value::from(b - b'0')))
        .collect();
    (model, grid, givens)
}

/// n-queens with pairwise relations: `q_i != q_j`, `q_i + (j - i) != q_j`,
/// `q_i - (j - i) != q_j`.
pub(crate) fn queens_relations(n: usize) -> (Model, Vec<VarId>) {
    let mut m = Model::new();
    let qs = m.new_vars(n, 0..=n as Value - 1).expect("non-empty domain");
    for i in 0..n {
        for j in i + 1..n {
            let d = (j - i) as Value;
            m.relation(qs[i], RelOp::Ne, qs[j], 0).unwrap();
            m.relation(qs[i], RelOp::Ne, qs[j], d).unwrap();
            m.relation(qs[i], RelOp::Ne, qs[j], -d).unwrap();
        }
    }
    (m, qs)
}

/// n-queens with AllDifferent on the queens and on auxiliary diagonal
/// variables `u_i = q_i + i`, `d_i = q_i - i` (linked by `==` relations).
pub(crate) fn queens_all_different(n: usize, strength: Strength) -> (Model, Vec<VarId>) {
    let mut m = Model::new();
    let n_v = n as Value;
    let qs = m.new_vars(n, 0..=n_v - 1).expect("non-empty domain");
    let ups = m.new_vars(n, 0..=2 * n_v - 2).expect("non-empty domain");
    let downs = m
        .new_vars(n, -(n_v - 1)..=n_v - 1)
        .expect("non-empty domain");
    for i in 0..n {
        m.relation(qs[i], RelOp::Eq, ups[i], i as Value).unwrap();
        m.relation(qs[i], RelOp::Eq, downs[i], -(i as Value))
            .unwrap();
    }
    m.all_different_with(&qs, strength).unwrap();
    m.all_different_with(&ups, strength).unwrap();
    m.all_different_with(&downs, strength).unwrap();
    (m, qs)
}

/// `holes + 1` pigeons in `holes` holes with pairwise `!=` relations only:
/// unsatisfiable, and propagation cannot see it, so the search is
/// exponential. The model to stop with a limit.
pub(crate) fn pigeons(holes: usize) -> Model {
    let mut m = Model::new();
    let ps = m
        .new_vars(holes + 1, 1..=holes as Value)
        .expect("non-empty domain");
    for i in 0..ps.len() {
        for j in i + 1..ps.len() {
            m.not_equal(ps[i], ps[j]).unwrap();
        }
    }
    m
}
