//! Property tests of the input framing for every family of
//! `gridcsp-puzzles` served by the generic path (`family_cmd.rs`): valid
//! records (each family's generated puzzles, in the text layout, as game
//! IDs and as puzz.link URLs where the family has them) interleaved with garbage records give
//! exactly one answer per record, in order, with one and two threads, and
//! every valid record gets the answer it gets alone. (`props.rs` does the
//! same for Sudoku and Futoshiki, whose formats have framers of their own.)
//!
//! The garbage is garbage *as the framing contract defines records*
//! (docs/cli.md, "How the input is cut into puzzles"; "Every other
//! family"): it holds no empty line, is followed by a blank line or a
//! comment line (which end any damaged record), and is built from the
//! family's own [`gridcsp_puzzles::RecordShape::Header`] functions so that
//! it is one record: no line of it but the first is a one-line form or a
//! comment, and a header never announces fewer lines than follow it. A
//! header that announces fewer lines than follow it legitimately splits
//! the record (the lines after its count start records of their own), so
//! the wrong-header garbage keeps only the lines its header announces.

use crate::props::gridcsp;
use gridcsp_puzzles::{GenerateOptions, RecordShape};
use proptest::prelude::*;
use proptest::sample::Index;
use serde_json::Value;

/// The seeds of the valid records: a few generated puzzles per family.
const SEEDS: [u64; 3] = [2, 3, 4];

/// A family under test: its shape functions, valid records and their
/// answers when alone.
struct Family {
    name: &'static str,
    /// Lines after a header, or `None` (the record ends at an empty line).
    lines: fn(&str) -> Option<usize>,
    /// Whether a line is a one-line form.
    one_line: fn(&str) -> bool,
    /// Valid records, without a final newline.
    valid: Vec<String>,
    /// Each valid record's JSON answer alone (without `file`, `line` and
    /// `time_ms`).
    alone_json: Vec<Value>,
    /// Each valid record's text answer alone.
    alone_text: Vec<String>,
}

impl std::fmt::Debug for Family {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Family").field("name", &self.name).finish()
    }
}

fn json_args(name: &str, threads: &'static str) -> Vec<String> {
    ["--json", name, "solve", "--threads", threads]
        .map(str::to_owned)
        .to_vec()
}

fn text_args(name: &str) -> Vec<String> {
    [name, "solve", "--threads", "2"]
        .map(str::to_owned)
        .to_vec()
}

fn run(args: &[String], input: &[u8]) -> (String, String) {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let (out, err, _) = gridcsp(&args, input);
    (out, err)
}

/// The JSON answers, one per line, without what depends on the place.
fn json_answers(out: &str) -> Vec<Value> {
    out.lines()
        .map(|l| {
            let mut v: Value = serde_json::from_str(l).expect("one JSON object per line");
            if let Some(o) = v.as_object_mut() {
                for key in ["file", "line", "time_ms"] {
                    o.remove(key);
                }
            }
            v
        })
        .collect()
}

/// The text answers: blocks separated by one blank line.
fn text_answers(out: &str) -> Vec<String> {
    let out = out.trim_end_matches('\n');
    if out.is_empty() {
        return Vec::new();
    }
    out.split("\n\n").map(str::to_owned).collect()
}

impl Family {
    fn new(name: &'static str) -> Family {
        let family = gridcsp_puzzles::family(name).expect("a registered family");
        let info = family.info();
        let (RecordShape::Header { lines, one_line }
        | RecordShape::HeaderHashRows {
            lines, one_line, ..
        }) = info.shape
        else {
            panic!("{name}: the generic families have header records");
        };
        let (rows, cols) = info.default_size;
        let mut valid = Vec::new();
        for seed in SEEDS {
            let options = GenerateOptions::new(rows, cols, 0).with_seed(seed);
            let made = family.generate_text(&options).expect("a generated puzzle");
            valid.push(made.puzzle.trim_end_matches('\n').to_owned());
            valid.extend(made.game_id);
            // And its puzz.link URL, where the family is on puzz.link.
            let url = family
                .load(&made.puzzle)
                .ok()
                .and_then(|p| p.puzzlink().ok());
            valid.extend(url);
        }
        let mut alone_json = Vec::new();
        let mut alone_text = Vec::new();
        for record in &valid {
            let input = format!("{record}\n");
            let (out, err) = run(&json_args(name, "1"), input.as_bytes());
            let mut got = json_answers(&out);
            assert_eq!(got.len(), 1, "{name} {record:?} alone: {out}{err}");
            assert_eq!(got[0]["outcome"], "solved", "{name} {record:?}: {out}");
            alone_json.push(got.remove(0));
            let (out, err) = run(&text_args(name), input.as_bytes());
            let mut got = text_answers(&out);
            assert_eq!(got.len(), 1, "{name} {record:?} alone: {out}{err}");
            alone_text.push(got.remove(0));
        }
        Family {
            name,
            lines,
            one_line,
            valid,
            alone_json,
            alone_text,
        }
    }

