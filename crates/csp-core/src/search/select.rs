//! Variable and value selection: MRV (first fail) with a degree tie-break,
//! input order, and the value orders.

use super::options::{ValueOrder, VariableOrder};
use crate::domain::Domains;
use crate::variable::{Value, VarId};

/// The variables a search branches on, in the order ties are broken: the
/// decision variables of [`SearchOptions`](super::SearchOptions) first, then
/// every other variable in index order. `None` in the solver means "all
/// variables in index order" (the default, served without the list).
#[derive(Clone, Debug, Default)]
pub(crate) struct BranchOrder {
    /// Variable indices: the decision variables, then the rest.
    pub(crate) vars: Vec<u32>,
    /// How many of `vars` are decision variables.
    pub(crate) primary: usize,
}

impl BranchOrder {
    /// The order for `decision` (other models' and repeated variables
    /// dropped) over the model tagged `model` of `num_vars` variables, or
    /// `None` for the default.
    pub(crate) fn new(decision: Option<&[VarId]>, model: u32, num_vars: usize) -> Option<Self> {
        let decision = decision?;
        let mut listed = vec![false; num_vars];
        let mut vars = Vec::with_capacity(num_vars);
        for v in decision {
            if v.model_tag() == model
                && v.index() < num_vars
                && !std::mem::replace(&mut listed[v.index()], true)
            {
                vars.push(v.index() as u32);
            }
        }
        let primary = vars.len();
        vars.extend((0..num_vars as u32).filter(|&i| !listed[i as usize]));
        Some(BranchOrder { vars, primary })
    }
}

/// Picks the variable to branch on, or `None` if all are fixed: among the
/// decision variables of `branch` first, then among the others.
pub(crate) fn select_variable(
    order: &VariableOrder,
    domains: &Domains<'_>,
    degree: &[u32],
    weight: &[u64],
    branch: Option<&BranchOrder>,
) -> Option<VarId> {
    if let VariableOrder::Custom(selector) = order {
        return match selector.select(domains) {
            Some(v)
                if v.model_tag() == domains.model
                    && v.index() < domains.num_vars()
                    && !domains.is_fixed(v) =>
            {
                Some(v)
            }
            _ => match branch {
                None => pick(order, domains, degree, weight, 0..domains.num_vars()),
                Some(b) => pick_listed(order, domains, degree, weight, &b.vars),
            },
        };
    }
    match branch {
        None => pick(order, domains, degree, weight, 0..domains.num_vars()),
        Some(b) => {
            let (first, rest) = b.vars.split_at(b.primary);
            pick_listed(order, domains, degree, weight, first)
                .or_else(|| pick_listed(order, domains, degree, weight, rest))
        }
    }
}

fn pick_listed(
    order: &VariableOrder,
    domains: &Domains<'_>,
    degree: &[u32],
    weight: &[u64],
    list: &[u32],
) -> Option<VarId> {
    pick(
        order,
        domains,
        degree,
        weight,
        list.iter().map(|&i| i as usize),
    )
}

/// The built-in orders over the candidates `vars` (ties to the earlier one).
fn pick(
    order: &VariableOrder,
    domains: &Domains<'_>,
    degree: &[u32],
    weight: &[u64],
    vars: impl Iterator<Item = usize>,
) -> Option<VarId> {
    let index = match order {
        VariableOrder::DomWdeg | VariableOrder::Activity => dom_wdeg(domains, vars, weight),
        VariableOrder::MrvDegree => mrv(unfixed_sizes(domains, vars), Some(degree)),
        VariableOrder::Mrv => mrv(unfixed_sizes(domains, vars), None),
        // A custom selector that declined falls back to the first unfixed.
        VariableOrder::Input | VariableOrder::Custom(_) => {
            unfixed_sizes(domains, vars).next().map(|(i, _)| i)
        }
    };
    index.map(|i| VarId::from_index(i, domains.model))
}

/// `(index, domain size)` of every unfixed variable of `vars`, in their order.
#[inline]
fn unfixed_sizes<'d>(
    domains: &'d Domains<'_>,
    vars: impl Iterator<Item = usize> + 'd,
) -> impl Iterator<Item = (usize, u32)> + 'd {
    vars.filter_map(|i| unfixed_size(domains, i).map(|size| (i, size)))
}

/// The size of variable `i`'s domain if it has two values or more.
#[inline(always)]
fn unfixed_size(domains: &Domains<'_>, i: usize) -> Option<u32> {
    let l = domains.layout[i];
    let size = if l.words == 1 {
        let w = domains.words[l.start as usize];
        // Fixed (one bit) or empty: skipped without counting, the common
        // case deep in a search.
        if w & w.wrapping_sub(1) == 0 {
            return None;
        }
        w.count_ones()
    } else {
        domains.words[l.range()]
            .iter()
            .map(|w| w.count_ones())
            .sum()
    };
    (size > 1).then_some(size)
}

