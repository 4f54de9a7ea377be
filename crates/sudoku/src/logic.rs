//! Grading, explanations and hints, built on csp-core's trace.
//!
//! [`Logic`] solves a puzzle by propagation alone on a model that holds the
//! human techniques as constraints (see the `techniques` module), with the
//! trace on. Because the engine always runs the cheapest non-empty priority
//! level first, and the priorities follow Sudoku Explainer's difficulty
//! table, a technique fires only when every easier one is stuck, as Sudoku
//! Explainer always takes the easiest step. Each step gets the rating
//! Sudoku Explainer gives the same deduction; the puzzle's [`Rating`] is
//! that of its hardest step, and its [`Difficulty`] the band of the
//! rating. The trace's `Fixed` and `Removed` events become the
//! human-readable steps.

use crate::board::{Board, Cell};
use crate::clock::Instant;
use crate::error::SudokuError;
use crate::rating::Rating;
use crate::rules::{Clash, GroupKind, Variant};
use crate::solver::{Outcome, SudokuModel, SudokuSolver, Uniqueness};
use crate::techniques::{self, Origin};
use csp_core::constraints::all_different::rules as ad;
use csp_core::{SearchOptions, TraceEvent};
use std::fmt;
use std::str::FromStr;

/// The decisions of the short uniqueness search [`Logic::grade`] runs
/// before the techniques: enough for most classic puzzles (a proper one
/// takes a few dozen, one with several solutions finds two in as many),
/// little next to grading one that needs it.
const SHORT_SEARCH: u64 = 256;

/// How hard a puzzle is for a person: a band of its [`Rating`] (see
/// [`Difficulty::of_rating`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Difficulty {
    /// Singles (rating up to 2.5).
    Easy,
    /// Locked candidates, pairs and triples, X-wing and swordfish
    /// (2.6 - 3.9).
    Medium,
    /// Hidden triples, the single-digit patterns, XY-, XYZ- and
    /// WXYZ-wings, unique rectangles, quads and jellyfish, short X-chains
    /// (4.0 - 5.9).
    Hard,
    /// Chains and the larger wings: X-chains, XY-chains, W-wings, AICs,
    /// VWXYZ-wings (6.0 - 7.4).
    Expert,
    /// Forcing chains (7.5 - 8.9).
    Extreme,
    /// Forcing nets, or more than the techniques know: guessing (9.0 and
    /// up).
    Beyond,
}

impl Difficulty {
    /// All levels, easiest first.
    pub const ALL: [Difficulty; 6] = [
        Difficulty::Easy,
        Difficulty::Medium,
        Difficulty::Hard,
        Difficulty::Expert,
        Difficulty::Extreme,
        Difficulty::Beyond,
    ];

    /// The lower-case name.
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
            Difficulty::Expert => "expert",
            Difficulty::Extreme => "extreme",
            Difficulty::Beyond => "beyond",
        }
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The text is not a difficulty name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown difficulty {0:?} (expected easy, medium, hard, expert, extreme or beyond)")]
pub struct UnknownDifficulty(pub String);

impl FromStr for Difficulty {
    type Err = UnknownDifficulty;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Difficulty::ALL
            .into_iter()
            .find(|d| d.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownDifficulty(s.to_owned()))
    }
}

/// A solving technique, from easiest to hardest (the order the grader
/// tries them in: Sudoku Explainer's).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "String", into = "String"))]
pub enum Technique {
    /// A cell with one candidate left.
    NakedSingle,
    /// A value that fits one cell of a group.
    HiddenSingle,
    /// Killer cage arithmetic (bounds of the sum).
    CageSum,
    /// A value of a box confined to one line leaves the rest of the line.
    Pointing,
    /// A value of a line confined to one box leaves the rest of the box.
    Claiming,
    /// Two cells with the same two candidates.
    NakedPair,
    /// Fish of size 2.
    XWing,
    /// Two values fitting the same two cells only.
    HiddenPair,
    /// Three cells, three candidates.
    NakedTriple,
    /// Fish of size 3.
    Swordfish,
    /// Three values, three cells.
    HiddenTriple,
    /// Two strong links of one value in parallel lines.
    Skyscraper,
    /// Two strong links of one value, in a row and a column.
    TwoStringKite,
    /// Two strong links of one value, one of them in a box.
    TurbotFish,
    /// A box's value confined to a row and a column, and a strong link.
    EmptyRectangle,
    /// Two strong links of one value, one with a group at an end.
    GroupedTurbot,
    /// A pivot `{x,y}` and pincers `{x,z}`, `{y,z}`.
    XYWing,
    /// A pivot `{x,y,z}` and pincers `{x,z}`, `{y,z}`.
    XYZWing,
    /// Unique rectangle type 1 (puzzles declared unique).
    UniqueRectangle1,
    /// Unique rectangle type 2.
    UniqueRectangle2,
    /// Unique rectangle type 3.
    UniqueRectangle3,
    /// Unique rectangle type 4.
    UniqueRectangle4,
    /// Four cells, four candidates.
    NakedQuad,
    /// Fish of size 4.
    Jellyfish,
    /// Four values, four cells.
    HiddenQuad,
    /// The conjugate pairs of a value in two colours.
    SimpleColouring,
    /// A chain of strong and weak links on one value.
    XChain,
    /// Three cells of a house holding four values, and a cell `{x, z}`.
    WXYZWing,
    /// Every unsolved cell but one with two candidates (puzzles declared
    /// unique).
    Bug,
    /// Four cells of a house holding five values, and a cell `{x, z}`.
    VWXYZWing,
    /// Five cells of a house holding six values, and a cell `{x, z}`.
    UVWXYZWing,
    /// A chain through cells with two candidates.
    XYChain,
    /// Two cells `{x,y}` joined by a strong link on `y`.
    WWing,
    /// An alternating inference chain mixing both kinds of links.
    Aic,
    /// Six cells of a house holding seven values, and a cell `{x, z}`.
    TUVWXYZWing,
    /// Contradiction, cell or region forcing with singles.
    ForcingChain,
    /// Forcing with locked candidates and pairs inside the nets.
    ForcingNet,
    /// Trial and error: no technique applies.
    Guess,
}

impl Technique {
    /// Every technique, easiest first.
    pub const ALL: [Technique; 38] = {
        use Technique::*;
        [
            NakedSingle,
            HiddenSingle,
            CageSum,
            Pointing,
            Claiming,
            NakedPair,
            XWing,
            HiddenPair,
            NakedTriple,
            Swordfish,
            HiddenTriple,
            Skyscraper,
            TwoStringKite,
            TurbotFish,
            EmptyRectangle,
            GroupedTurbot,
            XYWing,
            XYZWing,
            UniqueRectangle1,
            UniqueRectangle2,
            UniqueRectangle3,
            UniqueRectangle4,
            NakedQuad,
            Jellyfish,
            HiddenQuad,
            SimpleColouring,
            XChain,
            WXYZWing,
            Bug,
            VWXYZWing,
            UVWXYZWing,
            XYChain,
            WWing,
            Aic,
            TUVWXYZWing,
            ForcingChain,
            ForcingNet,
            Guess,
        ]
    };

