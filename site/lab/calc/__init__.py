"""The potential calculator: :mod:`.controller` (state and what to show), :mod:`.render` (its HTML),
:mod:`.words` (shared texts), :mod:`.jobs` (the exact solves and the explorer, as sliced jobs)."""
