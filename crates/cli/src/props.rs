//! Property tests of the input framing: for every family and format,
//! valid records interleaved with garbage records (random bytes, truncated
//! and mutated valid records, byte-order marks, over-long lines, lone
//! rows) give exactly one answer per record, in order, and every valid
//! record gets the answer it gets alone.
//!
//! They run the same [`crate::run`] the binary runs, in-process (standard
//! input and output in memory), which is some hundred times faster than
//! starting the binary for each case; `tests/cli.rs` runs the binary on
//! the reproducers.
//!
//! The garbage is garbage *as the framing contract defines records*
//! (docs/cli.md): a garbage record holds no blank line, and is followed by
//! what surely ends a damaged record of its format: a blank line, a
//! comment line, or for Futoshiki grids two blank lines (an empty line in a
//! grid may be an empty relation row). A mutation edits one line and keeps
//! its kind (blank or not; with or without cells in a Sudoku grid).

use crate::output::Io;
use proptest::prelude::*;
use proptest::sample::Index;
use serde_json::Value;
use std::sync::LazyLock;

/// Runs `gridcsp ARGS` on `input` in-process: (stdout, stderr, status).
pub(crate) fn gridcsp(args: &[&str], input: &[u8]) -> (String, String, u8) {
    let argv = std::iter::once("gridcsp").chain(args.iter().copied());
    let parsed = crate::parse_from(argv).expect("valid arguments");
    let (io, out, err) = Io::memory(input.to_vec());
    let code = crate::run(parsed, &io);
    (out.text(), err.text(), code)
}

/// The input formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    SudokuLine,
    SudokuGrid,
    FutoshikiId,
    FutoshikiGrid,
}

/// A format under test: the command, and valid records with their answers
/// when alone.
#[derive(Debug)]
struct Format {
    args: &'static [&'static str],
    valid: Vec<(Kind, String)>,
    /// Whether a garbage line may start a block (every format but Sudoku
    /// lines: in Futoshiki input, a line that is no game ID starts a grid).
    block: bool,
    /// Blank lines that surely end a damaged block.
    after_garbage: usize,
    /// Each valid record's answer when it is the whole input (one line;
    /// JSON objects without `file`, `line` and `time_ms`).
    alone: Vec<Value>,
}

const CLASSIC: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

const SUDOKU_LINES: &[&str] = &[
    CLASSIC,
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
    ".3.4...31.......",
    "..343412..434321",
    "55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    "................",
    ".................................................................................",
    "...5....2..1..........1.24......",
    "1",
];

const FUTOSHIKI_IDS: &[&str] = &[
    "4:1,0R,0,4,0,0,0,0,0,0U,0U,0,0,0R,0,0,",
    "4:2,0D,0,0L,0,0,0,0,0,0U,0,0L,0,0R,0,0,",
    "5:0,0L,0,0,0,0,0,0L,0D,0,0,0,0U,3,0D,0,0,0,0,0D,4U,0U,0,0,2,",
    "3:0,0,0,0,0,0,0,0,0,",
    "4:1R,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,",
    "2:0,0,1,0,",
];

/// The Sudoku boards of [`SUDOKU_LINES`] that are boards (the 32-cell
/// line is not), in the grid forms: as `--pretty` writes them, rows
/// without separators, and with a border.
fn sudoku_grids() -> Vec<String> {
    let mut out = Vec::new();
    for line in SUDOKU_LINES {
        let Ok(board) = line.parse::<sudoku::Board>() else {
            continue;
        };
        let pretty = board.to_string().trim_end().to_owned();
        let n = board.size();
        let plain: Vec<String> = board
            .to_line()
            .as_bytes()
            .chunks(n)
            .map(|row| {
                let cells: Vec<String> = row.iter().map(|&c| char::from(c).to_string()).collect();
                cells.join(" ")
            })
            .collect();
        out.push(pretty.clone());
        out.push(plain.join("\n"));
        if n == 4 {
            let border = "+-----+-----+";
            let rows: Vec<String> = pretty
                .lines()
                .map(|l| {
                    if l.contains('+') {
                        border.to_owned()
                    } else {
                        format!("| {l} |")
                    }
                })
                .collect();
            out.push(format!("{border}\n{}\n{border}", rows.join("\n")));
        }
    }
    out
}

