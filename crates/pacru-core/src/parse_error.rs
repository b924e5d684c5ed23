//! The error types of the `FromStr` implementations of small values (colours,
//! directions, fields, rules, seats, rules editions): one macro makes them alike.

/// Declares a unit error type for a failed parse: `Display` says what was expected,
/// and it implements `std::error::Error`.
macro_rules! parse_error {
    ($(#[$attr:meta])* $name:ident, $message:literal) => {
        $(#[$attr])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub struct $name;

        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str($message)
            }
        }

        impl ::std::error::Error for $name {}
    };
}

pub(crate) use parse_error;
