//! Difficulty grading on Tatham's ladder, explanations and hints, all read
//! from csp-core's trace of a grading model.
//!
//! The grading model holds the techniques of every level up to the one asked
//! for, as constraints whose priorities follow the ladder: singles (csp-core
//! AllDifferent, hidden-singles strength, priority 1), bounds along one sign
//! (priority 2), naked and hidden subsets (csp-core AllDifferent, Régin,
//! priority 5), fish (6) and forcing chains (7). csp-core always runs the
//! lowest non-empty priority first, so a harder technique only fires when
//! every easier one is stuck: the hardest technique in the trace of one
//! [`Solver::propagate`](csp_core::Solver::propagate) call is the grade.

use crate::adjacent::{self, Adjacency, AdjacencyStrength};
use crate::model::{Clue, MarkStrength, PuzzleModel};
use crate::puzzle::{Cell, Mode, Puzzle, Solution};
use crate::techniques::{self, Fish, ForcingChains};
use csp_core::constraints::all_different::rules as ad;
use csp_core::{ModelError, SearchOptions, Strength, TraceEvent};
use std::fmt;

/// Tatham's difficulty levels, easiest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Difficulty {
    /// Singles only (`t`).
    Trivial,
    /// + bounds along single signs (`e`).
    Easy,
    /// + naked and hidden subsets in rows and columns (`k`).
    Tricky,
    /// + single-value fish and forcing chains (`x`).
    Extreme,
    /// Needs guessing; still one solution (`r`).
    Recursive,
}

impl Difficulty {
    /// Every level, easiest first.
    pub const ALL: [Difficulty; 5] = [
        Difficulty::Trivial,
        Difficulty::Easy,
        Difficulty::Tricky,
        Difficulty::Extreme,
        Difficulty::Recursive,
    ];

    /// Tatham's letter: `t`, `e`, `k`, `x`, `r`.
    pub fn letter(self) -> char {
        match self {
            Difficulty::Trivial => 't',
            Difficulty::Easy => 'e',
            Difficulty::Tricky => 'k',
            Difficulty::Extreme => 'x',
            Difficulty::Recursive => 'r',
        }
    }

    /// The level of a letter (`t`, `e`, `k`, `x`, `r`).
    pub fn from_letter(c: char) -> Option<Difficulty> {
        Difficulty::ALL.into_iter().find(|d| d.letter() == c)
    }

    /// The name, e.g. `"Tricky"`.
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Trivial => "Trivial",
            Difficulty::Easy => "Easy",
            Difficulty::Tricky => "Tricky",
            Difficulty::Extreme => "Extreme",
            Difficulty::Recursive => "Recursive",
        }
    }

    /// The next easier level.
    pub fn easier(self) -> Option<Difficulty> {
        let i = Difficulty::ALL.iter().position(|&d| d == self)?;
        i.checked_sub(1).map(|j| Difficulty::ALL[j])
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Difficulty {
    type Err = String;
    /// A name (any case) or a letter.
    fn from_str(s: &str) -> Result<Difficulty, String> {
        let lower = s.trim().to_ascii_lowercase();
        Difficulty::ALL
            .into_iter()
            .find(|d| d.name().eq_ignore_ascii_case(&lower) || lower == d.letter().to_string())
            .ok_or_else(|| {
                format!("unknown difficulty {s:?} (trivial, easy, tricky, extreme, recursive)")
            })
    }
}

/// A deduction technique, in ladder order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "String", into = "String"))]
pub enum Technique {
    /// A placed value is removed from its row and column; a cell with one
    /// candidate left takes it.
    NakedSingle,
    /// A value with one place left in a row or column goes there.
    HiddenSingle,
    /// Bounds along one sign (or, in Adjacent mode, a fixed cell's
    /// neighbours).
    Bounds,
    /// Naked or hidden subsets in a row or column (and, in Adjacent mode,
    /// candidates without a consecutive or non-consecutive partner).
    Subset,
    /// Single-value fish: X-wing, swordfish, ...
    Fish,
    /// A forcing chain over two-candidate cells.
    ForcingChain,
    /// Trial and error.
    Guess,
}

impl Technique {
    /// The level that introduces this technique.
    pub fn difficulty(self) -> Difficulty {
        match self {
            Technique::NakedSingle | Technique::HiddenSingle => Difficulty::Trivial,
            Technique::Bounds => Difficulty::Easy,
            Technique::Subset => Difficulty::Tricky,
            Technique::Fish | Technique::ForcingChain => Difficulty::Extreme,
            Technique::Guess => Difficulty::Recursive,
        }
    }

    /// A short human name.
    pub fn name(self) -> &'static str {
        match self {
            Technique::NakedSingle => "naked single",
            Technique::HiddenSingle => "hidden single",
            Technique::Bounds => "inequality bounds",
            Technique::Subset => "naked/hidden subset",
            Technique::Fish => "single-value fish",
            Technique::ForcingChain => "forcing chain",
            Technique::Guess => "guess",
        }
    }

    fn of_rule(rule: &str) -> Option<Technique> {
        Some(match rule {
            ad::ELIMINATION => Technique::NakedSingle,
            ad::HIDDEN_SINGLE => Technique::HiddenSingle,
            techniques::rules::BOUNDS | adjacent::rules::FROM_FIXED => Technique::Bounds,
            ad::MATCHING | adjacent::rules::SUPPORT => Technique::Subset,
            techniques::rules::FISH => Technique::Fish,
            techniques::rules::FORCING_CHAIN => Technique::ForcingChain,
            _ => return None,
        })
    }
}

