//! Running the parts of a [`Plan`] on rayon's threads and handing their output on
//! in input order, as one sequential reading would give it.

use super::Plan;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::sync::{Condvar, Mutex};

/// Items a worker collects before handing them to the consumer.
const BATCH: usize = 64;
/// Batches buffered per part before its worker waits for the consumer.
const CHANNEL_BOUND: usize = 256;

/// One part's channel: batches of notes, in order.
type Batches<T> = Vec<Note<T>>;

/// What a worker says about its part, in order.
enum Note<T> {
    /// The output of one game.
    Game(T),
    /// The output after which nothing follows (a read error, say).
    Last(T),
    /// The part ends where part `next` starts, after this many line breaks
    /// from the part's first byte: that cut is confirmed.
    Continues { next: usize, lines: usize },
}

/// What comes before a part in its file: the games and line breaks a reading
/// from the start of the file meets before the part's first byte. A worker
/// numbers games from 1 and lines from 1 at its part's first byte; the file's
/// numbers are those plus these.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Before {
    /// Games that begin before the part.
    pub games: usize,
    /// Line breaks before the part's first byte.
    pub lines: usize,
}

/// A worker's handle on the part it reads: where the part starts, and where its
/// output goes.
///
/// The worker reads games from the part's first byte, with a reader that numbers
/// lines from 1 there (and, but for the first part, looks for no byte order
/// mark: `Reader::continuing_at_line`); the consumer learns how many lines come
/// before the part ([`Before`]). For each game it calls [`Part::game_begins`]
/// first: when that says `false`, the game is the first of a later part, and
/// the worker stops. Otherwise it hands the game's output on with
/// [`Part::send`].
pub struct Part<'a, T> {
    plan: &'a Plan,
    index: usize,
    /// The next part whose start is not yet behind the reader.
    next_cut: usize,
    batch: Vec<Note<T>>,
    sender: SyncSender<Batches<T>>,
    open: bool,
}

impl<T> Part<'_, T> {
    /// The part's index in the plan.
    pub fn index(&self) -> usize {
        self.index
    }

    /// The byte offset in the file of the part's first byte.
    pub fn start(&self) -> u64 {
        self.plan.start(self.index)
    }

    /// Says that the reader of this part begins a game at byte `offset` of the
    /// part, on line `line` (counted from 1 at the part's first byte), in column
    /// `column` of it (1: the game begins the line).
    /// `false`: the game begins exactly at a later cut, at the start of a line,
    /// which confirms that cut: the game belongs to the part that starts there,
    /// and the worker stops. `true`: the game is this part's (a cut the reader
    /// has read past was wrong, or the game begins at a cut in the middle of a
    /// line, where a reader starting at the cut would count columns wrongly).
    pub fn game_begins(&mut self, offset: u64, line: usize, column: usize) -> bool {
        let at = self.start() + offset;
        let later = self.plan.starts_from(self.next_cut);
        let passed = later.iter().take_while(|&&cut| cut < at).count();
        self.next_cut += passed;
        if column == 1 && self.plan.starts_from(self.next_cut).first() == Some(&at) {
            self.push(Note::Continues {
                next: self.next_cut,
                lines: line.saturating_sub(1),
            });
            return false;
        }
        true
    }

    /// Hands on the output of the game just begun. `false`: nobody wants more;
    /// the worker stops.
    pub fn send(&mut self, item: T) -> bool {
        self.push(Note::Game(item))
    }

    /// Hands on an output after which the part has nothing more to say (a read
    /// error, say). It ends the whole run: no later part is read.
    pub fn send_last(&mut self, item: T) {
        self.push(Note::Last(item));
    }

    fn push(&mut self, note: Note<T>) -> bool {
        let flush = !matches!(note, Note::Game(_));
        self.batch.push(note);
        if self.batch.len() == BATCH || flush {
            self.flush();
        }
        self.open
    }

    fn flush(&mut self) {
        if !self.batch.is_empty() {
            let full = std::mem::replace(&mut self.batch, Vec::with_capacity(BATCH));
            self.open = self.open && self.sender.send(full).is_ok();
        }
    }
}

/// The parts a worker may start: those before `consumed + size`.
struct Window {
    consumed: Mutex<usize>,
    moved: Condvar,
    size: usize,
}

impl Window {
    /// Waits until part `index` is within the window; `false` if the run stopped
    /// or the consumer has gone past it.
    fn enter(&self, index: usize, stopped: &AtomicBool) -> bool {
        let Ok(mut consumed) = self.consumed.lock() else {
            return false;
        };
        while index >= *consumed + self.size && !stopped.load(Ordering::SeqCst) {
            consumed = match self.moved.wait(consumed) {
                Ok(guard) => guard,
                Err(_) => return false,
            };
        }
        index >= *consumed && !stopped.load(Ordering::SeqCst)
    }

