-- +goose Up
-- Current state of the value-list entries, written inline with their events.
CREATE SEQUENCE werteliste_id_seq;
CREATE TABLE werteliste_eintrag (
    id      bigint  PRIMARY KEY,
    liste   text    NOT NULL,
    wert    text    NOT NULL,
    version integer NOT NULL
);
CREATE INDEX werteliste_eintrag_liste ON werteliste_eintrag (liste, wert);

-- +goose Down
DROP TABLE werteliste_eintrag;
DROP SEQUENCE werteliste_id_seq;