/// The Futoshiki puzzles of [`FUTOSHIKI_IDS`] as grids: padded (as gridcsp
/// writes them) and with trailing spaces stripped (empty relation rows).
fn futoshiki_grids() -> Vec<String> {
    let mut out = Vec::new();
    for id in FUTOSHIKI_IDS {
        let grid = futoshiki::Puzzle::from_game_id(id)
            .expect("a game ID")
            .to_grid();
        let padded = grid.trim_end_matches('\n').to_owned();
        let stripped: Vec<&str> = padded.lines().map(str::trim_end).collect();
        out.push(padded.clone());
        out.push(stripped.join("\n"));
    }
    out
}

/// A JSON answer without what depends on where the record is.
fn comparable(mut v: Value) -> Value {
    if let Some(o) = v.as_object_mut() {
        for key in ["file", "line", "time_ms"] {
            o.remove(key);
        }
    }
    v
}

/// The answers of a run, one value per line (text lines as strings).
fn answers(args: &[&str], out: &str) -> Vec<Value> {
    let json = args.contains(&"--json");
    out.lines()
        .map(|l| {
            if json {
                comparable(serde_json::from_str(l).expect("one JSON object per line"))
            } else {
                Value::from(l)
            }
        })
        .collect()
}

impl Format {
    fn new(
        args: &'static [&'static str],
        valid: Vec<(Kind, String)>,
        after_garbage: usize,
    ) -> Format {
        let block = valid.iter().any(|(k, _)| *k != Kind::SudokuLine);
        let alone = valid
            .iter()
            .map(|(_, record)| {
                let (out, err, _) = gridcsp(args, format!("{record}\n").as_bytes());
                let mut got = answers(args, &out);
                assert_eq!(got.len(), 1, "{record:?} alone: {out}{err}");
                got.remove(0)
            })
            .collect();
        Format {
            args,
            valid,
            block,
            after_garbage,
            alone,
        }
    }
}

static SUDOKU_LINE: LazyLock<Format> = LazyLock::new(|| {
    let valid = SUDOKU_LINES
        .iter()
        .map(|l| (Kind::SudokuLine, (*l).to_owned()))
        .collect();
    Format::new(&["sudoku", "solve", "--threads", "1"], valid, 1)
});

static SUDOKU_GRID: LazyLock<Format> = LazyLock::new(|| {
    let valid = sudoku_grids()
        .into_iter()
        .map(|g| (Kind::SudokuGrid, g))
        .collect();
    Format::new(
        &["sudoku", "solve", "--grid", "--json", "--threads", "2"],
        valid,
        1,
    )
});

static FUTOSHIKI_ID: LazyLock<Format> = LazyLock::new(|| {
    let valid = FUTOSHIKI_IDS
        .iter()
        .map(|l| (Kind::FutoshikiId, (*l).to_owned()))
        .collect();
    Format::new(&["futoshiki", "solve", "--threads", "1"], valid, 2)
});

static FUTOSHIKI_GRID: LazyLock<Format> = LazyLock::new(|| {
    let valid = futoshiki_grids()
        .into_iter()
        .map(|g| (Kind::FutoshikiGrid, g))
        .collect();
    Format::new(&["futoshiki", "solve", "--threads", "1"], valid, 2)
});

