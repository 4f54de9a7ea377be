//! Human solving techniques as csp-core plug-in constraints, used by the
//! grader, the explanations and the hints (never by the plain solver).
//!
//! Each technique is a [`Constraint`] at a
//! [`Priority`] of its own, in the order of Sudoku
//! Explainer's difficulty table: the engine always runs the lowest
//! non-empty level first, so propagation applies singles (AllDifferent at
//! level 1) until they are exhausted, then locked candidates (2), naked
//! pairs (3), X-wings (4), hidden pairs (5), naked triples (6), swordfish
//! (7), hidden triples and the single-digit patterns (8), XY- and
//! XYZ-wings (9), unique rectangles (10), quads and jellyfish (11), simple
//! colouring and X-chains (12), XY-chains (13), W-wings and alternating
//! inference chains (14), and forcing chains last (15). Each technique
//! constraint makes one deduction per call, the easiest it can find, and is
//! then queued again, so after every advanced step the cheap ones run
//! first, as a person would solve. Every deduction is named with
//! [`set_rule`](csp_core::PropagationContext::set_rule) for the trace; the
//! techniques whose rating depends on the pattern (chains, forcing chains,
//! unique rectangles of type 3) name it with a rule that carries the
//! rating, e.g. `"XY-chain (6.7)"` (see `classify`).
//!
//! The whole-grid techniques implement `Pattern`: a pure search on the
//! candidate masks that both the constraint (to deduce) and the
//! explanations (to describe the step in words) call.
//!
//! Most of the runs between two advanced steps find nothing; the `memo`
//! module lets the searches that can prove it skip their work (per value
//! for fish, single-digit patterns, colouring and X-chains; whole for
//! wings and XY-chains while their few-candidate cells are unchanged,
//! alternating inference chains while no strong link is new; and ALS
//! wings look only at the sets with a changed cell), without changing any
//! step.

mod als;
mod chains;
pub(crate) mod direct;
mod fish;
mod forcing;
pub(crate) mod geometry;
pub(crate) mod halt;
mod locked;
mod memo;
mod single_digit;
mod subsets;
mod unique;
mod wings;

pub(crate) use fish::Fish;
pub(crate) use locked::LockedCandidates;
pub(crate) use subsets::{SubsetKind, Subsets};

use crate::error::SudokuError;
use crate::logic::Technique;
use crate::rating::Rating;
use crate::rules::{GroupKind, Variant};
use csp_core::{Conflict, Constraint, Events, Model, Priority, PropagationContext, Value, VarId};
use geometry::Geometry;
use memo::{CellMemo, LinkMemo, ValueMemo};
use std::sync::Arc;

/// What a constraint of a [`SudokuModel`](crate::SudokuModel) stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Origin {
    /// The AllDifferent of group `g` of the variant.
    Group(u32),
    /// The sum of cage `k`.
    Cage(u32),
    /// Locked candidates between groups `a` (box-like) and `b` (line-like).
    Intersection(u32, u32),
    /// Naked or hidden subsets of one size in group `g`.
    Subset(u32, u8),
    /// Fish over rows and columns.
    Fish,
    /// A whole-grid pattern (wings, chains, ...): the step names its cells.
    Pattern,
}

/// Builds a table of rule names `"<name> (0.0)"` ... `"<name> (15.9)"`, one
/// per rating in tenths, for the techniques whose rating varies.
macro_rules! rated_rules {
    ($name:literal) => {
        rated_rules!(@ $name;
            "0.0" "0.1" "0.2" "0.3" "0.4" "0.5" "0.6" "0.7" "0.8" "0.9" "1.0" "1.1" "1.2" "1.3"
            "1.4" "1.5" "1.6" "1.7" "1.8" "1.9" "2.0" "2.1" "2.2" "2.3" "2.4" "2.5" "2.6" "2.7"
            "2.8" "2.9" "3.0" "3.1" "3.2" "3.3" "3.4" "3.5" "3.6" "3.7" "3.8" "3.9" "4.0" "4.1"
            "4.2" "4.3" "4.4" "4.5" "4.6" "4.7" "4.8" "4.9" "5.0" "5.1" "5.2" "5.3" "5.4" "5.5"
            "5.6" "5.7" "5.8" "5.9" "6.0" "6.1" "6.2" "6.3" "6.4" "6.5" "6.6" "6.7" "6.8" "6.9"
            "7.0" "7.1" "7.2" "7.3" "7.4" "7.5" "7.6" "7.7" "7.8" "7.9" "8.0" "8.1" "8.2" "8.3"
            "8.4" "8.5" "8.6" "8.7" "8.8" "8.9" "9.0" "9.1" "9.2" "9.3" "9.4" "9.5" "9.6" "9.7"
            "9.8" "9.9" "10.0" "10.1" "10.2" "10.3" "10.4" "10.5" "10.6" "10.7" "10.8" "10.9" "11.0"
            "11.1" "11.2" "11.3" "11.4" "11.5" "11.6" "11.7" "11.8" "11.9" "12.0" "12.1" "12.2"
            "12.3" "12.4" "12.5" "12.6" "12.7" "12.8" "12.9" "13.0" "13.1" "13.2" "13.3" "13.4"
            "13.5" "13.6" "13.7" "13.8" "13.9" "14.0" "14.1" "14.2" "14.3" "14.4" "14.5" "14.6"
            "14.7" "14.8" "14.9" "15.0" "15.1" "15.2" "15.3" "15.4" "15.5" "15.6" "15.7" "15.8"
            "15.9"
        )
    };
    (@ $name:literal; $($r:literal)*) => {
        [$(concat!($name, " (", $r, ")")),*]
    };
}

