/// Id -> slot, for layers and alerts: an open-addressing hash table (linear probing,
/// backward-shift deletion) whose entries pack 32 bits of the id's hash with the slot, 8 bytes
/// each.
///
/// A third of what `[String: Int32]` costs, and one cache line per lookup: the ids themselves
/// stay with their owner (`LayerTree.ids`, `AlertManager.alerts`), and are compared only when
/// the stored hash bits match. An id is hashed once per lookup, insertion or removal (a
/// dictionary hashes it again for each); hashing is the standard library's seeded `Hasher`,
/// so crafted ids cannot force collisions.
struct IDIndex: Sendable {
  /// 0 = empty; else `hash << 32 | (slot + 1)`. The home bucket is `hash & mask`.
  private var entries: PagedArray<UInt64>
  private var mask: Int
  /// The number of ids.
  private(set) var count = 0

  init() {
    entries = PagedArray(repeating: 0, count: 8)
    mask = 7
  }

  /// The hash bits an id is filed under.
  static func hash(_ id: String) -> UInt32 {
    UInt32(truncatingIfNeeded: id.hashValue)
  }

  /// The slot of `id` (whose hash is `hash`), or nil; `ids` are the ids by slot.
  /// - Complexity: O(1) on average.
  func slot(of id: String, hash: UInt32, ids: [String]) -> Int32? {
    slot(hash: hash) { ids[Int($0)] == id }
  }

  /// The slot filed under `hash` for which `isMatch` holds (asked only of slots whose
  /// stored hash bits are `hash`), or nil.
  /// - Complexity: O(1) on average.
  func slot(hash: UInt32, where isMatch: (Int32) -> Bool) -> Int32? {
    var bucket = Int(hash) & mask
    while true {
      let entry = entries[bucket]
      if entry == 0 { return nil }
      if UInt32(truncatingIfNeeded: entry >> 32) == hash {
        let slot = Int32(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1
        if isMatch(slot) { return slot }
      }
      bucket = (bucket + 1) & mask
    }
  }

  /// Files `slot` under `hash`; its id must not be in the index.
  /// - Complexity: O(1) amortized.
  mutating func insert(slot: Int32, hash: UInt32) {
    if (count + 1) * 4 > entries.count * 3 { resize(to: entries.count * 2) }
    place(UInt64(hash) << 32 | UInt64(UInt32(slot) + 1))
    count += 1
  }

  /// Removes `slot`, filed under `hash`.
  /// - Complexity: O(1) on average.
  mutating func remove(slot: Int32, hash: UInt32) {
    let wanted = UInt64(hash) << 32 | UInt64(UInt32(slot) + 1)
    var hole = Int(hash) & mask
    while entries[hole] != wanted { hole = (hole + 1) & mask }
    // Backward-shift: pull later entries of the probe run into the hole when their home
    // bucket does not lie cyclically in (hole, next].
    var next = hole
    while true {
      next = (next + 1) & mask
      let entry = entries[next]
      if entry == 0 { break }
      let home = Int(truncatingIfNeeded: entry >> 32) & mask
      let stays = hole <= next ? (home > hole && home <= next) : (home > hole || home <= next)
      if !stays {
        entries[hole] = entry
        hole = next
      }
    }
    entries[hole] = 0
    count -= 1
    if count * 8 < entries.count && entries.count > 8 { resize(to: entries.count / 2) }
  }

  /// Every slot in the index, in no particular order (for invariant checks).
  var slots: [Int32] {
    entries.compactMap { $0 == 0 ? nil : Int32(truncatingIfNeeded: $0 & 0xFFFF_FFFF) - 1 }
  }

  private mutating func place(_ entry: UInt64) {
    var bucket = Int(truncatingIfNeeded: entry >> 32) & mask
    while entries[bucket] != 0 { bucket = (bucket + 1) & mask }
    entries[bucket] = entry
  }

  /// Rehashes into `capacity` buckets (a power of two), using the stored hash bits.
  private mutating func resize(to capacity: Int) {
    let old = entries
    entries = PagedArray(repeating: 0, count: capacity)
    mask = capacity - 1
    for entry in old where entry != 0 { place(entry) }
  }
}
