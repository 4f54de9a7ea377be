//! Issue 42, run as the built binary: options that panicked or were
//! ignored, limits that must hold at every thread count, writes through
//! symlinks and special files, pictures and booklets of any size. Each
//! test is named after the defect it pins (`r42_...`).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const CLASSIC: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// What a run of the binary gave.
#[derive(Debug)]
struct Run {
    out: Vec<u8>,
    err: String,
    code: i32,
}

impl Run {
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.out).into_owned()
    }
}

/// A fresh, empty directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gridcsp-r42-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

/// Runs the binary in `dir` with `input` on standard input; never a panic.
fn gridcsp_in(dir: &Path, args: &[&str], input: &str) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gridcsp"))
        .args(args)
        // The probe of the days these tests were written, so that small
        // searches reach the parallel path (the default is 1,000,000).
        .env("GRIDCSP_PROBE_DECISIONS", "20000")
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start gridcsp");
    let mut stdin = child.stdin.take().expect("stdin piped");
    let bytes = input.as_bytes().to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&bytes);
    });
    let output = child.wait_with_output().expect("run gridcsp");
    writer.join().expect("writer thread");
    let run = Run {
        out: output.stdout,
        err: String::from_utf8_lossy(&output.stderr).into_owned(),
        code: output.status.code().expect("exited normally"),
    };
    assert!(
        !run.err.contains("panicked") && !run.err.contains("internal error"),
        "panic: {}",
        run.err
    );
    run
}

fn gridcsp(args: &[&str], input: &str) -> Run {
    gridcsp_in(&std::env::temp_dir(), args, input)
}

// ------------------------------------------------------ options and parsing

#[test]
fn r42_render_highlight_draws_instead_of_panicking() {
    let plain = gridcsp(&["sudoku", "render"], CLASSIC);
    assert_eq!(plain.code, 0, "{}", plain.err);
    for cells in [&["--highlight", "r1c1"][..], &["--highlight", "r1c1,r5c5"]] {
        let mut args = vec!["sudoku", "render"];
        args.extend_from_slice(cells);
        let run = gridcsp(&args, CLASSIC);
        assert_eq!(run.code, 0, "{cells:?}: {}", run.err);
        let svg = run.text();
        assert!(svg.starts_with("<svg"), "{svg}");
        // The wash adds to the plain picture.
        assert!(
            svg.len() > plain.out.len(),
            "{cells:?}: nothing highlighted"
        );
    }
    // Given twice, the cells add up; a bad cell is a usage error.
    let twice = gridcsp(
        &[
            "sudoku",
            "render",
            "--highlight",
            "r1c1",
            "--highlight",
            "r5c5",
        ],
        CLASSIC,
    );
    let listed = gridcsp(&["sudoku", "render", "--highlight", "r1c1,r5c5"], CLASSIC);
    assert_eq!(twice.code, 0, "{}", twice.err);
    assert_eq!(twice.out, listed.out);
    let bad = gridcsp(&["sudoku", "render", "--highlight", "r0c1"], CLASSIC);
    assert_eq!(bad.code, 2, "{}", bad.err);
}

#[test]
fn r42_options_a_command_does_not_use_are_rejected() {
    for args in [
        &["sudoku", "grade", "--subproblems", "parts.txt"][..],
        &["sudoku", "check", "--split", "4"],
        &["sudoku", "explain", "--split", "4"],
        &["futoshiki", "grade", "--split", "4"],
        &["kakuro", "check", "--split", "4"],
        &["kakuro", "grade", "--subproblems", "parts.txt"],
        &["kakuro", "hint", "--split", "4"],
        &["kakuro", "generate", "--split", "4"],
        &["kakuro", "render", "--subproblems", "parts.txt"],
        &["--split", "4", "sudoku", "count"],
    ] {
        let run = gridcsp(args, CLASSIC);
        assert_eq!(run.code, 2, "{args:?} was accepted: {}", run.text());
        assert!(
            run.err.contains("unexpected argument"),
            "{args:?}: {}",
            run.err
        );
    }
    // Where they are used, they still work.
    let split = gridcsp(&["sudoku", "count", "--split", "4"], CLASSIC);
    assert_eq!(split.code, 0, "{}", split.err);
    assert!(split.text().starts_with("gridcsp-subproblems 1"));
}