    /// The rating of its plainest step on Sudoku Explainer's scale (chains
    /// and forcing chains rate more when longer, see [`Step::rating`]).
    pub fn rating(self) -> Rating {
        use Technique::*;
        Rating::from_tenths(match self {
            HiddenSingle => 15,
            CageSum => 20,
            NakedSingle => 23,
            Pointing => 26,
            Claiming => 28,
            NakedPair => 30,
            XWing => 32,
            HiddenPair => 34,
            NakedTriple => 36,
            Swordfish => 38,
            HiddenTriple | Skyscraper => 40,
            TwoStringKite => 41,
            TurbotFish | XYWing => 42,
            EmptyRectangle | GroupedTurbot => 43,
            XYZWing => 44,
            UniqueRectangle1 | UniqueRectangle2 | UniqueRectangle4 => 45,
            UniqueRectangle3 => 46,
            NakedQuad => 50,
            Jellyfish => 52,
            HiddenQuad => 54,
            SimpleColouring | XChain => 54,
            WXYZWing => 55,
            Bug => 56,
            VWXYZWing => 62,
            UVWXYZWing | XYChain => 66,
            TUVWXYZWing => 75,
            Aic => 70,
            WWing => 71,
            ForcingChain => 75,
            ForcingNet => 90,
            Guess => 96,
        })
    }

    /// The level at which this technique first counts.
    pub fn difficulty(self) -> Difficulty {
        Difficulty::of_rating(self.rating())
    }

    /// The name players use.
    pub fn name(self) -> &'static str {
        use Technique::*;
        match self {
            NakedSingle => "naked single",
            HiddenSingle => "hidden single",
            CageSum => "cage sum",
            Pointing => "pointing",
            Claiming => "claiming",
            NakedPair => "naked pair",
            HiddenPair => "hidden pair",
            NakedTriple => "naked triple",
            HiddenTriple => "hidden triple",
            NakedQuad => "naked quad",
            HiddenQuad => "hidden quad",
            XWing => "X-wing",
            Swordfish => "swordfish",
            Jellyfish => "jellyfish",
            Skyscraper => "skyscraper",
            TwoStringKite => "two-string kite",
            TurbotFish => "turbot fish",
            EmptyRectangle => "empty rectangle",
            GroupedTurbot => "grouped turbot fish",
            XYWing => "XY-wing",
            XYZWing => "XYZ-wing",
            UniqueRectangle1 => "unique rectangle type 1",
            UniqueRectangle2 => "unique rectangle type 2",
            UniqueRectangle3 => "unique rectangle type 3",
            UniqueRectangle4 => "unique rectangle type 4",
            SimpleColouring => "simple colouring",
            WXYZWing => "WXYZ-wing",
            Bug => "BUG+1",
            VWXYZWing => "VWXYZ-wing",
            UVWXYZWing => "UVWXYZ-wing",
            TUVWXYZWing => "TUVWXYZ-wing",
            XChain => "X-chain",
            XYChain => "XY-chain",
            WWing => "W-wing",
            Aic => "AIC",
            ForcingChain => "forcing chain",
            ForcingNet => "forcing net",
            Guess => "guess",
        }
    }

    /// The name in lower case with dashes (`xy-wing`, `unique-rectangle-1`),
    /// as the command line takes it.
    pub fn slug(self) -> String {
        self.name()
            .to_ascii_lowercase()
            .replace(' ', "-")
            .replace("-type-", "-")
    }

    /// Whether the technique is sound only for a puzzle with exactly one
    /// solution (unique rectangles, BUG+1).
    pub fn needs_unique(self) -> bool {
        use Technique::*;
        matches!(
            self,
            UniqueRectangle1 | UniqueRectangle2 | UniqueRectangle3 | UniqueRectangle4 | Bug
        )
    }

    /// Whether a whole-grid pattern (its steps name the pattern's cells).
    fn is_pattern(self) -> bool {
        use Technique::*;
        matches!(
            self,
            Skyscraper
                | TwoStringKite
                | TurbotFish
                | EmptyRectangle
                | GroupedTurbot
                | XYWing
                | XYZWing
                | UniqueRectangle1
                | UniqueRectangle2
                | UniqueRectangle3
                | UniqueRectangle4
                | SimpleColouring
                | XChain
                | WXYZWing
                | Bug
                | VWXYZWing
                | UVWXYZWing
                | TUVWXYZWing
                | XYChain
                | WWing
                | Aic
                | ForcingChain
                | ForcingNet
        )
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A technique's name ([`Technique::name`]): its serde form.
impl From<Technique> for String {
    fn from(technique: Technique) -> String {
        technique.name().to_owned()
    }
}

/// A technique from its name, as [`str::parse`] reads it.
impl TryFrom<String> for Technique {
    type Error = UnknownTechnique;
    fn try_from(name: String) -> Result<Technique, UnknownTechnique> {
        name.parse()
    }
}

/// The text is not a technique name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown technique {0:?} (expected a name such as xy-wing, x-chain or unique-rectangle-1)")]
pub struct UnknownTechnique(pub String);

impl FromStr for Technique {
    type Err = UnknownTechnique;
    /// A name (`XY-wing`, `xy-wing`, `xy wing`, `unique rectangle type 1`,
    /// `unique-rectangle-1`), any case.
    fn from_str(s: &str) -> Result<Technique, UnknownTechnique> {
        let key = |t: &str| {
            t.to_ascii_lowercase()
                .replace(['-', '_', ' '], "")
                .replace("type", "")
        };
        let k = key(s);
        Technique::ALL
            .into_iter()
            .find(|t| key(t.name()) == k)
            .ok_or_else(|| UnknownTechnique(s.to_owned()))
    }
}

/// A puzzle's grade: its rating, its level and the hardest technique it
/// needs.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Grade {
    /// The level: the band of the rating.
    pub difficulty: Difficulty,
    /// The rating on Sudoku Explainer's scale: the rating of the hardest
    /// step.
    pub rating: Rating,
    /// The technique of the hardest step ([`Technique::Guess`] when the
    /// techniques ran out).
    pub hardest: Option<Technique>,
    /// How many steps each technique took, easiest first.
    pub techniques: Vec<(Technique, usize)>,
}

impl fmt::Display for Grade {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.hardest {
            Some(Technique::Guess) => write!(
                f,
                "{} {} (needs more than the known techniques)",
                self.difficulty, self.rating
            ),
            Some(t) => write!(
                f,
                "{} {} (hardest technique: {t})",
                self.difficulty, self.rating
            ),
            None => write!(f, "{} (nothing to do)", self.difficulty),
        }
    }
}