/// Minimum remaining values; ties to the higher degree, then the earlier
/// candidate.
fn mrv(sizes: impl Iterator<Item = (usize, u32)>, degree: Option<&[u32]>) -> Option<usize> {
    let mut best: Option<(u32, u32, usize)> = None; // (size, degree, index)
    for (i, size) in sizes {
        let deg = degree.map_or(0, |d| d[i]);
        let better = match best {
            None => true,
            Some((bs, bd, _)) => size < bs || (size == bs && deg > bd),
        };
        if better {
            best = Some((size, deg, i));
            if size == 2 && degree.is_none() {
                break;
            }
        }
    }
    best.map(|(_, _, i)| i)
}

/// The unfixed variable of `vars` with the smallest `size / weight`; ties
/// to the earlier one.
///
/// A domain has two values or more, so a variable whose weight `w` gives
/// `best_size / best_w <= 2 / w` cannot win, whatever its size: it is
/// passed over without counting its values (most of them, once a variable
/// of two values and a high weight is found).
fn dom_wdeg(
    domains: &Domains<'_>,
    vars: impl Iterator<Item = usize>,
    weight: &[u64],
) -> Option<usize> {
    let mut best: Option<(u64, u64, usize)> = None; // (size, weight, index)
    for i in vars {
        let w = weight[i].max(1);
        if best.is_some_and(|(bs, bw, _)| u128::from(bs) * u128::from(w) <= 2 * u128::from(bw)) {
            continue;
        }
        let Some(size) = unfixed_size(domains, i) else {
            continue;
        };
        let size = u64::from(size);
        // size / w < best_size / best_w, without division.
        if best.is_none_or(|(bs, bw, _)| {
            u128::from(size) * u128::from(bw) < u128::from(bs) * u128::from(w)
        }) {
            best = Some((size, w, i));
        }
    }
    best.map(|(_, _, i)| i)
}

/// SplitMix64: a tiny, fast, portable generator, so a seed gives the same
/// search on every platform without a dependency.
#[derive(Clone, Debug)]
pub(crate) struct SplitMix64(u64);

impl SplitMix64 {
    pub(crate) fn new(seed: u64) -> Self {
        SplitMix64(seed)
    }

    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (n > 0), by multiply-shift.
    pub(crate) fn below(&mut self, n: u32) -> u32 {
        ((u128::from(self.next_u64()) * u128::from(n)) >> 64) as u32
    }
}

/// Picks the value to try first for `var` (unfixed, non-empty).
pub(crate) fn select_value(
    order: &ValueOrder,
    rng: &mut SplitMix64,
    var: VarId,
    domains: &Domains<'_>,
) -> Value {
    let min = domains.min(var).unwrap_or(0);
    match order {
        ValueOrder::Ascending | ValueOrder::Saved => min,
        ValueOrder::Descending => domains.max(var).unwrap_or(min),
        ValueOrder::Random { .. } => {
            let k = rng.below(domains.size(var).max(1));
            domains.iter(var).nth(k as usize).unwrap_or(min)
        }
        ValueOrder::Custom(selector) => {
            let v = selector.select(var, domains);
            if domains.contains(var, v) { v } else { min }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{Grid, Model, RelOp, SearchOptions, Solver, VariableOrder};

    fn queens(n: usize) -> Model {
        let mut m = Model::new();
        let q = m.new_vars(n, 0..=(n as i32 - 1)).unwrap();
        for i in 0..n {
            for j in i + 1..n {
                let d = (j - i) as i32;
                m.not_equal(q[i], q[j]).unwrap();
                m.relation(q[i], RelOp::Ne, q[j], d).unwrap();
                m.relation(q[i], RelOp::Ne, q[j], -d).unwrap();
            }
        }
        m
    }

    #[test]
    fn every_variable_order_counts_the_same() {
        let orders = [
            VariableOrder::MrvDegree,
            VariableOrder::Mrv,
            VariableOrder::Input,
            VariableOrder::DomWdeg,
        ];
        let mut latin = Model::new();
        let g = Grid::new(&mut latin, 4, 4, 1..=4).unwrap();
        for line in g.rows().chain(g.columns()) {
            latin.all_different(&line).unwrap();
        }
        let eight = queens(8);
        for order in orders {
            let options = SearchOptions::default().with_variable_order(order.clone());
            assert_eq!(
                Solver::with_options(&latin, options.clone())
                    .count(None)
                    .count,
                576
            );
            assert_eq!(
                Solver::with_options(&eight, options).count(None).count,
                92,
                "{order:?}"
            );
        }
    }

    #[test]
    fn dom_wdeg_is_deterministic_across_runs() {
        let model = queens(10);
        let options = SearchOptions::default().with_variable_order(VariableOrder::DomWdeg);
        let mut solver = Solver::with_options(&model, options);
        let first: Vec<_> = solver.solutions().take(50).collect();
        let stats = solver.stats().without_time();
        let again: Vec<_> = solver.solutions().take(50).collect();
        assert_eq!(first, again);
        assert_eq!(stats, solver.stats().without_time());
    }
}
