//! Passwords: argon2id hashes in PHC form, computed a few at a time, each in
//! working memory kept from one hash to the next.
//!
//! An argon2id hash works in 19 MiB (OWASP's parameters, argon2's defaults).
//! Left to the allocator, hundreds of sign-ups or sign-ins sent together held
//! gigabytes: one hash a thread at once, and the C library's allocator, whose
//! threshold for giving large blocks back to the system rises with each one
//! freed, kept about 13 MiB of every hash even two at a time (150 sign-ups:
//! 5.5 GB at once, 1.9 GB two at a time, 54 MiB in kept memory). Here at most
//! [`MAX_AT_ONCE`] hashes run, each in a block of memory that the next reuses.

use crate::error::{ApiError, ApiResult};
use argon2::password_hash::{Output, ParamsString, Salt, SaltString};
use argon2::{Algorithm, Argon2, Block, Params, PasswordHash, Version};
use std::sync::{LazyLock, Mutex};
use tokio::sync::Semaphore;

/// The most password hashes computed at once (fewer on fewer cores).
pub const MAX_AT_ONCE: usize = 4;

/// Permits to compute a hash: one a core, at most [`MAX_AT_ONCE`].
static PERMITS: LazyLock<Semaphore> = LazyLock::new(|| {
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    Semaphore::new(cores.clamp(1, MAX_AT_ONCE))
});

/// Working memory of finished hashes, for the next ones (at most one a permit).
static MEMORY: Mutex<Vec<Vec<Block>>> = Mutex::new(Vec::new());

fn internal(e: impl std::fmt::Display) -> ApiError {
    ApiError::Internal(format!("password: {e}"))
}

/// Runs `work` on a blocking thread with a permit and working memory.
async fn with_memory<T: Send + 'static>(
    work: impl FnOnce(&mut Vec<Block>) -> ApiResult<T> + Send + 'static,
) -> ApiResult<T> {
    let _permit = PERMITS.acquire().await.map_err(internal)?;
    tokio::task::spawn_blocking(move || {
        let mut memory = MEMORY
            .lock()
            .ok()
            .and_then(|mut kept| kept.pop())
            .unwrap_or_default();
        let done = work(&mut memory);
        if let Ok(mut kept) = MEMORY.lock() {
            kept.push(memory);
        }
        done
    })
    .await
    .map_err(internal)?
}

/// Computes the hash of `password` with `argon2` (whose parameters say its
/// length) into `out`, in `memory`.
fn compute(
    argon2: &Argon2<'_>,
    params: &Params,
    password: &str,
    salt: &[u8],
    out: &mut [u8],
    memory: &mut Vec<Block>,
) -> ApiResult<()> {
    memory.resize(params.block_count(), Block::default());
    argon2
        .hash_password_into_with_memory(password.as_bytes(), salt, out, &mut memory[..])
        .map_err(internal)
}

/// The argon2id hash of `password` in PHC form, with a new random salt.
pub async fn hash_password(password: String) -> ApiResult<String> {
    let mut salt = [0u8; 16];
    getrandom::fill(&mut salt).map_err(internal)?;
    with_memory(move |memory| {
        let params = Params::DEFAULT;
        let argon2 = Argon2::new(Algorithm::Argon2id, Version::V0x13, params.clone());
        let mut out = [0u8; Params::DEFAULT_OUTPUT_LEN];
        compute(&argon2, &params, &password, &salt, &mut out, memory)?;
        let salt_text = SaltString::encode_b64(&salt).map_err(internal)?;
        let hash = PasswordHash {
            algorithm: Algorithm::Argon2id.ident(),
            version: Some(Version::V0x13.into()),
            params: ParamsString::try_from(&params).map_err(internal)?,
            salt: Some(Salt::from(&salt_text)),
            hash: Some(Output::new(&out).map_err(internal)?),
        };
        Ok(hash.to_string())
    })
    .await
}

/// Whether `password` matches `stored`, a hash in PHC form (of any argon2
/// algorithm, version and parameters).
pub async fn verify_password(password: String, stored: String) -> ApiResult<bool> {
    with_memory(move |memory| {
        let hash = PasswordHash::new(&stored).map_err(internal)?;
        let (Some(salt), Some(expected)) = (hash.salt, hash.hash) else {
            return Err(internal("a stored hash without salt or output"));
        };
        let algorithm = Algorithm::try_from(hash.algorithm).map_err(internal)?;
        let version = hash
            .version
            .map_or(Ok(Version::default()), Version::try_from)
            .map_err(internal)?;
        let params = Params::try_from(&hash).map_err(internal)?;
        let mut salt_bytes = [0u8; 64];
        let salt_bytes = salt.decode_b64(&mut salt_bytes).map_err(internal)?;
        let argon2 = Argon2::new(algorithm, version, params.clone());
        let mut out = vec![0u8; expected.len()];
        compute(&argon2, &params, &password, salt_bytes, &mut out, memory)?;
        // `Output`'s equality takes the same time wherever the bytes differ.
        Ok(Output::new(&out).map_err(internal)? == expected)
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;
    use argon2::PasswordVerifier;

    #[tokio::test]
    async fn hashes_read_as_argon2_writes_them_and_back() {
        let stored = hash_password("correct horse".into()).await.unwrap();
        assert!(
            stored.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
            "{stored}"
        );
        // argon2's own verifier accepts the hash.
        let parsed = PasswordHash::new(&stored).unwrap();
        assert!(
            Argon2::default()
                .verify_password(b"correct horse", &parsed)
                .is_ok()
        );
        assert!(
            verify_password("correct horse".into(), stored.clone())
                .await
                .unwrap()
        );
        assert!(!verify_password("wrong horse".into(), stored).await.unwrap());
        // A hash argon2 wrote itself, with other parameters, is read too.
        use argon2::PasswordHasher;
        let params = Params::new(8, 1, 1, None).unwrap();
        let other = Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
            .hash_password(b"pw", &SaltString::encode_b64(b"0123456789abcdef").unwrap())
            .unwrap()
            .to_string();
        assert!(verify_password("pw".into(), other.clone()).await.unwrap());
        assert!(!verify_password("px".into(), other).await.unwrap());
    }
}
