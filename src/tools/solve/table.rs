//! The transposition table: a fixed block of memory, allocated once from the memory
//! budget, that remembers what the search learnt about each position it met.
//!
//! An entry is a position's 64-bit key and one data word: a 57-bit payload that the
//! search defines (proof and disproof numbers, or value bounds and a move), the log2
//! size of the subtree that produced it, and an occupied bit. Entries sit in buckets of
//! four that share a cache line; a new position replaces the one with the smallest
//! subtree. The table never grows, so the search never pages: when it is full it
//! forgets its cheapest results. Threads share it without locks: each entry is written
//! as `key ^ data` and `data`, so a torn write reads as a miss (Hyatt and Mann's scheme).
//!
//! Written here rather than taken from a concurrent map crate: what a solver needs is a
//! lossy cache of fixed size with depth-preferred replacement and lock-free torn-write
//! safety, which general maps (that grow, lock or never forget) do not offer.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// Bytes per entry.
pub const ENTRY_BYTES: usize = 16;
const WAYS: usize = 4;
/// Payload bits per entry.
pub const PAYLOAD_BITS: u32 = 57;

/// What a store did, for the table statistics.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stored {
    /// The position was there already.
    Updated,
    /// An empty slot was filled.
    Filled,
    /// Another position's entry was overwritten; the log2 size of its subtree.
    Replaced(u8),
}

pub struct Table {
    words: Vec<AtomicU64>,
    buckets: usize,
}

fn pack(payload: u64, work: u8) -> u64 {
    debug_assert!(payload < 1 << PAYLOAD_BITS);
    1 | ((work.min(63) as u64) << 1) | (payload << 7)
}

fn work_of(d: u64) -> u8 {
    ((d >> 1) & 63) as u8
}

