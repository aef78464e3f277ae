"""One package per game; each declares a ``GAME`` (:class:`railprint.registry.Game`) and is
found through the ``railprint.games`` entry-point group (see :mod:`railprint.registry`)."""