/// Trace rule names of the techniques.
pub mod rules {
    /// Bounds of a killer cage's sum.
    pub const CAGE_SUM: &str = "cage sum";
    /// A value confined to one line inside a box leaves the rest of the line.
    pub const POINTING: &str = "locked candidates (pointing)";
    /// A value confined to one box inside a line leaves the rest of the box.
    pub const CLAIMING: &str = "locked candidates (claiming)";
    /// Two cells of a group holding only the same two values.
    pub const NAKED_PAIR: &str = "naked pair";
    /// Two values of a group fitting only the same two cells.
    pub const HIDDEN_PAIR: &str = "hidden pair";
    /// Three cells, three values.
    pub const NAKED_TRIPLE: &str = "naked triple";
    /// Three values, three cells.
    pub const HIDDEN_TRIPLE: &str = "hidden triple";
    /// Four cells, four values.
    pub const NAKED_QUAD: &str = "naked quad";
    /// Four values, four cells.
    pub const HIDDEN_QUAD: &str = "hidden quad";
    /// A fish of size 2.
    pub const X_WING: &str = "X-wing";
    /// A fish of size 3.
    pub const SWORDFISH: &str = "swordfish";
    /// A fish of size 4.
    pub const JELLYFISH: &str = "jellyfish";
    /// Two strong links of one value in parallel lines.
    pub const SKYSCRAPER: &str = "skyscraper";
    /// Two strong links of one value, in a row and a column.
    pub const TWO_STRING_KITE: &str = "two-string kite";
    /// Two strong links of one value, one of them in a box.
    pub const TURBOT_FISH: &str = "turbot fish";
    /// A box's value confined to a row and a column, with a strong link.
    pub const EMPTY_RECTANGLE: &str = "empty rectangle";
    /// Two strong links of one value, one with a group of cells at an end.
    pub const GROUPED_TURBOT: &str = "grouped turbot fish";
    /// A bivalue pivot and two bivalue pincers.
    pub const XY_WING: &str = "XY-wing";
    /// A trivalue pivot and two bivalue pincers.
    pub const XYZ_WING: &str = "XYZ-wing";
    /// Unique rectangle, type 1.
    pub const UR_1: &str = "unique rectangle type 1";
    /// Unique rectangle, type 2.
    pub const UR_2: &str = "unique rectangle type 2";
    /// Unique rectangle, type 3 (with a naked pair, triple or quad).
    pub const UR_3: [&str; 3] = [
        "unique rectangle type 3 (4.6)",
        "unique rectangle type 3 (4.7)",
        "unique rectangle type 3 (4.8)",
    ];
    /// Unique rectangle, type 4.
    pub const UR_4: &str = "unique rectangle type 4";
    /// WXYZ-wings (ALS-XZ with three cells), by rating.
    pub const WXYZ_WING: [&str; 160] = rated_rules!("WXYZ-wing");
    /// VWXYZ-wings (four cells), by rating.
    pub const VWXYZ_WING: [&str; 160] = rated_rules!("VWXYZ-wing");
    /// UVWXYZ-wings (five cells).
    pub const UVWXYZ_WING: &str = "UVWXYZ-wing";
    /// TUVWXYZ-wings (six cells).
    pub const TUVWXYZ_WING: &str = "TUVWXYZ-wing";
    /// Bivalue universal grave plus one.
    pub const BUG: &str = "BUG+1";
    /// Simple colouring, by rating.
    pub const SIMPLE_COLOURING: [&str; 160] = rated_rules!("simple colouring");
    /// X-chains, by rating.
    pub const X_CHAIN: [&str; 160] = rated_rules!("X-chain");
    /// XY-chains, by rating.
    pub const XY_CHAIN: [&str; 160] = rated_rules!("XY-chain");
    /// W-wings, by rating.
    pub const W_WING: [&str; 160] = rated_rules!("W-wing");
    /// Alternating inference chains, by rating.
    pub const AIC: [&str; 160] = rated_rules!("AIC");
    /// Forcing chains (singles only), by rating.
    pub const FORCING_CHAIN: [&str; 160] = rated_rules!("forcing chain");
    /// Forcing nets (locked candidates and pairs inside), by rating.
    pub const FORCING_NET: [&str; 160] = rated_rules!("forcing net");

