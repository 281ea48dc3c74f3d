//! What the unit tests share: a seeded pseudo-random sequence for random games and positions,
//! and the records a reader's test expects.

/// xorshift64: advances `seed` and returns its new value (never 0 from a seed that is not 0).
pub(crate) fn xorshift(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}

/// The `N` records a reader read, every one of them read (a test of the reader fails on a
/// record it could not read, or on another count).
pub(crate) fn records<const N: usize>(
    read: Vec<Result<crate::core::record::Record, crate::core::error::RecordError>>,
) -> [crate::core::record::Record; N] {
    let records: Vec<_> = read
        .into_iter()
        .map(|r| r.unwrap_or_else(|e| panic!("unread record: {e}")))
        .collect();
    records
        .try_into()
        .unwrap_or_else(|v: Vec<_>| panic!("{} records, not {N}", v.len()))
}
