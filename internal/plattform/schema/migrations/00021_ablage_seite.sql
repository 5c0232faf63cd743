-- +goose Up
-- Issue 42: a reminder belongs to its author's side (the authority, or his operator
-- organisation) and the other side sees it only when it is shared; file and reminder lists show
-- who uploaded or wrote through the Historie's masking (verlauf.Name), which needs the account,
-- its organisation and its side beside the name. New events carry them; for the rows written
-- before, they are copied once from the creating event's metadata (the account and the roles it
-- acted with, as the Historie reads them), and a reminder is shared by its side's default
-- (wiedervorlage.GeteiltVorgabe: the authority's internal, an organisation's shared).
ALTER TABLE datei
    ADD COLUMN hochgeladen_von_id bigint NOT NULL DEFAULT 0,
    ADD COLUMN seite              text   NOT NULL DEFAULT 'ORGANISATION',
    ADD COLUMN organisation_id    bigint NOT NULL DEFAULT 0;
ALTER TABLE wiedervorlage
    ADD COLUMN seite           text    NOT NULL DEFAULT 'ORGANISATION',
    ADD COLUMN organisation_id bigint  NOT NULL DEFAULT 0,
    ADD COLUMN geteilt         boolean NOT NULL DEFAULT true;

CREATE FUNCTION pg_temp.seite(m json) RETURNS text LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE WHEN EXISTS (SELECT 1 FROM json_array_elements_text(CASE WHEN json_typeof(m->'roles') = 'array' THEN m->'roles' ELSE '[]' END) r
        WHERE r IN ('ZUST_SBD', 'ZUST_SBB', 'ZUST_SBS', 'ZUST_SBA', 'LESER_BEHOERDE', 'FACHADMIN', 'SYSTEMADMIN'))
        THEN 'BEHOERDE' ELSE 'ORGANISATION' END
$$;
CREATE FUNCTION pg_temp.kennung(t text) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE WHEN t ~ '^[0-9]{1,18}$' THEN t::bigint ELSE 0 END
$$;

UPDATE datei d SET hochgeladen_von_id = pg_temp.kennung(e.metadata->>'actorId'), seite = pg_temp.seite(e.metadata),
        organisation_id = CASE WHEN pg_temp.seite(e.metadata) = 'ORGANISATION' THEN pg_temp.kennung(e.metadata->>'organisation') ELSE 0 END
    FROM events e WHERE e.stream_id = 'datei-' || d.id AND e.version = 1;
UPDATE wiedervorlage w SET seite = pg_temp.seite(e.metadata),
        organisation_id = CASE WHEN pg_temp.seite(e.metadata) = 'ORGANISATION' THEN pg_temp.kennung(e.metadata->>'organisation') ELSE 0 END,
        geteilt = pg_temp.seite(e.metadata) = 'ORGANISATION'
    FROM events e WHERE e.stream_id = 'wiedervorlage-' || w.id AND e.version = 1;

ALTER TABLE datei ALTER COLUMN hochgeladen_von_id DROP DEFAULT, ALTER COLUMN seite DROP DEFAULT, ALTER COLUMN organisation_id DROP DEFAULT;
ALTER TABLE wiedervorlage ALTER COLUMN seite DROP DEFAULT, ALTER COLUMN organisation_id DROP DEFAULT, ALTER COLUMN geteilt DROP DEFAULT;

-- +goose Down
ALTER TABLE wiedervorlage DROP COLUMN geteilt, DROP COLUMN organisation_id, DROP COLUMN seite;
ALTER TABLE datei DROP COLUMN organisation_id, DROP COLUMN seite, DROP COLUMN hochgeladen_von_id;
