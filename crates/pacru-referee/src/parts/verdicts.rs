//! Refereeing every game of a record file, on all cores when the file is big.

use super::{Part, Plan, run};
use crate::{Checker, Verdict};
use pacru_core::RulesEdition;
use pacru_notation::pgr::Reader;
use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};
use std::path::Path;
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

/// Verdicts handed from the thread running the parts to the iterator at a time.
const BATCH: usize = 64;
/// Batches waiting for the iterator before the parts wait.
const BATCHES_AHEAD: usize = 16;

/// The verdicts on every game of a record file, in input order, as
/// [`check_file`] gives them.
///
/// Each item is a verdict (a malformed game included), or the error that made
/// the file unreadable from some point on, after which nothing follows. Dropping
/// the iterator stops the threads reading the file.
pub struct FileVerdicts {
    source: Source,
}

enum Source {
    /// One reader from the start of the file, on the caller's thread.
    Sequential(Box<Sequential>),
    /// Parts read on rayon's threads, the verdicts handed over in batches (in a
    /// mutex only to make the iterator `Sync`; `next` reaches it without locking).
    Parallel {
        batches: Mutex<Receiver<Vec<io::Result<Verdict>>>>,
        batch: std::vec::IntoIter<io::Result<Verdict>>,
        worker: JoinHandle<()>,
    },
    Done,
}

/// A reader from the start of a file and its referee.
struct Sequential {
    reader: Reader<Recorded<File>>,
    checker: Checker,
    failure: Failure,
}

/// Referees every game of the record file at `path`, playing games without a
/// `Rules` tag under `default_rules`: the verdicts of `pacru check`, in input
/// order, read as a stream in bounded memory.
///
/// A regular file of 2 MiB or more is cut into parts at game boundaries and the
/// parts are refereed on the threads of rayon's global pool (`RAYON_NUM_THREADS`
/// sets their number); the verdicts, game numbers and line numbers are those of
/// one sequential reading, whatever the file holds (see [`super::run`]).
///
/// ```
/// use pacru_core::RulesEdition;
/// use pacru_referee::parts::check_file;
/// # let dir = tempfile::tempdir().unwrap();
/// # let path = dir.path().join("games.pgr");
/// std::fs::write(&path, "[Result \"*\"]\n\n1. e1-e2 e9-e8 *\n\n[Result \"*\"]\n\n1. e1-e9 *\n")?;
/// let verdicts: Vec<_> = check_file(&path, RulesEdition::Pacru2004)?.collect::<Result<_, _>>()?;
/// assert_eq!(verdicts.len(), 2);
/// assert!(verdicts[0].is_ok());
/// assert_eq!((verdicts[1].game, verdicts[1].line, verdicts[1].status.as_str()), (2, 5, "illegal"));
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn check_file(path: &Path, default_rules: RulesEdition) -> io::Result<FileVerdicts> {
    let file = File::open(path)?;
    let plan = Plan::for_file(path, rayon::current_num_threads())?;
    let source = match plan {
        None => {
            let (file, failure) = Recorded::new(file);
            Source::Sequential(Box::new(Sequential {
                reader: Reader::new(file).lenient(),
                checker: Checker::with_default_rules(default_rules),
                failure,
            }))
        }
        Some(plan) => {
            let (sender, batches) = sync_channel(BATCHES_AHEAD);
            let path = path.to_path_buf();
            let worker = std::thread::Builder::new()
                .name("pacru-check-file".to_string())
                .spawn(move || run_parts(&path, &plan, default_rules, &sender))?;
            Source::Parallel {
                batches: Mutex::new(batches),
                batch: Vec::new().into_iter(),
                worker,
            }
        }
    };
    Ok(FileVerdicts { source })
}

/// Runs the parts of `plan`, sending the verdicts in batches.
fn run_parts(
    path: &Path,
    plan: &Plan,
    rules: RulesEdition,
    sender: &SyncSender<Vec<io::Result<Verdict>>>,
) {
    let mut batch = Vec::with_capacity(BATCH);
    let mut open = true;
    run(
        plan,
        |part| check_part(path, rules, part),
        |mut item, before| {
            if let Ok(verdict) = &mut item {
                verdict.renumber(before.games, before.lines);
            }
            batch.push(item);
            if batch.len() == BATCH {
                let full = std::mem::replace(&mut batch, Vec::with_capacity(BATCH));
                open = sender.send(full).is_ok();
            }
            open
        },
    );
    if open && !batch.is_empty() {
        let _ = sender.send(batch);
    }
}

