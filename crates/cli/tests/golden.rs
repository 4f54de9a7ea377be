//! Golden output: what `gridcsp` writes today for Sudoku, Futoshiki and a
//! few other families, every subcommand, text and JSON, good and bad
//! inputs, byte for byte (standard output, standard error and the exit
//! status; JSON's `time_ms` is the one field that is set to 0 before the
//! comparison). The expected runs are in `tests/golden/<group>.txt`.
//! Runs that search one puzzle and report its search (`--json`, or a node
//! limit) use one thread (`-j 1`): one puzzle is searched by all cores
//! otherwise, and how far each thread gets depends on the machine.
//!
//! A change of output is a change of the CLI's interface (README,
//! "Versioning"): when one is meant, run
//! `GRIDCSP_BLESS=1 cargo test -p gridcsp-cli --test golden` and review
//! the diff of the files it rewrites.
//!
//! See: issue 43 (the files were written before Sudoku and Futoshiki moved
//! onto the shared family path, and that move had to keep them passing).

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

const CLASSIC: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const SMALL: &str = ".3.4...31.......";
const HARD: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const FUTOSHIKI: &str = "4:1,0R,0,4,0,0,0,0,0,0U,0U,0,0,0R,0,0,";

/// One run: a title, the arguments after `gridcsp`, and standard input.
struct Case {
    args: Vec<String>,
    stdin: Option<String>,
}

fn case(args: &str) -> Case {
    Case {
        args: args.split_whitespace().map(str::to_owned).collect(),
        stdin: None,
    }
}

fn piped(args: &str, stdin: &str) -> Case {
    Case {
        stdin: Some(stdin.to_owned()),
        ..case(args)
    }
}

/// A puzzle as a line of standard input.
fn line(puzzle: &str) -> String {
    format!("{puzzle}\n")
}

fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("data")
}

/// `"time_ms":<number>` as `"time_ms":0`: the one field that differs
/// between two runs.
fn without_times(text: &str) -> String {
    const KEY: &str = "\"time_ms\":";
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find(KEY) {
        out.push_str(&rest[..i + KEY.len()]);
        out.push('0');
        rest = rest[i + KEY.len()..].trim_start_matches(|c: char| {
            c.is_ascii_digit() || matches!(c, '.' | 'e' | 'E' | '-' | '+')
        });
    }
    out.push_str(rest);
    out
}

/// The record of one run, as the golden files hold it.
fn record(c: &Case) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gridcsp"))
        .args(&c.args)
        .current_dir(data_dir())
        .stdin(if c.stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start gridcsp");
    if let Some(input) = &c.stdin {
        let mut stdin = child.stdin.take().expect("piped");
        // The binary may stop reading early; a broken pipe is fine here.
        let _ = stdin.write_all(input.as_bytes());
    }
    let output = child.wait_with_output().expect("run gridcsp");
    let mut r = format!("=== gridcsp {}\n", c.args.join(" "));
    if let Some(input) = &c.stdin {
        r.push_str("--- stdin\n");
        r.push_str(input);
        if !input.ends_with('\n') {
            r.push('\n');
        }
    }
    let code = output.status.code().expect("exited, not killed");
    r.push_str(&format!("--- exit {code}\n--- stdout\n"));
    r.push_str(&without_times(&String::from_utf8_lossy(&output.stdout)));
    r.push_str("--- stderr\n");
    r.push_str(&String::from_utf8_lossy(&output.stderr));
    r
}

/// Runs every case and compares with `tests/golden/<group>.txt` (or
/// rewrites it, with `GRIDCSP_BLESS=1`).
fn check(group: &str, cases: &[Case]) {
    let got: String = cases.iter().map(record).collect();
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("golden")
        .join(format!("{group}.txt"));
    if std::env::var_os("GRIDCSP_BLESS").is_some() {
        std::fs::create_dir_all(path.parent().expect("a directory")).expect("mkdir");
        std::fs::write(&path, &got).expect("write the golden file");
        return;
    }
    let want = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e} (GRIDCSP_BLESS=1 writes it from today's output)",
            path.display()
        )
    });
    if got != want {
        // The first run that differs, whole, rather than one long diff.
        let split = |t: &str| -> Vec<String> {
            t.split("=== gridcsp ")
                .filter(|s| !s.is_empty())
                .map(str::to_owned)
                .collect()
        };
        let (g, w) = (split(&got), split(&want));
        for (a, b) in g.iter().zip(&w) {
            assert_eq!(a, b, "{group}: the output of a run changed");
        }
        assert_eq!(g.len(), w.len(), "{group}: the number of runs changed");
    }
}

