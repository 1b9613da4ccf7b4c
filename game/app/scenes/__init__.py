"""The app's screens: title, set-up, table, hand-off, results, dialogs, saves."""
