"""``lazy``: a property computed once per frozen value.

Like ``functools.cached_property`` without its per-access lock (Python 3.11), which
costs more than most of the facts it would cache here.
"""


class lazy:  # noqa: N801 - used as a decorator, like property
    def __init__(self, compute):
        self.compute = compute
        self.name = compute.__name__
        self.__doc__ = compute.__doc__

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        value = self.compute(obj)
        obj.__dict__[self.name] = value  # later reads find it before this descriptor
        return value
