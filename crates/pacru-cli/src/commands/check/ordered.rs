//! Work on several inputs in parallel, with the results consumed in input order.
//!
//! Workers (jobs on rayon's thread pool) take the inputs in order and send their
//! results, in batches, through one bounded channel per input; the calling thread
//! consumes the channel of the first input, then the second, and so on. A worker
//! ahead of the consumer blocks when its channel is full, so memory stays bounded;
//! no deadlock is possible because the input being consumed was taken before any
//! later one and its worker never waits for the consumer of another input.
//!
//! A single input is worked on by the calling thread itself: there is nothing to
//! overlap, and handing every message to another thread would wake it once per
//! message (a few microseconds each, more than refereeing a short game).

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};

/// Messages a worker collects before handing them to the consumer.
const BATCH: usize = 64;
/// Batches buffered per input before its worker waits for the consumer.
const CHANNEL_BOUND: usize = 16;

/// Runs `work` on every input (in parallel) and `consume` on every message (in
/// input order, on the calling thread). `work` gets a `send` function that returns
/// `false` once the consumer has stopped (when `consume` returns `false`).
pub fn run<I, M, W, C>(inputs: &[I], work: W, mut consume: C)
where
    I: Sync,
    M: Send,
    W: Fn(&I, &mut dyn FnMut(M) -> bool) + Sync,
    C: FnMut(M) -> bool,
{
    if let [only] = inputs {
        let mut stopped = false;
        work(only, &mut |message| {
            stopped = stopped || !consume(message);
            !stopped
        });
        return;
    }
    let mut senders: Vec<Mutex<Option<SyncSender<Vec<M>>>>> = Vec::with_capacity(inputs.len());
    let mut receivers: Vec<Receiver<Vec<M>>> = Vec::with_capacity(inputs.len());
    for _ in inputs {
        let (tx, rx) = sync_channel(CHANNEL_BOUND);
        senders.push(Mutex::new(Some(tx)));
        receivers.push(rx);
    }
    let next = AtomicUsize::new(0);
    let stopped = AtomicBool::new(false);
    let workers = rayon::current_num_threads().clamp(1, inputs.len().max(1));
    rayon::in_place_scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|_| {
                loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    if i >= inputs.len() || stopped.load(Ordering::SeqCst) {
                        break;
                    }
                    let sender = senders[i].lock().ok().and_then(|mut s| s.take());
                    let Some(sender) = sender else { continue };
                    let mut batch = Vec::with_capacity(BATCH);
                    let mut open = true;
                    let mut send = |message: M| {
                        batch.push(message);
                        if batch.len() == BATCH {
                            let full = std::mem::replace(&mut batch, Vec::with_capacity(BATCH));
                            open = sender.send(full).is_ok();
                        }
                        open
                    };
                    work(&inputs[i], &mut send);
                    if !batch.is_empty() {
                        let _ = sender.send(batch);
                    }
                }
            });
        }
        'inputs: for receiver in receivers.drain(..) {
            while let Ok(batch) = receiver.recv() {
                for message in batch {
                    if !consume(message) {
                        stopped.store(true, Ordering::SeqCst);
                        break 'inputs;
                    }
                }
            }
        }
        // Dropping the receivers makes every pending send fail, so workers stop.
        receivers.clear();
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_in_input_order() {
        let inputs: Vec<String> = (0..20).map(|i| i.to_string()).collect();
        let mut seen = Vec::new();
        run(
            &inputs,
            |name, send| {
                let n: u64 = name.parse().unwrap();
                std::thread::sleep(std::time::Duration::from_millis(20 - n));
                for k in 0..3 {
                    send(n * 10 + k);
                }
            },
            |m| {
                seen.push(m);
                true
            },
        );
        let expected: Vec<u64> = (0..20)
            .flat_map(|n| (0..3).map(move |k| n * 10 + k))
            .collect();
        assert_eq!(seen, expected);
    }

    #[test]
    fn one_input_is_worked_on_in_place_and_stops_when_told() {
        let inputs = vec!["only".to_string()];
        let caller = std::thread::current().id();
        let mut seen = Vec::new();
        let refused = AtomicUsize::new(0);
        run(
            &inputs,
            |_, send| {
                assert_eq!(std::thread::current().id(), caller);
                for k in 0..1000u32 {
                    if !send(k) {
                        refused.fetch_add(1, Ordering::SeqCst);
                        break;
                    }
                }
            },
            |m| {
                seen.push(m);
                seen.len() < 100
            },
        );
        assert_eq!(seen, (0..100).collect::<Vec<u32>>());
        assert_eq!(refused.load(Ordering::SeqCst), 1);
    }

    #[test]
    fn stopping_early_does_not_hang() {
        let inputs: Vec<String> = (0..8).map(|i| i.to_string()).collect();
        let mut count = 0;
        run(
            &inputs,
            |_, send| {
                for k in 0..10_000u32 {
                    if !send(k) {
                        break;
                    }
                }
            },
            |_| {
                count += 1;
                count < 5
            },
        );
        assert_eq!(count, 5);
    }
}
