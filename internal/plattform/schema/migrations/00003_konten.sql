-- +goose Up
-- Current state of organisations and user accounts, written inline with their events.
CREATE SEQUENCE organisation_id_seq;
CREATE TABLE organisation (
    id                          bigint  PRIMARY KEY,
    bezeichnung                 text    NOT NULL,
    strasse                     text    NOT NULL,
    hausnummer                  text    NOT NULL,
    plz                         text    NOT NULL,
    ort                         text    NOT NULL,
    status                      text    NOT NULL,
    abwasserbeseitigungspflicht boolean NOT NULL DEFAULT false,
    abgabenummer                text    NOT NULL DEFAULT '',
    organisations_id            text    NOT NULL DEFAULT '',
    version                     integer NOT NULL
);
CREATE INDEX organisation_status_bezeichnung ON organisation (status, bezeichnung);

CREATE SEQUENCE anwender_id_seq;
CREATE TABLE anwender (
    id                 bigint      PRIMARY KEY,
    benutzername       text        NOT NULL,
    passwort_hash      text        NOT NULL DEFAULT '',
    status             text        NOT NULL,
    anrede             text        NOT NULL DEFAULT '',
    titel              text        NOT NULL DEFAULT '',
    name               text        NOT NULL DEFAULT '',
    vorname            text        NOT NULL DEFAULT '',
    email              text        NOT NULL DEFAULT '',
    telefon            text        NOT NULL DEFAULT '',
    mobil              text        NOT NULL DEFAULT '',
    organisation_id    bigint      REFERENCES organisation (id),
    funktionale_rollen text[]      NOT NULL DEFAULT '{}',
    behoerde           text        NOT NULL DEFAULT '',
    datascout_id       text        NOT NULL DEFAULT '',
    angelegt_am        timestamptz NOT NULL,
    gueltig_bis        timestamptz NOT NULL,
    sitzung            integer     NOT NULL DEFAULT 0,
    version            integer     NOT NULL
);
-- User names are unique regardless of case; a racing second registration fails in its append.
CREATE UNIQUE INDEX anwender_benutzername ON anwender (lower(benutzername));

-- One-time link tokens (as SHA-256) to find the account a link belongs to.
CREATE TABLE anwender_token (
    hash        text        PRIMARY KEY,
    anwender_id bigint      NOT NULL REFERENCES anwender (id),
    art         text        NOT NULL,
    ablauf      timestamptz NOT NULL
);
CREATE INDEX anwender_token_anwender ON anwender_token (anwender_id);

-- +goose Down
DROP TABLE anwender_token;
DROP TABLE anwender;
DROP SEQUENCE anwender_id_seq;
DROP TABLE organisation;
DROP SEQUENCE organisation_id_seq;
