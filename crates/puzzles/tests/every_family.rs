//! Every built-in family through the one object-safe interface the CLI
//! uses: read, write and read back, solve, check the solution against the
//! rules, count, uniqueness, grade, explain, hint, and generate.
//!
//! Each family adds hand-checked instances to `SAMPLES`: the puzzle text
//! and its only solution as `solve` writes it.

use gridcsp_puzzles::{
    AnyFamily, GenerateOptions, Hint, Limits, RenderOptions, Solved, Unique, families, family,
};

/// (family, puzzle, its only solution as `solve` writes it).
const SAMPLES: &[(&str, &str, &str)] = &[
    (
        "sudoku",
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
    ),
    (
        "futoshiki",
        "4:1,0R,0,4,0,0,0,0,0,0U,0U,0,0,0R,0,0,",
        "1324413232412413",
    ),
    (
        "light-up",
        "5 5\n- x - - 2\n- - - x -\n- 3 - x -\n- x - - -\nx - - x -\n",
        "5 5\n- x - o 2\n- o - x o\no 3 o x -\n- x - o -\nx o - x -\n",
    ),
    (
        "tents",
        "5 5\n2 0 1 2 0\n1 1 1 1 1\n- - - - -\n- - - x -\nx x - - -\n- x - - -\n- - - - x\n",
        "5 5\n- - - o -\no - - x -\nx x o - -\no x - - -\n- - - o x\n",
    ),
    (
        "binairo",
        "6 6\n- - - - 2 -\n- - 2 - - 2\n1 - - - 1 -\n- - - 2 - -\n1 - 2 - - 1\n- - 2 - - -\n",
        "6 6\n2 2 1 1 2 1\n2 1 2 1 1 2\n1 2 1 2 1 2\n2 1 1 2 2 1\n1 2 2 1 2 1\n1 1 2 2 1 2\n",
    ),
    (
        "unruly",
        "6x6:aacdcADeCbCcd",
        "6 6\n2 2 1 1 2 1\n2 1 2 1 1 2\n1 2 1 2 1 2\n2 1 1 2 2 1\n1 2 2 1 2 1\n1 1 2 2 1 2\n",
    ),
    (
        "killer-sudoku",
        "4 4\n7 - 8 -\n9 - - 5\n- 5 - -\n- 6 - -\n1 1 2 2\n3 1 2 4\n3 5 5 4\n3 6 6 6\n",
        "4 4\n1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n",
    ),
    (
        "jigsaw-sudoku",
        "4 4\n1 - - -\n- - - -\n- 3 - -\n- 4 - -\n1 1 2 2\n1 3 3 2\n1 3 3 2\n4 4 4 4\n",
        "4 4\n1 2 3 4\n3 1 4 2\n4 3 2 1\n2 4 1 3\n",
    ),
    (
        "skyscrapers",
        "4 4\n- - - 4\n- - - -\n2 - - 4\n- - - -\n- - - -\n- - - -\n- - - -\n- - - -\n",
        "4 4\n3 4 2 1\n4 3 1 2\n2 1 4 3\n1 2 3 4\n",
    ),
    (
        "skyscrapers",
        "4:///4/////2///4////",
        "4 4\n3 4 2 1\n4 3 1 2\n2 1 4 3\n1 2 3 4\n",
    ),
    // janko.at's layouts: heights 1..=3 with an empty cell per line
    // (janko 15), and with the diagonals too (janko 271).
    (
        "skyscrapers",
        "4 4 3\n2 2 1 2\n1 2 3 1\n2 2 3 1\n2 2 1 3\n- - - -\n- - - -\n- - - -\n- - - -\n",
        "4 4 3\n0 1 3 2\n2 3 0 1\n1 0 2 3\n3 2 1 0\n",
    ),
    (
        "skyscrapers",
        "5 5 4 D\n2 3 2 1 1\n2 1 2 4 3\n2 3 2 1 2\n1 1 3 2 3\n- - - - -\n- - - - -\n- - - - -\n- - - - -\n- - - - -\n",
        "5 5 4 D\n3 1 2 4 0\n2 0 1 3 4\n0 3 4 2 1\n4 2 0 1 3\n1 4 3 0 2\n",
    ),
    (
        "suguru",
        "3 4\n- - - -\n- - - -\n- - 2 -\n1 1 2 2\n1 1 2 2\n3 3 3 4\n",
        "3 4\n3 1 2 1\n2 4 3 4\n3 1 2 1\n",
    ),
    (
        "nonogram",
        "5 5\n4\n3\n1 1\n3\n4\n3\n2 2\n5\n1 1\n1 1\n",
        "5 5\n- x x x -\nx x - x x\nx x x x x\nx - - - x\nx - - - x\n",
    ),
    (
        "kenken",
        "4 4\na a b c\nd e b c\nd e f f\ng g h h\na 3 +\nb 4 x\nc 5 +\nd 7 +\ne 2 -\nf 8 x\ng 2 /\nh 2 -\n",
        "4 4\n1 2 4 3\n4 3 1 2\n3 1 2 4\n2 4 3 1\n",
    ),
    (
        "kakuro",
        "3 3\n- 4, 3,\n,4 0 0\n,3 0 0\n",
        "3 3\n- - -\n- 3 1\n- 1 2\n",
    ),
    (
        "hitori",
        "5 5\n5 2 2 1 1\n4 2 1 3 5\n1 4 1 5 2\n4 5 4 1 5\n3 1 1 2 4\n",
        "5 5\n- x - x -\n- - - - -\n- - x - -\nx - - - x\n- - x - -\n",
    ),
    (
        "slitherlink",
        "4 4\n2 - - -\n3 - - 3\n2 - - 2\n0 2 3 2\n",
        "4 4\n- x - -\nx x - x\n- x x x\n- - x -\n",
    ),
    (
        "masyu",
        "5 5\n- - - b -\nw - - - -\nb - b - -\n- - - w -\n- - - - -\n",
        "5 5\nse ew ew sw -\nns -  -  ns -\nne ew sw ns -\n-  -  ns ns -\n-  -  ne nw -\n",
    ),
    (
        "star-battle",
        "5 5 1\n0 0 0 1 1\n0 0 1 1 2\n3 3 3 2 2\n3 3 3 2 2\n3 3 3 4 4\n",
        "5 5 1\nx - - - -\n- - x - -\n- - - - x\n- x - - -\n- - - x -\n",
    ),
    (
        "norinori",
        "5 5\n- - - - -\n- - - - -\n- - - - -\n- - - - -\n- - - - -\n2 4 0 0 1\n2 4 0 0 1\n2 2 1 1 1\n2 2 2 1 2\n3 3 2 2 2\n",
        "5 5\n- x - x -\n- x - x -\n- - x - x\n- - x - x\nx x - - -\n",
    ),
    (
        "slant",
        "4 4\n- - - 0 -\n- 4 - - -\n2 - - - 2\n- - - - -\n- 1 - 0 -\n",
        "4 4\n\\ / \\ /\n/ \\ \\ \\\n\\ \\ / /\n/ / / \\\n",
    ),
    (
        "nurikabe",
        "5 5\n- 5 - - -\n- - 2 - -\n- - - - -\n- - 1 - -\n- - - 3 -\n",
        "5 5\n- - x x x\n- x - - x\n- x x x x\n- x - x -\nx x x - -\n",
    ),
    (
        "fillomino",
        "7x7:6002002030603030000010230420200000305010404003003",
        "7 7\n6 6 6 2 2 3 2\n3 3 6 6 6 3 2\n3 2 3 3 1 3 1\n1 2 3 5 4 2 2\n2 5 5 5 4 4 3\n2 5 4 1 3 4 3\n4 4 4 3 3 1 3\n",
    ),
    (
        "kurodoko",
        "5 5\n- - - 7 -\n5 - - - -\n- - 2 - -\n- - - - 2\n- 4 - - -\n",
        "5 5\n- x - - -\n- - x - -\n- x - - x\n- - x - -\nx - - - x\n",
    ),
    (
        "ripple-effect",
        "4 4\n- - - -\n- 1 4 -\n- 3 2 -\n- - - -\n1 1 2 2\n3 3 2 4\n5 5 2 4\n6 5 5 4\n",
        "4 4\n1 2 3 1\n2 1 4 2\n4 3 2 1\n1 2 1 3\n",
    ),
    (
        "magnets",
        "3 3\n2 0 1\n1 2 0\n1 0 2\n1 1 1\n1 1 2\n3 4 2\n3 5 5\n",
        "3 3\n+ - x\n- x x\n+ - +\n",
    ),
    ("dominosa", "2 3\n0 0 1\n1 1 0\n", "2 3\n1 1 2\n3 3 2\n"),
    (
        "galaxies",
        "3 3\n1 - 2\n2 0 -\n- 1 -\n",
        "3 3\n1 1 2\n3 4 2\n3 5 5\n",
    ),
    (
        "hashi",
        "3 5\n3 - 4 - -\n- - - - -\n1 - 3 - 1\n",
        "3 5\n- 2 - - -\na - b - -\n- - - 1 -\n",
    ),
    (
        "lits",
        "4 4\n2 2 2 2\n0 1 1 2\n0 0 1 2\n0 0 1 1\n",
        "4 4\nI I I I\nT - L -\nT T L -\nT - L L\n",
    ),
    (
        "battleships",
        "3 3 1 1\n1 0 2\n1 1 1\no - -\n- - -\n- - -\n",
        "3 3 1 1\no - -\n- - n\n- - s\n",
    ),
    (
        "yajilin",
        "7 7\n2e 2s - 2s 1s - 2w\n1e - 1s - - 1w 1s\n- 1e - - - - -\n1n - - - 1s - -\n- - - 1w - 0e -\n- - - - - - -\n1n - - - - - -\n",
        "7 7\n-  -  x  -  -  x  -\n-  x  -  se sw -  -\nx  -  se nw ne sw x\n-  se nw x  -  ne sw\nse nw x  -  x  -  ns\nne ew sw x  se sw ns\n-  x  ne ew nw ne nw\n",
    ),
    (
        "numberlink",
        "2 3\n- 1 2\n1 2 -\n",
        "2 3\nse w  s\nn  e  nw\n",
    ),
    (
        "heyawake",
        "6 6\n2 2 - 2 - 2\n- - - - - -\n- - - - - -\n- - - - - -\n- - - - - -\n- - - - - -\n1 2 2 3 3 4\n1 2 2 3 3 4\n1 2 2 3 3 4\n5 5 5 5 5 4\n6 6 6 7 7 4\n6 6 6 7 7 8\n",
        "6 6\nx - x - - x\n- - - x - -\nx - x - x -\n- - - - - -\n- x - x - x\n- - x - - -\n",
    ),
    (
        "thermometers",
        "4 4\n4 3 1 1\n3 1 3 2\n0.1 0.2 0.3 1.1\n2.1 3.1 3.2 1.2\n2.2 4.1 4.2 1.3\n2.3 5.1 5.2 5.3\n",
        "4 4\nx x - x\nx - - -\nx x x -\nx x - -\n",
    ),
    (
        "shikaku",
        "6 6\n- - - - 3 -\n5 6 - - 6 -\n- - - - - -\n- - - - - -\n- 6 - - 2 3\n- 5 - - - -\n",
        "6 6\n1 2 2 3 3 3\n1 2 2 4 4 4\n1 2 2 4 4 4\n1 5 5 5 6 7\n1 5 5 5 6 7\n8 8 8 8 8 7\n",
    ),
];

