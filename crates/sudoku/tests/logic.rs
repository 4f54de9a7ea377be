//! Grading, explanations and hints.

use sudoku::{Board, Difficulty, Hint, Logic, Shape, SudokuError, Technique, Variant};

const BUILT_IN: &str =
    "530070000600195000098000060800060003400803001700020006060000280000419005000080079";

fn logic() -> Logic {
    Logic::new(Variant::classic(Shape::CLASSIC)).unwrap()
}

#[test]
fn explanation_reads_like_a_person() {
    let puzzle: Board = BUILT_IN.parse().unwrap();
    let e = logic().explain(&puzzle).unwrap();
    assert_eq!(e.grade.difficulty, Difficulty::Easy);
    // A grade counts one step per cell, whatever the words group.
    let counted: usize = e.grade.techniques.iter().map(|&(_, n)| n).sum();
    assert_eq!(counted, 51);
    assert!(e.stuck.is_none());
    assert!(e.solution.is_solved());
    let text = e.to_string();
    let mut filled = Vec::new();
    for step in &e.steps {
        let s = step.to_string();
        assert_eq!(step.placement, step.placements().next(), "{s}");
        let cells: Vec<String> = step
            .placements()
            .map(|(cell, value)| format!("{cell} is {value}"))
            .collect();
        let (value, house) = (step.singles[0].value, step.singles[0].house);
        let why = match (step.technique, cells.len()) {
            (Technique::NakedSingle, 1) => "no other digit fits there".to_owned(),
            (Technique::NakedSingle, _) => "no other digit fits in each".to_owned(),
            (Technique::HiddenSingle, 1) => {
                format!("the only place for {value} in {}", house.unwrap())
            }
            (Technique::HiddenSingle, _) if step.singles.iter().all(|x| x.house == house) => {
                format!("the only place for each in {}", house.unwrap())
            }
            (Technique::HiddenSingle, _) => {
                assert!(s.contains(": the only place"), "{s}");
                s.split_once(": ")
                    .unwrap()
                    .1
                    .trim_end_matches(" (hidden single)")
                    .to_owned()
            }
            (t, _) => panic!("{t}"),
        };
        let list = match cells.split_last() {
            Some((last, init)) if !init.is_empty() => format!("{} and {last}", init.join(", ")),
            _ => cells.concat(),
        };
        assert_eq!(s, format!("{list}: {why} ({})", step.technique));
        for (cell, value) in step.placements() {
            assert_eq!(e.solution.value(cell), Some(value));
            assert!(!filled.contains(&cell), "{cell} filled twice");
            filled.push(cell);
        }
    }
    assert_eq!(filled.len(), 51);
    assert!(text.contains("grade: easy"));
}

/// A run of naked singles is one step, and so is a run of hidden singles
/// in houses of one kind: the player writes "r5c2 is 2, r5c3 is 6 and
/// r5c5 is 5: no other digit fits in each", not the same words once per
/// cell. So no two steps in a row are naked singles, nor hidden singles
/// in rows (or columns, boxes) both; and a hint gives the whole run.
#[test]
fn runs_of_singles_are_one_step() {
    let l = logic();
    let mut runs = 0;
    let puzzles = include_str!("data/easy.txt").lines().take(10);
    for line in puzzles.chain([BUILT_IN]) {
        let puzzle: Board = line.parse().unwrap();
        let e = l.explain(&puzzle).unwrap();
        for pair in e.steps.windows(2) {
            let (a, b) = (&pair[0], &pair[1]);
            assert!(
                !(a.technique == Technique::NakedSingle && b.technique == Technique::NakedSingle),
                "{line}: two steps of naked singles in a row:\n  {a}\n  {b}"
            );
            if a.technique == Technique::HiddenSingle && b.technique == Technique::HiddenSingle {
                let kind = |s: &sudoku::Step| {
                    std::mem::discriminant(&s.singles.last().unwrap().house.unwrap())
                };
                assert_ne!(kind(a), kind(b), "{line}:\n  {a}\n  {b}");
            }
        }
        runs += e.steps.iter().filter(|s| s.singles.len() > 1).count();
        // The hint is the explanation's first step, with all its cells.
        match l.hint(&puzzle).unwrap() {
            Hint::Step(step) => assert_eq!(step, e.steps[0], "{line}"),
            other => panic!("{other:?}"),
        }
    }
    assert!(runs > 10, "only {runs} runs of singles");
}

