//! The built-in families, one module each, and the registry.
//!
//! Adding a family: write `families/<name>.rs` implementing
//! [`Family`](crate::Family), declare it below and add one line to [`ALL`].
//! If puzz.link has the genre, give its name
//! ([`Family::puzzlink`](crate::Family::puzzlink)) and map the URL's parts
//! with the shared codec of [`crate::puzzlink`] in the same file
//! ([`Family::from_puzzlink`](crate::Family::from_puzzlink),
//! [`Family::to_puzzlink`](crate::Family::to_puzzlink)); the round-trip
//! test of `tests/puzzlink.rs` lists the families on puzz.link.

pub mod battleships;
pub mod binairo;
pub mod dominosa;
pub mod fillomino;
pub mod futoshiki;
pub mod galaxies;
mod grid_cells;
mod grid_text;
pub mod hashi;
pub mod heyawake;
pub mod hitori;
pub mod jigsaw_sudoku;
pub mod kakuro;
pub mod kenken;
pub mod killer_sudoku;
pub mod kurodoko;
mod latin;
pub mod light_up;
pub mod lits;
pub mod magnets;
pub mod masyu;
pub mod nonogram;
pub mod norinori;
pub mod numberlink;
pub mod nurikabe;
mod quick_grade;
pub mod ripple_effect;
pub mod shading;
pub mod shikaku;
pub mod skyscrapers;
pub mod slant;
pub mod slitherlink;
pub mod star_battle;
pub mod sudoku;
mod sudoku_layout;
pub mod suguru;
pub mod tents;
pub mod thermometers;
mod words;
pub mod yajilin;

use crate::dynamic::AnyFamily;

/// Every built-in family, in the order the command line lists them.
pub static ALL: &[&dyn AnyFamily] = &[
    &sudoku::Sudoku::CLASSIC,
    &futoshiki::Futoshiki::STANDARD,
    &light_up::LightUp,
    &tents::Tents,
    &binairo::Binairo::BINAIRO,
    &binairo::Binairo::UNRULY,
    &killer_sudoku::KillerSudoku,
    &jigsaw_sudoku::JigsawSudoku,
    &skyscrapers::Skyscrapers,
    &suguru::Suguru,
    &nonogram::Nonogram,
    &kenken::KenKen::STANDARD,
    &kakuro::Kakuro::STANDARD,
    &hitori::Hitori,
    &slitherlink::Slitherlink,
    &masyu::Masyu,
    &star_battle::StarBattle,
    &norinori::Norinori,
    &thermometers::Thermometers,
    &shikaku::Shikaku,
    &slant::Slant,
    &nurikabe::Nurikabe,
    &fillomino::Fillomino,
    &magnets::Magnets,
    &kurodoko::Kurodoko,
    &ripple_effect::RippleEffect,
    &dominosa::Dominosa,
    &lits::Lits,
    &battleships::Battleships,
    &heyawake::Heyawake,
    &hashi::Hashi,
    &galaxies::Galaxies,
    &yajilin::Yajilin,
    &numberlink::Numberlink,
];
