-- +goose Up
-- The event store: one row per event, the single source of truth.
CREATE TABLE events (
    global_position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    stream_id       text        NOT NULL,
    stream_type     text        NOT NULL,
    version         integer     NOT NULL,
    event_type      text        NOT NULL,
    schema_version  integer     NOT NULL DEFAULT 1,
    data            jsonb       NOT NULL,
    metadata        jsonb       NOT NULL DEFAULT '{}',
    recorded_at     timestamptz NOT NULL DEFAULT now(),
    tx_id           xid8        NOT NULL DEFAULT pg_current_xact_id(),
    UNIQUE (stream_id, version)
);
-- Commit-safe global reads follow (tx_id, global_position).
CREATE INDEX events_tx_position ON events (tx_id, global_position);

-- One row per stream; its version is the optimistic-concurrency guard.
CREATE TABLE streams (
    stream_id   text    PRIMARY KEY,
    stream_type text    NOT NULL,
    version     integer NOT NULL
);

-- Where each reader of the global log (relay, projectors) has got to.
CREATE TABLE checkpoints (
    name        text        PRIMARY KEY,
    tx_id       bigint      NOT NULL DEFAULT 0,
    position    bigint      NOT NULL DEFAULT 0,
    schema_hash text        NOT NULL DEFAULT '',
    updated_at  timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE checkpoints;
DROP TABLE streams;
DROP TABLE events;
