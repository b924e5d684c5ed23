//! Byte-level helpers for reading a file in parts: counting line breaks fast, and
//! reads that end where a reader from the start of the file would end them.

use std::io::{self, Read};

/// The number of line breaks (`\n`) in `bytes`, counted with the processor's
/// vector instructions where it has them.
///
/// ```
/// assert_eq!(pacru_referee::parts::line_breaks(b"one\ntwo\r\nthree"), 2);
/// ```
pub fn line_breaks(bytes: &[u8]) -> usize {
    bytecount::count(bytes, b'\n')
}

/// The reads of [`AlignedReads`] end at multiples of this many bytes of the file
/// (the size of the reader's buffer). A program that keeps the recent text of its
/// input (to quote a line in a report) sees the same text whether it reads a file
/// from its start or from a cut in the middle, as long as both read this way.
pub const READ_ALIGN: u64 = 64 << 10;

/// A reader whose reads never cross a multiple of [`READ_ALIGN`] bytes of the
/// underlying file (a short read only where one would).
///
/// ```
/// use pacru_referee::parts::{AlignedReads, READ_ALIGN};
/// use std::io::Read;
/// let data = vec![b'x'; 2 * READ_ALIGN as usize];
/// // The reader starts at byte 100 of the file: its first read stops at READ_ALIGN.
/// let mut reader = AlignedReads::new(&data[100..], 100);
/// let mut buf = vec![0; data.len()];
/// assert_eq!(reader.read(&mut buf).unwrap() as u64, READ_ALIGN - 100);
/// ```
pub struct AlignedReads<R> {
    inner: R,
    /// The offset in the file of the next byte.
    at: u64,
}

impl<R: Read> AlignedReads<R> {
    /// Wraps `inner`, whose next byte is byte `at` of the file.
    pub fn new(inner: R, at: u64) -> AlignedReads<R> {
        AlignedReads { inner, at }
    }
}

impl<R: Read> Read for AlignedReads<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let room = READ_ALIGN - self.at % READ_ALIGN;
        let len = usize::try_from(room).map_or(out.len(), |room| room.min(out.len()));
        let n = self.inner.read(&mut out[..len])?;
        self.at += n as u64;
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aligned_reads_end_at_multiples_of_the_alignment() {
        let data = vec![b'x'; 3 * READ_ALIGN as usize];
        let mut reader = AlignedReads::new(&data[100..], 100);
        let mut buf = vec![0u8; 2 * READ_ALIGN as usize];
        assert_eq!(reader.read(&mut buf).unwrap() as u64, READ_ALIGN - 100);
        assert_eq!(reader.read(&mut buf).unwrap() as u64, READ_ALIGN);
        assert_eq!(reader.read(&mut buf[..10]).unwrap(), 10);
        assert_eq!(reader.read(&mut buf).unwrap() as u64, READ_ALIGN - 10);
    }

    #[test]
    fn line_breaks_are_counted_exactly() {
        let mut bytes: Vec<u8> = (0..=255u8).cycle().take(3000).collect();
        bytes.extend_from_slice(b"\n\n\x0b\x0a\x8a\n");
        for start in 0..9 {
            for end in [bytes.len(), bytes.len() - 1, bytes.len() - 5, 17] {
                let part = &bytes[start..end];
                let expected = part.iter().filter(|&&b| b == b'\n').count();
                assert_eq!(line_breaks(part), expected);
            }
        }
        assert_eq!(line_breaks(b"\n\n\n\n\n\n\n\n\n"), 9);
        assert_eq!(line_breaks(b""), 0);
    }
}
