//! Numeric ratings on Sudoku Explainer's scale, and the levels defined by
//! bands of it.
//!
//! # Background
//!
//! Sudoku Explainer (Nicolas Juillerat; the open SukakuExplainer fork runs
//! it from the command line as `serate`) solves a puzzle by always taking
//! the easiest step it can find and rates the puzzle by its hardest step.
//! Each technique has a fixed difficulty on a scale from 1.0 to about 12
//! (its published table: hidden single 1.2-1.5, naked single 2.3, pointing
//! 2.6, naked pair 3.0, X-wing 3.2, ..., forcing chains 6.5-7.5, dynamic
//! forcing chains 8.5 and more); chains get a bonus for their length: 0.1
//! once the chain has more than 4 links, and 0.1 more each time the length
//! passes the next of 6, 8, 12, 16, 24, 32, 48, ... (alternately times 3/2
//! and 4/3). The Sudoku player community rates puzzles on this scale
//! ("SER").
//!
//! # Practical
//!
//! A [`Rating`] is a number of tenths. The grader gives every step the
//! rating Sudoku Explainer gives the same deduction, and the puzzle the
//! rating of its hardest step; [`Difficulty::of_rating`] maps a rating to
//! a level by the bands in `docs/sudoku.md`.
//!
//! # References
//!
//! - N. Juillerat, *Sudoku Explainer* (2006-2019), its technique table and
//!   `getLengthDifficulty`; SukakuExplainer (github.com/SudokuMonster) for
//!   the single-digit patterns it rates 4.0-4.2.

use crate::logic::Difficulty;
use std::fmt;
use std::str::FromStr;

/// A difficulty on Sudoku Explainer's scale, in tenths (`Rating::from_tenths(42)`
/// is 4.2).
///
/// ```
/// use sudoku::Rating;
/// let r: Rating = "4.2".parse()?;
/// assert_eq!(r.tenths(), 42);
/// assert_eq!(r.to_string(), "4.2");
/// assert_eq!(r.value(), 4.2);
/// # Ok::<(), sudoku::UnknownRating>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "f64", into = "f64"))]
pub struct Rating(u16);

impl Rating {
    /// The rating of `tenths` tenths.
    pub const fn from_tenths(tenths: u16) -> Rating {
        Rating(tenths)
    }

    /// The number of tenths.
    pub const fn tenths(self) -> u16 {
        self.0
    }

    /// The rating as a number (4.2).
    pub fn value(self) -> f64 {
        f64::from(self.0) / 10.0
    }
}

impl fmt::Display for Rating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.0 / 10, self.0 % 10)
    }
}

/// The text is not a rating such as `4.5`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a rating: {0:?} (expected a number with at most one decimal, such as 4.5)")]
pub struct UnknownRating(pub String);

impl FromStr for Rating {
    type Err = UnknownRating;
    fn from_str(s: &str) -> Result<Rating, UnknownRating> {
        let bad = || UnknownRating(s.to_owned());
        let t = s.trim();
        let (whole, frac) = t.split_once('.').unwrap_or((t, "0"));
        if whole.is_empty() || frac.len() != 1 {
            return Err(bad());
        }
        let w: u16 = whole.parse().map_err(|_| bad())?;
        let f: u16 = frac.parse().map_err(|_| bad())?;
        w.checked_mul(10)
            .and_then(|x| x.checked_add(f))
            .map(Rating)
            .ok_or_else(bad)
    }
}

/// The rating as a number ([`Rating::value`]): its serde form.
impl From<Rating> for f64 {
    fn from(rating: Rating) -> f64 {
        rating.value()
    }
}

