//! puzz.link URLs for every family on puzz.link: the example URLs of
//! pzprjs's own tests decode to the puzzle pzprjs draws, generated puzzles
//! survive text -> URL -> text and URL -> text -> URL, and URLs a family
//! cannot read are errors that say why.

use gridcsp_puzzles::{
    AnyFamily, GenerateError, GenerateOptions, Limits, Solved, families, family, puzzlink,
};

fn get(name: &str) -> &'static dyn AnyFamily {
    family(name).unwrap_or_else(|| panic!("no family {name}"))
}

/// The families on puzz.link, and the genre each writes.
const GENRES: &[(&str, &str)] = &[
    ("sudoku", "sudoku"),
    ("kakuro", "kakuro"),
    ("skyscrapers", "skyscrapers"),
    ("suguru", "suguru"),
    ("star-battle", "starbattle"),
    ("nonogram", "nonogram"),
    ("light-up", "akari"),
    ("tents", "tents"),
    ("norinori", "norinori"),
    ("hitori", "hitori"),
    ("slitherlink", "slither"),
    ("masyu", "mashu"),
    ("shikaku", "shikaku"),
    ("slant", "gokigen"),
    ("nurikabe", "nurikabe"),
    ("fillomino", "fillomino"),
    ("kurodoko", "kurodoko"),
    ("ripple-effect", "ripple"),
    ("lits", "lits"),
    ("heyawake", "heyawake"),
    ("hashi", "hashikake"),
    ("galaxies", "tentaisho"),
    ("yajilin", "yajilin"),
    ("numberlink", "numlin"),
];

#[test]
fn the_families_on_puzz_link_are_these() {
    let mut on: Vec<(&str, &str)> = families()
        .iter()
        .filter_map(|f| Some((f.info().name, f.puzzlink()?.name)))
        .collect();
    on.sort_unstable();
    let mut want = GENRES.to_vec();
    want.sort_unstable();
    assert_eq!(on, want);
}

/// The records of `tests/data/puzzlink/pzprjs_examples.txt`: a line
/// `FAMILY URL`, then the puzzle in the family's text layout, records
/// separated by blank lines (`#` lines are comments).
fn examples() -> Vec<(String, String, String)> {
    let data = include_str!("data/puzzlink/pzprjs_examples.txt");
    let mut out = Vec::new();
    for block in data.split("\n\n") {
        let lines: Vec<&str> = block
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .collect();
        let Some((head, rest)) = lines.split_first() else {
            continue;
        };
        let (name, url) = head.split_once(' ').expect("FAMILY URL");
        out.push((name.to_owned(), url.to_owned(), rest.join("\n") + "\n"));
    }
    out
}

/// A puzzle's text layout with region numbers renumbered in order of
/// first appearance: Star Battle and Norinori write the numbers they read,
/// so two layouts of one puzzle may number its regions differently.
fn canonical(f: &dyn AnyFamily, text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let rows: usize = lines[0]
        .split_whitespace()
        .next()
        .and_then(|r| r.parse().ok())
        .unwrap_or(0);
    let first_region_line = match f.info().name {
        "star-battle" => 1,
        "norinori" => 1 + rows,
        "lits" => 1,
        _ => return text.to_owned(),
    };
    let mut seen: Vec<&str> = Vec::new();
    let mut out = vec![lines[..first_region_line].join("\n")];
    for line in &lines[first_region_line..] {
        let renumbered: Vec<String> = line
            .split_whitespace()
            .map(|t| {
                let k = seen.iter().position(|&s| s == t).unwrap_or_else(|| {
                    seen.push(t);
                    seen.len() - 1
                });
                k.to_string()
            })
            .collect();
        out.push(renumbered.join(" "));
    }
    out.join("\n")
}

/// The same puzzle: each text read by the family and written again.
fn same_puzzle(f: &dyn AnyFamily, a: &str, b: &str) -> bool {
    match (f.load(a), f.load(b)) {
        (Ok(a), Ok(b)) => canonical(f, &a.write()) == canonical(f, &b.write()),
        _ => false,
    }
}

#[test]
fn pzprjs_example_urls_decode_to_the_puzzle_pzprjs_draws() {
    let examples = examples();
    // Every family on puzz.link has its pzprjs example.
    for (name, _) in GENRES {
        assert!(
            examples.iter().any(|(n, ..)| n == name),
            "no pzprjs example for {name}"
        );
    }
    for (name, url, want) in &examples {
        let f = get(name);
        let p = f.load(url).unwrap_or_else(|e| panic!("{name}: {url}: {e}"));
        assert!(
            same_puzzle(f, &p.write(), want),
            "{name}: {url} read as\n{}",
            p.write()
        );
        // The same URL from puzzle-only inference.
        let q = puzzlink::load(url).unwrap();
        assert_eq!(q.write(), p.write(), "{name}");
        // Written back, it reads as the same puzzle (the bytes may differ
        // where puzz.link has two spellings).
        let again = p.puzzlink().unwrap();
        assert!(same_puzzle(f, &again, url), "{name}: {url} -> {again}");
        // Each example has one solution.
        assert!(
            matches!(p.solve(&Limits::default()).0, Solved::Solution(_)),
            "{name}: {url}"
        );
    }
}

