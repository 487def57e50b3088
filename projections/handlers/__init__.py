"""Event handlers, one module per view."""