#[test]
fn sudoku_output_is_unchanged() {
    let four = format!("{SMALL}\n..343412..434321\n1234341221434321\n");
    let cases = vec![
        // solve
        case("sudoku solve sudoku_mixed.txt"),
        case("sudoku solve --json sudoku_mixed.txt"),
        case("sudoku solve --grid --pretty sudoku_grid.txt"),
        case("sudoku solve --grid --json sudoku_grid.txt"),
        case("sudoku solve --grid --box 2x3 sudoku_6x6.txt"),
        piped("sudoku solve --diagonal", "..3.2.....2..1.3\n"),
        piped(
            "sudoku solve --json",
            "3x3:1a7_3b5_5a3a4c2b7a1b8a3b9_8a6c9a1a4b8_3a2_9a6\n2x2x:4c3a1e4b\n",
        ),
        case("sudoku solve https://puzz.link/p?sudoku/4/4/g3g4i31k"),
        piped(
            "sudoku solve",
            "3j:1a2c9a2a8_2c8b2g6_9b7a8c5a4b6d3b5c2b4_7a5b3g9b4b1b2b7a5c6b1b7a1a9a2_3e4b2a9b5d5a1a5b4e1b9d1a1b3a3a9e3b9a8e6c6c4a\n",
        ),
        piped("sudoku solve -j 1 --node-limit 1", &line(HARD)),
        piped("sudoku solve -j 1 --json --node-limit 1", &line(HARD)),
        // count
        case("sudoku count --limit 2 sudoku_multi.txt"),
        case("sudoku count --json sudoku_multi.txt"),
        piped("sudoku count --json", &four),
        piped(
            "sudoku count",
            "55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n",
        ),
        // check
        case("sudoku check sudoku_check.txt"),
        case("sudoku check --json sudoku_check.txt"),
        case("sudoku check --grid sudoku_grid.txt"),
        // grade and explain
        case("sudoku grade sudoku_good.txt"),
        case("sudoku grade --json sudoku_good.txt"),
        case("sudoku grade sudoku_multi.txt"),
        piped("sudoku grade --json", &four),
        piped("sudoku grade --node-limit 1", &line(HARD)),
        piped("sudoku explain", &line(SMALL)),
        piped("sudoku explain --json", &four),
        case("sudoku explain sudoku_mixed.txt"),
        // hint
        piped("sudoku hint", &line(SMALL)),
        case("sudoku hint --json sudoku_mixed.txt"),
        piped("sudoku hint --node-limit 1", &line(HARD)),
        // generate
        case("sudoku generate --count 3 --seed 7"),
        case("sudoku generate --count 2 --seed 7 --json"),
        case("sudoku generate --seed 3 --pretty"),
        case("sudoku generate --count 2 --seed 5 --difficulty easy --to id"),
        case("sudoku generate --count 2 --seed 5 --difficulty easy --to puzzlink"),
        case("sudoku generate --count 2 --seed 5 --difficulty easy --to text"),
        case("sudoku generate --seed 5 --size 6 --to puzzlink"),
        case("sudoku generate --count 2 --seed 4 --size 4 --json"),
        case("sudoku generate --seed 3 --box 2x3 --symmetric --minimal --pretty"),
        case("sudoku generate --count 2 --seed 7 --technique x-wing"),
        case("sudoku generate --count 2 --seed 7 --max-rating 2.0 --json"),
        case("sudoku generate --seed 2 --diagonal --difficulty easy"),
        case("sudoku generate --seed 2 --difficulty nonsense"),
        case("sudoku generate --seed 2 --box 6x6"),
        // render
        piped("sudoku render", &line(SMALL)),
        piped("sudoku render --solution --highlight r1c1", &line(SMALL)),
        case("sudoku render --candidates --grid --box 2x3 sudoku_6x6.txt"),
        case("sudoku render sudoku_multi.txt"),
        // convert
        case("sudoku convert --to id sudoku_good.txt"),
        case("sudoku convert --to puzzlink sudoku_good.txt"),
        case("sudoku convert --to text --json sudoku_good.txt"),
        case("sudoku convert --to id https://puzz.link/p?sudoku/4/4/g3g4i31k"),
        piped("sudoku convert --to puzzlink", &line(CLASSIC)),
        // a 16x16 board, variants and limits on every subcommand
        // (added before the move onto the family path: issue 43)
        case("sudoku solve -j 1 --json sudoku_16x16.txt"),
        case("sudoku solve --pretty sudoku_16x16.txt"),
        case("sudoku count -j 1 --limit 2 sudoku_16x16.txt"),
        case("sudoku check --json sudoku_16x16.txt"),
        case("sudoku solve --pretty sudoku_good.txt"),
        case("sudoku count -j 1 --json --limit 1 sudoku_multi.txt"),
        case("sudoku count -j 1 --json --node-limit 1 sudoku_multi.txt"),
        case("sudoku check --diagonal sudoku_good.txt"),
        piped("sudoku count -j 1 --diagonal --json", "..3.2.....2..1.3\n"),
        piped("sudoku grade --diagonal", "..3.2.....2..1.3\n"),
        piped("sudoku explain --diagonal --json", "..3.2.....2..1.3\n"),
        case("sudoku grade --json --grid --box 2x3 sudoku_6x6.txt"),
        case("sudoku explain --json --grid --box 2x3 sudoku_6x6.txt"),
        case("sudoku explain --json sudoku_multi.txt"),
        piped(
            "sudoku solve -j 1 --json",
            "55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n",
        ),
        piped("sudoku grade --json --node-limit 1", &line(HARD)),
        piped("sudoku explain --json --node-limit 1", &line(HARD)),
        // usage and input errors
        case("sudoku solve --box 6x6 sudoku_good.txt"),
        case("sudoku solve missing.txt"),
        case("sudoku count --limit 0 sudoku_good.txt"),
    ];
    check("sudoku", &cases);
}

