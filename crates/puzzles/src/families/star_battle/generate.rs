//! The Star Battle generator: a planted placement of stars, regions grown
//! around groups of its stars, then region borders moved until the
//! placement is the only solution.
//!
//! # Background
//!
//! Any cell without a star in the planted placement `A` may change region
//! without breaking `A`: the regions' star counts stay the same. So when a
//! second solution `B` exists, one of `B`'s stars lies on a cell empty in
//! `A`; moving that cell into a neighbouring region takes a star from one
//! region of `B` and gives it to another, and `B` is no longer a
//! solution. Repeating this (keeping every region connected) removes the
//! other solutions one by one; new ones may appear, so the number of moves
//! is bounded and a stuck candidate is dropped.
//!
//! The same moves then steer the unique puzzle to the level asked: a move
//! is kept when the puzzle stays unique and its grade gets no farther from
//! the target (graded by root propagation at each level, as
//! `quick_grade` does), so a puzzle that came out `expert` drifts towards
//! `easy` one border cell at a time instead of being thrown away.

use super::{StarBattle, StarBattlePuzzle};
use crate::families::quick_grade;
use crate::families::shading::{Regions, Shading};
use crate::family::{Family, Unique};
use csp_core::{Limits, Model, SearchOptions, Solver, ValueOrder, VarId, VariableOrder};
use rand::Rng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

/// Border moves tried on one candidate before it is dropped.
const MAX_MOVES: usize = 400;

/// A random placement of `stars` stars per row and column, no two
/// touching, on an `n x n` grid; `None` if the search gives up.
pub(super) fn placement(n: usize, stars: usize, rng: &mut ChaCha8Rng) -> Option<Vec<bool>> {
    let mut m = Model::new();
    let cells = m.new_bools(n * n).ok()?;
    for r in 0..n {
        m.exactly(&cells[r * n..(r + 1) * n], 1, stars).ok()?;
        let col: Vec<VarId> = (0..n).map(|i| cells[i * n + r]).collect();
        m.exactly(&col, 1, stars).ok()?;
    }
    for r in 0..n - 1 {
        for c in 0..n - 1 {
            let i = r * n + c;
            m.at_most_one(&[cells[i], cells[i + 1], cells[i + n], cells[i + n + 1]])
                .ok()?;
        }
    }
    let options = SearchOptions::default()
        .with_variable_order(VariableOrder::DomWdeg)
        .with_value_order(ValueOrder::Random { seed: rng.random() })
        .with_node_limit(20_000);
    let s = Solver::with_options(&m, options).solve().into_solution()?;
    Some(cells.iter().map(|&v| s[v] == 1).collect())
}

/// Orthogonal neighbours of cell `i` on an `n x n` grid.
fn neighbours(n: usize, i: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (i / n, i % n);
    [
        (r > 0).then(|| i - n),
        (c + 1 < n).then(|| i + 1),
        (r + 1 < n).then(|| i + n),
        (c > 0).then(|| i - 1),
    ]
    .into_iter()
    .flatten()
}

/// Regions grown around groups of `stars` stars of `placed`: each group is
/// joined by a shortest path through free cells, then regions grow at
/// random into the free cells left. `None` when the groups cannot be
/// joined.
pub(super) fn regions(
    n: usize,
    stars: usize,
    placed: &[bool],
    rng: &mut ChaCha8Rng,
) -> Option<Vec<usize>> {
    const FREE: usize = usize::MAX;
    let mut region = vec![FREE; n * n];
    let mut unassigned: Vec<usize> = (0..n * n).filter(|&i| placed[i]).collect();
    unassigned.shuffle(rng);
    let mut count = 0;
    while let Some(seed) = unassigned.pop() {
        let g = count;
        count += 1;
        region[seed] = g;
        // The nearest other unassigned stars join the group, each by a
        // shortest path through free cells.
        for _ in 1..stars {
            let (target, path) = nearest_star(n, &region, placed, g)?;
            for &i in &path {
                region[i] = g;
            }
            unassigned.retain(|&s| s != target);
        }
    }
    // Random growth: a random region takes a random free neighbour.
    let mut frontier: Vec<(usize, usize)> = Vec::new();
    for i in 0..n * n {
        if region[i] != FREE {
            for j in neighbours(n, i) {
                if region[j] == FREE && !placed[j] {
                    frontier.push((region[i], j));
                }
            }
        }
    }
    while !frontier.is_empty() {
        let k = rng.random_range(0..frontier.len());
        let (g, j) = frontier.swap_remove(k);
        if region[j] != FREE {
            continue;
        }
        region[j] = g;
        for t in neighbours(n, j) {
            if region[t] == FREE {
                frontier.push((g, t));
            }
        }
    }
    region.iter().all(|&g| g != FREE).then_some(region)
}

