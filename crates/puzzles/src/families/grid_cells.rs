//! Row-major cells of a `rows x cols` grid: their orthogonal neighbours
//! and the connected areas of a set of them (shared by the region and
//! shading families: Nurikabe, Fillomino, Kurodoko, LITS).

/// Orthogonal neighbours of row-major cell `i` in a `rows x cols` grid.
pub(crate) fn neighbours(rows: usize, cols: usize, i: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (i / cols, i % cols);
    [
        (r > 0).then(|| i - cols),
        (c > 0).then(|| i - 1),
        (c + 1 < cols).then(|| i + 1),
        (r + 1 < rows).then(|| i + cols),
    ]
    .into_iter()
    .flatten()
}

/// The connected areas of the cells `inside` says, as lists of cells, in
/// the order of their first cell.
pub(crate) fn areas(rows: usize, cols: usize, inside: impl Fn(usize) -> bool) -> Vec<Vec<usize>> {
    let n = rows * cols;
    let mut seen = vec![false; n];
    let mut out = Vec::new();
    for start in 0..n {
        if seen[start] || !inside(start) {
            continue;
        }
        seen[start] = true;
        let mut cells = vec![start];
        let mut k = 0;
        while k < cells.len() {
            let i = cells[k];
            k += 1;
            for j in neighbours(rows, cols, i) {
                if !seen[j] && inside(j) {
                    seen[j] = true;
                    cells.push(j);
                }
            }
        }
        out.push(cells);
    }
    out
}
