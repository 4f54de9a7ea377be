//! Chains of strong and weak links: simple colouring, X-chains, XY-chains,
//! W-wings and alternating inference chains (AICs).
//!
//! # Background
//!
//! A *candidate* is a value still possible in a cell. Two candidates are
//! *strongly linked* if at least one of them is true: the two values of a
//! cell with two candidates, or the two places of a value in a house where
//! it has two. They are *weakly linked* if at most one is true: two values
//! of one cell, or one value in two cells that see each other. An
//! alternating inference chain `A = ... = B` starts and ends with strong
//! links and alternates strong and weak ones; if `A` is false the links
//! force `B` true, so `A` or `B` is true and any candidate weakly linked to
//! both is false. If `A` false forces `A` itself true, `A` is true.
//!
//! - An *X-chain* uses one value only: strong links are conjugate pairs.
//! - An *XY-chain* uses only cells with two candidates for its strong links
//!   (its weak links join cells on a common value).
//! - A *W-wing* is the AIC `x=y - y=y - y=x`: two cells `{x, y}` that do
//!   not see each other, and a strong link on `y` whose ends each see one.
//! - *Simple colouring* colours the conjugate pairs of a value in two
//!   colours: two cells of one colour in a house make that colour false
//!   (colour wrap); a cell seeing both colours loses the value (colour
//!   trap).
//!
//! # Practical
//!
//! The search is a breadth-first search from each candidate `A` assumed
//! false, over (candidate, true/false) states, so each chain found is the
//! shortest from its start; the easiest deduction over all starts is the
//! one returned. Ratings follow Sudoku Explainer, which finds these
//! deductions as forcing chains: 6.6 for a chain of one kind (X- or
//! XY-chain), 7.0 for a mixed one, plus its length bonus for the number of
//! candidates on the chain; SukakuExplainer's strong-linked fish rate the
//! short X-chains lower (5.4 with three strong links, 5.8 with four).
//!
//! # References
//!
//! - The AIC notation and the nice-loop rules: the Eureka notation of the
//!   Sudoku Players' Forum; A. Stuart, *The Logic of Sudoku* (2007).
//! - N. Juillerat, Sudoku Explainer, `Chaining.java` (the ratings).

use super::geometry::{Bits, Geometry, Planes, Small, digits};
use super::{Found, Pattern, level, rules};
use crate::rating::{Rating, length_bonus};

/// Which links a [`Chains`] search may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// One value, conjugate pairs.
    X,
    /// Strong links in cells with two candidates, weak links between cells.
    Xy,
    /// Any link.
    Aic,
}

/// The chain searches of one kind.
#[derive(Debug)]
pub(crate) struct Chains {
    kind: Kind,
}

impl Chains {
    pub(crate) fn new(kind: Kind) -> Chains {
        Chains { kind }
    }
}

/// The rating of an X-chain of `nodes` candidates (`nodes / 2` strong
/// links), in tenths.
fn x_chain_rating(nodes: usize) -> u16 {
    match nodes / 2 {
        0..=2 => 42,
        3 => 54,
        4 => 58,
        _ => 66 + length_bonus(nodes),
    }
}

/// The candidate graph of the current masks.
struct Graph {
    n: usize,
    /// The strong partners of candidate `x = cell * n + d` are
    /// `links[first[x] as usize..][..count[x]]`, with whether the link is
    /// inside a cell (`true`) or in a house: a few allocations per graph,
    /// sized by its links, not one per candidate.
    first: Vec<u32>,
    links: Vec<(u32, bool)>,
    count: Vec<u8>,
    /// On boards of up to 128 cells, each value's unsolved cells.
    planes: Option<Planes>,
}

