//! puzz.link URLs on the command line: read line by line beside the other
//! forms, as arguments, with the family inferred (`gridcsp solve URL`),
//! and written by `convert --to` and `generate --to`.

use std::io::Write;
use std::process::{Command, Stdio};

struct Run {
    out: String,
    err: String,
    code: i32,
}

fn gridcsp(args: &[&str], input: Option<&str>) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gridcsp"))
        .args(args)
        .stdin(if input.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start gridcsp");
    if let Some(text) = input {
        let mut stdin = child.stdin.take().expect("stdin piped");
        stdin.write_all(text.as_bytes()).expect("write stdin");
    }
    let output = child.wait_with_output().expect("run gridcsp");
    let run = Run {
        out: String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        err: String::from_utf8_lossy(&output.stderr).into_owned(),
        code: output.status.code().expect("exited normally"),
    };
    assert!(!run.err.contains("panicked"), "{}", run.err);
    assert!(!run.err.contains("internal error"), "{}", run.err);
    run
}

/// Answers separated by blank lines.
fn blocks(out: &str) -> Vec<String> {
    out.split("\n\n")
        .map(|b| b.trim().to_owned())
        .filter(|b| !b.is_empty())
        .collect()
}

const SLITHER_URL: &str = "https://puzz.link/p?slither/5/5/cbcbcddad";
const SLITHER_TEXT: &str = "5 5\n2 - - 1 -\n- 2 - - 1\n- - 2 - -\n3 - - 3 -\n- 0 - - 3\n";
const MASYU_URL: &str = "https://puzz.link/p?mashu/6/6/1063000i3000";

#[test]
fn urls_are_read_line_by_line_beside_text_layouts_and_game_ids() {
    let id = gridcsp(&["slitherlink", "convert", "--to", "id", SLITHER_URL], None);
    assert_eq!(id.code, 0, "{}", id.err);
    let id = id.out.trim().to_owned();
    assert!(id.starts_with("5x5t0:"), "{id}");
    // A layout, a URL right after it, a game ID, a broken URL, a URL of
    // another genre: one answer each, in order.
    let input = format!(
        "{SLITHER_TEXT}{SLITHER_URL}\n\n{id}\nhttps://puzz.link/p?slither/5/5/cb#\n{MASYU_URL}\n"
    );
    let run = gridcsp(&["slitherlink", "solve", "--threads", "2"], Some(&input));
    let answers = blocks(&run.out);
    assert_eq!(answers.len(), 5, "{}", run.out);
    assert_ne!(answers[0], "invalid");
    assert_eq!(answers[1], answers[0]);
    assert_eq!(answers[2], answers[0]);
    assert_eq!(answers[3], "invalid");
    assert_eq!(answers[4], "invalid");
    assert_eq!(run.code, 2);
    assert!(
        run.err
            .contains("<stdin>:10: line 10, column 35: unexpected '#'"),
        "{}",
        run.err
    );
    assert!(
        run.err.contains("`mashu`, a genre of gridcsp's masyu"),
        "{}",
        run.err
    );
}

#[test]
fn a_url_in_place_of_a_file_is_a_puzzle() {
    let by_url = gridcsp(&["slitherlink", "solve", SLITHER_URL], None);
    let by_text = gridcsp(&["slitherlink", "solve"], Some(SLITHER_TEXT));
    assert_eq!(by_url.code, 0, "{}", by_url.err);
    assert_eq!(by_url.out, by_text.out);
}