// ------------------------------------------------------------------ limits

/// `--json` fields of one answer, without the time.
fn effort(run: &Run) -> String {
    let text = run.text();
    let mut line = text.lines().next().unwrap_or_default().to_owned();
    if let Some(at) = line.find(",\"time_ms\"") {
        let end = line[at + 1..]
            .find([',', '}'])
            .map_or(line.len(), |e| at + 1 + e);
        line.replace_range(at..end, "");
    }
    line
}

fn field(line: &str, name: &str) -> u64 {
    let key = format!("\"{name}\":");
    let at = line
        .find(&key)
        .unwrap_or_else(|| panic!("no {name} in {line}"))
        + key.len();
    line[at..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect::<String>()
        .parse()
        .unwrap_or_else(|_| panic!("{name} is not a number in {line}"))
}

#[test]
fn r42_node_limit_holds_and_answers_agree_at_every_thread_count() {
    // An empty 9x9 grid: beyond the sequential probe (20,000 decisions),
    // so the parallel search runs; it used to run on for ever with two
    // threads, and to stop elsewhere than with one.
    let empty = format!("{}\n", ".".repeat(81));
    let mut seen = Vec::new();
    for threads in ["1", "2", "3"] {
        let run = gridcsp(
            &[
                "sudoku",
                "count",
                "--json",
                "--node-limit",
                "21000",
                "--threads",
                threads,
            ],
            &empty,
        );
        assert_eq!(run.code, 1, "threads {threads}: {}", run.err);
        let line = effort(&run);
        assert!(line.contains("\"outcome\":\"limit\""), "{line}");
        let decisions = field(&line, "decisions");
        assert!(
            decisions <= 21_000,
            "threads {threads}: {decisions} decisions"
        );
        assert!(
            decisions > 20_000,
            "threads {threads}: {decisions} decisions"
        );
        seen.push(line);
    }
    assert_eq!(seen[0], seen[1], "1 and 2 threads");
    assert_eq!(seen[1], seen[2], "2 and 3 threads");
    // A family searched through the generic path, with dom/wdeg.
    let hitori = format!("10 10\n{}", "1 2 1 2 1 2 1 2 1 2\n".repeat(10));
    let mut seen = Vec::new();
    for threads in ["1", "2"] {
        let run = gridcsp(
            &[
                "hitori",
                "count",
                "--json",
                "--node-limit",
                "25000",
                "--threads",
                threads,
            ],
            &hitori,
        );
        let line = effort(&run);
        assert!(field(&line, "decisions") <= 25_000, "{line}");
        seen.push(line);
    }
    assert_eq!(seen[0], seen[1]);
}

#[test]
fn r42_time_limit_stops_a_parallel_search() {
    let empty = format!("{}\n", ".".repeat(256));
    let started = std::time::Instant::now();
    let run = gridcsp(
        &["sudoku", "count", "--time-limit", "300ms", "--threads", "2"],
        &empty,
    );
    let took = started.elapsed();
    assert_eq!(run.text().trim(), "limit", "{}", run.err);
    // The bound the issue asks for is 50 ms over (docs/parallel.md has
    // the measurements); a loaded test machine gets more room here.
    assert!(took < std::time::Duration::from_secs(3), "took {took:?}");
}

/// An `n`x`n` Tents field with a tree on every third cell of every third
/// row, and no counts (9x9: 8,672 placements).
fn tents_every_third(n: usize) -> String {
    let dashes = vec!["-"; n].join(" ");
    let mut text = format!("{n} {n}\n{dashes}\n{dashes}\n");
    for r in 0..n {
        let row: Vec<&str> = (0..n)
            .map(|c| if r % 3 == 0 && c % 3 == 0 { "x" } else { "-" })
            .collect();
        text.push_str(&row.join(" "));
        text.push('\n');
    }
    text
}

#[test]
fn r42_tents_count_is_one_search_within_its_limits() {
    let field_text = tents_every_third(9);
    let run = gridcsp(&["tents", "count", "--json", "--threads", "1"], &field_text);
    let line = effort(&run);
    assert_eq!(field(&line, "count"), 8672, "{line}");
    let (nodes, decisions) = (field(&line, "nodes"), field(&line, "decisions"));
    assert!(decisions > 0, "{line}");
    assert_eq!(nodes, 2 * decisions + 1, "a complete search: {line}");
    // The limits stop it (an 18x18 field has far more placements than a
    // 100 ms search counts).
    let started = std::time::Instant::now();
    let run = gridcsp(
        &[
            "tents",
            "count",
            "--json",
            "--time-limit",
            "100ms",
            "--threads",
            "1",
        ],
        &tents_every_third(18),
    );
    assert!(started.elapsed() < std::time::Duration::from_secs(5));
    assert!(
        run.text().contains("\"outcome\":\"limit\""),
        "{}",
        run.text()
    );
    let run = gridcsp(
        &["tents", "count", "--json", "--node-limit", "100"],
        &field_text,
    );
    let line = effort(&run);
    assert!(line.contains("\"outcome\":\"limit\""), "{line}");
    assert_eq!(field(&line, "decisions"), 100, "{line}");
}

#[test]
fn r42_sudoku_grade_time_limit_bounds_the_techniques() {
    // An empty 25x25 grid: the techniques alone ran for 20-54 s.
    let empty = format!("{}\n", ".".repeat(625));
    for command in ["grade", "explain"] {
        let started = std::time::Instant::now();
        let run = gridcsp(
            &[
                "sudoku",
                command,
                "--time-limit",
                "300ms",
                "--node-limit",
                "1",
            ],
            &empty,
        );
        let took = started.elapsed();
        assert_eq!(run.text().trim(), "limit", "{command}: {}", run.err);
        assert_eq!(run.code, 1);
        assert!(
            took < std::time::Duration::from_secs(5),
            "{command} took {took:?}"
        );
    }
}

// ------------------------------------------------------------------ writes

#[cfg(unix)]
#[test]
fn r42_render_out_follows_a_symlink_and_keeps_it() {
    use std::os::unix::fs::symlink;
    let dir = scratch("symlink");
    let out = dir.join("out");
    std::fs::create_dir_all(&out).expect("out dir");
    std::fs::write(dir.join("real.svg"), "old").expect("target");
    symlink("../real.svg", out.join("sudoku-1.svg")).expect("link");
    let run = gridcsp_in(&dir, &["sudoku", "render", "--out", "out"], CLASSIC);
    assert_eq!(run.code, 0, "{}", run.err);
    let link = std::fs::symlink_metadata(out.join("sudoku-1.svg")).expect("link");
    assert!(link.file_type().is_symlink(), "the link was replaced");
    let drawn = std::fs::read_to_string(dir.join("real.svg")).expect("target");
    assert!(drawn.starts_with("<svg"), "the target was not written");
    std::fs::remove_dir_all(&dir).expect("clean up");
}

#[cfg(unix)]
#[test]
fn r42_generate_pdf_writes_through_a_fifo_and_keeps_it() {
    use std::io::Read;
    use std::os::unix::fs::FileTypeExt;
    let dir = scratch("fifo");
    let fifo = dir.join("booklet.pdf");
    let made = Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        return; // no mkfifo here
    }
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            std::fs::File::open(&fifo)
                .expect("open the FIFO")
                .read_to_end(&mut bytes)
                .expect("read the FIFO");
            bytes
        })
    };
    let args = [
        "sudoku",
        "generate",
        "--count",
        "2",
        "--seed",
        "1",
        "--difficulty",
        "easy",
        "--pdf",
        "booklet.pdf",
    ];
    let run = gridcsp_in(&dir, &args, "");
    assert_eq!(run.code, 0, "{}", run.err);
    let pdf = reader.join().expect("reader");
    assert!(pdf.starts_with(b"%PDF-") && pdf.ends_with(b"%%EOF"));
    let kind = std::fs::symlink_metadata(&fifo)
        .expect("still there")
        .file_type();
    assert!(kind.is_fifo(), "the FIFO was replaced by a {kind:?}");
    std::fs::remove_dir_all(&dir).expect("clean up");
}

