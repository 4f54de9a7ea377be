//! One puzzle on many threads (`--threads N` with an input of one puzzle)
//! and the subproblem files (`--split N`, `--subproblems FILE`): the
//! answers do not depend on the thread count, and the counts of the
//! subproblems (of any sharding of them) add up to the puzzle's.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// A 6x6 Sudoku with few givens: many solutions.
const SPARSE_6X6: &str = "1.....\n..2...\n......\n...3..\n......\n.....4\n";
/// An empty 4x4 Futoshiki: the 576 Latin squares.
const FUTOSHIKI_EMPTY: &str = "4:0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,\n";
/// A 4x4 KenKen whose cages are the rows: the 576 Latin squares.
const KENKEN_ROWS: &str =
    "4 4\na a a a\nb b b b\nc c c c\nd d d d\na 10 +\nb 10 +\nc 10 +\nd 10 +\n";

#[derive(Debug)]
struct Run {
    out: String,
    err: String,
    code: i32,
}

/// A scratch directory of this test binary.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gridcsp-parallel-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir.join(name)
}

fn gridcsp(args: &[&str], input: &str) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gridcsp"))
        .args(args)
        // The probe of the days these tests were written, so that small
        // searches reach the parallel path (the default is 1,000,000).
        .env("GRIDCSP_PROBE_DECISIONS", "20000")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start gridcsp");
    let mut stdin = child.stdin.take().expect("stdin");
    let bytes = input.as_bytes().to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&bytes);
    });
    let output = child.wait_with_output().expect("run gridcsp");
    writer.join().expect("writer");
    let run = Run {
        out: String::from_utf8(output.stdout).expect("UTF-8"),
        err: String::from_utf8_lossy(&output.stderr).into_owned(),
        code: output.status.code().expect("exit code"),
    };
    assert!(
        !run.err.contains("panicked") && !run.err.contains("internal error"),
        "{run:?}"
    );
    run
}

/// The `nodes:` and `decisions:` lines of a `--stats` summary.
fn effort(err: &str) -> Vec<String> {
    err.lines()
        .filter(|l| l.starts_with("nodes:") || l.starts_with("decisions:"))
        .map(str::to_owned)
        .collect()
}

/// Runs `args` at 1, 2 and 3 threads: the same output and the same
/// statistics (one puzzle is searched the same way at every thread count,
/// one included: issue 42).
fn same_for_every_thread_count(args: &[&str], input: &str) -> String {
    let at = |t: &str| {
        let mut a = args.to_vec();
        a.extend(["--threads", t, "--stats"]);
        gridcsp(&a, input)
    };
    let one = at("1");
    let two = at("2");
    let three = at("3");
    assert_eq!(one.code, 0, "{one:?}");
    assert_eq!(one.out, two.out, "{args:?}");
    assert_eq!(one.out, three.out, "{args:?}");
    assert_eq!(effort(&one.err), effort(&two.err), "{args:?}");
    assert_eq!(effort(&two.err), effort(&three.err), "{args:?}");
    assert_eq!(effort(&two.err).len(), 2, "{two:?}");
    one.out
}

#[test]
fn one_puzzle_gives_the_same_answers_on_any_number_of_threads() {
    let count =
        same_for_every_thread_count(&["sudoku", "count", "--grid", "--box", "2x3"], SPARSE_6X6);
    assert!(
        count.trim().parse::<u64>().expect("a count") > 1000,
        "{count}"
    );
    same_for_every_thread_count(
        &["sudoku", "count", "--limit", "2", "--grid", "--box", "2x3"],
        SPARSE_6X6,
    );
    same_for_every_thread_count(&["sudoku", "solve", "--grid", "--box", "2x3"], SPARSE_6X6);
    let hard =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n";
    same_for_every_thread_count(&["sudoku", "solve"], hard);
    let f = same_for_every_thread_count(&["futoshiki", "count"], FUTOSHIKI_EMPTY);
    assert_eq!(f.trim(), "576");
    same_for_every_thread_count(&["futoshiki", "solve"], FUTOSHIKI_EMPTY);
    let k = same_for_every_thread_count(&["kenken", "count"], KENKEN_ROWS);
    assert_eq!(k.trim(), "576");
    same_for_every_thread_count(&["kenken", "solve"], KENKEN_ROWS);
}