/// Asks Linux to back the table with 2 MiB pages: probes land anywhere in it, and with
/// 4 KiB pages nearly every one would also miss the address-translation cache.
#[cfg(target_os = "linux")]
fn huge_pages(v: &[AtomicU64], words: usize) {
    const HUGE: usize = 2 << 20;
    let start = v.as_ptr() as usize;
    let end = start + words * std::mem::size_of::<AtomicU64>();
    let (from, to) = (start.next_multiple_of(HUGE), end / HUGE * HUGE);
    if to > from {
        // SAFETY: the range lies inside the vector's allocation, and MADV_HUGEPAGE only
        // changes how the kernel backs it, never its contents. Failure is harmless.
        unsafe {
            libc::madvise(from as *mut libc::c_void, to - from, libc::MADV_HUGEPAGE);
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn huge_pages(_: &[AtomicU64], _: usize) {}

/// Asks the processor to start loading the cache line that holds `at`: a hint, which
/// never faults and changes nothing else.
#[inline(always)]
pub(super) fn prefetch_line<T>(at: &T) {
    #[cfg(target_arch = "x86_64")]
    {
        let p = at as *const T as *const i8;
        // SAFETY: a prefetch is only a hint; it never faults, and `p` points into a
        // value anyway.
        #[allow(unused_unsafe)]
        unsafe {
            std::arch::x86_64::_mm_prefetch(p, std::arch::x86_64::_MM_HINT_T0);
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = at;
}

impl Table {
    /// A table using at most `bytes` bytes (a power-of-two number of buckets), or why
    /// it cannot be allocated.
    pub fn with_bytes(bytes: u64) -> Result<Table, String> {
        let bucket_bytes = (WAYS * ENTRY_BYTES) as u64;
        if bytes < bucket_bytes {
            return Err("the memory budget is too small for the table".into());
        }
        let mut buckets: u64 = 1;
        while buckets * 2 * bucket_bytes <= bytes {
            buckets *= 2;
        }
        let words = buckets as usize * WAYS * 2;
        let mut v: Vec<AtomicU64> = Vec::new();
        v.try_reserve_exact(words).map_err(|_| {
            format!(
                "cannot allocate {} MiB for the table",
                (buckets * bucket_bytes) >> 20
            )
        })?;
        huge_pages(&v, words);
        // Writing every word now commits the memory up front, so a budget the machine
        // cannot hold shows at once rather than as paging later.
        v.resize_with(words, || AtomicU64::new(0));
        Ok(Table {
            words: v,
            buckets: buckets as usize,
        })
    }

    /// The number of entries the table can hold.
    pub fn capacity(&self) -> usize {
        self.buckets * WAYS
    }

    /// The table's size in bytes.
    pub fn bytes(&self) -> usize {
        self.capacity() * ENTRY_BYTES
    }

    fn bucket(&self, key: u64) -> usize {
        // The low bits pick the bucket; the full key is checked in the entry.
        (key as usize & (self.buckets - 1)) * WAYS * 2
    }

    /// Asks the processor to start loading `key`'s bucket, so that a `probe` soon after
    /// does not wait for memory.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        prefetch_line(&self.words[self.bucket(key)]);
    }

    /// The payload stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<u64> {
        let b = self.bucket(key);
        for w in 0..WAYS {
            let d = self.words[b + 2 * w + 1].load(Relaxed);
            if d != 0 && self.words[b + 2 * w].load(Relaxed) ^ d == key {
                return Some(d >> 7);
            }
        }
        None
    }

    /// Stores a payload for `key`, with the log2 size of the subtree that produced it.
    /// If the position is there already, `merge(old, new)` gives the payload to keep.
    #[inline]
    pub fn store(
        &self,
        key: u64,
        payload: u64,
        work: u8,
        merge: impl Fn(u64, u64) -> u64,
    ) -> Stored {
        let b = self.bucket(key);
        let mut victim = 0;
        let mut victim_work = u8::MAX;
        let mut empty = None;
        for w in 0..WAYS {
            let d = self.words[b + 2 * w + 1].load(Relaxed);
            if d == 0 {
                empty.get_or_insert(w);
                continue;
            }
            if self.words[b + 2 * w].load(Relaxed) ^ d == key {
                let keep = merge(d >> 7, payload);
                // About log2 of the two subtrees' total.
                let old = work_of(d);
                let sum = work.max(old) + u8::from(work == old);
                self.write(b + 2 * w, key, pack(keep, sum));
                return Stored::Updated;
            }
            if work_of(d) < victim_work {
                victim = w;
                victim_work = work_of(d);
            }
        }
        match empty {
            Some(w) => {
                self.write(b + 2 * w, key, pack(payload, work));
                Stored::Filled
            }
            None => {
                self.write(b + 2 * victim, key, pack(payload, work));
                Stored::Replaced(victim_work)
            }
        }
    }

    fn write(&self, at: usize, key: u64, data: u64) {
        self.words[at].store(key ^ data, Relaxed);
        self.words[at + 1].store(data, Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn newer(_old: u64, new: u64) -> u64 {
        new
    }

    #[test]
    fn payloads_round_trip_and_merge() {
        let t = Table::with_bytes(1 << 12).unwrap();
        assert_eq!(t.capacity(), 256);
        let big = (1 << PAYLOAD_BITS) - 1;
        assert_eq!(t.store(42, big, 3, newer), Stored::Filled);
        assert_eq!(t.probe(42), Some(big));
        assert_eq!(t.probe(43), None);
        assert_eq!(t.store(42, 6, 1, |old, new| old & new), Stored::Updated);
        assert_eq!(t.probe(42), Some(6));
    }

    #[test]
    fn a_full_bucket_loses_its_smallest_subtree() {
        let t = Table::with_bytes(64).unwrap();
        assert_eq!(t.capacity(), 4);
        for k in 1..=4u64 {
            assert_eq!(t.store(k << 8, k, 10 + k as u8, newer), Stored::Filled);
        }
        assert_eq!(t.store(5 << 8, 5, 1, newer), Stored::Replaced(11));
        assert_eq!(t.probe(1 << 8), None, "work 11 was the smallest");
        assert_eq!(t.probe(2 << 8), Some(2));
        assert_eq!(t.probe(5 << 8), Some(5));
    }

    #[test]
    fn a_budget_below_one_bucket_is_refused() {
        assert!(Table::with_bytes(63).is_err());
    }
}
