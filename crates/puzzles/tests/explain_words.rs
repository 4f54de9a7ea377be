//! `explain` and `hint` in the player's words, in every family: on every
//! family's test puzzles (its golden sample and the first puzzles of its
//! files of published ones), no step uses the engine's words, every step
//! names a rule its family lists ([`AnyFamily::rules`]), which its page in
//! `docs/` lists too, and no two steps in a row give the same reason.
//!
//! After changing a family's rules, rewrite the pages' lists with
//! `UPDATE_DOCS=1 cargo test -p gridcsp-puzzles --test explain_words`
//! (the pictures first: `docs/images/rules.sh`).

use gridcsp_puzzles::{AnyFamily, Hint, Limits, Step, families};
use std::path::{Path, PathBuf};

/// The engine's words: its constraints' names and its trace's rule tags.
/// None belongs in a step a player reads.
const ENGINE_WORDS: &[&str] = &[
    "clause",
    "count:",
    "overlap",
    "= 0:",
    "= 1:",
    "all-different",
    "all different",
    "linear",
    "gcc",
    "element:",
    "regular",
    "reify",
    "lex less",
    "vectors differ",
    "table",
    "single loop",
    "visible count",
    "visibility",
    "cage sum",
    "nonogram",
    "half-reified",
    "forbidden tuples",
    "connected:",
    "product:",
    "quotient:",
    "difference:",
    "strip:",
    "constraint",
    "propagat",
];

/// The families whose players write digits (Binairo's and Unruly's
/// symbols are 1 and 2 in their layout): a step may say "r1c1 is 5"
/// there. Every other family names its values ("is \\", "is +", "holds a
/// star"), so a number after "is", "are", "be" or "=" in what a step
/// writes is the engine's value leaking.
const DIGIT_FAMILIES: &[&str] = &[
    "sudoku",
    "futoshiki",
    "killer-sudoku",
    "jigsaw-sudoku",
    "skyscrapers",
    "suguru",
    "kenken",
    "kakuro",
    "fillomino",
    "ripple-effect",
    "binairo",
    "unruly",
];

/// Puzzles whose hint is a guess (no deduction of the family places
/// anything), so that a guess's words are checked too: a Tatham Hard
/// Slant (his Hard deductions are not in the model) and a Magnets of our
/// generator's `hard` (`magnets generate --difficulty hard --size 5
/// --seed 7`, the third).
const GUESSES: &[(&str, &str)] = &[
    ("slant", "5x5dh:b1d1212b2b1b2a1a1a133a1b1c"),
    (
        "magnets",
        "5x5:12121,20221,11212,11122,TLRTTBTTBBTBBLRBTTTT*BBBB",
    ),
];

/// An engine value in `text` (what a step writes, or a guess): a number
/// right after "is", "are", "be" or "=", as in "try r1c1 = 0" or "r1c3
/// is 3" where the family names its values.
fn engine_value(text: &str) -> Option<String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    words.windows(2).find_map(|w| {
        let number = w[1]
            .trim_end_matches([',', ';', ':', ')'])
            .parse::<i64>()
            .is_ok();
        (matches!(w[0], "is" | "are" | "be" | "=") && number).then(|| w.join(" "))
    })
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The engine word in `text`, if any (`unit` as a word, the rest anywhere).
fn engine_word(text: &str) -> Option<&'static str> {
    let lower = text.to_lowercase();
    if lower
        .split(|c: char| !c.is_alphanumeric())
        .any(|w| w == "unit")
    {
        return Some("unit");
    }
    ENGINE_WORDS.iter().copied().find(|w| lower.contains(w))
}

/// Up to `n` one-line puzzles of a data file (`#` comments skipped; the
/// game ID is the line's last field, for files that put a level first).
fn ids(path: &str, n: usize) -> Vec<String> {
    let text = std::fs::read_to_string(root().join(path)).unwrap_or_default();
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| l.split_whitespace().find(|w| w.contains(':')))
        .map(str::to_owned)
        .take(n)
        .collect()
}

/// The puzzles of a file of text layouts, one after another with blank
/// lines between (`#` comment lines skipped); none if there is no file.
fn blocks(path: &str) -> Vec<String> {
    let text = std::fs::read_to_string(root().join(path)).unwrap_or_default();
    let text: String = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| format!("{l}\n"))
        .collect();
    text.split("\n\n")
        .map(str::trim)
        .filter(|b| !b.is_empty())
        .map(|b| format!("{b}\n"))
        .collect()
}

