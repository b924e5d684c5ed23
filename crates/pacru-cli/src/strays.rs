//! What engines leave behind outside their process groups: `pacru match`,
//! `pacru tournament` and `pacru engine-check` end it (`pacru_runner::strays`).

/// While it lives, this process is the child subreaper of the engines it starts
/// (on Linux), so that a helper that leaves its engine's process group
/// (`setsid`) is ended with its engine; dropping it ends any stray still there.
#[must_use = "strays are ended when the guard is dropped"]
pub struct Strays(());

impl Strays {
    /// Takes charge of the engines' strays, before the first engine starts. Where
    /// that cannot be done, a warning says what it means.
    pub fn adopt() -> Strays {
        if let Err(e) = pacru_runner::become_subreaper() {
            tracing::warn!(
                "cannot become the engines' child subreaper ({e}): a helper that leaves its engine's process group may outlive it"
            );
        }
        Strays(())
    }

    /// Ends the engines still running and then every stray (before the program
    /// exits: on a signal, the engines' games may not have ended them yet).
    pub fn end_now(&self) {
        pacru_runner::end_engines_and_strays();
    }
}

impl Drop for Strays {
    fn drop(&mut self) {
        self.end_now();
    }
}