/// A rating from a number with at most one decimal (`4.2`); anything else
/// (negative, too large, not finite, `4.25`) is an [`UnknownRating`].
impl TryFrom<f64> for Rating {
    type Error = UnknownRating;
    fn try_from(value: f64) -> Result<Rating, UnknownRating> {
        let tenths = (value * 10.0).round();
        if value.is_finite()
            && (0.0..=f64::from(u16::MAX)).contains(&tenths)
            && (value * 10.0 - tenths).abs() < 1e-6
        {
            // In range and whole, checked above.
            Ok(Rating(tenths as u16))
        } else {
            Err(UnknownRating(value.to_string()))
        }
    }
}

/// Sudoku Explainer's bonus, in tenths, for a chain of `length` links.
///
/// ```text
/// length  1-4  5-6  7-8  9-12  13-16  17-24  25-32  33-48 ...
/// bonus    0   0.1  0.2  0.3   0.4    0.5    0.6    0.7
/// ```
pub(crate) fn length_bonus(length: usize) -> u16 {
    let mut bonus = 0;
    let mut ceiling = 4usize;
    let mut odd = false;
    while length > ceiling {
        bonus += 1;
        ceiling = if odd {
            ceiling * 4 / 3
        } else {
            ceiling * 3 / 2
        };
        odd = !odd;
    }
    bonus
}

impl Difficulty {
    /// The level of a rating:
    ///
    /// | level   | rating    |
    /// |---------|-----------|
    /// | easy    | up to 2.5 |
    /// | medium  | 2.6 - 3.9 |
    /// | hard    | 4.0 - 5.9 |
    /// | expert  | 6.0 - 7.4 |
    /// | extreme | 7.5 - 8.9 |
    /// | beyond  | 9.0 and up |
    pub fn of_rating(rating: Rating) -> Difficulty {
        match rating.tenths() {
            0..=25 => Difficulty::Easy,
            26..=39 => Difficulty::Medium,
            40..=59 => Difficulty::Hard,
            60..=74 => Difficulty::Expert,
            75..=89 => Difficulty::Extreme,
            _ => Difficulty::Beyond,
        }
    }

    /// The lowest and highest rating of this level (`None`: no upper bound).
    pub fn band(self) -> (Rating, Option<Rating>) {
        let (lo, hi) = match self {
            Difficulty::Easy => (10, Some(25)),
            Difficulty::Medium => (26, Some(39)),
            Difficulty::Hard => (40, Some(59)),
            Difficulty::Expert => (60, Some(74)),
            Difficulty::Extreme => (75, Some(89)),
            Difficulty::Beyond => (90, None),
        };
        (Rating(lo), hi.map(Rating))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn length_bonus_follows_sudoku_explainer() {
        let bonus: Vec<u16> = [4, 5, 6, 7, 8, 9, 12, 13, 16, 17, 24, 25, 32, 33, 48, 49]
            .iter()
            .map(|&l| length_bonus(l))
            .collect();
        assert_eq!(bonus, [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8]);
    }

    #[test]
    fn ratings_parse_and_print() {
        assert_eq!("11.3".parse::<Rating>().unwrap(), Rating(113));
        assert_eq!("4".parse::<Rating>().unwrap(), Rating(40));
        assert_eq!(Rating(7).to_string(), "0.7");
        for bad in ["", "4.25", "x", "-1.0", ".5", "7000.0"] {
            assert!(bad.parse::<Rating>().is_err(), "{bad}");
        }
    }

    #[test]
    fn bands_cover_the_scale_without_gaps() {
        let mut next = 10;
        for d in Difficulty::ALL {
            let (lo, hi) = d.band();
            assert_eq!(lo.tenths(), next, "{d}");
            assert_eq!(Difficulty::of_rating(lo), d);
            match hi {
                Some(hi) => {
                    assert_eq!(Difficulty::of_rating(hi), d);
                    assert!(
                        hi.tenths() - lo.tenths() <= 30,
                        "{d} spans more than 3 points"
                    );
                    next = hi.tenths() + 1;
                }
                None => assert_eq!(d, Difficulty::Beyond),
            }
        }
    }
}