/// Every family's test puzzles: its golden sample, a few published
/// puzzles for the families that have files of them, and the generated
/// ones kept for rules the others never use
/// (`tests/data/FAMILY_generated.txt`).
fn puzzles(family: &str) -> Vec<String> {
    let golden = root().join(format!("crates/puzzles/tests/golden/{family}.txt"));
    let mut out = vec![std::fs::read_to_string(golden).expect("every family has a golden sample")];
    let data = "crates/puzzles/tests/data";
    let more = match family {
        "hitori" => ids(&format!("{data}/hitori/tatham.txt"), 4),
        "masyu" => ids(&format!("{data}/masyu_tatham.txt"), 4),
        "slitherlink" => ids(&format!("{data}/slitherlink_tatham.txt"), 3),
        "killer-sudoku" => ids(&format!("{data}/killer_sudoku.txt"), 2),
        "jigsaw-sudoku" => ids(&format!("{data}/jigsaw_sudoku.txt"), 2),
        "kenken" => ids(&format!("{data}/kenken_tatham.txt"), 4),
        "skyscrapers" => ids("benches/data/skyscrapers/5e.txt", 3),
        "sudoku" => ids("benches/data/solo/3x3de.txt", 3),
        "nonogram" => ids("benches/data/nonogram/tatham_5x5.txt", 4),
        "slant" => ids(&format!("{data}/slant_tatham.txt"), 3),
        _ => Vec::new(),
    };
    out.extend(more);
    // Generated puzzles kept for the rules the others never use.
    out.extend(blocks(&format!(
        "{data}/{}_generated.txt",
        family.replace('-', "_")
    )));
    let guesses = GUESSES.iter().filter(|(f, _)| *f == family);
    out.extend(guesses.map(|(_, id)| (*id).to_owned()));
    out
}

/// The reason part of a step: its rule, what it reads and the words after
/// the cells it settles.
fn reason(s: &Step) -> (String, Vec<gridcsp_puzzles::Cell>, String) {
    let why = s.text.split_once(": ").map_or("", |(_, why)| why);
    (s.rule.clone(), s.reads.clone(), why.to_owned())
}

/// Whether steps `a` and `b`, one after the other, give the same reason
/// as a player hears it: the same words, or removals by the same rule
/// reading the same cells (the 7 at r1c7 clearing its column, then its
/// box) or clearing the same cells (r2c3 losing one candidate per
/// neighbour). Each such pair is one deduction, so one step. (Two hidden
/// singles of one row place two digits: two deductions.)
fn same_reason(a: &Step, b: &Step) -> bool {
    let removals = a.rule == b.rule && a.placed.is_none() && b.placed.is_none();
    reason(a) == reason(b)
        || (removals && ((!a.reads.is_empty() && a.reads == b.reads) || a.settles == b.settles))
}

/// A conclusion a step says twice ("so r1c3 is 2; ...; so r1c3 is 2 and
/// r1c2 is 3"): each "CELL is VALUE" after a "so", up to the next ";",
/// "(" or " and ".
fn said_twice(text: &str) -> Option<String> {
    let clauses: Vec<&str> = text
        .match_indices("so r")
        .flat_map(|(at, _)| {
            let rest = &text[at + 3..];
            let clause = rest.find([';', '(']).map_or(rest, |end| &rest[..end]);
            clause.split(" and ").map(str::trim_end)
        })
        .filter(|c| c.starts_with('r') && c.contains(" is "))
        .collect();
    clauses
        .iter()
        .enumerate()
        .find(|&(i, c)| clauses[i + 1..].contains(c))
        .map(|(_, c)| (*c).to_owned())
}

/// What is wrong with a hint's step, if anything. A hint is a step a
/// player can act on: one that places something, or one that removes
/// candidates and says which ("removes 6 from r9c2", "r1c8 is neither 2
/// nor 9"). A hint that places nothing but reads as placing ("r1c3 is
/// 2") is wrong.
fn hint_fault(step: &Step) -> Option<&'static str> {
    if step.placed.is_some() {
        return None;
    }
    let removes = step.text.contains("removes ");
    let written = step.text.split_once(": ").map_or("", |(w, _)| w);
    match (removes, engine_value(written).is_some()) {
        (false, _) => Some("places nothing and does not say what it removes"),
        (true, true) => Some("places nothing but reads as placing"),
        (true, false) => None,
    }
}

