//! Hashi (Hashiwokakero, Tatham's Bridges): join the numbered islands
//! with horizontal and vertical bridges, one or two between two islands,
//! so that bridges never cross, the bridges at each island add up to its
//! number, and all the islands are connected.
//!
//! The puzzle is read from the janko.at text layout (`ROWS COLS`, then
//! rows of `-` water and island numbers `1`-`8`), from a Tatham Bridges
//! game ID (`7x7i30e10m2d0:4a4b1j...`) or from a puzz.link `hashikake`
//! URL; see `docs/formats/hashi.md`. A solution prints each water cell's
//! bridge: `1`/`2` under a single/double horizontal bridge, `a`/`b` under
//! a single/double vertical one, `-` for none.
//!
//! The model is one variable `0..=2` per *link* (two islands in line
//! with only water between them: the bridges there), posted together in
//! [`edge_connected_with_degrees`](csp_core::Model::edge_connected_with_degrees)
//! over the graph of links (the island numbers as degrees), and one
//! variable per water cell a link runs over, its token in the solution
//! layout (0 none, 1 and 2 horizontal, 3 and 4 vertical), tied to each
//! link over it by clauses: a cell holds one token, so two links that
//! cross cannot both have bridges.
//!
//! The grade is Tatham's: his Bridges solver's stages (`hashi/stages.rs`: the
//! island as a whole at easy, each link at medium, groups of islands at
//! hard), and the lowest level whose stages finish the puzzle is its
//! grade; *beyond* is for puzzles with one solution that they do not
//! finish. The steps are the engine's, in our own rules' words: the
//! island counts and the crossings alone first (the model of the easy and
//! medium levels), then connectivity too.

mod stages;

use super::grid_text::{self, IdCursor};
use crate::family::{
    Built, Cell, Family, FamilyInfo, GenerateError, GenerateOptions, Generated, Grade, GradeError,
    Level, ParseError, RecordShape, Violation,
};
use crate::puzzlink::{Clue, EncodeError, Genre, Url, encode_number16};
use crate::render::{Canvas, Ink, RenderOptions};
use crate::text::Reader;
use csp_core::constraints::edge_connected::rules as ec;
use csp_core::graph::Graph;
use csp_core::{ConstraintId, Deduction, Limits, Literal, ModelError, Value, VarId};
use rand::Rng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

/// The largest number of rows or columns read.
pub const MAX_SIDE: usize = 100;
/// The largest island number (four sides, two bridges each).
pub const MAX_NUMBER: u32 = 8;
/// The smallest grid [`Family::generate`] makes.
pub const MIN_GENERATED: usize = 5;
/// The largest grid [`Family::generate`] makes.
pub const MAX_GENERATED: usize = 40;
/// Candidates tried when the options leave the budget to the family.
const ATTEMPTS: u32 = 2000;

/// Hashi, read from the janko.at layout, a Tatham Bridges game ID or a
/// puzz.link `hashikake` URL.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hashi;

/// A Hashi puzzle: a grid of water and numbered islands, no two islands
/// side by side.
///
/// With the `serde` feature it is a string: its Tatham game ID.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct HashiPuzzle {
    rows: usize,
    cols: usize,
    /// Row-major: the island's number, `None` for water.
    numbers: Vec<Option<u32>>,
}

impl HashiPuzzle {
    /// A puzzle of `rows x cols` cells with each cell's island number
    /// (`None`: water), row-major; `None` if a side is 0 or over
    /// [`MAX_SIDE`], the count is wrong, a number is not `1..=8` or two
    /// islands are side by side.
    pub fn new(rows: usize, cols: usize, numbers: Vec<Option<u32>>) -> Option<HashiPuzzle> {
        let ok = (1..=MAX_SIDE).contains(&rows)
            && (1..=MAX_SIDE).contains(&cols)
            && numbers.len() == rows * cols
            && numbers
                .iter()
                .flatten()
                .all(|n| (1..=MAX_NUMBER).contains(n));
        let p = HashiPuzzle {
            rows,
            cols,
            numbers,
        };
        (ok && touching(&p).is_none()).then_some(p)
    }

    /// Rows of the grid.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns of the grid.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The island number at a cell (`None`: water, or outside the grid).
    pub fn number(&self, cell: Cell) -> Option<u32> {
        if cell.row < self.rows && cell.col < self.cols {
            self.numbers[cell.row * self.cols + cell.col]
        } else {
            None
        }
    }

    fn cell(&self, i: usize) -> Cell {
        Cell::new(i / self.cols, i % self.cols)
    }
}

/// The first island (row-major) with another island right of it or below
/// it, and that one.
fn touching(p: &HashiPuzzle) -> Option<(usize, usize)> {
    let cols = p.cols;
    (0..p.rows * cols).find_map(|i| {
        p.numbers[i]?;
        if i % cols + 1 < cols && p.numbers[i + 1].is_some() {
            return Some((i, i + 1));
        }
        if i + cols < p.numbers.len() && p.numbers[i + cols].is_some() {
            return Some((i, i + cols));
        }
        None
    })
}

fn touching_error(p: &HashiPuzzle) -> Option<String> {
    touching(p).map(|(a, b)| {
        format!(
            "the islands at {} and {} touch: a bridge between them would cross no water",
            p.cell(a),
            p.cell(b)
        )
    })
}

#[cfg(feature = "serde")]
crate::serde_text::family_text!(HashiPuzzle, Hashi);

/// A solved grid: each cell's token, 0 none (and every island), 1 and 2
/// a single and double horizontal bridge, 3 and 4 a single and double
/// vertical bridge.
///
/// With the `serde` feature it is a string, the solution layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HashiSolution {
    rows: usize,
    cols: usize,
    tokens: Vec<u8>,
}

