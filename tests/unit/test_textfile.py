"""Files a user gives are read as text or refused with a message naming them."""

from __future__ import annotations

from pathlib import Path

import pytest

from league.domain.errors import InputError
from league.adapters.folders import OutputError, prepare_folder
from league.adapters.textfile import MAX_BYTES, read_text


def _refusal(path: Path) -> str:
    with pytest.raises(InputError) as e:
        read_text(path, "roster sheet")
    assert str(path) in str(e.value)
    return str(e.value)


def test_utf8_text_is_read_and_a_byte_order_mark_dropped(tmp_path: Path) -> None:
    p = tmp_path / "TEX.tsv"
    p.write_bytes("\ufeffTEAM\tTEX\tTexas Rangers — 1988\n".encode())
    assert read_text(p, "roster sheet") == "TEAM\tTEX\tTexas Rangers — 1988\n"


def test_a_binary_file_is_named_as_binary(tmp_path: Path) -> None:
    p = tmp_path / "photo.tsv"
    p.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    assert "is a binary file, not a roster sheet" in _refusal(p)


def test_latin1_text_is_refused_with_the_line_of_the_first_bad_byte(tmp_path: Path) -> None:
    p = tmp_path / "CAL.tsv"
    p.write_bytes(b"TEAM\tCAL\n# Jos\xe9 Cecena\n")
    message = _refusal(p)
    assert "line 2" in message and "not UTF-8" in message and "0xe9" in message


@pytest.mark.parametrize("content", [b"", b"  \n\n\t\n"])
def test_an_empty_file_is_called_empty(tmp_path: Path, content: bytes) -> None:
    p = tmp_path / "empty.tsv"
    p.write_bytes(content)
    assert "is empty" in _refusal(p)


def test_an_enormous_file_is_refused_before_it_is_read(tmp_path: Path) -> None:
    p = tmp_path / "huge.tsv"
    with p.open("wb") as f:
        f.truncate(MAX_BYTES + 1)  # sparse: no time spent writing it
    assert "far larger than any roster sheet" in _refusal(p)


def test_a_folder_or_a_missing_file_is_refused(tmp_path: Path) -> None:
    assert "is a folder" in _refusal(tmp_path)
    assert "cannot read" in _refusal(tmp_path / "missing.tsv")


def test_an_output_folder_is_made_or_refused(tmp_path: Path) -> None:
    assert prepare_folder(tmp_path / "a" / "b", "sheets").is_dir()
    (tmp_path / "file").write_text("x")
    with pytest.raises(OutputError, match="is a file"):
        prepare_folder(tmp_path / "file", "sheets")
    with pytest.raises(OutputError, match="cannot make the folder"):
        prepare_folder(tmp_path / "file" / "sub", "sheets")
