//! What the unit tests share: a seeded pseudo-random sequence for random games and positions.

/// xorshift64: advances `seed` and returns its new value (never 0 from a seed that is not 0).
pub(crate) fn xorshift(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}