/// What is wrong with step `s` of `family` (at `at`), if anything.
fn check_step(family: &dyn AnyFamily, s: &Step, at: &str, faults: &mut Vec<String>) {
    let name = family.info().name;
    if let Some(w) = engine_word(&s.text) {
        faults.push(format!("{name} {at}: engine word {w:?} in {:?}", s.text));
    }
    if !family.rules().iter().any(|r| r.name == s.rule) {
        faults.push(format!(
            "{name} {at}: rule {:?} is not in the family's list ({:?})",
            s.rule, s.text
        ));
    }
    if !s.text.contains(&s.rule) {
        faults.push(format!(
            "{name} {at}: the text does not name its rule {:?}: {:?}",
            s.rule, s.text
        ));
    }
    if s.settles.is_empty() {
        faults.push(format!("{name} {at}: settles nothing: {:?}", s.text));
    }
    if let Some(said) = said_twice(&s.text) {
        faults.push(format!("{name} {at}: says {said:?} twice: {:?}", s.text));
    }
    // One sentence, then the rule's name: no bracket of its own right
    // before the rule's ("(one tent) (line needs every place)"). Futoshiki
    // names the line a digit leaves that way ("r1c2, r1c3 (row 1) (naked
    // single)"), which this leaves to that family for now.
    let tail = s.text.strip_suffix(&format!(" ({})", s.rule));
    if tail.is_some_and(|t| t.ends_with(')')) && name != "futoshiki" {
        faults.push(format!(
            "{name} {at}: a bracket before the rule's: {:?}",
            s.text
        ));
    }
    // A count right before a symbol that is a number too ("column 3 has
    // its 3 2s"): a player cannot tell them apart.
    let words: Vec<&str> = s.text.split_whitespace().collect();
    if let Some(w) = words.windows(2).find(|w| {
        w[0].parse::<u32>().is_ok()
            && w[1]
                .strip_suffix('s')
                .is_some_and(|n| n.parse::<u32>().is_ok())
    }) {
        faults.push(format!(
            "{name} {at}: a count before a number, {:?}: {:?}",
            w.join(" "),
            s.text
        ));
    }
    // An either/or a player would not write: the step should say which.
    if s.text.contains(" domino is already placed") {
        faults.push(format!("{name} {at}: an either/or reason: {:?}", s.text));
    }
    let written = s.text.split_once(": ").map_or(s.text.as_str(), |(w, _)| w);
    if let Some(v) = engine_value(written).filter(|_| !DIGIT_FAMILIES.contains(&name)) {
        faults.push(format!("{name} {at}: engine value {v:?} in {:?}", s.text));
    }
}

/// Every family, every test puzzle: all the faults are listed at once.
#[test]
fn steps_speak_the_players_words_and_name_listed_rules() {
    let limits = Limits::default();
    let mut faults = Vec::new();
    for &family in families() {
        let name = family.info().name;
        assert!(!family.rules().is_empty(), "{name} lists its rules");
        for (k, text) in puzzles(name).iter().enumerate() {
            let p = family
                .load(text)
                .unwrap_or_else(|e| panic!("{name} puzzle {k}: {e}"));
            let e = p
                .explain(&limits)
                .unwrap_or_else(|e| panic!("{name} {k}: {e}"));
            // A puzzle of GUESSES may need a guess before any step.
            let guess = GUESSES.iter().any(|&(f, id)| f == name && id == text);
            if e.steps.is_empty() && !guess {
                faults.push(format!("{name} {k}: no steps"));
            }
            let shown = e.to_string();
            if let Some(w) = engine_word(&shown) {
                faults.push(format!("{name} {k}: engine word {w:?} in its explanation"));
            }
            for (i, s) in e.steps.iter().enumerate() {
                check_step(
                    family,
                    s,
                    &format!("puzzle {k} step {}", i + 1),
                    &mut faults,
                );
            }
            for (i, pair) in e.steps.windows(2).enumerate() {
                if same_reason(&pair[0], &pair[1]) {
                    faults.push(format!(
                        "{name} {k}: steps {} and {} give the same reason:\n  {}\n  {}",
                        i + 1,
                        i + 2,
                        pair[0].text,
                        pair[1].text
                    ));
                }
            }
            match p
                .hint(&limits)
                .unwrap_or_else(|e| panic!("{name} {k}: {e}"))
            {
                Hint::Step { step, before } => {
                    let at = format!("puzzle {k} hint");
                    check_step(family, &step, &at, &mut faults);
                    if let Some(fault) = hint_fault(&step) {
                        faults.push(format!("{name} {k}: the hint {fault}: {:?}", step.text));
                    }
                    for s in &before {
                        check_step(family, s, &at, &mut faults);
                    }
                }
                h @ Hint::Guess { .. } => {
                    let text = h.to_string();
                    if let Some(w) = engine_word(&text) {
                        faults.push(format!("{name} {k} guess: engine word {w:?} in {text:?}"));
                    }
                    let digits = DIGIT_FAMILIES.contains(&name);
                    if let Some(v) = engine_value(&text).filter(|_| !digits) {
                        faults.push(format!("{name} {k} guess: engine value {v:?} in {text:?}"));
                    }
                }
                Hint::Solved => {}
                other => panic!("{name} {k}: {other:?}"),
            }
        }
    }
    assert!(
        faults.is_empty(),
        "{} faults:\n{}",
        faults.len(),
        faults.join("\n")
    );
}