    /// Whether a line is a one-line record: the family's one-line form or
    /// a puzz.link URL (the framer reads both so).
    fn is_one_line(&self, line: &str) -> bool {
        (self.one_line)(line) || gridcsp_puzzles::puzzlink::is_url(line)
    }

    /// Whether a valid record ends on its own (its header gives its exact
    /// length, or it is a one-line form); else an empty line must end it.
    fn self_delimiting(&self, record: &str) -> bool {
        let lines: Vec<&str> = record.split('\n').collect();
        (lines.len() == 1 && self.is_one_line(record))
            || (self.lines)(lines[0]) == Some(lines.len() - 1)
    }
}

/// Whether the framer skips a line between records (blank or comment),
/// once any U+FEFF is taken out.
fn skipped(line: &str) -> bool {
    let line = line.replace('\u{feff}', "");
    let line = line.strip_suffix('\r').unwrap_or(&line);
    crate::framing::is_blank(line) || crate::framing::is_comment(line)
}

/// A line made one the framer reads as part of a record.
fn readable(mut line: String) -> String {
    if skipped(&line) {
        line.insert(0, 'x');
    }
    line
}

/// The characters a mutation writes: the families' cells and separators,
/// a stray letter, `:` (a game ID's mark), never `#`.
const ALPHABET: &[char] = &[
    '0', '1', '2', '5', '9', '-', '.', ',', '/', '_', ':', 'x', 'b', 'w', 'a', ' ',
];

/// The numbers a wrong header says: too small, too large, not a size,
/// beyond any integer type.
const HEADER_NUMBERS: &[&str] = &[
    "0",
    "1",
    "2",
    "3",
    "7",
    "36",
    "99",
    "4294967297",
    "18446744073709551615",
    "18446744073709551616",
    "-1",
];

/// Whether line `at` of a block record of `lines` may read `after`
/// without changing where the record ends.
fn keeps_bounds(f: &Family, lines: &[String], at: usize, after: &str) -> bool {
    if skipped(after) {
        return false;
    }
    if lines.len() == 1 {
        // A one-line record: whatever it now is, it ends at the blank
        // line or comment after it.
        return true;
    }
    if f.is_one_line(after) {
        // A one-line form ends a block (and is a record of its own).
        return false;
    }
    // The header must not announce fewer lines than follow it.
    at != 0 || (f.lines)(after).is_none_or(|n| n >= lines.len() - 1)
}

/// `record` with up to three edits (replace, insert, delete) in one line,
/// each kept only if it keeps the record's bounds.
fn mutate(f: &Family, record: &str, line: Index, edits: &[(u8, Index, Index)]) -> String {
    let mut lines: Vec<String> = record.split('\n').map(str::to_owned).collect();
    let at = line.index(lines.len());
    for &(op, pos, ch) in edits {
        let mut chars: Vec<char> = lines[at].chars().collect();
        let c = ALPHABET[ch.index(ALPHABET.len())];
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
        if keeps_bounds(f, &lines, at, &after) {
            lines[at] = after;
        }
    }
    lines.join("\n")
}

/// Lines of random bytes, none empty: one record. Only the first may be a
/// one-line form, and then it is alone; the first is made no header that
/// announces fewer lines than follow it.
fn junk(f: &Family, raw: Vec<Vec<u8>>) -> Vec<u8> {
    let mut lines: Vec<String> = raw
        .into_iter()
        .map(|mut bytes| {
            bytes.retain(|&b| b != b'\n');
            readable(String::from_utf8_lossy(&bytes).into_owned())
        })
        .collect();
    if lines.len() > 1 {
        for line in &mut lines {
            if f.is_one_line(line) {
                line.retain(|c| c != ':');
                *line = readable(std::mem::take(line));
            }
        }
        let after = lines.len() - 1;
        if (f.lines)(&lines[0]).is_some_and(|n| n < after) {
            lines[0].insert(0, 'x');
        }
    }
    lines.join("\n").into_bytes()
}

