"""The three regions' rules, one module each."""

from . import hangzhou, honghe, jinhua

REGIONS = {r.key: r for r in (honghe.REGION, hangzhou.REGION, jinhua.REGION)}
