//! PNG pictures of the SVG documents this crate draws (feature `png`):
//! rasterised with resvg, text in the embedded Noto Sans.
//!
//! ```
//! use gridcsp_puzzles::render::{Canvas, Ink, png};
//! let mut c = Canvas::new(1, 2, "two cells");
//! c.grid_lines();
//! c.text(0, 0, "7", Ink::Given);
//! c.outer_border();
//! let svg = c.finish(36.0);
//! let bytes = png::to_png(&svg, 1.0)?;
//! assert_eq!(&bytes[1..4], b"PNG");
//! let raster = png::rasterize(&svg, 2.0)?;
//! assert!(raster.width() > raster.height());
//! # Ok::<(), gridcsp_puzzles::render::RenderError>(())
//! ```

use super::RenderError;
use resvg::tiny_skia;

/// The longest side of a raster, in pixels (a 35x35 grid at 36 points a
/// cell is about 1,800 pixels at scale 1).
pub const MAX_SIDE: u32 = 16_384;

/// The most pixels a raster may have: 16,777,216 (4096 x 4096), 64 MiB of
/// RGBA, about twice that at its peak while the PNG is encoded. Larger
/// pictures are refused ([`RenderError::Pixels`]) rather than allocated,
/// so the memory of a picture is bounded whatever the grid and the cell
/// size (a 16x16 grid at 720 points a cell would otherwise be 236 million
/// pixels, 2 GiB to make and encode). A 35x35 grid at the default 36
/// points a cell is 2.8 million.
pub const MAX_PIXELS: u64 = 1 << 24;

/// A rasterised picture: RGBA pixels, row by row.
#[derive(Clone, Debug, PartialEq)]
pub struct Raster {
    pixmap: tiny_skia::Pixmap,
}

impl Raster {
    /// Width in pixels.
    pub fn width(&self) -> u32 {
        self.pixmap.width()
    }

    /// Height in pixels.
    pub fn height(&self) -> u32 {
        self.pixmap.height()
    }

    /// The colour at `(x, y)` as straight (not premultiplied) RGBA, or
    /// `None` outside the picture.
    pub fn pixel(&self, x: u32, y: u32) -> Option<[u8; 4]> {
        let c = self.pixmap.pixel(x, y)?.demultiply();
        Some([c.red(), c.green(), c.blue(), c.alpha()])
    }

    /// The picture as a PNG file.
    pub fn to_png(&self) -> Result<Vec<u8>, RenderError> {
        self.pixmap.encode_png().map_err(|e| RenderError::Encode {
            format: "PNG",
            message: e.to_string(),
        })
    }
}

/// Rasterises an SVG document at `scale` pixels per CSS pixel (a document
/// `width="36pt"` is 48 pixels wide at scale 1, 96 at scale 2).
pub fn rasterize(svg: &str, scale: f64) -> Result<Raster, RenderError> {
    if !(scale.is_finite() && scale > 0.0) {
        return Err(RenderError::Scale(scale));
    }
    let tree = super::fonts::parse(svg)?;
    let size = tree.size();
    let width = (f64::from(size.width()) * scale).ceil();
    let height = (f64::from(size.height()) * scale).ceil();
    let fits = |side: f64| (1.0..=f64::from(MAX_SIDE)).contains(&side);
    let too_big = || RenderError::Size {
        width,
        height,
        max: MAX_SIDE,
    };
    if !fits(width) || !fits(height) {
        return Err(too_big());
    }
    // Both sides are whole numbers in 1..=MAX_SIDE here.
    let (w, h) = (width as u32, height as u32);
    if u64::from(w) * u64::from(h) > MAX_PIXELS {
        return Err(RenderError::Pixels {
            width: w,
            height: h,
            max: MAX_PIXELS,
        });
    }
    let mut pixmap = tiny_skia::Pixmap::new(w, h).ok_or_else(too_big)?;
    let s = scale as f32;
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(s, s),
        &mut pixmap.as_mut(),
    );
    Ok(Raster { pixmap })
}

/// An SVG document as a PNG file, `scale` pixels per CSS pixel.
pub fn to_png(svg: &str, scale: f64) -> Result<Vec<u8>, RenderError> {
    rasterize(svg, scale)?.to_png()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_scales_and_documents_are_errors() {
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"/>";
        assert!(rasterize(svg, 1.0).is_ok());
        assert_eq!(rasterize(svg, 0.0), Err(RenderError::Scale(0.0)));
        assert!(matches!(
            rasterize(svg, f64::NAN),
            Err(RenderError::Scale(_))
        ));
        assert!(matches!(rasterize(svg, 1e6), Err(RenderError::Size { .. })));
        // Within the side limit but over the pixel budget: refused, not
        // allocated (8,000 x 8,000 would be 256 MB of pixels).
        assert_eq!(
            rasterize(svg, 800.0),
            Err(RenderError::Pixels {
                width: 8000,
                height: 8000,
                max: MAX_PIXELS
            })
        );
        assert!(rasterize(svg, 400.0).is_ok(), "4,000 x 4,000 is within it");
        assert!(matches!(rasterize("<svg", 1.0), Err(RenderError::Svg(_))));
        assert!(matches!(
            rasterize("not svg", 1.0),
            Err(RenderError::Svg(_))
        ));
    }

    #[test]
    fn text_renders_without_system_fonts() {
        // Only the embedded font is in the database: ink here proves it.
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"40\" height=\"40\">\
                   <rect width=\"40\" height=\"40\" fill=\"white\"/>\
                   <text x=\"20\" y=\"34\" font-size=\"36\" text-anchor=\"middle\" \
                   font-family=\"no such font\">8</text></svg>";
        let r = rasterize(svg, 1.0).expect("renders");
        let dark = (0..40)
            .flat_map(|y| (0..40).map(move |x| (x, y)))
            .filter(|&(x, y)| r.pixel(x, y).is_some_and(|p| p[0] < 128))
            .count();
        assert!(dark > 40, "the digit left {dark} dark pixels");
    }
}
