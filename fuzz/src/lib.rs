//! What the fuzz targets run: each takes arbitrary bytes, feeds them to
//! one parser and checks what must hold for any input (no panic, and what
//! parses writes and reads back unchanged). A failed check is a crash,
//! which libFuzzer reports with the input that caused it.

use gridcsp_puzzles::Family;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::sync::Arc;

/// The CLI's record framer, compiled from the CLI's own source: it uses
/// nothing but `std`, so the fuzzer needs no library surface of the CLI
/// (the binary crate stays a binary; see docs/fuzzing.md).
#[path = "../../crates/cli/src/framing.rs"]
#[allow(dead_code, reason = "the CLI's module; the fuzzer uses part of it")]
mod framing;

use framing::{Comments, Form, Framer, Line, MAX_LINE, Record, RecordShape, header_block};

/// A family's text (layout or one-line form): whatever `load` accepts
/// must write a text that loads again to the same text, and its game ID
/// (when it has one) must load and write the same ID.
pub fn family_text(name: &str, data: &[u8]) {
    let family = gridcsp_puzzles::family(name).expect("a built-in family");
    let text = String::from_utf8_lossy(data);
    let Ok(puzzle) = family.load(&text) else {
        return;
    };
    let written = puzzle.write();
    let again = family
        .load(&written)
        .unwrap_or_else(|e| panic!("{name}: its own text does not read back: {e}\n{written}"));
    assert_eq!(again.write(), written, "{name}: the text changed on reading");
    if let Some(id) = puzzle.game_id() {
        let from_id = family
            .load(&id)
            .unwrap_or_else(|e| panic!("{name}: its own game ID does not read back: {e}\n{id}"));
        assert_eq!(
            from_id.game_id().as_deref(),
            Some(id.as_str()),
            "{name}: the game ID changed on reading"
        );
    }
    let _ = puzzle.check_givens();
}

/// Any family's puzzle, solved: the first line names the family (as on
/// the command line), the rest is its text. A small puzzle that loads is
/// solved, counted, checked for uniqueness, graded, explained, hinted and
/// drawn under a node limit; none of that may panic, an answer the solver
/// gives must pass the family's own checker, and solve, count and
/// uniqueness must agree wherever each of them finished.
pub fn family_solve(data: &[u8]) {
    use gridcsp_puzzles::{Limits, RenderOptions, Solved, Unique};
    let text = String::from_utf8_lossy(data);
    let Some((name, text)) = text.split_once('\n') else {
        return;
    };
    let Some(family) = gridcsp_puzzles::family(name.trim()) else {
        return;
    };
    let Ok(puzzle) = family.load(text) else {
        return;
    };
    // Small puzzles only: the fuzzer wants many runs a second, and a
    // node limit bounds the search but not one propagation pass.
    if puzzle.write().len() > 300 {
        return;
    }
    let limits = Limits {
        nodes: Some(300),
        ..Limits::default()
    };
    let (solved, _) = puzzle.solve(&limits);
    let (count, _) = puzzle.count(Some(2), &limits);
    let (unique, _) = puzzle.uniqueness(&limits);
    let counted = count.status.is_complete().then_some(count.count);
    let answers = |s: &str, what: &str| {
        let broken = puzzle
            .check_solution(s)
            .unwrap_or_else(|e| panic!("{name}: its own {what} does not read: {e}\n{s}"));
        assert!(
            broken.is_empty(),
            "{name}: its own {what} breaks the rules: {broken:?}\n{s}"
        );
    };
    match &solved {
        Solved::Solution(s) => {
            answers(s, "solution");
            assert_ne!(counted, Some(0), "{name}: solved, yet counted none");
            assert!(!matches!(unique, Unique::None), "{name}: solved, yet none unique");
        }
        Solved::Unsolvable => {
            assert!(matches!(counted, Some(0) | None), "{name}: unsolvable, yet counted");
            assert!(
                matches!(unique, Unique::None | Unique::Stopped(_)),
                "{name}: unsolvable, yet uniqueness found one"
            );
        }
        Solved::Stopped(_) => {}
    }
    match &unique {
        Unique::Unique(s) => {
            answers(s, "unique solution");
            assert!(matches!(counted, Some(1) | None), "{name}: unique, count {counted:?}");
        }
        Unique::Multiple(a, b) => {
            answers(a, "first of two solutions");
            answers(b, "second of two solutions");
            assert_ne!(a, b, "{name}: two solutions that are the same");
            assert!(matches!(counted, Some(2) | None), "{name}: two, count {counted:?}");
        }
        Unique::None => {
            assert!(matches!(counted, Some(0) | None), "{name}: none, count {counted:?}");
        }
        Unique::Stopped(_) => {}
    }
    let _ = puzzle.check_givens();
    let _ = puzzle.grade(&limits);
    let _ = puzzle.explain(&limits);
    let _ = puzzle.hint(&limits);
    let _ = puzzle.render(&RenderOptions::default().with_solution(true), &limits);
}

/// The framer's shape for a family, as the CLI builds it
/// (`family_cmd::shape`).
fn family_shape(info: &gridcsp_puzzles::FamilyInfo) -> RecordShape {
    match info.shape {
        gridcsp_puzzles::RecordShape::Header { lines, one_line } => RecordShape::LineOrBlock {
            is_line: one_line,
            block: header_block(lines, Comments::End),
        },
        gridcsp_puzzles::RecordShape::HeaderHashRows {
            lines,
            one_line,
            is_row,
        } => RecordShape::LineOrBlock {
            is_line: one_line,
            block: header_block(lines, Comments::EndUnless(is_row)),
        },
        _ => RecordShape::Line,
    }
}

