//! Tag pairs: an ordered list of `(name, value)`.

/// The tags that set up and conclude a game, in the order the canonical writer puts
/// them after the colour-name tags: the first four decide the start position.
pub const SETUP_TAGS: [&str; 6] = [
    "Players",
    "Seats",
    "Rules",
    "Position",
    "Result",
    "Termination",
];

/// The tag pairs of a game, in the order they were read or set.
///
/// Names are compared exactly (PGN tag names are case-sensitive).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tags {
    pairs: Vec<(String, String)>,
}

impl Tags {
    /// No tags.
    pub fn new() -> Tags {
        Tags::default()
    }

    /// The value of tag `name`, if present.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.pairs
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets tag `name` to `value`: replaces the value in place if the tag is
    /// present, otherwise appends the tag.
    pub fn set(&mut self, name: &str, value: &str) {
        match self.pairs.iter_mut().find(|(n, _)| n == name) {
            Some((_, v)) => {
                v.clear();
                v.push_str(value);
            }
            None => self.pairs.push((name.to_string(), value.to_string())),
        }
    }

    /// Removes tag `name`, returning its value if it was present.
    pub fn remove(&mut self, name: &str) -> Option<String> {
        let i = self.pairs.iter().position(|(n, _)| n == name)?;
        Some(self.pairs.remove(i).1)
    }

    /// Whether tag `name` is present.
    pub fn contains(&self, name: &str) -> bool {
        self.get(name).is_some()
    }

    /// The tags in order, as `(name, value)`.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (&str, &str)> + '_ {
        self.pairs.iter().map(|(n, v)| (n.as_str(), v.as_str()))
    }

    /// The number of tags.
    pub fn len(&self) -> usize {
        self.pairs.len()
    }

    /// Whether there are no tags.
    pub fn is_empty(&self) -> bool {
        self.pairs.is_empty()
    }

    /// Appends a tag without looking for an existing one (the reader rejects
    /// duplicates before calling this).
    pub(crate) fn push(&mut self, name: String, value: String) {
        self.pairs.push((name, value));
    }
}

impl<N: AsRef<str>, V: AsRef<str>> FromIterator<(N, V)> for Tags {
    /// Builds tags in order; a repeated name replaces the earlier value.
    fn from_iter<I: IntoIterator<Item = (N, V)>>(iter: I) -> Tags {
        let mut tags = Tags::new();
        for (n, v) in iter {
            tags.set(n.as_ref(), v.as_ref());
        }
        tags
    }
}
