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
}

impl<T> Quiet<T> {
    /// `inner`, its quiet time starting now.
    pub fn new(inner: T) -> Quiet<T> {
        Quiet {
            inner,
            deadline: Box::pin(tokio::time::sleep(QUIET_LIMIT)),
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
        Pin::new(&mut this.inner).poll_read(cx, buf)
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
