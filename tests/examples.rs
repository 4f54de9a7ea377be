//! The examples under `examples/`, run on their default instances and checked
//! against known answers, so that no example can rot; and the user
//! constraints they define, checked against a brute-force oracle.
//!
//! Each example file is compiled here as a module; its `main` only runs under
//! `cargo run --example`, hence the `dead_code` allowances.

#[path = "../examples/n_queens.rs"]
#[allow(
    dead_code,
    reason = "`main` and its printing helpers run under `cargo run --example`"
)]
mod n_queens;

#[path = "../examples/killer_sudoku.rs"]
#[allow(
    dead_code,
    reason = "`main` and its printing helpers run under `cargo run --example`"
)]
mod killer_sudoku;

#[path = "../examples/kenken.rs"]
#[allow(
    dead_code,
    reason = "`main` and its printing helpers run under `cargo run --example`"
)]
mod kenken;

#[path = "../examples/sudoku.rs"]
#[allow(
    dead_code,
    reason = "`main` and its printing helpers run under `cargo run --example`"
)]
mod sudoku_example;

#[path = "../examples/futoshiki.rs"]
#[allow(
    dead_code,
    reason = "`main` and its printing helpers run under `cargo run --example`"
)]
mod futoshiki_example;

#[path = "../examples/skyscrapers.rs"]
#[allow(
    dead_code,
    reason = "`main` and its printing helpers run under `cargo run --example`"
)]
mod skyscrapers;

use gridcsp::csp_core::{
    Conflict, Constraint, Domain, Model, PropagationContext, Solver, Value, VarId,
};
use std::collections::BTreeSet;

// ---------------------------------------------------------------------------
// The oracle: every full assignment of a tiny model, checked with the
// constraints' own `is_satisfied`, against what the solver finds and what
// propagation keeps.

/// Every solution of `model` by brute force (lexicographic order).
fn brute_force(model: &Model) -> Vec<Vec<Value>> {
    let domains: Vec<Vec<Value>> = model
        .vars()
        .map(|v| model.initial_domains().iter(v).collect())
        .collect();
    let total: usize = domains.iter().map(Vec::len).product();
    assert!(
        total <= 200_000,
        "model too large for brute force ({total} assignments)"
    );
    let mut solutions = Vec::new();
    let mut values = Vec::with_capacity(domains.len());
    for mut index in 0..total {
        values.clear();
        for d in domains.iter().rev() {
            values.push(d[index % d.len()]);
            index /= d.len();
        }
        values.reverse();
        let ok = model.constraints().all(|(_, c)| {
            let scoped: Vec<Value> = c.scope().iter().map(|v| values[v.index()]).collect();
            c.is_satisfied(&scoped)
        });
        if ok {
            solutions.push(values.clone());
        }
    }
    solutions
}

/// Checks the solver against brute force on `model`: the same solutions,
/// each once; and propagation, at the root and under every single
/// assumption `var = value`, never removes a value some solution uses.
/// Returns the number of solutions.
fn check_against_brute_force(model: &Model) -> usize {
    let expected = brute_force(model);
    let mut solver = Solver::new(model);
    let found: Vec<Vec<Value>> = solver.solutions().map(|s| s.into_values()).collect();
    let found_set: BTreeSet<_> = found.iter().cloned().collect();
    assert_eq!(
        found_set.len(),
        found.len(),
        "a solution was reported twice"
    );
    let expected_set: BTreeSet<_> = expected.iter().cloned().collect();
    for s in &found_set {
        assert!(
            expected_set.contains(s),
            "solved on non-solution {s:?}\n{model:?}"
        );
    }
    for s in &expected_set {
        assert!(found_set.contains(s), "failed on solution {s:?}\n{model:?}");
    }
    let mut assumptions: Vec<Vec<(VarId, Value)>> = vec![Vec::new()];
    for var in model.vars() {
        for value in model.initial_domains().iter(var) {
            assumptions.push(vec![(var, value)]);
        }
    }
    for assumed in assumptions {
        solver
            .set_assumptions(&assumed)
            .expect("values come from the domains");
        let supported: Vec<&Vec<Value>> = expected
            .iter()
            .filter(|s| assumed.iter().all(|&(v, x)| s[v.index()] == x))
            .collect();
        match solver.propagate() {
            Ok(domains) => {
                for s in &supported {
                    for var in model.vars() {
                        assert!(
                            domains.contains(var, s[var.index()]),
                            "propagation under {assumed:?} removed {var} = {} used by {s:?}\n\
                             {model:?}",
                            s[var.index()]
                        );
                    }
                }
            }
            Err(_) => assert!(
                supported.is_empty(),
                "propagation under {assumed:?} failed, but {:?} is a solution\n{model:?}",
                supported[0]
            ),
        }
    }
    expected.len()
}

