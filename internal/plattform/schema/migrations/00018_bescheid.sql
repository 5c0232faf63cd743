-- +goose Up
-- The current-state document of Bescheide (internal/dokumente/bescheid), written in each command's
-- transaction; it holds the whole state (the command handler starts from it). Visibility
-- comes from the operation through betrieb_id (joined at query time, as plants and measuring
-- points do). A deleted Bescheid keeps its row (geloescht) so that its stream's state stays
-- whole; every read skips it. bescheid_anforderung finds the Bescheid of an anforderungId
-- (PUT/DELETE /anforderung), written by the same writer.
CREATE SEQUENCE bescheid_id_seq;
CREATE SEQUENCE anforderung_id_seq;
CREATE TABLE bescheid (
    id                 bigint   PRIMARY KEY,
    betrieb_id         bigint   NOT NULL,
    bescheidsstatus    text     NOT NULL,
    bescheid_qualitaet text     NOT NULL,
    bescheidart        text     NOT NULL,
    bescheidsdatum     text     NOT NULL,
    vorbescheid        bigint   NOT NULL,
    messstellen        bigint[] NOT NULL,
    antragsteller      bigint   NOT NULL,
    bearbeiter         bigint   NOT NULL,
    freigabe_am        text     NOT NULL,
    freigabe_von       bigint   NOT NULL,
    geloescht          boolean  NOT NULL,
    daten              jsonb    NOT NULL,
    anforderungen      jsonb    NOT NULL,
    version            integer  NOT NULL
);
CREATE INDEX bescheid_betrieb ON bescheid (betrieb_id, id) WHERE NOT geloescht;
CREATE INDEX bescheid_vorbescheid ON bescheid (vorbescheid) WHERE vorbescheid <> 0 AND NOT geloescht;
CREATE INDEX bescheid_beantragt ON bescheid (id) WHERE bescheidsstatus = 'BEANTRAGT' AND NOT geloescht;

CREATE TABLE bescheid_anforderung (
    anforderung_id bigint PRIMARY KEY,
    bescheid_id    bigint NOT NULL,
    messstelle_id  bigint NOT NULL
);
CREATE INDEX bescheid_anforderung_bescheid ON bescheid_anforderung (bescheid_id);

-- +goose Down
DROP TABLE bescheid_anforderung;
DROP TABLE bescheid;
DROP SEQUENCE anforderung_id_seq;
DROP SEQUENCE bescheid_id_seq;