impl Graph {
    fn new(geo: &Geometry, masks: &[u64], kind: Kind) -> Graph {
        let n = geo.n;
        let nodes = geo.cells() * n;
        let planes = geo.small.as_ref().map(|_| Planes::new(masks));
        // The links in the order they are added: (x, y, inside a cell).
        let mut pairs: Vec<(u32, u32, bool)> = Vec::new();
        for (c, &m) in masks.iter().enumerate() {
            if m.pair() && kind != Kind::X {
                let a = m.trailing_zeros() as usize;
                let b = 63 - m.leading_zeros() as usize;
                pairs.push(((c * n + a) as u32, (c * n + b) as u32, true));
            }
        }
        if kind != Kind::Xy {
            for h in 0..geo.houses.len() {
                for d in 0..n {
                    let bit = 1u64 << d;
                    // The two places of d in h: from the planes on small
                    // boards (in the order of the cells, not of the house,
                    // which adds the same links).
                    let (a, b) = match (&planes, &geo.small) {
                        (Some(planes), Some(small)) => {
                            let house = small.houses[h];
                            let p = planes.unsolved[d] & house;
                            if planes.solved[d] & house != 0 || !p.pair() {
                                continue;
                            }
                            (
                                p.trailing_zeros() as usize,
                                127 - p.leading_zeros() as usize,
                            )
                        }
                        _ => {
                            if geo.placed(masks, h, bit) {
                                continue;
                            }
                            let p = geo.places(masks, h, bit);
                            if !p.pair() {
                                continue;
                            }
                            let cells = &geo.houses[h].cells;
                            (
                                usize::from(cells[p.trailing_zeros() as usize]),
                                usize::from(cells[63 - p.leading_zeros() as usize]),
                            )
                        }
                    };
                    pairs.push(((a * n + d) as u32, (b * n + d) as u32, false));
                }
            }
        }
        // Room for every link of each candidate (a house link twice over,
        // once per house holding both cells, is added once).
        let mut room = vec![0u32; nodes + 1];
        for &(x, y, _) in &pairs {
            room[x as usize + 1] += 1;
            room[y as usize + 1] += 1;
        }
        for x in 0..nodes {
            room[x + 1] += room[x];
        }
        let mut g = Graph {
            n,
            links: vec![(0, false); room[nodes] as usize],
            first: room,
            count: vec![0; nodes],
            planes,
        };
        for &(x, y, in_cell) in &pairs {
            if in_cell || !g.strong(x as usize).iter().any(|&(t, _)| t == y) {
                g.push(x as usize, y, in_cell);
                g.push(y as usize, x, in_cell);
            }
        }
        g
    }

    fn push(&mut self, x: usize, y: u32, in_cell: bool) {
        let k = self.first[x] as usize + usize::from(self.count[x]);
        self.links[k] = (y, in_cell);
        self.count[x] += 1;
    }

    /// The strong partners of candidate `x`.
    #[inline]
    fn strong(&self, x: usize) -> &[(u32, bool)] {
        &self.links[self.first[x] as usize..][..usize::from(self.count[x])]
    }
}

/// One search state: a candidate, true (`on`) or false.
const UNSEEN: u32 = u32::MAX;

/// Called for every chain end that gives a deduction: the search, the end,
/// the number of candidates on the chain, the kinds of links used, and the
/// deduction; returns whether to stop searching from this start.
type Hit<'a> = dyn FnMut(&Search, u32, u16, u8, &[(usize, u64)]) -> bool + 'a;

/// The best chain found so far.
#[derive(Clone, Copy, Debug)]
struct Best {
    rating: u16,
    nodes: usize,
    start: u32,
    end: u32,
    flags: u8,
}

/// Breadth-first search state, reused across starts.
struct Search {
    /// Parent of the on-state of each candidate (`UNSEEN` if not reached).
    on_parent: Vec<u32>,
    /// Parent of the off-state of each candidate.
    off_parent: Vec<u32>,
    /// Depth (candidates on the chain so far) of each on-state.
    on_depth: Vec<u16>,
    off_depth: Vec<u16>,
    /// Whether a strong link inside a cell (`y`) or in a house (`x`) was
    /// used to reach each on-state.
    on_flags: Vec<u8>,
    off_flags: Vec<u8>,
    touched: Vec<u32>,
    queue: Vec<(u32, bool)>,
    /// The deduction of the current chain end (reused across starts).
    weak: Vec<(usize, u64)>,
}

const FLAG_X: u8 = 1;
const FLAG_Y: u8 = 2;
/// The chain closes into a continuous loop (a bidirectional cycle).
const FLAG_LOOP: u8 = 4;

/// Whether candidates `a` and `b` (`cell * n + value`) are weakly linked.
fn weak_link(geo: &Geometry, a: usize, b: usize) -> bool {
    let n = geo.n;
    let (ca, da, cb, db) = (a / n, a % n, b / n, b % n);
    (ca == cb && da != db) || (da == db && ca != cb && geo.sees(ca, cb))
}

