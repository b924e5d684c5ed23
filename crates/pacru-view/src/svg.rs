//! The board as an SVG picture in the style of the rulebook: 9 x 9 fields marked
//! with stars and circles in two neutral shades, thick borderland lines, markers as
//! coloured discs, chevrons as coloured chevron shapes turned to their facing, and
//! coordinates around the board.
//!
//! [`render`] draws one position (what `pacru show --svg` writes). The page of
//! [`crate::page`] draws the same board from the same pieces, with every field
//! ready to receive a marker and a chevron that its script shows or hides.

use pacru_core::{Colour, Direction, Field, Position};
use std::fmt::Write as _;

/// The side of one field, in SVG user units.
pub const CELL: u32 = 60;
/// The margin around the board, for the coordinates.
pub const MARGIN: u32 = 40;
/// The side of the whole picture, in SVG user units.
pub const SIZE: u32 = 9 * CELL + 2 * MARGIN;
/// The outline of a chevron pointing north, centred on (0, 0).
pub const CHEVRON_POINTS: &str = "0,-23 21,9 11,19 0,3 -11,19 -21,9";
/// The outline of a chevron standing on a marker (white, to stand out from the disc).
pub const ON_MARKER_OUTLINE: &str = "#ffffff";
/// The radius of a marker disc.
const MARKER_RADIUS: u32 = CELL * 2 / 5;

/// The fill and outline colours of a player's markers and chevrons.
///
/// ```
/// use pacru_core::Colour;
/// assert_eq!(pacru_view::svg::paint(Colour::Red), ("#d62728", "#7f1010"));
/// ```
pub fn paint(colour: Colour) -> (&'static str, &'static str) {
    match colour {
        Colour::Black => ("#222222", "#000000"),
        Colour::Red => ("#d62728", "#7f1010"),
        Colour::Yellow => ("#f2c500", "#8a6d00"),
        Colour::Green => ("#2ca02c", "#145214"),
        Colour::Blue => ("#1f5fbf", "#0c2f66"),
    }
}

/// The clockwise angle in degrees from north of `direction`.
pub fn angle(direction: Direction) -> u32 {
    direction.index() as u32 * 45
}

/// The top-left corner of `field` (rank 9 at the top).
pub fn corner(field: Field) -> (u32, u32) {
    (
        MARGIN + u32::from(field.file()) * CELL,
        MARGIN + (8 - u32::from(field.rank())) * CELL,
    )
}

/// The centre of `field`.
fn centre(field: Field) -> (u32, u32) {
    let (x, y) = corner(field);
    (x + CELL / 2, y + CELL / 2)
}

/// A five-pointed star centred on (`cx`, `cy`) with outer radius `r`, as polygon points.
fn star_points(cx: f64, cy: f64, r: f64) -> String {
    let mut points = Vec::new();
    for i in 0..10 {
        let radius = if i % 2 == 0 { r } else { r * 0.45 };
        let theta = std::f64::consts::PI * f64::from(i) / 5.0 - std::f64::consts::FRAC_PI_2;
        points.push(format!(
            "{:.1},{:.1}",
            cx + radius * theta.cos(),
            cy + radius * theta.sin()
        ));
    }
    points.join(" ")
}

/// The plain background of the picture.
fn background(out: &mut String) {
    let _ = writeln!(
        out,
        r##"<rect x="0" y="0" width="{SIZE}" height="{SIZE}" fill="#f4efe1"/>"##
    );
}

/// One field: two neutral shades in a checkerboard (they pick out the diagonals),
/// a star on one, a circle on the other.
fn field_square(out: &mut String, field: Field) {
    let (x, y) = corner(field);
    let light = (field.file() + field.rank()).is_multiple_of(2);
    let fill = if light { "#e8dcc0" } else { "#cdbb94" };
    let _ = writeln!(
        out,
        r##"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{fill}" stroke="#8c7a55" stroke-width="1"/>"##
    );
    let (cx, cy) = (f64::from(x + CELL / 2), f64::from(y + CELL / 2));
    if light {
        let _ = writeln!(
            out,
            r##"<polygon points="{}" fill="none" stroke="#a08c60" stroke-width="1.5"/>"##,
            star_points(cx, cy, f64::from(CELL) * 0.22)
        );
    } else {
        let _ = writeln!(
            out,
            r##"<circle cx="{cx}" cy="{cy}" r="{}" fill="none" stroke="#8c7a55" stroke-width="1.5"/>"##,
            f64::from(CELL) * 0.16
        );
    }
}

/// The thick borderland lines, every three fields, and the outer edge.
fn borderland_lines(out: &mut String) {
    for i in 0..=3 {
        let at = MARGIN + i * 3 * CELL;
        let end = MARGIN + 9 * CELL;
        let _ = writeln!(
            out,
            r##"<line x1="{at}" y1="{MARGIN}" x2="{at}" y2="{end}" stroke="#3b2f1a" stroke-width="5" stroke-linecap="square"/>"##
        );
        let _ = writeln!(
            out,
            r##"<line x1="{MARGIN}" y1="{at}" x2="{end}" y2="{at}" stroke="#3b2f1a" stroke-width="5" stroke-linecap="square"/>"##
        );
    }
}

