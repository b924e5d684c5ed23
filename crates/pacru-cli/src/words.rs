//! Counted nouns for messages: "1 game", "2 games", "1 ply", "2 plies".

/// `n` and the noun, plural (with `s`) unless `n` is 1.
pub fn plural(n: u64, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// `n` plies: "1 ply", "0 plies", "2 plies".
pub fn plies(n: u64) -> String {
    if n == 1 {
        "1 ply".to_string()
    } else {
        format!("{n} plies")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn singular_only_for_one() {
        assert_eq!(plural(0, "game"), "0 games");
        assert_eq!(plural(1, "game"), "1 game");
        assert_eq!(plural(2, "input"), "2 inputs");
        assert_eq!(plies(1), "1 ply");
        assert_eq!(plies(20), "20 plies");
    }
}