    /// The consumer has reached part `index`.
    fn advance(&self, index: usize) {
        if let Ok(mut consumed) = self.consumed.lock() {
            *consumed = index;
        }
        self.moved.notify_all();
    }
}

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RunEnd {
    /// The games handed to the consumer.
    pub games: usize,
    /// Whether every part was read to its end (no [`Part::send_last`], and the
    /// consumer never said stop).
    pub complete: bool,
}

/// Reads the parts of `plan` on the threads of rayon's current pool and hands
/// every game's output to `consume`, on the calling thread, in input order.
///
/// `work` reads one part (see [`Part`]). `consume` gets each output with what
/// comes before its part ([`Before`]: games and line breaks), so that game and
/// line numbers counted from the start of a part can be made the file's; it
/// returns `false` to stop the run. Outputs of parts that started at a wrong cut are dropped unseen.
/// Memory stays bounded: workers only start parts within a few parts of the one
/// being consumed, and each part's channel holds a bounded number of batches.
///
/// ```
/// use pacru_referee::parts::{Plan, run};
/// // Two parts of a file of one-line "games": the worker of each part says where
/// // its games begin (byte offsets and lines within the part), and their output.
/// let text = "a\nb\nc\nd\n";
/// let plan = Plan::from_cuts(&[4]);
/// let mut seen = Vec::new();
/// run(
///     &plan,
///     |part| {
///         let from = part.start() as usize;
///         for (i, line) in text[from..].lines().enumerate() {
///             if !part.game_begins(2 * i as u64, i + 1, 1) || !part.send((i + 1, line.to_string())) {
///                 break;
///             }
///         }
///     },
///     |(local, line), before| {
///         // Each game is one line: its line number is its game number.
///         assert_eq!(before.games, before.lines);
///         seen.push(format!("{} {line}", before.games + local));
///         true
///     },
/// );
/// assert_eq!(seen, ["1 a", "2 b", "3 c", "4 d"]);
/// ```
pub fn run<T, W, C>(plan: &Plan, work: W, mut consume: C) -> RunEnd
where
    T: Send,
    W: Fn(&mut Part<'_, T>) + Sync,
    C: FnMut(T, Before) -> bool,
{
    let parts = plan.len();
    let mut senders: Vec<Mutex<Option<SyncSender<Batches<T>>>>> = Vec::with_capacity(parts);
    let mut receivers: Vec<Option<Receiver<Batches<T>>>> = Vec::with_capacity(parts);
    for _ in 0..parts {
        let (tx, rx) = sync_channel(CHANNEL_BOUND);
        senders.push(Mutex::new(Some(tx)));
        receivers.push(Some(rx));
    }
    let threads = rayon::current_num_threads().max(1);
    let window = Window {
        consumed: Mutex::new(0),
        moved: Condvar::new(),
        size: threads + 2,
    };
    let next = AtomicUsize::new(0);
    let stopped = AtomicBool::new(false);
    let mut end = RunEnd {
        games: 0,
        complete: true,
    };
    rayon::in_place_scope(|scope| {
        for _ in 0..threads.min(parts) {
            scope.spawn(|_| {
                loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    if i >= parts || stopped.load(Ordering::SeqCst) {
                        break;
                    }
                    let sender = senders[i].lock().ok().and_then(|mut s| s.take());
                    let Some(sender) = sender else { continue };
                    if !window.enter(i, &stopped) {
                        continue;
                    }
                    let mut part = Part {
                        plan,
                        index: i,
                        next_cut: i + 1,
                        batch: Vec::with_capacity(BATCH),
                        sender,
                        open: true,
                    };
                    work(&mut part);
                    part.flush();
                }
            });
        }
        let mut current = 0;
        let mut lines = 0;
        'parts: loop {
            let Some(receiver) = receivers[current].take() else {
                break;
            };
            let before = Before {
                games: end.games,
                lines,
            };
            let mut continues = None;
            while let Ok(batch) = receiver.recv() {
                for note in batch {
                    match note {
                        Note::Game(item) => {
                            end.games += 1;
                            if !consume(item, before) {
                                end.complete = false;
                                break 'parts;
                            }
                        }
                        Note::Last(item) => {
                            consume(item, before);
                            end.complete = false;
                            break 'parts;
                        }
                        Note::Continues { next, lines } => continues = Some((next, lines)),
                    }
                }
            }
            drop(receiver);
            let Some((part, part_lines)) = continues else {
                break;
            };
            lines += part_lines;
            // The parts in between started at wrong cuts: their work is dropped.
            for skipped in &mut receivers[current + 1..part] {
                *skipped = None;
            }
            current = part;
            window.advance(current);
        }
        stopped.store(true, Ordering::SeqCst);
        window.advance(parts);
        // Dropping the receivers makes every pending send fail, so workers stop.
        receivers.clear();
    });
    end
}
