//! What the area constraints share ([`RegionSize`](super::RegionSize),
//! [`Islands`](super::Islands)): the cells an area could still grow into
//! within its size, and the cells every such growth needs.
//!
//! An area is a connected set of cells already decided (fixed to a value,
//! or to "island"); it must end as a connected set of exactly `need`
//! cells, all drawn from the cells *allowed* for it. Every completion lies
//! within `need - |area|` steps of the area through allowed cells, so a
//! breadth-first search bounded by that budget ([`reach`]) finds a set that
//! holds every completion: fewer than `need` cells there and the area
//! cannot be completed. A cell of that set whose removal leaves the area's
//! side with fewer than `need` cells is in every completion
//! ([`critical_cells`]): these are the articulation points of the reached
//! set (Tarjan's lowpoints, one depth-first search), weighed by the sizes
//! of the subtrees they cut off.
//!
//! Everything runs in caller-provided buffers (from the solver's scratch),
//! reset by the caller through [`Bufs::clear`], so nothing is allocated.

use crate::graph::Graph;

/// Marks a cell not reached.
pub(crate) const UNSEEN: u32 = u32::MAX;

/// The buffers of one search, each with one entry per cell. `dist` must
/// be all [`UNSEEN`] and `disc` all 0 before [`reach`]; [`Bufs::clear`]
/// restores that for the cells a search touched.
#[derive(Debug)]
pub(crate) struct Bufs<'a> {
    /// Steps from the area (0 for its cells), or [`UNSEEN`].
    pub(crate) dist: &'a mut [u32],
    /// The reached cells, in the order found (`order[..count]`).
    pub(crate) order: &'a mut [u32],
    /// Depth-first discovery times (0: not discovered).
    pub(crate) disc: &'a mut [u32],
    /// Lowpoints.
    pub(crate) low: &'a mut [u32],
    /// Subtree sizes.
    pub(crate) size: &'a mut [u32],
    /// Cells cut off by removing the cell: the sizes of the subtrees it
    /// separates from the root.
    pub(crate) cut: &'a mut [u32],
    /// The next incidence to look at, per cell.
    pub(crate) next: &'a mut [u32],
    /// The depth-first stack.
    pub(crate) stack: &'a mut [u32],
}

/// Number of buffers in a [`Bufs`], for sizing the scratch.
pub(crate) const BUFFERS: usize = 8;

