"""The calculator's form asks each circumstance a region reads, as its declaration
(rules.circumstances) says: its words, its kind, its range."""

import pytest
from django import forms
from django.utils.translation import gettext, override

from calculator.forms import CLAIM_FIELDS, ScoreForm
from rules.circumstances import CIRCUMSTANCES
from rules.regions import REGIONS


@pytest.mark.parametrize("region", sorted(REGIONS))
def test_each_circumstance_the_region_reads_is_a_field(region):
    with override("zh-hans"):
        form = ScoreForm(data={"region": region})
        for c in CIRCUMSTANCES:
            read = c.key in REGIONS[region].context_keys
            if c.kind == "claims":
                assert (CLAIM_FIELDS[0] in form.fields) == read
                continue
            assert (c.key in form.fields) == read, c.key
            if read:
                field = form.fields[c.key]
                assert str(field.label) == gettext(c.label) != c.label
                if c.kind == "count":
                    assert isinstance(field, forms.IntegerField) and field.max_value == c.limit
