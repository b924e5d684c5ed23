//! The server's connections, each closed once the server has written nothing on
//! it for [`QUIET_LIMIT`].
//!
//! Every connection in use gets something from the server now and then: an
//! answer soon after a request, a line or a ping every 7 s on a stream or a
//! WebSocket. One that gets nothing for a minute is a client that sends no
//! request (an idle connection, headers sent a byte at a time) or reads
//! nothing of what it asked for; without this, such connections stayed open
//! for as long as their clients liked, each holding a file descriptor, and a
//! single client could take all of them.

use axum::serve::Listener;
use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::time::{Instant, Sleep};

/// How long a connection stays open while the server writes nothing on it.
pub const QUIET_LIMIT: Duration = Duration::from_secs(60);

/// The time a request that arrives near the end of a quiet minute is given
/// for its answer: the first bytes read after a write put the deadline at
/// least this far off, once.
pub const GRACE: Duration = Duration::from_secs(15);

/// A TCP listener whose connections are [`Quiet`]-limited.
#[derive(Debug)]
pub struct QuietListener(pub TcpListener);

impl Listener for QuietListener {
    type Io = Quiet<TcpStream>;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Self::Io, Self::Addr) {
        let (stream, addr) = Listener::accept(&mut self.0).await;
        (Quiet::new(stream), addr)
    }

    fn local_addr(&self) -> io::Result<Self::Addr> {
        self.0.local_addr()
    }
}

/// A connection that fails (both ways) once nothing was written on it for
/// [`QUIET_LIMIT`].
#[derive(Debug)]
pub struct Quiet<T> {
    inner: T,
    deadline: Pin<Box<Sleep>>,
    /// Whether bytes were read since the last write (the [`GRACE`] given).
    read_since_write: bool,
}

impl<T> Quiet<T> {
    /// `inner`, its quiet time starting now.
    pub fn new(inner: T) -> Quiet<T> {
        Quiet {
            inner,
            deadline: Box::pin(tokio::time::sleep(QUIET_LIMIT)),
            read_since_write: false,
        }
    }

    /// `Err` once the deadline has passed; otherwise the task wakes when it does.
    fn check(&mut self, cx: &mut Context<'_>) -> io::Result<()> {
        match self.deadline.as_mut().poll(cx) {
            Poll::Ready(()) => Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the server wrote nothing on the connection for a minute",
            )),
            Poll::Pending => Ok(()),
        }
    }

    /// Something was written: the quiet time starts again.
    fn wrote(&mut self, n: usize) {
        if n > 0 {
            self.deadline.as_mut().reset(Instant::now() + QUIET_LIMIT);
            self.read_since_write = false;
        }
    }

    /// Something was read: the first bytes since the last write may be a
    /// request, which gets [`GRACE`] for its answer.
    fn was_read(&mut self) {
        if !self.read_since_write {
            self.read_since_write = true;
            let grace = Instant::now() + GRACE;
            if self.deadline.deadline() < grace {
                self.deadline.as_mut().reset(grace);
            }
        }
    }
}

impl<T: AsyncRead + Unpin> AsyncRead for Quiet<T> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        this.check(cx)?;
        let before = buf.filled().len();
        let read = Pin::new(&mut this.inner).poll_read(cx, buf);
        if matches!(read, Poll::Ready(Ok(()))) && buf.filled().len() > before {
            this.was_read();
        }
        read
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for Quiet<T> {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        this.check(cx)?;
        let written = Pin::new(&mut this.inner).poll_write(cx, buf);
        if let Poll::Ready(Ok(n)) = written {
            this.wrote(n);
        }
        written
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        this.check(cx)?;
        let written = Pin::new(&mut this.inner).poll_write_vectored(cx, bufs);
        if let Poll::Ready(Ok(n)) = written {
            this.wrote(n);
        }
        written
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::{AsyncReadExt, AsyncWriteExt, duplex};
    use tokio::time::advance;

    #[tokio::test(start_paused = true)]
    async fn a_connection_quiet_for_a_minute_fails() {
        let (_client, server) = duplex(64);
        let mut server = Quiet::new(server);
        let mut byte = [0u8; 1];
        // Nothing comes: the read fails once the minute is over.
        let started = Instant::now();
        let err = server.read(&mut byte).await.unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::TimedOut);
        assert_eq!(started.elapsed(), QUIET_LIMIT);
    }

    #[tokio::test(start_paused = true)]
    async fn a_request_late_in_the_minute_gets_its_answer_and_a_trickle_does_not_last() {
        let (mut client, server) = duplex(64);
        let mut server = Quiet::new(server);
        let mut buf = [0u8; 3];
        advance(Duration::from_secs(58)).await;
        client.write_all(b"GET").await.unwrap();
        server.read_exact(&mut buf).await.unwrap();
        // Past the minute, within the grace: the answer goes out.
        advance(Duration::from_secs(10)).await;
        server.write_all(b"ok").await.unwrap();
        // Then a byte every 10 s: the grace is given once, the minute holds.
        let quiet_from = Instant::now();
        let failed = loop {
            advance(Duration::from_secs(10)).await;
            if client.write_all(b"x").await.is_err() {
                break quiet_from.elapsed();
            }
            if server.read(&mut buf[..1]).await.is_err() {
                break quiet_from.elapsed();
            }
        };
        assert!(
            failed <= QUIET_LIMIT + Duration::from_secs(10),
            "{failed:?}"
        );
    }
}