/// One input line as the CLI's reader hands it over: at most `MAX_LINE`
/// bytes (cut at a character boundary), the full length noted.
fn line(no: usize, text: &str) -> Line {
    let mut end = text.len().min(MAX_LINE);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    Line {
        no,
        text: text[..end].to_owned(),
        too_long: (text.len() > MAX_LINE).then_some(text.len()),
        stray_bom: None,
    }
}

/// The record framing: the first byte picks a family's shape (or the
/// one-line shape), the rest is the input. Every record starts after the
/// previous one's lines, within the input; a record without a defect
/// holds exactly the input's lines it spans; the limits hold.
pub fn framing(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let families = gridcsp_puzzles::families();
    let shape = match usize::from(pick) % (families.len() + 1) {
        0 => RecordShape::Line,
        k => family_shape(families[k - 1].info()),
    };
    let text = String::from_utf8_lossy(rest);
    let lines: Vec<&str> = text
        .split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .collect();
    let mut framer = Framer::new(&shape, Arc::from("fuzz"));
    let mut out: Vec<Record> = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        framer.push(line(i + 1, l), &mut out);
    }
    framer.finish(&mut out);
    let mut next_free = 1;
    for r in &out {
        assert!(
            r.line >= next_free && r.line <= lines.len(),
            "record at line {} (next free line {next_free}, {} lines)",
            r.line,
            lines.len()
        );
        assert!(r.text.len() <= framing::MAX_RECORD);
        let spans = match r.form {
            Form::Line => 1,
            Form::Block => r.text.split('\n').count().max(1),
        };
        assert!(spans <= framing::MAX_RECORD_LINES);
        if r.defect.is_none() {
            let input = &lines[r.line - 1..(r.line - 1 + spans).min(lines.len())];
            match r.form {
                Form::Line => assert_eq!(r.text, input[0].trim(), "line {}", r.line),
                Form::Block => assert_eq!(r.text, input.join("\n"), "block at {}", r.line),
            }
            next_free = r.line + spans;
        } else {
            next_free = r.line + 1;
        }
    }
}

/// One type's serde form: what deserialises serialises to a form that
/// deserialises to the same value.
fn serde_case<T: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug>(json: &str) {
    let Ok(value) = serde_json::from_str::<T>(json) else {
        return;
    };
    let written = serde_json::to_string(&value).expect("a value serialises");
    let again: T = serde_json::from_str(&written)
        .unwrap_or_else(|e| panic!("its own serde form does not read back: {e}\n{written}"));
    assert_eq!(again, value, "{written}");
}

/// A family's puzzle and solution types.
fn serde_family<F: Family>(json: &str, solution: bool)
where
    F::Puzzle: Serialize + DeserializeOwned,
    F::Solution: Serialize + DeserializeOwned,
{
    if solution {
        serde_case::<F::Solution>(json);
    } else {
        serde_case::<F::Puzzle>(json);
    }
}

/// The serde forms: the first byte picks a type (a family's puzzle or
/// solution, or a Sudoku or Futoshiki crate type), the rest is JSON.
pub fn serde_forms(data: &[u8]) {
    use gridcsp_puzzles::families as f;
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let json = String::from_utf8_lossy(rest);
    let solution = pick & 1 == 1;
    match (pick >> 1) % 21 {
        0 => serde_family::<f::sudoku::Sudoku>(&json, solution),
        1 => serde_family::<f::futoshiki::Futoshiki>(&json, solution),
        2 => serde_family::<f::light_up::LightUp>(&json, solution),
        3 => serde_family::<f::tents::Tents>(&json, solution),
        4 => serde_family::<f::binairo::Binairo>(&json, solution),
        5 => serde_family::<f::killer_sudoku::KillerSudoku>(&json, solution),
        6 => serde_family::<f::jigsaw_sudoku::JigsawSudoku>(&json, solution),
        7 => serde_family::<f::skyscrapers::Skyscrapers>(&json, solution),
        8 => serde_family::<f::suguru::Suguru>(&json, solution),
        9 => serde_family::<f::nonogram::Nonogram>(&json, solution),
        10 => serde_family::<f::kenken::KenKen>(&json, solution),
        11 => serde_family::<f::kakuro::Kakuro>(&json, solution),
        12 => serde_family::<f::hitori::Hitori>(&json, solution),
        13 => serde_family::<f::slitherlink::Slitherlink>(&json, solution),
        14 => serde_family::<f::masyu::Masyu>(&json, solution),
        15 => serde_family::<f::star_battle::StarBattle>(&json, solution),
        16 => serde_family::<f::norinori::Norinori>(&json, solution),
        17 => serde_family::<f::thermometers::Thermometers>(&json, solution),
        18 if solution => serde_case::<sudoku::Board>(&json),
        18 => serde_case::<sudoku::Shape>(&json),
        19 if solution => serde_case::<futoshiki::Solution>(&json),
        19 => serde_case::<futoshiki::Puzzle>(&json),
        _ => serde_case::<futoshiki::Difficulty>(&json),
    }
}