/// Splits the puzzle into `n`, then counts the subproblems in two shards;
/// returns the split file's lines and the sum of the shards' counts.
fn split_and_count(cmd: &[&str], input: &str, n: &str, name: &str) -> (Vec<String>, u64) {
    let mut a = cmd.to_vec();
    a.extend(["--split", n]);
    let split = gridcsp(&a, input);
    assert_eq!(split.code, 0, "{split:?}");
    let lines: Vec<String> = split.out.lines().map(str::to_owned).collect();
    assert!(
        lines[0].starts_with("gridcsp-subproblems 1 model="),
        "{lines:?}"
    );
    let parts = &lines[1..];
    assert!(
        parts.len() >= n.parse::<usize>().unwrap().min(2),
        "{lines:?}"
    );
    let (left, right) = parts.split_at(parts.len() / 2);
    let mut total = 0;
    for (i, shard) in [left, right].into_iter().enumerate() {
        let file = scratch(&format!("{name}-{i}.txt"));
        let mut text = lines[0].clone() + "\n";
        for line in shard {
            text += line;
            text += "\n";
        }
        std::fs::write(&file, text).expect("write shard");
        let mut a = cmd.to_vec();
        a.extend(["--subproblems", file.to_str().unwrap()]);
        let run = gridcsp(&a, input);
        assert_eq!(run.code, 0, "{run:?}");
        let counts: Vec<u64> = run
            .out
            .lines()
            .map(|l| l.parse().expect("a count"))
            .collect();
        assert_eq!(counts.len(), shard.len(), "one result line per subproblem");
        total += counts.iter().sum::<u64>();
    }
    (lines, total)
}

#[test]
fn shards_of_subproblems_add_up_to_the_count() {
    let sudoku = ["sudoku", "count", "--grid", "--box", "2x3"];
    let whole = gridcsp(&sudoku, SPARSE_6X6);
    let (_, total) = split_and_count(&sudoku, SPARSE_6X6, "20", "sudoku");
    assert_eq!(total.to_string(), whole.out.trim());

    let (_, total) = split_and_count(&["futoshiki", "count"], FUTOSHIKI_EMPTY, "7", "futoshiki");
    assert_eq!(total, 576);
    let (_, total) = split_and_count(&["kenken", "count"], KENKEN_ROWS, "9", "kenken");
    assert_eq!(total, 576);
}

#[test]
fn solving_subproblems_prints_one_line_each() {
    let split = gridcsp(&["futoshiki", "solve", "--split", "6"], FUTOSHIKI_EMPTY);
    let file = scratch("solve.txt");
    std::fs::write(&file, &split.out).unwrap();
    let run = gridcsp(
        &[
            "futoshiki",
            "solve",
            "--subproblems",
            file.to_str().unwrap(),
        ],
        FUTOSHIKI_EMPTY,
    );
    assert_eq!(run.code, 0, "{run:?}");
    let lines: Vec<&str> = run.out.lines().collect();
    assert_eq!(lines.len(), split.out.lines().count() - 1);
    // The first subproblem's first solution is the puzzle's first solution.
    let first = gridcsp(&["futoshiki", "solve"], FUTOSHIKI_EMPTY);
    assert_eq!(lines[0], first.out.trim());
    assert!(lines.iter().all(|l| l.len() == 16), "{lines:?}");
}

#[test]
fn a_file_of_another_puzzle_or_a_bad_line_is_rejected() {
    let split = gridcsp(&["sudoku", "count", "--split", "4"], "1...............\n");
    let file = scratch("other.txt");
    std::fs::write(&file, &split.out).unwrap();
    let path = file.to_str().unwrap();
    let run = gridcsp(
        &["sudoku", "count", "--subproblems", path],
        "2...............\n",
    );
    assert_eq!(run.code, 2, "{run:?}");
    assert!(run.err.contains("another puzzle"), "{}", run.err);

    let mut text = split.out.lines().next().unwrap().to_owned();
    text += "\nx0=1 x99=2\n";
    std::fs::write(&file, &text).unwrap();
    let run = gridcsp(
        &["sudoku", "count", "--subproblems", path],
        "1...............\n",
    );
    assert_eq!(run.code, 2, "{run:?}");
    assert!(
        run.err.contains(":2: variable x99 does not exist"),
        "{}",
        run.err
    );

    std::fs::write(&file, "not a header\n*\n").unwrap();
    let run = gridcsp(
        &["sudoku", "count", "--subproblems", path],
        "1...............\n",
    );
    assert!(
        run.err.contains(":1: expected a 'gridcsp-subproblems 1"),
        "{}",
        run.err
    );

    let two = "1...............\n2...............\n";
    let run = gridcsp(&["sudoku", "count", "--split", "4"], two);
    assert_eq!(run.code, 2, "{run:?}");
    assert!(run.err.contains("exactly one puzzle"), "{}", run.err);
}