/// The eliminations of a continuous loop `chain` (start off, then
/// alternately on and off, its last candidate weakly linked back to the
/// start): along each weak link, the candidates weakly linked to both
/// ends. Returns whether there are any.
fn loop_eliminations(
    geo: &Geometry,
    masks: &[u64],
    chain: &[u32],
    out: &mut Vec<(usize, u64)>,
) -> bool {
    out.clear();
    let n = geo.n;
    let mut cells: Vec<usize> = chain.iter().map(|&x| x as usize).collect();
    cells.sort_unstable();
    if cells.windows(2).any(|w| w[0] == w[1]) {
        return false; // a candidate twice: not a nice loop
    }
    let on_loop = |c: usize, bits: u64| -> u64 {
        let mut keep = bits;
        for &x in chain {
            let x = x as usize;
            if x / n == c {
                keep &= !(1u64 << (x % n));
            }
        }
        keep
    };
    let mut pair = Vec::new();
    let len = chain.len();
    for i in (1..len).step_by(2) {
        let (a, b) = (chain[i] as usize, chain[(i + 1) % len] as usize);
        both_weak(geo, masks, None, a, b, &mut pair);
        for &(c, bits) in &pair {
            let bits = on_loop(c, bits);
            if bits != 0 {
                match out.iter_mut().find(|e| e.0 == c) {
                    Some(e) => e.1 |= bits,
                    None => out.push((c, bits)),
                }
            }
        }
    }
    !out.is_empty()
}

impl Search {
    fn new(size: usize) -> Search {
        Search {
            on_parent: vec![UNSEEN; size],
            off_parent: vec![UNSEEN; size],
            on_depth: vec![0; size],
            off_depth: vec![0; size],
            on_flags: vec![0; size],
            off_flags: vec![0; size],
            touched: Vec::new(),
            queue: Vec::new(),
            weak: Vec::new(),
        }
    }

    fn reset(&mut self) {
        for &t in &self.touched {
            self.on_parent[t as usize] = UNSEEN;
            self.off_parent[t as usize] = UNSEEN;
        }
        self.touched.clear();
        self.queue.clear();
    }

    /// The chain from the start to the on-state of `end`, start first.
    fn path(&self, end: u32) -> Vec<u32> {
        let mut out = vec![end];
        let mut on = true;
        let mut cur = end;
        loop {
            let p = if on {
                self.on_parent[cur as usize]
            } else {
                self.off_parent[cur as usize]
            };
            if p == cur && !on {
                break; // the start
            }
            out.push(p);
            cur = p;
            on = !on;
        }
        out.reverse();
        out
    }
}

/// The candidates (other than the chain's ends) weakly linked to both `a`
/// and `b`, as `(cell, bit)`.
/// With `fast`, the peers are read from the cell sets of a small board.
fn both_weak(
    geo: &Geometry,
    masks: &[u64],
    fast: Option<(&Small, &Planes)>,
    a: usize,
    b: usize,
    out: &mut Vec<(usize, u64)>,
) {
    let n = geo.n;
    let (ca, da) = (a / n, a % n);
    let (cb, db) = (b / n, b % n);
    let (ba, bb) = (1u64 << da, 1u64 << db);
    out.clear();
    if da == db {
        if ca == cb {
            return;
        }
        if let Some((small, planes)) = fast {
            // The same cells, ascending, as the loop below.
            let mut zs = planes.unsolved[da] & small.peers[ca] & small.peers[cb] & !(1u128 << cb);
            while zs != 0 {
                out.push((zs.trailing_zeros() as usize, ba));
                zs &= zs - 1;
            }
            return;
        }
        for &z in &geo.peers[ca] {
            let z = usize::from(z);
            if z != cb && masks[z] & ba != 0 && !masks[z].is_power_of_two() && geo.sees(z, cb) {
                out.push((z, ba));
            }
        }
    } else if ca == cb {
        let rest = masks[ca] & !ba & !bb;
        if rest != 0 {
            out.push((ca, rest));
        }
    } else if geo.sees(ca, cb) {
        // (ca, db) is weak to a (same cell) and to b (same value).
        if masks[ca] & bb != 0 {
            out.push((ca, bb));
        }
        if masks[cb] & ba != 0 {
            out.push((cb, ba));
        }
    }
}