    /// The rule of `table` for `rating` (the last one above 15.9).
    pub(crate) fn rated(
        table: &'static [&'static str; 160],
        rating: crate::Rating,
    ) -> &'static str {
        table[usize::from(rating.tenths()).min(159)]
    }
}

/// The technique and the rating of a trace rule of the logic model (`None`
/// for AllDifferent eliminations and placements, which are the singles).
pub(crate) fn classify(rule: &str) -> Option<(Technique, Rating)> {
    use Technique::*;
    use csp_core::constraints::all_different::rules as ad;
    // Most of a trace: the singles, first and in two comparisons.
    if rule == ad::ELIMINATION || rule == ad::HIDDEN_SINGLE {
        return None;
    }
    let fixed = match rule {
        rules::POINTING => Some(Pointing),
        rules::CLAIMING => Some(Claiming),
        rules::NAKED_PAIR => Some(NakedPair),
        rules::HIDDEN_PAIR => Some(HiddenPair),
        rules::NAKED_TRIPLE => Some(NakedTriple),
        rules::HIDDEN_TRIPLE => Some(HiddenTriple),
        rules::NAKED_QUAD => Some(NakedQuad),
        rules::HIDDEN_QUAD => Some(HiddenQuad),
        rules::X_WING => Some(XWing),
        rules::SWORDFISH => Some(Swordfish),
        rules::JELLYFISH => Some(Jellyfish),
        rules::CAGE_SUM => Some(CageSum),
        rules::SKYSCRAPER => Some(Skyscraper),
        rules::TWO_STRING_KITE => Some(TwoStringKite),
        rules::TURBOT_FISH => Some(TurbotFish),
        rules::EMPTY_RECTANGLE => Some(EmptyRectangle),
        rules::GROUPED_TURBOT => Some(GroupedTurbot),
        rules::XY_WING => Some(XYWing),
        rules::XYZ_WING => Some(XYZWing),
        rules::UR_1 => Some(UniqueRectangle1),
        rules::UR_2 => Some(UniqueRectangle2),
        rules::UR_4 => Some(UniqueRectangle4),
        rules::UVWXYZ_WING => Some(UVWXYZWing),
        rules::TUVWXYZ_WING => Some(TUVWXYZWing),
        rules::BUG => Some(Bug),
        _ => None,
    };
    if let Some(t) = fixed {
        return Some((t, t.rating()));
    }
    let (name, rest) = rule.rsplit_once(" (")?;
    let rating: Rating = rest.strip_suffix(')')?.parse().ok()?;
    let t = match name {
        "unique rectangle type 3" => UniqueRectangle3,
        "WXYZ-wing" => WXYZWing,
        "VWXYZ-wing" => VWXYZWing,
        "simple colouring" => SimpleColouring,
        "X-chain" => XChain,
        "XY-chain" => XYChain,
        "W-wing" => WWing,
        "AIC" => Aic,
        "forcing chain" => ForcingChain,
        "forcing net" => ForcingNet,
        _ => return None,
    };
    Some((t, rating))
}

/// Priority levels of the techniques (see the module docs).
pub(crate) mod level {
    pub(crate) const LOCKED: u8 = 2;
    pub(crate) const NAKED_PAIR: u8 = 3;
    pub(crate) const X_WING: u8 = 4;
    pub(crate) const HIDDEN_PAIR: u8 = 5;
    pub(crate) const NAKED_TRIPLE: u8 = 6;
    pub(crate) const SWORDFISH: u8 = 7;
    /// Hidden triples and the single-digit patterns (4.0-4.2).
    pub(crate) const HIDDEN_TRIPLE: u8 = 8;
    pub(crate) const WINGS: u8 = 9;
    pub(crate) const UNIQUE: u8 = 10;
    /// Naked and hidden quads and jellyfish (5.0-5.4).
    pub(crate) const QUADS: u8 = 11;
    pub(crate) const X_CHAINS: u8 = 12;
    pub(crate) const XY_CHAINS: u8 = 13;
    pub(crate) const AIC: u8 = 14;
    pub(crate) const FORCING: u8 = 15;
}

/// Which techniques a logic model holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Options {
    /// Unique rectangles: only for puzzles declared to have one solution.
    pub(crate) unique: bool,
    /// Once a chain or forcing technique has used a step of rating `r`,
    /// apply every deduction it finds rated `r` or less in one call (the
    /// rating of the puzzle, its hardest step, stays the same, and grading
    /// hard puzzles is several times faster). Off for explanations, which
    /// show one deduction per step.
    pub(crate) batch: bool,
    /// Techniques above this one are left out (generation by technique).
    pub(crate) up_to: Technique,
    /// Skip the searches known to find nothing (see the `memo` module):
    /// the same steps, faster. Off only to test that claim.
    pub(crate) memo: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            unique: false,
            batch: false,
            up_to: Technique::ForcingNet,
            memo: true,
        }
    }
}