/// One step lists every cell its reason settles: on Star Battle's sample
/// the pigeonhole empties three cells of row 5 in one step, and on Light
/// Up's the bulb at r2c5 clears its column in one step.
#[test]
fn one_step_per_deduction() {
    let limits = Limits::default();
    let steps = |family: &str| {
        let f = families()
            .iter()
            .find(|f| f.info().name == family)
            .expect("registered");
        f.load(&puzzles(family)[0])
            .expect("sample")
            .explain(&limits)
            .expect("one solution")
            .steps
    };
    let stars = steps("star-battle");
    assert_eq!(
        stars[1].text,
        "r5c1, r5c2 and r5c3 hold no star: region 5 fills row 5 (pigeonhole)"
    );
    let bulbs = steps("light-up");
    assert_eq!(
        bulbs[2].text,
        "r3c5, r4c5 and r5c5 hold no bulb: the bulb at r2c5 lights the column r2c5-r5c5 (lit by a bulb)"
    );
    assert_eq!(bulbs[2].reads, vec![gridcsp_puzzles::Cell::new(1, 4)]);
    let rows = steps("nonogram");
    assert_eq!(
        rows[1].text,
        "r2c1, r2c2, r2c4 and r2c5 are filled; r2c3 is empty: row 2 (2 2), its runs slid to the left end and to the right end (leftmost and rightmost)"
    );
    assert_eq!(rows[1].settles.len(), 5);
}

/// The page that lists a family's rules.
fn page(family: &str) -> PathBuf {
    root().join(match family {
        "sudoku" => "docs/sudoku.md".to_owned(),
        "futoshiki" => "docs/futoshiki.md".to_owned(),
        "unruly" => "docs/formats/binairo.md".to_owned(),
        f => format!("docs/formats/{f}.md"),
    })
}

/// A rule's name as a file name: `naked/hidden subset` is
/// `naked-hidden-subset`.
fn slug(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_matches('-').to_owned()
}