const TOKENS: [&str; 5] = ["-", "1", "2", "a", "b"];

impl HashiSolution {
    /// The bridge over a cell: `Some((horizontal, count))`, `None` for no
    /// bridge (or outside the grid).
    pub fn bridge(&self, cell: Cell) -> Option<(bool, u8)> {
        if cell.row >= self.rows || cell.col >= self.cols {
            return None;
        }
        match self.tokens[cell.row * self.cols + cell.col] {
            0 => None,
            t @ (1 | 2) => Some((true, t)),
            t => Some((false, t - 2)),
        }
    }

    fn write(&self) -> String {
        let mut out = format!("{} {}\n", self.rows, self.cols);
        grid_text::write_grid(&mut out, self.rows, self.cols, |r, c| {
            TOKENS[self.tokens[r * self.cols + c] as usize]
        });
        out
    }

    fn parse(text: &str) -> Result<HashiSolution, ParseError> {
        let mut r = Reader::new(text);
        let h = grid_text::header(&mut r, MAX_SIDE)?;
        if let Some(t) = h.extra.first() {
            return Err(t.error(format!(
                "expected a header line 'ROWS COLS', found '{}' after it",
                t.text
            )));
        }
        let mut tokens = Vec::with_capacity(h.rows * h.cols);
        for row in 0..h.rows {
            for t in grid_text::cells(&mut r, h.cols, &format!("row {} of bridges", row + 1))? {
                match TOKENS.iter().position(|&k| k == t.text) {
                    Some(k) => tokens.push(k as u8),
                    None => {
                        return Err(t.error(format!(
                            "expected '-', '1', '2', 'a' or 'b', found '{}'",
                            t.text
                        )));
                    }
                }
            }
        }
        r.end()?;
        Ok(HashiSolution {
            rows: h.rows,
            cols: h.cols,
            tokens,
        })
    }
}

#[cfg(feature = "serde")]
impl crate::serde_text::TextForm for HashiSolution {
    fn to_text(&self) -> String {
        self.write()
    }

    fn from_text(text: &str) -> Result<Self, ParseError> {
        HashiSolution::parse(text)
    }
}

#[cfg(feature = "serde")]
crate::serde_text::serde_text!(HashiSolution);

const LEVELS: &[Level] = &[
    Level {
        name: "easy",
        about: "an island taken as a whole: every bridge its links leave room for, or one on each link when its number needs it (Tatham's Easy)",
    },
    Level {
        name: "medium",
        about: "also a link without a bridge that its island's other links cannot do without (Tatham's Medium)",
    },
    Level {
        name: "hard",
        about: "also groups: a bridge count that would close a full group off or leave an island short is ruled out, and a link that keeps a group from closing gets a bridge (Tatham's Hard)",
    },
    Level {
        name: "beyond",
        about: "one solution, but the rules above do not finish it: needs trial and error (search)",
    },
];

static INFO: FamilyInfo = FamilyInfo {
    name: "hashi",
    title: "Hashi",
    rules: "Join the islands with horizontal and vertical bridges, one or two between two islands, so that no two bridges cross, each island has as many bridges as its number, and all the islands are connected.",
    levels: LEVELS,
    shape: RecordShape::Header {
        lines: grid_text::header_rows,
        one_line: grid_text::is_one_line,
    },
    default_size: (7, 7),
};

/// Hashi's named deductions, easiest first, with Tatham's level.
static RULES: [crate::Rule; 4] = [
    crate::Rule::new(
        "island count",
        "an island's bridges add up to its number: it needs the bridges its other links cannot take, and has no room for more than its number leaves",
        Some("Easy"),
    ),
    crate::Rule::new(
        "no crossing",
        "a bridge cannot cross another bridge",
        Some("Easy"),
    ),
    crate::Rule::new(
        "no closed group",
        "a bridge that would leave a group of islands full and cut off from the rest cannot be built",
        Some("Hard"),
    ),
    crate::Rule::new(
        "only way across",
        "a link that is the only way left between two groups of islands has a bridge",
        Some("Hard"),
    ),
];

/// A link: two islands in line with only water between them.
#[derive(Clone, Debug)]
struct Link {
    /// Island indices, the first left of or above the second.
    a: usize,
    b: usize,
    horizontal: bool,
    /// The water cells between, in order.
    cells: Vec<usize>,
}

/// The islands and links of a puzzle.
#[derive(Clone, Debug)]
struct Layout {
    /// Cell index of each island, row-major.
    islands: Vec<usize>,
    /// Each island's number.
    numbers: Vec<u32>,
    links: Vec<Link>,
    /// The links at each island.
    at: Vec<Vec<usize>>,
    /// The links each link crosses.
    crosses: Vec<Vec<usize>>,
    /// Per cell, the horizontal and the vertical link over it.
    over: Vec<[Option<usize>; 2]>,
}

/// Tatham's level when his stages finish the puzzle, else the top level
/// with the decisions `search` gives (the generic ladder's).
fn grade_with(
    p: &HashiPuzzle,
    search: impl FnOnce() -> Result<u64, GradeError>,
) -> Result<Grade, GradeError> {
    if let Some(rank) = rule_level(p) {
        // The rule of ours that does what his hardest stage does: his
        // easy and medium stages count an island's bridges, his hard
        // one closes groups.
        let rule = if rank < 2 { &RULES[0] } else { &RULES[2] };
        return Ok(Grade {
            rank,
            level: LEVELS[rank].name,
            technique: Some(rule.name.to_owned()),
            decisions: 0,
        });
    }
    Ok(Grade {
        rank: 3,
        level: LEVELS[3].name,
        technique: Some("search".to_owned()),
        decisions: search()?,
    })
}