/// Adds every technique for `variant` to `model` (whose first variables are
/// the cells, row-major), recording each constraint's origin.
pub(crate) fn add_all(
    model: &mut Model,
    variant: &Variant,
    cells: &[VarId],
    origins: &mut Vec<Origin>,
    options: Options,
) -> Result<Arc<Geometry>, SudokuError> {
    let n = variant.size();
    let var = |c: crate::Cell| cells[c.row * n + c.col];
    let groups = variant.groups();
    let up_to = |t: Technique| t <= options.up_to;
    let houses: Vec<usize> = (0..groups.len())
        .filter(|&g| groups[g].is_house(n))
        .collect();
    // Locked candidates: every pair of houses sharing two or more cells.
    let box_like = |k: GroupKind| matches!(k, GroupKind::Box(_) | GroupKind::Region(_));
    for (i, &ga) in houses.iter().enumerate() {
        if !up_to(Technique::Claiming) {
            break;
        }
        for &gb in &houses[i + 1..] {
            let (a, b) = if box_like(groups[gb].kind()) && !box_like(groups[ga].kind()) {
                (gb, ga)
            } else {
                (ga, gb)
            };
            let (ca, cb) = (groups[a].cells(), groups[b].cells());
            let inter: Vec<_> = ca.iter().filter(|c| cb.contains(c)).copied().collect();
            if inter.len() < 2 || inter.len() == n {
                continue;
            }
            let a_rest: Vec<VarId> = ca
                .iter()
                .filter(|c| !inter.contains(c))
                .map(|&c| var(c))
                .collect();
            let b_rest: Vec<VarId> = cb
                .iter()
                .filter(|c| !inter.contains(c))
                .map(|&c| var(c))
                .collect();
            let inter: Vec<VarId> = inter.iter().map(|&c| var(c)).collect();
            model.add(LockedCandidates::new(inter, a_rest, b_rest))?;
            origins.push(Origin::Intersection(a as u32, b as u32));
        }
    }
    // Naked and hidden subsets, each size and kind at its own level.
    for (k, naked, hidden) in [
        (2u8, Technique::NakedPair, Technique::HiddenPair),
        (3, Technique::NakedTriple, Technique::HiddenTriple),
        (4, Technique::NakedQuad, Technique::HiddenQuad),
    ] {
        if usize::from(k) * 2 > n {
            break;
        }
        for (kind, t) in [(SubsetKind::Naked, naked), (SubsetKind::Hidden, hidden)] {
            if !up_to(t) {
                continue;
            }
            for &g in &houses {
                let vars: Vec<VarId> = groups[g].cells().iter().map(|&c| var(c)).collect();
                model.add(Subsets::new(vars, k, kind))?;
                origins.push(Origin::Subset(g as u32, k));
            }
        }
    }
    // Fish on rows and columns.
    for (k, t) in [
        (2usize, Technique::XWing),
        (3, Technique::Swordfish),
        (4, Technique::Jellyfish),
    ] {
        if k * 2 > n || !up_to(t) {
            continue;
        }
        model.add(Fish::new(cells.to_vec(), n, k, options.memo))?;
        origins.push(Origin::Fish);
    }
    // The whole-grid patterns.
    let geo = Arc::new(Geometry::new(variant, cells));
    let mut add = |p: Box<dyn Pattern>| -> Result<(), SudokuError> {
        model.add(GridRule::new(&geo, p, options))?;
        origins.push(Origin::Pattern);
        Ok(())
    };
    if up_to(Technique::Skyscraper) {
        add(Box::new(single_digit::SingleDigit::new(options.up_to)))?;
    }
    if up_to(Technique::XYWing) {
        add(Box::new(wings::Wings::new(options.up_to)))?;
    }
    if options.unique && geo.rectangles_swap && up_to(Technique::UniqueRectangle1) {
        add(Box::new(unique::UniqueRectangles::new(options.up_to)))?;
    }
    if up_to(Technique::SimpleColouring) {
        add(Box::new(chains::Colouring))?;
    }
    if up_to(Technique::XChain) {
        add(Box::new(chains::Chains::new(chains::Kind::X)))?;
    }
    for size in 3..=6 {
        if up_to(als::AlsWing::technique(size)) && size < n {
            add(Box::new(als::AlsWing::new(size)))?;
        }
    }
    if options.unique && geo.rectangles_swap && up_to(Technique::Bug) {
        add(Box::new(unique::Bug))?;
    }
    if up_to(Technique::XYChain) {
        add(Box::new(chains::Chains::new(chains::Kind::Xy)))?;
    }
    if up_to(Technique::WWing) {
        add(Box::new(chains::WWing))?;
    }
    if up_to(Technique::Aic) {
        add(Box::new(chains::Chains::new(chains::Kind::Aic)))?;
    }
    if up_to(Technique::ForcingChain) {
        add(Box::new(forcing::Forcing::new(
            &geo,
            up_to(Technique::ForcingNet),
            options.memo,
        )))?;
    }
    Ok(geo)
}