fn get(name: &str) -> &'static dyn AnyFamily {
    family(name).unwrap_or_else(|| panic!("family {name} is registered"))
}

#[test]
fn every_family_has_a_sample_and_a_unique_name() {
    for f in families() {
        let name = f.info().name;
        assert!(
            SAMPLES.iter().any(|s| s.0 == name),
            "{name} has no sample in this test"
        );
        assert_eq!(
            families().iter().filter(|g| g.info().name == name).count(),
            1
        );
        assert!(!f.info().levels.is_empty(), "{name} has a ladder");
    }
}

#[test]
fn samples_round_trip_solve_check_and_grade() {
    let limits = Limits::default();
    for &(name, text, expected) in SAMPLES {
        let f = get(name);
        let p = f.load(text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let written = p.write();
        let again = f
            .load(&written)
            .unwrap_or_else(|e| panic!("{name}: {e}\n{written}"));
        assert_eq!(again.write(), written, "{name}: text layout round trip");
        if let Some(id) = p.game_id() {
            let from_id = f.load(&id).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(from_id.write(), written, "{name}: game ID round trip");
        }
        let (solved, _) = p.solve(&limits);
        assert_eq!(solved, Solved::Solution(expected.to_owned()), "{name}");
        assert_eq!(p.check_solution(expected), Ok(Vec::new()), "{name}");
        assert!(p.check_givens().is_empty(), "{name}");
        let (count, _) = p.count(Some(5), &limits);
        assert_eq!(count.count, 1, "{name}");
        assert!(
            matches!(p.uniqueness(&limits).0, Unique::Unique(ref s) if s == expected),
            "{name}"
        );
        let grade = p.grade(&limits).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(grade.rank < f.info().levels.len(), "{name}");
        assert_eq!(grade.level, f.info().levels[grade.rank].name);
        let explanation = p.explain(&limits).unwrap();
        assert_eq!(explanation.grade, grade, "{name}");
        let plain = p.render(&RenderOptions::default(), &limits);
        let solved = p.render(&RenderOptions::default().with_solution(true), &limits);
        for svg in [&plain, &solved] {
            assert!(
                svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""),
                "{name}"
            );
            assert!(svg.trim_end().ends_with("</svg>"), "{name}");
        }
        // The solution is drawn in: more elements (text, or shapes such as
        // bulbs and tents).
        assert!(
            solved.matches('<').count() > plain.matches('<').count(),
            "{name}: the solution is drawn in"
        );
        match p.hint(&limits).unwrap() {
            Hint::Step { step, .. } => assert!(!step.text.is_empty()),
            Hint::Guess { .. } | Hint::Solved => {}
            other => panic!("{name}: {other:?}"),
        }
    }
}