/// Generated puzzles of `family` (several sizes and levels), as text.
fn generated(f: &dyn AnyFamily) -> Vec<String> {
    let info = f.info();
    let mut sizes = vec![info.default_size, (6, 6), (5, 7)];
    if info.name == "sudoku" {
        sizes = vec![(9, 9), (4, 4), (6, 6), (16, 16)];
    }
    let mut out = Vec::new();
    for (rows, cols) in sizes {
        for level in 0..info.levels.len().min(3) {
            for seed in [1, 2] {
                let options = GenerateOptions::new(rows, cols, level)
                    .with_seed(seed)
                    .with_max_attempts(if info.name == "sudoku" { 0 } else { 400 });
                match f.generate_text(&options) {
                    Ok(made) => out.push(made.puzzle),
                    Err(GenerateError::GaveUp { .. } | GenerateError::BadOptions(_)) => {}
                    Err(e) => panic!("{}: {e}", info.name),
                }
            }
        }
    }
    out
}

#[test]
fn generated_puzzles_round_trip_through_urls() {
    for (name, genre) in GENRES {
        let f = get(name);
        let mut texts = generated(f);
        if *name == "norinori" {
            // puzz.link's Norinori has no shaded givens, which gridcsp's
            // generator leaves: they are an error to write...
            for text in &texts {
                let e = f.load(text).unwrap().puzzlink().unwrap_err();
                assert!(e.to_string().contains("no shaded givens"), "{e}");
            }
            // ... and the regions alone round trip.
            texts = texts.iter().map(|t| t.replace('x', "-")).collect();
        }
        assert!(texts.len() >= 6, "{name}: only {} puzzles", texts.len());
        for text in &texts {
            let p = f.load(text).unwrap();
            let url = p
                .puzzlink()
                .unwrap_or_else(|e| panic!("{name}: {e}\n{text}"));
            assert!(
                url.starts_with(&format!("https://puzz.link/p?{genre}/")),
                "{url}"
            );
            // text -> URL -> text.
            let back = f
                .load(&url)
                .unwrap_or_else(|e| panic!("{name}: {url}: {e}"));
            assert_eq!(
                canonical(f, &back.write()),
                canonical(f, &p.write()),
                "{name}: {url}"
            );
            // URL -> text -> URL: the same bytes.
            let again = f.load(&back.write()).unwrap().puzzlink().unwrap();
            assert_eq!(again, url, "{name}");
            // The family comes from the URL.
            assert_eq!(
                puzzlink::load(&url).unwrap().write(),
                back.write(),
                "{name}"
            );
        }
    }
}

#[test]
fn puzzles_a_genre_cannot_hold_are_errors_that_say_why() {
    // A Sudoku of 2x4 boxes: puzz.link draws 2x2 ones on an 8x8 grid.
    let eight = format!("1{}", ".".repeat(63));
    let e = get("sudoku").load(&eight).unwrap().puzzlink().unwrap_err();
    assert!(e.to_string().contains("2x4"), "{e}");
    // A Kakuro with a white cell in its first row.
    let k = get("kakuro").load("2 3\n- 0 -\n,3 0 0\n").unwrap();
    let e = k.puzzlink().unwrap_err();
    assert!(e.to_string().contains("r1c2 is white"), "{e}");
    // Families not on puzz.link.
    for name in ["futoshiki", "kenken", "binairo", "thermometers"] {
        let f = get(name);
        assert!(f.puzzlink().is_none(), "{name}");
    }
    let k = get("kenken").load("2 2\na a\nb b\na 3 +\nb 3 +\n").unwrap();
    let e = k.puzzlink().unwrap_err();
    assert!(e.to_string().contains("not on puzz.link"), "{e}");
}

#[test]
fn urls_a_family_cannot_read_are_errors_that_name_the_genre() {
    let slither = "https://puzz.link/p?slither/5/5/cbcbcddad";
    let e = get("kakuro").load(slither).err().unwrap();
    assert!(e.message.contains("`slither`"), "{e}");
    assert!(e.message.contains("gridcsp slitherlink"), "{e}");
    let e = get("futoshiki").load(slither).err().unwrap();
    assert!(e.message.contains("Futoshiki is not on puzz.link"), "{e}");
    let e = get("sudoku")
        .load("https://puzz.link/p?tapa/5/5/g")
        .err()
        .unwrap();
    assert!(e.message.contains("`tapa`"), "{e}");
    // Flags and `?` clues gridcsp has no rule for.
    let e = get("slitherlink")
        .load("https://puzz.link/p?slither/f/5/5/cbcbcddad")
        .err()
        .unwrap();
    assert!(e.message.contains("flag `f`"), "{e}");
    let e = get("hitori")
        .load("https://puzz.link/p?hitori/2/2/1@21")
        .err()
        .unwrap();
    assert!(e.message.contains("r1c2 has no number"), "{e}");
    let e = get("nonogram")
        .load("https://puzz.link/p?nonogram/2/2/.h1")
        .err()
        .unwrap();
    assert!(e.message.contains("`?` clue"), "{e}");
    // A damaged body names its column.
    let e = get("slitherlink")
        .load("https://puzz.link/p?slither/5/5/cbc#cddad")
        .err()
        .unwrap();
    assert_eq!((e.line, e.column), (Some(1), Some(36)), "{e}");
    let e = get("slitherlink")
        .load("https://puzz.link/p?slither/5/5/cbcbcddadzz")
        .err()
        .unwrap();
    assert!(e.message.contains("after the end of the puzzle"), "{e}");
}

#[test]
fn question_marks_that_constrain_nothing_read_as_no_clue() {
    let f = get("slitherlink");
    let with = f.load("https://puzz.link/p?slither/2/2/.g2g").unwrap();
    let without = f.load("https://puzz.link/p?slither/2/2/h2g").unwrap();
    assert_eq!(with.write(), without.write());
    // Light Up's `.` is a black cell without a number, not a `?`.
    let l = get("light-up")
        .load("https://puzz.link/p?akari/2/2/.h")
        .unwrap();
    assert_eq!(l.write(), "2 2\nx -\n- -\n");
}