/// The rules a family lists that no step of `explain` names on any
/// puzzle (or, for Heyawake's, on any but a kind none of the test puzzles
/// has), with the page's one sentence on why, in place of a picture:
/// (family, rule, why).
const NEVER_TOLD: &[(&str, &str, &str)] = &[
    (
        "heyawake",
        "room full",
        "only in a room with over 10,000 ways to hold its shaded cells; a smaller room, as in every test puzzle, is read by `room patterns` instead, which settles all this would",
    ),
    (
        "heyawake",
        "room needs every cell",
        "only in a room with over 10,000 ways to hold its shaded cells; a smaller room, as in every test puzzle, is read by `room patterns` instead, which settles all this would",
    ),
    (
        "sudoku",
        "guess",
        "`explain` stops where no technique applies; only `hint` gives a guess",
    ),
    (
        "jigsaw-sudoku",
        "guess",
        "`explain` stops where no technique applies; only `hint` gives a guess",
    ),
    (
        "sudoku",
        "simple colouring",
        "never a step: X-chains, tried first, find every deduction it makes, a colour trap as a chain whose two ends the cell sees and a colour wrap as a chain from a candidate back to itself",
    ),
    (
        "jigsaw-sudoku",
        "simple colouring",
        "never a step: X-chains, tried first, find every deduction it makes, a colour trap as a chain whose two ends the cell sees and a colour wrap as a chain from a candidate back to itself",
    ),
    (
        "yajilin",
        "one loop",
        "never a step in a puzzle with a solution: the loop's easier rules first clear every dead end, and then every part of the grid a cut edge could leave holds a cycle of cells, two of them neighbours that cannot both be shaded, so the loop must reach each part and no edge is on no loop",
    ),
    (
        "kakuro",
        "hidden single",
        "never a step: the easy level keeps a run's digits apart only by `elimination`, a placed digit leaving its run; from the medium level every other deduction on a run is told as `run combinations`",
    ),
    (
        "kurodoko",
        "numbers seen",
        "never a step: every cell a number's sight settles is told by `sees enough` or `must see`; this reason only ever finds a contradiction, which a unique puzzle's explanation never meets",
    ),
    (
        "numberlink",
        "no loops",
        "never a step in a puzzle with one solution: lines already joining two neighbouring cells would let that path cut straight across between them instead, a second solution",
    ),
    (
        "slitherlink",
        "clue corners",
        "never a step: it settles only the dots a loop passes, which steps do not show; the lines that follow are told by the loop's rules",
    ),
];

/// The "Deductions" section a family's page should have: its rules,
/// easiest first, each with its Tatham level and its picture when
/// `docs/images/rules/` has one.
fn section(family: &dyn AnyFamily, images: &str) -> String {
    let name = family.info().name;
    let mut out = String::from(
        "## Deductions\n\n\
         `explain` and `hint` name every step by one of these rules, easiest\n\
         first, and list every cell the step settles. Each picture is a step\n\
         of `explain --svg` on a test puzzle: the cells the rule reads washed\n\
         blue, those it settles yellow (`docs/images/rules.sh` draws them).\n\n\
         | rule | what it says | Tatham | picture |\n\
         | --- | --- | --- | --- |\n",
    );
    for r in family.rules() {
        let file = format!("{name}-{}.svg", slug(r.name));
        let picture = if root().join("docs/images/rules").join(&file).exists() {
            format!("![{}]({images}/rules/{file})", r.name)
        } else if let Some(&(_, _, why)) = NEVER_TOLD
            .iter()
            .find(|&&(f, rule, _)| f == name && rule == r.name)
        {
            format!("({why})")
        } else {
            "(none of the test puzzles uses it)".to_owned()
        };
        out.push_str(&format!(
            "| {} | {} | {} | {picture} |\n",
            r.name,
            r.about,
            r.tatham.unwrap_or("-")
        ));
    }
    out
}

/// The page's text with its "Deductions" section replaced by `new` (or
/// added before "## Picture", or at the end).
fn with_section(text: &str, new: &str) -> String {
    let start = text.find("## Deductions\n");
    match start {
        Some(s) => {
            let end = text[s + 3..]
                .find("\n## ")
                .map_or(text.len(), |e| s + 3 + e + 1);
            format!("{}{new}\n{}", &text[..s], &text[end..])
        }
        None => match text.find("## Picture") {
            Some(p) => format!("{}{new}\n{}", &text[..p], &text[p..]),
            None => format!("{}\n{new}", text.trim_end_matches('\n').to_owned() + "\n"),
        },
    }
}

#[test]
fn every_familys_page_lists_its_rules() {
    let update = std::env::var_os("UPDATE_DOCS").is_some();
    let mut seen = Vec::new();
    for &family in families() {
        let name = family.info().name;
        let path = page(name);
        if seen.contains(&path) {
            // Binairo and Unruly share a page and their rules.
            continue;
        }
        seen.push(path.clone());
        let images = if path.parent().is_some_and(|p| p.ends_with("formats")) {
            "../images"
        } else {
            "images"
        };
        let text = std::fs::read_to_string(&path).expect("the family's page");
        let wanted = with_section(&text, &section(family, images));
        if update {
            std::fs::write(&path, &wanted).expect("write the page");
            continue;
        }
        assert!(
            text == wanted,
            "{}: its Deductions section is not the family's list; \
             run UPDATE_DOCS=1 cargo test -p gridcsp-puzzles --test explain_words",
            path.display()
        );
    }
}

