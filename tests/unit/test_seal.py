"""A seal is written and read back as POSITION:FINGERPRINT; anything else is refused."""

from __future__ import annotations

import pytest

from league.application.verify import Seal


def test_a_seal_reads_back_as_it_was_printed() -> None:
    seal = Seal(14135, "3f" * 32)
    assert str(seal) == "14135:" + "3f" * 32
    assert Seal.parse(f"  {seal}\n") == seal
    assert Seal.parse(str(seal).upper()) == seal  # copied from somewhere that shouts


@pytest.mark.parametrize("text", ["", "14135", "14135:", ":" + "a" * 64, "x:" + "a" * 64,
                                  "12:" + "a" * 63, "12:" + "g" * 64])
def test_a_malformed_seal_is_refused(text: str) -> None:
    with pytest.raises(ValueError, match="expected POSITION:FINGERPRINT"):
        Seal.parse(text)