/// The nearest star not yet in a region, from region `g`, and the free
/// cells of a shortest path to it (the star included).
fn nearest_star(
    n: usize,
    region: &[usize],
    placed: &[bool],
    g: usize,
) -> Option<(usize, Vec<usize>)> {
    const FREE: usize = usize::MAX;
    let mut from = vec![usize::MAX; n * n];
    let mut queue: Vec<usize> = (0..n * n).filter(|&i| region[i] == g).collect();
    for &i in &queue {
        from[i] = i;
    }
    let mut head = 0;
    while let Some(&i) = queue.get(head) {
        head += 1;
        for j in neighbours(n, i) {
            if from[j] != usize::MAX || region[j] != FREE {
                continue;
            }
            from[j] = i;
            if placed[j] {
                let mut path = vec![j];
                let mut k = i;
                while region[k] != g {
                    path.push(k);
                    k = from[k];
                }
                return Some((j, path));
            }
            queue.push(j);
        }
    }
    None
}

/// Whether region `g` stays connected (and non-empty) without cell `i`.
fn connected_without(n: usize, region: &[usize], g: usize, i: usize) -> bool {
    let cells: Vec<usize> = (0..n * n).filter(|&j| j != i && region[j] == g).collect();
    let Some(&start) = cells.first() else {
        return false;
    };
    let mut seen = vec![false; n * n];
    seen[start] = true;
    let mut stack = vec![start];
    let mut reached = 1;
    while let Some(j) = stack.pop() {
        for t in neighbours(n, j) {
            if t != i && !seen[t] && region[t] == g {
                seen[t] = true;
                reached += 1;
                stack.push(t);
            }
        }
    }
    reached == cells.len()
}

/// Moves region borders, keeping `placed` the puzzle's only solution,
/// towards ladder level `target`: a random starless cell joins a
/// neighbouring region (keeping both connected), and the move stays when
/// the puzzle is still unique and its level is no farther from `target`.
/// Returns the puzzle once it is of level `target`, `None` after
/// [`MAX_MOVES`] tries.
pub(super) fn steer(
    puzzle: StarBattlePuzzle,
    placed: &[bool],
    target: usize,
    rng: &mut ChaCha8Rng,
    limits: &Limits,
) -> Option<(StarBattlePuzzle, usize)> {
    let family = StarBattle;
    let n = puzzle.rows;
    let mut region: Vec<usize> = puzzle
        .regions
        .labels()
        .iter()
        .map(|&l| l as usize)
        .collect();
    let mut level = quick_grade::level_of(&family, &puzzle, limits)?;
    let mut puzzle = puzzle;
    for _ in 0..MAX_MOVES {
        if level == target {
            return Some((puzzle, level));
        }
        let i = rng.random_range(0..n * n);
        if placed[i] || !connected_without(n, &region, region[i], i) {
            continue;
        }
        let near: Vec<usize> = neighbours(n, i)
            .filter(|&j| region[j] != region[i])
            .collect();
        let Some(&j) = near.get(rng.random_range(0..near.len().max(1))) else {
            continue;
        };
        let old = region[i];
        region[i] = region[j];
        let candidate = StarBattlePuzzle {
            regions: Regions::new(n, n, region.iter().map(|&g| g as u64).collect())?,
            ..puzzle.clone()
        };
        match quick_grade::level_of(&family, &candidate, limits) {
            Some(l) if l.abs_diff(target) <= level.abs_diff(target) => {
                puzzle = candidate;
                level = l;
            }
            _ => region[i] = old,
        }
    }
    (level == target).then_some((puzzle, level))
}

/// Moves region borders until `placed` is the puzzle's only solution;
/// `None` if that takes more than [`MAX_MOVES`] moves or a search limit.
pub(super) fn make_unique(
    n: usize,
    stars: usize,
    placed: &[bool],
    mut region: Vec<usize>,
    rng: &mut ChaCha8Rng,
    limits: &Limits,
) -> Option<(StarBattlePuzzle, Shading)> {
    let family = StarBattle;
    for _ in 0..MAX_MOVES {
        let puzzle = StarBattlePuzzle {
            rows: n,
            cols: n,
            stars,
            regions: Regions::new(n, n, region.iter().map(|&g| g as u64).collect())?,
        };
        let other = match family.uniqueness(&puzzle, limits).0 {
            Unique::Unique(s) => return Some((puzzle, s)),
            Unique::Multiple(a, b) => {
                if a.cells() == placed {
                    b
                } else {
                    a
                }
            }
            Unique::None | Unique::Stopped(_) => return None,
        };
        // Cells where the other solution has a star and the plant has none,
        // each with the regions next to it it could join.
        let mut moves: Vec<(usize, usize)> = Vec::new();
        for (i, &s) in other.cells().iter().enumerate() {
            if s && !placed[i] && connected_without(n, &region, region[i], i) {
                for j in neighbours(n, i) {
                    if region[j] != region[i] && !moves.contains(&(i, region[j])) {
                        moves.push((i, region[j]));
                    }
                }
            }
        }
        let &(i, g) = moves.get(rng.random_range(0..moves.len().max(1)))?;
        region[i] = g;
    }
    None
}
