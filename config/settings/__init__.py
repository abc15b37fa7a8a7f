"""The settings modules: ``base`` (shared), ``development``, ``production``, ``test`` and
``offline`` (see ``base``'s docstring for which runs when)."""