impl Chains {
    /// The rating of a chain (or, with [`FLAG_LOOP`], a loop) of `nodes`
    /// candidates: Sudoku Explainer rates bidirectional cycles 6.5 (one
    /// kind of link) or 7.0 (both), forcing chains 6.6 or 7.0.
    fn rate(&self, nodes: usize, flags: u8) -> u16 {
        let pure = match self.kind {
            Kind::X | Kind::Xy => true,
            Kind::Aic => flags & (FLAG_X | FLAG_Y) != FLAG_X | FLAG_Y,
        };
        if flags & FLAG_LOOP != 0 {
            return if pure { 65 } else { 70 } + length_bonus(nodes);
        }
        match (self.kind, flags & !FLAG_LOOP) {
            (Kind::X, _) | (_, FLAG_X) => x_chain_rating(nodes),
            (Kind::Xy, _) | (_, FLAG_Y) => 66 + length_bonus(nodes),
            _ => 70 + length_bonus(nodes),
        }
    }

    fn rule(&self, flags: u8) -> &'static [&'static str; 160] {
        match (self.kind, flags & !FLAG_LOOP) {
            (Kind::X, _) | (_, FLAG_X) => &rules::X_CHAIN,
            (Kind::Xy, _) | (_, FLAG_Y) => &rules::XY_CHAIN,
            _ => &rules::AIC,
        }
    }

    /// Searches from `start` assumed false; calls `hit` for every on-state
    /// that yields a deduction, in order of depth, until it returns `true`.
    fn search(
        &self,
        geo: &Geometry,
        masks: &[u64],
        graph: &Graph,
        s: &mut Search,
        start: u32,
        hit: &mut Hit<'_>,
    ) {
        let mut weak = std::mem::take(&mut s.weak);
        self.search_from(geo, masks, graph, s, start, hit, &mut weak);
        s.weak = weak;
    }

    /// [`search`](Self::search) with a buffer for the deductions.
    #[expect(clippy::too_many_arguments, reason = "the search's state, passed down")]
    fn search_from(
        &self,
        geo: &Geometry,
        masks: &[u64],
        graph: &Graph,
        s: &mut Search,
        start: u32,
        hit: &mut Hit<'_>,
        weak: &mut Vec<(usize, u64)>,
    ) {
        let n = graph.n;
        let fast = geo.small.as_ref().zip(graph.planes.as_ref());
        s.reset();
        s.off_parent[start as usize] = start;
        s.off_depth[start as usize] = 1;
        s.off_flags[start as usize] = 0;
        s.touched.push(start);
        s.queue.push((start, false));
        let mut head = 0;
        while head < s.queue.len() {
            let (x, on) = s.queue[head];
            head += 1;
            if !on {
                let (depth, flags) = (s.off_depth[x as usize], s.off_flags[x as usize]);
                for &(y, in_cell) in graph.strong(x as usize) {
                    if s.on_parent[y as usize] != UNSEEN {
                        continue;
                    }
                    s.on_parent[y as usize] = x;
                    s.on_depth[y as usize] = depth + 1;
                    s.on_flags[y as usize] = flags | if in_cell { FLAG_Y } else { FLAG_X };
                    s.touched.push(y);
                    // A deduction from start = ... = y.
                    let nodes = depth + 1;
                    if y == start {
                        // start false forces start true: start is true.
                        let (c, d) = (start as usize / n, start as usize % n);
                        weak.clear();
                        weak.push((c, masks[c] & !(1u64 << d)));
                    } else {
                        both_weak(geo, masks, fast, start as usize, y as usize, weak);
                    }
                    // A continuous loop back to the start: every weak link
                    // of it has one true end (rated lower than the chain).
                    if y != start && nodes >= 4 && weak_link(geo, start as usize, y as usize) {
                        let closing = if start as usize / n == y as usize / n {
                            FLAG_Y
                        } else {
                            0
                        };
                        let flags = s.on_flags[y as usize] | closing | FLAG_LOOP;
                        let mut cycle = Vec::new();
                        if loop_eliminations(geo, masks, &s.path(y), &mut cycle)
                            && hit(s, y, nodes, flags, &cycle)
                        {
                            return;
                        }
                    }
                    if !weak.is_empty() && hit(s, y, nodes, s.on_flags[y as usize], weak) {
                        return;
                    }
                    s.queue.push((y, true));
                }
            } else {
                let (depth, flags) = (s.on_depth[x as usize], s.on_flags[x as usize]);
                let (c, d) = (x as usize / n, x as usize % n);
                let bit = 1u64 << d;
                let visit = |z: usize, s: &mut Search, in_cell: bool| {
                    let z = z as u32;
                    if s.off_parent[z as usize] != UNSEEN || graph.count[z as usize] == 0 {
                        return;
                    }
                    s.off_parent[z as usize] = x;
                    s.off_depth[z as usize] = depth + 1;
                    s.off_flags[z as usize] = flags | if in_cell { FLAG_Y } else { 0 };
                    s.touched.push(z);
                    s.queue.push((z, false));
                };
                if self.kind == Kind::Aic {
                    let mut rest = masks[c] & !bit;
                    while rest != 0 {
                        let e = rest.trailing_zeros() as usize;
                        rest &= rest - 1;
                        visit(c * n + e, s, true);
                    }
                }
                if let Some((small, planes)) = fast {
                    // The unsolved peers holding d, ascending as below.
                    let mut ps = planes.unsolved[d] & small.peers[c];
                    while ps != 0 {
                        let p = ps.trailing_zeros() as usize;
                        ps &= ps - 1;
                        if self.kind == Kind::Xy && !masks[p].pair() {
                            continue;
                        }
                        visit(p * n + d, s, false);
                    }
                    continue;
                }
                for &p in &geo.peers[c] {
                    let p = usize::from(p);
                    if masks[p] & bit != 0 && !masks[p].is_power_of_two() {
                        if self.kind == Kind::Xy && !masks[p].pair() {
                            continue;
                        }
                        visit(p * n + d, s, false);
                    }
                }
            }
        }
    }
}