/// A cell a single fills: its digit and, for a hidden single, the house
/// where that digit had no other place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Single {
    /// The cell.
    pub cell: Cell,
    /// Its digit.
    pub value: u8,
    /// The house of a hidden single (`None` for a naked single).
    pub house: Option<GroupKind>,
}

/// One human step: a placement, or eliminations by a technique.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Step {
    /// The technique.
    pub technique: Technique,
    /// The rating of this step on Sudoku Explainer's scale.
    pub rating: Rating,
    /// The cell filled and its value, for singles (the first of
    /// [`singles`](Step::singles)).
    pub placement: Option<(Cell, u8)>,
    /// Every cell a step of singles fills, in order: one, or for a run of
    /// naked singles (or of hidden singles in houses of one kind, rows
    /// say) told as one step, each of the run. A player writes such a run
    /// as one step ("r1c1 is 5 and r1c4 is 2: no other digit fits in
    /// each"); each single may rest on those before it. Empty for
    /// eliminations.
    #[cfg_attr(feature = "serde", serde(default))]
    pub singles: Vec<Single>,
    /// Candidates removed, `(cell, value)`, for the other techniques.
    pub eliminations: Vec<(Cell, u8)>,
    /// Where it happened ("box 6", "box 1 and row 2", for a fish "rows 2
    /// and 7, where 6 lies only in columns 1 and 5"),
    /// or for the whole-grid patterns the pattern itself ("pivot r1c1
    /// {12}, pincers ...").
    pub place: String,
    /// For a forcing step of the contradiction form ("assuming r1c8 = 2
    /// leads, by singles, to a contradiction, so r1c8 is not 2"): the
    /// digit assumed and what it was followed by ("singles"), for
    /// telling a run of them as one step (see `one_step_per_cell`).
    #[cfg_attr(feature = "serde", serde(skip))]
    assumed: Option<(u8, &'static str)>,
}

/// "a", "a and b", "a, b and c".
fn and_list(items: &[String]) -> String {
    match items.split_last() {
        Some((last, init)) if !init.is_empty() => format!("{} and {last}", init.join(", ")),
        _ => items.concat(),
    }
}

impl Step {
    /// Every cell the step fills, with its digit, in order.
    pub fn placements(&self) -> impl Iterator<Item = (Cell, u8)> + '_ {
        // A step built by hand may fill `placement` alone.
        let alone = self.singles.is_empty().then_some(self.placement).flatten();
        alone
            .into_iter()
            .chain(self.singles.iter().map(|s| (s.cell, s.value)))
    }

    /// The words of a run of singles told as one step ([`Step::singles`],
    /// two or more), or `None`.
    fn run_words(&self) -> Option<String> {
        let [first, _, ..] = self.singles.as_slice() else {
            return None;
        };
        let filled: Vec<String> = self
            .singles
            .iter()
            .map(|s| format!("{} is {}", s.cell, s.value))
            .collect();
        let why = match self.technique {
            Technique::NakedSingle => "no other digit fits in each".to_owned(),
            Technique::HiddenSingle => {
                let house = |s: &Single| s.house.map(|h| h.to_string()).unwrap_or_default();
                if self.singles.iter().all(|s| s.house == first.house) {
                    format!("the only place for each in {}", house(first))
                } else {
                    // Each house once, with its digits, in the order the
                    // cells come: "the only places for 9 and 3 in box 3
                    // and for 2 in box 6".
                    let mut houses: Vec<(Option<GroupKind>, Vec<String>)> = Vec::new();
                    for s in &self.singles {
                        match houses.iter_mut().find(|(h, _)| *h == s.house) {
                            Some((_, digits)) => digits.push(s.value.to_string()),
                            None => houses.push((s.house, vec![s.value.to_string()])),
                        }
                    }
                    let each: Vec<String> = houses
                        .iter()
                        .map(|(h, digits)| {
                            let h = h.map(|h| h.to_string()).unwrap_or_default();
                            format!("for {} in {h}", and_list(digits))
                        })
                        .collect();
                    let places = if houses[0].1.len() > 1 {
                        "places"
                    } else {
                        "place"
                    };
                    format!("the only {places} {}", and_list(&each))
                }
            }
            _ => return None,
        };
        Some(format!("{}: {why} ({})", and_list(&filled), self.technique))
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(words) = self.run_words() {
            return f.write_str(&words);
        }
        match (self.technique, self.placement) {
            (Technique::HiddenSingle, Some((cell, v))) => {
                write!(
                    f,
                    "{cell} is {v}: the only place for {v} in {} ({})",
                    self.place,
                    Technique::HiddenSingle
                )
            }
            (Technique::NakedSingle, Some((cell, v))) => {
                write!(
                    f,
                    "{cell} is {v}: no other digit fits there ({})",
                    Technique::NakedSingle
                )
            }
            (t, Some((cell, v))) => write!(f, "{cell} is {v}: {t}"),
            (t, None) => {
                if t.is_pattern() {
                    write!(f, "{t} ({}): {}: removes ", self.rating, self.place)?;
                } else {
                    write!(f, "{t} in {}: removes ", self.place)?;
                }
                let mut values: Vec<u8> = Vec::new();
                for &(_, v) in &self.eliminations {
                    if !values.contains(&v) {
                        values.push(v);
                    }
                }
                // Several digits of one cell: "removes 2 and 9 from r1c8".
                if let [(cell, _), rest @ ..] = self.eliminations.as_slice() {
                    let digits: Vec<String> = values.iter().map(u8::to_string).collect();
                    if let (true, Some((last, init))) = (
                        values.len() > 1 && rest.iter().all(|(c, _)| c == cell),
                        digits.split_last(),
                    ) {
                        return write!(f, "{} and {last} from {cell}", init.join(", "));
                    }
                }
                for (i, v) in values.iter().enumerate() {
                    if i > 0 {
                        f.write_str("; ")?;
                    }
                    let cells: Vec<String> = self
                        .eliminations
                        .iter()
                        .filter(|(_, w)| w == v)
                        .map(|(c, _)| c.to_string())
                        .collect();
                    write!(f, "{v} from {}", cells.join(", "))?;
                }
                Ok(())
            }
        }
    }
}

/// A step-by-step solution in human terms.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Explanation {
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// The grade.
    pub grade: Grade,
    /// Where the techniques ran out, if they did (puzzles that need a
    /// guess).
    pub stuck: Option<Board>,
    /// The solution.
    pub solution: Board,
}

impl fmt::Display for Explanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, step) in self.steps.iter().enumerate() {
            writeln!(f, "{:>3}. {step}", i + 1)?;
        }
        if self.stuck.is_some() {
            writeln!(
                f,
                "     no technique applies any more: the rest needs search"
            )?;
        }
        writeln!(f, "grade: {}", self.grade)
    }
}