/// The layout [`Hashi::model`] kept beside `built`'s model, or `p`'s own
/// for a model built without it.
fn layout_of<'b>(p: &HashiPuzzle, built: &'b Built) -> std::borrow::Cow<'b, Layout> {
    built.data_or_else(|| layout(p))
}

fn layout(p: &HashiPuzzle) -> Layout {
    let (rows, cols) = (p.rows, p.cols);
    let n = rows * cols;
    let mut index = vec![usize::MAX; n];
    let mut islands = Vec::new();
    let mut numbers = Vec::new();
    for (i, k) in p.numbers.iter().enumerate() {
        if let Some(k) = k {
            index[i] = islands.len();
            islands.push(i);
            numbers.push(*k);
        }
    }
    let mut links = Vec::new();
    for &i in &islands {
        let (r, c) = (i / cols, i % cols);
        // Right, then down.
        let mut cells = Vec::new();
        for cc in c + 1..cols {
            let j = r * cols + cc;
            if p.numbers[j].is_some() {
                links.push(Link {
                    a: index[i],
                    b: index[j],
                    horizontal: true,
                    cells: std::mem::take(&mut cells),
                });
                break;
            }
            cells.push(j);
        }
        cells.clear();
        for rr in r + 1..rows {
            let j = rr * cols + c;
            if p.numbers[j].is_some() {
                links.push(Link {
                    a: index[i],
                    b: index[j],
                    horizontal: false,
                    cells: std::mem::take(&mut cells),
                });
                break;
            }
            cells.push(j);
        }
    }
    let mut at = vec![Vec::new(); islands.len()];
    let mut over = vec![[None, None]; n];
    for (e, l) in links.iter().enumerate() {
        at[l.a].push(e);
        at[l.b].push(e);
        for &k in &l.cells {
            over[k][usize::from(!l.horizontal)] = Some(e);
        }
    }
    // Tatham's order of an island's directions: left, right, up, down.
    for (i, list) in at.iter_mut().enumerate() {
        list.sort_by_key(|&e| {
            let l: &Link = &links[e];
            2 * usize::from(!l.horizontal) + usize::from(l.a == i)
        });
    }
    let mut crosses = vec![Vec::new(); links.len()];
    for o in &over {
        if let [Some(h), Some(v)] = *o {
            crosses[h].push(v);
            crosses[v].push(h);
        }
    }
    Layout {
        islands,
        numbers,
        links,
        at,
        crosses,
        over,
    }
}

fn parse_text(text: &str) -> Result<HashiPuzzle, ParseError> {
    let mut r = Reader::new(text);
    let h = grid_text::header(&mut r, MAX_SIDE)?;
    if let Some(t) = h.extra.first() {
        return Err(t.error(format!(
            "expected a header line 'ROWS COLS', found '{}' after it",
            t.text
        )));
    }
    let numbers = grid_text::read_numbers(&mut r, h.rows, h.cols, "an island number", MAX_NUMBER)?;
    r.end()?;
    let p = HashiPuzzle {
        rows: h.rows,
        cols: h.cols,
        numbers,
    };
    if let Some((a, _)) = touching(&p) {
        let line = 2 + a / p.cols;
        return Err(ParseError::at_line(
            line,
            touching_error(&p).unwrap_or_default(),
        ));
    }
    Ok(p)
}

/// Reads a Tatham Bridges game ID `WxH[iN][eN][mN][dN]:desc`: digits and
/// `A`-`G` are islands of 1 to 16, `a`-`z` runs of 1 to 26 water cells.
/// Only `m2` (at most two bridges between two islands, his default) and
/// puzzles that allow loops (no `L`) are Hashi.
fn parse_game_id(line: &str) -> Result<HashiPuzzle, ParseError> {
    let mut cur = IdCursor::new(line);
    let (rows, cols) = cur.size(MAX_SIDE)?;
    loop {
        let at = cur.column();
        match cur.peek() {
            Some('i' | 'e' | 'd') => {
                cur.next_char();
                cur.number("a parameter", 0, 100)?;
            }
            Some('m') => {
                cur.next_char();
                let m = cur.number("the most bridges between two islands", 1, 4)?;
                if m != 2 {
                    return Err(ParseError::at(
                        1,
                        at,
                        format!("m{m}: Hashi has at most 2 bridges between two islands (m2)"),
                    ));
                }
            }
            Some('L') => {
                return Err(cur.error(
                    "'L' (no loops of bridges) is not a rule of Hashi: the puzzle is a variant",
                ));
            }
            _ => break,
        }
    }
    cur.expect_colon()?;
    let n = rows * cols;
    let mut numbers = Vec::with_capacity(n);
    while let Some(ch) = cur.peek() {
        let at = cur.column();
        cur.next_char();
        let k = match ch {
            '1'..='9' => ch as u32 - '0' as u32,
            'A'..='G' => ch as u32 - 'A' as u32 + 10,
            'a'..='z' => {
                let run = ch as usize - 'a' as usize + 1;
                if numbers.len() + run > n {
                    return Err(ParseError::at(
                        1,
                        at,
                        format!("the ID has more than the {n} cells of a {cols}x{rows} grid"),
                    ));
                }
                numbers.extend(std::iter::repeat_n(None, run));
                continue;
            }
            c => return Err(ParseError::at(1, at, format!("unexpected '{c}' in the ID"))),
        };
        if k > MAX_NUMBER {
            return Err(ParseError::at(
                1,
                at,
                format!("an island of {k}: a Hashi island has at most {MAX_NUMBER} bridges"),
            ));
        }
        if numbers.len() >= n {
            return Err(ParseError::at(
                1,
                at,
                format!("the ID has more than the {n} cells of a {cols}x{rows} grid"),
            ));
        }
        numbers.push(Some(k));
    }
    if numbers.len() != n {
        return Err(cur.error(format!(
            "the ID ends after {} of the {n} cells of a {cols}x{rows} grid",
            numbers.len()
        )));
    }
    let p = HashiPuzzle {
        rows,
        cols,
        numbers,
    };
    if let Some(e) = touching_error(&p) {
        return Err(ParseError::at(1, 1, e));
    }
    Ok(p)
}

