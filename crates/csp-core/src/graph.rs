//! Undirected graphs, the input of the graph constraints: cells that must
//! form one connected area ([`Model::connected`](crate::Model::connected))
//! and edges that must form one loop
//! ([`Model::single_loop`](crate::Model::single_loop)).
//!
//! A [`Graph`] has vertices `0..n` and a list of edges, each joining two
//! distinct vertices, at most one edge per pair. It is stored as adjacency
//! lists (compressed rows), built once when the model is made; the
//! constraints only read it.
//!
//! ```
//! use csp_core::{Grid, Model, Neighbourhood, graph::Graph};
//! // A path 0 - 1 - 2 and a lone vertex 3.
//! let path = Graph::new(4, &[(0, 1), (1, 2)])?;
//! assert_eq!(path.neighbours(1).collect::<Vec<_>>(), vec![0, 2]);
//! assert!(Graph::new(2, &[(0, 0)]).is_err(), "no self-loops");
//!
//! // The orthogonal adjacency of a grid's cells (vertex i = grid.cells()[i]).
//! let mut model = Model::new();
//! let grid = Grid::new(&mut model, 3, 4, 0..=1)?;
//! let g = Graph::from_grid(&grid, Neighbourhood::Orthogonal);
//! assert_eq!((g.num_vertices(), g.num_edges()), (12, 17));
//! // The same edges as the 3 x 4 grid graph (numbered in another order).
//! let mut edges: Vec<_> = g.edges().collect();
//! edges.sort();
//! let mut lattice: Vec<_> = Graph::grid(3, 4)?.edges().collect();
//! lattice.sort();
//! assert_eq!(edges, lattice);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::error::ModelError;
use crate::grid::{Grid, Neighbourhood};

/// An undirected simple graph on the vertices `0..num_vertices`, with its
/// edges numbered in the order given. See the [module docs](self).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graph {
    num_vertices: usize,
    /// The endpoints of each edge, as given.
    edges: Vec<(u32, u32)>,
    /// Vertex `v`'s incidences are `incident[offsets[v]..offsets[v + 1]]`.
    offsets: Vec<u32>,
    /// `(neighbour, edge)` pairs, by vertex, in edge order.
    incident: Vec<(u32, u32)>,
}

fn invalid(reason: String) -> ModelError {
    ModelError::InvalidArgument {
        constraint: "graph".to_owned(),
        reason,
    }
}

impl Graph {
    /// The graph on `num_vertices` vertices with these edges (pairs of
    /// vertex numbers; edge `i` is `edges[i]`).
    ///
    /// An error names the first bad edge: a vertex out of range, an edge
    /// from a vertex to itself, or a second edge between the same two
    /// vertices.
    pub fn new(num_vertices: usize, edges: &[(usize, usize)]) -> Result<Graph, ModelError> {
        if u32::try_from(num_vertices).is_err() || u32::try_from(edges.len()).is_err() {
            return Err(invalid(format!(
                "{num_vertices} vertices and {} edges: too large",
                edges.len()
            )));
        }
        let mut degree = vec![0u32; num_vertices + 1];
        for (i, &(a, b)) in edges.iter().enumerate() {
            if a >= num_vertices || b >= num_vertices {
                return Err(invalid(format!(
                    "edge {i} ({a}, {b}) names a vertex outside 0..{num_vertices}"
                )));
            }
            if a == b {
                return Err(invalid(format!(
                    "edge {i} ({a}, {b}) joins a vertex to itself"
                )));
            }
            degree[a + 1] += 1;
            degree[b + 1] += 1;
        }
        for v in 0..num_vertices {
            degree[v + 1] += degree[v];
        }
        let offsets = degree;
        let mut fill: Vec<u32> = offsets.clone();
        let mut incident = vec![(0u32, 0u32); 2 * edges.len()];
        for (i, &(a, b)) in edges.iter().enumerate() {
            incident[fill[a] as usize] = (b as u32, i as u32);
            fill[a] += 1;
            incident[fill[b] as usize] = (a as u32, i as u32);
            fill[b] += 1;
        }
        // Parallel edges: sort each vertex's neighbours (a copy) and look
        // for repeats.
        let mut row: Vec<(u32, u32)> = Vec::new();
        for v in 0..num_vertices {
            row.clear();
            row.extend_from_slice(&incident[offsets[v] as usize..offsets[v + 1] as usize]);
            row.sort_unstable();
            if let Some(w) = row.windows(2).find(|w| w[0].0 == w[1].0) {
                return Err(invalid(format!(
                    "edges {} and {} both join {v} and {}",
                    w[0].1, w[1].1, w[0].0
                )));
            }
        }
        Ok(Graph {
            num_vertices,
            edges: edges.iter().map(|&(a, b)| (a as u32, b as u32)).collect(),
            offsets,
            incident,
        })
    }