/// The answer to "what next?" for a partly filled board.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Hint {
    /// The next logical step.
    Step(Step),
    /// No technique applies; the value the solution has at the cell with
    /// the fewest candidates.
    Guess {
        /// The cell.
        cell: Cell,
        /// Its value in the solution.
        value: u8,
    },
    /// The board is already solved.
    Solved,
    /// The board contradicts every solution.
    Contradiction {
        /// Filled cells that repeat a value in a group.
        clashes: Vec<Clash>,
        /// Cells whose value differs from the puzzle's unique solution
        /// (only known when the puzzle was given, see [`Logic::hint_for`]).
        wrong: Vec<Cell>,
    },
}

impl fmt::Display for Hint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Hint::Step(s) => write!(f, "{s}"),
            Hint::Guess { cell, value } => {
                write!(
                    f,
                    "no technique applies; try: {cell} is {value} (from the solution)"
                )
            }
            Hint::Solved => f.write_str("the board is solved"),
            Hint::Contradiction { clashes, wrong } => {
                f.write_str("the board contradicts every solution")?;
                if !clashes.is_empty() {
                    let list: Vec<String> = clashes.iter().map(ToString::to_string).collect();
                    write!(f, ": {}", list.join("; "))?;
                }
                if !wrong.is_empty() {
                    let list: Vec<String> = wrong.iter().map(ToString::to_string).collect();
                    write!(f, "; wrong cells: {}", list.join(", "))?;
                }
                Ok(())
            }
        }
    }
}

/// When the grader may use unique rectangles, which are only sound for a
/// puzzle with exactly one solution.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum UniqueRule {
    /// Use them, and when a puzzle's solution used one, prove by search
    /// that the puzzle has one solution (grading and explaining need one
    /// anyway; hints on a board with several solutions skip them).
    #[default]
    Prove,
    /// Use them without proof: the caller declares every puzzle unique.
    Declared,
    /// Never use them.
    Never,
}

/// What one propagation run of the logic model found.
#[derive(Debug)]
pub(crate) struct Analysis {
    pub(crate) steps: Vec<Step>,
    /// Count per technique.
    pub(crate) counts: Vec<(Technique, usize)>,
    /// Propagation failed: no solution.
    pub(crate) contradiction: bool,
    /// The board at the fixpoint (solved if every cell is filled).
    pub(crate) reached: Board,
    /// The rating of the hardest step and its technique.
    pub(crate) rating: Rating,
    pub(crate) hardest: Option<Technique>,
    /// A unique rectangle was used.
    pub(crate) used_unique: bool,
}

impl Analysis {
    pub(crate) fn solved(&self) -> bool {
        !self.contradiction && self.reached.is_complete()
    }

    pub(crate) fn level(&self) -> Difficulty {
        Difficulty::of_rating(self.rating)
    }

    pub(crate) fn grade(&self) -> Grade {
        let mut techniques = self.counts.clone();
        techniques.sort();
        Grade {
            difficulty: self.level(),
            rating: self.rating,
            hardest: self.hardest,
            techniques,
        }
    }
}

/// The rating given to a puzzle the techniques cannot finish. Sudoku
/// Explainer needs nested forcing chains for these (9.5 and up); the
/// puzzles hardest for search need the deepest nesting, so the rating
/// grows slowly with the number of candidates left when the techniques
/// run out: 9.6 from a nearly solved grid up to 10.5 from a nearly empty
/// one.
fn guess_rating(reached_candidates: usize, cells: usize, n: usize) -> Rating {
    let open = reached_candidates.saturating_sub(cells);
    let most = cells * n.saturating_sub(1);
    let extra = (open * 9).checked_div(most).unwrap_or(0).min(9);
    Rating::from_tenths(96 + extra as u16)
}

/// Propagates `board` on a logic-model solver (trace on) and reads the
/// trace. With `steps` false only the counts and the rating are kept.
pub(crate) fn analyse(
    solver: &mut SudokuSolver<'_>,
    board: &Board,
    steps: bool,
) -> Result<Analysis, SudokuError> {
    analyse_with(solver, board, steps, true)
}

