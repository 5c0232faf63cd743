-- +goose Up
-- Current state of operations (Betriebe), written inline with their events: the columns the
-- rules and lists filter by, the data as the aggregate holds them, and the open application.
CREATE SEQUENCE betrieb_id_seq;
CREATE TABLE betrieb (
    id                 bigint   PRIMARY KEY,
    betriebs_id        text     NOT NULL,
    bezeichnung        text     NOT NULL,
    betriebstyp        text     NOT NULL,
    betriebsstatus     text     NOT NULL,
    freigabestatus     text     NOT NULL,
    freigabe_kommentar text     NOT NULL DEFAULT '',
    betreiber_id       bigint   NOT NULL,
    regionalstelle_id  bigint,
    strasse            text     NOT NULL DEFAULT '',
    plz                text     NOT NULL DEFAULT '',
    ort                text     NOT NULL DEFAULT '',
    letzter_beginn     text     NOT NULL DEFAULT '',
    daten              jsonb    NOT NULL,
    antrag             jsonb,
    version            integer  NOT NULL
);
CREATE INDEX betrieb_betreiber ON betrieb (betreiber_id);
CREATE INDEX betrieb_regionalstelle ON betrieb (regionalstelle_id);
CREATE INDEX betrieb_adresse ON betrieb (lower(plz), lower(strasse));
CREATE INDEX betrieb_bezeichnung ON betrieb (lower(bezeichnung), id);

-- +goose Down
DROP TABLE betrieb;
DROP SEQUENCE betrieb_id_seq;