/// A tiny deterministic generator for the oracle's instances.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A random subset of `lo..=hi` with at least two values.
    fn domain(&mut self, lo: Value, hi: Value) -> Domain {
        let mut values: Vec<Value> = (lo..=hi).filter(|_| self.next() % 3 != 0).collect();
        if values.len() < 2 {
            values = vec![lo, hi];
        }
        Domain::from(values)
    }
}

/// `count` variables, each with a random subset of `lo..=hi`.
fn random_vars(model: &mut Model, rng: &mut Rng, count: usize, lo: Value, hi: Value) -> Vec<VarId> {
    (0..count)
        .map(|_| model.new_var(rng.domain(lo, hi)).expect("non-empty domain"))
        .collect()
}

// ---------------------------------------------------------------------------
// N-Queens

#[test]
fn n_queens_counts_match_the_known_sequence() {
    for n in 1..=10 {
        let found = n_queens::count(n).expect("model builds");
        assert_eq!(found, n_queens::KNOWN_COUNTS[n - 1], "n = {n}");
    }
}

#[test]
fn n_queens_first_solution_for_200_is_valid() {
    let (columns, stats) = n_queens::first_solution(n_queens::DEFAULT_BIG_N).expect("model builds");
    let columns = columns.expect("200 queens can be placed");
    assert_eq!(columns.len(), 200);
    assert!(n_queens::is_valid(&columns));
    // Middle-out values: no failure on the way (the example's claim).
    assert_eq!(stats.failures, 0, "{stats}");
}

#[test]
fn n_queens_checker_rejects_attacks() {
    assert!(n_queens::is_valid(&[1, 3, 0, 2]));
    assert!(!n_queens::is_valid(&[0, 2, 1, 3]), "diagonal");
    assert!(!n_queens::is_valid(&[1, 3, 1, 2]), "column");
    assert!(!n_queens::is_valid(&[4, 0, 1, 2]), "off the board");
    assert_eq!(n_queens::first_solution(3).expect("model builds").0, None);
    assert_eq!(
        n_queens::count(0).expect("model builds"),
        1,
        "the empty board"
    );
}

// ---------------------------------------------------------------------------
// Killer Sudoku

#[test]
fn killer_sudoku_default_has_the_published_unique_solution() {
    let (solution, _) =
        killer_sudoku::solve_default(killer_sudoku::CageRule::DistinctSum).expect("solves");
    let expected: Vec<Vec<Value>> = killer_sudoku::SOLUTION.iter().map(|r| r.to_vec()).collect();
    assert_eq!(solution, expected);
    assert!(killer_sudoku::default_is_unique().expect("model builds"));
}

#[test]
fn killer_sudoku_cage_propagation_pays_off() {
    use killer_sudoku::CageRule;
    let (built_in_solution, built_in) =
        killer_sudoku::solve_default(CageRule::DistinctSum).expect("solves");
    let (decomposed_solution, decomposed) =
        killer_sudoku::solve_default(CageRule::Decomposed).expect("solves");
    assert_eq!(built_in_solution, decomposed_solution);
    assert!(
        built_in.decisions <= decomposed.decisions,
        "all_different_sum {built_in}, decomposed {decomposed}"
    );
    // At the root, the combinations remove candidates the decomposition keeps.
    let candidates = |rule| {
        let (model, grid) =
            killer_sudoku::model(killer_sudoku::CAGES, &killer_sudoku::SUMS, rule).expect("builds");
        let mut solver = Solver::new(&model);
        let domains = solver.propagate().expect("consistent");
        grid.cells().iter().map(|&c| domains.size(c)).sum::<u32>()
    };
    let (strong, weak) = (
        candidates(CageRule::DistinctSum),
        candidates(CageRule::Decomposed),
    );
    assert!(strong < weak, "{strong} candidates left, decomposed {weak}");
}

#[test]
fn killer_sudoku_rejects_bad_cage_maps() {
    let rule = killer_sudoku::CageRule::DistinctSum;
    let missing_total = killer_sudoku::model(killer_sudoku::CAGES, &killer_sudoku::SUMS[1..], rule);
    assert!(missing_total.is_err());
    let split = killer_sudoku::CAGES
        .replacen('a', "b", 1)
        .replacen("b b b", "a b b", 1);
    assert!(killer_sudoku::model(&split, &killer_sudoku::SUMS, rule).is_err());
    assert!(killer_sudoku::model("a b", &killer_sudoku::SUMS, rule).is_err());
}