/// A deduction found by a [`Pattern`].
#[derive(Clone, Debug, Default)]
pub(crate) struct Found {
    /// Candidates removed: `(cell index, value bits)`.
    pub(crate) eliminations: Vec<(u16, u64)>,
    /// Cells whose value is known: `(cell index, value bit)`.
    pub(crate) placements: Vec<(u16, u64)>,
    /// The trace rule (for the rated techniques, the rule of its rating).
    pub(crate) rule: &'static str,
    /// The rating of the easiest deduction found.
    pub(crate) rating: Rating,
    /// The pattern in words, when asked for: the cells and candidates.
    pub(crate) text: String,
    /// For a forcing step of the contradiction form ("assuming r1c8 = 2
    /// leads, by singles, to a contradiction"), when asked for words: the
    /// digit assumed and what it was followed by ("singles").
    pub(crate) assumed: Option<(u8, &'static str)>,
}

impl Found {
    pub(crate) fn clear(&mut self) {
        self.eliminations.clear();
        self.placements.clear();
        self.rule = "";
        self.rating = Rating::default();
        self.text.clear();
        self.assumed = None;
    }

    /// Records the removal of `bits` from `cell`, merged with an earlier
    /// removal from the same cell.
    pub(crate) fn eliminate(&mut self, cell: usize, bits: u64) {
        match self
            .eliminations
            .iter_mut()
            .find(|e| usize::from(e.0) == cell)
        {
            Some(e) => e.1 |= bits,
            None => self.eliminations.push((cell as u16, bits)),
        }
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.eliminations.is_empty() && self.placements.is_empty()
    }
}

/// A whole-grid technique: a pure search over the candidate masks.
pub(crate) trait Pattern: Send + Sync + std::fmt::Debug {
    /// The constraint's name, for messages.
    fn name(&self) -> &'static str;

    /// Its priority level (see [`level`]).
    fn level(&self) -> u8;

    /// Looks for the easiest deduction on `masks` (bit `d` of a cell is
    /// value `d + 1`; a solved cell has one bit). Fills `out` (cleared
    /// before) and returns whether anything was found. With `batch` set to
    /// a rating, every deduction found rated at most that is returned
    /// together, as long as the easiest is too. With `text`, `out.text`
    /// describes the pattern (only the explanations ask).
    fn find(
        &self,
        geo: &Geometry,
        masks: &[u64],
        batch: Option<Rating>,
        text: bool,
        out: &mut Found,
    ) -> bool;

    /// Whether the search looks at each value on its own and finds on a
    /// value only what the cells holding it and the cells solved with it
    /// allow (see the `memo` module): then it can skip values.
    fn per_value(&self) -> bool {
        false
    }

    /// For a search whose patterns are made of the cells with `lo` to `hi`
    /// candidates (and only of those) and whose deductions remove
    /// candidates: `(lo, hi)`. While those cells stay the same, a search
    /// that found nothing finds nothing again (see the `memo` module).
    fn pattern_cells(&self) -> Option<(u32, u32)> {
        None
    }

    /// For a chain search whose strong links are the cells with two
    /// candidates and the values with two places in a house (and only
    /// those), which removes candidates: while no candidate and no strong
    /// link is new, a search that found nothing finds nothing again (see
    /// the `memo` module).
    fn strong_links(&self) -> bool {
        false
    }

    /// Whether [`find_changed`](Pattern::find_changed) can leave out the
    /// patterns without a changed cell (for a search with
    /// [`pattern_cells`](Pattern::pattern_cells)).
    fn uses_changed(&self) -> bool {
        false
    }

    /// [`find`](Pattern::find) without words, looking only at the patterns
    /// with a cell of `changed` (bits of the cell indices, boards of up to
    /// 128 cells): the pattern cells whose candidates are not what they
    /// were when the search last found nothing. The others are old
    /// patterns with fewer targets: none.
    fn find_changed(
        &self,
        geo: &Geometry,
        masks: &[u64],
        batch: Option<Rating>,
        changed: u128,
        out: &mut Found,
    ) -> bool {
        let _ = changed;
        self.find(geo, masks, batch, false, out)
    }

