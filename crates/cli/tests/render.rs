//! `gridcsp <family> render` and `generate --pdf`, run as the built binary:
//! every family draws, files land where they should (and only whole),
//! puzzles without one solution are refused under `--solution` while the
//! others are drawn, and booklets have their pages.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const CLASSIC: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

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

fn samples() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../puzzles/tests/golden")
}

/// A fresh, empty directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gridcsp-render-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

fn gridcsp(args: &[&str], dir: &Path) -> Run {
    let output = Command::new(env!("CARGO_BIN_EXE_gridcsp"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .expect("run gridcsp");
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

fn files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("list")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn every_family_renders_its_sample_to_standard_output() {
    let dir = samples();
    let mut seen = 0;
    for name in files(&dir) {
        let Some(family) = name.strip_suffix(".txt") else {
            continue;
        };
        seen += 1;
        for extra in [&[][..], &["--solution"][..], &["--candidates"][..]] {
            let mut args = vec![family, "render"];
            args.extend_from_slice(extra);
            args.push(&name);
            let run = gridcsp(&args, &dir);
            assert_eq!(run.code, 0, "{family} {extra:?}: {}", run.err);
            let svg = run.text();
            assert!(
                svg.starts_with("<svg") && svg.ends_with("</svg>\n"),
                "{family}"
            );
        }
        let png = gridcsp(&[family, "render", "--png", &name], &dir);
        assert_eq!(png.code, 0, "{family} --png: {}", png.err);
        assert_eq!(&png.out[..8], b"\x89PNG\r\n\x1a\n", "{family}");
    }
    assert_eq!(
        seen,
        gridcsp_puzzles::families().len(),
        "a sample per family"
    );
}

#[test]
fn out_writes_one_file_per_puzzle_and_solution_refuses_the_ambiguous() {
    let dir = scratch("out");
    // 1: unique, 2: two equal givens in a row (no solution), 3: empty
    // (many solutions), 4: unique again.
    let input = format!(
        "{CLASSIC}\n55{}\n{}\n{CLASSIC}\n",
        &CLASSIC[2..],
        ".".repeat(81)
    );
    std::fs::write(dir.join("in.txt"), input).expect("input");
    let run = gridcsp(
        &["sudoku", "render", "--solution", "--out", "pics", "in.txt"],
        &dir,
    );
    assert_eq!(run.code, 1, "some puzzles could not be drawn: {}", run.err);
    assert_eq!(
        run.text().lines().collect::<Vec<_>>(),
        [
            "pics/sudoku-1.svg",
            "unsolvable",
            "multiple",
            "pics/sudoku-4.svg"
        ]
    );
    assert!(run.err.contains("no solution: not drawn"), "{}", run.err);
    assert!(
        run.err.contains("several solutions: not drawn"),
        "{}",
        run.err
    );
    assert_eq!(files(&dir.join("pics")), ["sudoku-1.svg", "sudoku-4.svg"]);
    let svg = std::fs::read_to_string(dir.join("pics/sudoku-1.svg")).expect("written");
    assert!(svg.contains("class=\"filled\""), "the solution is drawn");

    // Without --solution every puzzle is drawn, as PNG here.
    let run = gridcsp(
        &["sudoku", "render", "--png", "--out", "png", "in.txt"],
        &dir,
    );
    assert_eq!(run.code, 0, "{}", run.err);
    assert_eq!(
        files(&dir.join("png")),
        [
            "sudoku-1.png",
            "sudoku-2.png",
            "sudoku-3.png",
            "sudoku-4.png"
        ]
    );
    std::fs::remove_dir_all(&dir).expect("clean up");
}

#[test]
fn several_puzzles_without_out_is_a_usage_error() {
    let dir = scratch("many");
    std::fs::write(dir.join("in.txt"), format!("{CLASSIC}\n{CLASSIC}\n")).expect("input");
    let run = gridcsp(&["sudoku", "render", "in.txt"], &dir);
    assert_eq!(run.code, 2);
    assert!(
        run.out.is_empty(),
        "nothing half-written to standard output"
    );
    assert!(run.err.contains("give --out DIR"), "{}", run.err);
    // An invalid puzzle: exit 2, the reason, no picture.
    std::fs::write(dir.join("bad.txt"), "12x\n").expect("input");
    let run = gridcsp(&["sudoku", "render", "bad.txt"], &dir);
    assert_eq!(run.code, 2);
    assert!(run.out.is_empty());
    assert!(run.err.contains("bad.txt:1"), "{}", run.err);
    std::fs::remove_dir_all(&dir).expect("clean up");
}

#[test]
fn a_file_in_the_way_of_out_is_an_error_and_leaves_nothing() {
    let dir = scratch("blocked");
    std::fs::write(dir.join("in.txt"), format!("{CLASSIC}\n")).expect("input");
    std::fs::write(dir.join("pics"), "a file").expect("blocker");
    let run = gridcsp(&["sudoku", "render", "--out", "pics", "in.txt"], &dir);
    assert_eq!(run.code, 2, "{}", run.err);
    assert!(
        run.err.starts_with("gridcsp: cannot make pics"),
        "{}",
        run.err
    );
    assert_eq!(files(&dir), ["in.txt", "pics"]);
    std::fs::remove_dir_all(&dir).expect("clean up");
}

fn pages(pdf: &Path) -> usize {
    let bytes = std::fs::read(pdf).expect("the booklet was written");
    lopdf::Document::load_mem(&bytes)
        .expect("lopdf reads the booklet")
        .get_pages()
        .len()
}

#[test]
fn generate_pdf_writes_a_booklet_with_solutions_at_the_end() {
    let dir = scratch("pdf");
    for (args, n, k) in [
        (
            &["light-up", "generate", "--size", "5", "-n", "3"][..],
            3,
            2,
        ),
        (
            &["futoshiki", "generate", "--size", "4", "-n", "3"][..],
            3,
            1,
        ),
        (
            &["sudoku", "generate", "--size", "4", "-d", "easy", "-n", "2"][..],
            2,
            4,
        ),
    ] {
        let file = format!("{}.pdf", args[0]);
        let per_page = k.to_string();
        let mut all = args.to_vec();
        all.extend(["--seed", "1", "--pdf", &file, "--per-page", &per_page]);
        let run = gridcsp(&all, &dir);
        assert_eq!(run.code, 0, "{args:?}: {}", run.err);
        assert!(
            run.text().lines().count() >= n,
            "the puzzles are still printed"
        );
        assert_eq!(pages(&dir.join(&file)), 2 * n.div_ceil(k), "{args:?}");
    }
    // A booklet that cannot be written: an error, no file, no temp file.
    let run = gridcsp(
        &[
            "light-up",
            "generate",
            "--size",
            "5",
            "--seed",
            "1",
            "--pdf",
            "no/such/dir/b.pdf",
        ],
        &dir,
    );
    assert_eq!(run.code, 2);
    assert!(
        run.err.contains("cannot write no/such/dir/b.pdf"),
        "{}",
        run.err
    );
    // --per-page needs --pdf.
    let run = gridcsp(&["light-up", "generate", "--per-page", "2"], &dir);
    assert_eq!(run.code, 2);
    std::fs::remove_dir_all(&dir).expect("clean up");
}

/// `explain --svg DIR` draws every step of the first puzzle as
/// DIR/step-001.svg, ... (and of puzzle N after it in DIR/N), the cells a
/// step reads washed blue and those it settles yellow; `--json` gives each
/// step's rule, the cells it reads and those it settles.
#[test]
fn explain_svg_draws_every_step_and_json_names_its_cells() {
    let dir = scratch("explain");
    let sample = std::fs::read_to_string(samples().join("light-up.txt")).expect("sample");
    std::fs::write(dir.join("in.txt"), format!("{sample}\n{sample}")).expect("input");
    let run = gridcsp(
        &[
            "--json",
            "--no-progress",
            "light-up",
            "explain",
            "--svg",
            "steps",
            "in.txt",
        ],
        &dir,
    );
    assert_eq!(run.code, 0, "{}", run.err);
    let answers: Vec<serde_json::Value> = run
        .text()
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert_eq!(answers.len(), 2);
    let steps = answers[0]["deductions"].as_array().expect("deductions");
    assert_eq!(
        steps.len(),
        answers[0]["steps"].as_array().expect("steps").len()
    );
    // The third step: the bulb at r2c5 clears its column in one step.
    assert_eq!(steps[2]["rule"], "lit by a bulb");
    assert_eq!(steps[2]["reads"], serde_json::json!(["r2c5"]));
    assert_eq!(
        steps[2]["settles"],
        serde_json::json!(["r3c5", "r4c5", "r5c5"])
    );
    let first = files(&dir.join("steps"));
    assert_eq!(first.len(), steps.len() + 1, "{first:?}"); // and "2/"
    assert_eq!(first[0], "2");
    assert_eq!(first[1], "step-001.svg");
    assert_eq!(files(&dir.join("steps/2")).len(), steps.len());
    let third = std::fs::read_to_string(dir.join("steps/step-003.svg")).expect("step 3");
    // r2c5 (row 1, column 4 from 0) is the cause, r3c5 is settled.
    assert!(
        third.contains("<rect class=\"cause\" x=\"4\" y=\"1\""),
        "{third}"
    );
    assert!(third.contains("class=\"hl\""), "{third}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The first tag of an SVG document: its size.
fn svg_tag(svg: &str) -> &str {
    let start = svg.find("<svg").expect("an SVG");
    let end = svg[start..].find('>').expect("tag ends") + start;
    &svg[start..=end]
}

/// `explain --svg` draws its steps with the render options: `--cell-size`
/// as `render` does, `--png` as PNG files; both need `--svg`.
#[test]
fn explain_svg_honours_the_render_options() {
    let dir = scratch("explain-options");
    std::fs::copy(samples().join("light-up.txt"), dir.join("in.txt")).expect("input");
    let render = gridcsp(&["light-up", "render", "--cell-size", "20", "in.txt"], &dir);
    assert_eq!(render.code, 0, "{}", render.err);
    let run = gridcsp(
        &[
            "--no-progress",
            "light-up",
            "explain",
            "--svg",
            "small",
            "--cell-size",
            "20",
            "in.txt",
        ],
        &dir,
    );
    assert_eq!(run.code, 0, "{}", run.err);
    let small = std::fs::read_to_string(dir.join("small/step-001.svg")).expect("step 1");
    assert_eq!(svg_tag(&small), svg_tag(&render.text()));
    let run = gridcsp(
        &[
            "--no-progress",
            "light-up",
            "explain",
            "--svg",
            "big",
            "in.txt",
        ],
        &dir,
    );
    assert_eq!(run.code, 0, "{}", run.err);
    let big = std::fs::read_to_string(dir.join("big/step-001.svg")).expect("step 1");
    assert_ne!(svg_tag(&big), svg_tag(&small), "the default is 36 points");
    let run = gridcsp(
        &[
            "--no-progress",
            "light-up",
            "explain",
            "--svg",
            "png",
            "--png",
            "in.txt",
        ],
        &dir,
    );
    assert_eq!(run.code, 0, "{}", run.err);
    let pngs = files(&dir.join("png"));
    assert_eq!(pngs.len(), files(&dir.join("big")).len(), "{pngs:?}");
    assert!(pngs.iter().all(|f| f.ends_with(".png")), "{pngs:?}");
    let png = std::fs::read(dir.join("png/step-001.png")).expect("step 1");
    assert!(png.starts_with(b"\x89PNG"), "a PNG file");
    for options in [&["--png"][..], &["--cell-size", "20"]] {
        let mut args = vec!["light-up", "explain"];
        args.extend_from_slice(options);
        args.push("in.txt");
        let run = gridcsp(&args, &dir);
        assert_eq!(run.code, 2, "{options:?} needs --svg: {}", run.err);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Sudoku and Futoshiki, whose `explain` runs their own crates, draw
/// their steps too: one picture per printed step, each step's cells
/// highlighted.
#[test]
fn sudoku_and_futoshiki_draw_their_steps() {
    let dir = scratch("explain-crates");
    for (family, sample) in [("sudoku", "sudoku.txt"), ("futoshiki", "futoshiki.txt")] {
        std::fs::copy(samples().join(sample), dir.join(sample)).expect("input");
        let run = gridcsp(
            &[
                "--json",
                "--no-progress",
                family,
                "explain",
                "--svg",
                family,
                "--cell-size",
                "24",
                sample,
            ],
            &dir,
        );
        assert_eq!(run.code, 0, "{family}: {}", run.err);
        let answer: serde_json::Value =
            serde_json::from_str(run.text().trim()).expect("one JSON answer");
        let steps = answer["steps"].as_array().expect("steps").len();
        assert!(steps > 0, "{family}");
        let pictures = files(&dir.join(family));
        assert_eq!(pictures.len(), steps, "{family}: {pictures:?}");
        for (i, name) in pictures.iter().enumerate() {
            assert_eq!(*name, format!("step-{:03}.svg", i + 1));
            let svg = std::fs::read_to_string(dir.join(family).join(name)).expect("picture");
            assert!(
                svg.contains("class=\"hl\""),
                "{family} {name}: nothing settled"
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
