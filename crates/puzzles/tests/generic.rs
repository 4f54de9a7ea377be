//! The trait's default solving, grading, explanation and hint methods, on
//! a small family written here with only the required methods: Latin
//! squares with givens, graded on a three-level ladder (forward checking,
//! hidden singles, search).

use csp_core::{Model, ModelError, Strength, Value};
use gridcsp_puzzles::render::{Ink, RenderOptions};
use gridcsp_puzzles::text::Reader;
use gridcsp_puzzles::{
    Built, Cell, Family, FamilyInfo, Hint, Level, Limits, ParseError, RecordShape, Solved, Unique,
    Violation,
};

#[derive(Debug)]
struct Latin;

/// An n x n grid; 0 is a blank.
#[derive(Clone, Debug, PartialEq)]
struct Square {
    n: usize,
    cells: Vec<u8>,
}

const LEVELS: &[Level] = &[
    Level {
        name: "easy",
        about: "naked singles",
    },
    Level {
        name: "medium",
        about: "hidden singles",
    },
    Level {
        name: "hard",
        about: "search",
    },
];

static INFO: FamilyInfo = FamilyInfo {
    name: "latin",
    title: "Latin square",
    rules: "Each row and column holds 1..n once.",
    levels: LEVELS,
    shape: RecordShape::Line,
    default_size: (4, 4),
};

impl Latin {
    fn model(&self, p: &Square, strength: Strength) -> Result<Built, ModelError> {
        let mut m = Model::new();
        let vars = m.new_vars(p.n * p.n, 1..=p.n as Value)?;
        for i in 0..p.n {
            let row: Vec<_> = (0..p.n).map(|j| vars[i * p.n + j]).collect();
            let col: Vec<_> = (0..p.n).map(|j| vars[j * p.n + i]).collect();
            m.all_different_with(&row, strength)?;
            m.all_different_with(&col, strength)?;
        }
        for (i, &g) in p.cells.iter().enumerate() {
            if g != 0 {
                m.fix(vars[i], Value::from(g))?;
            }
        }
        let mut built = Built::new(m, p.n, p.n);
        built.cells = vars.into_iter().map(Some).collect();
        Ok(built)
    }
}

impl Family for Latin {
    type Puzzle = Square;
    type Solution = Vec<u8>;

    fn info(&self) -> &FamilyInfo {
        &INFO
    }

    fn parse(&self, text: &str) -> Result<Square, ParseError> {
        let mut r = Reader::new(text);
        let [n] = r.header("N", 1, 9)?;
        let mut cells = Vec::new();
        for i in 0..n {
            for t in r.row(n, &format!("row {}", i + 1))? {
                cells.push(if t.is_empty_cell() {
                    0
                } else {
                    t.number("a value", 1, n as i64)? as u8
                });
            }
        }
        r.end()?;
        Ok(Square { n, cells })
    }

    fn write(&self, p: &Square) -> String {
        let mut s = format!("{}\n", p.n);
        for row in p.cells.chunks(p.n) {
            let t: Vec<String> = row
                .iter()
                .map(|&v| if v == 0 { "-".into() } else { v.to_string() })
                .collect();
            s += &t.join(" ");
            s.push('\n');
        }
        s
    }

    fn build(&self, p: &Square) -> Result<Built, ModelError> {
        self.model(p, Strength::DomainConsistent)
    }

    fn build_for_level(&self, p: &Square, level: usize) -> Result<Built, ModelError> {
        let s = if level == 0 {
            Strength::ForwardChecking
        } else {
            Strength::HiddenSingles
        };
        self.model(p, s)
    }

    fn decode(&self, _: &Square, built: &Built, s: &csp_core::Solution) -> Vec<u8> {
        built.cells.iter().map(|v| s[v.unwrap()] as u8).collect()
    }

    fn write_solution(&self, _: &Square, s: &Vec<u8>) -> String {
        s.iter().map(|v| v.to_string()).collect()
    }

    fn parse_solution(&self, p: &Square, text: &str) -> Result<Vec<u8>, ParseError> {
        let v: Vec<u8> = text.bytes().map(|b| b.wrapping_sub(b'0')).collect();
        if v.len() == p.n * p.n {
            Ok(v)
        } else {
            Err(ParseError::new("wrong length"))
        }
    }