    /// [`find`](Pattern::find) without words, skipping the values whose
    /// bits are in `skip` (known to give nothing; only called with `skip`
    /// non-zero when [`per_value`](Pattern::per_value) holds).
    fn find_skipping(
        &self,
        geo: &Geometry,
        masks: &[u64],
        batch: Option<Rating>,
        skip: u64,
        out: &mut Found,
    ) -> bool {
        let _ = skip;
        self.find(geo, masks, batch, false, out)
    }
}

/// The constraint around a [`Pattern`]: reads every cell's candidates,
/// asks the pattern for its easiest deduction and applies it.
#[derive(Debug)]
struct GridRule {
    geo: Arc<Geometry>,
    pattern: Box<dyn Pattern>,
    batch: bool,
    /// For a per-value pattern: the keys of its last fruitless run, in the
    /// state words from word 1.
    memo: Option<ValueMemo>,
    /// For a pattern of few-candidate cells: the same, of its cells.
    cell_memo: Option<CellMemo>,
    /// For a chain search on strong links: the candidates of its last
    /// fruitless run.
    link_memo: Option<LinkMemo>,
}

impl GridRule {
    fn new(geo: &Arc<Geometry>, pattern: Box<dyn Pattern>, options: Options) -> GridRule {
        let memo = (options.memo && pattern.per_value() && geo.n <= 64)
            .then(|| ValueMemo::new(geo.n, geo.cells()));
        let cell_memo = pattern
            .pattern_cells()
            .filter(|_| options.memo && memo.is_none())
            .map(|(lo, hi)| CellMemo::new(lo, hi, geo.cells()));
        let link_memo = (options.memo
            && pattern.strong_links()
            && memo.is_none()
            && cell_memo.is_none()
            && geo.n <= 64)
            .then(|| LinkMemo::new(geo.cells()));
        GridRule {
            geo: Arc::clone(geo),
            pattern,
            batch: options.batch,
            memo,
            cell_memo,
            link_memo,
        }
    }
}

impl Constraint for GridRule {
    /// Explained by its scope's domains: it reads nothing else, and what
    /// it deduces from them follows from the puzzle's rules.
    fn explain(&self, ctx: &mut csp_core::ExplainContext<'_>, _what: csp_core::Explaining) {
        ctx.push_scope(self.scope());
    }

    fn scope(&self) -> &[VarId] {
        &self.geo.vars
    }

    fn is_satisfied(&self, _values: &[Value]) -> bool {
        true // a reasoning rule, implied by the AllDifferent constraints
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        if halt::halted() {
            return Ok(()); // over the analysis's time: see `halt`
        }
        let mut masks = ctx.take_words();
        self.geo.read(ctx, &mut masks);
        // The state word: the highest rating this technique has used on
        // the way here (for batching).
        let used = Rating::from_tenths(ctx.state().first().copied().unwrap_or(0) as u16);
        let batch = (self.batch && used.tenths() > 0).then_some(used);
        // The values known to give nothing (see the `memo` module).
        let mut scratch = ctx.take_scratch();
        let mut skip = 0;
        let all = if self.geo.n >= 64 {
            u64::MAX
        } else {
            (1u64 << self.geo.n) - 1
        };
        // The pattern cells changed since the last fruitless run.
        let mut changed = u128::MAX;
        if let Some(memo) = &self.memo {
            memo.keys(&masks, &mut scratch.words);
            skip = memo.unchanged(ctx.state(), 1, &scratch.words);
        } else if let Some(memo) = &self.cell_memo {
            memo.keys(&masks, &mut scratch.words);
            if memo.unchanged(ctx.state(), 1, &scratch.words) {
                skip = all;
            } else if self.pattern.uses_changed() {
                changed = memo.changed(ctx.state(), 1, &scratch.words);
            }
        } else if let Some(memo) = &self.link_memo {
            if memo.unchanged(&self.geo, ctx.state(), 1, &masks) {
                skip = all;
            }
            scratch.words.clear();
            scratch.words.extend_from_slice(&masks);
        }
        let mut found = Found::default();
        let result = if skip != all
            && if self.pattern.uses_changed() {
                self.pattern
                    .find_changed(&self.geo, &masks, batch, changed, &mut found)
            } else {
                self.pattern
                    .find_skipping(&self.geo, &masks, batch, skip, &mut found)
            } {
            if self.batch && found.rating > used {
                ctx.set_state(0, u64::from(found.rating.tenths()));
            }
            apply(ctx, &self.geo, &found)
        } else {
            if self.memo.is_some() || self.cell_memo.is_some() || self.link_memo.is_some() {
                memo::store(ctx, 1, &scratch.words);
            }
            Ok(())
        };
        ctx.give_back_scratch(scratch);
        ctx.give_back_words(masks);
        result
    }

    fn events(&self) -> Events {
        Events::DOMAIN
    }

    fn priority(&self) -> Priority {
        Priority::new(self.pattern.level())
    }

    fn name(&self) -> &str {
        self.pattern.name()
    }