impl Pattern for Chains {
    fn name(&self) -> &'static str {
        match self.kind {
            Kind::X => "X-chains",
            Kind::Xy => "XY-chains",
            Kind::Aic => "alternating inference chains",
        }
    }

    fn level(&self) -> u8 {
        match self.kind {
            Kind::X => level::X_CHAINS,
            Kind::Xy => level::XY_CHAINS,
            Kind::Aic => level::AIC,
        }
    }

    fn find(
        &self,
        geo: &Geometry,
        masks: &[u64],
        batch: Option<Rating>,
        text: bool,
        out: &mut Found,
    ) -> bool {
        self.chains(geo, masks, batch, text, 0, out)
    }

    /// X-chains stay on one value.
    fn per_value(&self) -> bool {
        self.kind == Kind::X
    }

    /// XY-chains are made of the cells with two candidates.
    fn pattern_cells(&self) -> Option<(u32, u32)> {
        (self.kind == Kind::Xy).then_some((2, 2))
    }

    /// Alternating inference chains: their strong links are the cells
    /// with two candidates and the values with two places in a house; a
    /// chain of fewer candidates (or a loop) with a target is a chain of
    /// the old ones with that target (a loop's weak link, the chain round
    /// the rest of the loop).
    fn strong_links(&self) -> bool {
        self.kind == Kind::Aic
    }

    fn find_skipping(
        &self,
        geo: &Geometry,
        masks: &[u64],
        batch: Option<Rating>,
        skip: u64,
        out: &mut Found,
    ) -> bool {
        self.chains(geo, masks, batch, false, skip, out)
    }
}

