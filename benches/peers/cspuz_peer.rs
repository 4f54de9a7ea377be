//! The cspuz_core peer of `large_baseline.py --peer`: reads one puzzle of
//! FAMILY (the last argument) in gridcsp's text layout, or a Tatham Loopy
//! game ID for Slitherlink, on standard input, calls cspuz_core's genre
//! solver, and prints one JSON line: `{"outcome": "unique"}` when its
//! irrefutable facts decide every answer key, `"multiple"` when one is
//! left open, `"none"` when there is no solution.
//!
//! Built by `benches/peers/cspuz_build.sh` against a checkout of
//! semiexp/cspuz_core (never in CI). Our own harness: it only reads our
//! layouts and calls cspuz_core's public solvers; Norinori with given
//! shaded cells is the rule written on cspuz_core's `Solver` (its genre
//! function takes no givens), plus one fact per given.

use cspuz_rs::graph;
use cspuz_rs::solver::{Solver, count_true};
use cspuz_rs_puzzles::puzzles::{fillomino, masyu, norinori, nurikabe, slitherlink, star_battle};
use std::io::Read;

fn main() {
    let family = std::env::args().last().unwrap_or_default();
    let mut text = String::new();
    if std::io::stdin().read_to_string(&mut text).is_err() {
        fail("cannot read standard input");
    }
    let decided = match family.as_str() {
        "slitherlink" => edges(slitherlink::solve_slitherlink(false, &loopy(&text))),
        "masyu" => edges(masyu::solve_masyu(false, &pearls(&text))),
        "norinori" => cells(norinori_facts(&text)),
        "nurikabe" => cells(nurikabe::solve_nurikabe(&clue_grid(&text))),
        "fillomino" => fillomino::solve_fillomino(false, &clue_grid(&text))
            .map(|(numbers, _)| numbers.iter().flatten().all(Option::is_some)),
        "star-battle" => {
            let (stars, regions) = star_regions(&text);
            cells(star_battle::solve_star_battle(stars, &borders(&regions)))
        }
        _ => fail(&format!("no cspuz_core solver wired for '{family}'")),
    };
    let outcome = match decided {
        None => "none",
        Some(true) => "unique",
        Some(false) => "multiple",
    };
    println!("{{\"outcome\": \"{outcome}\"}}");
}

fn fail(message: &str) -> ! {
    println!("{{\"outcome\": \"error\", \"error\": \"{message}\"}}");
    std::process::exit(2)
}

/// janko.at's clue grid (Nurikabe, Fillomino): `ROWS COLS`, then `-` or
/// `.` for no clue and a number for a clue.
fn clue_grid(text: &str) -> Vec<Vec<Option<i32>>> {
    let (_, rows) = header(text);
    rows.iter()
        .map(|r| {
            r.iter()
                .map(|t| match t.as_str() {
                    "-" | "." => None,
                    t => Some(number(t) as i32),
                })
                .collect()
        })
        .collect()
}

/// Whether every fact is known, or `None` for no solution.
fn cells(facts: Option<Vec<Vec<Option<bool>>>>) -> Option<bool> {
    facts.map(|f| f.iter().flatten().all(Option::is_some))
}

fn edges(facts: Option<graph::BoolGridEdgesIrrefutableFacts>) -> Option<bool> {
    facts.map(|f| {
        f.horizontal
            .iter()
            .chain(&f.vertical)
            .flatten()
            .all(Option::is_some)
    })
}

/// The lines of a record that are not comments or blank.
fn lines(text: &str) -> Vec<&str> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect()
}

fn number(token: &str) -> usize {
    token
        .parse()
        .unwrap_or_else(|_| fail(&format!("expected a number, found '{token}'")))
}

/// `ROWS COLS [K]`, and the grid rows after it.
fn header(text: &str) -> (Vec<usize>, Vec<Vec<String>>) {
    let lines = lines(text);
    let Some((first, rest)) = lines.split_first() else {
        fail("empty record")
    };
    let head = first.split_whitespace().map(number).collect();
    let rows = rest
        .iter()
        .map(|l| l.split_whitespace().map(str::to_owned).collect())
        .collect();
    (head, rows)
}