/// [`analyse`], replaying the basic techniques for the low ratings only if
/// `replay` (the grader has just done so, and the replay did not finish).
fn analyse_with(
    solver: &mut SudokuSolver<'_>,
    board: &Board,
    steps: bool,
    replay: bool,
) -> Result<Analysis, SudokuError> {
    solver.load(board)?;
    let model = solver.model();
    let geo = model.geometry();
    let engine = solver.engine();
    let contradiction = engine.propagate().is_err();
    let n = model.variant().size();
    let mut reached = Board::empty(model.variant().shape());
    let mut open_candidates = 0;
    if !contradiction {
        let d = engine.domains();
        for (slot, &var) in reached.cells_mut().iter_mut().zip(model.cell_vars()) {
            *slot = d.value(var).map_or(0, |v| v as u8);
            open_candidates += d.size(var) as usize;
        }
    }
    let mut counts: Vec<(Technique, usize)> = Vec::new();
    let mut bump = |t: Technique| match counts.iter_mut().find(|(u, _)| *u == t) {
        Some((_, c)) => *c += 1,
        None => counts.push((t, 1)),
    };
    let mut out: Vec<Step> = Vec::new();
    // The advanced steps' ratings, in order, with their group (for the
    // "direct" forms).
    let mut rated: Vec<(Technique, Rating, usize)> = Vec::new();
    // The candidates before the current event, replayed from the trace
    // (only for the words of the pattern steps).
    let full = if n >= 64 { u64::MAX } else { (1u64 << n) - 1 };
    let mut masks: Vec<u64> = if steps { vec![full; n * n] } else { Vec::new() };
    let cell_index = |c: Cell| c.row * n + c.col;
    // The technique step being filled: (constraint, rule, index in `out`).
    let mut open: Option<(csp_core::ConstraintId, &'static str, usize)> = None;
    // Whether the last advanced step may still turn out "direct".
    let mut last_advanced: Option<(Technique, u8, csp_core::ConstraintId)> = None;
    let mut used_unique = false;
    // The removals of the open pattern step, from its description.
    let mut expected: Option<Vec<(usize, u64)>> = None;
    for event in engine.trace() {
        match *event {
            TraceEvent::Given { var, value } => {
                if let (true, Some(cell)) = (steps, model.cell_of(var)) {
                    masks[cell_index(cell)] = 1u64 << (value - 1);
                }
            }
            TraceEvent::Fixed(d) => {
                let Some(cell) = model.cell_of(d.var) else {
                    continue;
                };
                if techniques::classify(d.rule).is_some() {
                    continue; // implied by the pattern's removals
                }
                let value = d.value as u8;
                let hidden = d.rule == ad::HIDDEN_SINGLE;
                let technique = if hidden {
                    Technique::HiddenSingle
                } else {
                    Technique::NakedSingle
                };
                open = None;
                // A locked-candidates or hidden-subset step followed at
                // once by a hidden single is Sudoku Explainer's "direct"
                // form, rated lower.
                if let Some((t, v, group)) = last_advanced.take() {
                    if hidden {
                        let same_value = value == v;
                        let same_house = model.origin(d.constraint) == model.origin(group)
                            || matches!(
                                (model.origin(d.constraint), model.origin(group)),
                                (Some(Origin::Group(a)), Some(Origin::Subset(b, _))) if a == b
                            );
                        let direct = match t {
                            Technique::Pointing if same_value => Some(17),
                            Technique::Claiming if same_value => Some(19),
                            Technique::HiddenPair if same_house => Some(20),
                            Technique::HiddenTriple if same_house => Some(25),
                            _ => None,
                        };
                        if let (Some(r), Some(last)) = (direct, rated.last_mut()) {
                            last.1 = Rating::from_tenths(r);
                        }
                    }
                }
                bump(technique);
                if steps {
                    out.push(Step {
                        technique,
                        rating: technique.rating(),
                        placement: Some((cell, value)),
                        singles: vec![Single {
                            cell,
                            value,
                            house: model.house_of(d.constraint).filter(|_| hidden),
                        }],
                        eliminations: Vec::new(),
                        place: model.describe(d.constraint),
                        assumed: None,
                    });
                }
            }
            TraceEvent::Removed(d) => {
                let Some(cell) = model.cell_of(d.var) else {
                    continue;
                };
                let Some((technique, rating)) = techniques::classify(d.rule) else {
                    if d.rule == ad::HIDDEN_SINGLE || d.rule == ad::ELIMINATION {
                        open = None;
                    }
                    if steps {
                        masks[cell_index(cell)] &= !(1u64 << (d.value - 1));
                    }
                    continue;
                };
                // A pattern's step is exactly what its description found;
                // a removal beyond that is the pattern's next call.
                let within = |expected: &Option<Vec<(usize, u64)>>| {
                    expected.as_ref().is_none_or(|e| {
                        e.iter().any(|&(c, b)| {
                            c == cell_index(cell) && b & (1u64 << (d.value - 1)) != 0
                        })
                    })
                };
                match open {
                    Some((c, r, i)) if c == d.constraint && r == d.rule && within(&expected) => {
                        if steps {
                            out[i].eliminations.push((cell, d.value as u8));
                        }
                    }
                    _ => {
                        expected = None;
                        bump(technique);
                        rated.push((technique, rating, d.constraint.index()));
                        last_advanced = Some((technique, d.value as u8, d.constraint));
                        if technique.needs_unique() {
                            used_unique = true;
                        }
                        if steps {
                            let mut assumed = None;
                            let place = match model.origin(d.constraint) {
                                Some(Origin::Fish) => {
                                    fish_words(&masks, n, technique, cell, d.value as u8)
                                        .unwrap_or_else(|| "rows and columns".to_owned())
                                }
                                Some(Origin::Pattern) => {
                                    match geo
                                        .and_then(|g| techniques::describe(g, technique, &masks))
                                    {
                                        Some(f) => {
                                            assumed = f.assumed;
                                            let mut e: Vec<(usize, u64)> = f
                                                .eliminations
                                                .iter()
                                                .map(|&(c, b)| (usize::from(c), b))
                                                .collect();
                                            for &(c, b) in &f.placements {
                                                let c = usize::from(c);
                                                e.push((c, masks[c] & !b));
                                            }
                                            expected = Some(e);
                                            f.text
                                        }
                                        None => String::new(),
                                    }
                                }
                                _ => model.describe(d.constraint),
                            };
                            out.push(Step {
                                technique,
                                rating,
                                placement: None,
                                singles: Vec::new(),
                                eliminations: vec![(cell, d.value as u8)],
                                place,
                                assumed,
                            });
                        }
                        open = Some((d.constraint, d.rule, out.len().saturating_sub(1)));
                    }
                }
                if steps {
                    masks[cell_index(cell)] &= !(1u64 << (d.value - 1));
                }
            }
            _ => {}
        }
    }
    if steps {
        // The direct forms found above, onto the steps.
        for (step, &(_, r, _)) in out.iter_mut().filter(|s| s.placement.is_none()).zip(&rated) {
            step.rating = r;
        }
    }
    let solved = !contradiction && reached.is_complete();
    let advanced = rated.iter().max_by_key(|(t, r, _)| (*r, *t)).copied();
    let (rating, hardest) = if !solved {
        let r = guess_rating(open_candidates, n * n, n);
        (advanced.map_or(r, |a| a.1.max(r)), Some(Technique::Guess))
    } else {
        let low = match (advanced, geo) {
            _ if !replay => None,
            (Some((_, r, _)), Some(_)) if r.tenths() > 44 => None,
            (_, Some(g)) => techniques::direct::low_rating(g, board.values()),
            _ => None,
        };
        match (low, advanced) {
            (Some(low), _) => (low.rating, Some(low.hardest)),
            (None, Some((t, r, _))) => (r.max(Rating::from_tenths(26)), Some(t)),
            (None, None) => {
                // Singles only, on a model without the geometry (or a
                // grid already full).
                let t = counts.iter().map(|&(t, _)| t).max();
                (t.map_or(Rating::default(), Technique::rating), t)
            }
        }
    };
    Ok(Analysis {
        steps: out,
        counts,
        contradiction,
        reached,
        rating,
        hardest,
        used_unique,
    })
}

/// The words of a fish on `digit` that removes it from `cell`, found in
/// `masks` (the candidates before the step): "rows 2 and 7, where 6 lies
/// only in columns 1 and 5" (or columns first), or `None` if no fish of
/// the technique's size explains the removal.
fn fish_words(
    masks: &[u64],
    n: usize,
    technique: Technique,
    cell: Cell,
    digit: u8,
) -> Option<String> {
    let k = match technique {
        Technique::XWing => 2,
        Technique::Swordfish => 3,
        Technique::Jellyfish => 4,
        _ => return None,
    };
    let bit = 1u64 << (digit - 1);
    let list = |lines: &[usize]| -> String {
        let names: Vec<String> = lines.iter().map(|l| (l + 1).to_string()).collect();
        match names.split_last() {
            Some((last, init)) if !init.is_empty() => format!("{} and {last}", init.join(", ")),
            _ => names.concat(),
        }
    };
    for by_rows in [true, false] {
        // The places of the digit along each base line, as a bit set of
        // the cross lines.
        let places = |line: usize| -> u64 {
            (0..n)
                .filter(|&x| {
                    let i = if by_rows { line * n + x } else { x * n + line };
                    masks.get(i).is_some_and(|m| m & bit != 0)
                })
                .fold(0, |acc, x| acc | 1u64 << x)
        };
        let (base_of, cross_of) = if by_rows {
            (cell.row, cell.col)
        } else {
            (cell.col, cell.row)
        };
        let lines: Vec<usize> = (0..n)
            .filter(|&l| l != base_of && (2..=k).contains(&(places(l).count_ones() as usize)))
            .collect();
        // Every k of those lines whose places lie in k cross lines, one of
        // them the removed cell's.
        let mut pick: Vec<usize> = (0..k).collect();
        while k <= lines.len() {
            let chosen: Vec<usize> = pick.iter().map(|&j| lines[j]).collect();
            let cover = chosen.iter().fold(0, |acc, &l| acc | places(l));
            if cover.count_ones() as usize == k && cover & (1u64 << cross_of) != 0 {
                let crosses: Vec<usize> = (0..n).filter(|&x| cover & (1u64 << x) != 0).collect();
                let (base, cross) = if by_rows {
                    ("rows", "columns")
                } else {
                    ("columns", "rows")
                };
                return Some(format!(
                    "{base} {}, where {digit} lies only in {cross} {}",
                    list(&chosen),
                    list(&crosses)
                ));
            }
            // The next k-subset, in lexicographic order.
            let Some(j) = (0..k).rev().find(|&j| pick[j] < lines.len() - k + j) else {
                break;
            };
            pick[j] += 1;
            for m in j + 1..k {
                pick[m] = pick[m - 1] + 1;
            }
        }
    }
    None
}

/// The cell whose candidates forcing step `s` removes, if it removes
/// candidates of one cell only.
fn forcing_cell(s: &Step) -> Option<Cell> {
    let forcing = matches!(s.technique, Technique::ForcingChain | Technique::ForcingNet);
    let (&(first, _), rest) = s.eliminations.split_first()?;
    (forcing && s.placement.is_none() && rest.iter().all(|&(c, _)| c == first)).then_some(first)
}

/// "2 nor 9", "2, 5 or 9": the digits a cell is not.
fn neither(digits: &[&str]) -> String {
    match digits {
        [a, b] => format!("neither {a} nor {b}"),
        [init @ .., last] => format!("not {} or {last}", init.join(", ")),
        [] => String::new(),
    }
}

/// The steps with each run of forcing steps that remove candidates of one
/// and the same cell, one after the other, told as one step: "assuming
/// r1c8 = 2, then r1c8 = 9, leads each time, by singles, to a
/// contradiction, so r1c8 is neither 2 nor 9". A player crosses those
/// candidates out for one reason (each leads to a contradiction), so the
/// engine's one deduction per candidate is one step. Its rating is the
/// run's highest; the grade, counted by the analysis, is unchanged.
fn one_step_per_cell(steps: Vec<Step>) -> Vec<Step> {
    let mut out: Vec<Step> = Vec::with_capacity(steps.len());
    // The forcing steps on one cell that end at the step being read.
    let mut run: Vec<Step> = Vec::new();
    let flush = |run: &mut Vec<Step>, out: &mut Vec<Step>| {
        if run.len() < 2 {
            out.append(run);
            return;
        }
        let parts: Option<Vec<(String, &str)>> = run
            .iter()
            .map(|s| s.assumed.map(|(digit, with)| (digit.to_string(), with)))
            .collect();
        let cell = forcing_cell(&run[0])
            .map(|c| c.to_string())
            .unwrap_or_default();
        let place = match parts {
            Some(parts) if parts.iter().all(|p| p.1 == parts[0].1) => {
                let assumed: Vec<String> =
                    parts.iter().map(|p| format!("{cell} = {}", p.0)).collect();
                let digits: Vec<&str> = parts.iter().map(|p| p.0.as_str()).collect();
                format!(
                    "assuming {}, leads each time, by {}, to a contradiction, so {cell} is {}",
                    assumed.join(", then "),
                    parts[0].1,
                    neither(&digits)
                )
            }
            _ => {
                let places: Vec<&str> = run.iter().map(|s| s.place.as_str()).collect();
                places.join("; and ")
            }
        };
        let mut merged = run[0].clone();
        for s in &run[1..] {
            merged.rating = merged.rating.max(s.rating);
            merged.eliminations.extend(s.eliminations.iter().copied());
        }
        merged.place = place;
        run.clear();
        out.push(merged);
    };
    for s in steps {
        let joins = match (run.last(), forcing_cell(&s)) {
            (Some(last), Some(c)) => last.technique == s.technique && forcing_cell(last) == Some(c),
            _ => false,
        };
        if !joins {
            flush(&mut run, &mut out);
        }
        if forcing_cell(&s).is_some() {
            run.push(s);
        } else {
            out.push(s);
        }
    }
    flush(&mut run, &mut out);
    out
}

/// Whether single `b` may join a run of singles of `technique` whose
/// last is `a`: any naked single after a naked single, a hidden single
/// after one in a house of the same kind (a row after a row).
fn joins_run(technique: Technique, a: &Single, b: &Single) -> bool {
    match technique {
        Technique::NakedSingle => true,
        Technique::HiddenSingle => match (a.house, b.house) {
            (Some(x), Some(y)) => std::mem::discriminant(&x) == std::mem::discriminant(&y),
            _ => false,
        },
        _ => false,
    }
}

/// The steps with each run of naked singles, and each run of hidden
/// singles in houses of one kind, told as one step (see
/// [`Step::singles`]): a player fills such a run for one reason, so the
/// engine's one step per cell reads as the same words over and over. Its
/// rating is the run's highest; the grade, counted by the analysis, is
/// unchanged.
fn one_step_per_run(steps: Vec<Step>) -> Vec<Step> {
    let mut out: Vec<Step> = Vec::with_capacity(steps.len());
    for s in steps {
        if let Some(last) = out.last_mut() {
            let joins = last.technique == s.technique
                && matches!(
                    (last.singles.last(), s.singles.as_slice()),
                    (Some(a), [b]) if joins_run(s.technique, a, b)
                );
            if joins {
                last.rating = last.rating.max(s.rating);
                last.singles.extend(s.singles);
                continue;
            }
        }
        out.push(s);
    }
    out
}

/// The steps as a player is told them: runs of singles and of forcing
/// steps on one cell as one step each.
fn told(steps: Vec<Step>) -> Vec<Step> {
    one_step_per_run(one_step_per_cell(steps))
}

/// Grades, explains and hints puzzles of one set of rules.
///
/// It holds three csp-core models built once: the plain one (for
/// uniqueness), and two with the techniques added as constraints: one for
/// grading, which applies the deductions of a chain or forcing technique
/// in batches once it has used a step as hard, and one for explanations
/// and hints, which shows one deduction per step.
///
/// ```
/// use sudoku::{Board, Difficulty, Logic, Shape, Variant};
/// let logic = Logic::new(Variant::classic(Shape::CLASSIC))?;
/// let puzzle: Board = "530070000600195000098000060800060003400803001700020006060000280000419005000080079".parse()?;
/// let grade = logic.grade(&puzzle)?;
/// assert_eq!(grade.difficulty, Difficulty::Easy);
/// assert!(grade.rating.value() <= 2.5);
/// let explanation = logic.explain(&puzzle)?;
/// // 51 blank cells, filled by runs of naked and of hidden singles
/// assert!(explanation.steps.len() < 51);
/// println!("{explanation}");
/// let hint = logic.hint(&puzzle)?;
/// assert!(hint.to_string().contains("single"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Logic {
    grading: SudokuModel,
    stepping: SudokuModel,
    plain: SudokuModel,
    unique: UniqueRule,
    /// Options (limits) for the searches that prove uniqueness or find the
    /// solution when the techniques run out.
    options: SearchOptions,
}

