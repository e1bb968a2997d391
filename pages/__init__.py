"""The site's pages (one file per page) and their private helpers (files starting with ``_``)."""
