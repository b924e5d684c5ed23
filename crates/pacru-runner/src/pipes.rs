//! The threads that carry an engine's input and output for the referee: requests
//! are written in order by a thread of their own, the output is read in bounded
//! lines by another. Each request is stamped with the moment it was written in
//! full, and each line with the moment it was read, so that the referee charges
//! an engine for the time between the two and not for its own delays (a busy
//! machine may wake the referee's threads late).

use crate::client::Exit;
use pacru_protocol::lines::{LineRead, read_line_bounded, skip_line};
use std::io::{BufReader, Read, Write};
use std::sync::mpsc::{self, Sender, SyncSender};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// What the reader thread saw.
pub(crate) enum Event {
    /// A line, and when it was read.
    Line(String, Instant),
    /// A line that is not UTF-8 (lossily decoded).
    NotUtf8(String),
    /// The start of a line longer than the cap.
    TooLong(String),
    /// More output than the session's cap.
    Flood,
    /// The end of the output.
    Eof,
    /// Reading failed.
    ReadError(String),
    /// The engine process exited (its output may still be open elsewhere).
    Exited(Exit),
    /// Writing a request to the engine's input failed (the engine closed it): the
    /// operating system's reason.
    InputClosed(String),
}

/// The writing end: requests go to the writer thread, which stamps each one
/// when it is written in full.
pub(crate) struct Writer {
    lines: Sender<(u64, String)>,
    /// The number and write time of the last line written in full.
    written: Arc<Mutex<Option<(u64, Instant)>>>,
    /// Why writing failed, once it has (the thread has ended then).
    broken: Arc<Mutex<Option<String>>>,
    next: u64,
}

impl Writer {
    /// Starts the writer thread on `input` (the engine's standard input). When a
    /// write fails, the thread keeps the reason ([`Writer::broken`]), tells
    /// `events` ([`Event::InputClosed`]) and ends.
    pub(crate) fn spawn(
        mut input: impl Write + Send + 'static,
        events: SyncSender<Event>,
    ) -> Writer {
        let (lines, inbox) = mpsc::channel::<(u64, String)>();
        let written = Arc::new(Mutex::new(None));
        let broken = Arc::new(Mutex::new(None));
        let stamps = Arc::clone(&written);
        let reason = Arc::clone(&broken);
        std::thread::spawn(move || {
            for (number, line) in inbox {
                let ok = input
                    .write_all(line.as_bytes())
                    .and_then(|()| input.write_all(b"\n"))
                    .and_then(|()| input.flush());
                if let Err(e) = ok {
                    let message = e.to_string();
                    *reason.lock().unwrap_or_else(|e| e.into_inner()) = Some(message.clone());
                    let _ = events.send(Event::InputClosed(message));
                    return;
                }
                let now = Instant::now();
                *stamps.lock().unwrap_or_else(|e| e.into_inner()) = Some((number, now));
            }
        });
        Writer {
            lines,
            written,
            broken,
            next: 0,
        }
    }

    /// Why writing to the engine failed, if it did.
    pub(crate) fn broken(&self) -> Option<String> {
        self.broken
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// Queues `line` (a line end is added); its number, or `None` when the
    /// writer thread is gone (the engine closed its input).
    pub(crate) fn send(&mut self, line: String) -> Option<u64> {
        self.next += 1;
        self.lines.send((self.next, line)).ok().map(|()| self.next)
    }

    /// When line `number` was written in full, if it is the last line written.
    pub(crate) fn written_at(&self, number: u64) -> Option<Instant> {
        match *self.written.lock().unwrap_or_else(|e| e.into_inner()) {
            Some((n, at)) if n == number => Some(at),
            _ => None,
        }
    }
}

/// Starts the reader thread on `output` (the engine's standard output): lines of
/// at most `max_line` bytes, `max_total` bytes in all, sent to `events` with the
/// moment each was read.
pub(crate) fn spawn_reader(
    output: impl Read + Send + 'static,
    events: SyncSender<Event>,
    max_line: usize,
    max_total: u64,
) {
    std::thread::spawn(move || {
        let mut reader = BufReader::with_capacity(16 * 1024, output);
        let mut total: u64 = 0;
        loop {
            let budget = max_total.saturating_sub(total);
            let event = match read_line_bounded(&mut reader, max_line, budget) {
                Ok((read, used)) => {
                    total = total.saturating_add(used);
                    match read {
                        LineRead::Eof => Event::Eof,
                        LineRead::OverBudget => Event::Flood,
                        _ if total > max_total => Event::Flood,
                        LineRead::Line(bytes) => match String::from_utf8(bytes) {
                            Ok(line) => Event::Line(line, Instant::now()),
                            Err(e) => {
                                Event::NotUtf8(String::from_utf8_lossy(e.as_bytes()).into_owned())
                            }
                        },
                        LineRead::TooLong(prefix) => {
                            Event::TooLong(String::from_utf8_lossy(&prefix).into_owned())
                        }
                    }
                }
                Err(e) => Event::ReadError(e.to_string()),
            };
            let last = matches!(event, Event::Eof | Event::Flood | Event::ReadError(_));
            let too_long = matches!(event, Event::TooLong(_));
            if events.send(event).is_err() || last {
                return;
            }
            if too_long {
                // Reported at once; the rest of the line is skipped, within the
                // session's cap.
                let budget = max_total.saturating_sub(total);
                let event = match skip_line(&mut reader, budget) {
                    Ok((true, used)) => {
                        total = total.saturating_add(used);
                        continue;
                    }
                    Ok((false, _)) => Event::Flood,
                    Err(e) => Event::ReadError(e.to_string()),
                };
                let _ = events.send(event);
                return;
            }
        }
    });
}
