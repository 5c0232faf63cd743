-- +goose Up
-- Trigram indexes for the text search of the worklists (contrib module of PostgreSQL).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- +goose Down
DROP EXTENSION IF EXISTS pg_trgm;