#[test]
fn harder_puzzles_name_their_techniques() {
    // From the top1465 corpus: the first puzzles, from medium to beyond.
    let l = logic();
    let mut seen = Vec::new();
    for line in include_str!("data/top1465.txt").lines().take(120) {
        let puzzle: Board = line.parse().unwrap();
        let e = l.explain(&puzzle).unwrap();
        assert_eq!(e.grade.hardest == Some(Technique::Guess), e.stuck.is_some());
        assert_eq!(e.grade.difficulty, Difficulty::of_rating(e.grade.rating));
        assert!(e.solution.is_solved());
        for step in &e.steps {
            if step.placement.is_none() {
                assert!(!step.eliminations.is_empty());
                for &(cell, v) in &step.eliminations {
                    assert_ne!(
                        e.solution.value(cell),
                        Some(v),
                        "{step} removes the solution"
                    );
                }
                assert!(step.to_string().contains(" removes "), "{step}");
            }
        }
        seen.push(e.grade.difficulty);
    }
    for d in [
        Difficulty::Medium,
        Difficulty::Hard,
        Difficulty::Expert,
        Difficulty::Extreme,
        Difficulty::Beyond,
    ] {
        assert!(seen.contains(&d), "{d}");
    }
}

/// Forcing steps that each assume a candidate of one cell into a
/// contradiction are one step, "assuming r1c8 = 2, then r1c8 = 9, leads
/// each time, by singles, to a contradiction, so r1c8 is neither 2 nor 9",
/// its words built from what each step assumed, not read back from its
/// sentence.
#[test]
fn forcing_steps_on_one_cell_are_one_step() {
    let l = logic();
    let mut merged = 0;
    for line in include_str!("data/top1465.txt").lines().take(40) {
        let puzzle: Board = line.parse().unwrap();
        for step in l.explain(&puzzle).unwrap().steps {
            let s = step.to_string();
            if !s.contains("leads each time") {
                continue;
            }
            merged += 1;
            let (cell, _) = step.eliminations[0];
            assert!(step.eliminations.iter().all(|&(c, _)| c == cell), "{s}");
            for &(_, v) in &step.eliminations {
                assert!(s.contains(&format!("{cell} = {v}")), "{s}");
            }
            assert!(
                s.contains(&format!("to a contradiction, so {cell} is ")),
                "{s}"
            );
        }
    }
    assert!(merged > 0, "no merged forcing step in the first 40 puzzles");
}