#[test]
fn solve_without_a_family_finds_it_from_each_url() {
    let run = gridcsp(
        &[
            "solve",
            SLITHER_URL,
            MASYU_URL,
            "https://puzz.link/p?tapa/5/5/g",
        ],
        None,
    );
    let answers = blocks(&run.out);
    assert_eq!(answers.len(), 3, "{}", run.out);
    let slither = gridcsp(&["slitherlink", "solve", SLITHER_URL], None);
    let masyu = gridcsp(&["masyu", "solve", MASYU_URL], None);
    assert_eq!(answers[0], slither.out.trim());
    assert_eq!(answers[1], masyu.out.trim());
    assert_eq!(answers[2], "invalid");
    assert!(
        run.err.contains("`tapa`: gridcsp has no family"),
        "{}",
        run.err
    );
    assert_eq!(run.code, 2);
    // JSON names the family; a line that is no URL is invalid.
    let run = gridcsp(&["--json", "solve"], Some(&format!("{MASYU_URL}\n5 5\n")));
    let lines: Vec<&str> = run.out.lines().collect();
    assert_eq!(lines.len(), 2, "{}", run.out);
    assert!(lines[0].contains(r#""family":"masyu""#), "{}", lines[0]);
    assert!(lines[1].contains(r#""outcome":"invalid""#), "{}", lines[1]);
    assert!(lines[1].contains("not a puzz.link URL"), "{}", lines[1]);
}

#[test]
fn convert_writes_every_form_and_says_what_cannot_be_written() {
    let run = gridcsp(
        &["slitherlink", "convert", "--to", "puzzlink"],
        Some(SLITHER_TEXT),
    );
    assert_eq!(run.out.trim(), SLITHER_URL);
    let run = gridcsp(
        &["slitherlink", "convert", "--to", "text", SLITHER_URL],
        None,
    );
    assert_eq!(run.code, 0, "{}", run.err);
    assert_eq!(run.out, SLITHER_TEXT);
    // KenKen is not on puzz.link: `failed`, the reason on standard error.
    let kenken = "2 2\na a\nb b\na 3 +\nb 3 +\n";
    let run = gridcsp(&["kenken", "convert", "--to", "puzzlink"], Some(kenken));
    assert_eq!(run.out.trim(), "failed");
    assert!(
        run.err.contains("KenKen is not on puzz.link"),
        "{}",
        run.err
    );
    assert_eq!(run.code, 1);
}

#[test]
fn generate_writes_urls_that_solve() {
    let run = gridcsp(
        &[
            "tents", "generate", "--seed", "3", "--count", "2", "--to", "puzzlink",
        ],
        None,
    );
    assert_eq!(run.code, 0, "{}", run.err);
    let urls: Vec<&str> = run.out.lines().collect();
    assert_eq!(urls.len(), 2, "{}", run.out);
    for url in &urls {
        assert!(url.starts_with("https://puzz.link/p?tents/8/8/"), "{url}");
    }
    let solved = gridcsp(&["solve"], Some(&run.out));
    assert_eq!(solved.code, 0, "{}", solved.err);
    assert_eq!(blocks(&solved.out).len(), 2);
    // JSON carries the URL beside the other forms.
    let json = gridcsp(&["--json", "tents", "generate", "--seed", "3"], None);
    assert!(
        json.out.contains(&format!(r#""puzzlink":"{}""#, urls[0])),
        "{}",
        json.out
    );
}

#[test]
fn sudoku_reads_and_writes_urls() {
    let url = "https://puzz.link/p?sudoku/4/4/g1k23k3g";
    let line = ".1.....23.....3.";
    let by_url = gridcsp(&["sudoku", "solve", url], None);
    let by_line = gridcsp(&["sudoku", "solve"], Some(line));
    assert_eq!(by_url.code, 0, "{}", by_url.err);
    assert_eq!(by_url.out, by_line.out);
    let run = gridcsp(&["sudoku", "convert", "--to", "puzzlink"], Some(line));
    assert_eq!(run.out.trim(), url);
    let run = gridcsp(
        &["sudoku", "generate", "--seed", "5", "--to", "puzzlink"],
        None,
    );
    assert!(
        run.out.starts_with("https://puzz.link/p?sudoku/9/9/"),
        "{}",
        run.out
    );
    assert_eq!(gridcsp(&["solve"], Some(&run.out)).code, 0);
    // 2x4 boxes: puzz.link draws none.
    let run = gridcsp(
        &[
            "sudoku", "generate", "--box", "2x4", "--seed", "5", "--to", "puzzlink",
        ],
        None,
    );
    assert_eq!(run.out.trim(), "failed");
    assert!(run.err.contains("2x4"), "{}", run.err);
}

#[test]
fn futoshiki_says_it_is_not_on_puzz_link() {
    let run = gridcsp(&["futoshiki", "solve"], Some(&format!("{SLITHER_URL}\n")));
    assert_eq!(run.out.trim(), "invalid");
    assert!(
        run.err.contains("Futoshiki is not on puzz.link"),
        "{}",
        run.err
    );
}