impl Chains {
    /// The easiest chain (or the batch), starting from no candidate of a
    /// value in `skip` (only for X-chains, which stay on their value).
    fn chains(
        &self,
        geo: &Geometry,
        masks: &[u64],
        batch: Option<Rating>,
        text: bool,
        skip: u64,
        out: &mut Found,
    ) -> bool {
        out.clear();
        let n = geo.n;
        let graph = Graph::new(geo, masks, self.kind);
        let mut s = Search::new(geo.cells() * n);
        let mut best: Option<Best> = None;
        let limit = batch.map_or(0, Rating::tenths);
        // Deductions within the batch limit, applied all together.
        let mut batched = Found::default();
        let starts: Vec<u32> = (0..geo.cells() * n)
            .filter(|&x| graph.count[x] != 0 && skip & (1u64 << (x % n)) == 0)
            .map(|x| x as u32)
            .collect();
        for &start in &starts {
            if self.kind == Kind::Xy && !masks[start as usize / n].pair() {
                continue;
            }
            let mut hit = |s: &Search, end: u32, nodes: u16, flags: u8, weak: &[(usize, u64)]| {
                let nodes = usize::from(nodes);
                let r = self.rate(nodes, flags);
                if r <= limit {
                    for &(c, b) in weak {
                        batched.eliminate(c, b);
                    }
                    if batched.rating.tenths() < r {
                        batched.rating = Rating::from_tenths(r);
                        batched.rule = rules::rated(self.rule(flags), batched.rating);
                    }
                }
                if best.is_none_or(|b| (r, nodes) < (b.rating, b.nodes)) {
                    best = Some(Best {
                        rating: r,
                        nodes,
                        start,
                        end,
                        flags,
                    });
                }
                let _ = s;
                // The shortest chain from this start is found; longer ones
                // from it only matter for batching.
                r > limit
            };
            self.search(geo, masks, &graph, &mut s, start, &mut hit);
        }
        let Some(b) = best else {
            return false;
        };
        if !batched.is_empty() && b.rating <= limit {
            *out = batched;
            return true;
        }
        // Redo the best start to rebuild its chain.
        let mut chain = Vec::new();
        let mut flags_of = 0;
        let mut weak_of = Vec::new();
        self.search(
            geo,
            masks,
            &graph,
            &mut s,
            b.start,
            &mut |s, end, _, flags, weak| {
                if end == b.end && flags == b.flags {
                    chain = s.path(end);
                    flags_of = flags;
                    weak_of = weak.to_vec();
                    true
                } else {
                    false
                }
            },
        );
        for &(c, bits) in &weak_of {
            out.eliminate(c, bits);
        }
        out.rating = Rating::from_tenths(b.rating);
        out.rule = rules::rated(self.rule(flags_of), out.rating);
        if text {
            out.text = describe_chain(geo, masks, &chain, flags_of & FLAG_LOOP != 0);
        }
        true
    }
}

/// `(2)r1c1=(5)r1c1-(5)r1c4=(5)r3c6`: the chain in Eureka notation, with
/// the strong links `=` and the weak ones `-`.
fn describe_chain(geo: &Geometry, masks: &[u64], chain: &[u32], loop_flag: bool) -> String {
    let n = geo.n;
    let _ = masks;
    let mut s = String::new();
    for (i, &x) in chain.iter().enumerate() {
        if i > 0 {
            s.push(if i % 2 == 1 { '=' } else { '-' });
        }
        let (c, d) = (x as usize / n, x as usize % n);
        s.push_str(&format!("({}){}", d + 1, geo.cell(c)));
    }
    let (a, b) = (chain[0] as usize, chain[chain.len() - 1] as usize);
    if chain.len() >= 4 && weak_link(geo, a, b) && loop_flag {
        format!(
            "{s}-({}){}: a continuous loop, one end of each weak link is true",
            a % n + 1,
            geo.cell(a / n)
        )
    } else if a == b {
        format!(
            "{s}: if {} were not {} it would be",
            geo.cell(a / n),
            a % n + 1
        )
    } else {
        format!(
            "{s}: {} is {} or {} is {}",
            geo.cell(a / n),
            a % n + 1,
            geo.cell(b / n),
            b % n + 1
        )
    }
}

/// W-wings: `(x)P=(y)P - (y)u=(y)v - (y)Q=(x)Q` for two cells `P`, `Q`
/// holding `{x, y}` that do not see each other.
#[derive(Debug)]
pub(crate) struct WWing;