fn write_game_id(p: &HashiPuzzle) -> String {
    let mut out = format!("{}x{}m2:", p.cols, p.rows);
    let mut run = 0;
    let flush = |out: &mut String, run: &mut usize| {
        while *run > 0 {
            let k = (*run).min(26);
            out.push((b'a' + k as u8 - 1) as char);
            *run -= k;
        }
    };
    for k in &p.numbers {
        match k {
            None => run += 1,
            Some(k) => {
                flush(&mut out, &mut run);
                out.push_str(&k.to_string());
            }
        }
    }
    flush(&mut out, &mut run);
    out
}

/// puzz.link's genre: `hashikake`, the island numbers in Number16.
const GENRE: Genre = Genre {
    name: "hashikake",
    aliases: &["hashi", "bridges"],
};

fn from_puzzlink(url: &Url) -> Result<HashiPuzzle, ParseError> {
    url.no_flags("hashikake")?;
    let (rows, cols) = (url.rows, url.cols);
    if rows > MAX_SIDE || cols > MAX_SIDE {
        return Err(url.size_error(format!("over the largest Hashi ({MAX_SIDE})")));
    }
    let mut r = url.reader();
    let clues = r.number16(rows * cols)?;
    r.finish()?;
    let mut numbers = Vec::with_capacity(rows * cols);
    for (i, c) in clues.into_iter().enumerate() {
        let cell = Cell::new(i / cols, i % cols);
        numbers.push(match c {
            Clue::Empty => None,
            Clue::Number(k) if (1..=MAX_NUMBER).contains(&k) => Some(k),
            Clue::Number(k) => {
                return Err(url.error(format!(
                    "{cell} holds {k}: an island has 1 to {MAX_NUMBER} bridges"
                )));
            }
            Clue::Unknown => {
                return Err(url.error(format!(
                    "{cell} is an island without a number: gridcsp's Hashi needs every number"
                )));
            }
        });
    }
    let p = HashiPuzzle {
        rows,
        cols,
        numbers,
    };
    match touching_error(&p) {
        Some(e) => Err(url.error(e)),
        None => Ok(p),
    }
}

fn to_puzzlink(p: &HashiPuzzle) -> Result<Url, EncodeError> {
    let clues: Vec<Clue> = p.numbers.iter().map(|&c| Clue::from_option(c)).collect();
    Ok(Url::new(
        GENRE.name,
        p.cols,
        p.rows,
        encode_number16(&clues)?,
    ))
}

impl Hashi {
    /// The model of ladder level `level`: the links' counts at each island
    /// and the crossings (levels 0 and 1), and connectivity too (above).
    /// The links' variables come first, in [`layout`]'s order, then the
    /// cells'.
    fn model(&self, p: &HashiPuzzle, level: usize) -> Result<Built, ModelError> {
        let lay = layout(p);
        let mut m = csp_core::Model::new();
        let x = m.new_vars(lay.links.len(), 0..=2)?;
        let mut cells: Vec<Option<VarId>> = vec![None; p.rows * p.cols];
        for (k, over) in lay.over.iter().enumerate() {
            if over.iter().all(Option::is_none) {
                continue;
            }
            let v = m.new_var(0..=4)?;
            cells[k] = Some(v);
            for (o, lo) in [(over[0], 1), (over[1], 3)] {
                match o {
                    Some(e) => {
                        for b in 1..=2 {
                            m.clause(&[Literal::ne(x[e], b), Literal::eq(v, lo + b - 1)])?;
                            m.clause(&[Literal::ne(v, lo + b - 1), Literal::eq(x[e], b)])?;
                        }
                    }
                    None => {
                        m.remove_value(v, lo)?;
                        m.remove_value(v, lo + 1)?;
                    }
                }
            }
        }
        let degrees: Vec<Value> = lay.numbers.iter().map(|&k| k as Value).collect();
        if level >= 2 && !lay.islands.is_empty() {
            let pairs: Vec<(usize, usize)> = lay.links.iter().map(|l| (l.a, l.b)).collect();
            let g =
                Graph::new(lay.islands.len(), &pairs).map_err(|e| ModelError::InvalidArgument {
                    constraint: "edge connected".to_owned(),
                    reason: e.to_string(),
                })?;
            m.edge_connected_with_degrees(&x, &g, &degrees)?;
        } else {
            for (i, links) in lay.at.iter().enumerate() {
                let vars: Vec<VarId> = links.iter().map(|&e| x[e]).collect();
                m.sum_eq(&vars, i64::from(degrees[i]))?;
            }
        }
        // Read by every step's words: kept, not rebuilt per deduction.
        Ok(Built::with_cells(m, p.rows, p.cols, cells).with_data(lay))
    }

    /// The link of a model variable, if it is one.
    fn link_of(lay: &Layout, var: VarId) -> Option<&Link> {
        lay.links.get(var.index())
    }
}

/// An island by its number and cell: "the 4 at r1c1".
fn island_name(p: &HashiPuzzle, lay: &Layout, i: usize) -> String {
    format!("the {} at {}", lay.numbers[i], p.cell(lay.islands[i]))
}

fn link_name(p: &HashiPuzzle, lay: &Layout, l: &Link) -> String {
    format!(
        "{} and {}",
        island_name(p, lay, l.a),
        island_name(p, lay, l.b)
    )
}

fn bridges_word(k: Value) -> String {
    match k {
        1 => "1 bridge".to_owned(),
        k => format!("{k} bridges"),
    }
}