/// `record` with the numbers of its header replaced, and only as many
/// lines after it as the new header announces (when fewer than it has).
fn wrong_header(f: &Family, record: &str, picks: &[Index]) -> Vec<u8> {
    let lines: Vec<&str> = record.split('\n').collect();
    let mut k = 0;
    let header: Vec<String> = lines[0]
        .split_whitespace()
        .map(|w| {
            if w.parse::<u64>().is_ok() && k < picks.len() {
                k += 1;
                HEADER_NUMBERS[picks[k - 1].index(HEADER_NUMBERS.len())].to_owned()
            } else {
                w.to_owned()
            }
        })
        .collect();
    let header = header.join(" ");
    let body = &lines[1..];
    let keep = match (f.lines)(&header) {
        Some(n) if n < body.len() => n,
        _ => body.len(),
    };
    let mut out = vec![header.as_str()];
    out.extend(&body[..keep]);
    out.join("\n").into_bytes()
}

fn garbage(f: &'static Family) -> BoxedStrategy<Vec<u8>> {
    let n = f.valid.len();
    let valid = move |i: usize| f.valid[i].as_str();
    let junk_lines = proptest::collection::vec(proptest::collection::vec(any::<u8>(), 1..40), 1..4)
        .prop_map(move |raw| junk(f, raw));
    let bom_before = (0..n).prop_map(move |i| {
        let mut bytes = b"\xef\xbb\xbf".to_vec();
        bytes.extend_from_slice(valid(i).as_bytes());
        bytes
    });
    let bom_inside = (0..n, any::<Index>()).prop_map(move |(i, at)| {
        let chars: Vec<char> = valid(i).chars().collect();
        let at = at.index(chars.len() + 1);
        let mut out: String = chars[..at].iter().collect();
        out.push('\u{feff}');
        out.extend(&chars[at..]);
        out.into_bytes()
    });
    // An over-long line alone, or in place of a line of a valid record.
    let over_long = (0..n, 16_385usize..17_500, any::<Index>(), any::<Index>()).prop_map(
        move |(i, len, c, at)| {
            let fill = [b'1', b'-', b'x', b' ', b',', b':'];
            let mut line = vec![fill[c.index(fill.len())]; len];
            line[0] = b'9';
            let mut lines: Vec<Vec<u8>> = valid(i)
                .split('\n')
                .map(|l| l.as_bytes().to_vec())
                .collect();
            if lines.len() == 1 {
                return line;
            }
            let at = 1 + at.index(lines.len() - 1);
            lines[at] = line;
            lines.join(&b'\n')
        },
    );
    let truncated = (0..n, any::<Index>()).prop_map(move |(i, cut)| {
        let text = valid(i);
        let lines: Vec<&str> = text.split('\n').collect();
        if lines.len() > 1 {
            let keep = 1 + cut.index(lines.len());
            lines[..keep].join("\n").into_bytes()
        } else {
            let keep = 1 + cut.index(text.len());
            text.as_bytes()[..keep].to_vec()
        }
    });
    let edits = proptest::collection::vec((any::<u8>(), any::<Index>(), any::<Index>()), 1..=3);
    let mutated = (0..n, any::<Index>(), edits)
        .prop_map(move |(i, line, edits)| mutate(f, valid(i), line, &edits).into_bytes());
    let blocks: Vec<usize> = (0..n).filter(|&i| valid(i).contains('\n')).collect();
    let header = (
        proptest::sample::select(blocks.clone()),
        proptest::collection::vec(any::<Index>(), 1..4),
    )
        .prop_map(move |(i, picks)| wrong_header(f, valid(i), &picks));
    let lone_row = (proptest::sample::select(blocks), any::<Index>()).prop_map(move |(i, pick)| {
        let rows: Vec<&str> = valid(i).split('\n').skip(1).collect();
        rows[pick.index(rows.len())].as_bytes().to_vec()
    });
    prop_oneof![
        junk_lines, bom_before, bom_inside, over_long, truncated, mutated, header, lone_row
    ]
    .boxed()
}

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

fn case(f: &'static Family) -> impl Strategy<Value = Vec<(Item, Sep)>> {
    let item = prop_oneof![
        3 => (0..f.valid.len()).prop_map(Item::Valid),
        2 => garbage(f).prop_map(Item::Garbage),
    ];
    let sep = (0u8..4, 0usize..3, any::<bool>()).prop_map(|(comment, blanks, spaces)| Sep {
        comment: comment == 0,
        blanks,
        spaces,
    });
    proptest::collection::vec((item, sep), 1..8)
}

