//! The player's words that several families share: what is written in a
//! cell, the rules of digit houses, and the cells a constraint reads.
//!
//! Each family's [`Family::reason`](crate::Family::reason) names its own
//! rules (the list its page in `docs/formats` gives); the helpers here
//! keep the wording of the common ones the same across families.

use crate::family::{Built, Cell, Reason, Rule};
use crate::generic::Progress;
use csp_core::constraints::all_different::rules as ad;
use csp_core::{ConstraintId, Deduction, Value};

/// A cell that is shaded (1) or not (0): Norinori, Star Battle's regions
/// aside.
pub(crate) fn shaded(value: Value) -> [&'static str; 2] {
    if value == 1 {
        ["is shaded", "are shaded"]
    } else {
        ["is unshaded", "are unshaded"]
    }
}

/// The cells of constraint `c`'s scope that are cells of the grid, in
/// scope order.
pub(crate) fn scope_cells(built: &Built, c: ConstraintId) -> Vec<Cell> {
    built.model.constraint(c).map_or_else(Vec::new, |k| {
        k.scope().iter().filter_map(|&v| built.cell_of(v)).collect()
    })
}

/// The cells of `c`'s scope fixed to `value`, other than the deduction's
/// own: already, or by the same call of `c` ([`Progress::settled`]).
pub(crate) fn holders(built: &Built, now: &Progress, c: ConstraintId, d: &Deduction) -> Vec<Cell> {
    built.model.constraint(c).map_or_else(Vec::new, |k| {
        k.scope()
            .iter()
            .filter(|&&v| v != d.var && now.settled(v) == Some(d.value))
            .filter_map(|&v| built.cell_of(v))
            .collect()
    })
}

/// The rules of a house that holds each digit at most once, as every
/// digit family names them, at Tatham level `tatham` for the first three
/// and `subsets` for the last: elimination, naked single, hidden single,
/// naked/hidden subset.
pub(crate) const fn house_rules(
    tatham: Option<&'static str>,
    subsets: Option<&'static str>,
) -> [Rule; 4] {
    [
        Rule::new(
            ELIMINATION,
            "a digit written in a cell leaves the other cells of its row, column, box, region or cage",
            tatham,
        ),
        Rule::new(
            NAKED_SINGLE,
            "a cell with one candidate left takes it",
            tatham,
        ),
        Rule::new(
            HIDDEN_SINGLE,
            "a digit with one place left in a house goes there",
            tatham,
        ),
        Rule::new(
            SUBSET,
            "k cells of a house holding k digits between them clear those digits from the rest of the house (and k digits with k places clear those cells' other candidates)",
            subsets,
        ),
    ]
}

/// The names of [`house_rules`].
pub(crate) const ELIMINATION: &str = "elimination";
/// See [`ELIMINATION`].
pub(crate) const NAKED_SINGLE: &str = "naked single";
/// See [`ELIMINATION`].
pub(crate) const HIDDEN_SINGLE: &str = "hidden single";
/// See [`ELIMINATION`].
pub(crate) const SUBSET: &str = "naked/hidden subset";

/// A deduction of a house's AllDifferent (any strength) named `house`
/// ("row 3", "the cage at r1c1"), in the player's words: a digit taken,
/// a cell's last candidate, a digit's last place, a subset.
pub(crate) fn house_reason(
    built: &Built,
    now: &Progress,
    d: &Deduction,
    placed: bool,
    house: &str,
) -> Reason {
    let mut reads = scope_cells(built, d.constraint);
    match d.rule {
        ad::ELIMINATION if placed => Reason::new(
            NAKED_SINGLE,
            "the last candidate left",
            built.cell_of(d.var).into_iter().collect(),
        ),
        ad::ELIMINATION => {
            let at = holders(built, now, d.constraint, d);
            let cause = match at.first() {
                Some(c) => format!("{house} has {} at {c}", d.value),
                None => format!("{house} has its {}", d.value),
            };
            reads.retain(|c| at.contains(c));
            Reason::new(ELIMINATION, cause, at)
        }
        ad::HIDDEN_SINGLE | ad::PIGEONHOLE => Reason::new(
            HIDDEN_SINGLE,
            format!("{house} has one place left for a digit"),
            reads,
        ),
        _ => Reason::new(
            SUBSET,
            format!("some cells of {house} hold as many digits between them as they are"),
            reads,
        ),
    }
}

/// `row 3` or `column 3` (0-based `i`).
pub(crate) fn line_name(across: bool, i: usize) -> String {
    if across {
        format!("row {}", i + 1)
    } else {
        format!("column {}", i + 1)
    }
}

/// The cells of row or column `i` of a `rows x cols` grid.
pub(crate) fn line_cells(across: bool, i: usize, rows: usize, cols: usize) -> Vec<Cell> {
    if across {
        (0..cols).map(|c| Cell::new(i, c)).collect()
    } else {
        (0..rows).map(|r| Cell::new(r, i)).collect()
    }
}

/// A line (1) or a cross (0) on an edge: Slitherlink's sides, Masyu's
/// links.
pub(crate) fn line(value: Value) -> [&'static str; 2] {
    if value == 1 {
        ["has a line", "have lines"]
    } else {
        ["has a cross", "have crosses"]
    }
}

/// The rules of a single loop (Slitherlink's and Masyu's), named with
/// `point`, what the loop passes through ("dot", "cell"): the names
/// [`loop_rules`] gives.
pub(crate) fn loop_reason(d: &Deduction, point: &str) -> Reason {
    use csp_core::constraints::single_loop::rules as sl;
    let (i, cause) = match d.rule {
        sl::FULL => (0, format!("a {point} at its end has its two lines")),
        sl::CONTINUE | sl::DEGREE | sl::VERTEX => (
            1,
            format!("a {point} at its end has a line in and one way out"),
        ),
        sl::DEAD_END => (2, format!("a {point} at its end has no other way on")),
        sl::PREMATURE => (3, "a line there would close a loop too soon".to_owned()),
        sl::CLOSED => (3, "the loop is closed".to_owned()),
        _ => (
            4,
            "a line there could not be part of one loop through every line".to_owned(),
        ),
    };
    Reason::new(LOOP_RULES[i].name, cause, Vec::new())
}

/// The single loop's rules, easiest first (see [`loop_reason`]).
pub(crate) const LOOP_RULES: [Rule; 5] = [
    Rule::new(
        "two lines meet",
        "a dot (or cell) with two lines has crosses on its other edges",
        Some("Easy"),
    ),
    Rule::new(
        "the line goes on",
        "a line that reaches a dot (or cell) with one free edge left goes on along it",
        Some("Easy"),
    ),
    Rule::new(
        "dead end",
        "an edge that would lead into a dot (or cell) with no other way on has a cross",
        Some("Easy"),
    ),
    Rule::new(
        "no early loop",
        "an edge that would close a loop while other lines are left out has a cross",
        Some("Easy"),
    ),
    Rule::new(
        "one loop",
        "an edge on no loop through every line has a cross, and one that every such loop needs has a line",
        Some("Tricky"),
    ),
];