#[test]
fn r42_write_failures_exit_2_everywhere() {
    let dir = scratch("unwritable");
    // render --out: the picture's path is a directory.
    std::fs::create_dir_all(dir.join("out").join("sudoku-1.svg")).expect("in the way");
    let run = gridcsp_in(&dir, &["sudoku", "render", "--out", "out"], CLASSIC);
    assert_eq!(run.code, 2, "render --out: {}", run.err);
    assert!(run.err.contains("cannot write"), "{}", run.err);
    // generate --pdf: a directory that does not exist.
    let args = [
        "sudoku",
        "generate",
        "--seed",
        "1",
        "--pdf",
        "no/such/dir/b.pdf",
    ];
    let run = gridcsp_in(&dir, &args, "");
    assert_eq!(run.code, 2, "generate --pdf: {}", run.err);
    assert!(run.err.contains("cannot write"), "{}", run.err);
    std::fs::remove_dir_all(&dir).expect("clean up");
}

// ---------------------------------------------------------------- pictures

#[test]
fn r42_png_over_the_pixel_budget_is_refused_not_allocated() {
    let dir = scratch("png");
    let args = [
        "star-battle",
        "render",
        "--png",
        "--cell-size",
        "720",
        "--out",
        "out",
    ];
    let star_battle = "8 8 1\n0 0 0 0 1 1 1 1\n0 0 0 0 1 1 1 1\n2 2 2 2 3 3 3 3\n\
                       2 2 2 2 3 3 3 3\n4 4 4 4 5 5 5 5\n4 4 4 4 5 5 5 5\n\
                       6 6 6 6 7 7 7 7\n6 6 6 6 7 7 7 7\n";
    let run = gridcsp_in(&dir, &args, star_battle);
    assert_eq!(run.code, 1, "{}", run.err);
    assert!(run.err.contains("over the budget"), "{}", run.err);
    // Within the budget it is drawn.
    let args = [
        "star-battle",
        "render",
        "--png",
        "--cell-size",
        "100",
        "--out",
        "out",
    ];
    let run = gridcsp_in(&dir, &args, star_battle);
    assert_eq!(run.code, 0, "{}", run.err);
    std::fs::remove_dir_all(&dir).expect("clean up");
}

#[test]
fn r42_nonogram_text_layout_holds_512_by_512() {
    // No filled cell: every clue 0 (1,025 lines, one over the old limit).
    let mut empty = String::from("512 512\n");
    empty.push_str(&"0\n".repeat(1024));
    let run = gridcsp(&["nonogram", "solve"], &empty);
    assert_eq!(run.code, 0, "{}", run.err);
    assert!(run.text().starts_with("512 512"), "{}", run.err);
    // A checkerboard: every clue 256 ones, 523 KB of clues.
    let ones = vec!["1"; 256].join(" ");
    let mut board = String::from("512 512\n");
    for _ in 0..1024 {
        board.push_str(&ones);
        board.push('\n');
    }
    let run = gridcsp(&["nonogram", "check"], &board);
    assert_eq!(run.text().trim(), "ok", "{}", run.err);
}