#[test]
fn a_broken_solution_is_named() {
    for &(name, text, expected) in SAMPLES {
        let f = get(name);
        let p = f.load(text).unwrap();
        // Swap the first two different symbols of the solution's last line
        // (a grid's header line stays as it is).
        let last_line = expected.trim_end().rfind('\n').map_or(0, |i| i + 1);
        let first = expected[..last_line].chars().count();
        let mut chars: Vec<char> = expected.chars().collect();
        let j = (first..chars.len())
            .find(|&i| !chars[i].is_whitespace() && chars[i] != chars[first])
            .expect("two symbols");
        chars.swap(first, j);
        let broken: String = chars.into_iter().collect();
        let violations = p.check_solution(&broken).unwrap();
        assert!(!violations.is_empty(), "{name}: {broken} is not a solution");
    }
}

#[test]
fn generated_puzzles_are_unique_and_of_the_level_asked() {
    let limits = Limits::default();
    for f in families() {
        let name = f.info().name;
        for level in [0, 1] {
            let (rows, cols) = f.info().default_size;
            let options = GenerateOptions::new(rows, cols, level).with_seed(11);
            let made = f
                .generate_text(&options)
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            let p = f.load(&made.puzzle).unwrap();
            assert!(
                matches!(p.uniqueness(&limits).0, Unique::Unique(ref s) if *s == made.solution),
                "{name}: {}",
                made.puzzle
            );
            assert_eq!(p.grade(&limits).unwrap().rank, level, "{name}");
            assert_eq!(made.grade.rank, level);
            // The same seed makes the same puzzle.
            assert_eq!(f.generate_text(&options).unwrap(), made, "{name}");
        }
    }
}