impl Logic {
    /// Grader for these rules, with every technique (unique rectangles as
    /// [`UniqueRule::Prove`] says).
    pub fn new(variant: Variant) -> Result<Logic, SudokuError> {
        Logic::with_rules(variant, UniqueRule::default(), Technique::Guess)
    }

    /// Grader for these rules with the techniques up to `up_to` only
    /// (easiest first), and unique rectangles as `unique` says.
    pub fn with_rules(
        variant: Variant,
        unique: UniqueRule,
        up_to: Technique,
    ) -> Result<Logic, SudokuError> {
        let options = techniques::Options {
            unique: unique != UniqueRule::Never,
            batch: true,
            up_to,
            memo: true,
        };
        Ok(Logic {
            grading: SudokuModel::with_techniques(variant.clone(), options)?,
            stepping: SudokuModel::with_techniques(
                variant.clone(),
                techniques::Options {
                    batch: false,
                    ..options
                },
            )?,
            plain: SudokuModel::new(variant)?,
            unique,
            options: SudokuSolver::default_options(),
        })
    }

    /// Sets the search options (node and time limits, a cancel flag) of the
    /// searches this grader runs when the techniques do not finish a
    /// puzzle: proving it unique, or finding its solution. A search stopped
    /// by a limit makes `grade`, `explain` or `hint` return
    /// [`SudokuError::Stopped`]. By default there is no limit
    /// ([`SudokuSolver::default_options`]). A node limit bounds the
    /// decisions of all the searches of one call together; a time limit
    /// and a cancellation flag bound the whole call, the techniques
    /// included (they are propagation, which the engine's limits do not
    /// interrupt: they check the deadline themselves and stop deducing).
    pub fn with_search_options(mut self, options: SearchOptions) -> Logic {
        self.options = options;
        self
    }