#[test]
fn killer_cages_agree_with_brute_force() {
    use killer_sudoku::CageRule;
    let mut rng = Rng(0x5eed_0001);
    let mut solutions = 0;
    for case in 0..60 {
        let cells = 2 + case % 3;
        let mut model = Model::new();
        let vars = random_vars(&mut model, &mut rng, cells, 1, 6);
        let total = (cells as i64) * 2 + (rng.next() % 9) as i64;
        let rule = if case % 5 == 0 {
            CageRule::Decomposed
        } else {
            CageRule::DistinctSum
        };
        killer_sudoku::post_cage(&mut model, &vars, total, rule).expect("valid scope");
        solutions += check_against_brute_force(&model);
    }
    assert!(
        solutions > 0,
        "the instances should not all be unsatisfiable"
    );
    // Domains that do not share a base, or span more than 64 values.
    let mut model = Model::new();
    let a = model.new_var(0..=3).expect("domain");
    let b = model.new_var(1..=4).expect("domain");
    let c = model.new_var([0, 2, 100]).expect("domain");
    killer_sudoku::post_cage(&mut model, &[a, b, c], 5, CageRule::DistinctSum)
        .expect("valid scope");
    check_against_brute_force(&model);
}

// ---------------------------------------------------------------------------
// KenKen

#[test]
fn kenken_default_has_the_published_unique_solution() {
    let solution = kenken::solve_default()
        .expect("model builds")
        .expect("unique");
    let expected: Vec<Vec<Value>> = kenken::SOLUTION.iter().map(|r| r.to_vec()).collect();
    assert_eq!(solution, expected);
}

#[test]
fn kenken_rejects_bad_targets_and_cages() {
    assert!(kenken::parse_targets("a=12%").is_err());
    assert!(kenken::parse_targets("ab=12+").is_err());
    assert!(kenken::parse_targets("a12+").is_err());
    assert_eq!(
        kenken::parse_targets("a=5").expect("parses"),
        vec![('a', kenken::Op::Given, 5)]
    );
    // A subtraction cage of three cells.
    assert!(kenken::model(2, "a a a b", "a=1- b=2").is_err());
    // A cage that is not connected.
    assert!(kenken::model(2, "a b b a", "a=3+ b=3+").is_err());
    // A one-cell cage is a given.
    let (model, _) = kenken::model(2, "a b c c", "a=1 b=2 c=3+").expect("builds");
    assert_eq!(Solver::new(&model).count(None).count, 1);
}

#[test]
fn kenken_cage_agrees_with_brute_force() {
    use kenken::Op;
    let mut rng = Rng(0x5eed_0002);
    let mut solutions = 0;
    for case in 0..80 {
        let op = [Op::Add, Op::Mul, Op::Sub, Op::Div, Op::Given][case % 5];
        let cells = match op {
            Op::Sub | Op::Div => 2,
            Op::Given => 1,
            Op::Add | Op::Mul => 2 + case % 3,
        };
        let mut model = Model::new();
        let vars = random_vars(&mut model, &mut rng, cells, 1, 6);
        let target = match op {
            Op::Add => (cells as i64) + (rng.next() % 12) as i64,
            Op::Mul => [6, 12, 24, 8, 30, 1, 7][(rng.next() % 7) as usize],
            Op::Sub => (rng.next() % 5) as i64,
            Op::Div => 1 + (rng.next() % 4) as i64,
            Op::Given => 1 + (rng.next() % 6) as i64,
        };
        kenken::post_cage(&mut model, &vars, op, target).expect("valid cage");
        solutions += check_against_brute_force(&model);
    }
    assert!(solutions > 0);
    // Products over domains with zero and negative values.
    let mut model = Model::new();
    let vars = model.new_vars(3, -2..=2).expect("domain");
    kenken::post_cage(&mut model, &vars, Op::Mul, 4).expect("valid cage");
    assert!(check_against_brute_force(&model) > 0);
}

// ---------------------------------------------------------------------------
// Skyscrapers

#[test]
fn skyscrapers_default_has_the_recorded_unique_solution() {
    let (solution, _) = skyscrapers::solve_default().expect("model builds");
    let expected: Vec<Vec<Value>> = skyscrapers::SOLUTION.iter().map(|r| r.to_vec()).collect();
    assert_eq!(solution, Some(expected));
}

#[test]
fn skyscrapers_rejects_bad_clues() {
    assert!(skyscrapers::parse_clues("top 1 2", 2).is_err());
    let wrong_side = "top . .\nbottom . .\nright . .\nleft . .";
    assert!(skyscrapers::parse_clues(wrong_side, 2).is_err());
    let bad_number = "top . x\nbottom . .\nleft . .\nright . .";
    assert!(skyscrapers::parse_clues(bad_number, 2).is_err());
    let short = "top .\nbottom . .\nleft . .\nright . .";
    assert!(skyscrapers::parse_clues(short, 2).is_err());
}