/// A technique's name ([`Technique::name`]): its serde form.
impl From<Technique> for String {
    fn from(technique: Technique) -> String {
        technique.name().to_owned()
    }
}

/// A technique from its name ([`Technique::name`]).
impl TryFrom<String> for Technique {
    type Error = String;
    fn try_from(name: String) -> Result<Technique, String> {
        use Technique::*;
        // Every variant (a new one fails this match until it is listed).
        match NakedSingle {
            NakedSingle | HiddenSingle | Bounds | Subset | Fish | ForcingChain | Guess => {}
        }
        [
            NakedSingle,
            HiddenSingle,
            Bounds,
            Subset,
            Fish,
            ForcingChain,
            Guess,
        ]
        .into_iter()
        .find(|t| t.name() == name)
        .ok_or_else(|| format!("unknown technique {name:?}"))
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a puzzle could not be graded.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GradeError {
    /// The clues contradict each other: there is no solution.
    #[error("the puzzle has no solution")]
    NoSolution,
    /// More than one solution: no level applies.
    #[error("the puzzle has more than one solution")]
    MultipleSolutions,
    /// csp-core rejected the model (a bug: valid puzzles never do this).
    #[error(transparent)]
    Model(#[from] ModelError),
}

/// The grade of a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Grade {
    /// The lowest level whose techniques finish the puzzle.
    pub difficulty: Difficulty,
    /// The hardest technique the deductions used (`None` if the grid was
    /// already full).
    pub hardest: Option<Technique>,
}

/// The grading model of `puzzle` with the techniques up to `level`
/// (Recursive is treated as Extreme).
pub(crate) fn grading_model(puzzle: &Puzzle, level: Difficulty) -> Result<PuzzleModel, ModelError> {
    let mut pm = PuzzleModel::latin(puzzle, Strength::HiddenSingles)?;
    let marks = if level >= Difficulty::Easy {
        MarkStrength::Bounds
    } else {
        MarkStrength::CheckOnly
    };
    pm.add_marks(puzzle, marks)?;
    if level >= Difficulty::Tricky {
        let n = puzzle.size();
        let cells = pm.cells().to_vec();
        for r in 0..n {
            let row = &cells[r * n..(r + 1) * n];
            pm.add_clue(Clue::Row(r), |m| {
                m.all_different_with(row, Strength::DomainConsistent)
            })?;
        }
        for c in 0..n {
            let column: Vec<_> = (0..n).map(|r| cells[r * n + c]).collect();
            pm.add_clue(Clue::Column(c), |m| {
                m.all_different_with(&column, Strength::DomainConsistent)
            })?;
        }
        if puzzle.mode() == Mode::Adjacent {
            for (a, b, link) in puzzle.pairs() {
                let bar = link == crate::Link::Bar;
                let c =
                    Adjacency::neighbours(pm.var_of(a), pm.var_of(b), bar, AdjacencyStrength::Full)
                        .with_priority(techniques::TRICKY_ADJ);
                pm.add_clue(Clue::Adjacent(a, b, bar), |m| m.add(c))?;
            }
        }
    }
    if level >= Difficulty::Extreme {
        let n = puzzle.size();
        let cells = pm.cells().to_vec();
        pm.add_clue(Clue::Grid, |m| m.add(Fish::new(n, cells.clone())))?;
        pm.add_clue(Clue::Grid, |m| m.add(ForcingChains::new(n, cells)))?;
    }
    Ok(pm)
}

/// Whether the techniques up to `level` alone finish `puzzle`.
pub(crate) fn solvable_at(puzzle: &Puzzle, level: Difficulty) -> bool {
    let Ok(pm) = grading_model(puzzle, level) else {
        return false;
    };
    let mut solver = pm.solver();
    solver.propagate().is_ok_and(|d| d.all_fixed())
}

impl Puzzle {
    /// The grade: the lowest of Tatham's levels whose techniques finish the
    /// puzzle, and the hardest technique used. A puzzle that deduction alone
    /// cannot finish but that has exactly one solution is
    /// [`Recursive`](Difficulty::Recursive).
    pub fn grade(&self) -> Result<Grade, GradeError> {
        let e = self.explain()?;
        Ok(Grade {
            difficulty: e.difficulty,
            hardest: e.hardest,
        })
    }

    /// Whether the techniques up to `level` alone finish the puzzle.
    pub fn solvable_at(&self, level: Difficulty) -> bool {
        solvable_at(self, level)
    }

    /// A step-by-step explanation of the solution in human terms.
    pub fn explain(&self) -> Result<Explanation, GradeError> {
        let pm = grading_model(self, Difficulty::Extreme)?;
        let mut solver = pm.solver_with(SearchOptions::default().with_trace(true));
        let root = solver.propagate().map(|d| d.all_fixed());
        let trace = solver.trace().to_vec();
        let finished = match root {
            Err(_) => return Err(GradeError::NoSolution),
            Ok(done) => done,
        };
        let mut steps = steps_from_trace(self, &pm, &trace);
        let mut hardest = steps.iter().map(|s| s.technique).max();
        let difficulty = if finished {
            hardest.map_or(Difficulty::Trivial, Technique::difficulty)
        } else {
            match self.uniqueness() {
                crate::Uniqueness::NoSolution => return Err(GradeError::NoSolution),
                crate::Uniqueness::Multiple(..) => return Err(GradeError::MultipleSolutions),
                crate::Uniqueness::Unique(solution) => {
                    hardest = Some(Technique::Guess);
                    steps.push(guess_step(
                        &pm,
                        &solver_domains(&pm, &trace, self),
                        &solution,
                    ));
                    Difficulty::Recursive
                }
            }
        };
        Ok(Explanation {
            difficulty,
            hardest,
            steps,
        })
    }

    /// The next useful step for this partly filled grid (its filled cells
    /// are its givens): a conflict if the grid already breaks a rule, else
    /// the first deduction that places a value (with the eliminations that
    /// lead to it), else a cell to guess.
    pub fn hint(&self) -> Hint {
        if let Err(problems) = self.check() {
            if let Some(p) = problems.into_iter().next() {
                return Hint::Conflict(p);
            }
        }
        if self.is_filled() {
            return Hint::Solved;
        }
        match self.explain() {
            Err(GradeError::MultipleSolutions) => Hint::MultipleSolutions,
            Err(_) => Hint::NoSolution,
            Ok(e) => {
                let mut lead = Vec::new();
                for step in e.steps {
                    if step.placed.is_empty() {
                        lead.push(step);
                    } else {
                        return Hint::Step { step, before: lead };
                    }
                }
                Hint::NoDeduction
            }
        }
    }
}

/// A hint for a partly filled grid; see [`Puzzle::hint`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Hint {
    /// The grid already breaks a rule.
    Conflict(crate::rules::Contradiction),
    /// The grid is full and valid.
    Solved,
    /// The grid cannot be completed.
    NoSolution,
    /// The grid can be completed in more than one way, so there is no
    /// one solution for a hint to lead to.
    MultipleSolutions,
    /// A step that places a value, with the eliminations needed before it.
    Step {
        /// The placing step.
        step: Step,
        /// Earlier steps (eliminations) it depends on.
        before: Vec<Step>,
    },
    /// No step places a value: the clues alone decide every cell (a
    /// guess step is offered whenever deductions run out, so only a grid
    /// as small as 1x1 gets here).
    NoDeduction,
}

/// A step-by-step solution.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Explanation {
    /// The grade.
    pub difficulty: Difficulty,
    /// The hardest technique used.
    pub hardest: Option<Technique>,
    /// The steps, in the order they were found.
    pub steps: Vec<Step>,
}