impl Family for Hashi {
    type Puzzle = HashiPuzzle;
    type Solution = HashiSolution;

    fn info(&self) -> &FamilyInfo {
        &INFO
    }

    fn parse(&self, text: &str) -> Result<HashiPuzzle, ParseError> {
        if grid_text::is_one_line(text) {
            return grid_text::parse_one_line(text, parse_game_id);
        }
        parse_text(text)
    }

    fn write(&self, p: &HashiPuzzle) -> String {
        let mut out = format!("{} {}\n", p.rows, p.cols);
        grid_text::write_numbers(&mut out, p.rows, p.cols, &p.numbers);
        out
    }

    fn write_game_id(&self, p: &HashiPuzzle) -> Option<String> {
        Some(write_game_id(p))
    }

    fn puzzlink(&self) -> Option<&'static Genre> {
        Some(&GENRE)
    }

    fn from_puzzlink(&self, url: &Url) -> Result<HashiPuzzle, ParseError> {
        from_puzzlink(url)
    }

    fn to_puzzlink(&self, p: &HashiPuzzle) -> Result<Url, EncodeError> {
        to_puzzlink(p)
    }

    fn build(&self, p: &HashiPuzzle) -> Result<Built, ModelError> {
        self.model(p, 2)
    }

    fn build_for_level(&self, p: &HashiPuzzle, level: usize) -> Result<Built, ModelError> {
        self.model(p, level)
    }

    fn decode(&self, p: &HashiPuzzle, built: &Built, s: &csp_core::Solution) -> HashiSolution {
        let tokens = built
            .cells
            .iter()
            .map(|v| v.and_then(|v| s.get(v)).unwrap_or(0) as u8)
            .collect();
        HashiSolution {
            rows: p.rows,
            cols: p.cols,
            tokens,
        }
    }

    fn write_solution(&self, _: &HashiPuzzle, s: &HashiSolution) -> String {
        s.write()
    }

    fn parse_solution(&self, p: &HashiPuzzle, text: &str) -> Result<HashiSolution, ParseError> {
        let s = HashiSolution::parse(text)?;
        if (s.rows, s.cols) != (p.rows, p.cols) {
            return Err(ParseError::at(
                1,
                1,
                format!(
                    "the solution is {}x{}, the puzzle {}x{}",
                    s.rows, s.cols, p.rows, p.cols
                ),
            ));
        }
        Ok(s)
    }

    fn check(&self, p: &HashiPuzzle, s: &HashiSolution) -> Vec<Violation> {
        check(p, s)
    }

    fn value_at(&self, s: &HashiSolution, cell: Cell) -> Option<Value> {
        (cell.row < s.rows && cell.col < s.cols)
            .then(|| Value::from(s.tokens[cell.row * s.cols + cell.col]))
    }

    fn render(
        &self,
        p: &HashiPuzzle,
        s: Option<&HashiSolution>,
        options: &RenderOptions,
    ) -> String {
        render(p, s, options)
    }

    fn rules(&self) -> &'static [crate::Rule] {
        &RULES
    }

    fn spot(&self, p: &HashiPuzzle, built: &Built, var: VarId) -> Option<crate::Spot> {
        let lay = layout_of(p, built);
        let l = Hashi::link_of(&lay, var)?;
        Some(crate::Spot::Link(
            p.cell(lay.islands[l.a]),
            p.cell(lay.islands[l.b]),
        ))
    }

    fn mark(&self, _: &HashiPuzzle, spot: crate::Spot, value: Value) -> Option<[&'static str; 2]> {
        Some(match (spot, value) {
            (crate::Spot::Link(..), 0) => ["is empty", "are empty"],
            (crate::Spot::Link(..), 1) => ["is a single bridge", "are single bridges"],
            (crate::Spot::Link(..), _) => ["is a double bridge", "are double bridges"],
            (_, 0) => ["has no bridge", "have no bridge"],
            (_, 1) => [
                "is under a single horizontal bridge",
                "are under single horizontal bridges",
            ],
            (_, 2) => [
                "is under a double horizontal bridge",
                "are under double horizontal bridges",
            ],
            (_, 3) => [
                "is under a single vertical bridge",
                "are under single vertical bridges",
            ],
            _ => [
                "is under a double vertical bridge",
                "are under double vertical bridges",
            ],
        })
    }

    fn describe_constraint(&self, p: &HashiPuzzle, built: &Built, c: ConstraintId) -> String {
        let Some(k) = built.model.constraint(c) else {
            return c.to_string();
        };
        match k.name() {
            "clause" => "no crossing".to_owned(),
            "edge connected" => "every island's count, all islands connected".to_owned(),
            _ => {
                let lay = layout_of(p, built);
                let scope = k.scope();
                let island = lay.at.iter().position(|links| {
                    links.len() == scope.len()
                        && links.iter().all(|&e| scope.iter().any(|v| v.index() == e))
                });
                match island {
                    Some(i) => format!("island count of {}", island_name(p, &lay, i)),
                    None => "island count".to_owned(),
                }
            }
        }
    }

    fn reason(
        &self,
        p: &HashiPuzzle,
        built: &Built,
        d: &Deduction,
        placed: bool,
        now: &crate::generic::Progress,
    ) -> crate::Reason {
        let lay = layout_of(p, built);
        let Some(l) = Hashi::link_of(&lay, d.var) else {
            return crate::Reason::new(RULES[1].name, "", Vec::new());
        };
        let e = d.var.index();
        let vars: Vec<VarId> = built.model.vars().take(lay.links.len()).collect();
        let island_cells = |l: &Link| vec![p.cell(lay.islands[l.a]), p.cell(lay.islands[l.b])];
        let name = built
            .model
            .constraint(d.constraint)
            .map_or("", |k| k.name());
        if name == "clause" {
            // The link it would cross, with a bridge already.
            let across = lay.crosses[e]
                .iter()
                .copied()
                .find(|&f| now.candidates(vars[f]).iter().all(|&v| v > 0));
            return match across {
                Some(f) => crate::Reason::new(
                    RULES[1].name,
                    format!(
                        "a bridge here would cross the bridge between {}",
                        link_name(p, &lay, &lay.links[f])
                    ),
                    island_cells(&lay.links[f]),
                ),
                None => crate::Reason::new(
                    RULES[1].name,
                    format!(
                        "a bridge between {} would cross another",
                        link_name(p, &lay, l)
                    ),
                    island_cells(l),
                ),
            };
        }
        let lb = |f: usize| -> Value { now.candidates(vars[f]).first().copied().unwrap_or(0) };
        let ub = |f: usize| -> Value { now.candidates(vars[f]).last().copied().unwrap_or(0) };
        match d.rule {
            ec::BRIDGE | ec::SPLIT => crate::Reason::new(
                RULES[3].name,
                format!(
                    "without a bridge between {} some islands could not reach the others",
                    link_name(p, &lay, l)
                ),
                island_cells(l),
            ),
            ec::CLOSED_OFF => crate::Reason::new(
                RULES[2].name,
                format!(
                    "{} between {} would leave a group of islands full and cut off from the rest",
                    bridges_word(d.value),
                    link_name(p, &lay, l)
                ),
                island_cells(l),
            ),
            _ => {
                // The island whose count makes it: at least `need` here
                // when its other links take at most `room`, at most
                // `left` when they take at least their lower bounds.
                for i in [l.a, l.b] {
                    let others: Vec<usize> =
                        lay.at[i].iter().copied().filter(|&f| f != e).collect();
                    let k = lay.numbers[i] as Value;
                    let room: Value = others.iter().map(|&f| ub(f)).sum();
                    let taken: Value = others.iter().map(|&f| lb(f)).sum();
                    let need = k - room;
                    let left = k - taken;
                    let mut reads = vec![p.cell(lay.islands[i])];
                    reads.extend(others.iter().flat_map(|&f| {
                        let o = &lay.links[f];
                        [p.cell(lay.islands[o.a]), p.cell(lay.islands[o.b])]
                    }));
                    reads.sort_by_key(|c| (c.row, c.col));
                    reads.dedup();
                    let other = if i == l.a { l.b } else { l.a };
                    let caused = if placed {
                        (need > 0 && need >= d.value) || left <= d.value
                    } else {
                        d.value < need || d.value > left
                    };
                    // The bridges it needs: exactly that many when its
                    // other links are settled, else at least.
                    let exact = caused && room == taken && need > 0;
                    let needs = exact
                        || if placed {
                            need > 0 && need >= d.value
                        } else {
                            d.value < need
                        };
                    if needs {
                        let how = if exact { "exactly" } else { "at least" };
                        let room_words = match (room, exact) {
                            (0, _) => ": it has no other link left".to_owned(),
                            (_, true) => format!(": its other links take {room}"),
                            (_, false) => format!(": its other links take at most {room}"),
                        };
                        return crate::Reason::new(
                            RULES[0].name,
                            format!(
                                "{} needs {how} {} to {}{room_words}",
                                island_name(p, &lay, i),
                                bridges_word(need),
                                island_name(p, &lay, other),
                            ),
                            reads,
                        );
                    }
                    let full = if placed {
                        left <= d.value
                    } else {
                        d.value > left
                    };
                    if full {
                        let room_left = if left <= 0 {
                            "no room for a bridge".to_owned()
                        } else {
                            format!("room for at most {}", bridges_word(left))
                        };
                        return crate::Reason::new(
                            RULES[0].name,
                            format!(
                                "{} has {room_left} to {}{}",
                                island_name(p, &lay, i),
                                island_name(p, &lay, other),
                                if taken == 0 {
                                    String::new()
                                } else {
                                    format!(": its other links take at least {taken}")
                                }
                            ),
                            reads,
                        );
                    }
                }
                crate::Reason::new(
                    RULES[0].name,
                    format!("the numbers of {}", link_name(p, &lay, l)),
                    island_cells(l),
                )
            }
        }
    }

    fn grade(&self, p: &HashiPuzzle, limits: &Limits) -> Result<Grade, GradeError> {
        grade_with(p, || Ok(crate::generic::grade(self, p, limits)?.decisions))
    }

    fn explain(&self, p: &HashiPuzzle, limits: &Limits) -> Result<crate::Explanation, GradeError> {
        let mut e = crate::generic::explain(self, p, limits)?;
        // The explanation's own search gives the decisions: no second one.
        let decisions = e.grade.decisions;
        e.grade = grade_with(p, || Ok(decisions))?;
        Ok(e)
    }

    fn generate(
        &self,
        options: &GenerateOptions,
    ) -> Result<Generated<HashiPuzzle, HashiSolution>, GenerateError> {
        let (rows, cols) = (options.rows, options.cols);
        let level = crate::generic::generation_level(
            "hashi",
            options,
            MIN_GENERATED..=MAX_GENERATED,
            LEVELS,
        )?;
        crate::generic::generate_graded(self, options, level, ATTEMPTS, 100_000, |rng, _| {
            let (puzzle, solution) = candidate(rows, cols, rng);
            // The rules' level, when they finish the puzzle, must be the one
            // asked; a puzzle they cannot finish can only be the top level.
            match rule_level(&puzzle) {
                Some(found) if found != options.level => None,
                None if options.level != 3 => None,
                _ => Some((puzzle, solution)),
            }
        })
    }
}

