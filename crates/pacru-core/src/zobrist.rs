//! Zobrist keys: a random 64-bit number for each feature of a position.

const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

const fn build<const N: usize>(seed: u64) -> [u64; N] {
    let mut keys = [0u64; N];
    let mut state = seed;
    let mut i = 0;
    while i < N {
        let (next, key) = splitmix(state);
        state = next;
        keys[i] = key;
        i += 1;
    }
    keys
}

/// Marker keys, indexed `colour * 81 + field`.
pub(crate) static MARKER: [u64; 5 * 81] = build(0x5041_4352_5500_0001);
/// Chevron keys, indexed `(colour * 81 + field) * 8 + facing`.
pub(crate) static CHEVRON: [u64; 5 * 81 * 8] = build(0x5041_4352_5500_0002);
/// Keys for the colour to move.
pub(crate) static TO_MOVE: [u64; 5] = build(0x5041_4352_5500_0003);

#[inline]
pub(crate) fn marker(colour: usize, field: usize) -> u64 {
    MARKER[colour * 81 + field]
}

#[inline]
pub(crate) fn chevron(colour: usize, field: usize, facing: usize) -> u64 {
    CHEVRON[(colour * 81 + field) * 8 + facing]
}

#[cfg(test)]
mod tests {
    use crate::Position;

    /// Engines seed their randomness from the hash of the position they are
    /// given, so a changed hash changes every self-play game: the keys of the
    /// standard starts are pinned.
    #[test]
    fn standard_starts_keep_their_keys() {
        let keys: Vec<u64> = (2..=4)
            .map(|players| Position::standard(players).unwrap().hash_key())
            .collect();
        assert_eq!(
            keys,
            [
                3194494750171447910,
                17314339658696842753,
                4067019808717455516
            ]
        );
    }
}