    fn state_words(&self) -> usize {
        1 + self.memo.as_ref().map_or(0, ValueMemo::state_words)
            + self.cell_memo.as_ref().map_or(0, CellMemo::state_words)
            + self.link_memo.as_ref().map_or(0, LinkMemo::state_words)
    }
}

/// Applies a pattern's deductions under its rule.
fn apply(ctx: &mut PropagationContext<'_>, geo: &Geometry, found: &Found) -> Result<(), Conflict> {
    ctx.set_rule(found.rule);
    for &(c, bits) in &found.eliminations {
        let var = geo.vars[usize::from(c)];
        if mask(ctx, var) & bits != 0 {
            keep(ctx, var, !bits)?;
        }
    }
    for &(c, bit) in &found.placements {
        keep(ctx, geo.vars[usize::from(c)], bit)?;
    }
    Ok(())
}

/// Describes the step a whole-grid technique takes on `masks` (the
/// candidates just before it), for the explanations.
pub(crate) fn describe(geo: &Geometry, technique: Technique, masks: &[u64]) -> Option<Found> {
    let patterns: Vec<Box<dyn Pattern>> = match technique {
        Technique::Skyscraper
        | Technique::TwoStringKite
        | Technique::TurbotFish
        | Technique::EmptyRectangle
        | Technique::GroupedTurbot => {
            vec![Box::new(single_digit::SingleDigit::new(Technique::Guess))]
        }
        Technique::XYWing | Technique::XYZWing => {
            vec![Box::new(wings::Wings::new(Technique::Guess))]
        }
        Technique::UniqueRectangle1
        | Technique::UniqueRectangle2
        | Technique::UniqueRectangle3
        | Technique::UniqueRectangle4 => {
            vec![Box::new(unique::UniqueRectangles::new(Technique::Guess))]
        }
        Technique::SimpleColouring => vec![Box::new(chains::Colouring)],
        Technique::WXYZWing => vec![Box::new(als::AlsWing::new(3))],
        Technique::VWXYZWing => vec![Box::new(als::AlsWing::new(4))],
        Technique::UVWXYZWing => vec![Box::new(als::AlsWing::new(5))],
        Technique::TUVWXYZWing => vec![Box::new(als::AlsWing::new(6))],
        Technique::Bug => vec![Box::new(unique::Bug)],
        Technique::XChain => vec![Box::new(chains::Chains::new(chains::Kind::X))],
        Technique::XYChain => vec![Box::new(chains::Chains::new(chains::Kind::Xy))],
        Technique::WWing => vec![Box::new(chains::WWing)],
        Technique::Aic => vec![Box::new(chains::Chains::new(chains::Kind::Aic))],
        Technique::ForcingChain | Technique::ForcingNet => {
            vec![Box::new(forcing::Forcing::new(geo, true, false))]
        }
        _ => return None,
    };
    let mut found = Found::default();
    patterns
        .iter()
        .any(|p| p.find(geo, masks, None, true, &mut found))
        .then_some(found)
}

/// Calls `f` with every `k`-subset of `items` (as a slice of items, in
/// order) until it returns `true`; returns whether it did.
pub(crate) fn any_combination(items: &[u8], k: usize, f: &mut dyn FnMut(&[u8]) -> bool) -> bool {
    /// `chosen[..depth]` is chosen; `items` are the candidates after it.
    fn rec(
        items: &[u8],
        k: usize,
        chosen: &mut [u8; 64],
        depth: usize,
        f: &mut dyn FnMut(&[u8]) -> bool,
    ) -> bool {
        if depth == k {
            return f(&chosen[..k]);
        }
        let need = k - depth;
        for i in 0..items.len() {
            if items.len() - i < need {
                break;
            }
            chosen[depth] = items[i];
            if rec(&items[i + 1..], k, chosen, depth + 1, f) {
                return true;
            }
        }
        false
    }
    if k == 0 || k > items.len() || k > 64 {
        return false;
    }
    let mut chosen = [0u8; 64];
    rec(items, k, &mut chosen, 0, f)
}

/// The candidate mask of a cell: bit `v - 1` for value `v` (values 1 to
/// 64; a Sudoku cell's domain is `1..=size`).
#[inline]
pub(crate) fn mask(ctx: &PropagationContext<'_>, var: VarId) -> u64 {
    match ctx.mask(var) {
        Some((1, m)) => m,
        Some((base, m)) if (1..=64).contains(&base) => m << (base - 1),
        _ => 0,
    }
}

/// Keeps only the values of `var` whose bits (as in [`mask`]) are set.
#[inline]
pub(crate) fn keep(
    ctx: &mut PropagationContext<'_>,
    var: VarId,
    values: u64,
) -> Result<bool, Conflict> {
    ctx.intersect_mask(var, 1, values)
}

#[cfg(test)]
mod tests {
    use super::*;
    use csp_core::{Domain, Solver};

    /// A model of `domains.len()` variables with the given domains.
    fn vars(model: &mut Model, domains: &[&[i32]]) -> Vec<VarId> {
        domains
            .iter()
            .map(|d| model.new_var(Domain::from(d.to_vec())).unwrap())
            .collect()
    }

    fn after(model: &Model, xs: &[VarId]) -> Vec<Vec<i32>> {
        let mut s = Solver::new(model);
        let d = s.propagate().unwrap();
        xs.iter().map(|&x| d.iter(x).collect()).collect()
    }