/// The rules a solution breaks, from the rules alone.
fn check(p: &HashiPuzzle, s: &HashiSolution) -> Vec<Violation> {
    if (s.rows, s.cols) != (p.rows, p.cols) {
        return vec![Violation::new(
            format!(
                "the solution is {}x{}, the puzzle {}x{}",
                s.rows, s.cols, p.rows, p.cols
            ),
            Vec::new(),
        )];
    }
    let (rows, cols) = (p.rows, p.cols);
    let mut out = Vec::new();
    let lay = layout(p);
    let mut index = vec![usize::MAX; rows * cols];
    for (k, &i) in lay.islands.iter().enumerate() {
        index[i] = k;
        if s.tokens[i] != 0 {
            out.push(Violation::new(
                format!("a bridge runs over the island at {}", p.cell(i)),
                vec![p.cell(i)],
            ));
        }
    }
    // Runs of one token along their direction, each ending at islands.
    let mut count = vec![0u32; lay.islands.len()];
    let mut uf: Vec<usize> = (0..lay.islands.len()).collect();
    fn find(uf: &mut [usize], mut v: usize) -> usize {
        while uf[v] != v {
            uf[v] = uf[uf[v]];
            v = uf[v];
        }
        v
    }
    for horizontal in [true, false] {
        let (outer, inner) = if horizontal {
            (rows, cols)
        } else {
            (cols, rows)
        };
        let at = |o: usize, k: usize| {
            if horizontal {
                o * cols + k
            } else {
                k * cols + o
            }
        };
        for o in 0..outer {
            let mut k = 0;
            while k < inner {
                let t = s.tokens[at(o, k)];
                let mine = if horizontal {
                    t == 1 || t == 2
                } else {
                    t == 3 || t == 4
                };
                if !mine || index[at(o, k)] != usize::MAX {
                    k += 1;
                    continue;
                }
                let start = k;
                while k < inner && s.tokens[at(o, k)] == t && index[at(o, k)] == usize::MAX {
                    k += 1;
                }
                let run: Vec<Cell> = (start..k).map(|j| p.cell(at(o, j))).collect();
                let before = start.checked_sub(1).map(|j| index[at(o, j)]);
                let after = (k < inner).then(|| index[at(o, k)]);
                match (before, after) {
                    (Some(a), Some(b)) if a != usize::MAX && b != usize::MAX => {
                        let mult = if horizontal {
                            u32::from(t)
                        } else {
                            u32::from(t) - 2
                        };
                        count[a] += mult;
                        count[b] += mult;
                        let (ra, rb) = (find(&mut uf, a), find(&mut uf, b));
                        uf[ra] = rb;
                    }
                    _ => out.push(Violation::new(
                        format!(
                            "a bridge must run between two islands: the one over {} does not",
                            run.iter()
                                .map(Cell::to_string)
                                .collect::<Vec<_>>()
                                .join(", ")
                        ),
                        run,
                    )),
                }
            }
        }
    }
    for (k, &i) in lay.islands.iter().enumerate() {
        if count[k] != lay.numbers[k] {
            out.push(Violation::new(
                format!(
                    "the island at {} needs {} bridges, has {}",
                    p.cell(i),
                    lay.numbers[k],
                    count[k]
                ),
                vec![p.cell(i)],
            ));
        }
    }
    if !lay.islands.is_empty() {
        let roots: Vec<usize> = (0..lay.islands.len()).map(|k| find(&mut uf, k)).collect();
        let main = roots[0];
        let cut: Vec<Cell> = (0..lay.islands.len())
            .filter(|&k| roots[k] != main)
            .map(|k| p.cell(lay.islands[k]))
            .collect();
        if !cut.is_empty() {
            out.push(Violation::new(
                format!(
                    "all islands must be connected: {} cannot reach the island at {}",
                    cut.iter()
                        .map(Cell::to_string)
                        .collect::<Vec<_>>()
                        .join(", "),
                    p.cell(lay.islands[0])
                ),
                cut,
            ));
        }
    }
    out
}