/// Each rule [`NEVER_TOLD`] explains away is one its family lists, and
/// has no picture (a picture would show the sentence wrong).
#[test]
fn rules_never_told_are_listed_without_a_picture() {
    for &(name, rule, _) in NEVER_TOLD {
        let family = families()
            .iter()
            .find(|f| f.info().name == name)
            .unwrap_or_else(|| panic!("{name} is a family"));
        assert!(
            family.rules().iter().any(|r| r.name == rule),
            "{name} lists {rule}"
        );
        let file = format!("docs/images/rules/{name}-{}.svg", slug(rule));
        assert!(
            !root().join(&file).exists(),
            "{file} shows {rule} told: drop it from NEVER_TOLD"
        );
    }
}

/// The guesses of [`GUESSES`] are guesses, in the family's marks.
#[test]
fn a_guess_says_what_a_player_writes() {
    let limits = Limits::default();
    let mut seen = Vec::new();
    for (name, id) in GUESSES {
        let f = families()
            .iter()
            .find(|f| f.info().name == *name)
            .expect("registered");
        let h = f
            .load(id)
            .expect("reads")
            .hint(&limits)
            .expect("one solution");
        let Hint::Guess { cell, mark, .. } = &h else {
            panic!("{name}: not a guess: {h}");
        };
        assert_eq!(
            h.to_string(),
            format!("no deduction applies; try: {cell} {mark} (from the solution)")
        );
        seen.push(mark.clone());
    }
    assert!(seen[0] == "is \\" || seen[0] == "is /", "{seen:?}");
    assert!(
        ["is +", "is -", "is blank"].contains(&seen[1].as_str()),
        "{seen:?}"
    );
}

#[test]
fn engine_values_are_found() {
    assert_eq!(engine_value("try r1c1 = 0"), Some("= 0".to_owned()));
    assert_eq!(
        engine_value("r1c3 is 3; r1c4 is 1"),
        Some("is 3;".to_owned())
    );
    assert_eq!(engine_value("r1c3 cannot be 1"), Some("be 1".to_owned()));
    assert_eq!(engine_value("r1c3 is \\; r1c4 is /"), None);
    assert_eq!(engine_value("r2c1 and r2c3 are not +"), None);
}

#[test]
fn slugs_are_file_names() {
    assert_eq!(slug("naked/hidden subset"), "naked-hidden-subset");
    assert_eq!(slug("X-wing"), "x-wing");
    assert_eq!(slug("BUG+1"), "bug-1");
}

/// A hint may remove candidates if it says which; one that places nothing
/// and reads as placing is caught.
#[test]
fn hints_that_place_nothing_are_checked() {
    let step = |text: &str, placed: Option<i32>| Step {
        text: text.to_owned(),
        cell: None,
        placed,
        rule: "pointing".to_owned(),
        reads: Vec::new(),
        settles: Vec::new(),
    };
    let removes = step(
        "pointing in box 1 and row 3: removes 1 from r3c7, r3c9",
        None,
    );
    assert_eq!(hint_fault(&removes), None);
    let placing = step("r1c3 is 2: pointing in box 1 and row 1", None);
    assert!(hint_fault(&placing).is_some());
    let silent = step("pointing in box 1 and row 3", None);
    assert!(hint_fault(&silent).is_some());
    let placed = step(
        "r1c3 is 2: the only place for 2 in row 1 (hidden single)",
        Some(2),
    );
    assert_eq!(hint_fault(&placed), None);
}

