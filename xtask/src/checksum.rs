//! SHA-256 checksums in the format of `sha256sum`.

use sha2::{Digest, Sha256};
use std::fmt::Write;

/// The lower-case hex SHA-256 of `data`.
pub fn sha256_hex(data: &[u8]) -> String {
    Sha256::digest(data)
        .iter()
        .fold(String::with_capacity(64), |mut hex, byte| {
            let _ = write!(hex, "{byte:02x}");
            hex
        })
}

/// The line `sha256sum FILE` prints for `data` stored as `file_name`: hash, two
/// spaces (text mode), name, newline. `sha256sum -c` accepts it.
pub fn sha256sum_line(data: &[u8], file_name: &str) -> String {
    format!("{}  {file_name}\n", sha256_hex(data))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_sha256sum() {
        // printf 'abc' | sha256sum
        assert_eq!(
            sha256sum_line(b"abc", "a.tar.gz"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad  a.tar.gz\n"
        );
        assert_eq!(
            sha256_hex(b""),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
    }
}
