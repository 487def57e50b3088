"""The plate-appearance game: state, transitions and substitutions shared by
the PA-level rule systems (Strat-O-Matic, Pine Tar, Inside Pitch)."""