#[test]
fn rare_levels_are_within_the_family_budget() {
    // Options leave the budget to the family by default.
    assert_eq!(GenerateOptions::new(7, 7, 0).max_attempts, 0);
    // (family, level, seed): each took more than the 200 candidates every
    // family used to get (Kakuro 756, Tents 278, Hitori 1,526).
    for (name, level, seed) in [("kakuro", 2, 3), ("tents", 2, 3), ("hitori", 3, 1)] {
        let f = get(name);
        let (rows, cols) = f.info().default_size;
        let options = GenerateOptions::new(rows, cols, level).with_seed(seed);
        let made = f
            .generate_text(&options)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(made.grade.rank, level, "{name}");
        assert!(made.attempts > 200, "{name}: {}", made.attempts);
        // An explicit budget still holds.
        let few = options.with_max_attempts(made.attempts - 1);
        assert!(f.generate_text(&few).is_err(), "{name}");
    }
}

#[test]
fn a_time_limit_or_a_cancellation_flag_stops_every_generator() {
    use gridcsp_puzzles::{GenerateError, StopReason};
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::time::Duration;
    for f in families() {
        let name = f.info().name;
        let (rows, cols) = f.info().default_size;
        let options = GenerateOptions::new(rows, cols, 0).with_seed(11);
        let late = options.clone().with_time_limit(Duration::ZERO);
        assert_eq!(
            f.generate_text(&late),
            Err(GenerateError::Stopped(StopReason::TimeLimit)),
            "{name}"
        );
        let flag = Arc::new(AtomicBool::new(true));
        let cancelled = options.with_cancel(flag);
        assert_eq!(
            f.generate_text(&cancelled),
            Err(GenerateError::Stopped(StopReason::Cancelled)),
            "{name}"
        );
    }
    // A flag raised while a long generation runs (Hitori's hardest level
    // takes 1,526 candidates with this seed) stops it at its next
    // candidate.
    let f = get("hitori");
    let (rows, cols) = f.info().default_size;
    let flag = Arc::new(AtomicBool::new(false));
    let options = GenerateOptions::new(rows, cols, 3)
        .with_seed(1)
        .with_cancel(Arc::clone(&flag));
    let raiser = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(20));
        flag.store(true, Ordering::Relaxed);
    });
    assert_eq!(
        f.generate_text(&options),
        Err(GenerateError::Stopped(StopReason::Cancelled))
    );
    raiser.join().unwrap();
}
