//! A TCP proxy on 127.0.0.1 that the tests control: it forwards every
//! connection to a target, records what clients send, and can cut every
//! connection (a dropped network) or mute them (a network that goes silent
//! while the connections stay open).

#![allow(dead_code)]

use std::io::{Read, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

struct Connection {
    client: TcpStream,
    server: TcpStream,
    muted: Arc<AtomicBool>,
}

#[derive(Default)]
struct State {
    open: Mutex<Vec<Connection>>,
    accepted: AtomicUsize,
    sent: Mutex<Vec<u8>>,
}

/// A running proxy (its threads end with the test process).
pub struct Proxy {
    /// `http://127.0.0.1:PORT` of the proxy.
    pub url: String,
    state: Arc<State>,
}

impl Proxy {
    /// A proxy to `target` (`http://127.0.0.1:PORT`) on a free port.
    pub fn start(target: &str) -> Proxy {
        let target: SocketAddr = target
            .trim_start_matches("http://")
            .parse()
            .expect("an address");
        let listener = TcpListener::bind("127.0.0.1:0").expect("a free port");
        let url = format!("http://{}", listener.local_addr().expect("address"));
        let state = Arc::new(State::default());
        let shared = Arc::clone(&state);
        std::thread::spawn(move || {
            for client in listener.incoming() {
                let Ok(client) = client else { continue };
                let Ok(server) = TcpStream::connect(target) else {
                    let _ = client.shutdown(Shutdown::Both);
                    continue;
                };
                shared.accepted.fetch_add(1, Ordering::SeqCst);
                let muted = Arc::new(AtomicBool::new(false));
                let (Ok(c2), Ok(s2)) = (client.try_clone(), server.try_clone()) else {
                    continue;
                };
                pump(
                    client.try_clone().expect("clone"),
                    server.try_clone().expect("clone"),
                    Arc::clone(&muted),
                    Some(Arc::clone(&shared)),
                );
                pump(s2, c2, Arc::clone(&muted), None);
                shared.open.lock().unwrap().push(Connection {
                    client,
                    server,
                    muted,
                });
            }
        });
        Proxy { url, state }
    }

    /// Closes every connection open now (both ends see it at once).
    pub fn cut_all(&self) {
        for c in self.state.open.lock().unwrap().drain(..) {
            let _ = c.client.shutdown(Shutdown::Both);
            let _ = c.server.shutdown(Shutdown::Both);
        }
    }

    /// Stops forwarding anything on the connections open now, in either
    /// direction, while keeping them open; new connections are forwarded.
    pub fn mute_all(&self) {
        for c in self.state.open.lock().unwrap().drain(..) {
            c.muted.store(true, Ordering::SeqCst);
        }
    }

    /// How many connections were made through the proxy so far.
    pub fn accepted(&self) -> usize {
        self.state.accepted.load(Ordering::SeqCst)
    }

    /// Everything the clients sent, as text (lossy).
    pub fn sent(&self) -> String {
        String::from_utf8_lossy(&self.state.sent.lock().unwrap()).into_owned()
    }
}

/// Copies `from` to `to` on a thread until either fails; drops what arrives
/// while muted; records what it copies into `record`, if given.
fn pump(
    mut from: TcpStream,
    mut to: TcpStream,
    muted: Arc<AtomicBool>,
    record: Option<Arc<State>>,
) {
    std::thread::spawn(move || {
        let mut buf = [0u8; 16 * 1024];
        loop {
            let n = match from.read(&mut buf) {
                Ok(0) | Err(_) => break,
                Ok(n) => n,
            };
            if muted.load(Ordering::SeqCst) {
                continue;
            }
            if let Some(state) = &record {
                state.sent.lock().unwrap().extend_from_slice(&buf[..n]);
            }
            if to.write_all(&buf[..n]).is_err() {
                break;
            }
        }
        let _ = to.shutdown(Shutdown::Write);
    });
}