impl fmt::Display for Explanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, step) in self.steps.iter().enumerate() {
            writeln!(f, "{:>3}. {} ({})", i + 1, step.text, step.technique)?;
        }
        match self.hardest {
            Some(t) => writeln!(f, "Grade: {} (hardest technique: {t})", self.difficulty),
            None => writeln!(f, "Grade: {}", self.difficulty),
        }
    }
}

/// One deduction: a clue (row, column, sign, ...) and a technique removed
/// some candidates and maybe placed values.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Step {
    /// The technique.
    pub technique: Technique,
    /// The clue that made the deduction (for naked singles, which are
    /// told as one step per run, the first row or column they clear).
    pub clue: Clue,
    /// Every clue the step read, in order: for a run of naked singles
    /// each row and column it clears, otherwise [`clue`](Self::clue) alone.
    #[cfg_attr(feature = "serde", serde(default))]
    pub clues: Vec<Clue>,
    /// Candidates removed: (cell, value).
    pub removed: Vec<(Cell, u8)>,
    /// Values placed as a result: (cell, value).
    pub placed: Vec<(Cell, u8)>,
    /// The deduction in words, e.g. "r2c3 < r2c4 and r2c4 <= 3, so r2c3 is 1 or 2".
    pub text: String,
}

fn list_values(mask: u64) -> String {
    let vals: Vec<String> = (0..64)
        .filter(|v| mask & (1u64 << v) != 0)
        .map(|v| v.to_string())
        .collect();
    match vals.len() {
        0 => "nothing".to_owned(),
        1 => vals[0].clone(),
        k => format!("{} or {}", vals[..k - 1].join(", "), vals[k - 1]),
    }
}

