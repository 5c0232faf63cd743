-- +goose Up
-- The current-state document of plants (internal/dokumente/anlage), written in each command's
-- transaction. Visibility comes from the operation through betrieb_id (joined at query time,
-- docs/decisions.md "Plants (issue 15)").
CREATE SEQUENCE anlage_id_seq;
CREATE TABLE anlage (
    id             bigint  PRIMARY KEY,
    betrieb_id     bigint  NOT NULL,
    parent_id      bigint,
    anlagentyp     text    NOT NULL,
    bezeichnung    text    NOT NULL,
    anlagenart     text    NOT NULL,
    anlagenstatus  text    NOT NULL,
    aufnahme_id    bigint,
    letzter_beginn text    NOT NULL,
    daten          jsonb   NOT NULL,
    antrag         jsonb,
    version        integer NOT NULL
);
CREATE INDEX anlage_betrieb ON anlage (betrieb_id, bezeichnung);
CREATE INDEX anlage_parent ON anlage (parent_id) WHERE parent_id IS NOT NULL;
CREATE INDEX anlage_aufnahme ON anlage (aufnahme_id) WHERE aufnahme_id IS NOT NULL;
CREATE INDEX anlage_pflichtige ON anlage USING gin ((daten -> 'abwasserbeseitigungspflichtige') jsonb_path_ops);
CREATE INDEX anlage_antrag_offen ON anlage (id) WHERE antrag IS NOT NULL;

-- +goose Down
DROP TABLE anlage;
DROP SEQUENCE anlage_id_seq;