#[test]
fn skyscrapers_model_agrees_with_brute_force() {
    // The whole model (Latin square and built-in visibility clues) on 3 x 3
    // grids, against brute force: clues read off a random Latin square
    // (so at least one solution), each kept with probability 1/2, and now
    // and then one changed (often no solution).
    let mut rng = Rng(0x5eed_0003);
    let seen = |line: &[usize]| {
        let mut tallest = 0;
        line.iter()
            .filter(|&&h| {
                let visible = h > tallest;
                tallest = tallest.max(h);
                visible
            })
            .count()
    };
    let mut solutions = 0;
    for case in 0..40 {
        let mut perm = || {
            let mut p = [0, 1, 2];
            for i in (1..3).rev() {
                p.swap(i, (rng.next() % (i as u64 + 1)) as usize);
            }
            p
        };
        let (r, c, v) = (perm(), perm(), perm());
        let square: Vec<Vec<usize>> = (0..3)
            .map(|i| (0..3).map(|j| v[(r[i] + c[j]) % 3] + 1).collect())
            .collect();
        let lines = |i: usize| -> [Vec<usize>; 4] {
            let col: Vec<usize> = (0..3).map(|k| square[k][i]).collect();
            let row = square[i].clone();
            let rev = |l: &[usize]| l.iter().rev().copied().collect::<Vec<_>>();
            [col.clone(), rev(&col), row.clone(), rev(&row)]
        };
        let mut sides: [Vec<String>; 4] = Default::default();
        for i in 0..3 {
            for (side, line) in sides.iter_mut().zip(lines(i)) {
                let mut clue = seen(&line);
                if case % 4 == 0 && rng.next() % 6 == 0 {
                    clue = clue % 3 + 1;
                }
                side.push(if rng.next() % 2 == 0 {
                    clue.to_string()
                } else {
                    ".".into()
                });
            }
        }
        let clues = format!(
            "top {}\nbottom {}\nleft {}\nright {}",
            sides[0].join(" "),
            sides[1].join(" "),
            sides[2].join(" "),
            sides[3].join(" ")
        );
        let (model, _) = skyscrapers::model(3, &clues).expect("model builds");
        solutions += check_against_brute_force(&model);
    }
    assert!(solutions > 0);
}

#[test]
fn oracle_catches_an_unsound_constraint() {
    /// Claims `x != 1` is the rule but prunes 2 as well.
    #[derive(Debug)]
    struct Unsound(Vec<VarId>);
    impl Constraint for Unsound {
        fn scope(&self) -> &[VarId] {
            &self.0
        }
        fn is_satisfied(&self, values: &[Value]) -> bool {
            values[0] != 1
        }
        fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
            ctx.remove(self.0[0], 1)?;
            ctx.remove(self.0[0], 2)?;
            Ok(())
        }
    }
    let mut model = Model::new();
    let x = model.new_var(1..=3).expect("domain");
    model.add(Unsound(vec![x])).expect("valid scope");
    let check = std::panic::AssertUnwindSafe(|| check_against_brute_force(&model));
    let caught = std::panic::catch_unwind(check);
    assert!(caught.is_err());
}

// ---------------------------------------------------------------------------
// The Sudoku example prints the built-in puzzle, its unique solution with box
// separators, and the statistics.

#[test]
fn sudoku_example_solves_its_built_in_puzzle() {
    let mut out = Vec::new();
    sudoku_example::run(None, &mut out).expect("the built-in puzzle solves");
    let text = String::from_utf8(out).expect("UTF-8 output");
    assert!(text.contains("Solution (unique):"), "{text}");
    for row in [
        "5 3 4 | 6 7 8 | 9 1 2",
        "------+-------+------",
        "3 4 5 | 2 8 6 | 1 7 9",
    ] {
        assert!(text.contains(row), "missing {row:?} in\n{text}");
    }
    assert!(text.contains("Statistics"), "{text}");
}

#[test]
fn sudoku_example_rejects_a_bad_puzzle_with_a_message() {
    let mut out = Vec::new();
    let err = sudoku_example::run(Some("12x".to_string()), &mut out).unwrap_err();
    assert!(!err.is_empty());
}

// The Futoshiki example prints the built-in 5x5 puzzle (the format file's
// worked example 2) and its unique solution with the signs.

#[test]
fn futoshiki_example_solves_its_built_in_puzzle() {
    let mut out = Vec::new();
    let unique = futoshiki_example::run(None, &mut out).expect("the built-in puzzle parses");
    let text = String::from_utf8(out).expect("UTF-8 output");
    assert!(unique, "{text}");
    assert!(
        text.contains("solution string: 3452151243124352315445312"),
        "{text}"
    );
    assert!(text.contains("3<4 5 2 1"), "{text}");
    assert!(text.contains("statistics:"), "{text}");
}

#[test]
fn futoshiki_example_reports_a_malformed_game_id() {
    let mut out = Vec::new();
    let err = futoshiki_example::run(Some("4:1,2,3".to_string()), &mut out).unwrap_err();
    assert!(!err.is_empty());
}