    fn plain_solver(&self) -> SudokuSolver<'_> {
        self.plain.solver_with(self.options.clone())
    }

    /// The solution of `board`, `None` if it has none, or
    /// [`SudokuError::Stopped`] if a limit stopped the search (which must
    /// not pass for "no solution").
    fn solve_within_limits(&self, board: &Board) -> Result<Option<Board>, SudokuError> {
        match self.plain_solver().solve(board)? {
            Outcome::Solved(b) => Ok(Some(b)),
            Outcome::NoSolution => Ok(None),
            Outcome::Stopped(reason) => Err(SudokuError::Stopped(reason)),
        }
    }

    /// The rules.
    pub fn variant(&self) -> &Variant {
        self.plain.variant()
    }

    /// A solver of the grading model (batched deductions).
    pub(crate) fn logic_solver(&self) -> SudokuSolver<'_> {
        self.grading
            .solver_with(SearchOptions::default().with_trace(true))
    }

    fn step_solver(&self) -> SudokuSolver<'_> {
        self.stepping
            .solver_with(SearchOptions::default().with_trace(true))
    }

    pub(crate) fn plain_model(&self) -> &SudokuModel {
        &self.plain
    }

    /// The puzzle's rating, level and hardest technique. A puzzle with no
    /// solution or several is an error: it has no proper grade.
    pub fn grade(&self, puzzle: &Board) -> Result<Grade, SudokuError> {
        if let Some(g) = self.quick_grade(puzzle)? {
            return Ok(g);
        }
        // When `quick_grade` replayed the basic techniques and they did not
        // finish, they will not finish in `analyse` either.
        let replayed = self.grading.geometry().is_some()
            && self.variant().cages().is_empty()
            && !puzzle.is_complete();
        // A puzzle without exactly one solution has no grade, and the
        // techniques are slow to find that out: they run to their end (the
        // forcing chains too) and then a search decides. A short search
        // first settles most such puzzles at once, and the proof of
        // uniqueness it may find saves the search after the techniques.
        let started = Instant::now();
        let (known, spent) = self.short_uniqueness(puzzle)?;
        let a = self.within(started, || {
            analyse_with(&mut self.logic_solver(), puzzle, false, !replayed)
        })?;
        self.check(&a, puzzle, known, self.remaining(started, spent))?;
        Ok(a.grade())
    }

    /// A uniqueness search of at most [`SHORT_SEARCH`] decisions (and
    /// within the grader's own limits): the solution if it proved it
    /// unique, `None` if it stopped first, or the error the puzzle has (no
    /// solution, several); and the decisions it took (they count against
    /// the node limit of the searches after it).
    fn short_uniqueness(&self, puzzle: &Board) -> Result<(Option<Board>, u64), SudokuError> {
        let mut options = self.options.clone();
        options.limits.nodes = Some(
            options
                .limits
                .nodes
                .map_or(SHORT_SEARCH, |n| n.min(SHORT_SEARCH)),
        );
        let mut solver = self.plain.solver_with(options);
        let found = solver.uniqueness(puzzle)?;
        let spent = solver.stats().decisions;
        match found {
            Uniqueness::Unique(s) => Ok((Some(s), spent)),
            Uniqueness::NoSolution => Err(SudokuError::NoSolution),
            Uniqueness::Multiple(..) => Err(SudokuError::MultipleSolutions),
            Uniqueness::Unknown { .. } => Ok((None, spent)),
        }
    }

    /// Runs an analysis (the techniques) within the time limit and the
    /// cancellation flag of the grader's options, counted from `started`:
    /// once over, the techniques stop deducing (see `techniques::halt`)
    /// and the analysis is [`SudokuError::Stopped`], never a grade.
    fn within<T>(
        &self,
        started: Instant,
        analysis: impl FnOnce() -> Result<T, SudokuError>,
    ) -> Result<T, SudokuError> {
        let limits = &self.options.limits;
        let deadline = limits.time.map(|t| started + t);
        let guard = techniques::halt::Guard::new(deadline, limits.cancel.clone());
        let result = analysis()?;
        match guard.fired() {
            Some(reason) => Err(SudokuError::Stopped(reason)),
            None => Ok(result),
        }
    }

    /// The options of a search after `spent` decisions and the time since
    /// `started`: what is left of the node and time limits, so that a
    /// limit bounds the whole of a grade or an explanation.
    fn remaining(&self, started: Instant, spent: u64) -> SearchOptions {
        let mut options = self.options.clone();
        if let Some(n) = options.limits.nodes.as_mut() {
            *n = n.saturating_sub(spent);
        }
        if let Some(t) = options.limits.time.as_mut() {
            *t = t.saturating_sub(started.elapsed());
        }
        options
    }

    /// The grade of a puzzle that singles and the basic techniques finish
    /// (rated by replaying them as Sudoku Explainer takes them, with no
    /// propagation of the logic model), or `None`. A puzzle that logic
    /// finishes has exactly one solution.
    pub(crate) fn quick_grade(&self, puzzle: &Board) -> Result<Option<Grade>, SudokuError> {
        let variant = self.variant();
        variant.check_board(puzzle)?;
        let clashes = variant.clashes(puzzle);
        if !clashes.is_empty() {
            return Err(SudokuError::Clash(clashes));
        }
        let Some(geo) = self.grading.geometry() else {
            return Ok(None);
        };
        if !variant.cages().is_empty() || puzzle.is_complete() {
            return Ok(None);
        }
        Ok(
            techniques::direct::low_rating(geo, puzzle.values()).map(|low| {
                let mut techniques = low.counts;
                techniques.sort();
                Grade {
                    difficulty: Difficulty::of_rating(low.rating),
                    rating: low.rating,
                    hardest: Some(low.hardest),
                    techniques,
                }
            }),
        )
    }

    /// The solution, if the analysis `a` of `puzzle` and a search (none if
    /// `known`, the solution a search has already proved unique) show
    /// that there is exactly one; otherwise the error that says why not.
    pub(crate) fn check(
        &self,
        a: &Analysis,
        puzzle: &Board,
        known: Option<Board>,
        options: SearchOptions,
    ) -> Result<Board, SudokuError> {
        // Unique rectangles assume one solution: on a puzzle with several
        // they can reach a contradiction, which then proves nothing.
        let proves_nothing = a.contradiction && self.unique == UniqueRule::Prove;
        if a.contradiction && !proves_nothing {
            return Err(SudokuError::NoSolution);
        }
        if a.solved() && !(a.used_unique && self.unique == UniqueRule::Prove) {
            return Ok(a.reached.clone());
        }
        if let Some(solution) = known {
            return Ok(solution);
        }
        match self.plain.solver_with(options).uniqueness(puzzle)? {
            Uniqueness::Unique(s) => Ok(s),
            Uniqueness::NoSolution => Err(SudokuError::NoSolution),
            Uniqueness::Multiple(..) => Err(SudokuError::MultipleSolutions),
            Uniqueness::Unknown { reason, .. } => Err(SudokuError::Stopped(reason)),
        }
    }

    /// The steps a person would take, in order, with the grade.
    pub fn explain(&self, puzzle: &Board) -> Result<Explanation, SudokuError> {
        // As in `grade`: a short search first settles most puzzles without
        // exactly one solution.
        let started = Instant::now();
        let (known, spent) = self.short_uniqueness(puzzle)?;
        let a = self.within(started, || analyse(&mut self.step_solver(), puzzle, true))?;
        let solution = self.check(&a, puzzle, known, self.remaining(started, spent))?;
        let grade = a.grade();
        let stuck = (!a.solved()).then(|| a.reached.clone());
        Ok(Explanation {
            steps: told(a.steps),
            grade,
            stuck,
            solution,
        })
    }

    /// The next logical step for a partly filled board, or a contradiction
    /// if no solution agrees with it.
    pub fn hint(&self, board: &Board) -> Result<Hint, SudokuError> {
        self.hint_inner(board, None)
    }

    /// Like [`hint`](Self::hint) for `progress`, a board a player filled
    /// from `puzzle`: on a contradiction, also names the cells that differ
    /// from the puzzle's solution (when it is unique).
    pub fn hint_for(&self, puzzle: &Board, progress: &Board) -> Result<Hint, SudokuError> {
        self.hint_inner(progress, Some(puzzle))
    }

    fn hint_inner(&self, board: &Board, puzzle: Option<&Board>) -> Result<Hint, SudokuError> {
        self.variant().check_board(board)?;
        let wrong = || -> Result<Vec<Cell>, SudokuError> {
            let Some(p) = puzzle else {
                return Ok(Vec::new());
            };
            Ok(match self.plain_solver().uniqueness(p) {
                Ok(Uniqueness::Unique(s)) => board
                    .filled_cells()
                    .filter(|&(c, v)| s.value(c) != Some(v))
                    .map(|(c, _)| c)
                    .collect(),
                _ => Vec::new(),
            })
        };
        let clashes = self.variant().clashes(board);
        if !clashes.is_empty() {
            return Ok(Hint::Contradiction {
                clashes,
                wrong: wrong()?,
            });
        }
        if self.variant().is_solved(board) {
            return Ok(Hint::Solved);
        }
        let mut solver = self.step_solver();
        let a = self.within(Instant::now(), || analyse(&mut solver, board, true))?;
        // A contradiction is the board's own unless unique rectangles, which
        // assume one solution, may have led to it: then the first step may
        // still be sound (see below), and a search decides.
        let trusted = a.contradiction && self.unique != UniqueRule::Prove;
        if !trusted {
            let solved = a.solved();
            if let Some(step) = told(a.steps).into_iter().next() {
                let needs_unique =
                    step.technique.needs_unique() && self.unique == UniqueRule::Prove;
                let sound = if needs_unique {
                    self.plain_solver().uniqueness(board)?.is_unique()
                } else {
                    solved || self.solve_within_limits(board)?.is_some()
                };
                if sound {
                    return Ok(Hint::Step(step));
                }
            }
        }
        let solution = if trusted {
            None
        } else {
            self.solve_within_limits(board)?
        };
        let Some(solution) = solution else {
            return Ok(Hint::Contradiction {
                clashes: Vec::new(),
                wrong: wrong()?,
            });
        };
        let cell = board
            .blank_cells()
            .min_by_key(|c| self.variant().candidates(board, c.row, c.col).len())
            .unwrap_or(Cell::new(0, 0));
        Ok(Hint::Guess {
            cell,
            value: solution.value(cell).unwrap_or(0),
        })
    }
}

impl Board {
    /// The grade under the classic rules (see [`Logic::grade`]).
    pub fn grade(&self) -> Result<Grade, SudokuError> {
        Logic::new(self.rules())?.grade(self)
    }

    /// The human steps under the classic rules (see [`Logic::explain`]).
    pub fn explain(&self) -> Result<Explanation, SudokuError> {
        Logic::new(self.rules())?.explain(self)
    }

    /// The next step under the classic rules (see [`Logic::hint`]).
    pub fn hint(&self) -> Result<Hint, SudokuError> {
        Logic::new(self.rules())?.hint(self)
    }
}