#[test]
fn futoshiki_output_is_unchanged() {
    let adjacent = "# adjacent\n1 . .\n|  \n. . .\n\n. . .\n";
    // Adjacent mode without bars: no two neighbours differ by 1, so no
    // solution (one in standard mode).
    let no_bars = "# adjacent\n1 .\n   \n. .\n";
    let cases = vec![
        // solve
        case("futoshiki solve futoshiki_mixed.txt"),
        case("futoshiki solve --json futoshiki_mixed.txt"),
        case("futoshiki solve --pretty futoshiki_ids.txt"),
        case("futoshiki solve --pretty --json futoshiki_ids.txt"),
        piped("futoshiki solve -j 1 --json", adjacent),
        case("futoshiki solve https://puzz.link/p?sudoku/4/4/g3g4i31k"),
        piped("futoshiki solve --json", "1 1 .\n\n. . .\n\n. . .\n"),
        case("futoshiki solve --node-limit 1 futoshiki_multi.txt"),
        // count
        case("futoshiki count futoshiki_multi.txt"),
        case("futoshiki count --limit 5 --json futoshiki_multi.txt"),
        case("futoshiki count futoshiki_check.txt"),
        // check
        case("futoshiki check futoshiki_check.txt"),
        case("futoshiki check --json futoshiki_check.txt"),
        // grade and explain
        case("futoshiki grade futoshiki_ids.txt"),
        case("futoshiki grade --json futoshiki_ids.txt"),
        case("futoshiki grade futoshiki_multi.txt"),
        case("futoshiki grade futoshiki_mixed.txt"),
        piped("futoshiki explain", &line(FUTOSHIKI)),
        piped("futoshiki explain --json", &line(FUTOSHIKI)),
        case("futoshiki explain --json futoshiki_check.txt"),
        // hint
        piped("futoshiki hint", &line(FUTOSHIKI)),
        case("futoshiki hint --json futoshiki_mixed.txt"),
        piped("futoshiki hint", adjacent),
        piped("futoshiki solve", no_bars),
        piped("futoshiki hint", no_bars),
        // generate
        case("futoshiki generate --size 4 --count 3 --seed 3"),
        case("futoshiki generate --size 4 --count 2 --seed 3 --grid"),
        case("futoshiki generate --size 5 --seed 9 --difficulty tricky --json"),
        case("futoshiki generate --size 4 --seed 2 --adjacent --grid"),
        case("futoshiki generate --size 4 --seed 2 --difficulty t"),
        case("futoshiki generate --size 40"),
        case("futoshiki generate --difficulty nonsense"),
        // render
        piped("futoshiki render", &line(FUTOSHIKI)),
        piped("futoshiki render --solution", &line(FUTOSHIKI)),
        case("futoshiki render futoshiki_ids.txt"),
        piped("futoshiki render", adjacent),
        // convert
        case("futoshiki convert --to text futoshiki_ids.txt"),
        case("futoshiki convert --to id futoshiki_mixed.txt"),
        case("futoshiki convert --to puzzlink --json futoshiki_ids.txt"),
        piped("futoshiki convert --to text", adjacent),
        piped("futoshiki convert --to id", no_bars),
        // limits, Adjacent mode and failures on every subcommand (added
        // before the move onto the family path: issue 43)
        case("futoshiki count --limit 1 futoshiki_multi.txt"),
        case("futoshiki count -j 1 --json --node-limit 1 futoshiki_multi.txt"),
        case("futoshiki solve -j 1 --json --node-limit 1 futoshiki_multi.txt"),
        case("futoshiki grade --json futoshiki_multi.txt"),
        case("futoshiki explain --json futoshiki_mixed.txt"),
        case("futoshiki explain futoshiki_multi.txt"),
        piped("futoshiki grade --json", adjacent),
        piped("futoshiki explain --json", adjacent),
        piped("futoshiki check --json", adjacent),
        piped("futoshiki solve --pretty", adjacent),
        piped("futoshiki count -j 1 --json", adjacent),
        piped("futoshiki check", no_bars),
        piped("futoshiki grade --json", no_bars),
        case("futoshiki generate --size 4 --seed 2 --adjacent --json"),
        case("futoshiki generate --size 3 --count 2 --seed 1 --difficulty trivial"),
        // input errors
        case("futoshiki solve missing.txt"),
    ];
    check("futoshiki", &cases);
}

