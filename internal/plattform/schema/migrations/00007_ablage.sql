-- +goose Up
-- Current state of files (Dateien) and reminders (Wiedervorlagen), written inline with their
-- events. Both hang on an object (fachobjekt, fachobjekt_id) whose lists they fill; a deleted
-- file or reminder has no row. The bytes of a file lie in the blob store under schluessel.
CREATE SEQUENCE datei_id_seq;
CREATE TABLE datei (
    id              bigint      PRIMARY KEY,
    fachobjekt      text        NOT NULL,
    fachobjekt_id   bigint      NOT NULL,
    bezeichnung     text        NOT NULL,
    dateiname       text        NOT NULL,
    dateityp        text        NOT NULL,
    groesse         bigint      NOT NULL,
    sha256          text        NOT NULL,
    schluessel      text        NOT NULL,
    hochgeladen_von text        NOT NULL,
    hochgeladen_am  timestamptz NOT NULL,
    version         integer     NOT NULL
);
CREATE INDEX datei_fachobjekt ON datei (fachobjekt, fachobjekt_id);

CREATE SEQUENCE wiedervorlage_id_seq;
CREATE TABLE wiedervorlage (
    id                  bigint      PRIMARY KEY,
    fachobjekt          text        NOT NULL,
    fachobjekt_id       bigint      NOT NULL,
    bezug_zu_fachobjekt text        NOT NULL,
    betreff             text        NOT NULL,
    datum               date,
    angelegt_von_id     bigint      NOT NULL,
    angelegt_von        text        NOT NULL,
    angelegt_am         timestamptz NOT NULL,
    version             integer     NOT NULL
);
CREATE INDEX wiedervorlage_fachobjekt ON wiedervorlage (fachobjekt, fachobjekt_id);
CREATE INDEX wiedervorlage_datum ON wiedervorlage (datum);
CREATE INDEX wiedervorlage_angelegt_von ON wiedervorlage (angelegt_von_id);

-- +goose Down
DROP TABLE wiedervorlage;
DROP SEQUENCE wiedervorlage_id_seq;
DROP TABLE datei;
DROP SEQUENCE datei_id_seq;