/// Referees the games of one part (see [`Part`]).
pub(super) fn check_part(
    path: &Path,
    rules: RulesEdition,
    part: &mut Part<'_, io::Result<Verdict>>,
) {
    let opened = File::open(path).and_then(|mut file| {
        file.seek(SeekFrom::Start(part.start()))?;
        Ok(file)
    });
    let file = match opened {
        Ok(file) => file,
        Err(e) => return part.send_last(Err(e)),
    };
    let (file, failure) = Recorded::new(file);
    let mut reader = Reader::new(file).lenient();
    if part.start() > 0 {
        reader = reader.continuing_at_line(1);
    }
    let mut checker = Checker::with_default_rules(rules);
    loop {
        let verdict = match next_verdict(&mut reader, &mut checker, &failure) {
            None => return,
            Some(Err(e)) => return part.send_last(Err(e)),
            Some(Ok(verdict)) => verdict,
        };
        if !part.game_begins(
            reader.game_offset(),
            reader.game_line(),
            reader.game_column(),
        ) {
            return;
        }
        if !part.send(Ok(verdict)) {
            return;
        }
    }
}

/// The verdict on the next game of `reader`, the read error that ends it, or
/// `None` at its end.
fn next_verdict<R: Read>(
    reader: &mut Reader<R>,
    checker: &mut Checker,
    failure: &Failure,
) -> Option<io::Result<Verdict>> {
    match reader.read_with(checker) {
        Ok(None) => None,
        Ok(Some(verdict)) => Some(Ok(verdict)),
        Err(e) => Some(match failure.take() {
            Some(io) => Err(io),
            None => Ok(checker.malformed(&e)),
        }),
    }
}

impl Iterator for FileVerdicts {
    type Item = io::Result<Verdict>;

    fn next(&mut self) -> Option<io::Result<Verdict>> {
        let item = match &mut self.source {
            Source::Sequential(s) => next_verdict(&mut s.reader, &mut s.checker, &s.failure),
            Source::Parallel { batches, batch, .. } => loop {
                if let Some(item) = batch.next() {
                    break Some(item);
                }
                let Ok(batches) = batches.get_mut() else {
                    break None;
                };
                match batches.recv() {
                    Ok(next) => *batch = next.into_iter(),
                    Err(_) => break None,
                }
            },
            Source::Done => None,
        };
        if matches!(item, None | Some(Err(_))) {
            self.stop();
        }
        item
    }
}

impl FileVerdicts {
    /// Stops reading: the threads of a parallel run see their output refused and
    /// end.
    fn stop(&mut self) {
        if let Source::Parallel {
            batches, worker, ..
        } = std::mem::replace(&mut self.source, Source::Done)
        {
            drop(batches);
            let _ = worker.join();
        }
    }
}

impl Drop for FileVerdicts {
    fn drop(&mut self) {
        self.stop();
    }
}

/// Where a [`Recorded`] reader keeps its read error.
#[derive(Clone, Default)]
struct Failure(Arc<Mutex<Option<io::Error>>>);

impl Failure {
    fn take(&self) -> Option<io::Error> {
        self.0.lock().ok().and_then(|mut kept| kept.take())
    }
}

/// A reader that keeps its first read error, so that a reader's report of a
/// failed read can be told from a malformed game.
struct Recorded<R> {
    inner: R,
    failure: Failure,
}

impl<R> Recorded<R> {
    fn new(inner: R) -> (Recorded<R>, Failure) {
        let failure = Failure::default();
        let reader = Recorded {
            inner,
            failure: failure.clone(),
        };
        (reader, failure)
    }
}

impl<R: Read> Read for Recorded<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.inner.read(buf).inspect_err(|e| {
            if e.kind() != io::ErrorKind::Interrupted
                && let Ok(mut kept) = self.failure.0.lock()
                && kept.is_none()
            {
                *kept = Some(match e.raw_os_error() {
                    Some(code) => io::Error::from_raw_os_error(code),
                    None => io::Error::new(e.kind(), e.to_string()),
                });
            }
        })
    }
}