impl Pattern for WWing {
    fn name(&self) -> &'static str {
        "W-wings"
    }

    fn level(&self) -> u8 {
        level::AIC
    }

    fn find(
        &self,
        geo: &Geometry,
        masks: &[u64],
        _batch: Option<Rating>,
        text: bool,
        out: &mut Found,
    ) -> bool {
        out.clear();
        let cells = geo.cells();
        for p in 0..cells {
            let pm = masks[p];
            if !pm.pair() {
                continue;
            }
            for q in p + 1..cells {
                if masks[q] != pm || geo.sees(p, q) {
                    continue;
                }
                for (x, y) in [
                    (pm & pm.wrapping_neg(), pm & (pm - 1)),
                    (pm & (pm - 1), pm & pm.wrapping_neg()),
                ] {
                    // The cells that lose x: seeing both P and Q.
                    let targets: Vec<usize> = geo.peers[p]
                        .iter()
                        .map(|&z| usize::from(z))
                        .filter(|&z| z != q && masks[z] & x != 0 && geo.sees(z, q))
                        .collect();
                    if targets.is_empty() {
                        continue;
                    }
                    // A strong link on y: u sees P, v sees Q.
                    for (h, house) in geo.houses.iter().enumerate() {
                        if geo.placed(masks, h, y) {
                            continue;
                        }
                        let places = geo.places(masks, h, y);
                        if !places.pair() {
                            continue;
                        }
                        let a = usize::from(house.cells[places.trailing_zeros() as usize]);
                        let b = usize::from(house.cells[63 - places.leading_zeros() as usize]);
                        for (u, v) in [(a, b), (b, a)] {
                            if [u, v].iter().any(|&c| c == p || c == q)
                                || !geo.sees(u, p)
                                || !geo.sees(v, q)
                            {
                                continue;
                            }
                            for &z in &targets {
                                out.eliminate(z, x);
                            }
                            out.rating = Rating::from_tenths(70 + length_bonus(6));
                            out.rule = rules::rated(&rules::W_WING, out.rating);
                            if text {
                                let (xv, yv) = (x.trailing_zeros() + 1, y.trailing_zeros() + 1);
                                out.text = format!(
                                    "{} and {} hold {{{}}}, {} and {} are the only places for {yv} in {}: one of {} and {} is {xv}",
                                    geo.cell(p),
                                    geo.cell(q),
                                    digits(pm),
                                    geo.cell(u),
                                    geo.cell(v),
                                    house.name,
                                    geo.cell(p),
                                    geo.cell(q),
                                );
                            }
                            return true;
                        }
                    }
                }
            }
        }
        false
    }
}

/// Simple colouring: the conjugate pairs of one value in two colours.
#[derive(Debug)]
pub(crate) struct Colouring;

impl Pattern for Colouring {
    fn name(&self) -> &'static str {
        "simple colouring"
    }

    /// After the X-chains, which find every colour trap along its shortest
    /// chain and every colour wrap as a chain from a candidate back to
    /// itself (its start false forces it true): with the X-chains on, as
    /// in [`Logic::new`](crate::Logic::new), colouring finds nothing left
    /// and is never a step; it deduces for a grader whose techniques stop
    /// before the X-chains ([`Logic::with_rules`](crate::Logic::with_rules)
    /// up to simple colouring).
    fn level(&self) -> u8 {
        level::XY_CHAINS
    }

    fn find(
        &self,
        geo: &Geometry,
        masks: &[u64],
        _batch: Option<Rating>,
        text: bool,
        out: &mut Found,
    ) -> bool {
        colouring(geo, masks, text, 0, out)
    }

    fn per_value(&self) -> bool {
        true
    }

    fn find_skipping(
        &self,
        geo: &Geometry,
        masks: &[u64],
        _batch: Option<Rating>,
        skip: u64,
        out: &mut Found,
    ) -> bool {
        colouring(geo, masks, false, skip, out)
    }
}

