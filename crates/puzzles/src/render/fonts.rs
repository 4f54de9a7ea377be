//! The one embedded font (Noto Sans regular and bold) in a usvg font
//! database, made once and shared: text renders the same on every machine,
//! with or without system fonts.

use super::FONT_FAMILY;
use resvg::usvg::{self, fontdb};
use std::sync::{Arc, OnceLock};

/// The font database: Noto Sans, also the answer for every generic family.
fn database() -> Arc<fontdb::Database> {
    static DB: OnceLock<Arc<fontdb::Database>> = OnceLock::new();
    DB.get_or_init(|| {
        let mut db = fontdb::Database::new();
        db.load_font_data(ttf_noto_sans::REGULAR.to_vec());
        db.load_font_data(ttf_noto_sans::BOLD.to_vec());
        db.set_sans_serif_family(FONT_FAMILY);
        db.set_serif_family(FONT_FAMILY);
        db.set_monospace_family(FONT_FAMILY);
        db.set_cursive_family(FONT_FAMILY);
        db.set_fantasy_family(FONT_FAMILY);
        Arc::new(db)
    })
    .clone()
}

/// usvg options that find every font in [`database`].
pub(super) fn options() -> usvg::Options<'static> {
    usvg::Options {
        font_family: FONT_FAMILY.to_owned(),
        fontdb: database(),
        ..usvg::Options::default()
    }
}

/// Reads an SVG document with the embedded font.
pub(super) fn parse(svg: &str) -> Result<usvg::Tree, super::RenderError> {
    usvg::Tree::from_str(svg, &options()).map_err(|e| super::RenderError::Svg(e.to_string()))
}