#[test]
fn other_families_output_is_unchanged() {
    let kakuro = "kakuro generate --seed 1 --size 5";
    let cases = vec![
        case(kakuro),
        case("light-up generate --seed 2 --size 5 --json"),
        case("tents generate --seed 3 --size 6 --to id"),
        case("slitherlink solve https://puzz.link/p?slither/5/5/cbcbcddad"),
        case("slitherlink solve -j 1 --json https://puzz.link/p?slither/5/5/cbcbcddad"),
        case("slitherlink grade --json https://puzz.link/p?slither/5/5/cbcbcddad"),
        case("slitherlink hint --json https://puzz.link/p?slither/5/5/cbcbcddad"),
        case("slitherlink count -j 1 --json https://puzz.link/p?slither/5/5/cbcbcddad"),
        case("slitherlink check https://puzz.link/p?slither/5/5/cbcbcddad"),
        case("slitherlink explain https://puzz.link/p?slither/5/5/cbcbcddad"),
        case("slitherlink convert --to id https://puzz.link/p?slither/5/5/cbcbcddad"),
        case("solve https://puzz.link/p?slither/5/5/cbcbcddad"),
        case("solve -j 1 --json https://puzz.link/p?sudoku/4/4/g3g4i31k"),
        case("kakuro generate --seed 1 --difficulty nonsense"),
    ];
    check("others", &cases);
}
