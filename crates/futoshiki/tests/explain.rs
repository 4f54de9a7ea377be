//! Explanations: every step is true of the solution and reads as a sentence.

use futoshiki::{Difficulty, GenerateOptions, Puzzle, Technique, generate};

fn check_steps(p: &Puzzle) -> Vec<String> {
    let e = p.explain().unwrap();
    let s = p.solve().unwrap();
    let mut texts = Vec::new();
    for step in &e.steps {
        for &(cell, v) in &step.removed {
            assert_ne!(s.value(cell), v, "{}: {}", p.to_game_id(), step.text);
        }
        for &(cell, v) in &step.placed {
            assert_eq!(s.value(cell), v, "{}: {}", p.to_game_id(), step.text);
        }
        assert!(!step.text.is_empty());
        texts.push(format!("[{}] {}", step.technique, step.text));
    }
    texts
}

#[test]
fn generated_puzzles_explain_soundly_at_every_level() {
    for difficulty in Difficulty::ALL {
        for seed in 0..3 {
            let made = generate(&GenerateOptions::new(6, difficulty).with_seed(seed)).unwrap();
            let texts = check_steps(&made.puzzle);
            let e = made.puzzle.explain().unwrap();
            assert_eq!(e.difficulty, difficulty);
            if difficulty == Difficulty::Recursive {
                assert_eq!(e.hardest, Some(Technique::Guess));
            }
            assert!(!texts.is_empty());
        }
    }
}

#[test]
fn subset_steps_name_the_subset() {
    let p = Puzzle::from_game_id("5:0,0L,0,0,0,0,0,0L,0D,0,0,0,0U,3,0D,0,0,0,0,0D,4U,0U,0,0,2,")
        .unwrap();
    let texts = check_steps(&p);
    let subsets: Vec<&String> = texts.iter().filter(|t| t.contains("subset")).collect();
    assert!(!subsets.is_empty(), "{texts:#?}");
    for t in &subsets {
        println!("{t}");
    }
    assert!(
        subsets
            .iter()
            .any(|t| t.contains("between them") || t.contains("can only go in")),
        "{subsets:#?}"
    );
}

#[test]
fn extreme_steps_are_explained() {
    let mut seen_fish = false;
    for seed in 0..12 {
        let made = generate(&GenerateOptions::new(7, Difficulty::Extreme).with_seed(seed)).unwrap();
        for t in check_steps(&made.puzzle) {
            if t.starts_with("[single-value fish]") {
                assert!(t.contains("can only go in"), "{t}");
                if !seen_fish {
                    println!("{t}");
                }
                seen_fish = true;
            }
        }
    }
    assert!(seen_fish, "some 7x7 extreme puzzle needs a fish");
}

/// A step says what a player writes ("r1c3 is 2"), never the engine's
/// "r1c3 = 2" or "placed ...", at every level (the Recursive guesses
/// included), and a placing step names every value it places.
#[test]
fn steps_write_values_in_the_players_words() {
    let mut placing = 0;
    for difficulty in Difficulty::ALL {
        for seed in 0..3 {
            let made = generate(&GenerateOptions::new(5, difficulty).with_seed(seed)).unwrap();
            for step in made.puzzle.explain().unwrap().steps {
                let t = &step.text;
                let words: Vec<&str> = t.split_whitespace().collect();
                assert!(!words.contains(&"="), "{t}");
                assert!(!words.contains(&"placed"), "{t}");
                assert!(!words.contains(&"removed"), "{t}");
                for &(cell, v) in &step.placed {
                    assert!(t.contains(&format!("{cell} is {v}")), "{t}");
                    placing += 1;
                }
            }
        }
    }
    assert!(placing > 0);
}

/// A placed digit's removals in its row and in its column are one step,
/// and naked singles in a row are one step up to the cell they leave
/// with one candidate: no step tells a digit twice, and no naked single
/// that places nothing is followed by another naked single.
#[test]
fn naked_singles_are_told_once_per_digit() {
    let sample = Puzzle::from_game_id("4:1,0R,0,4,0,0,0,0,0,0U,0U,0,0,0R,0,0,").unwrap();
    let first = &sample.explain().unwrap().steps[0];
    assert_eq!(first.technique, Technique::NakedSingle);
    // r1c1 = 1 clears row 1 and column 1 in the same step.
    let r1c1: Vec<_> = first
        .removed
        .iter()
        .filter(|p| p.1 == 1)
        .map(|p| p.0)
        .collect();
    assert!(
        r1c1.iter().any(|c| c.row == 0) && r1c1.iter().any(|c| c.col == 0),
        "{}",
        first.text
    );
    let mut puzzles = vec![sample];
    for difficulty in [Difficulty::Trivial, Difficulty::Easy, Difficulty::Tricky] {
        for seed in 0..3 {
            puzzles.push(
                generate(&GenerateOptions::new(6, difficulty).with_seed(seed))
                    .unwrap()
                    .puzzle,
            );
        }
    }
    for p in &puzzles {
        check_steps(p);
        let steps = p.explain().unwrap().steps;
        for (i, s) in steps.iter().enumerate() {
            if s.technique != Technique::NakedSingle {
                continue;
            }
            let told: Vec<&str> = s
                .text
                .split("; ")
                .filter_map(|part| part.split_once(", so ").map(|x| x.0))
                .collect();
            for (k, t) in told.iter().enumerate() {
                assert!(
                    !told[..k].contains(t),
                    "{}: {t:?} twice in {:?}",
                    p.to_game_id(),
                    s.text
                );
            }
            if s.placed.is_empty() {
                if let Some(next) = steps.get(i + 1) {
                    assert_ne!(
                        next.technique,
                        Technique::NakedSingle,
                        "{}: {:?} then {:?}",
                        p.to_game_id(),
                        s.text,
                        next.text
                    );
                }
            }
        }
    }
}