fn list_cells(cells: &[Cell]) -> String {
    let s: Vec<String> = cells.iter().map(Cell::to_string).collect();
    s.join(", ")
}

/// The domains (bit v = value v) after replaying `trace` from the model's
/// initial domains.
fn solver_domains(pm: &PuzzleModel, trace: &[TraceEvent], _p: &Puzzle) -> Vec<u64> {
    let mut doms = initial_masks(pm);
    for ev in trace {
        if let TraceEvent::Removed(d) = ev {
            if let Some(cell) = pm.cell(d.var) {
                doms[cell.index(pm.size())] &= !(1u64 << d.value);
            }
        }
    }
    doms
}

fn initial_masks(pm: &PuzzleModel) -> Vec<u64> {
    let init = pm.model().initial_domains();
    pm.cells()
        .iter()
        .map(|&v| init.iter(v).fold(0u64, |m, x| m | 1u64 << x))
        .collect()
}

fn guess_step(pm: &PuzzleModel, doms: &[u64], solution: &Solution) -> Step {
    let n = pm.size();
    let cell = (0..n * n)
        .filter(|&i| doms[i].count_ones() > 1)
        .min_by_key(|&i| doms[i].count_ones())
        .map_or(Cell::new(0, 0), |i| Cell::from_index(i, n));
    let value = solution.value(cell);
    Step {
        technique: Technique::Guess,
        clue: Clue::Grid,
        clues: vec![Clue::Grid],
        removed: Vec::new(),
        placed: vec![(cell, value)],
        text: format!(
            "no technique applies; trying the candidates of {cell} ({}) shows that {cell} is {value}",
            list_values(doms[cell.index(n)])
        ),
    }
}

/// One run of the trace: consecutive events of one constraint and rule,
/// with the domains before and after it.
struct Group {
    technique: Technique,
    clue: Clue,
    removed: Vec<(Cell, u8)>,
    placed: Vec<(Cell, u8)>,
    before: Vec<u64>,
    after: Vec<u64>,
}

