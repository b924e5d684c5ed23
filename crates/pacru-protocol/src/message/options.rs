//! The options an engine advertises (check, spin, combo, string) and the values
//! a referee may set.

/// An option an engine advertises.
#[derive(Clone, PartialEq, Eq, Debug, serde::Serialize, serde::Deserialize)]
pub struct OptionSpec {
    /// The option's name (a token: no spaces).
    pub name: String,
    /// Its type, default and range.
    pub kind: OptionKind,
}

/// The type of an option, with its default and allowed values.
#[derive(Clone, PartialEq, Eq, Debug, serde::Serialize, serde::Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum OptionKind {
    /// On or off.
    Check {
        /// The default.
        default: bool,
    },
    /// An integer in a range.
    Spin {
        /// The default.
        default: i64,
        /// The smallest allowed value.
        min: i64,
        /// The largest allowed value.
        max: i64,
    },
    /// One of a list of tokens.
    Combo {
        /// The default (one of `choices`).
        default: String,
        /// The allowed values.
        choices: Vec<String>,
    },
    /// Any text.
    String {
        /// The default.
        default: String,
    },
}

/// A checked option value.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum OptionValue {
    /// For a check option.
    Check(bool),
    /// For a spin option.
    Spin(i64),
    /// For a combo option: one of the choices.
    Combo(String),
    /// For a string option.
    String(String),
}

impl OptionSpec {
    /// A check option.
    pub fn check(name: &str, default: bool) -> OptionSpec {
        OptionSpec {
            name: name.to_owned(),
            kind: OptionKind::Check { default },
        }
    }

    /// A spin option.
    pub fn spin(name: &str, default: i64, min: i64, max: i64) -> OptionSpec {
        OptionSpec {
            name: name.to_owned(),
            kind: OptionKind::Spin { default, min, max },
        }
    }

    /// A combo option.
    pub fn combo(name: &str, default: &str, choices: &[&str]) -> OptionSpec {
        OptionSpec {
            name: name.to_owned(),
            kind: OptionKind::Combo {
                default: default.to_owned(),
                choices: choices.iter().map(|c| (*c).to_owned()).collect(),
            },
        }
    }

    /// A string option.
    pub fn string(name: &str, default: &str) -> OptionSpec {
        OptionSpec {
            name: name.to_owned(),
            kind: OptionKind::String {
                default: default.to_owned(),
            },
        }
    }

    /// The default value, as it would be written in `setoption`.
    pub fn default_text(&self) -> String {
        match &self.kind {
            OptionKind::Check { default } => default.to_string(),
            OptionKind::Spin { default, .. } => default.to_string(),
            OptionKind::Combo { default, .. } | OptionKind::String { default } => default.clone(),
        }
    }

    /// Checks a value written in `setoption` against the option's type and range.
    pub fn parse_value(&self, text: &str) -> Result<OptionValue, String> {
        match &self.kind {
            OptionKind::Check { .. } => match text {
                "true" => Ok(OptionValue::Check(true)),
                "false" => Ok(OptionValue::Check(false)),
                _ => Err(format!(
                    "option {} is a check: expected true or false, not `{text}`",
                    self.name
                )),
            },
            OptionKind::Spin { min, max, .. } => match text.parse::<i64>() {
                Ok(n) if (*min..=*max).contains(&n) => Ok(OptionValue::Spin(n)),
                Ok(n) => Err(format!(
                    "option {} must be between {min} and {max}, not {n}",
                    self.name
                )),
                Err(_) => Err(format!(
                    "option {} is a spin: expected an integer, not `{text}`",
                    self.name
                )),
            },
            OptionKind::Combo { choices, .. } => {
                if choices.iter().any(|c| c == text) {
                    Ok(OptionValue::Combo(text.to_owned()))
                } else {
                    Err(format!(
                        "option {} must be one of {}, not `{text}`",
                        self.name,
                        choices.join(" ")
                    ))
                }
            }
            OptionKind::String { .. } => Ok(OptionValue::String(text.to_owned())),
        }
    }

    /// Whether the spec itself makes sense (name is a token, default allowed).
    pub fn validate(&self) -> Result<(), String> {
        if self.name.is_empty()
            || self
                .name
                .chars()
                .any(|c| c.is_whitespace() || c.is_control())
        {
            return Err(format!(
                "option name `{}` is not a token",
                pacru_core::Escaped(&self.name)
            ));
        }
        match &self.kind {
            OptionKind::Spin { min, max, .. } if min > max => Err(format!(
                "option {}: min {min} is above max {max}",
                self.name
            )),
            OptionKind::Combo { choices, .. } if choices.is_empty() => {
                Err(format!("option {} has no choices", self.name))
            }
            OptionKind::Combo { choices, .. }
                if choices
                    .iter()
                    .any(|c| c.is_empty() || c.chars().any(char::is_whitespace)) =>
            {
                Err(format!("option {}: choices must be tokens", self.name))
            }
            _ => self.parse_value(&self.default_text()).map(|_| ()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn option_specs_validate_values() {
        let spin = OptionSpec::spin("Depth", 2, 1, 9);
        assert_eq!(spin.parse_value("5"), Ok(OptionValue::Spin(5)));
        assert!(spin.parse_value("10").is_err());
        assert!(spin.parse_value("x").is_err());
        let combo = OptionSpec::combo("Style", "calm", &["calm", "wild"]);
        assert!(combo.parse_value("wild").is_ok());
        assert!(combo.parse_value("mild").is_err());
        assert!(OptionSpec::check("Log", false).parse_value("yes").is_err());
        assert!(OptionSpec::spin("Bad", 0, 5, 1).validate().is_err());
        assert!(OptionSpec::combo("Bad", "x", &["a"]).validate().is_err());
    }
}