    #[test]
    fn naked_pair_removes_its_values_from_the_rest() {
        let mut m = Model::new();
        let xs = vars(&mut m, &[&[1, 2], &[1, 2], &[1, 2, 3], &[1, 3, 4], &[3, 4]]);
        m.add(Subsets::new(xs.clone(), 2, SubsetKind::Naked))
            .unwrap();
        let d = after(&m, &xs);
        assert_eq!(d[2], vec![3]);
        assert_eq!(d[3], vec![3, 4]);
    }

    #[test]
    fn hidden_pair_keeps_only_its_values() {
        let mut m = Model::new();
        // 1 and 2 fit only the first two cells.
        let xs = vars(
            &mut m,
            &[&[1, 2, 3, 4], &[1, 2, 4], &[3, 4], &[3, 4, 5], &[4, 5]],
        );
        m.add(Subsets::new(xs.clone(), 2, SubsetKind::Hidden))
            .unwrap();
        let d = after(&m, &xs);
        assert_eq!(d[0], vec![1, 2]);
        assert_eq!(d[1], vec![1, 2]);
    }

    #[test]
    fn pointing_and_claiming() {
        let mut m = Model::new();
        // I = 2 cells, A rest = 2 cells (box), B rest = 2 cells (line).
        let xs = vars(
            &mut m,
            &[&[1, 2], &[1, 3], &[2, 3], &[3, 4], &[1, 4], &[2, 4]],
        );
        m.add(LockedCandidates::new(
            xs[..2].to_vec(),
            xs[2..4].to_vec(),
            xs[4..].to_vec(),
        ))
        .unwrap();
        let d = after(&m, &xs);
        // 1 is only in I within the box: pointing removes it from the line.
        assert_eq!(d[4], vec![4]);
        // (2 also sits in the box outside I; claiming for 2 needs 2 out of
        // the line rest, which holds it: nothing.)
        assert_eq!(d[5], vec![2, 4]);
    }

    #[test]
    fn x_wing_clears_the_cover_columns() {
        // 4 x 4 grid; value 1 fits rows 0 and 2 only in columns 0 and 3.
        let mut m = Model::new();
        let all: &[i32] = &[1, 2, 3, 4];
        let no1: &[i32] = &[2, 3, 4];
        let rows: [[&[i32]; 4]; 4] = [
            [all, no1, no1, all],
            [all, all, all, all],
            [all, no1, no1, all],
            [all, all, all, all],
        ];
        let flat: Vec<&[i32]> = rows.iter().flatten().copied().collect();
        let xs = vars(&mut m, &flat);
        m.add(Fish::new(xs.clone(), 4, 2, true)).unwrap();
        let d = after(&m, &xs);
        for r in [1, 3] {
            assert!(!d[r * 4].contains(&1) && !d[r * 4 + 3].contains(&1));
            assert!(d[r * 4 + 1].contains(&1));
        }
    }

    /// Skipping the searches known to find nothing changes no step: on
    /// hard puzzles the steps (one deduction a step, or batched as the
    /// grader takes them), the rating and the hardest technique are the
    /// same with the memo and without.
    #[test]
    fn the_memo_changes_no_step() {
        use crate::{Board, Shape, SudokuModel};
        // Puzzles and their SER ratings: the chains, forcing chains and
        // nets are where the memo skips the most.
        let puzzles = include_str!("../tests/data/ser_calibration.txt");
        let hard: Vec<&str> = puzzles
            .lines()
            .filter(|l| !l.starts_with('#'))
            .filter_map(|l| {
                let mut fields = l.split_whitespace();
                let (grid, ser) = (fields.next()?, fields.next()?.parse::<f32>().ok()?);
                (ser >= 6.0).then_some(grid)
            })
            .step_by(4)
            .collect();
        assert!(hard.len() >= 8);
        for batch in [false, true] {
            let model = |memo| {
                let options = Options {
                    unique: true,
                    batch,
                    up_to: Technique::ForcingNet,
                    memo,
                };
                SudokuModel::with_techniques(Variant::classic(Shape::CLASSIC), options).unwrap()
            };
            let (with, without) = (model(true), model(false));
            for &line in &hard {
                let board: Board = line.parse().unwrap();
                let run = |m: &SudokuModel| {
                    let options = csp_core::SearchOptions::default().with_trace(true);
                    let a =
                        crate::logic::analyse(&mut m.solver_with(options), &board, true).unwrap();
                    (a.steps, a.rating, a.hardest)
                };
                let (a, b) = (run(&with), run(&without));
                assert!(!a.0.is_empty(), "{line}: no steps");
                assert_eq!(a, b, "{line}");
            }
        }
    }

    #[test]
    fn combinations_are_visited_in_order() {
        let mut seen = Vec::new();
        let found = any_combination(&[1, 2, 3, 4], 2, &mut |c| {
            seen.push(c.to_vec());
            false
        });
        assert!(!found);
        assert_eq!(seen.len(), 6);
        assert_eq!(seen[0], vec![1, 2]);
        assert_eq!(seen[5], vec![3, 4]);
    }
}
