//! The transposition table: bounds on the exact score of positions already searched, shared
//! by every thread and kept between positions (an entry is a fact about its position, true
//! whatever the root, so nothing needs clearing; a date per solve makes old entries the first
//! replaced).
//!
//! Lock-free: an entry is three 64-bit words, the position's two bitboards each xored with the
//! data word. A reader accepts an entry only when both keys come back, so an entry torn by two
//! threads writing at once reads as a miss, never as a wrong bound.

use std::sync::atomic::{AtomicU8, AtomicU64, Ordering::Relaxed};

/// What an entry says about a position (scores from the side to move, −64..=64).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Bounds {
    pub lower: i32,
    pub upper: i32,
    /// The best move found, or [`NO_MOVE`].
    pub mv: u8,
}

pub(super) const NO_MOVE: u8 = 64;

/// The transposition table (see the module notes); `Sync`, shared by reference.
pub struct Table {
    words: Vec<AtomicU64>,
    /// Number of entries (even: entries go in pairs, the bucket of a position).
    entries: usize,
    date: AtomicU8,
}

/// Asks Linux to back the 2 MB-aligned part of `memory` (not yet touched) with huge pages:
/// the table is read at random, and with 4 KB pages nearly every probe also misses the TLB
/// (twice the walk in a virtual machine). A hint: without transparent huge pages it does
/// nothing.
fn huge_pages<T>(memory: &mut [std::mem::MaybeUninit<T>]) {
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 << 20;
        let start = memory.as_mut_ptr() as usize;
        let end = start + std::mem::size_of_val(memory);
        let (from, to) = (start.next_multiple_of(HUGE), end / HUGE * HUGE);
        if to > from {
            // SAFETY: [from, to) lies inside `memory`, which this table owns and nothing else
            // reads yet; the advice changes how the kernel backs the pages, not their contents.
            let _ = unsafe {
                rustix::mm::madvise(
                    from as *mut std::ffi::c_void,
                    to - from,
                    rustix::mm::Advice::LinuxHugepage,
                )
            };
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = memory;
}

#[inline(always)]
fn hash(p: u64, o: u64) -> u64 {
    let h = p.wrapping_mul(0x9e37_79b9_7f4a_7c15)
        ^ o.rotate_left(29).wrapping_mul(0xc2b2_ae3d_27d4_eb4f);
    h ^ (h >> 31)
}

#[inline(always)]
fn pack(b: Bounds, empties: u32, date: u8) -> u64 {
    (b.lower + 64) as u64
        | ((b.upper + 64) as u64) << 8
        | u64::from(b.mv) << 16
        | u64::from(empties as u8) << 24
        | u64::from(date) << 32
        // Never zero, so an unused (all-zero) entry never matches.
        | 1 << 40
}

#[inline(always)]
fn unpack(d: u64) -> Bounds {
    Bounds {
        lower: (d & 0xff) as i32 - 64,
        upper: (d >> 8 & 0xff) as i32 - 64,
        mv: (d >> 16 & 0xff) as u8,
    }
}

impl Table {
    /// A table of about `mb` megabytes (at least one bucket).
    pub fn new(mb: usize) -> Table {
        let entries = ((mb << 20) / 24).max(2) & !1;
        let mut words = Vec::with_capacity(entries * 3);
        huge_pages(words.spare_capacity_mut());
        words.resize_with(entries * 3, || AtomicU64::new(0));
        Table {
            words,
            entries,
            date: AtomicU8::new(1),
        }
    }

    /// Starts a new solve: entries written before are replaced first.
    pub(super) fn new_date(&self) {
        let d = self.date.load(Relaxed).wrapping_add(1).max(1);
        self.date.store(d, Relaxed);
    }

    /// Asks the CPU to bring the bucket of (`p`, `o`) into the cache, so that a probe soon
    /// after does not wait for memory (several prefetches wait together).
    #[inline(always)]
    pub(super) fn prefetch(&self, p: u64, o: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let at = self.bucket(p, o);
            if let Some(word) = self.words.get(at) {
                // SAFETY: a prefetch is a hint: it reads nothing the program sees and cannot
                // fault; the pointer is into the table.
                unsafe {
                    core::arch::x86_64::_mm_prefetch::<{ core::arch::x86_64::_MM_HINT_T0 }>(
                        word.as_ptr().cast::<i8>(),
                    );
                }
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = (p, o);
    }

    #[inline(always)]
    fn bucket(&self, p: u64, o: u64) -> usize {
        let i = ((u128::from(hash(p, o)) * self.entries as u128) >> 64) as usize;
        (i & !1) * 3
    }

    #[inline(always)]
    fn read(&self, at: usize, p: u64, o: u64) -> Option<u64> {
        let d = self.words[at + 2].load(Relaxed);
        let kp = self.words[at].load(Relaxed);
        let ko = self.words[at + 1].load(Relaxed);
        (d != 0 && kp ^ d == p && ko ^ d == o).then_some(d)
    }

    #[inline(always)]
    pub(super) fn probe(&self, p: u64, o: u64) -> Option<Bounds> {
        let at = self.bucket(p, o);
        self.read(at, p, o)
            .or_else(|| self.read(at + 3, p, o))
            .map(unpack)
    }

    /// Records bounds found for a position with `empties` empty squares, merged with what the
    /// entry already holds; otherwise replaces the less valuable entry of the bucket (an
    /// older solve's first, then the one with fewer empties).
    #[inline(always)]
    pub(super) fn store(&self, p: u64, o: u64, empties: u32, mut b: Bounds) {
        let at = self.bucket(p, o);
        let date = self.date.load(Relaxed);
        let slot = if let Some(d) = self
            .read(at, p, o)
            .map(|d| (at, d))
            .or_else(|| self.read(at + 3, p, o).map(|d| (at + 3, d)))
        {
            let old = unpack(d.1);
            let (lo, hi) = (b.lower.max(old.lower), b.upper.min(old.upper));
            if lo <= hi {
                b.lower = lo;
                b.upper = hi;
            }
            if b.mv == NO_MOVE {
                b.mv = old.mv;
            }
            d.0
        } else {
            let value = |at: usize| {
                let d = self.words[at + 2].load(Relaxed);
                let current = (d >> 32 & 0xff) as u8 == date;
                (u32::from(current) << 8) | (d >> 24 & 0xff) as u32
            };
            if value(at) <= value(at + 3) {
                at
            } else {
                at + 3
            }
        };
        let d = pack(b, empties, date);
        self.words[slot].store(p ^ d, Relaxed);
        self.words[slot + 1].store(o ^ d, Relaxed);
        self.words[slot + 2].store(d, Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_merges_and_misses() {
        let t = Table::new(1);
        assert_eq!(t.probe(1, 2), None);
        t.store(
            1,
            2,
            20,
            Bounds {
                lower: -10,
                upper: 64,
                mv: 5,
            },
        );
        t.store(
            1,
            2,
            20,
            Bounds {
                lower: -64,
                upper: 4,
                mv: NO_MOVE,
            },
        );
        assert_eq!(
            t.probe(1, 2),
            Some(Bounds {
                lower: -10,
                upper: 4,
                mv: 5
            })
        );
        assert_eq!(t.probe(2, 1), None);
    }
}
