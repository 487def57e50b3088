"""The club views' event reader decodes an event's JSON exactly as ``json.loads`` does (issue #16)."""

from __future__ import annotations

import json
import math

import pytest

from league.rules.strat.cardgen import format_cards, team_cards
from projections.club_views import json_loads

DOCUMENTS = [
    '{}',
    '{"timestamp":{"_type_":"datetime_iso","_data_":"2026-11-27T13:01:27.417549+00:00"},"sheet":{"code":"SAA"}}',
    '{"a":[1,-2,2.5,1e3,-0.0,null,true,false,{"b":[]}],"c":"\\u00e9\\n\\t\\"\\\\ \\ud83d\\ude00 \u2022"}',
    '{"big":123456789012345678901234567890,"small":1e-320,"k":{"nested":{"deep":[[[[]]]]}}}',
    '{"same":1,"same":2}',
    '{"text": "spaces around" , "list" : [ 1 , 2 ] }',
]


@pytest.mark.parametrize("doc", DOCUMENTS)
def test_it_reads_a_document_as_json_loads_does(doc: str) -> None:
    data = doc.encode()
    assert json_loads(data) == json.loads(data)
    assert json.dumps(json_loads(data)) == json.dumps(json.loads(data))


def test_it_reads_a_registered_card_sheet_as_json_loads_does() -> None:
    sheet = {"code": "GEN", "name": "Generated", "cards": format_cards(team_cards("GEN"), "Generated (GEN)"),
             "source": "gén.txt"}
    for data in (json.dumps({"sheet": sheet}).encode(), json.dumps({"sheet": sheet}, ensure_ascii=False).encode()):
        assert json_loads(data) == json.loads(data)


def test_json_in_another_unicode_encoding_is_read_as_json_loads_reads_it() -> None:
    for encoding in ("utf-16-le", "utf-32-le"):
        data = '{"sheet":{"code":"GEN","name":"G\u00e9n"}}'.encode(encoding)
        assert json_loads(data) == json.loads(data) == {"sheet": {"code": "GEN", "name": "G\u00e9n"}}


def test_constants_read_as_json_loads_reads_them() -> None:
    data = b'{"n":NaN,"i":Infinity,"m":-Infinity}'
    got, want = json_loads(data), json.loads(data)
    assert math.isnan(got["n"]) and math.isnan(want["n"])
    assert (got["i"], got["m"]) == (want["i"], want["m"])


@pytest.mark.parametrize("bad", [b'{"a":1} x', b'{"a":', b'{"a":1,}', b'["not", "an", "object"] x', b'', b' {}x',
                                 b'{"a":"\\x"}'])
def test_what_json_loads_refuses_it_refuses_the_same_way(bad: bytes) -> None:
    with pytest.raises(json.JSONDecodeError) as expected:
        json.loads(bad)
    with pytest.raises(json.JSONDecodeError) as got:
        json_loads(bad)
    assert str(got.value) == str(expected.value)


def test_text_is_read_as_json_loads_reads_it() -> None:
    # the journal's details come from the view as text (projections.queries.journal)
    for text in ('{"games": 3, "note": "caf\u00e9 \\u00e9", "x": [1.5, null, true]}', '  {"a": 1}', "[1, 2]", '"s"', "{}"):
        assert json_loads(text) == json.loads(text)