/// Groups the trace into steps: consecutive events of one constraint and
/// rule, except that naked singles in a row are one step (the digits
/// placed clear their rows and columns, up to the first cell left with one
/// candidate), so a digit's row and column are told together.
fn steps_from_trace(_p: &Puzzle, pm: &PuzzleModel, trace: &[TraceEvent]) -> Vec<Step> {
    let n = pm.size();
    let groups = groups_of(pm, trace);
    let mut steps: Vec<Step> = Vec::new();
    let mut k = 0;
    while k < groups.len() {
        let g = &groups[k];
        let mut end = k + 1;
        if g.technique == Technique::NakedSingle && g.placed.is_empty() {
            while end < groups.len() && groups[end].technique == Technique::NakedSingle {
                end += 1;
                if !groups[end - 1].placed.is_empty() {
                    break;
                }
            }
        }
        let run = &groups[k..end];
        let text = if g.technique == Technique::NakedSingle {
            describe_singles(run, n)
        } else {
            describe(
                g.technique,
                &g.clue,
                &g.removed,
                &g.placed,
                &g.before,
                &g.after,
                n,
            )
        };
        let mut clues: Vec<Clue> = Vec::new();
        for g in run {
            if !clues.contains(&g.clue) {
                clues.push(g.clue.clone());
            }
        }
        steps.push(Step {
            technique: g.technique,
            clue: g.clue.clone(),
            clues,
            removed: run.iter().flat_map(|g| g.removed.iter().copied()).collect(),
            placed: run.iter().flat_map(|g| g.placed.iter().copied()).collect(),
            text,
        });
        k = end;
    }
    one_step_per_cells(steps)
}

/// The cells whose candidates step `s` removes, if it places nothing.
fn cleared(s: &Step) -> Option<Vec<Cell>> {
    if !s.placed.is_empty() || s.removed.is_empty() {
        return None;
    }
    let mut cells: Vec<Cell> = s.removed.iter().map(|&(c, _)| c).collect();
    cells.sort_unstable_by_key(|c| (c.row, c.col));
    cells.dedup();
    Some(cells)
}

/// The steps with each run of steps of one technique that clear the same
/// cells, one after the other, told as one step: "r2c1 and r2c2 do not
/// differ by 1 and r2c1 is 2 or 4, and r2c2 and r3c2 differ by 1 and r3c2
/// is 1 or 5, so r2c2 is 2 or 4". A player narrows the cell once, for
/// both reasons; the engine's one step per clue told it twice, the first
/// time with a list of candidates the second step at once cuts down.
fn one_step_per_cells(steps: Vec<Step>) -> Vec<Step> {
    let mut out: Vec<Step> = Vec::with_capacity(steps.len());
    for s in steps {
        let joins = out.last().is_some_and(|last| {
            last.technique == s.technique
                && s.technique != Technique::NakedSingle
                && cleared(last).is_some()
                && cleared(last) == cleared(&s)
        });
        let Some(last) = out.last_mut().filter(|_| joins) else {
            out.push(s);
            continue;
        };
        // "A, so r2c2 is 1, 2, 4 or 5" and "B, so r2c2 is 2 or 4": "A, and
        // B, so r2c2 is 2 or 4" when both conclude on the same cells.
        let joined = match (last.text.rsplit_once(", so "), s.text.rsplit_once(", so ")) {
            (Some((a, x)), Some((b, y))) if x.split(" is ").next() == y.split(" is ").next() => {
                format!("{a}, and {b}, so {y}")
            }
            _ => format!("{}; {}", last.text, s.text),
        };
        last.text = joined;
        for c in s.clues {
            if !last.clues.contains(&c) {
                last.clues.push(c);
            }
        }
        last.removed.extend(s.removed);
    }
    out
}

/// The trace's runs of one constraint and rule, in order.
fn groups_of(pm: &PuzzleModel, trace: &[TraceEvent]) -> Vec<Group> {
    let n = pm.size();
    let mut doms = initial_masks(pm);
    let mut groups = Vec::new();
    let mut i = 0;
    while i < trace.len() {
        let (first, _) = match &trace[i] {
            TraceEvent::Removed(d) | TraceEvent::Fixed(d) => (*d, ()),
            _ => {
                i += 1;
                continue;
            }
        };
        let Some(technique) = Technique::of_rule(first.rule) else {
            i += 1;
            continue;
        };
        let before = doms.clone();
        let mut removed = Vec::new();
        let mut placed = Vec::new();
        while i < trace.len() {
            let d = match &trace[i] {
                TraceEvent::Removed(d) | TraceEvent::Fixed(d) => *d,
                _ => break,
            };
            if d.constraint != first.constraint || d.rule != first.rule {
                break;
            }
            if let Some(cell) = pm.cell(d.var) {
                let k = cell.index(n);
                match trace[i] {
                    TraceEvent::Removed(_) => {
                        doms[k] &= !(1u64 << d.value);
                        removed.push((cell, d.value as u8));
                    }
                    _ => placed.push((cell, d.value as u8)),
                }
            }
            i += 1;
        }
        groups.push(Group {
            technique,
            clue: pm.clue(first.constraint).cloned().unwrap_or(Clue::Grid),
            removed,
            placed,
            before,
            after: doms.clone(),
        });
    }
    groups
}