static FUTOSHIKI_MIXED: LazyLock<Format> = LazyLock::new(|| {
    let mut valid: Vec<(Kind, String)> = FUTOSHIKI_IDS
        .iter()
        .map(|l| (Kind::FutoshikiId, (*l).to_owned()))
        .collect();
    valid.extend(
        futoshiki_grids()
            .into_iter()
            .map(|g| (Kind::FutoshikiGrid, g)),
    );
    Format::new(
        &["--json", "futoshiki", "solve", "--threads", "2"],
        valid,
        2,
    )
});

/// A piece of the input.
#[derive(Clone, Debug)]
enum Item {
    /// The valid record of that index.
    Valid(usize),
    /// A garbage record's bytes (no final newline).
    Garbage(Vec<u8>),
}

/// What follows an item: a comment line first, then blank lines.
#[derive(Clone, Copy, Debug)]
struct Sep {
    comment: bool,
    blanks: usize,
    spaces: bool,
}

/// Whether a line can start a record of `kind` (rather than be skipped).
fn starts_record(kind: Kind, line: &str) -> bool {
    let line = line.strip_suffix('\r').unwrap_or(line);
    let cells = line
        .chars()
        .any(|c| !(c.is_whitespace() || matches!(c, '|' | '-' | '+')));
    !crate::framing::is_blank(line)
        && !crate::framing::is_comment(line)
        && (kind != Kind::SudokuGrid || cells)
}

/// Random bytes on one line, made a record start.
fn junk(kind: Kind, mut bytes: Vec<u8>) -> Vec<u8> {
    bytes.retain(|&b| b != b'\n');
    if !starts_record(kind, &String::from_utf8_lossy(&bytes)) {
        bytes.insert(0, b'x');
    }
    bytes
}

/// The characters a mutation writes into a line of `kind`: what the
/// format uses, plus a stray letter, never `#` (a comment), nor `:` and
/// `,` in a grid (they make a game ID).
fn alphabet(kind: Kind) -> &'static [char] {
    match kind {
        Kind::SudokuLine | Kind::SudokuGrid => &[
            '0', '1', '2', '3', '5', '9', '.', 'A', 'x', '|', '-', '+', ' ',
        ],
        Kind::FutoshikiId => &[
            '0', '1', '3', '9', ':', ',', 'U', 'R', 'D', 'L', 'a', ';', ' ',
        ],
        Kind::FutoshikiGrid => &[
            '0', '1', '2', '4', '.', '<', '>', '^', 'v', '|', '-', 'x', ' ',
        ],
    }
}

/// The cells of a Sudoku grid line, or the width of a Futoshiki one.
fn size_of(kind: Kind, line: &str) -> usize {
    match kind {
        Kind::SudokuGrid => line
            .chars()
            .filter(|&c| !(c.is_whitespace() || matches!(c, '|' | '-' | '+')))
            .count(),
        _ => line.trim_end_matches(' ').chars().count(),
    }
}

/// Whether `after` is still the same kind of line as `before`: blank or
/// not, with or without cells (a Sudoku grid's border), and, as a grid's
/// first line, not one of a single cell (that is a whole 1x1 grid, as
/// soon as it is read).
fn same_kind(kind: Kind, first: bool, before: &str, after: &str) -> bool {
    let blank = crate::framing::is_blank;
    let grid = matches!(kind, Kind::SudokuGrid | Kind::FutoshikiGrid);
    blank(before) == blank(after)
        && !crate::framing::is_comment(after)
        && (kind != Kind::SudokuGrid || (size_of(kind, before) > 0) == (size_of(kind, after) > 0))
        && !(grid && first && size_of(kind, after) == 1 && size_of(kind, before) != 1)
}