    /// The `rows x cols` grid graph: vertex `r * cols + c` for row `r` and
    /// column `c`, joined to its orthogonal neighbours. The edges are
    /// numbered horizontal ones first (`(r, c)-(r, c + 1)`, row-major), then
    /// vertical ones (`(r, c)-(r + 1, c)`, row-major).
    pub fn grid(rows: usize, cols: usize) -> Result<Graph, ModelError> {
        let n = rows
            .checked_mul(cols)
            .ok_or_else(|| invalid(format!("a {rows}x{cols} grid is too large")))?;
        let mut edges = Vec::with_capacity(2 * n);
        for r in 0..rows {
            for c in 0..cols.saturating_sub(1) {
                edges.push((r * cols + c, r * cols + c + 1));
            }
        }
        for r in 0..rows.saturating_sub(1) {
            for c in 0..cols {
                edges.push((r * cols + c, (r + 1) * cols + c));
            }
        }
        Graph::new(n, &edges)
    }

    /// The adjacency of a grid's present cells in `hood`: vertex `i` is
    /// `grid.cells()[i]`, and the edges are
    /// [`grid.adjacent_pairs_in(hood)`](Grid::adjacent_pairs_in), in that
    /// order. Holes have no vertex.
    pub fn from_grid(grid: &Grid, hood: Neighbourhood) -> Graph {
        let mut index: Vec<(crate::VarId, usize)> = grid
            .cells()
            .iter()
            .enumerate()
            .map(|(i, &v)| (v, i))
            .collect();
        index.sort_unstable();
        let at = |v| match index.binary_search_by_key(&v, |&(var, _)| var) {
            Ok(k) => index[k].1,
            Err(_) => unreachable!("adjacent pairs are cells of the grid"),
        };
        let edges: Vec<(usize, usize)> = grid
            .adjacent_pairs_in(hood)
            .into_iter()
            .map(|(a, b)| (at(a), at(b)))
            .collect();
        // A grid's cells are distinct and its pairs join distinct cells once.
        Graph::new(grid.cells().len(), &edges).expect("a grid's adjacency is a simple graph")
    }

    /// Number of vertices.
    pub fn num_vertices(&self) -> usize {
        self.num_vertices
    }

    /// Number of edges.
    pub fn num_edges(&self) -> usize {
        self.edges.len()
    }

    /// The endpoints of edge `i`, as given (`None` past the last edge).
    pub fn edge(&self, i: usize) -> Option<(usize, usize)> {
        self.edges.get(i).map(|&(a, b)| (a as usize, b as usize))
    }