/// Islands as numbered circles; bridges (the solution's, or the links
/// settled in the candidates) as one or two lines between their centres.
fn render(p: &HashiPuzzle, s: Option<&HashiSolution>, options: &RenderOptions) -> String {
    let (rows, cols) = (p.rows, p.cols);
    let mut c = Canvas::new(rows, cols, &format!("Hashi {rows}x{cols}"));
    c.highlights(options);
    let lay = layout(p);
    let counts: Vec<Value> = match s {
        Some(s) => lay
            .links
            .iter()
            .map(|l| match l.cells.first() {
                Some(&k) => match s.tokens[k] {
                    t @ (1 | 2) if l.horizontal => Value::from(t),
                    t @ (3 | 4) if !l.horizontal => Value::from(t) - 2,
                    _ => 0,
                },
                None => 0,
            })
            .collect(),
        None if options.candidates => {
            let cand = crate::generic::candidates(&Hashi, p);
            lay.links
                .iter()
                .map(|l| {
                    let t = l
                        .cells
                        .first()
                        .and_then(|&k| cand.get(k).cloned().flatten())
                        .unwrap_or_default();
                    match t.as_slice() {
                        [v @ (1 | 2)] if l.horizontal => *v,
                        [v @ (3 | 4)] if !l.horizontal => *v - 2,
                        _ => 0,
                    }
                })
                .collect()
        }
        None => vec![0; lay.links.len()],
    };
    for (l, &k) in lay.links.iter().zip(&counts) {
        let (a, b) = (p.cell(lay.islands[l.a]), p.cell(lay.islands[l.b]));
        let from = (a.col as f64 + 0.5, a.row as f64 + 0.5);
        let to = (b.col as f64 + 0.5, b.row as f64 + 0.5);
        let offsets: &[f64] = match k {
            1 => &[0.0],
            2 => &[-0.1, 0.1],
            _ => &[],
        };
        for &o in offsets {
            let (dx, dy) = if l.horizontal { (0.0, o) } else { (o, 0.0) };
            c.line((from.0 + dx, from.1 + dy), (to.0 + dx, to.1 + dy));
        }
    }
    for (k, &i) in lay.islands.iter().enumerate() {
        let cell = p.cell(i);
        c.circle(cell.row, cell.col, 0.4, false);
        c.text(cell.row, cell.col, &lay.numbers[k].to_string(), Ink::Given);
    }
    c.finish(options.cell_size)
}

