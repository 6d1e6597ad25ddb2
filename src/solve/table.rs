//! The transposition table: a fixed block of memory, allocated once from the memory
//! budget, that remembers what the search proved about each position it met.
//!
//! Every entry holds a position's 64-bit key and, as one word, bounds on its value
//! (game values are exact facts, not depth-limited estimates, so bounds from different
//! searches of a position intersect), the best move found (in the canonical
//! orientation) and the size of the subtree that proved it. Entries sit in buckets of
//! four that share a cache line; a new entry replaces the one with the smallest subtree.
//! The table never grows, so the search never pages: when it is full it forgets the
//! cheapest results. Threads share it without locks: each entry is written as
//! `key ^ data` and `data`, so a torn write reads as a miss (Hyatt and Mann's scheme).

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// Bytes per entry.
pub const ENTRY_BYTES: usize = 16;
const WAYS: usize = 4;

/// No best move is known.
pub const NO_MOVE: u16 = u16::MAX;

/// What the table knows about a position: `lo <= value <= hi`, and a good move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    pub lo: i8,
    pub hi: i8,
    pub best: u16,
}

/// What a store did, for the table statistics.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stored {
    /// The position was there already.
    Updated,
    /// An empty slot was filled.
    Filled,
    /// Another position's entry was overwritten.
    Replaced,
}

pub struct Table {
    words: Vec<AtomicU64>,
    buckets: usize,
}

fn pack(e: Entry, work: u8) -> u64 {
    // bit 0: occupied; bits 1-2: lo + 1; bits 3-4: hi + 1; bits 8-23: best; 24-29: work.
    1 | (((e.lo + 1) as u64) << 1)
        | (((e.hi + 1) as u64) << 3)
        | ((e.best as u64) << 8)
        | ((work.min(63) as u64) << 24)
}

fn unpack(d: u64) -> (Entry, u8) {
    (
        Entry {
            lo: ((d >> 1) & 3) as i8 - 1,
            hi: ((d >> 3) & 3) as i8 - 1,
            best: ((d >> 8) & 0xFFFF) as u16,
        },
        ((d >> 24) & 63) as u8,
    )
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
                "cannot allocate {} MB for the table",
                buckets * bucket_bytes >> 20
            )
        })?;
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

    /// What the table holds for `key`, if anything.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let b = self.bucket(key);
        for w in 0..WAYS {
            let d = self.words[b + 2 * w + 1].load(Relaxed);
            if d != 0 && self.words[b + 2 * w].load(Relaxed) ^ d == key {
                return Some(unpack(d).0);
            }
        }
        None
    }

    /// Records that `lo <= value(key) <= hi`, with a best move and the log2 size of the
    /// subtree that showed it. Bounds already known for the position are kept too.
    #[inline]
    pub fn store(&self, key: u64, mut e: Entry, work: u8) -> Stored {
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
            let (old, old_work) = unpack(d);
            if self.words[b + 2 * w].load(Relaxed) ^ d == key {
                let (lo, hi) = (e.lo.max(old.lo), e.hi.min(old.hi));
                // Contradictory bounds can only come from a key collision: trust the new.
                if lo <= hi {
                    e.lo = lo;
                    e.hi = hi;
                }
                if e.best == NO_MOVE {
                    e.best = old.best;
                }
                self.write(b + 2 * w, key, pack(e, work.max(old_work)));
                return Stored::Updated;
            }
            if old_work < victim_work {
                victim = w;
                victim_work = old_work;
            }
        }
        match empty {
            Some(w) => {
                self.write(b + 2 * w, key, pack(e, work));
                Stored::Filled
            }
            None => {
                self.write(b + 2 * victim, key, pack(e, work));
                Stored::Replaced
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

    #[test]
    fn entries_round_trip_and_bounds_intersect() {
        let t = Table::with_bytes(1 << 12).unwrap();
        assert_eq!(t.capacity(), 256);
        let e = Entry {
            lo: -1,
            hi: 0,
            best: 7,
        };
        assert_eq!(t.store(42, e, 3), Stored::Filled);
        assert_eq!(t.probe(42), Some(e));
        assert_eq!(t.probe(43), None);
        let later = Entry {
            lo: 0,
            hi: 1,
            best: NO_MOVE,
        };
        assert_eq!(t.store(42, later, 1), Stored::Updated);
        assert_eq!(
            t.probe(42),
            Some(Entry {
                lo: 0,
                hi: 0,
                best: 7
            })
        );
    }

    #[test]
    fn a_full_bucket_loses_its_smallest_subtree() {
        let t = Table::with_bytes(64).unwrap();
        assert_eq!(t.capacity(), 4);
        let e = |b| Entry {
            lo: -1,
            hi: 1,
            best: b,
        };
        for k in 1..=4u64 {
            assert_eq!(t.store(k << 8, e(k as u16), 10 + k as u8), Stored::Filled);
        }
        assert_eq!(t.store(5 << 8, e(5), 1), Stored::Replaced);
        assert_eq!(t.probe(1 << 8), None, "work 11 was the smallest");
        assert_eq!(t.probe(2 << 8), Some(e(2)));
        assert_eq!(t.probe(5 << 8), Some(e(5)));
    }

    #[test]
    fn a_budget_below_one_bucket_is_refused() {
        assert!(Table::with_bytes(63).is_err());
    }
}