/// `record` with up to three edits (replace, insert, delete) in one line.
fn mutate(kind: Kind, record: &str, line: Index, edits: &[(u8, Index, Index)]) -> String {
    let mut lines: Vec<String> = record.split('\n').map(str::to_owned).collect();
    let at = line.index(lines.len());
    let alphabet = alphabet(kind);
    for &(op, pos, ch) in edits {
        let before = lines[at].clone();
        let mut chars: Vec<char> = before.chars().collect();
        let c = alphabet[ch.index(alphabet.len())];
        match op % 3 {
            0 if !chars.is_empty() => {
                let i = pos.index(chars.len());
                chars[i] = c;
            }
            1 => chars.insert(pos.index(chars.len() + 1), c),
            _ if !chars.is_empty() => {
                chars.remove(pos.index(chars.len()));
            }
            _ => {}
        }
        let after: String = chars.into_iter().collect();
        let first = lines.iter().position(|l| starts_record(kind, l)) == Some(at);
        if same_kind(kind, first, &before, &after) {
            lines[at] = after;
        }
    }
    lines.join("\n")
}

fn garbage(format: &'static Format) -> BoxedStrategy<Vec<u8>> {
    let n = format.valid.len();
    let valid = move |i: usize| &format.valid[i];
    let junk_line = (0..n, proptest::collection::vec(any::<u8>(), 1..48))
        .prop_map(move |(i, bytes)| junk(valid(i).0, bytes));
    let bom_before = (0..n).prop_map(move |i| {
        let mut bytes = b"\xef\xbb\xbf".to_vec();
        bytes.extend_from_slice(valid(i).1.as_bytes());
        bytes
    });
    let bom_inside = (0..n, any::<Index>()).prop_map(move |(i, at)| {
        let text = &valid(i).1;
        let chars: Vec<char> = text.chars().collect();
        let at = at.index(chars.len() + 1);
        let mut out: String = chars[..at].iter().collect();
        out.push('\u{feff}');
        out.extend(&chars[at..]);
        out.into_bytes()
    });
    let over_long = (0..n, 16_385usize..17_500, any::<Index>()).prop_map(move |(i, len, c)| {
        let fill = [b'1', b'.', b'x', b' ', b','];
        let mut line = vec![fill[c.index(fill.len())]; len];
        line[0] = b'9';
        if valid(i).0 == Kind::SudokuGrid {
            line[1] = b' ';
        }
        line
    });
    let truncated = (0..n, any::<Index>()).prop_map(move |(i, cut)| {
        let (kind, text) = valid(i);
        if format.block && *kind != Kind::FutoshikiId {
            // At least up to the first line that starts a record (not a
            // Sudoku grid's border).
            let lines: Vec<&str> = text.split('\n').collect();
            let first = lines
                .iter()
                .position(|l| starts_record(*kind, l))
                .unwrap_or(0);
            let keep = (1 + cut.index(lines.len().max(2) - 1)).max(first + 1);
            lines[..keep.min(lines.len())].join("\n").into_bytes()
        } else {
            let keep = 1 + cut.index(text.len().max(2) - 1);
            text.as_bytes()[..keep.min(text.len())].to_vec()
        }
    });
    let edits = proptest::collection::vec((any::<u8>(), any::<Index>(), any::<Index>()), 1..=3);
    let mutated = (0..n, any::<Index>(), edits).prop_map(move |(i, line, edits)| {
        let (kind, text) = valid(i);
        mutate(*kind, text, line, &edits).into_bytes()
    });
    let lone_row = (0..n, any::<Index>()).prop_map(move |(i, pick)| {
        let (kind, text) = valid(i);
        let rows: Vec<&str> = text
            .split('\n')
            .filter(|l| starts_record(*kind, l))
            .collect();
        rows[pick.index(rows.len())].as_bytes().to_vec()
    });
    prop_oneof![
        junk_line, bom_before, bom_inside, over_long, truncated, mutated, lone_row
    ]
    .boxed()
}

fn case(format: &'static Format) -> impl Strategy<Value = Vec<(Item, Sep)>> {
    let item = prop_oneof![
        3 => (0..format.valid.len()).prop_map(Item::Valid),
        2 => garbage(format).prop_map(Item::Garbage),
    ];
    let sep = (0u8..4, 0usize..3, any::<bool>()).prop_map(|(comment, blanks, spaces)| Sep {
        comment: comment == 0,
        blanks,
        spaces,
    });
    proptest::collection::vec((item, sep), 1..10)
}