/// Every step of the Sudoku families lists the cells it reads, the
/// whole-grid techniques too (the cells and houses their words name: a
/// fish's lines, a chain's cells, a forcing chain's cell), and Killer
/// Sudoku's eliminations the cell that holds the digit, so that `explain
/// --json` and `--svg` show what each step looks at.
#[test]
fn sudoku_steps_list_the_cells_they_read() {
    let limits = Limits::default();
    let mut faults = Vec::new();
    let mut rules = std::collections::BTreeSet::new();
    for &family in families() {
        let name = family.info().name;
        if !["sudoku", "jigsaw-sudoku", "killer-sudoku"].contains(&name) {
            continue;
        }
        for (k, text) in puzzles(name).iter().enumerate() {
            let p = family.load(text).expect("a test puzzle loads");
            let e = p.explain(&limits).expect("a test puzzle explains");
            for (i, s) in e.steps.iter().enumerate() {
                rules.insert(s.rule.clone());
                // An elimination names the cell that holds the digit
                // ("column 1 has 1 at r8c1"), never the house alone ("has
                // its 1"), which read no cell.
                if s.text.contains(" has its ") {
                    faults.push(format!(
                        "{name} {k} step {}: names no cell: {}",
                        i + 1,
                        s.text
                    ));
                }
                if s.reads.is_empty() {
                    faults.push(format!(
                        "{name} {k} step {}: reads nothing: {}",
                        i + 1,
                        s.text
                    ));
                }
            }
        }
    }
    // The corpus reaches the whole-grid techniques this checks.
    for rule in [
        "X-wing",
        "jellyfish",
        "skyscraper",
        "XY-wing",
        "AIC",
        "forcing net",
    ] {
        assert!(rules.contains(rule), "no test puzzle uses {rule}");
    }
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

/// Sudoku and Jigsaw Sudoku tell a run of naked singles, or of hidden
/// singles in houses of one kind, as one step that settles each of its
/// cells and reads each one's houses: never two such steps in a row.
#[test]
fn sudoku_runs_of_singles_are_one_step() {
    let limits = Limits::default();
    for name in ["sudoku", "jigsaw-sudoku"] {
        let family = families()
            .iter()
            .find(|f| f.info().name == name)
            .expect("registered");
        let p = family.load(&puzzles(name)[0]).expect("the sample loads");
        let e = p.explain(&limits).expect("the sample explains");
        let first = &e.steps[0];
        assert_eq!(first.rule, "naked single", "{name}: {}", first.text);
        assert!(first.settles.len() > 1, "{name}: {}", first.text);
        assert!(
            first
                .text
                .ends_with(": no other digit fits in each (naked single)")
        );
        for c in &first.settles {
            // Each cell's row is among what the step reads.
            assert!(first.reads.iter().any(|r| r.row == c.row && r != c));
            assert!(first.text.contains(&format!("{c} is ")), "{}", first.text);
        }
        for pair in e.steps.windows(2) {
            assert!(
                !(pair[0].rule == "naked single" && pair[1].rule == "naked single"),
                "{name}: two naked singles in a row:\n  {}\n  {}",
                pair[0].text,
                pair[1].text
            );
        }
        let hidden = e
            .steps
            .iter()
            .find(|s| s.rule == "hidden single" && s.settles.len() > 1)
            .expect("a run of hidden singles");
        assert!(hidden.text.contains(": the only place"), "{}", hidden.text);
        match p.hint(&limits).expect("the sample has a hint") {
            Hint::Step { step, .. } => assert_eq!(step.settles, first.settles),
            other => panic!("{name}: {other:?}"),
        }
    }
}

/// A step that says its conclusion twice is caught.
#[test]
fn conclusions_said_twice_are_found() {
    let twice = "r1c3 < r1c2 and r1c2 <= 3, so r1c3 is 2; r1c3 < r1c2 and r1c3 >= 2, so r1c2 is 3; so r1c3 is 2 and r1c2 is 3";
    assert_eq!(said_twice(twice).as_deref(), Some("r1c3 is 2"));
    let once = "r1c3 < r1c2 and r1c2 <= 3, so r1c3 is 2; r1c3 < r1c2 and r1c3 >= 2, so r1c2 is 3";
    assert_eq!(said_twice(once), None);
}

/// Masyu's rule pictures show the lines and crosses the steps have settled
/// (`docs/images/rules.sh` draws them in): a picture of a Masyu step with
/// none would show nothing of what the step did.
#[test]
fn masyu_rule_pictures_show_lines() {
    let dir = root().join("docs/images/rules");
    let mut seen = 0;
    for entry in std::fs::read_dir(&dir).expect("docs/images/rules exists") {
        let path = entry.expect("a directory entry").path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if !(name.starts_with("masyu-") && name.ends_with(".svg")) {
            continue;
        }
        seen += 1;
        let svg = std::fs::read_to_string(&path).expect("a picture reads");
        assert!(
            svg.contains("class=\"loop\"") || svg.contains("class=\"mark\""),
            "{name} shows no line and no cross: redraw it with docs/images/rules.sh masyu"
        );
    }
    assert!(seen > 0, "no Masyu rule picture in {}", dir.display());
}