/// Writes a case as input, following the framing contract: a record that
/// does not end on its own (garbage, a header that gives no length) is
/// followed by a comment line or at least one blank line.
fn input(f: &Family, items: &[(Item, Sep)]) -> Vec<u8> {
    let mut out = Vec::new();
    for (item, sep) in items {
        let ends_alone = match item {
            Item::Valid(i) => {
                out.extend_from_slice(f.valid[*i].as_bytes());
                f.self_delimiting(&f.valid[*i])
            }
            Item::Garbage(bytes) => {
                out.extend_from_slice(bytes);
                false
            }
        };
        out.push(b'\n');
        if sep.comment {
            out.extend_from_slice(b"# next\n");
        }
        let mut blanks = sep.blanks;
        if !ends_alone && !sep.comment {
            blanks = blanks.max(1);
        }
        for k in 0..blanks {
            let spaces = sep.spaces && k + 1 == blanks;
            out.extend_from_slice(if spaces { b"   \n" } else { b"\n" });
        }
    }
    out
}

fn check(f: &'static Family, items: &[(Item, Sep)]) -> Result<(), TestCaseError> {
    let text = input(f, items);
    let shown = String::from_utf8_lossy(&text);
    for threads in ["1", "2"] {
        let (out, err) = run(&json_args(f.name, threads), &text);
        prop_assert!(!err.contains("internal error"), "{}: {}", f.name, err);
        let got = json_answers(&out);
        prop_assert_eq!(
            got.len(),
            items.len(),
            "{} --threads {}: one answer per record for {:?}\n{}{}",
            f.name,
            threads,
            shown,
            out,
            err
        );
        for (k, ((item, _), answer)) in items.iter().zip(&got).enumerate() {
            if let Item::Valid(i) = item {
                prop_assert_eq!(
                    answer,
                    &f.alone_json[*i],
                    "{} --threads {}: record {} (valid {}) of {:?}",
                    f.name,
                    threads,
                    k,
                    i,
                    shown
                );
            }
        }
    }
    let (out, err) = run(&text_args(f.name), &text);
    let got = text_answers(&out);
    prop_assert_eq!(
        got.len(),
        items.len(),
        "{} (text): one answer per record for {:?}\n{}{}",
        f.name,
        shown,
        out,
        err
    );
    for ((item, _), answer) in items.iter().zip(&got) {
        if let Item::Valid(i) = item {
            prop_assert_eq!(answer, &f.alone_text[*i], "{} (text): {:?}", f.name, shown);
        }
    }
    Ok(())
}

/// One property per family, each in a module of the family's name:
/// `families!(module => "family-name", ...)`.
macro_rules! families {
    ($($module:ident => $name:literal),* $(,)?) => {
        /// The families the properties cover.
        const COVERED: &[&str] = &[$($name),*];

        $(
            mod $module {
                use super::{Family, case, check};
                use proptest::prelude::*;
                use std::sync::LazyLock;

                static FAMILY: LazyLock<Family> = LazyLock::new(|| Family::new($name));

                proptest! {
                    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

                    #[test]
                    fn keeps_one_answer_per_record(items in case(&FAMILY)) {
                        check(&FAMILY, &items)?;
                    }
                }
            }
        )*
    };
}

families!(
    kakuro => "kakuro",
    kenken => "kenken",
    skyscrapers => "skyscrapers",
    suguru => "suguru",
    killer_sudoku => "killer-sudoku",
    jigsaw_sudoku => "jigsaw-sudoku",
    star_battle => "star-battle",
    nonogram => "nonogram",
    light_up => "light-up",
    tents => "tents",
    binairo => "binairo",
    unruly => "unruly",
    thermometers => "thermometers",
    norinori => "norinori",
    hitori => "hitori",
    slitherlink => "slitherlink",
    masyu => "masyu",
    shikaku => "shikaku",
    slant => "slant",
    nurikabe => "nurikabe",
    fillomino => "fillomino",
    magnets => "magnets",
    kurodoko => "kurodoko",
    ripple_effect => "ripple-effect",
    dominosa => "dominosa",
    lits => "lits",
    battleships => "battleships",
    heyawake => "heyawake",
    hashi => "hashi",
    galaxies => "galaxies",
    yajilin => "yajilin",
    numberlink => "numberlink",
);

#[test]
fn every_generic_family_has_a_property() {
    let mut generic: Vec<&str> = gridcsp_puzzles::families()
        .iter()
        .map(|f| f.info().name)
        .filter(|name| !crate::BUILT_IN.contains(name))
        .collect();
    generic.sort_unstable();
    let mut covered = COVERED.to_vec();
    covered.sort_unstable();
    assert_eq!(generic, covered, "add the new family to families!(..)");
}
