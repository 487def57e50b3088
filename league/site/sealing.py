"""The log's seal for the home page: extended from the last build's, or taken whole in a forked process.

The seal (``league verify --seal``) is SHA-256 over every stored event in
log order, so on a season of a quarter of a million events it is the
longest single read of a build.  Two ways to make it cheap:

* **Extended**: a build keeps, beside the site (in its manifest), the running
  SHA-256 state at its log position.  The next build restores that state and
  hashes only the events stored since, which gives exactly the seal
  ``league verify --seal`` gives for the whole log -- as long as the log up to
  the last build's position is the one that build sealed.  The state is
  checked before use (finished, it must give the recorded fingerprint); a
  state that is missing, from another machine or not usable here means the
  whole seal is taken again.  ``league site build --full`` always takes it
  whole.
* **Whole, meanwhile**: the read-model queries do not depend on it, so a
  whole seal is taken in a forked process while they run.  Where a second
  process is not to be had (one core, no fork, macOS, or
  ``LEAGUE_SITE_WORKERS=1``) or not worth having (a short log), it is taken
  here, in turn.

Python's ``hashlib`` cannot hand out its running state, so the running
state is OpenSSL's own ``SHA256_CTX`` (the library ``hashlib`` itself is
built on), through ``ctypes``; where it cannot be loaded, every build takes
the whole seal as before.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import hashlib
import multiprocessing
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Sequence

from league.adapters.forked import own_app, workers_for
from league.application.verify import Seal, notifications, seal_record

if TYPE_CHECKING:
    from league.rules.ruleset import LeagueApplication

# Below this many events the seal takes less than starting a process.
SEAL_APART_FROM = 5000
# Room for OpenSSL's SHA256_CTX (112 bytes where SHA_LONG is 32 bits), with margin: saved whole.
_CTX_BYTES = 256


@dataclass(frozen=True)
class SealState:
    """The seal at a log position and the SHA-256 state to extend it from (hex; "" when there is none)."""

    position: int
    fingerprint: str
    state: str = ""

    @property
    def seal(self) -> str:
        return str(Seal(self.position, self.fingerprint))

    def as_json(self) -> dict[str, Any]:
        return {"position": self.position, "fingerprint": self.fingerprint, "state": self.state}

    @classmethod
    def from_json(cls, data: Any) -> "SealState | None":
        """The state a manifest recorded, or None when it recorded none (or not in this shape)."""
        try:
            state = cls(int(data["position"]), str(data["fingerprint"]), str(data.get("state", "")))
        except (TypeError, KeyError, ValueError):
            return None
        return state if state.state else None


def seal_later(app: "LeagueApplication", position: int, workers_env: str, since: SealState | None = None,
               stored: Sequence[Any] | None = None) -> Callable[[], SealState]:
    """Start taking the seal of the log up to ``position``; call the result to wait for it.

    With ``since`` (the last build's seal state, at or before ``position``) only the events after it are
    hashed, when the state can be resumed here; otherwise the whole log is.  ``stored``: the events after
    ``since`` as the caller read them already (in order, from ``since.position + 1``), not read again.
    """
    if since is not None and since.position <= position:
        extended = extend_seal(app, since, position, stored)
        if extended is not None:
            return lambda: extended
    if workers_for(position, SEAL_APART_FROM, workers_env) < 2:
        value = whole_seal(app, position)
        return lambda: value
    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)

    def take() -> None:
        # The child reads with its own connection, never the parent's.
        try:
            sender.send(("ok", whole_seal(own_app(app), position)))
        except BaseException as e:  # noqa: BLE001 - the parent re-raises it
            sender.send(("error", f"{type(e).__name__}: {e}"))
        finally:
            sender.close()

    child = context.Process(target=take, name="site-seal", daemon=True)
    child.start()
    sender.close()

    def result() -> SealState:
        try:
            status, value = receiver.recv()
        except EOFError:
            status, value = "error", "the process taking the seal ended without an answer"
        finally:
            child.join()
            receiver.close()
        if status != "ok":
            raise RuntimeError(f"taking the log's seal failed: {value}")
        assert isinstance(value, SealState)
        return value

    return result


def whole_seal(app: "LeagueApplication", position: int) -> SealState:
    """``league verify --seal`` at ``position``, with the state to extend it from later (where there is one)."""
    digest = RunningSha256.new()
    return _hash(app, digest if digest is not None else hashlib.sha256(), 1, 0, position)


def extend_seal(app: "LeagueApplication", since: SealState, position: int, stored: Sequence[Any] | None = None) -> SealState | None:
    """The seal at ``position`` from the state at ``since``; None when that state cannot be resumed here.
    ``stored``: the events from ``since.position + 1`` on, when the caller has them (else they are read)."""
    digest = RunningSha256.resume(since.state)
    if digest is None or digest.hexdigest() != since.fingerprint:
        return None
    if stored is not None and stored and stored[0].id != since.position + 1:
        stored = None  # not the events that follow the state (a log with a gap): read them
    return _hash(app, digest, since.position + 1, since.position, position, stored)


def _hash(app: "LeagueApplication", digest: Any, start: int, last: int, upto: int, stored: Sequence[Any] | None = None) -> SealState:
    """Feed ``digest`` the seal records of the events from ``start`` through ``upto`` (``stored``, when given:
    those events, read already)."""
    batch = bytearray()
    for n in (stored if stored is not None else notifications(app, start)):
        if n.id > upto:
            break
        batch += seal_record(n)
        last = n.id
        if len(batch) > 1 << 20:
            digest.update(bytes(batch))
            batch.clear()
    digest.update(bytes(batch))
    state = digest.state() if isinstance(digest, RunningSha256) else ""
    return SealState(last, digest.hexdigest(), state)


class RunningSha256:
    """SHA-256 whose running state can be saved (as hex) and resumed: OpenSSL's ``SHA256_CTX`` via ctypes."""

    _lib: Any = None
    _checked = False

    def __init__(self, lib: Any, ctx: Any) -> None:
        self.lib, self.ctx = lib, ctx

    @classmethod
    def new(cls) -> "RunningSha256 | None":
        lib = cls._library()
        if lib is None:
            return None
        ctx = ctypes.create_string_buffer(_CTX_BYTES)
        lib.SHA256_Init(ctx)
        return cls(lib, ctx)

    @classmethod
    def resume(cls, state: str) -> "RunningSha256 | None":
        lib = cls._library()
        try:
            raw = bytes.fromhex(state)
        except ValueError:
            return None
        if lib is None or len(raw) != _CTX_BYTES:
            return None
        return cls(lib, ctypes.create_string_buffer(raw, _CTX_BYTES))

    def update(self, data: bytes) -> None:
        self.lib.SHA256_Update(self.ctx, data, len(data))

    def state(self) -> str:
        return self.ctx.raw.hex()

    def hexdigest(self) -> str:
        """The digest so far (taken from a copy: the running state goes on unchanged)."""
        out = ctypes.create_string_buffer(32)
        self.lib.SHA256_Final(out, ctypes.create_string_buffer(self.ctx.raw, _CTX_BYTES))
        return out.raw.hex()

    @classmethod
    def _library(cls) -> Any:
        """OpenSSL's libcrypto, once it has shown it resumes a saved state correctly; None where it cannot."""
        if not cls._checked:
            cls._checked = True
            cls._lib = _load_libcrypto()
        return cls._lib


def _load_libcrypto() -> Any:
    for name in (ctypes.util.find_library("crypto"), "libcrypto.so.3", "libcrypto.so"):
        if not name:
            continue
        try:
            lib = ctypes.CDLL(name)
            lib.SHA256_Init.argtypes = [ctypes.c_void_p]
            lib.SHA256_Update.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t]
            lib.SHA256_Final.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
        except (OSError, AttributeError):
            continue
        if _resumes(lib):
            return lib
    return None


def _resumes(lib: Any) -> bool:
    """A state saved mid-stream and resumed in a fresh buffer gives hashlib's digest."""
    data = bytes(range(256)) * 3
    ctx = ctypes.create_string_buffer(_CTX_BYTES)
    lib.SHA256_Init(ctx)
    lib.SHA256_Update(ctx, data[:100], 100)
    again = RunningSha256(lib, ctypes.create_string_buffer(ctx.raw, _CTX_BYTES))
    again.update(data[100:])
    return again.hexdigest() == hashlib.sha256(data).hexdigest()