/// A Tatham Loopy game ID: `WxH[t..][d..]:` then clues, `a`-`z` for runs
/// of empty cells.
fn loopy(text: &str) -> Vec<Vec<Option<i32>>> {
    let line = lines(text).first().copied().unwrap_or_default().to_owned();
    let Some((params, desc)) = line.split_once(':') else {
        fail("expected a Loopy game ID")
    };
    let size: String = params
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == 'x')
        .collect();
    let Some((w, h)) = size.split_once('x') else {
        fail("expected WxH")
    };
    let (w, h) = (number(w), number(h));
    let mut flat = Vec::with_capacity(w * h);
    for c in desc.chars() {
        match c {
            '0'..='9' => flat.push(Some(c as i32 - '0' as i32)),
            'a'..='z' => flat.extend(std::iter::repeat_n(None, c as usize - 'a' as usize + 1)),
            _ => fail(&format!("unexpected '{c}' in the ID")),
        }
    }
    if flat.len() != w * h {
        fail("the ID does not cover the grid");
    }
    flat.chunks(w).map(<[_]>::to_vec).collect()
}

fn pearls(text: &str) -> Vec<Vec<masyu::MasyuClue>> {
    let (head, rows) = header(text);
    let h = head[0];
    rows[..h]
        .iter()
        .map(|r| {
            r.iter()
                .map(|t| match t.as_str() {
                    "w" | "W" | "o" => masyu::MasyuClue::White,
                    "b" | "B" | "x" => masyu::MasyuClue::Black,
                    _ => masyu::MasyuClue::None,
                })
                .collect()
        })
        .collect()
}

/// Region numbers into cspuz_core's inner borders (a wall between two
/// neighbours of different numbers).
fn borders(regions: &[Vec<usize>]) -> graph::InnerGridEdges<Vec<Vec<bool>>> {
    let (h, w) = (regions.len(), regions[0].len());
    graph::InnerGridEdges {
        horizontal: (0..h - 1)
            .map(|y| (0..w).map(|x| regions[y][x] != regions[y + 1][x]).collect())
            .collect(),
        vertical: (0..h)
            .map(|y| (0..w - 1).map(|x| regions[y][x] != regions[y][x + 1]).collect())
            .collect(),
    }
}

fn numbers(rows: &[Vec<String>]) -> Vec<Vec<usize>> {
    rows.iter()
        .map(|r| r.iter().map(|t| number(t)).collect())
        .collect()
}

fn star_regions(text: &str) -> (i32, Vec<Vec<usize>>) {
    let (head, rows) = header(text);
    let (h, stars) = (head[0], head.get(2).copied().unwrap_or(1));
    (stars as i32, numbers(&rows[..h]))
}

fn norinori_facts(text: &str) -> Option<Vec<Vec<Option<bool>>>> {
    let (head, rows) = header(text);
    let h = head[0];
    let givens: Vec<Vec<bool>> = rows[..h]
        .iter()
        .map(|r| r.iter().map(|t| t == "x").collect())
        .collect();
    let regions = numbers(&rows[h..2 * h]);
    if !givens.iter().flatten().any(|&g| g) {
        return norinori::solve_norinori(&borders(&regions));
    }
    let w = regions[0].len();
    let mut solver = Solver::new();
    let shaded = &solver.bool_var_2d((h, w));
    solver.add_answer_key_bool(shaded);
    let mut rooms: std::collections::BTreeMap<usize, Vec<(usize, usize)>> = Default::default();
    for y in 0..h {
        for x in 0..w {
            rooms.entry(regions[y][x]).or_default().push((y, x));
        }
    }
    for room in rooms.values() {
        solver.add_expr(shaded.select(room).count_true().eq(2));
    }
    for y in 0..h {
        for x in 0..w {
            solver.add_expr(
                shaded
                    .at((y, x))
                    .imp(count_true(shaded.four_neighbors((y, x))).eq(1)),
            );
            if givens[y][x] {
                solver.add_expr(shaded.at((y, x)));
            }
        }
    }
    solver.irrefutable_facts().map(|f| f.get(shaded))
}
