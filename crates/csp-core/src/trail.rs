//! The undo trail: every domain change is recorded here, so backtracking to
//! any earlier level is one call.

/// A stack of undo entries split into levels.
///
/// `T` is what is needed to undo one change (for the domain store: a word
/// index and the word's old contents). [`Trail::new_checkpoint`] opens a
/// level; [`Trail::restore_to`] pops entries back to a level and hands each
/// one to a closure, newest first, which puts the old state back.
#[derive(Clone, Debug, Default)]
pub struct Trail<T> {
    entries: Vec<T>,
    levels: Vec<usize>,
}

impl<T> Trail<T> {
    /// An empty trail at level 0 with room for `capacity` entries.
    pub fn with_capacity(capacity: usize) -> Self {
        Trail {
            entries: Vec::with_capacity(capacity),
            levels: Vec::new(),
        }
    }

    /// Reserves room for `levels` levels so that opening them does not allocate.
    pub fn reserve_levels(&mut self, levels: usize) {
        self.levels.reserve(levels);
    }

    /// Records one undo entry at the current level.
    #[inline]
    pub fn push(&mut self, entry: T) {
        self.entries.push(entry);
    }

    /// Opens a new level and returns its number (1 for the first).
    #[inline]
    pub fn new_checkpoint(&mut self) -> usize {
        self.levels.push(self.entries.len());
        self.levels.len()
    }

    /// The current level (0 before any checkpoint).
    #[inline]
    pub fn level(&self) -> usize {
        self.levels.len()
    }

    /// Number of entries recorded across all levels.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether no entry is recorded.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Undoes every entry recorded after `level` was the current level,
    /// newest first, and makes `level` current.
    ///
    /// Restoring to a level at or above the current one does nothing.
    #[inline]
    pub fn restore_to(&mut self, level: usize, mut undo: impl FnMut(T)) {
        if level >= self.levels.len() {
            return;
        }
        let start = self.levels[level];
        self.levels.truncate(level);
        while self.entries.len() > start {
            if let Some(entry) = self.entries.pop() {
                undo(entry);
            }
        }
    }

    /// Forgets everything and returns to level 0 without undoing.
    pub fn clear(&mut self) {
        self.entries.clear();
        self.levels.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn restore_undoes_newest_first_down_to_the_level() {
        let mut state = vec![0; 3];
        let mut trail = Trail::with_capacity(8);
        let set = |state: &mut Vec<i32>, trail: &mut Trail<(usize, i32)>, i: usize, v: i32| {
            trail.push((i, state[i]));
            state[i] = v;
        };
        set(&mut state, &mut trail, 0, 1);
        assert_eq!(trail.new_checkpoint(), 1);
        set(&mut state, &mut trail, 1, 2);
        set(&mut state, &mut trail, 1, 3);
        assert_eq!(trail.new_checkpoint(), 2);
        set(&mut state, &mut trail, 2, 4);
        trail.restore_to(1, |(i, old)| state[i] = old);
        assert_eq!(state, vec![1, 3, 0]);
        assert_eq!(trail.level(), 1);
        trail.restore_to(0, |(i, old)| state[i] = old);
        assert_eq!(state, vec![1, 0, 0]);
        assert_eq!(trail.level(), 0);
        trail.restore_to(0, |_| panic!("nothing left to undo at level 0"));
    }
}
