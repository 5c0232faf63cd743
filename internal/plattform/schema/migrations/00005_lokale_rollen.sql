-- +goose Up
-- Current state of local roles, written inline with their events, and the roles of accounts.
CREATE SEQUENCE lokale_rolle_id_seq;
CREATE TABLE lokale_rolle (
    id                   bigint      PRIMARY KEY,
    bezeichnung          text        NOT NULL,
    globale_rolle        text        NOT NULL,
    systemrolle          boolean     NOT NULL DEFAULT false,
    alle_regionalstellen boolean     NOT NULL DEFAULT false,
    betriebe             bigint[]    NOT NULL DEFAULT '{}',
    organisationen       bigint[]    NOT NULL DEFAULT '{}',
    regionalstelle_ids   bigint[]    NOT NULL DEFAULT '{}',
    geaendert_am         timestamptz NOT NULL,
    version              integer     NOT NULL
);
ALTER TABLE anwender ADD COLUMN lokale_rollen bigint[] NOT NULL DEFAULT '{}';
CREATE INDEX anwender_lokale_rollen ON anwender USING gin (lokale_rollen);

-- +goose Down
DROP INDEX anwender_lokale_rollen;
ALTER TABLE anwender DROP COLUMN lokale_rollen;
DROP TABLE lokale_rolle;
DROP SEQUENCE lokale_rolle_id_seq;
