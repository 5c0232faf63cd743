-- +goose Up
-- The Ereignisprotokoll filters by Betriebs-Nr. (any case).
CREATE INDEX betrieb_betriebs_nr ON betrieb (lower(betriebs_id));

-- +goose Down
DROP INDEX IF EXISTS betrieb_betriebs_nr;
