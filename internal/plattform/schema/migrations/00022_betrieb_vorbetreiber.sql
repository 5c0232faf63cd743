-- +goose Up
-- Issue 42 (change of operator): the organisations that operated an operation before its
-- current operator. They keep read access to what they submitted there (zugriff.Sicht.Frueher,
-- read with the caller in one query through the GIN index). The operation's document writes it
-- from its state (betrieb.Betrieb.Vorbetreiber, folded from BetreiberGewechselt and
-- BetreiberUmgezogen); the rows of before are filled once from the log's operator changes.
ALTER TABLE betrieb ADD COLUMN vorbetreiber bigint[] NOT NULL DEFAULT '{}';
UPDATE betrieb b SET vorbetreiber = array_remove(x.ids, b.betreiber_id)
    FROM (SELECT substring(stream_id FROM 9)::bigint AS id, array_agg(DISTINCT (data->>'altId')::bigint ORDER BY (data->>'altId')::bigint) AS ids
          FROM events WHERE stream_type = 'betrieb' AND event_type = 'BetreiberGewechselt' GROUP BY 1) x
    WHERE b.id = x.id;
CREATE INDEX betrieb_vorbetreiber ON betrieb USING gin (vorbetreiber);

-- The organisation on whose side an object was drafted or submitted (zugriff.Spalten.Verfasser):
-- the organisation of the account that applied for a Bescheid or submitted a report. Functions,
-- so a worklist row names it by its own id column whatever the list's query calls the table.
CREATE FUNCTION konto_organisation(konto bigint) RETURNS bigint LANGUAGE sql STABLE
    AS 'SELECT organisation_id FROM public.anwender WHERE id = $1';
CREATE FUNCTION bescheid_verfasser(bescheid bigint) RETURNS bigint LANGUAGE sql STABLE
    AS 'SELECT a.organisation_id FROM public.bescheid d JOIN public.anwender a ON a.id = d.antragsteller WHERE d.id = $1';

-- +goose Down
DROP FUNCTION bescheid_verfasser(bigint);
DROP FUNCTION konto_organisation(bigint);
DROP INDEX betrieb_vorbetreiber;
ALTER TABLE betrieb DROP COLUMN vorbetreiber;