    /// Every edge's endpoints, in edge order.
    pub fn edges(&self) -> impl ExactSizeIterator<Item = (usize, usize)> + '_ {
        self.edges.iter().map(|&(a, b)| (a as usize, b as usize))
    }

    /// The neighbours of `v`, in the order of the edges joining them (empty
    /// past the last vertex).
    pub fn neighbours(&self, v: usize) -> impl Iterator<Item = usize> + '_ {
        self.incident(v).iter().map(|&(u, _)| u as usize)
    }

    /// The edges at `v`, as `(neighbour, edge index)` pairs in edge order.
    pub fn incident_edges(&self, v: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.incident(v)
            .iter()
            .map(|&(u, e)| (u as usize, e as usize))
    }

    /// Number of edges at `v`.
    pub fn degree(&self, v: usize) -> usize {
        self.incident(v).len()
    }

    /// `(neighbour, edge)` pairs at `v`, for the propagators.
    #[inline]
    pub(crate) fn incident(&self, v: usize) -> &[(u32, u32)] {
        if v >= self.num_vertices {
            return &[];
        }
        &self.incident[self.offsets[v] as usize..self.offsets[v + 1] as usize]
    }

    /// The endpoints of edge `e`, for the propagators.
    #[inline]
    pub(crate) fn ends(&self, e: usize) -> (usize, usize) {
        let (a, b) = self.edges[e];
        (a as usize, b as usize)
    }

    /// Whether the vertices with `member(v)` form one connected piece of
    /// the graph (the empty set counts as connected).
    pub fn is_connected_set(&self, mut member: impl FnMut(usize) -> bool) -> bool {
        let inside: Vec<bool> = (0..self.num_vertices).map(&mut member).collect();
        let Some(start) = inside.iter().position(|&m| m) else {
            return true;
        };
        let mut seen = vec![false; self.num_vertices];
        let mut stack = vec![start];
        seen[start] = true;
        let mut reached = 1;
        while let Some(v) = stack.pop() {
            for &(u, _) in self.incident(v) {
                let u = u as usize;
                if inside[u] && !seen[u] {
                    seen[u] = true;
                    reached += 1;
                    stack.push(u);
                }
            }
        }
        reached == inside.iter().filter(|&&m| m).count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Model;

    #[test]
    fn bad_edges_are_named() {
        let e = Graph::new(3, &[(0, 1), (1, 3)]).unwrap_err().to_string();
        assert!(e.contains("edge 1 (1, 3)"), "{e}");
        let e = Graph::new(3, &[(0, 1), (2, 2)]).unwrap_err().to_string();
        assert!(e.contains("edge 1 (2, 2)"), "{e}");
        let e = Graph::new(3, &[(0, 1), (1, 2), (1, 0)])
            .unwrap_err()
            .to_string();
        assert!(e.contains("edges 0 and 2 both join"), "{e}");
        assert!(Graph::new(0, &[]).is_ok());
    }

    #[test]
    fn grid_graphs_number_edges_horizontal_then_vertical() {
        let g = Graph::grid(2, 3).unwrap();
        assert_eq!(g.num_edges(), 7);
        let edges: Vec<_> = g.edges().collect();
        assert_eq!(
            edges,
            vec![(0, 1), (1, 2), (3, 4), (4, 5), (0, 3), (1, 4), (2, 5)]
        );
        assert_eq!(g.degree(4), 3);
        assert_eq!(
            g.incident_edges(0).collect::<Vec<_>>(),
            vec![(1, 0), (3, 4)]
        );
        assert_eq!(g.neighbours(9).count(), 0);
        assert_eq!(Graph::grid(1, 1).unwrap().num_edges(), 0);
        assert_eq!(Graph::grid(0, 5).unwrap().num_vertices(), 0);
    }

    #[test]
    fn grid_adjacency_skips_holes() {
        let mut m = Model::new();
        let mask = [true, true, false, true];
        let grid = Grid::with_mask(&mut m, 2, 2, 0..=1, &mask).unwrap();
        let g = Graph::from_grid(&grid, Neighbourhood::Orthogonal);
        assert_eq!(g.num_vertices(), 3);
        assert_eq!(g.edges().collect::<Vec<_>>(), vec![(0, 1), (1, 2)]);
        let king = Graph::from_grid(&grid, Neighbourhood::King);
        assert_eq!(king.num_edges(), 3);
    }

    #[test]
    fn connected_sets() {
        let g = Graph::grid(2, 2).unwrap();
        assert!(g.is_connected_set(|_| false));
        assert!(g.is_connected_set(|v| v != 3));
        assert!(!g.is_connected_set(|v| v == 0 || v == 3));
    }
}
