-- +goose Up
-- The events' unique key (stream_id, version) is the optimistic lock of an append; a stream's
-- version is its last event's. The separate guard row per stream cost an UPDATE per append
-- (issue 13: Append ÷ raw INSERT).
DROP TABLE streams;

-- +goose Down
CREATE TABLE streams (
    stream_id   text    PRIMARY KEY,
    stream_type text    NOT NULL,
    version     integer NOT NULL
);
INSERT INTO streams (stream_id, stream_type, version)
SELECT stream_id, min(stream_type), max(version) FROM events GROUP BY stream_id;