#[test]
fn hints_give_the_next_step_or_a_contradiction() {
    let l = logic();
    let puzzle: Board = BUILT_IN.parse().unwrap();
    match l.hint(&puzzle).unwrap() {
        Hint::Step(step) => {
            let (cell, v) = step.placement.unwrap();
            assert!(puzzle.value(cell).is_none());
            let solution = puzzle.solve().unwrap().into_board().unwrap();
            assert_eq!(solution.value(cell), Some(v));
        }
        other => panic!("{other:?}"),
    }
    // A wrong entry that breaks no rule yet: the board has no solution.
    let solution = puzzle.solve().unwrap().into_board().unwrap();
    let mut progress = puzzle.clone();
    let cell = progress
        .blank_cells()
        .find(|c| progress.candidates(c.row, c.col).len() > 1)
        .unwrap();
    let wrong = progress
        .candidates(cell.row, cell.col)
        .into_iter()
        .find(|&v| Some(v) != solution.value(cell))
        .unwrap();
    progress.set(cell.row, cell.col, wrong).unwrap();
    match l.hint_for(&puzzle, &progress).unwrap() {
        Hint::Contradiction { wrong, .. } => assert_eq!(wrong, vec![cell]),
        other => panic!("{other:?}"),
    }
    // Breaking a rule is named.
    let mut clash = puzzle.clone();
    clash.set(0, 2, 5).unwrap();
    match l.hint(&clash).unwrap() {
        Hint::Contradiction { clashes, .. } => {
            assert_eq!(clashes[0].to_string(), "r1c1 and r1c3 both hold 5 in row 1")
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(l.hint(&solution).unwrap(), Hint::Solved);
}

#[test]
fn grading_needs_exactly_one_solution() {
    let l = logic();
    assert_eq!(
        l.grade(&Board::blank(9).unwrap()),
        Err(SudokuError::MultipleSolutions)
    );
    let unsolvable: Board = include_str!("data/unsolvable.txt")
        .lines()
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(l.grade(&unsolvable), Err(SudokuError::NoSolution));
    let easy: Board = include_str!("data/easy.txt")
        .lines()
        .next()
        .unwrap()
        .parse()
        .unwrap();
    let g = l.grade(&easy).unwrap();
    assert_eq!(g.difficulty, Difficulty::Easy);
    assert!(g.to_string().starts_with("easy"));
    assert_eq!("Hard".parse::<Difficulty>().unwrap(), Difficulty::Hard);
    assert!("impossible".parse::<Difficulty>().is_err());
}

#[test]
fn search_limits_stop_grading_a_puzzle_the_techniques_cannot_finish() {
    // The first puzzle of the forum "hardest 1106" list: the techniques get
    // stuck, so grading must search to prove the puzzle unique.
    let hard: Board =
        "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"
            .parse()
            .unwrap();
    let unlimited = logic().grade(&hard).unwrap();
    assert_eq!(unlimited.difficulty, Difficulty::Beyond);
    assert_eq!(unlimited.hardest, Some(Technique::Guess));
    let limited = logic().with_search_options(sudoku::SearchOptions::default().with_node_limit(0));
    assert!(matches!(
        limited.grade(&hard),
        Err(SudokuError::Stopped(sudoku::StopReason::NodeLimit))
    ));
    assert!(matches!(
        limited.explain(&hard),
        Err(SudokuError::Stopped(sudoku::StopReason::NodeLimit))
    ));
    // A puzzle the techniques finish needs no search: the limit is irrelevant.
    let easy: Board = BUILT_IN.parse().unwrap();
    assert_eq!(limited.grade(&easy).unwrap().difficulty, Difficulty::Easy);
}

/// Puzzles with several solutions on which unique rectangles (sound only
/// for one solution) reach a contradiction: from Serg's benchmark
/// (tdoku's `puzzles7`), 62, 316 and 2 solutions.
const SEVERAL_WITH_RECTANGLES: [&str; 3] = [
    "8.........59.......76..........9.587...8.6193......246...914765...623918...578432",
    "8.........95.......76..........2.497...4.6132......568...954716...872943...613285",
    "8.........95.......67.........8.6492.....2137......586...914765...573218...628943",
];

#[test]
fn several_solutions_are_never_taken_for_none() {
    let l = logic();
    for text in SEVERAL_WITH_RECTANGLES {
        let puzzle: Board = text.parse().unwrap();
        assert!(
            puzzle.count_solutions(Some(2)).unwrap().count >= 2,
            "{text}"
        );
        assert_eq!(
            l.grade(&puzzle),
            Err(SudokuError::MultipleSolutions),
            "{text}"
        );
        assert_eq!(
            l.explain(&puzzle).map(|e| e.grade),
            Err(SudokuError::MultipleSolutions),
            "{text}"
        );
        // A hint on it is a step some solution agrees with, or a guess,
        // never a contradiction.
        match l.hint(&puzzle).unwrap() {
            Hint::Step(step) => assert!(!step.technique.needs_unique(), "{text}: {step}"),
            Hint::Guess { .. } => {}
            other => panic!("{text}: {other:?}"),
        }
    }
}