/// A run of naked singles in words: each placed digit once, with the
/// cells of its row and of its column that lose it ("r1c1 is 1, so r1c2
/// and r1c3 in row 1 and r2c1 and r3c1 in column 1 are not 1"), then the
/// cells left with one candidate.
fn describe_singles(run: &[Group], n: usize) -> String {
    // (the cell holding the digit, if one does, the digit, the cells it
    // leaves per line)
    type Entry<'a> = (Option<Cell>, u8, Vec<(&'a Clue, Vec<Cell>)>);
    let mut entries: Vec<Entry<'_>> = Vec::new();
    for g in run {
        let mut values: Vec<u8> = g.removed.iter().map(|p| p.1).collect();
        values.sort_unstable();
        values.dedup();
        for v in values {
            let gone: Vec<Cell> = g.removed.iter().filter(|p| p.1 == v).map(|p| p.0).collect();
            let holder = clue_cells(&g.clue, n)
                .into_iter()
                .find(|&c| g.before[c.index(n)] == 1u64 << v && !gone.contains(&c));
            match entries
                .iter_mut()
                .find(|e| holder.is_some() && e.0 == holder && e.1 == v)
            {
                Some(e) => e.2.push((&g.clue, gone)),
                None => entries.push((holder, v, vec![(&g.clue, gone)])),
            }
        }
    }
    let mut parts: Vec<String> = Vec::new();
    for (holder, v, lines) in &entries {
        match holder {
            Some(h) => {
                let cells: usize = lines.iter().map(|(_, gone)| gone.len()).sum();
                let lines: Vec<String> = lines
                    .iter()
                    .map(|(clue, gone)| format!("{} in {clue}", cells_and(gone)))
                    .collect();
                parts.push(format!(
                    "{h} is {v}, so {} {} not {v}",
                    lines.join(" and "),
                    be(cells)
                ));
            }
            None => {
                for (clue, gone) in lines {
                    parts.push(format!(
                        "{v} is taken in {clue}, so {} {} not {v}",
                        cells_and(gone),
                        be(gone.len())
                    ));
                }
            }
        }
    }
    let placed: Vec<String> = run
        .iter()
        .flat_map(|g| &g.placed)
        .map(|(c, v)| format!("{c} is {v}"))
        .collect();
    match placed.len() {
        0 => {}
        1 => parts.push(format!("so {}, its only candidate", placed[0])),
        _ => parts.push(format!("so {}, their only candidates", and_list(&placed))),
    }
    parts.join("; ")
}

/// "r1c2", "r1c2 and r1c3", "r2c1, r3c1 and r4c1".
fn cells_and(cells: &[Cell]) -> String {
    let names: Vec<String> = cells.iter().map(Cell::to_string).collect();
    and_list(&names)
}

/// The verb for `count` cells: "is" for one, "are" for more.
fn be(count: usize) -> &'static str {
    if count == 1 { "is" } else { "are" }
}

fn cells_of(list: &[(Cell, u8)]) -> Vec<Cell> {
    let mut cells: Vec<Cell> = list.iter().map(|p| p.0).collect();
    cells.dedup();
    cells
}