/// Writes a case as input, following the framing contract.
fn input(format: &Format, items: &[(Item, Sep)]) -> Vec<u8> {
    let mut out = Vec::new();
    for (item, sep) in items {
        let garbage = match item {
            Item::Valid(i) => {
                out.extend_from_slice(format.valid[*i].1.as_bytes());
                false
            }
            Item::Garbage(bytes) => {
                out.extend_from_slice(bytes);
                true
            }
        };
        out.push(b'\n');
        if sep.comment {
            out.extend_from_slice(b"# next\n");
        }
        let mut blanks = sep.blanks;
        if format.block && garbage && !sep.comment {
            blanks = blanks.max(format.after_garbage);
        }
        for k in 0..blanks {
            // The last one may be a line of spaces: blank too.
            let spaces = sep.spaces && k + 1 == blanks;
            out.extend_from_slice(if spaces { b"   \n" } else { b"\n" });
        }
    }
    out
}

fn check(format: &'static Format, items: &[(Item, Sep)]) -> Result<(), TestCaseError> {
    let text = input(format, items);
    let (out, err, _) = gridcsp(format.args, &text);
    prop_assert!(!err.contains("internal error"), "{err}");
    let got = answers(format.args, &out);
    prop_assert_eq!(
        got.len(),
        items.len(),
        "one answer per record for {:?}\n{}{}",
        String::from_utf8_lossy(&text),
        out,
        err
    );
    for (k, ((item, _), answer)) in items.iter().zip(&got).enumerate() {
        if let Item::Valid(i) = item {
            prop_assert_eq!(
                answer,
                &format.alone[*i],
                "record {} (valid {}) of {:?}",
                k,
                i,
                String::from_utf8_lossy(&text)
            );
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn sudoku_lines_keep_one_answer_per_record(items in case(&SUDOKU_LINE)) {
        check(&SUDOKU_LINE, &items)?;
    }

    #[test]
    fn sudoku_grids_keep_one_answer_per_record(items in case(&SUDOKU_GRID)) {
        check(&SUDOKU_GRID, &items)?;
    }

    #[test]
    fn futoshiki_ids_keep_one_answer_per_record(items in case(&FUTOSHIKI_ID)) {
        check(&FUTOSHIKI_ID, &items)?;
    }

    #[test]
    fn futoshiki_grids_keep_one_answer_per_record(items in case(&FUTOSHIKI_GRID)) {
        check(&FUTOSHIKI_GRID, &items)?;
    }

    #[test]
    fn futoshiki_ids_and_grids_mixed_keep_one_answer_per_record(items in case(&FUTOSHIKI_MIXED)) {
        check(&FUTOSHIKI_MIXED, &items)?;
    }
}

#[test]
fn the_corpus_has_every_kind_of_answer() {
    // Solved, unsolvable and invalid records among the valid ones: the
    // properties compare real answers, not only `invalid`s.
    let words: Vec<String> = SUDOKU_LINE.alone.iter().map(|v| v.to_string()).collect();
    assert!(words.iter().any(|w| w.contains("unsolvable")));
    assert!(words.iter().any(|w| w.contains("invalid")));
    assert!(words.iter().filter(|w| w.len() > 80).count() >= 3);
    let grids: Vec<&Value> = SUDOKU_GRID.alone.iter().collect();
    assert!(grids.iter().any(|v| v["outcome"] == "solved"));
    let mixed: Vec<&Value> = FUTOSHIKI_MIXED.alone.iter().collect();
    assert!(mixed.iter().any(|v| v["outcome"] == "unsolvable"));
    assert_eq!(FUTOSHIKI_GRID.alone.len(), 2 * FUTOSHIKI_IDS.len());
}