    fn check(&self, p: &Square, s: &Vec<u8>) -> Vec<Violation> {
        let mut out = Vec::new();
        for i in 0..p.n {
            for j in 0..p.n {
                for k in j + 1..p.n {
                    if s[i * p.n + j] == s[i * p.n + k] {
                        out.push(Violation::new(
                            "a row repeats a value",
                            vec![Cell::new(i, j), Cell::new(i, k)],
                        ));
                    }
                }
            }
        }
        out
    }

    fn render(&self, p: &Square, s: Option<&Vec<u8>>, o: &RenderOptions) -> String {
        let mut c = gridcsp_puzzles::render::Canvas::new(p.n, p.n, "Latin square");
        c.grid_lines();
        c.outer_border();
        for (i, &v) in p.cells.iter().enumerate() {
            if v != 0 {
                c.text(i / p.n, i % p.n, &v.to_string(), Ink::Given);
            } else if let Some(s) = s {
                c.text(i / p.n, i % p.n, &s[i].to_string(), Ink::Filled);
            }
        }
        c.finish(o.cell_size)
    }

    fn value_at(&self, s: &Vec<u8>, c: Cell) -> Option<Value> {
        s.get(c.row * 4 + c.col).map(|&v| Value::from(v))
    }
}

fn square(text: &str) -> Square {
    Latin.parse(text).unwrap()
}

#[test]
fn defaults_solve_count_and_prove_uniqueness() {
    let p = square("4\n1 2 3 4\n- - - -\n- - - -\n- - - -\n");
    let (s, _) = Latin.solve(&p, &Limits::default());
    let Solved::Solution(s) = s else {
        panic!("solvable")
    };
    assert!(Latin.check(&p, &s).is_empty());
    assert_eq!(Latin.count(&p, None, &Limits::default()).0.count, 24);
    assert!(matches!(
        Latin.uniqueness(&p, &Limits::default()).0,
        Unique::Multiple(..)
    ));
    let limits = Limits {
        nodes: Some(1),
        ..Limits::default()
    };
    let empty = square("4\n- - - -\n- - - -\n- - - -\n- - - -\n");
    let (count, _) = Latin.count(&empty, None, &limits);
    assert_eq!(
        count.status,
        csp_core::SearchStatus::Stopped(csp_core::StopReason::NodeLimit)
    );
}

#[test]
fn grade_is_the_lowest_level_whose_propagation_solves() {
    // Naked singles finish it: every blank is the last of its row.
    let easy = square("4\n1 2 3 -\n2 3 - 1\n3 - 1 2\n- 1 2 3\n");
    let g = Latin.grade(&easy, &Limits::default()).unwrap();
    assert_eq!((g.rank, g.level), (0, "easy"));
    let e = Latin.explain(&easy, &Limits::default()).unwrap();
    assert_eq!(e.steps.iter().filter(|s| s.placed.is_some()).count(), 4);
    // The removals that leave r1c4 its 4 and the placement have one
    // reason (row 1's AllDifferent), so they are one step; a family
    // without its own words names the constraint and the engine's rule.
    let first = e.steps.iter().find(|s| s.placed.is_some()).unwrap();
    assert_eq!(first, &e.steps[0]);
    assert!(first.text.starts_with("r1c4 is 4: "), "{}", first.text);
    assert_eq!(first.settles, vec![Cell::new(0, 3)]);
    assert!(!first.rule.is_empty());
    match Latin.hint(&easy, &Limits::default()).unwrap() {
        Hint::Step { step, .. } => assert_eq!(step.cell, Some(Cell::new(0, 3))),
        other => panic!("{other:?}"),
    }
    let full = square("4\n1 2 3 4\n2 3 4 1\n3 4 1 2\n4 1 2 3\n");
    assert_eq!(Latin.hint(&full, &Limits::default()).unwrap(), Hint::Solved);
}

#[test]
fn several_solutions_cannot_be_graded() {
    let open = square("4\n1 - - -\n- - - -\n- - - -\n- - - -\n");
    assert_eq!(
        Latin.grade(&open, &Limits::default()),
        Err(gridcsp_puzzles::GradeError::MultipleSolutions)
    );
}