/// The easiest colour trap or wrap, on the values not in `skip`.
fn colouring(geo: &Geometry, masks: &[u64], text: bool, skip: u64, out: &mut Found) -> bool {
    {
        out.clear();
        let cells = geo.cells();
        // The best deduction: (rating, value bit, eliminations, placements,
        // words).
        let mut best: Option<(u16, Found)> = None;
        let mut links: Vec<Vec<usize>> = vec![Vec::new(); cells];
        let mut colour = vec![0u8; cells];
        // The cluster (numbered from 1) each cell was coloured in.
        let mut member = vec![0u32; cells];
        let mut clusters = 0u32;
        let mut dist = vec![0u16; cells];
        let mut parent = vec![0usize; cells];
        for d in 0..geo.n {
            let bit = 1u64 << d;
            if skip & bit != 0 {
                continue;
            }
            for l in links.iter_mut() {
                l.clear();
            }
            for h in 0..geo.houses.len() {
                if geo.placed(masks, h, bit) {
                    continue;
                }
                let p = geo.places(masks, h, bit);
                if p.pair() {
                    let hc = &geo.houses[h].cells;
                    let a = usize::from(hc[p.trailing_zeros() as usize]);
                    let b = usize::from(hc[63 - p.leading_zeros() as usize]);
                    if !links[a].contains(&b) {
                        links[a].push(b);
                        links[b].push(a);
                    }
                }
            }
            colour.fill(0);
            for root in 0..cells {
                if links[root].is_empty() || colour[root] != 0 {
                    continue;
                }
                // Colour the cluster (1 and 2) by breadth-first search.
                clusters += 1;
                let mut cluster = vec![root];
                colour[root] = 1;
                member[root] = clusters;
                dist[root] = 0;
                parent[root] = root;
                let mut head = 0;
                while head < cluster.len() {
                    let a = cluster[head];
                    head += 1;
                    for &b in &links[a] {
                        if colour[b] == 0 {
                            colour[b] = 3 - colour[a];
                            member[b] = clusters;
                            dist[b] = dist[a] + 1;
                            parent[b] = a;
                            cluster.push(b);
                        }
                    }
                }
                if cluster.len() < 3 {
                    continue;
                }
                // The number of links between two cluster cells, through
                // their common ancestor.
                let path_len = |a: usize, b: usize| -> usize {
                    let (mut x, mut y) = (a, b);
                    let mut len = 0;
                    while x != y {
                        if dist[x] >= dist[y] {
                            x = parent[x];
                        } else {
                            y = parent[y];
                        }
                        len += 1;
                    }
                    len
                };
                // Colour wrap: two cells of one colour see each other.
                for (i, &a) in cluster.iter().enumerate() {
                    for &b in &cluster[i + 1..] {
                        if colour[a] != colour[b] || !geo.sees(a, b) {
                            continue;
                        }
                        let nodes = path_len(a, b) + 2;
                        let r = 66 + length_bonus(nodes);
                        if best.as_ref().is_some_and(|x| x.0 <= r) {
                            continue;
                        }
                        let mut f = Found::default();
                        for &c in &cluster {
                            if colour[c] == colour[a] {
                                f.eliminate(c, bit);
                            } else {
                                f.placements.push((c as u16, bit));
                            }
                        }
                        if text {
                            f.text = format!(
                                "on {}: {} and {} have the same colour and see each other, so that colour is false",
                                d + 1,
                                geo.cell(a),
                                geo.cell(b)
                            );
                        }
                        best = Some((r, f));
                    }
                }
                // Colour trap: a cell seeing both colours.
                for z in 0..cells {
                    if masks[z] & bit == 0 || masks[z].is_power_of_two() || member[z] == clusters {
                        continue;
                    }
                    let mut shortest: Option<(usize, usize, usize)> = None;
                    for &a in &cluster {
                        if colour[a] != 1 || !geo.sees(z, a) {
                            continue;
                        }
                        for &b in &cluster {
                            if colour[b] != 2 || !geo.sees(z, b) {
                                continue;
                            }
                            let len = path_len(a, b);
                            if shortest.is_none_or(|s| len < s.0) {
                                shortest = Some((len, a, b));
                            }
                        }
                    }
                    let Some((len, a, b)) = shortest else {
                        continue;
                    };
                    let r = x_chain_rating(len + 1);
                    if best.as_ref().is_some_and(|x| x.0 <= r) {
                        continue;
                    }
                    let mut f = Found::default();
                    f.eliminate(z, bit);
                    if text {
                        f.text = format!(
                            "on {}: {} sees {} and {}, which have opposite colours, so one of them is {}",
                            d + 1,
                            geo.cell(z),
                            geo.cell(a),
                            geo.cell(b),
                            d + 1
                        );
                    }
                    best = Some((r, f));
                }
            }
        }
        let Some((r, mut f)) = best else {
            return false;
        };
        f.rating = Rating::from_tenths(r);
        f.rule = rules::rated(&rules::SIMPLE_COLOURING, f.rating);
        if !text {
            f.text.clear();
        }
        *out = f;
        true
    }
}