impl<'a> Bufs<'a> {
    /// Splits `words` (at least `BUFFERS * n` long, `dist` part all
    /// [`UNSEEN`] and `disc` all 0) into the buffers of `n` cells.
    pub(crate) fn split(words: &'a mut [u32], n: usize) -> Bufs<'a> {
        let (dist, rest) = words.split_at_mut(n);
        let (order, rest) = rest.split_at_mut(n);
        let (disc, rest) = rest.split_at_mut(n);
        let (low, rest) = rest.split_at_mut(n);
        let (size, rest) = rest.split_at_mut(n);
        let (cut, rest) = rest.split_at_mut(n);
        let (next, rest) = rest.split_at_mut(n);
        let stack = &mut rest[..n];
        Bufs {
            dist,
            order,
            disc,
            low,
            size,
            cut,
            next,
            stack,
        }
    }

    /// Fills a fresh buffer block of `n` cells: `dist` [`UNSEEN`], the
    /// rest 0.
    pub(crate) fn init(words: &mut Vec<u32>, n: usize) {
        words.clear();
        words.resize(BUFFERS * n, 0);
        words[..n].fill(UNSEEN);
    }

    /// Resets the entries of the `count` cells the last search reached.
    pub(crate) fn clear(&mut self, count: usize) {
        for &c in &self.order[..count] {
            let c = c as usize;
            self.dist[c] = UNSEEN;
            self.disc[c] = 0;
        }
    }
}

/// Breadth-first search from the cells `seeds` (one connected area, at
/// distance 0) through cells for which `allowed` holds, at most `budget`
/// steps away. Returns how many cells it reached (listed in
/// `b.order[..count]`, with their distances in `b.dist`).
pub(crate) fn reach(
    graph: &Graph,
    seeds: &[u32],
    budget: u32,
    mut allowed: impl FnMut(usize) -> bool,
    b: &mut Bufs<'_>,
) -> usize {
    let mut count = 0;
    for &s in seeds {
        if b.dist[s as usize] == UNSEEN {
            b.dist[s as usize] = 0;
            b.order[count] = s;
            count += 1;
        }
    }
    let mut head = 0;
    while head < count {
        let v = b.order[head] as usize;
        head += 1;
        let d = b.dist[v];
        if d >= budget {
            continue;
        }
        for &(u, _) in graph.incident(v) {
            let u = u as usize;
            if b.dist[u] == UNSEEN && allowed(u) {
                b.dist[u] = d + 1;
                b.order[count] = u as u32;
                count += 1;
            }
        }
    }
    count
}

/// After [`reach`] (which found `count` cells): calls `critical(y)` for
/// every reached cell `y` outside the seeds whose removal leaves fewer
/// than `need` reached cells joined to the seeds. Stops at the first
/// error `critical` returns.
pub(crate) fn critical_cells<E>(
    graph: &Graph,
    count: usize,
    need: u32,
    b: &mut Bufs<'_>,
    mut critical: impl FnMut(usize) -> Result<(), E>,
) -> Result<(), E> {
    if count == 0 || (count as u32) < need {
        return Ok(());
    }
    let root = b.order[0] as usize;
    for &c in &b.order[..count] {
        let c = c as usize;
        b.size[c] = 1;
        b.cut[c] = 0;
        b.next[c] = 0;
    }
    let mut time = 1u32;
    b.disc[root] = time;
    b.low[root] = time;
    b.stack[0] = root as u32;
    let mut top = 1usize;
    while top > 0 {
        let v = b.stack[top - 1] as usize;
        let inc = graph.incident(v);
        let k = b.next[v] as usize;
        if k < inc.len() {
            b.next[v] += 1;
            let u = inc[k].0 as usize;
            if b.dist[u] == UNSEEN {
                continue;
            }
            if b.disc[u] == 0 {
                time += 1;
                b.disc[u] = time;
                b.low[u] = time;
                b.stack[top] = u as u32;
                top += 1;
            } else {
                // A back edge, or the edge to the parent (which only
                // lowers low[v] to disc[parent]: the test below uses >=).
                b.low[v] = b.low[v].min(b.disc[u]);
            }
        } else {
            top -= 1;
            if top > 0 {
                let p = b.stack[top - 1] as usize;
                b.low[p] = b.low[p].min(b.low[v]);
                b.size[p] += b.size[v];
                if b.low[v] >= b.disc[p] {
                    b.cut[p] += b.size[v];
                }
            }
        }
    }
    for i in 0..count {
        let y = b.order[i] as usize;
        if b.dist[y] == 0 {
            continue;
        }
        let kept = count as u32 - 1 - b.cut[y];
        if kept < need {
            critical(y)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(
        g: &Graph,
        seeds: &[u32],
        budget: u32,
        need: u32,
        allowed: &[bool],
    ) -> (usize, Vec<usize>) {
        let n = g.num_vertices();
        let mut words = Vec::new();
        Bufs::init(&mut words, n);
        let mut b = Bufs::split(&mut words, n);
        let count = reach(g, seeds, budget, |c| allowed[c], &mut b);
        let mut found = Vec::new();
        critical_cells::<()>(g, count, need, &mut b, |y| {
            found.push(y);
            Ok(())
        })
        .unwrap();
        found.sort_unstable();
        b.clear(count);
        assert!(b.dist.iter().all(|&d| d == UNSEEN));
        assert!(b.disc.iter().all(|&d| d == 0));
        (count, found)
    }

    #[test]
    fn a_corridor_is_critical_and_a_budget_bounds_the_reach() {
        // 0 1 2
        // 3 4 5     cell 1 and 4 lead from 0 to the rest
        let g = Graph::grid(2, 3).unwrap();
        let all = [true; 6];
        // From cell 0 with 3 cells needed, two steps away at most (cell 5
        // is three): 1 and 3 are alternatives, so nothing is critical.
        assert_eq!(run(&g, &[0], 2, 3, &all), (5, vec![]));
        // With cell 3 blocked, 1 is the only way out.
        let mut no3 = all;
        no3[3] = false;
        assert_eq!(run(&g, &[0], 5, 3, &no3), (5, vec![1]));
        // A budget of one step reaches 0's neighbours only.
        assert_eq!(run(&g, &[0], 1, 3, &all).0, 3);
        // Needing all six cells makes every reached cell critical.
        assert_eq!(run(&g, &[0], 5, 6, &all), (6, vec![1, 2, 3, 4, 5]));
    }

    #[test]
    fn a_cut_vertex_counts_what_it_separates() {
        // A path 0 - 1 - 2 - 3 - 4 with the seed at 2: removing 1 cuts off
        // one cell, removing 3 cuts off one cell.
        let g = Graph::new(5, &[(0, 1), (1, 2), (2, 3), (3, 4)]).unwrap();
        let all = [true; 5];
        assert_eq!(run(&g, &[2], 4, 4, &all), (5, vec![1, 3]));
        assert_eq!(run(&g, &[2], 4, 5, &all), (5, vec![0, 1, 3, 4]));
        assert_eq!(run(&g, &[2], 4, 3, &all), (5, vec![]));
    }
}
