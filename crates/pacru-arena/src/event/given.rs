//! What a run is given of its event's settings: the whole definition, nothing
//! (resume with the journal's), or some settings given again on a resume.

use crate::config::EventConfig;
use crate::error::ArenaError;
use std::fmt;

/// Sets the settings given again on the journal's settings.
pub type Apply<'a> = Box<dyn FnOnce(&EventConfig) -> Result<EventConfig, ArenaError> + 'a>;

/// What a run is given of its event's settings. `Option<EventConfig>` converts
/// into it: `Some` is [`Given::Event`], `None` [`Given::Journal`].
///
/// ```
/// use pacru_arena::event::Given;
/// // A resume that gives the time control again: it must be the journal's.
/// let given = Given::JournalWith(Box::new(|stored| {
///     let mut config = stored.clone();
///     config.time = pacru_arena::TimeControl::parse_clock("60+0.5")?;
///     Ok(config)
/// }));
/// assert!(matches!(given, Given::JournalWith(_)));
/// ```
pub enum Given<'a> {
    /// The whole definition: a new event, or the event to resume, whose journal
    /// must have the same settings.
    Event(Box<EventConfig>),
    /// Nothing: resume with the journal's settings.
    Journal,
    /// Some settings given again on a resume: the function sets them on the
    /// journal's settings, and where the result differs from them the resume is
    /// refused with the settings named. Without a journal there is nothing to
    /// resume, as with [`Given::Journal`].
    JournalWith(Apply<'a>),
}

impl From<Option<EventConfig>> for Given<'_> {
    fn from(config: Option<EventConfig>) -> Self {
        match config {
            Some(config) => Given::Event(Box::new(config)),
            None => Given::Journal,
        }
    }
}

impl From<EventConfig> for Given<'_> {
    fn from(config: EventConfig) -> Self {
        Given::Event(Box::new(config))
    }
}

impl fmt::Debug for Given<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Given::Event(config) => f.debug_tuple("Event").field(config).finish(),
            Given::Journal => f.write_str("Journal"),
            Given::JournalWith(_) => f.write_str("JournalWith(..)"),
        }
    }
}