fn describe(
    technique: Technique,
    clue: &Clue,
    removed: &[(Cell, u8)],
    placed: &[(Cell, u8)],
    before: &[u64],
    after: &[u64],
    n: usize,
) -> String {
    let dom = |d: &[u64], c: Cell| d[c.index(n)];
    let min = |m: u64| m.trailing_zeros();
    let max = |m: u64| 63 - m.leading_zeros();
    // The placements the body concludes ("..., so r1c3 is 2"), as it
    // writes them.
    let mut concluded: Vec<(Cell, u8)> = Vec::new();
    let mut conclude = |c: Cell, mask: u64| {
        if mask.count_ones() == 1 {
            concluded.push((c, mask.trailing_zeros() as u8));
        }
    };
    let body = match (technique, clue) {
        (Technique::Bounds, Clue::Less(lo, hi)) => {
            let mut parts = Vec::new();
            let cells = cells_of(removed);
            for c in cells {
                if c == *lo {
                    parts.push(format!(
                        "{lo} < {hi} and {hi} <= {}, so {lo} is {}",
                        max(dom(before, *hi)),
                        list_values(dom(after, *lo))
                    ));
                    conclude(*lo, dom(after, *lo));
                } else {
                    parts.push(format!(
                        "{lo} < {hi} and {lo} >= {}, so {hi} is {}",
                        min(dom(before, *lo)),
                        list_values(dom(after, *hi))
                    ));
                    conclude(*hi, dom(after, *hi));
                }
            }
            parts.join("; ")
        }
        (Technique::Bounds | Technique::Subset, Clue::Adjacent(a, b, bar)) => {
            let rel = if *bar {
                "differ by 1"
            } else {
                "do not differ by 1"
            };
            let mut parts = Vec::new();
            for c in cells_of(removed) {
                let other = if c == *a { *b } else { *a };
                parts.push(format!(
                    "{a} and {b} {rel} and {other} is {}, so {c} is {}",
                    list_values(dom(before, other)),
                    list_values(dom(after, c))
                ));
                conclude(c, dom(after, c));
            }
            parts.join("; ")
        }
        (Technique::HiddenSingle, _) => {
            let p: Vec<String> = placed
                .iter()
                .map(|(c, v)| format!("{v} can only go in {c} in {clue}, so {c} is {v}"))
                .collect();
            if p.is_empty() {
                format!(
                    "{clue} has one place left for a digit, so {}",
                    removed_text(removed)
                )
            } else {
                return p.join("; ");
            }
        }
        (Technique::Subset, Clue::Row(_) | Clue::Column(_)) => {
            match subset_reason(&clue_cells(clue, n), before, removed, n) {
                Some(reason) => format!("{reason} in {clue}, so {}", removed_text(removed)),
                None => format!(
                    "the candidates of {clue} form a naked/hidden subset, so {}",
                    removed_text(removed)
                ),
            }
        }
        (Technique::Fish, _) => {
            let v = removed.first().map_or(0, |p| p.1);
            match fish_reason(before, removed, n) {
                Some(reason) => format!("{reason} (fish), so {}", removed_text(removed)),
                None => format!(
                    "{v} must appear once per row and column and its possible places form a fish (X-wing/swordfish), so {}",
                    removed_text(removed)
                ),
            }
        }
        (Technique::ForcingChain, _) => format!(
            "a forcing chain through two-candidate cells shows {}",
            removed_text(removed)
        ),
        _ => format!("{}: {}", technique, removed_text(removed)),
    };
    // The placements the body has not already concluded ("..., so r1c3
    // is 2" is not followed by "; so r1c3 is 2").
    let unsaid: Vec<String> = placed
        .iter()
        .filter(|&p| !concluded.contains(p))
        .map(|(c, v)| format!("{c} is {v}"))
        .collect();
    let placed_text = if unsaid.is_empty() {
        String::new()
    } else {
        format!("; so {}", and_list(&unsaid))
    };
    format!("{body}{placed_text}")
        .trim_start_matches("; ")
        .to_owned()
}

/// The smallest set of k rows whose places for the value lie in k columns
/// (or the same with rows and columns swapped) that explains the first
/// removal, in words.
fn fish_reason(before: &[u64], removed: &[(Cell, u8)], n: usize) -> Option<String> {
    let &(cell, value) = removed.first()?;
    if n > 16 {
        return None;
    }
    let bit = 1u64 << value;
    for transpose in [false, true] {
        // lines[i]: the cross positions where the value may go in line i.
        let at = |line: usize, cross: usize| {
            let c = if transpose {
                Cell::new(cross, line)
            } else {
                Cell::new(line, cross)
            };
            before[c.index(n)] & bit != 0
        };
        let lines: Vec<u32> = (0..n)
            .map(|l| (0..n).filter(|&x| at(l, x)).fold(0u32, |m, x| m | 1 << x))
            .collect();
        let (own_line, own_cross) = if transpose {
            (cell.col, cell.row)
        } else {
            (cell.row, cell.col)
        };
        let mut best: Option<(u32, u32, u32)> = None;
        for set in 1u32..(1 << n) {
            let size = set.count_ones();
            if size < 2 || size as usize >= n || set & (1 << own_line) != 0 {
                continue;
            }
            if best.is_some_and(|b| b.0 <= size) {
                continue;
            }
            let cover = (0..n)
                .filter(|l| set & (1 << l) != 0)
                .fold(0u32, |m, l| m | lines[l]);
            if cover.count_ones() == size && cover & (1 << own_cross) != 0 {
                best = Some((size, set, cover));
            }
        }
        if let Some((_, set, cover)) = best {
            let names = |mask: u32| {
                let v: Vec<String> = (0..n)
                    .filter(|i| mask & (1 << i) != 0)
                    .map(|i| (i + 1).to_string())
                    .collect();
                v.join(", ")
            };
            let (a, b) = if transpose {
                ("columns", "rows")
            } else {
                ("rows", "columns")
            };
            return Some(format!(
                "in {a} {} the {value}s can only go in {b} {}",
                names(set),
                names(cover)
            ));
        }
    }
    None
}

