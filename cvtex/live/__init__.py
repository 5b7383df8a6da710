"""Live: rebuild on save (watch) and the browser preview."""