/// The coordinates on all four sides.
fn coordinates(out: &mut String) {
    for i in 0..9u32 {
        let file = char::from(b'a' + i as u8);
        let rank = char::from(b'9' - i as u8);
        let x = MARGIN + i * CELL + CELL / 2;
        let y = MARGIN + i * CELL + CELL / 2 + 6;
        let bottom = MARGIN + 9 * CELL + 26;
        let right = MARGIN + 9 * CELL + 20;
        let _ = writeln!(
            out,
            r##"<text x="{x}" y="26" text-anchor="middle" font-size="18" fill="#3b2f1a">{file}</text><text x="{x}" y="{bottom}" text-anchor="middle" font-size="18" fill="#3b2f1a">{file}</text>"##
        );
        let _ = writeln!(
            out,
            r##"<text x="20" y="{y}" text-anchor="middle" font-size="18" fill="#3b2f1a">{rank}</text><text x="{right}" y="{y}" text-anchor="middle" font-size="18" fill="#3b2f1a">{rank}</text>"##
        );
    }
}

/// The SVG document for `position`: the picture `pacru show --svg` writes.
///
/// ```
/// use pacru_core::Position;
/// let svg = pacru_view::svg::render(&Position::standard(2).unwrap());
/// assert!(svg.starts_with("<svg "));
/// assert!(svg.contains("<title>Black chevron on e1 facing N</title>"));
/// ```
pub fn render(position: &Position) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{SIZE}" height="{SIZE}" viewBox="0 0 {SIZE} {SIZE}" font-family="sans-serif">"#
    );
    background(&mut out);
    for field in Field::all() {
        field_square(&mut out, field);
    }
    // Markers: a coloured disc filling most of the field.
    for field in Field::all() {
        if let Some(colour) = position.colour_at(field) {
            let (cx, cy) = centre(field);
            let (fill, stroke) = paint(colour);
            let _ = writeln!(
                out,
                r#"<circle cx="{cx}" cy="{cy}" r="{MARKER_RADIUS}" fill="{fill}" stroke="{stroke}" stroke-width="2"><title>{field}: {colour}</title></circle>"#,
            );
        }
    }
    borderland_lines(&mut out);
    // Chevrons: a chevron shape pointing north, turned to the facing; outlined in
    // white on a marker (of its own colour) so that it stands out from the disc.
    for (colour, field, facing) in position.chevrons() {
        let (fill, stroke) = paint(colour);
        let stroke = if position.colour_at(field).is_some() {
            ON_MARKER_OUTLINE
        } else {
            stroke
        };
        let (cx, cy) = centre(field);
        let _ = writeln!(
            out,
            r#"<polygon points="{CHEVRON_POINTS}" transform="translate({cx} {cy}) rotate({})" fill="{fill}" stroke="{stroke}" stroke-width="2.5" stroke-linejoin="round"><title>{colour} chevron on {field} facing {facing}</title></polygon>"#,
            angle(facing)
        );
    }
    coordinates(&mut out);
    out.push_str("</svg>\n");
    out
}

/// The board of the page: the same picture as [`render`] for an empty board, with
/// each field a group `<g class="field" data-field="e1">` that holds a hidden
/// marker disc (`class="marker"`) and a hidden chevron (`class="chevron"`, turned
/// by its `rotate` transform), for the page's script to show, colour and turn.
/// The page's own layer for the effects of a move (`id="effects"`) comes last.
pub(crate) fn page_board() -> String {
    let mut out = String::with_capacity(48 * 1024);
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" id="board" viewBox="0 0 {SIZE} {SIZE}" font-family="sans-serif" role="img" aria-label="board">"#
    );
    background(&mut out);
    for field in Field::all() {
        let _ = writeln!(
            out,
            r#"<g class="field" data-field="{field}" data-colour="" data-chevron-colour="" data-chevron-facing="">"#
        );
        field_square(&mut out, field);
        let (cx, cy) = centre(field);
        let _ = writeln!(
            out,
            r##"<circle class="marker" cx="{cx}" cy="{cy}" r="{MARKER_RADIUS}" fill="none" stroke="none" stroke-width="2" visibility="hidden"/>"##
        );
        let _ = writeln!(
            out,
            r##"<g transform="translate({cx} {cy})"><polygon class="chevron" points="{CHEVRON_POINTS}" transform="rotate(0)" fill="none" stroke="none" stroke-width="2.5" stroke-linejoin="round" visibility="hidden"/></g>"##
        );
        out.push_str("</g>\n");
    }
    borderland_lines(&mut out);
    coordinates(&mut out);
    out.push_str("<g id=\"effects\"></g>\n</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn svg_has_every_chevron_and_is_closed() {
        let start = Position::standard(3).unwrap();
        let svg = render(&start);
        assert!(svg.starts_with("<svg "));
        assert!(svg.ends_with("</svg>\n"));
        assert_eq!(svg.matches(" chevron on ").count(), 9);
        assert!(svg.contains("Black chevron on e1 facing N"));
    }

    #[test]
    fn the_page_board_has_one_group_per_field_with_a_marker_and_a_chevron() {
        let svg = page_board();
        assert_eq!(svg.matches(r#"<g class="field""#).count(), 81);
        assert_eq!(svg.matches(r#"class="marker""#).count(), 81);
        assert_eq!(svg.matches(r#"class="chevron""#).count(), 81);
        assert!(svg.contains(r#"data-field="a9""#));
        // The field squares and coordinates are drawn exactly as for `render`.
        let picture = render(&Position::standard(2).unwrap());
        let mut squares = String::new();
        field_square(&mut squares, Field::new(4, 0).unwrap());
        assert!(picture.contains(&squares) && svg.contains(&squares));
    }
}
