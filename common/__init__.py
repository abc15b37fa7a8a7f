"""What the project's Django apps share: small web helpers (``common.web``)."""
