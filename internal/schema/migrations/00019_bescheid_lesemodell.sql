-- +goose Up
-- The Bescheide's read side (issue 30). Its tables (arbeitsliste.bescheid, .anforderung,
-- .auflage) and their indexes are the worklist read model's (projections/arbeitsliste,
-- bescheide.go): the projection creates them and a rebuild fills them, as every worklist table.
-- What the read side needs outside the read model are the ids the scale seed draws for
-- Bescheide and Anforderungen; the Bescheid area's migration (00018) creates the same
-- sequences, so both say IF NOT EXISTS.
CREATE SEQUENCE IF NOT EXISTS bescheid_id_seq;
CREATE SEQUENCE IF NOT EXISTS anforderung_id_seq;

-- +goose Down
-- the sequences belong to the Bescheid area (00018 drops them)
SELECT 1;
