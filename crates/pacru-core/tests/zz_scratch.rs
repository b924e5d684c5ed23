//! scratch
use pacru_core::*;
#[test]
fn perfts() {
    let exp = [(2, [28u64, 734, 16168, 345579]), (3, [23, 533, 11343, 191349]), (4, [23, 510, 10379, 202471])];
    for (n, e) in exp {
        let p = Position::standard(n).unwrap();
        for d in 1..=4 { assert_eq!(p.perft(d as u32), e[d-1], "{n}p d{d}"); }
        assert_eq!(p.perft_applying(3), e[2]);
    }
}
