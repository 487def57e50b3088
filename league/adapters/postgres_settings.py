"""How long PostgreSQL is waited on, and the environment a PostgreSQL store is opened with.

Apart from :mod:`league.adapters.postgres_store` so that naming a store, the
store checks and the direct reads (:mod:`projections.rows`) use them without
importing the event-sourcing library.
"""

CONNECT_TIMEOUT = 5  # seconds to get a connection: an unreachable server is reported, not waited on
LOCK_TIMEOUT = 10  # seconds a save waits for another writer's lock on the event table

# The environment a PostgreSQL store is opened with, besides where it is.
SETTINGS = {
    "POSTGRES_CONNECT_TIMEOUT": str(CONNECT_TIMEOUT),
    "POSTGRES_LOCK_TIMEOUT": str(LOCK_TIMEOUT),
}
