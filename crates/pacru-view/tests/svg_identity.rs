//! The board picture of `pacru show --svg` is byte-identical to what it was before
//! the renderer moved into this crate: the `.svg` files under `tests/data/svg/`
//! were written by the old code for the positions listed in `cases.txt`.

use pacru_core::RulesEdition;
use std::path::Path;

#[test]
fn svg_pictures_are_byte_identical_to_the_recorded_ones() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/svg");
    let cases = std::fs::read_to_string(dir.join("cases.txt")).unwrap();
    let mut checked = 0;
    for line in cases
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let mut parts = line.splitn(3, ' ');
        let (name, rules, ppn) = (
            parts.next().unwrap(),
            parts.next().unwrap(),
            parts.next().unwrap(),
        );
        let rules: RulesEdition = rules.parse().unwrap();
        let position = pacru_core::Position::from_ppn(ppn, rules).unwrap();
        let expected = std::fs::read_to_string(dir.join(format!("{name}.svg"))).unwrap();
        let drawn = pacru_view::svg::render(&position);
        assert!(
            drawn == expected,
            "{name}: the picture differs from {name}.svg"
        );
        checked += 1;
    }
    assert_eq!(checked, 5);
}