/// The lowest of Tatham's levels (0 easy, 1 medium, 2 hard) whose
/// stages alone finish the puzzle, if any ([`stages`]).
fn rule_level(p: &HashiPuzzle) -> Option<usize> {
    stages::level(&layout(p))
}

/// A random solved grid: islands grown from one by bridges of random
/// length in random directions (never crossing, never side by side), then
/// a few more bridges between islands in line, the numbers their sums.
fn candidate(rows: usize, cols: usize, rng: &mut ChaCha8Rng) -> (HashiPuzzle, HashiSolution) {
    let n = rows * cols;
    let target = (n * 3 / 10).max(2);
    let mut island = vec![false; n];
    let mut tokens = vec![0u8; n];
    let start = rng.random_range(0..n);
    island[start] = true;
    let mut list = vec![start];
    let near_island = |island: &[bool], k: usize, from: usize| {
        let (r, c) = (k / cols, k % cols);
        let mut around = Vec::new();
        if r > 0 {
            around.push(k - cols);
        }
        if r + 1 < rows {
            around.push(k + cols);
        }
        if c > 0 {
            around.push(k - 1);
        }
        if c + 1 < cols {
            around.push(k + 1);
        }
        around.into_iter().any(|j| j != from && island[j])
    };
    let steps: [(isize, isize); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
    let mut tries = 0;
    while list.len() < target && tries < n * 40 {
        tries += 1;
        let from = list[rng.random_range(0..list.len())];
        let (dr, dc) = steps[rng.random_range(0..4)];
        let len = rng.random_range(2..=(rows.max(cols) / 2).max(2));
        let (r0, c0) = ((from / cols) as isize, (from % cols) as isize);
        let (r1, c1) = (r0 + dr * len as isize, c0 + dc * len as isize);
        if r1 < 0 || c1 < 0 || r1 >= rows as isize || c1 >= cols as isize {
            continue;
        }
        let path: Vec<usize> = (1..len as isize)
            .map(|t| ((r0 + dr * t) * cols as isize + c0 + dc * t) as usize)
            .collect();
        let to = (r1 * cols as isize + c1) as usize;
        if island[to]
            || tokens[to] != 0
            || path.iter().any(|&k| island[k] || tokens[k] != 0)
            || near_island(&island, to, usize::MAX)
        {
            continue;
        }
        let mult = if rng.random_bool(0.4) { 2 } else { 1 };
        let t = if dr == 0 { mult } else { mult + 2 };
        for &k in &path {
            tokens[k] = t;
        }
        island[to] = true;
        list.push(to);
    }
    // A few more bridges between islands in line over free water.
    let mut order = list.clone();
    order.shuffle(rng);
    for &i in &order {
        for (dr, dc, horizontal) in [(0isize, 1isize, true), (1, 0, false)] {
            if !rng.random_bool(0.3) {
                continue;
            }
            let (mut r, mut c) = ((i / cols) as isize + dr, (i % cols) as isize + dc);
            let mut path = Vec::new();
            while r < rows as isize && c < cols as isize {
                let k = r as usize * cols + c as usize;
                if island[k] {
                    break;
                }
                path.push(k);
                r += dr;
                c += dc;
            }
            let ends = r < rows as isize && c < cols as isize;
            if ends && !path.is_empty() && path.iter().all(|&k| tokens[k] == 0) {
                let mult = if rng.random_bool(0.4) { 2 } else { 1 };
                let t = if horizontal { mult } else { mult + 2 };
                for &k in &path {
                    tokens[k] = t;
                }
            }
        }
    }
    // The numbers: the bridges at each island.
    let mut numbers = vec![None; n];
    for &i in &list {
        let (r, c) = (i / cols, i % cols);
        let mut k = 0u32;
        if c + 1 < cols && matches!(tokens[i + 1], 1 | 2) {
            k += u32::from(tokens[i + 1]);
        }
        if c > 0 && matches!(tokens[i - 1], 1 | 2) {
            k += u32::from(tokens[i - 1]);
        }
        if r + 1 < rows && matches!(tokens[i + cols], 3 | 4) {
            k += u32::from(tokens[i + cols]) - 2;
        }
        if r > 0 && matches!(tokens[i - cols], 3 | 4) {
            k += u32::from(tokens[i - cols]) - 2;
        }
        numbers[i] = Some(k.max(1));
    }
    (
        HashiPuzzle {
            rows,
            cols,
            numbers,
        },
        HashiSolution { rows, cols, tokens },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_join_islands_in_line_and_cross() {
        let p = Hashi.parse("3 3\n1 - 1\n- - -\n- - -\n").unwrap();
        let lay = layout(&p);
        assert_eq!(lay.links.len(), 1);
        let p = Hashi.parse("3 3\n- 1 -\n1 - 1\n- 1 -\n").unwrap();
        let lay = layout(&p);
        assert_eq!(lay.links.len(), 2);
        assert_eq!(lay.crosses[0], vec![1]);
    }

    #[test]
    fn game_ids_round_trip() {
        let id = "7x7m2:4a4b1j2a4a3g4b3g2b3b5b3";
        let p = Hashi.parse(id).unwrap();
        assert_eq!(write_game_id(&p), id);
    }
}