/// The smallest naked or hidden subset of `line` (domains `before`) that
/// explains the first removal, in words.
fn subset_reason(
    line: &[Cell],
    before: &[u64],
    removed: &[(Cell, u8)],
    n: usize,
) -> Option<String> {
    let &(cell, value) = removed.first()?;
    let k = line.len();
    if k > 16 {
        return None;
    }
    let dom = |c: Cell| before[c.index(n)];
    let pos = line.iter().position(|&c| c == cell)?;
    let unfixed: Vec<usize> = (0..k).filter(|&i| dom(line[i]).count_ones() > 1).collect();
    let values: Vec<u32> = {
        let all = line.iter().fold(0u64, |m, &c| m | dom(c));
        let fixed = line
            .iter()
            .filter(|&&c| dom(c).count_ones() == 1)
            .fold(0u64, |m, &c| m | dom(c));
        (0..64)
            .filter(|&v| (all & !fixed) & (1u64 << v) != 0)
            .collect()
    };
    let mut best: Option<(u32, String)> = None;
    let total = 1u32 << unfixed.len().min(16);
    for set in 1..total {
        let size = set.count_ones();
        if size < 2 || size as usize >= unfixed.len() || best.as_ref().is_some_and(|b| b.0 <= size)
        {
            continue;
        }
        let members: Vec<usize> = (0..unfixed.len())
            .filter(|b| set & (1 << b) != 0)
            .map(|b| unfixed[b])
            .collect();
        if members.contains(&pos) {
            continue;
        }
        let union = members.iter().fold(0u64, |m, &i| m | dom(line[i]));
        if union.count_ones() == size && union & (1u64 << value) != 0 {
            let cells: Vec<Cell> = members.iter().map(|&i| line[i]).collect();
            best = Some((
                size,
                format!(
                    "{} hold {} between them (naked subset)",
                    list_cells(&cells),
                    list_values(union).replace(" or ", " and ")
                ),
            ));
        }
    }
    let total = 1u32 << values.len().min(16);
    for set in 1..total {
        let size = set.count_ones();
        if size < 2 || size as usize >= values.len() || best.as_ref().is_some_and(|b| b.0 <= size) {
            continue;
        }
        let vmask = (0..values.len())
            .filter(|b| set & (1 << b) != 0)
            .fold(0u64, |m, b| m | 1u64 << values[b]);
        if vmask & (1u64 << value) != 0 {
            continue;
        }
        let holders: Vec<Cell> = line
            .iter()
            .copied()
            .filter(|&c| dom(c).count_ones() > 1 && dom(c) & vmask != 0)
            .collect();
        if holders.len() == size as usize && holders.contains(&cell) {
            best = Some((
                size,
                format!(
                    "{} can only go in {} (hidden subset)",
                    list_values(vmask).replace(" or ", " and "),
                    list_cells(&holders)
                ),
            ));
        }
    }
    best.map(|b| b.1)
}

fn removed_text(removed: &[(Cell, u8)]) -> String {
    let p: Vec<String> = removed
        .iter()
        .map(|(c, v)| format!("{c} is not {v}"))
        .collect();
    and_list(&p)
}

/// `a`, `a and b`, `a, b and c`: several cells' values in one sentence.
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [a] => a.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

fn clue_cells(clue: &Clue, n: usize) -> Vec<Cell> {
    match clue {
        Clue::Row(r) => (0..n).map(|c| Cell::new(*r, c)).collect(),
        Clue::Column(c) => (0..n).map(|r| Cell::new(r, *c)).collect(),
        _ => Vec::new(),
    }
}
